#!/bin/sh
# Measurement options: timers, pinning, cache states, latency mode,
# adaptive sampling, the .meta sidecar. Never asserts a speed.
. "${top_srcdir:-.}/tests/lib.sh"

R="$CSUMBENCH run -q -r 5"

# Bad values: exit 2, one line naming the problem.
expect_exit 2 "--timer sundial exits 2" -- $R --timer sundial -k csum.ref -s 64
stderr_one_line 'sundial' "--timer sundial: one line naming it"
expect_exit 2 "--mode sideways exits 2" -- $R --mode sideways -k csum.ref -s 64
stderr_one_line 'sideways' "--mode sideways: one line naming it"
expect_exit 2 "--cache hot,tepid exits 2" -- $R --cache hot,tepid -k csum.ref -s 64
stderr_one_line 'hot,tepid' "--cache hot,tepid: one line naming it"
expect_exit 2 "--cpu x exits 2" -- $R --cpu x -k csum.ref -s 64
stderr_one_line '--cpu' "--cpu x: one line naming it"
expect_exit 2 "--cpu 4095 (not ours) exits 2" -- $R --cpu 4095 -k csum.ref -s 64
stderr_one_line '--cpu: 4095 is not a CPU' "--cpu 4095: one line naming it"
expect_exit 2 "--target-ci abc exits 2" -- $R --target-ci abc -k csum.ref -s 64
stderr_one_line '--target-ci' "--target-ci abc: one line naming it"
expect_exit 2 "--target-ci 150% exits 2" -- $R --target-ci 150% -k csum.ref -s 64
stderr_one_line '--target-ci' "--target-ci 150%: one line naming it"
expect_exit 2 "--max-time 5parsecs exits 2" -- $R --max-time 5parsecs -k csum.ref -s 64
stderr_one_line '5parsecs' "--max-time 5parsecs: one line naming it"
expect_exit 2 "--min-time -1 exits 2" -- $R --min-time -1 -k csum.ref -s 64
stderr_one_line '--min-time' "--min-time -1: one line naming it"
expect_exit 2 "--min-time above --max-time exits 2" -- $R --min-time 1s --max-time 10ms -k csum.ref -s 64
stderr_one_line 'min-time' "--min-time > --max-time: one line naming it"
expect_exit 2 "info --timer sundial exits 2" -- "$CSUMBENCH" info --timer sundial
stderr_one_line 'sundial' "info --timer sundial: one line naming it"

# --timer ns works and says so in the CSV and the sidecar.
expect_exit 0 "--timer ns runs" -- $R --timer ns -k csum.ref -s 64 -o "$TMPD/ns.csv"
[ "$(cell "$TMPD/ns.csv" '*' unit | sort -u)" = ns ]; ok $? "--timer ns: unit column is ns"
grep -qx 'timer=clock_gettime' "$TMPD/ns.csv.meta"; ok $? "--timer ns: .meta has timer=clock_gettime"
grep -qx 'unit=ns' "$TMPD/ns.csv.meta"; ok $? "--timer ns: .meta has unit=ns"
grep -qx 'timer_requested=ns' "$TMPD/ns.csv.meta"; ok $? "--timer ns: .meta has timer_requested=ns"

# --timer cycles: works, or exits 2 with one line saying why.
$R --timer cycles -k csum.ref -s 64 -o "$TMPD/cy.csv" >"$TMPD/out" 2>"$TMPD/err"
rc=$?
if [ $rc -eq 0 ]; then
	[ "$(cell "$TMPD/cy.csv" '*' unit | sort -u)" = cycles ]; ok $? "--timer cycles: unit column is cycles"
else
	[ $rc -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] && grep -q 'cycles' "$TMPD/err"
	ok $? "--timer cycles unavailable: exit 2, one line ($(cat "$TMPD/err"))"
fi

# auto: the sidecar has the timer and unit, and why it fell back if it did.
expect_exit 0 "default run with -o" -- $R -k csum.ref,memcpy.libc -s 64,256 -o "$TMPD/a.csv"
for k in timer unit timer_hz timer_requested timer_fallback cpu_pinned target_ci_pct min_time_s max_time_s samples_min samples_max; do
	grep -q "^$k=" "$TMPD/a.csv.meta"; ok $? ".meta has $k"
done
u=$(sed -n 's/^unit=//p' "$TMPD/a.csv.meta")
[ "$(cell "$TMPD/a.csv" '*' unit | sort -u)" = "$u" ]; ok $? ".meta unit ($u) matches the CSV's"
t=$(sed -n 's/^timer=//p' "$TMPD/a.csv.meta")
f=$(sed -n 's/^timer_fallback=//p' "$TMPD/a.csv.meta")
case $t in
perf-*) [ -z "$f" ] ;;
*) [ -n "$f" ] ;;
esac
ok $? "auto: timer $t, fallback reason given exactly when not cycles"
head -1 "$TMPD/a.csv" | tr ',' '\n' | grep -qx est_cycles; ok $? "CSV has an est_cycles column"
if grep -q '^est_core_hz=' "$TMPD/a.csv.meta"; then
	grep -q '^est_core_hz_method=dependent-add' "$TMPD/a.csv.meta"; ok $? ".meta labels est_core_hz as a dependent-add estimate"
else
	skip "no core clock estimate on this architecture"
fi

# Pinning.
expect_exit 0 "--cpu 0 runs" -- $R --cpu 0 -k csum.ref -s 64 -o "$TMPD/c0.csv"
grep -qx 'cpu_pinned=0' "$TMPD/c0.csv.meta"; ok $? "--cpu 0: .meta has cpu_pinned=0"
expect_exit 0 "--cpu any runs" -- $R --cpu any -k csum.ref -s 64 -o "$TMPD/ca.csv"
grep -qx 'cpu_pinned=none' "$TMPD/ca.csv.meta"; ok $? "--cpu any: .meta has cpu_pinned=none"

# Latency mode, and both modes in one run.
expect_exit 0 "--mode latency runs" -- $R --mode latency -k 'csum.*,memcpy.libc,memset.libc,csum_copy.*,csum_diff.direct' -s 20,40 -o "$TMPD/lat.csv"
[ "$(cell "$TMPD/lat.csv" '*' mode | sort -u)" = latency ]; ok $? "--mode latency: every row has mode=latency"
n=$(($(wc -l <"$TMPD/lat.csv") - 1))
[ "$n" -gt 0 ]; ok $? "--mode latency: $n rows"
v=$(cell "$TMPD/lat.csv" '*' median) && ! echo "$v" | grep -qx ''; ok $? "--mode latency: every row has a median"
expect_exit 0 "--mode throughput,latency runs" -- $R --mode throughput,latency -k csum.ref -s 20,40 -o "$TMPD/both.csv"
[ "$(cell "$TMPD/both.csv" '*' mode | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')" = "latency:2 throughput:2 " ]
ok $? "--mode throughput,latency: two rows of each"

# Cold cache, and page-crossing offsets in both states.
expect_exit 0 "--cache cold runs" -- $R --cache cold -k csum.generic64,memcpy.libc -s 64 -o "$TMPD/cold.csv"
[ "$(cell "$TMPD/cold.csv" '*' cache | sort -u)" = cold ]; ok $? "--cache cold: every row has cache=cold"
grep -qx 'cold_order=random' "$TMPD/cold.csv.meta"; ok $? "--cache cold: .meta says the pool is visited in random order"
expect_exit 0 "page-crossing offsets run hot and cold" -- $R --cache hot,cold -k csum.generic64,memcpy.libc -s 64 -a '4095/0;0/4090;4064/4064' -o "$TMPD/page.csv"
[ "$(cell "$TMPD/page.csv" '*' src_align | sort -un | tr '\n' ' ')" = "0 4064 4095 " ]; ok $? "page-crossing offsets are kept"

# Adaptive sampling: without a target, exactly --reps samples.
expect_exit 0 "--target-ci 0 runs" -- $R -r 7 --target-ci 0 -k csum.ref -s 64,128 -o "$TMPD/fix.csv"
[ "$(cell "$TMPD/fix.csv" '*' samples | sort -u)" = 7 ]; ok $? "--target-ci 0 -r 7: every point has 7 samples"
# An unreachable target: sampling stops at --max-time and says so.
expect_exit 0 "an unreachable --target-ci stops" -- "$CSUMBENCH" run -r 5 --target-ci 0.00001% --max-time 20ms -k csum.ref,csum.generic64 -s 64 -o "$TMPD/ad.csv"
min=$(cell "$TMPD/ad.csv" '*' samples | sort -n | head -1)
[ "$min" -gt 5 ]; ok $? "the target adds samples beyond --reps ($min)"
max=$(sed -n 's/^samples_max=//p' "$TMPD/ad.csv.meta")
[ "$max" = "$(cell "$TMPD/ad.csv" '*' samples | sort -n | tail -1)" ]; ok $? ".meta samples_max matches the CSV ($max)"
! grep -q 'no-ci)' "$TMPD/err"; ok $? "unreached target between kernels far apart: it decides nothing, no warning"
short=$(sed -n 's/^points_short_of_target_ci=//p' "$TMPD/ad.csv.meta")
[ "$short" -ge 1 ]; ok $? ".meta counts points short of the target ($short)"
# --min-time adds samples too.
expect_exit 0 "--min-time runs" -- $R -r 5 --target-ci 0 --min-time 5ms -k csum.ref -s 64 -o "$TMPD/mt.csv"
[ "$(cell "$TMPD/mt.csv" '*' samples)" -gt 5 ]; ok $? "--min-time 5ms: more than 5 samples"

# Warnings: too few samples.
"$CSUMBENCH" run -r 3 --target-ci 0 -k csum.ref -s 64 -o "$TMPD/few.csv" 2>"$TMPD/err" >/dev/null
grep -q 'only 3 samples a point: --reps 10 or more (-W no-few)$' "$TMPD/err"
ok $? "-r 3 --target-ci 0: warned about too few samples"
# The warning is of the samples taken: -r 3 with --min-time 5ms takes more.
"$CSUMBENCH" run -r 3 --target-ci 0 --min-time 5ms -k csum.ref -s 64 -o "$TMPD/few.csv" 2>"$TMPD/err" >/dev/null
n=$(cell "$TMPD/few.csv" '*' samples)
[ "$n" -ge 10 ] && ! grep -q 'no-few)' "$TMPD/err"
ok $? "-r 3 with --min-time 5ms: $n samples taken, no warning about too few"

# info describes the timer choice and the estimate.
expect_exit 0 "info --timer ns" -- "$CSUMBENCH" info --timer ns
grep -q '^timer  *clock_gettime, unit ns' "$TMPD/out"; ok $? "info --timer ns: says clock_gettime, ns"
expect_exit 0 "info" -- "$CSUMBENCH" info
grep -q '^core clock ' "$TMPD/out"; ok $? "info shows the core clock line"

done_testing
