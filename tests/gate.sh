#!/bin/sh
# csumbench compare --fail-above across runs: --min-delta, the exact test
# on the medians of pooled runs (and the points it cannot judge with too
# few runs), and the provenance warnings. Synthetic results files written
# here, so no timing is involved.
. "${top_srcdir:-.}/tests/lib.sh"

# mk FILE PINNED "SIZE:NET_CENTRE:OVERHEAD[:KERNEL] ..." [KEY=VALUE ...]
# (context keys). One point (of memcpy.x unless KERNEL) per SIZE, 40 samples of NET_CENTRE (per-call cost with
# the empty call's OVERHEAD subtracted, as run writes them) with a fixed
# +-1% jitter, so rank tests see a clean shift.
mk() {
	f=$1 pinned=$2 pts=$3
	shift 3
	{
		printf '{\n  "context": {\n'
		for kv in csumbench_version=0.1.0 cpu_brand=Test timer=tsc \
		    unit=ticks; do
			for o in "$@"; do
				[ "${o%%=*}" = "${kv%%=*}" ] && kv=$o
			done
			printf '    "%s": "%s",\n' "${kv%%=*}" "${kv#*=}"
		done
		printf '    "cpu_pinned": "%s"\n  },\n  "benchmarks": [\n' "$pinned"
		sep=""
		for p in $pts; do
			printf '%s' "$sep"
			echo "$p" | awk -F: '{
				printf "    { \"family\": \"memcpy\", \"kernel\": \"%s\", ", (NF > 3 ? $4 : "memcpy.x")
				printf "\"size\": %s, \"src_align\": 0, \"dst_align\": 0, ", $1
				printf "\"cache\": \"hot\", \"mode\": \"throughput\", "
				printf "\"unit\": \"ticks\", \"timer_hz\": 2000000000.0, "
				printf "\"overhead\": %s, \"samples\": [", $3
				for (i = 0; i < 40; i++)
					printf "%s%.4f", i ? ", " : "", $2 + ($2 + $3) * ((i * 7) % 41 - 20) / 2000
				printf "] }"
			}'
			sep=",
"
		done
		printf '\n  ]\n}\n'
	} >"$TMPD/$f"
}

# Size 16: gross 8.4 -> 10.5 ticks (+25%, +2.1 ticks: a placement-sized
# shift); size 4096: 1000 -> 1006 (+0.6%). Overhead 6.4: auto min-delta 3.2.
# x4 LIST: the file four times (four runs alike), so that the exact test
# on run medians can reach alpha / 2 points.
x4() {
	echo "$1,$1,$1,$1"
}
mk a.json 1 "16:2.0:6.4 4096:994:6.4"
mk b.json 1 "16:4.1:6.4 4096:1000:6.4"
A4=$(x4 "$TMPD/a.json") B4=$(x4 "$TMPD/b.json")
expect_exit 0 "min-delta auto: a 2.1-tick shift under half the empty call passes" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5
grep -q '1 more than 5% slower: 1 by no more than --min-delta' "$TMPD/err"
ok $? "min-delta: the pass says why the slower point did not fail"
expect_exit 1 "--min-delta 1: the same shift fails" -- \
	"$CSUMBENCH" compare "$A4" "$B4" --fail-above 5 --min-delta 1
grep -q 'size 16 .*+25.00% (+2.1 ticks)' "$TMPD/err"
ok $? "min-delta: the failing point is listed with its delta in units"
expect_exit 2 "--min-delta 1, one run per side: cannot judge" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 --min-delta 1
expect_exit 1 "--min-delta 0: the old gate" -- \
	"$CSUMBENCH" compare "$A4" "$B4" --fail-above 5 --min-delta 0
# What a floor keeps out of the verdict is named where the verdict is read.
"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 \
	>/dev/null 2>"$TMPD/err"
grep -q 'not judged: 1 point more than 5% slower but by no more than --min-delta (auto' "$TMPD/err" &&
    grep -q '^  memcpy.x size 16 .*+25' "$TMPD/err"
ok $? "min-delta: the point it kept out is listed with its change"
# The verdict for CI servers: JUnit XML and Markdown, beside the exit code.
expect_exit 1 "--junit, --gate-md: the failing gate writes both" -- \
	"$CSUMBENCH" compare "$A4" "$B4" --fail-above 5 --min-delta 1 \
	--junit "$TMPD/gate.xml" --gate-md "$TMPD/gate.md"
grep -q '<testsuites name="csumbench gate (B more than 5% slower fails)" tests="2" failures="1" errors="0" skipped="0">' "$TMPD/gate.xml" &&
    [ "$(grep -c '<testcase ' "$TMPD/gate.xml")" -eq 2 ] &&
    grep -q '<testcase classname="memcpy.x" name="16 B, offsets 0/0, distance 2048, hot, throughput">' "$TMPD/gate.xml" &&
    [ "$(grep -c '<failure message="significantly more than the threshold slower: +2[0-9.]*% (+2.1' "$TMPD/gate.xml")" -eq 1 ] &&
    tail -1 "$TMPD/gate.xml" | grep -q '^</testsuites>$'
ok $? "--junit: two test cases, the 16 B point failed with its change"
grep -q '^## csumbench gate: FAIL$' "$TMPD/gate.md" &&
    grep -q '^| `memcpy.x` | 16 B, .* | +2[0-9.]*% | +2.1 | .* | \*\*FAIL\*\* |$' "$TMPD/gate.md" &&
    grep -q 'CPU: Test' "$TMPD/gate.md"
ok $? "--gate-md: the verdict, the failing point's row, the CPU"
expect_exit 0 "--junit of a passing gate" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 \
	--junit "$TMPD/pass.xml" --gate-md "$TMPD/pass.md"
grep -q 'tests="2" failures="0" errors="0" skipped="1"' "$TMPD/pass.xml" &&
    grep -q '<skipped message="not judged: slower by no more than --min-delta' "$TMPD/pass.xml" &&
    grep -q '^## csumbench gate: pass$' "$TMPD/pass.md" &&
    grep -q 'not judged (--min-delta) |$' "$TMPD/pass.md"
ok $? "... the point --min-delta kept out is skipped with the reason, not a silent pass"
expect_exit 2 "--junit without --fail-above: exit 2" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --junit "$TMPD/x.xml"
stderr_one_line 'junit.*fail-above' "... one line naming both"
[ ! -e "$TMPD/x.xml" ]
ok $? "... and no file written"
expect_exit 2 "--gate-md into a directory that does not exist: exit 2" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 \
	--gate-md "$TMPD/nodir/g.md"
stderr_one_line 'nodir' "... one line naming it"
expect_exit 0 "--min-delta 3: still passes" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 --min-delta 3
expect_exit 0 "--min-delta auto given explicitly passes" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 --min-delta auto
# A large point 10% slower: far above any floor.
mk c.json 1 "16:2.0:6.4 4096:1100:6.4"
expect_exit 1 "min-delta auto: 10% of 1000 ticks still fails" -- \
	"$CSUMBENCH" compare "$A4" "$(x4 "$TMPD/c.json")" --fail-above 5
grep -q 'size 4096 .*+10' "$TMPD/err" && ! grep -q 'size 16 ' "$TMPD/err"
ok $? "min-delta auto: only the large point fails"
expect_exit 2 "bad --min-delta exits 2" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" --fail-above 5 --min-delta -1
stderr_one_line 'min-delta' "bad --min-delta: one line naming it"
expect_exit 2 "run: bad --min-delta exits 2" -- \
	"$CSUMBENCH" run -k memcpy.libc -s 64 -q --baseline memcpy.libc --min-delta x
stderr_one_line 'min-delta' "run: bad --min-delta: one line naming it"
# Within one run (two kernels of one file) auto is 0: B's 2.1 ticks fail.
mk one.json 1 "16:2.0:6.4:memcpy.x 16:4.1:6.4:memcpy.y"
expect_exit 1 "min-delta auto within one run is 0" -- \
	"$CSUMBENCH" compare "$TMPD/one.json" --a-kernel memcpy.x --b-kernel memcpy.y --fail-above 5
expect_exit 0 "compare --help exits 0" -- "$CSUMBENCH" compare --help
grep -q -- '--min-delta' "$TMPD/out"; ok $? "compare --help mentions --min-delta"

# Pooled runs: each run is one observation, tested by its median. B slow
# in three runs of four, as fast as A in the fourth: pooled, B's median is
# 15% above A's, but the runs do not show it beyond doubt.
mk a2.json 1 "4096:1000:6.4"
mk b2slow.json 1 "4096:1150:6.4"
mk b2fast.json 1 "4096:1000:6.4"
S="$TMPD/b2slow.json"
expect_exit 0 "pooled: a slowdown in three runs of B of four passes" -- \
	"$CSUMBENCH" compare "$(x4 "$TMPD/a2.json")" "$S,$S,$S,$TMPD/b2fast.json" --fail-above 5
grep -q '1 more than 5% slower: 0 by no more than --min-delta, 1 not significantly' "$TMPD/err"
ok $? "pooled: the pass says the slowdown was not significant"
expect_exit 1 "pooled: a slowdown in every run of B fails" -- \
	"$CSUMBENCH" compare "$(x4 "$TMPD/a2.json")" "$S,$S,$S,$S" --fail-above 5
expect_exit 0 "pooled: one slow run of A of four: not significant, passes" -- \
	"$CSUMBENCH" compare "$TMPD/a2.json,$S,$TMPD/a2.json,$TMPD/a2.json" "$S,$S,$S,$S" --fail-above 5
expect_exit 2 "pooled: three runs per side are too few: cannot judge" -- \
	"$CSUMBENCH" compare "$TMPD/a2.json,$TMPD/a2.json,$TMPD/a2.json" "$S,$S,$S" --fail-above 5 -q
stderr_one_line 'cannot judge 1 point .*3 runs of A and 3 of B .*at least 4 runs per side' \
	"pooled: cannot judge: one line saying how many runs it needs"

# Provenance: warnings on stderr, even with -q, when A and B differ.
expect_exit 0 "same provenance: exit 0" -- \
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/b.json" -q
! grep -q 'warning' "$TMPD/err"; ok $? "same provenance: no warning"
for kv in cpu_pinned=0 cpu_brand=Other timer=ns unit=ns csumbench_version=0.2.0; do
	k=${kv%%=*}
	mk w.json 1 "16:4.1:6.4 4096:1000:6.4" "$kv"
	if [ "$k" = cpu_pinned ]; then
		mk w.json 0 "16:4.1:6.4 4096:1000:6.4"
	fi
	"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/w.json" -q >/dev/null 2>"$TMPD/err"
	grep -q "warning: A (.*a.json) and B (.*w.json) were measured with a different .*$k=" "$TMPD/err"
	ok $? "different $k: a warning naming both files and the key"
done
mk n.json none "16:4.1:6.4 4096:1000:6.4"
"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/n.json" -q >/dev/null 2>"$TMPD/err"
grep -q 'n.json was not pinned to a CPU' "$TMPD/err"
ok $? "an unpinned run: a warning"
mk p0.json 0 "16:2.0:6.4 4096:994:6.4"
"$CSUMBENCH" compare "$TMPD/a.json,$TMPD/p0.json" "$TMPD/b.json" -q >/dev/null 2>"$TMPD/err"
grep -q 'different pinned CPU' "$TMPD/err"
ok $? "pooled runs of one side on different CPUs: a warning"
"$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/w.json" --fail-above 5 -q >/dev/null 2>"$TMPD/err"
[ $? -eq 0 ]; ok $? "a warning does not change the exit status"

# What the gate cannot test is never a pass. CSV without ci_lo/ci_hi (they
# are optional to the reader): B's median three times A's.
H='family,kernel,size,src_align,dst_align,cache,unit,median'
printf '%s\nmemcpy,m,64,0,0,hot,ticks,100\nmemcpy,m,128,0,0,hot,ticks,200\n' "$H" >"$TMPD/noci_a.csv"
printf '%s\nmemcpy,m,64,0,0,hot,ticks,300\nmemcpy,m,128,0,0,hot,ticks,150\n' "$H" >"$TMPD/noci_b.csv"
expect_exit 2 "no CI, no samples, B 3x slower: cannot judge, exit 2" -- \
	"$CSUMBENCH" compare "$TMPD/noci_a.csv" "$TMPD/noci_b.csv" --fail-above 5
stderr_one_line 'cannot judge 1 of 2 points.*m size 64 .*neither raw samples nor a confidence interval' \
	"cannot judge: one line naming the point and why"
! grep -q 'intervals overlap' "$TMPD/out"
ok $? "the table claims no interval that is not there"
grep -q '^| 64 | 100.00 | 300.00 | +200.00% ? | - | n/a |$' "$TMPD/out"
ok $? "the untested row is marked ? and n/a"
expect_exit 2 "cannot judge also with -q (an error, not a note)" -- \
	"$CSUMBENCH" compare "$TMPD/noci_a.csv" "$TMPD/noci_b.csv" --fail-above 5 -q
stderr_one_line 'cannot judge' "-q: still the one line"
printf '%s\nmemcpy,m,64,0,0,hot,ticks,30\nmemcpy,m,128,0,0,hot,ticks,60\n' "$H" >"$TMPD/noci_fast.csv"
expect_exit 0 "no CI, B faster: nothing to test, pass" -- \
	"$CSUMBENCH" compare "$TMPD/noci_a.csv" "$TMPD/noci_fast.csv" --fail-above 5
expect_exit 0 "no CI and no gate: the table, exit 0" -- \
	"$CSUMBENCH" compare "$TMPD/noci_a.csv" "$TMPD/noci_b.csv"
# Medians that are no positive number: empty (not finite) or negative.
for m in '' -3; do
	printf '%s\nmemcpy,m,64,0,0,hot,ticks,%s\n' "$H" "$m" >"$TMPD/badmed.csv"
	expect_exit 2 "median \"$m\" on every row: cannot judge, exit 2" -- \
		"$CSUMBENCH" compare "$TMPD/badmed.csv" "$TMPD/badmed.csv" --fail-above 5
	stderr_one_line 'cannot judge 1 of 1 points' "median \"$m\": one line"
done
# The CSV style says so too.
"$CSUMBENCH" compare "$TMPD/noci_a.csv" "$TMPD/noci_b.csv" --fail-above 5 --style csv \
	>"$TMPD/gate.csv" 2>/dev/null
[ "$(cell "$TMPD/gate.csv" size=64 gate)" = "cannot judge" ] &&
    [ "$(cell "$TMPD/gate.csv" size=64 test)" = none ] &&
    [ "$(cell "$TMPD/gate.csv" size=64 significant)" = "" ]
ok $? "--style csv: gate 'cannot judge', test none, significance empty"
# With a regression as well: exit 1, and the untested point named too.
# One file with both kernels: within one run the medians' intervals are a
# test; two files of one run each would be too few runs to test at all.
H2="$H,ci_lo,ci_hi"
printf '%s\nmemcpy,ma,64,0,0,hot,ticks,100,99,101\nmemcpy,ma,128,0,0,hot,ticks,100,,\nmemcpy,mb,64,0,0,hot,ticks,200,199,201\nmemcpy,mb,128,0,0,hot,ticks,300,,\n' "$H2" >"$TMPD/mix.csv"
expect_exit 1 "a regression and an untested point: exit 1" -- \
	"$CSUMBENCH" compare "$TMPD/mix.csv" --a-kernel ma --b-kernel mb --fail-above 5
grep -q 'FAIL: 1 of 2 points' "$TMPD/err" &&
    grep -q 'also cannot judge 1 of 2 points.*size 128' "$TMPD/err"
ok $? "the failure is listed, and the point not judged is named"

done_testing
