#!/bin/sh
# The wide view: a row per position, a column per kernel, the fastest
# marked and its ties named; the summary pivots by itself when a family
# has one size, and names the kernels it calls within noise.
. "${top_srcdir:-.}/tests/lib.sh"

unset CSUMBENCH_WARN
D=$top_srcdir/tests/data

# One size, source offsets 1..3: a, b and d alike, c twice as slow.
expect_exit 0 "show --format wide" -- "$CSUMBENCH" show --format wide "$D/wide_offsets.json"
grep -Eq '^src +a +b +d +c +fastest$' "$TMPD/out"; ok $? "wide: the kernels are the columns"
[ "$(grep -Ec '^[123] ' "$TMPD/out")" = 3 ]; ok $? "wide: a row per source offset"
grep -q '^memcpy, ticks per call: hot, throughput, 1500 B, dst offset 0, distance 2048$' "$TMPD/out"
ok $? "wide: what does not vary is named over the table"
bad=$(grep -E '^[123] ' "$TMPD/out" | awk '{ n = gsub(/\*/, "*"); if (n != 1) b++ } END { print b + 0 }')
[ "$bad" = 0 ]; ok $? "wide: one fastest marked on every row"
grep -E '^[123] ' "$TMPD/out" | grep -Eq '(a|b|d) = (a|b|d), (a|b|d)$'
ok $? "wide: the kernels within noise of the fastest named"
! grep -E '^[123] ' "$TMPD/out" | grep -q '469[*=]'; ok $? "wide: the slow kernel neither fastest nor tied"
awk '/^$/ { exit } length($0) > 79 { b = 1 } END { exit b }' "$TMPD/out"; ok $? "wide: fits 80 columns"
"$CSUMBENCH" show "$D/wide_offsets.json" >"$TMPD/sum"
grep -Eq '^src +a +b +d +c +fastest$' "$TMPD/sum" && ! grep -q 'Fastest kernel by size' "$TMPD/sum"
ok $? "the summary of one size and several offsets is the wide view"

# Two sizes: the summary's own layout, its ties named.
"$CSUMBENCH" show "$D/wide_sizes.json" >"$TMPD/sum"
grep -Eq '^memcpy +64 B - 128 B +memcpy\.[abd] .* within noise of [abd], [abd]$' "$TMPD/sum"
ok $? "summary: the kernels within noise named, not counted"
expect_exit 0 "show --format wide of sizes" -- "$CSUMBENCH" show --format wide "$D/wide_sizes.json"
grep -Eq '^size +a +b +d +c +fastest$' "$TMPD/out" && grep -q '^128 B ' "$TMPD/out"
ok $? "wide: a row per size when sizes vary"

# run --format wide: what stdout gets, terminal or not.
"$CSUMBENCH" run -q -k memcpy.libc,memcpy.bytes -s 64 -a 0-2 -r 9 --target-ci 0 -W no-all --format wide >"$TMPD/run"
grep -Eq '^src/dst +bytes +libc +fastest$' "$TMPD/run" && [ "$(grep -Ec '^[0-2]/[0-2] ' "$TMPD/run")" = 3 ]
ok $? "run --format wide on a pipe: the wide view"
expect_exit 2 "run --format wide -o FILE" -- "$CSUMBENCH" run -k memcpy.libc -s 64 --format wide -o "$TMPD/x.csv"
stderr_one_line 'writes to standard output only' "... one line"
# --baseline against several kernels: --style wide, a row per size and a
# column per kernel, each cell the change of its median over the
# baseline's, as the results file records the medians.
K=memcpy.libc,memcpy.bytes,memcpy.words,memcpy.auto
expect_exit 0 "run --baseline --style wide" -- "$CSUMBENCH" run -k $K -s 16,1024 -r 64 --max-time 2ms -q -o "$TMPD/b.csv" --baseline memcpy.libc --style wide
grep -Eq '^size +auto +bytes +words$' "$TMPD/out" && [ "$(grep -Ec '^(16|1024) ' "$TMPD/out")" = 2 ]
ok $? "wide baseline: the kernels compared are the columns, a row per size"
grep -q '^### Over memcpy.libc: offsets 0/0, distance 2048, hot cache, throughput$' "$TMPD/out"
ok $? "wide baseline: the baseline and what does not vary are named over the table"
med() {
	awk -F, -v k="$1" -v s="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["kernel"] == k && $c["size"] == s { print $c["median"] }' "$TMPD/b.csv"
}
a=$(med memcpy.libc 1024)
b=$(med memcpy.bytes 1024)
want=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%+.0f%%", (b / a - 1) * 100 }')
got=$(awk '$1 == 1024 { print $3 }' "$TMPD/out")
[ "$got" = "$want" ]; ok $? "wide baseline: the byte loop at 1 KiB is its median over libc's, less one ($got, from the file: $want)"
awk '/^$/ { next } /^(Environment|n = )/ { next } length($0) > 79 { b = 1 } END { exit b }' "$TMPD/out"; ok $? "wide baseline: fits 80 columns"
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$CSUMBENCH run -k $K -s 1024 -r 64 --max-time 2ms --baseline memcpy.libc -W no-all" /dev/null >"$TMPD/tty" 2>&1
	grep -q '^### Over memcpy.libc:' "$TMPD/tty" && ! grep -q '^| Size' "$TMPD/tty"
	ok $? "on a terminal, a baseline against three kernels: the wide view by default"
	script -qec "$CSUMBENCH run -k memcpy.libc,memcpy.bytes -s 1024 -r 64 --max-time 2ms --baseline memcpy.libc -W no-all" /dev/null >"$TMPD/tty" 2>&1
	grep -q '^| Size' "$TMPD/tty" && ! grep -q '^### Over ' "$TMPD/tty"
	ok $? "... against one: the markdown table"
	script -qec "$CSUMBENCH run -k $K -s 1024 -r 64 --max-time 2ms --baseline memcpy.libc --style markdown -W no-all" /dev/null >"$TMPD/tty" 2>&1
	[ "$(grep -c '^| Size' "$TMPD/tty")" = 3 ]
	ok $? "... with --style markdown: a table per kernel"
else
	skip "script(1) cannot give a terminal here"
	skip "script(1) cannot give a terminal here"
	skip "script(1) cannot give a terminal here"
fi

# compare A B --style wide: a column per kernel, its B against its A.
expect_exit 0 "compare --style wide" -- "$CSUMBENCH" compare -q --style wide "$D/wide_sizes.json" "$D/wide_sizes.json"
grep -q '^### memcpy, B over A: offsets 0/0, distance 2048, hot cache, throughput$' "$TMPD/out" &&
	grep -Eq '^size +a +b +c +d$' "$TMPD/out" &&
	[ "$(grep -Ec '^(64|128) +(\+0\.0%~ *){4}$' "$TMPD/out")" = 2 ]
ok $? "compare --style wide: a column per kernel, each unchanged against itself"

expect_exit 2 "compare --style of no style" -- "$CSUMBENCH" compare -q --style wid "$D/wide_sizes.json" "$D/wide_sizes.json"
stderr_one_line 'expected bpf, ticks, markdown, csv or wide, got "wid"' "... one line naming the styles, wide among them"

done_testing
