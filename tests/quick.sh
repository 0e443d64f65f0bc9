#!/bin/sh
# Options of how to measure or where to write leave the quick sweep alone;
# only options that ask for a grid (kernels, sizes, offsets...) change it.
. "${top_srcdir:-.}/tests/lib.sh"

unset CSUMBENCH_WARN
F="-r 3 --target-ci 0 -W no-all"
sizes() { sed -n 's/^sizes=//p' "$1.meta"; }

for opt in "--cpu 0" "--timer tsc" "-W no-vm" "--format csv" "--warmup 1" \
    "--sample-time 10" "--seed 7"; do
	"$CSUMBENCH" run -q $opt $F -o "$TMPD/q.csv" 2>"$TMPD/err"
	[ "$(sizes "$TMPD/q.csv")" = quick ]; ok $? "$opt keeps the quick sweep"
done
"$CSUMBENCH" run -q -f csum $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = default ]; ok $? "-f csum asks for a grid: the default sizes"
"$CSUMBENCH" run -q -a 1 -k csum.ref $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = default ]; ok $? "-a 1 -k csum.ref asks for a grid: the default sizes"
"$CSUMBENCH" run -q -s 64 --cpu 0 $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = 64 ]; ok $? "-s 64 with --cpu 0: the sizes asked for"
"$CSUMBENCH" run -q --cpu 0 -k csum.ref --quick $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = quick ]; ok $? "--quick with -k: the quick sizes"

done_testing
