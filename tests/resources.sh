#!/bin/sh
# When memory cannot be had (an address-space limit): one line naming what
# could not be mapped, exit 2, no kernel blamed, nothing left behind.
. "${top_srcdir:-.}/tests/lib.sh"

# The smallest limit (KiB, doubling) under which csumbench starts, plus
# room for small allocations: the buffers asked for below are far larger.
limit=1024
while [ $limit -le 1048576 ] &&
    ! (ulimit -v $limit && "$CSUMBENCH" list >/dev/null 2>&1; exit $?) \
    2>/dev/null; do
	limit=$((limit * 2))
done
if [ $limit -gt 1048576 ]; then
	# e.g. a sanitizer build, which reserves terabytes of address space
	skip "csumbench does not start under any ulimit -v tried"
	done_testing
	exit 0
fi
limit=$((limit + 4096))

# A sweep whose buffers (2 x 256 MiB) cannot be mapped.
mkdir "$TMPD/o"
(ulimit -v $limit && exec "$CSUMBENCH" run -q -k csum.ref -s 256M -r 3 \
    --target-ci 0 -o "$TMPD/o/r.csv") >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 2 ]; ok $? "run: buffers cannot be mapped: exit 2 (got $r)"
stderr_one_line '^csumbench: cannot map [0-9]+ bytes' "run: one line saying what could not be mapped"
[ -z "$(ls -A "$TMPD/o")" ]; ok $? "run: no output and no temporary file left"

# Verification whose guarded buffers (4 x 4 MiB with --exhaustive) cannot be mapped:
# the kernel is not judged, so it is not reported as failed.
(ulimit -v $limit && exec "$CSUMBENCH" verify --exhaustive -j 1 -k memcpy.libc) \
    >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 2 ]; ok $? "verify: buffers cannot be mapped: exit 2 (got $r)"
stderr_one_line '^csumbench: verifying memcpy\.libc: cannot map' "verify: one line naming the kernel and the mapping"
! grep -q FAILED "$TMPD/out"; ok $? "verify: the kernel is not called FAILED"

done_testing
