#!/bin/sh
# csumbench compare: table layouts (golden files, and the seeds' own lines),
# matching and unmatched points, the gate's exit codes, JSON results.
. "${top_srcdir:-.}/tests/lib.sh"
D="$top_srcdir/tests/data"
G="$D/golden"

# Golden files: fixed results, so no timing is involved.
golden() {
	# golden NAME DESCRIPTION -- COMMAND...
	name=$1
	desc=$2
	shift 3
	"$@" >"$TMPD/golden.out" 2>"$TMPD/golden.err"
	if cmp -s "$TMPD/golden.out" "$G/$name"; then
		ok 0 "$desc"
	else
		diff "$G/$name" "$TMPD/golden.out" | diag
		ok 1 "$desc"
	fi
}
golden seed_bpf.bpf "bpf style: golden" -- "$CSUMBENCH" compare "$D/seed_bpf.json" \
	--a-kernel csum_diff.before --b-kernel csum_diff.after --style bpf
sed -n 3,16p "$TMPD/golden.out" | cmp -s - "$D/seed_001_x86.txt"
ok $? "bpf style reproduces the x86-64 table of the bpf_csum_diff cover letter line for line"
golden seed_ticks.ticks "ticks style: golden" -- "$CSUMBENCH" compare "$D/seed_ticks.json" \
	--a-kernel NG4memset --b-kernel M7memset --style ticks
# The letter's columns, aligned with spaces and each cost with its 95%
# interval: its sizes, ticks and deltas, number for number.
awk -F'\t+' 'NR > 2 { sub(/^ +/, "", $1); sub(/^ +/, "", $4); print $1, $2, $3, $4 }' \
	"$D/seed_002_memset.txt" >"$TMPD/seed2"
awk 'NR >= 6 && $1 ~ /^[0-9]+$/ && NF >= 8 { print $1, $2, $5, $8 }' "$TMPD/golden.out" >"$TMPD/ours2"
cmp -s "$TMPD/seed2" "$TMPD/ours2"
ok $? "ticks style carries table 1 of the SPARC M7 memset cover letter number for number"
grep -q '^Environment: ' "$TMPD/golden.out"; ok $? "ticks: an environment line"
awk 'NR >= 6 && $1 ~ /^[0-9]+$/ { s = $0; at = ""; o = 0
	while ((i = index(s, "±")) > 0) { o += i; at = at " " o; s = substr(s, i + 1) }
	print at }' "$TMPD/golden.out" | sort -u | awk 'NF == 3' | wc -l | grep -qx 1
ok $? "ticks: the ± of each column at one place on every row"
# Two runs, one per side: the run is the unit across processes, and one
# per side is too few to test, whatever the samples say.
for s in bpf ticks markdown csv; do
	golden gate.$s "$s style, one run per side: golden" -- \
		"$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" --style $s -q
done
golden gate_csv.markdown "CSV input (no raw samples): golden" -- \
	"$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" --style markdown -q
for s in bpf ticks markdown; do
	"$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" --style $s -q >"$TMPD/out"
	grep -q 'geomean' "$TMPD/out" && grep -q '~ not significant' "$TMPD/out"
	ok $? "$s: a geomean line, and insignificant rows marked and explained"
	n=$(grep -c '~' "$TMPD/out")
	[ "$n" -eq 4 ] && grep -q 'too few runs: with fewer than 4 runs per side' "$TMPD/out"
	ok $? "$s: one run per side: every row marked, the legend says too few runs ($n)"
done
grep -c '^point,.*,run-medians,no,yes,' "$G/gate.csv" | grep -qx 3
ok $? "csv: one run per side: no row significant, the test named"
# Four runs per side (the same files again: identical runs) reach it.
A4="$D/gate_a.json,$D/gate_a.json,$D/gate_a.json,$D/gate_a.json"
B4="$D/gate_b.json,$D/gate_b.json,$D/gate_b.json,$D/gate_b.json"
"$CSUMBENCH" compare "$A4" "$B4" --style csv -q >"$TMPD/out"
[ "$(cell "$TMPD/out" size=128 significant) $(cell "$TMPD/out" size=128 p_value)" = "yes 0.02857142857142857" ]
ok $? "four runs per side: +9.7% in every run is significant, p = 2/70"
grep -c '^point,' "$G/gate.csv" | grep -qx 3; ok $? "csv: one row per matched point"
grep -q '^geomean,' "$G/gate.csv"; ok $? "csv: a geomean row"
awk -F, '{ print NF }' "$G/gate.csv" | sort -u | wc -l | grep -qx 1
ok $? "csv: every row has the same number of fields"

# A delta of at most one core cycle (0.45 ticks; the file's core clock is
# twice the 2 GHz timer's): marked, and never significant however small p.
C="$CSUMBENCH compare $D/cycle.json --a-kernel memcpy.a --b-kernel memcpy.b -q"
$C --style markdown >"$TMPD/out"
grep -Eq '^\| 20 \| .* ~ \| 0\.0[0-9]+ \| no \(<= 1 cycle\) \|$' "$TMPD/out"
ok $? "markdown: a one-cycle delta with p < 0.05: no (<= 1 cycle), on its row"
grep -Eq '^\| 64 \| .* \| 0\.0[0-9]+ \| yes \|$' "$TMPD/out"
ok $? "markdown: three cycles, p < 0.05: yes"
grep -q '^<= 1 cycle .*one core cycle (0.5 units' "$TMPD/out"; ok $? "markdown: the legend says what one cycle is"
$C --style csv >"$TMPD/out"
[ "$(cell "$TMPD/out" size=20 significant) $(cell "$TMPD/out" size=20 why)" = "no <= 1 cycle" ]
ok $? "csv: the one-cycle row is not significant, and says why"
$C --style ticks >"$TMPD/out"
grep -Eq '^  20 .* ~ <= 1 cycle$' "$TMPD/out"; ok $? "ticks: the one-cycle row marked"
$C --style bpf >"$TMPD/out"
grep -Eq '^  \|      20 .*%≤1\|$' "$TMPD/out"; ok $? "bpf: the one-cycle row marked"
# p and Significant never contradict on a row: yes only with p < alpha,
# and a plain no only with p >= alpha (else the reason is on the row).
for f in "$D/cycle.json --a-kernel memcpy.a --b-kernel memcpy.b" "$D/gate_a.json $D/gate_b.json"; do
	$CSUMBENCH compare $f --style markdown -q
done | awk -F' *\\| *' '$6 ~ /^[0-9.e-]+$/ && (($7 == "yes" && $6 >= 0.05) || ($7 == "no" && $6 < 0.05)) { bad++ }
	END { exit bad > 0 }'
ok $? "markdown: p and Significant never contradict on a row"
for s in bpf ticks markdown; do
	grep -q 'Environment: ' "$G/gate.$s"; ok $? "$s: an environment line"
	grep -q '±' "$G/gate.$s"; ok $? "$s: intervals (±)"
done

# Matching: unmatched points are reported on stderr, not dropped silently.
"$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" >"$TMPD/out" 2>"$TMPD/err"
grep -q '1 point of A .* has no match' "$TMPD/err" &&
    grep -q 'memcpy.x size 32 offsets 0/0 distance 2048 hot throughput' "$TMPD/err"
ok $? "a point only in A is reported"
grep -q '1 point of B .* has no match' "$TMPD/err" &&
    grep -q 'memcpy.x size 512' "$TMPD/err"
ok $? "a point only in B is reported"
grep -q '^| 32 \|^| 512 ' "$TMPD/out" && r=1 || r=0
ok $r "unmatched points are not in the table"
"$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" >"$TMPD/out" 2>"$TMPD/err"
grep -q 'too few runs: with fewer than 4 runs per side' "$TMPD/out"
ok $? "two CSV files, one run each: no significance claimed, and why"

# The gate. One run per side: a point more than 5% slower cannot be
# judged (exit 2), never passed.
# (A's size 32 has no partner in B: left out with --ignore-below, else
# the gate could not judge it.)
expect_exit 2 "gate: one run per side, 10% slower at 128: cannot judge, exit 2" -- \
	"$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" --fail-above 5 -q --ignore-below 64
stderr_one_line 'cannot judge 2 points .*size 128 .*1 run of A and 1 of B .*at least 4 runs per side' \
	"gate: cannot judge: one line with a point and the runs it needs"
expect_exit 1 "gate: four runs per side, 10% slower at 128, --fail-above 9 exits 1" -- \
	"$CSUMBENCH" compare "$A4" "$B4" --fail-above 9
grep -q 'FAIL: 1 of 3 points' "$TMPD/err" && grep -q 'size 128 .*+9.70%' "$TMPD/err"
ok $? "gate: the failing point is listed"
grep -q 'size 256 .*%' "$TMPD/err" && r=1 || r=0
ok $r "gate: an 8% slowdown under --fail-above 9 does not fail"
expect_exit 0 "gate: --fail-above 15 exits 0" -- \
	"$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" --fail-above 15% --ignore-below 64
grep -q 'pass' "$TMPD/err"; ok $? "gate: the pass is said"
expect_exit 0 "gate: --ignore-below 256 leaves out the regression" -- \
	"$CSUMBENCH" compare "$A4" "$B4" --fail-above 9 --ignore-below 256
expect_exit 0 "gate: -k filter leaving out the regression exits 0" -- \
	"$CSUMBENCH" compare "$A4" "$B4" --fail-above 9 -k 'csum.*,memcpy.x' --ignore-below 200
expect_exit 2 "gate on CSV input, one run per side: cannot judge" -- \
	"$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" --fail-above 5
expect_exit 0 "gate on CSV input, --fail-above 12, exits 0" -- \
	"$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" --fail-above 12 --ignore-below 64
# gate_b.json without its size 512, which gate_a.json lacks.
{ sed -n 1,40p "$D/gate_b.json"; printf '    }\n  ]\n}\n'; } >"$TMPD/gate_b3.json"
expect_exit 0 "gate: B faster than A is no regression" -- \
	"$CSUMBENCH" compare "$TMPD/gate_b3.json" "$D/gate_a.json" --fail-above 5
expect_exit 0 "A against itself passes" -- \
	"$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_a.json" --fail-above 0

# Bad input: exit 2, one line naming the problem.
expect_exit 2 "missing file exits 2" -- "$CSUMBENCH" compare "$TMPD/nosuch.json" "$D/gate_a.json"
stderr_one_line 'nosuch.json' "missing file: one line naming it"
printf '{"benchmarks": [1,]}' >"$TMPD/bad.json"
expect_exit 2 "malformed JSON exits 2" -- "$CSUMBENCH" compare "$TMPD/bad.json" "$D/gate_a.json"
stderr_one_line 'bad.json: malformed JSON: line 1, column 19' "malformed JSON: one line with the position"
printf 'family,kernel,size\nmemcpy,x,64\n' >"$TMPD/bad.csv"
expect_exit 2 "CSV without the needed columns exits 2" -- "$CSUMBENCH" compare "$TMPD/bad.csv" "$D/gate_a.csv"
stderr_one_line 'bad.csv: not a csumbench results file: no column "src_align"' "bad CSV: one line naming it"
head -2 "$D/gate_a.csv" | sed 's/,49,50,/,49,5x0,/' >"$TMPD/bad2.csv"
expect_exit 2 "CSV with a bad number exits 2" -- "$CSUMBENCH" compare "$TMPD/bad2.csv" "$D/gate_a.csv"
stderr_one_line 'bad2.csv: line 2' "bad number: one line naming file and line"
expect_exit 2 "no matching points exits 2" -- "$CSUMBENCH" compare "$D/gate_a.json" "$D/seed_bpf.json" -q
stderr_one_line 'no matching points' "no matching points: one line"
expect_exit 2 "filters leaving nothing exit 2" -- "$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" -f csum
stderr_one_line 'no matching points .*after the filters' "filters leaving nothing: one line"
expect_exit 2 "unknown --a-kernel exits 2" -- "$CSUMBENCH" compare "$D/gate_a.json" --a-kernel nosuch --b-kernel memcpy.x
stderr_one_line 'no kernel "nosuch"' "unknown kernel: one line naming it"
expect_exit 2 "one file without kernels exits 2" -- "$CSUMBENCH" compare "$D/gate_a.json"
stderr_one_line 'needs --a-kernel and --b-kernel' "one file: one line"
expect_exit 2 "bad --style exits 2" -- "$CSUMBENCH" compare --style fancy "$D/gate_a.json" "$D/gate_b.json"
stderr_one_line 'fancy' "bad --style: one line naming it"
expect_exit 2 "bad --fail-above exits 2" -- "$CSUMBENCH" compare --fail-above x5 "$D/gate_a.json" "$D/gate_b.json"
stderr_one_line 'fail-above' "bad --fail-above: one line naming it"
expect_exit 2 "bad --alpha exits 2" -- "$CSUMBENCH" compare --alpha 1.5 "$D/gate_a.json" "$D/gate_b.json"
stderr_one_line 'alpha' "bad --alpha: one line naming it"
expect_exit 2 "bad --ignore-below exits 2" -- "$CSUMBENCH" compare --ignore-below 1Q "$D/gate_a.json" "$D/gate_b.json"
stderr_one_line 'ignore-below' "bad --ignore-below: one line naming it"
expect_exit 2 "bad --cost exits 2" -- "$CSUMBENCH" compare --cost cheap "$D/gate_a.json" "$D/gate_b.json"
stderr_one_line 'cheap' "bad --cost: one line naming it"
"$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" --style csv 2>"$TMPD/err" | cell - size=128 a_median >"$TMPD/out"
grep -qx 203 "$TMPD/out" && grep -q 'net + the overhead' "$TMPD/err"
ok $? "files of net costs: whole calls are net + overhead, and it says so"
"$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" --style csv --cost net 2>/dev/null | cell - size=128 a_median | grep -qx 200
ok $? "--cost net: the engine's net costs"
# Several runs per side: samples pooled.
expect_exit 0 "two runs per side: pooled" -- "$CSUMBENCH" compare "$D/gate_a.json,$D/gate_a.json" "$D/gate_b.json,$D/gate_b.json" --style csv -q
[ "$(cell "$TMPD/out" size=128 a_n) $(cell "$TMPD/out" size=128 b_n)" = "20 20" ]
ok $? "pooled: twice the samples per point"
expect_exit 2 "pooled, two runs per side: too few for the gate" -- "$CSUMBENCH" compare "$D/gate_a.json,$D/gate_a.json" "$D/gate_b.json,$D/gate_b.json" --fail-above 5 -q
expect_exit 1 "pooled, four runs per side: the gate sees the regression" -- "$CSUMBENCH" compare "$A4" "$B4" --fail-above 5 -q
expect_exit 2 "pooling CSV (no samples) exits 2" -- "$CSUMBENCH" compare "$D/gate_a.csv,$D/gate_a.csv" "$D/gate_b.csv"
stderr_one_line 'raw samples' "pooling CSV: one line saying why"
expect_exit 2 "three files exit 2" -- "$CSUMBENCH" compare "$D/gate_a.json" "$D/gate_b.json" "$D/gate_b.json"
stderr_one_line 'unexpected argument' "three files: one line"
expect_exit 0 "compare --help exits 0" -- "$CSUMBENCH" compare --help
for opt in --style --a-kernel --b-kernel --fail-above --alpha --ignore-below --cost --family --kernel --output --quiet; do
	grep -q -- "$opt" "$TMPD/out"; ok $? "compare --help mentions $opt"
done

# JSON results from run, read back by compare; run --baseline.
export CSUMBENCH_TEST_KERNELS=1
expect_exit 0 "run -o r.json exits 0" -- "$CSUMBENCH" run -k memcpy.libc,memcpy.test_libc2 -s 64,256 -r 8 -q -o "$TMPD/r.json"
grep -q '"benchmarks"' "$TMPD/r.json" && grep -q '"context"' "$TMPD/r.json" &&
    grep -q '"samples": \[' "$TMPD/r.json" && grep -q '"time_unit": "ns"' "$TMPD/r.json"
ok $? "JSON results: context, benchmarks, samples, Google Benchmark's fields"
expect_exit 0 "compare reads run's JSON (two kernels of one run)" -- \
	"$CSUMBENCH" compare "$TMPD/r.json" --a-kernel memcpy.libc --b-kernel memcpy.test_libc2 --style csv
[ "$(grep -c '^point,' "$TMPD/out")" -eq 2 ] && grep -q 'signed-rank' "$TMPD/out"
ok $? "two kernels of one run: paired test, one row per size"
expect_exit 0 "run --baseline exits 0" -- "$CSUMBENCH" run -k memcpy.libc,memcpy.test_libc2,memcpy.test_empty -s 64 -r 8 -q --baseline memcpy.libc --style ticks
[ "$(grep -c '^No.of bytes' "$TMPD/out")" -eq 2 ]
ok $? "run --baseline: one table per other kernel of the family"
expect_exit 0 "run --baseline with an unselected kernel adds it" -- "$CSUMBENCH" run -k memcpy.libc -s 64 -r 8 -q --baseline memcpy.test_libc2
grep -q 'A: memcpy.test_libc2 .*B: memcpy.libc' "$TMPD/out"; ok $? "run --baseline K: K measured beside the selection"
expect_exit 2 "run --baseline with a misspelt kernel exits 2" -- "$CSUMBENCH" run -k memcpy.libc -s 64 -q --baseline memcpy.test_libc3
stderr_one_line 'memcpy.test_libc3", did you mean memcpy.test_libc2' "run --baseline: one line naming it, with the closest name"
expect_exit 2 "run --fail-above without --baseline exits 2" -- "$CSUMBENCH" run -k memcpy.libc -s 64 -q --fail-above 5
stderr_one_line 'baseline' "run --fail-above alone: one line"

done_testing
