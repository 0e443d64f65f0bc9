#!/bin/sh
# Human output is shown on a terminal whatever else is asked for; --format
# decides what goes to stdout; show prints a saved result's summary.
. "${top_srcdir:-.}/tests/lib.sh"

unset CSUMBENCH_WARN
D=$top_srcdir/tests/data
R="run -k memcpy.libc,memcpy.bytes -s 64,1024 -r 9 --target-ci 0 -W no-all"

# show: a CSV with its .meta, and a JSON file.
expect_exit 0 "show FILE.csv" -- "$CSUMBENCH" show "$D/results.csv"
grep -q '^Fastest kernel by size: ticks per call' "$TMPD/out" &&
    grep -Eq '^ +256 B - 64 KiB +memcpy\.libc ' "$TMPD/out"
ok $? "show FILE.csv: the summary, per family and run of sizes"
grep -q 'AMD EPYC' "$TMPD/out"; ok $? "show FILE.csv: the CPU from its .meta"
expect_exit 0 "show FILE.json" -- "$CSUMBENCH" show "$D/gate_a.json"
grep -q '^Fastest kernel by size:' "$TMPD/out"; ok $? "show FILE.json: the summary"
expect_exit 0 "show --format table" -- "$CSUMBENCH" show --format table "$D/results.csv"
grep -q 'src/dst' "$TMPD/out"; ok $? "show --format table: every point"
expect_exit 2 "show without a file" -- "$CSUMBENCH" show
stderr_one_line 'expected a results file' "... one line"
expect_exit 2 "show of a missing file" -- "$CSUMBENCH" show "$TMPD/none.csv"
stderr_one_line 'none\.csv' "... one line naming it"
expect_exit 2 "show --format bogus" -- "$CSUMBENCH" show --format bogus "$D/results.csv"
stderr_one_line 'expected summary, wide or table' "... one line"

# Off a terminal: CSV unless --format says otherwise.
"$CSUMBENCH" $R -q >"$TMPD/pipe"
head -1 "$TMPD/pipe" | grep -q '^family,kernel,'; ok $? "a pipe: CSV by default"
"$CSUMBENCH" $R -q --format summary >"$TMPD/pipe"
grep -q '^Fastest kernel by size:' "$TMPD/pipe"; ok $? "a pipe with --format summary: the summary"
expect_exit 2 "--format summary with -o FILE" -- "$CSUMBENCH" $R --format summary -o "$TMPD/x.csv"
stderr_one_line 'writes to standard output only' "... one line"

# A terminal: script(1) gives the command one.
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$CSUMBENCH $R -o $TMPD/t.csv" /dev/null >"$TMPD/tty" 2>&1
	grep -q '^Fastest kernel by size:' "$TMPD/tty"; ok $? "terminal, -o FILE: the summary still shows"
	[ "$(cell "$TMPD/t.csv" '*' kernel | sort -u | wc -l)" = 2 ]; ok $? "... and the file has the results"
	grep -q 'wrote 4 points' "$TMPD/tty"; ok $? "... and says where they went"
	script -qec "$CSUMBENCH $R -q -o $TMPD/t.csv" /dev/null >"$TMPD/tty" 2>&1
	! grep -q 'Fastest kernel' "$TMPD/tty"; ok $? "terminal, -o FILE -q: no summary"
	script -qec "$CSUMBENCH $R --format csv" /dev/null >"$TMPD/tty" 2>&1
	# (The progress line, on stderr, ends in a carriage return, not a newline.)
tr '\r' '\n' <"$TMPD/tty" | grep -q '^family,kernel,'; ok $? "terminal, --format csv: CSV"
else
	for i in 1 2 3 4 5; do skip "script(1) is missing: no terminal to test"; done
fi
done_testing
