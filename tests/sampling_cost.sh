#!/bin/sh
# Sampling costs time in proportion to the samples: --min-time 1s on one
# point takes about 2 s of CPU (the point's samples and the empty call's
# beside them), not minutes. The run has a CPU-time limit of 5 s: the
# statistics recomputed after every round of 8 samples took 6.8 s here.
. "${top_srcdir:-.}/tests/lib.sh"
skip_if_quick_check "a second of sampling under a CPU-time limit"

(ulimit -t 5 && exec "$CSUMBENCH" run -k memcpy.libc -s 64 --min-time 1s -q \
    -o "$TMPD/m.csv") >"$TMPD/out" 2>"$TMPD/err"
st=$?
[ $st -eq 0 ] || { echo "# exit $st"; diag <"$TMPD/err"; }
ok $st "run --min-time 1s: done within 5 s of CPU (ulimit -t)"
n=$(cell "$TMPD/m.csv" 1 samples)
[ "${n:-0}" -ge 5000 ]
ok $? "... with the samples of a second ($n)"
done_testing
