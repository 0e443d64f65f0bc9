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
# The quick sweep's summary is a grid (a column per size, the fastest of
# each family over its cost) that fits a terminal of 80 x 24.
"$CSUMBENCH" show "$TMPD/q.csv" >"$TMPD/sum" 2>"$TMPD/err"
grep -Eq '^family +16 B +64 B +256 B +1 KiB +4 KiB +16 KiB$' "$TMPD/sum" &&
    grep -Eq '^csum +[a-z0-9]+ +[a-z0-9]+ ' "$TMPD/sum"
ok $? "the quick sweep's summary: a column per size, a row per family"
awk 'length($0) > 79 { print "# " length($0) ": " $0; b = 1 } END { exit b }' \
    "$TMPD/sum"
ok $? "... no line wider than 79 columns"
n=$(awk '/^$/ { exit } { n++ } END { print n + 0 }' "$TMPD/sum")
[ "$n" -le 20 ]
ok $? "... in at most 20 lines, leaving a screen's rest to its notes ($n)"
# On a terminal, the whole screen: the warnings (one line each, 80
# columns) and the summary (21 lines, its notes in one): with up to three
# warnings, 80 x 24. (How many warnings come is the machine's.)
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$CSUMBENCH --cpu 0" /dev/null >"$TMPD/tty" 2>&1
	sed 's/\r$//; s/.*\r//' "$TMPD/tty" | grep -v '^ *$' >"$TMPD/screen"
	w=$(grep -c '^csumbench: warning: ' "$TMPD/screen")
	n=$(wc -l <"$TMPD/screen")
	awk 'length($0) > 79 { print "# " length($0) ": " $0; b = 1 } END { exit b }' "$TMPD/screen" &&
		[ "$n" -le $((21 + w)) ]
	ok $? "csumbench --cpu 0 on a terminal: $n lines, $w of them warnings, none over 79 columns"
else
	skip "script(1) cannot give a terminal here"
fi
"$CSUMBENCH" run -q -f csum $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = default ]; ok $? "-f csum asks for a grid: the default sizes"
"$CSUMBENCH" run -q -a 1 -k csum.ref $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = default ]; ok $? "-a 1 -k csum.ref asks for a grid: the default sizes"
"$CSUMBENCH" run -q -s 64 --cpu 0 $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = 64 ]; ok $? "-s 64 with --cpu 0: the sizes asked for"
"$CSUMBENCH" run -q --cpu 0 -k csum.ref --quick $F -o "$TMPD/g.csv"
[ "$(sizes "$TMPD/g.csv")" = quick ]; ok $? "--quick with -k: the quick sizes"

done_testing
