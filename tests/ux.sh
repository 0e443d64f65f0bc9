#!/bin/sh
# What a user meets first: the summary on a terminal, warnings printed once
# with their switch, -W and CSUMBENCH_WARN.
. "${top_srcdir:-.}/tests/lib.sh"
skip_if_quick_check "the terminal output test"

unset CSUMBENCH_WARN
R="$CSUMBENCH run -q"

# A terminal: script(1) gives the command one.
if script -qec true /dev/null >/dev/null 2>&1; then
	# Without -r, enough samples for the delta table's test (72).
	script -qec "$CSUMBENCH run -k memcpy.libc,memcpy.bytes -s 1024,4096 --target-ci 0 -W no-all" /dev/null >"$TMPD/tty" 2>&1
	sed 's/\r$//; s/.*\r//' <"$TMPD/tty" >"$TMPD/sum"
	grep -q '^Fastest kernel by size: ticks per call\|^Fastest kernel by size: [a-z]* per call' "$TMPD/sum"; ok $? "terminal: the summary's heading"
	grep -Eq '^memcpy +1 KiB - 4 KiB +memcpy\.libc +[0-9.]+ - [0-9.]+ +\+[0-9.]+% to \+[0-9.]+% over bytes$' "$TMPD/sum"
	ok $? "terminal: at 1 to 4 KiB libc beats the byte loop, by how much, in one line"
	! grep -q 'src/dst' "$TMPD/sum"; ok $? "terminal: no full table without -v"
	awk 'length($0) > 100 { bad = 1 } END { exit bad }' "$TMPD/sum"; ok $? "terminal: no line over 100 columns"
	grep -Eq '(^|medians of )72 samples' "$TMPD/sum"; ok $? "terminal: 72 samples a point, as a delta table gets"
	# -r 31: 4 segments of paired samples, too few for the delta table's
	# test; the summary then claims no win, as run --baseline would not.
	script -qec "$CSUMBENCH run -k memcpy.libc,memcpy.bytes -s 1024,4096 -r 31 --target-ci 0 -W no-all" /dev/null >"$TMPD/tty" 2>&1
	sed 's/\r$//; s/.*\r//' <"$TMPD/tty" >"$TMPD/sum"
	grep -Eq '^memcpy +1 KiB - 4 KiB +memcpy\.libc +[0-9.]+ - [0-9.]+ +within noise of bytes$' "$TMPD/sum" &&
	    grep -q '^2 of 2 points: too few samples to test, shown within noise (-r 72 or more)$' "$TMPD/sum"
	ok $? "terminal -r 31: too few blocks to test, within noise and says so"
	$R -k memcpy.libc,memcpy.bytes -s 1024,4096 -r 31 --target-ci 0 -W no-all --baseline memcpy.bytes --style csv >"$TMPD/bl.csv"
	[ "$(cell "$TMPD/bl.csv" row=point noise | sort -u)" = yes ]; ok $? "... as run --baseline's table says of the same samples count"
	script -qec "$CSUMBENCH run -k memcpy.libc,memcpy.bytes -s 64 -r 9 --target-ci 0 -W no-all -v" /dev/null >"$TMPD/tty" 2>&1
	grep -q 'Fastest kernel' "$TMPD/tty" && grep -q 'src/dst' "$TMPD/tty"; ok $? "terminal -v: the summary, then the table"
else
	for i in 1 2 3 4 5 6 7 8; do skip "script(1) is missing: no terminal to test"; done
fi
expect_exit 2 "-v where the results are CSV: an error" -- $R -k memcpy.libc -s 64 -r 9 -v
stderr_one_line '--verbose adds the full table' "... in one line"

# Warnings: each once, each with its switch.
# Two copies of one kernel (a loaded object twice): their intervals overlap,
# so a target they miss leaves which is faster open; samples of 500 us
# keep them at 5 a point within the 2 ms budget (too few: that warning is
# of the samples taken, which refinement can raise above what -r asked).
KO="${top_builddir:-.}/tests/kobj_ok.so"
W="$CSUMBENCH run --load $KO=A --load $KO=B -k A:csum.words32,B:csum.words32 -s 64,128,256 -r 5 --target-ci 0.00001% --max-time 2ms --sample-time 500 -o $TMPD/w.csv"
expect_exit 0 "a run with too few samples and an unreachable target" -- $W
[ "$(grep -c '(-W no-ci)$' "$TMPD/err")" = 1 ] && [ "$(grep -c '(-W no-few)$' "$TMPD/err")" = 1 ]
ok $? "the target-CI and few-samples warnings, once each"
# (A point whose few samples are all alike has a CI of 0 and is not short;
# one with too few samples for an interval has none, which is said.)
pct='(\+-[0-9]+(\.[0-9])?%|none \(too few samples\))'
grep -Eq "[1-6] of 6 points short of --target-ci 1e-05% overlap another kernel: CI $pct, widest $pct \([AB]:csum\.words32, [0-9]+ B\); set --max-time [0-9.]+m?s " "$TMPD/err"
ok $? "in a log the target-CI warning says how many missed, by how much, which, and the --max-time to set"
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$W" /dev/null >"$TMPD/tty" 2>&1
	sed 's/\r$//; s/.*\r//' <"$TMPD/tty" | grep 'no-ci)$' >"$TMPD/ci"
	grep -Eq "^csumbench: warning: [1-6] of 6 within noise: set --max-time [0-9.]+m?s \(-W no-ci\)$" "$TMPD/ci" &&
		awk 'length($0) > 79 { bad = 1 } END { exit bad }' "$TMPD/ci"
	ok $? "on a terminal the target-CI warning is one line of 80 columns: how many, and the --max-time to set"
else
	skip "script(1) cannot give a terminal here"
fi
# Kernels far apart: a missed target changes no conclusion, and no warning.
$CSUMBENCH run -k csum.ref,csum.generic64 -s 256,1024 -r 15 --target-ci 0.00001% --max-time 2ms -o "$TMPD/w2.csv" 2>"$TMPD/err"
! grep -q 'no-ci)' "$TMPD/err" && [ "$(sed -n 's/^points_short_of_target_ci=//p' "$TMPD/w2.csv.meta")" -ge 1 ]
ok $? "a missed target that decides nothing: no warning (the .meta still counts it)"
# rx words the machine's warnings as run does, and takes -W.
if "$CSUMBENCH" info 2>/dev/null | grep -q '^hypervisor  *[A-Za-z]'; then
	"$CSUMBENCH" rx -r 3 --target-ci 0 -o "$TMPD/rx.csv" 2>"$TMPD/err"
	grep -q '^csumbench: warning: a VM (.*): compare within one run (-W no-vm)$' "$TMPD/err"
	ok $? "rx: the VM warning in run's words, with its switch"
	"$CSUMBENCH" rx -r 3 --target-ci 0 -W no-vm -o "$TMPD/rx.csv" 2>"$TMPD/err"
	! grep -q 'no-vm)' "$TMPD/err"; ok $? "rx -W no-vm: not"
else
	skip "not a VM: no VM warning to word"
	skip "not a VM: no VM warning to word"
fi
expect_exit 2 "rx -W with an unknown name" -- "$CSUMBENCH" rx -W no-vn
stderr_one_line '^csumbench: -W: unknown warning "vn"' "... in one line naming it"
bad=$(grep 'warning:' "$TMPD/err" | grep -cv '(-W no-[a-z]*)$')
[ "$bad" = 0 ]; ok $? "every warning ends with its switch ($bad do not)"
# A terminal's summary fits in one screen: a warning takes at most two
# rows of 100 columns.
long=$(grep 'warning:' "$TMPD/err" | awk 'length($0) > 200' | wc -l)
[ "$long" = 0 ]; ok $? "every warning fits in two rows of 100 columns ($long do not)"
expect_exit 0 "-W no-ci,no-few" -- $W -W no-ci,no-few
! grep -q 'no-ci)\|no-few)' "$TMPD/err"; ok $? "-W no-ci,no-few: neither"
CSUMBENCH_WARN=no-few; export CSUMBENCH_WARN
expect_exit 0 "CSUMBENCH_WARN=no-few" -- $W
! grep -q 'no-few)' "$TMPD/err" && grep -q 'no-ci)' "$TMPD/err"; ok $? "CSUMBENCH_WARN=no-few: that one off, the others on"
expect_exit 0 "CSUMBENCH_WARN=no-few, -W few" -- $W -W few
grep -q 'no-few)' "$TMPD/err"; ok $? "-W wins over CSUMBENCH_WARN"
CSUMBENCH_WARN=no-vm,bogus
expect_exit 2 "CSUMBENCH_WARN with an unknown name" -- $W
stderr_one_line '^csumbench: CSUMBENCH_WARN: unknown warning "bogus"' "... in one line naming it"
unset CSUMBENCH_WARN
expect_exit 2 "-W with an unknown name" -- $W -W no-vn
stderr_one_line '^csumbench: -W: unknown warning "vn"' "... in one line naming it"

# Small things a newcomer trips on.
[ "$("$CSUMBENCH" list -f csum | head -1)" = csum ]; ok $? "list -f csum: no blank line first"
"$CSUMBENCH" run -q -k csum.adc -s 64 -r 5 -o "$TMPD/s.json" && "$CSUMBENCH" run -q -k csum.adc -s 64 -r 5 -o "$TMPD/s.csv"
grep -q '"est_cycles": [0-9]' "$TMPD/s.json"; ok $? "JSON has est_cycles, as CSV does"
grep -Eq '^governor=.' "$TMPD/s.csv.meta"; ok $? ".meta: governor is never empty (unknown, as info says)"
"$CSUMBENCH" run -k csum.adcc 2>"$TMPD/err"
grep -q 'no kernel matches "csum.adcc", did you mean csum.adc?' "$TMPD/err"; ok $? "a misspelt kernel: did you mean"

# report: the samples per point the file holds, not --reps.
"$CSUMBENCH" run -q -k csum.adc,csum.ref -s 64,128 -r 5 --max-time 5ms -o "$TMPD/rep.csv"
if command -v gnuplot >/dev/null 2>&1; then
	lo=$(cell "$TMPD/rep.csv" '*' samples | sort -n | head -1)
	hi=$(cell "$TMPD/rep.csv" '*' samples | sort -n | tail -1)
	want=$lo; [ "$lo" = "$hi" ] || want="$lo to $hi"
	"$CSUMBENCH" report "$TMPD/rep.csv" -o "$TMPD/rep" 2>/dev/null
	grep -q "^| samples per point | $want |\$" "$TMPD/rep/report.md"
	ok $? "report: samples per point as the CSV holds them ($want)"
else
	skip "report: no gnuplot"
fi

# Progress off a terminal: a line every 10 s of a long run, none with -q.
# --min-time counts sampling time by the timer, which a calibration a few
# percent off can make shorter than the wall clock's: 13 s of it is more
# than 10 s of wall time, and a run that still ended sooner is no failure.
L="$CSUMBENCH run -k csum.ref -s 64 -r 5 --target-ci 0 --min-time 13s --max-time 0 -W no-all -o $TMPD/long.csv"
t0=$(date +%s)
expect_exit 0 "a run of 13 s off a terminal" -- $L
t1=$(date +%s)
if [ $((t1 - t0)) -ge 11 ]; then
	grep -Eq '^csumbench: (refining 1 of 1 points|[0-9]+% of the planned samples), 1[0-9]s elapsed' "$TMPD/err" &&
	    grep -Eq '^csumbench: sampling done after [0-9]+s$' "$TMPD/err"
	ok $? "... logs its progress on stderr, and its end"
else
	skip "the run took $((t1 - t0)) s of wall time, under the 10 s between progress lines"
fi
expect_exit 0 "the same run with -q" -- $L -q
[ ! -s "$TMPD/err" ]; ok $? "... says nothing"
# A sweep planned to take over a minute says so first.
timeout 3 $CSUMBENCH run -k csum.adc -s 1-4096 --quick -W no-all -o "$TMPD/plan.csv" 2>"$TMPD/err"
grep -Eq '^csumbench: 4096 points: about [0-9]+ s on an idle core, up to [0-9]+ s while refining' "$TMPD/err"
ok $? "a sweep planned over a minute: the estimate first"
done_testing
