#!/bin/sh
# Whole-call and net costs, floor-limited points, the physical bound, the
# placement axis and compare's refusals. No timing is asserted: only what
# any measurement must satisfy (no impossible cell) and what the files say.
. "${top_srcdir:-.}/tests/lib.sh"
D="$top_srcdir/tests/data"
export CSUMBENCH_TEST_KERNELS=1

# A run with small kernels (floor-limited points are likely) and an empty
# one (floor-limited at every size): its CSV and its table.
K='memcpy.libc,memcpy.test_empty,memset.libc,csum.ref'
expect_exit 0 "run -o r.csv exits 0" -- "$CSUMBENCH" run -k "$K" -s 0,16,256,4096 -r 5 -q -o "$TMPD/r.csv"
head -1 "$TMPD/r.csv" | tr ',' '\n' >"$TMPD/cols"
r=0
for c in cost distance net_median net_ci_lo net_ci_hi overhead floor_limited bpu_bound above_bound; do
	grep -qx "$c" "$TMPD/cols" || { echo "# no column $c"; r=1; }
done
ok $r "CSV has the cost basis, the placement, the net columns and the checks"
cost=$(cell "$TMPD/r.csv" '*' cost | sort -u | tr '\n' ' ')
[ "$cost" = "whole " ]; ok $? "every row holds whole-call costs ($cost)"
grep -qx 'cost=whole' "$TMPD/r.csv.meta" && grep -q '^distance=' "$TMPD/r.csv.meta"
ok $? "the .meta records the cost basis and the placement"

# No NaN, inf or negative cost anywhere; every empty cell is explained.
awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{
	for (i = 1; i <= NF; i++)
		if ($i ~ /^-?(nan|inf)/) { print "# line " NR ": " $i; bad = 1 }
	split("min median mean ci_lo ci_hi q1 q3 max net_median net_ci_lo net_ci_hi overhead", k, " ")
	for (j in k)
		if ($c[k[j]] != "" && $c[k[j]] + 0 < 0) {
			print "# line " NR ": " k[j] " " $c[k[j]]; bad = 1
		}
	fl = $c["floor_limited"]
	if (fl != 0 && fl != 1) { print "# line " NR ": floor_limited " fl; bad = 1 }
	# A throughput is there exactly when the point is not floor-limited
	# (size 0 has none to give either).
	if (fl == 1 && ($c["bytes_per_unit"] != "" || $c["gbps"] != "" ||
	    $c["mops"] != "" || $c["net_median"] != "")) {
		print "# line " NR ": floor-limited with a throughput or net cost"; bad = 1
	}
	if (fl == 0 && $c["size"] > 0 && $c["bytes_per_unit"] == "") {
		print "# line " NR ": no throughput, not floor-limited"; bad = 1
	}
	if ($c["above_bound"] == 1) { print "# line " NR ": above the bound"; bad = 1 }
}
END { exit bad }' "$TMPD/r.csv"
ok $? "CSV: no NaN, inf or negative cost; throughput iff not floor-limited; none above the bound"
fl=$(cell "$TMPD/r.csv" kernel=memcpy.test_empty floor_limited | sort -u | tr '\n' ' ')
[ "$fl" = "1 " ]; ok $? "the empty kernel is floor-limited at every size ($fl)"
awk -F, 'NR > 1' "$TMPD/r.csv" | wc -l | grep -qx 16
ok $? "one row per kernel and size"

expect_exit 0 "run --format table exits 0" -- "$CSUMBENCH" run -k "$K" -s 16,4096 -r 5 -q --format table
grep -Eiq 'nan|inf|-[0-9]' "$TMPD/out" && r=1 || r=0
ok $r "table: no NaN, inf or negative number"
grep -q '<floor' "$TMPD/out" && grep -q '^<floor: ' "$TMPD/out"
ok $? "table: floor-limited cells marked, and the mark explained"
grep -q 'whole call' "$TMPD/out" && grep -q '^Placement: destination 2048 bytes past' "$TMPD/out"
ok $? "table: says the cost basis and the placement"
expect_exit 0 "run --cost net --format table exits 0" -- "$CSUMBENCH" run -k memcpy.test_empty -s 64 -r 5 -q --format table --cost net
grep -q 'net: the empty call' "$TMPD/out" && grep -Eq '^ +memcpy.test_empty +64 +0/0 +<floor' "$TMPD/out"
ok $? "table, --cost net: labelled net, and no net cost printed for the empty kernel"

# JSON: whole-call samples with their floors.
expect_exit 0 "run -o r.json exits 0" -- "$CSUMBENCH" run -k memcpy.libc -s 64 -r 5 -q -o "$TMPD/r.json"
grep -q '"floor_samples": \[' "$TMPD/r.json" && grep -q '"cost": "whole"' "$TMPD/r.json"
ok $? "JSON: floor_samples beside the samples, the cost basis in the context"

# Placement: --distance is a grid dimension and a part of the key.
expect_exit 0 "run --distance 16,2048 exits 0" -- "$CSUMBENCH" run -k memcpy.libc,memcpy.erms -s 64,4096 --distance 16,2048 -r 5 -q --cpu 0 -o "$TMPD/d.csv"
d=$(cell "$TMPD/d.csv" kernel=memcpy.libc distance | sort -n | uniq -c | awk '{ print $1 "x" $2 }' | tr '\n' ' ')
[ "$d" = "2x16 2x2048 " ]; ok $? "every size at every distance ($d)"
grep -qx 'distance=16,2048' "$TMPD/d.csv.meta"; ok $? "the .meta names the distances"
"$CSUMBENCH" run -k memcpy.libc -s 64 --distance aliased -r 3 -q | cell - '*' distance | tr '\n' ' ' >"$TMPD/al"
[ "$(cat "$TMPD/al")" = "0 16 64 " ]; ok $? "--distance aliased: 0, 16 and 64 ($(cat "$TMPD/al"))"
expect_exit 2 "--distance at the page size exits 2" -- "$CSUMBENCH" run -k memcpy.libc -s 64 --distance 4096 -q
stderr_one_line 'distance.*4096' "--distance 4096: one line naming it"
expect_exit 2 "--distance with a word exits 2" -- "$CSUMBENCH" run -k memcpy.libc -s 64 --distance near -q
stderr_one_line 'near.*aliased, apart' "--distance near: one line naming the presets"
expect_exit 0 "compare matches on the distance" -- "$CSUMBENCH" compare "$TMPD/d.csv" "$TMPD/d.csv" --style csv -q
[ "$(cell "$TMPD/out" 'row=point' distance | sort -n | uniq -c | awk '{ print $1 "x" $2 }' | tr '\n' ' ')" = "4x16 4x2048 " ]
ok $? "compare: one row per distance, its distance in the table"
grep -q 'no match' "$TMPD/err" && r=1 || r=0
ok $r "compare: nothing unmatched"
"$CSUMBENCH" run -k memcpy.libc,memcpy.erms -s 64,4096 -r 5 -q --cpu 0 -o "$TMPD/apart.csv"
expect_exit 2 "compare refuses two placements" -- "$CSUMBENCH" compare "$TMPD/apart.csv" "$TMPD/d.csv" -q
stderr_one_line 'different placements.*distance 16.*--allow-mixed' "different placements: one line naming them and the option"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "distance") c = i }
	NR == 1 || $c == 16' "$TMPD/d.csv" >"$TMPD/d16.csv"
expect_exit 0 "compare --allow-mixed pairs them" -- "$CSUMBENCH" compare "$TMPD/apart.csv" "$TMPD/d16.csv" --allow-mixed --style csv -q
[ "$(grep -c '^point,' "$TMPD/out")" -eq 4 ]; ok $? "--allow-mixed: every point paired across placements"

# Cost bases: an older file (net costs, no cost column) against a new one.
sed '1s/$/,cost/; 2,$s/$/,whole/' "$D/gate_b.csv" >"$TMPD/new.csv"
expect_exit 2 "compare refuses net against whole-call costs" -- "$CSUMBENCH" compare "$D/gate_a.csv" "$TMPD/new.csv" -q
stderr_one_line 'net costs \(not recorded; inferred\).*whole costs.*--allow-mixed' "mixed bases: one line naming both and the option"
# One run per side is too few for the gate across processes: it says it
# cannot judge (exit 2), which it can only say once it compared them.
expect_exit 2 "--allow-mixed compares them (and the gate looks: one run per side, it cannot judge)" -- "$CSUMBENCH" compare "$D/gate_a.csv" "$TMPD/new.csv" --allow-mixed --fail-above 5 -q --ignore-below 64
grep -q 'cannot judge .*1 run of A and 1 of B are too few' "$TMPD/err"
ok $? "... saying why, not refusing the mixed bases"
expect_exit 0 "compare --cost net on a file of net costs" -- "$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_b.csv" --cost net --style csv -q
[ "$(cell "$TMPD/out" size=128 a_median) $(cell "$TMPD/out" size=128 cost)" = "200 net" ]
ok $? "--cost net: the net costs, and the table says so"

# Cover-letter tables from one statistic: one preempted sample (8816
# ticks among calls of about 1135) must not decide any style, and every
# style must tell the same story (B about 5.7% slower).
awk 'BEGIN {
	printf "{\"context\": {\"unit\": \"ticks\", \"timer_hz\": \"2000000000\"},\n"
	printf " \"benchmarks\": [\n"
	for (k = 0; k < 2; k++) {
		printf "  {\"family\": \"csum_diff\", \"kernel\": \"%s\", \"size\": 64, ", k ? "csum_diff.b" : "csum_diff.a"
		printf "\"src_align\": 0, \"dst_align\": 0, \"cache\": \"hot\", "
		printf "\"mode\": \"throughput\", \"unit\": \"ticks\", \"timer_hz\": 2e9, \"samples\": ["
		for (i = 0; i < 31; i++) {
			v = (k ? 1200 : 1135) + (i * 7) % 11 - 5
			if (!k && i == 17)
				v = 8816
			printf "%s%d", i ? ", " : "", v
		}
		printf "]}%s\n", k ? "" : ","
	}
	printf "]}\n"
}' >"$TMPD/pre.json"
for st in bpf ticks markdown csv; do
	"$CSUMBENCH" compare "$TMPD/pre.json" --a-kernel csum_diff.a --b-kernel csum_diff.b --style $st -q >"$TMPD/pre.$st" 2>&1
done
imp=$(awk -F'|' '$2 ~ /^ +64 +$/ { gsub(/[ %~]/, "", $5); print $5 }' "$TMPD/pre.bpf")
dt=$(awk '$1 == 64 { print $8 }' "$TMPD/pre.ticks")
md=$(awk -F'|' '$2 ~ /^ 64 $/ { gsub(/[ %~+]/, "", $5); print $5 }' "$TMPD/pre.markdown")
cv=$(cell "$TMPD/pre.csv" row=point delta_pct)
awk -v i="$imp" -v t="$dt" -v m="$md" -v c="$cv" 'BEGIN {
	d = 1 / (1 + i / 100) - 1	# the rate change as a cost change
	exit !(t > 5 && t < 6.5 && m > 5 && m < 6.5 && c > 5 && c < 6.5 &&
	    d * 100 > 5 && d * 100 < 6.5)
}'
ok $? "a preempted sample decides no style: bpf $imp%, ticks $dt, markdown $md%, csv $cv"
sd=$(awk -F'|' '$2 ~ /^ +64 +$/ { split($3, a, " "); print a[3] + 0 }' "$TMPD/pre.bpf")
awk -v s="$sd" 'BEGIN { exit !(s > 0 && s < 0.02) }'
ok $? "bpf: its spread is the well-behaved samples' (+-$sd M/s), not the outlier's"
head -1 "$TMPD/pre.ticks" | grep -q 'n = 31; timer: ticks at 2.000 GHz; CPU: not recorded; cost: whole call, median'
ok $? "ticks: one header line with n, timer, CPU and cost basis"
grep -q '(negative: B faster)' "$TMPD/pre.ticks" && grep -q 'positive: B faster' "$TMPD/pre.bpf" &&
    grep -q 'Delta (+: B slower)' "$TMPD/pre.markdown"
ok $? "every style says which sign is faster"

done_testing
