#!/bin/sh
# bench-selfcheck.sh - measure csumbench's own precision on this machine:
#
#   A/A            memcpy.libc against memcpy.test_libc2 (the same function
#                  under a second name), interleaved, over the default grid,
#                  RUNS times: the share of points whose medians' 95% CIs do
#                  not overlap (goal: under 1%); also the share that run
#                  --baseline's paired test calls significant at its alpha
#                  (0.05: about 5% is what a fair test shows on no change);
#   repeatability  two consecutive runs of the default grid, every kernel,
#                  hot: the share of points of 256 B and more whose medians
#                  agree within 3% (goal: at least 90%);
#   overhead       memcpy.test_empty over the default grid: the largest
#                  |median - overhead| per call, its whole call less the
#                  median empty call (goal: at most 1 unit), and how many of
#                  its points are floor-limited (all of them, when the core
#                  clock is known);
#   perf           when perf(1) is installed, memcpy.libc at 4 KiB and 1 MiB
#                  (hot) against `perf bench mem memcpy -f default`, the best
#                  of 9 runs pinned to the same CPU (goal: within 20%; perf
#                  prints GiB/s, converted here to GB/s; its median is shown
#                  too).
#
# usage: bench-selfcheck.sh [CSUMBENCH]   (default: csumbench in PATH)
# environment: RUNS (A/A repetitions, default 3), KEEP=DIR to keep the CSVs,
#              EXTRA="options" added to every run (e.g. "--timer ns"),
#              CPU=N to pin every run there (default: the CPU `csumbench
#              info` is started on). Every run uses the same CPU: the CPUs
#              of a virtual machine can differ (here a vCPU whose host
#              sibling was busy ran everything about 40% slower), and
#              repeatability across CPUs is another question.
# Exit status: 0 when every goal is met, 1 when one is not, 2 on error.
# Speeds are never judged: only agreement of csumbench with itself.

CSB=${1:-csumbench}
RUNS=${RUNS:-3}
EXTRA=${EXTRA:-}
LC_ALL=C
export LC_ALL

if ! "$CSB" --version >/dev/null 2>&1; then
	echo "bench-selfcheck: cannot run \"$CSB\"" >&2
	exit 2
fi
if [ -n "$KEEP" ]; then
	D=$KEEP
	mkdir -p "$D" || exit 2
else
	D=$(mktemp -d "${TMPDIR:-/tmp}/csb-selfcheck.XXXXXX") || exit 2
	trap 'rm -rf "$D"' EXIT
fi

run() {
	# run NAME ARGS...: a quiet run into $D/NAME.csv (stdout into
	# $D/NAME.out), or give up.
	name=$1
	shift
	echo "  $CSB run -q $EXTRA $* -o $name.csv" >&2
	# shellcheck disable=SC2086
	if ! "$CSB" run -q $EXTRA "$@" -o "$D/$name.csv" >"$D/$name.out"; then
		echo "bench-selfcheck: csumbench failed" >&2
		exit 2
	fi
}

if [ -z "$CPU" ]; then
	CPU=$("$CSB" info 2>/dev/null | awk '/^pinned to CPU/ { print $4 }')
fi
case $CPU in
''|*[!0-9]*)
	echo "bench-selfcheck: cannot tell which CPU to use (set CPU=N)" >&2
	exit 2 ;;
esac
EXTRA="--cpu $CPU $EXTRA"

echo "csumbench self-check: $("$CSB" --version), $(date -u +%Y-%m-%dT%H:%M:%SZ), CPU $CPU"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "commands:" >&2

# A/A, RUNS times over the default grid.
i=1
while [ "$i" -le "$RUNS" ]; do
	CSUMBENCH_TEST_KERNELS=1 run "aa$i" -k memcpy.libc,memcpy.test_libc2 \
	    -s default --baseline memcpy.libc --style csv
	i=$((i + 1))
done
# Repeatability: two runs of the default grid, all kernels.
run rep1 -s default
run rep2 -s default
# Overhead.
CSUMBENCH_TEST_KERNELS=1 run empty -k memcpy.test_empty -s default

# Agreement with perf bench, on the CPU csumbench pins itself to.
cpu=$(sed -n 's/^cpu_pinned=//p' "$D/rep1.csv.meta")
perf_ok=
if command -v perf >/dev/null 2>&1 && command -v taskset >/dev/null 2>&1 &&
    [ -n "$cpu" ] && [ "$cpu" != none ]; then
	run perf -k memcpy.libc -s 4K,1M
	for s in 4KB 1MB; do
		case $s in 4KB) l=20000 ;; *) l=200 ;; esac
		echo "  taskset -c $cpu perf bench mem memcpy -f default -s $s -l $l   (x9)" >&2
		i=0
		while [ $i -lt 9 ]; do
			taskset -c "$cpu" perf bench mem memcpy -f default -s $s \
			    -l $l 2>/dev/null | awk '/GB\/sec/ { print $1 }'
			i=$((i + 1))
		done | sort -n | awk 'NF { v[++n] = $1 }
		    END { if (n) printf "%.3f %.3f\n", v[n] * 1.073741824,
		        v[int((n + 1) / 2)] * 1.073741824 }' >"$D/perf_$s"
	done
	perf_ok=1
fi

unit=$(sed -n 's/^unit=//p' "$D/rep1.csv.meta")
timer=$(sed -n 's/^timer=//p' "$D/rep1.csv.meta")

# A/A: pair the two kernels' rows by position within each run's file.
aa=$(for f in "$D"/aa*.csv; do
	awk -F, '
	FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		key = $c["size"] "/" $c["src_align"] "/" $c["dst_align"] "/" \
		    $c["cache"] "/" $c["mode"]
		if ($c["kernel"] == "memcpy.libc") {
			alo[key] = $c["ci_lo"]; ahi[key] = $c["ci_hi"]
		} else {
			blo[key] = $c["ci_lo"]; bhi[key] = $c["ci_hi"]
		}
	}
	END {
		for (k in alo) {
			if (!(k in blo))
				continue
			n++
			if (ahi[k] + 0 < blo[k] + 0 || bhi[k] + 0 < alo[k] + 0)
				d++
		}
		printf "%d %d\n", n, d
	}' "$f"
done | awk '{ n += $1; d += $2 } END { printf "%d %d\n", n, d }')
aa_n=${aa% *}
aa_d=${aa#* }
# The paired test of run --baseline, from its delta table.
aa_sig=$(cat "$D"/aa*.out | awk -F, '
	NR == 1 || $1 == "row" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$1 == "point" { n++; if ($c["significant"] == "yes") s++ }
	END { printf "%d %d\n", n, s }')

# Repeatability: same point in both runs, size >= 256.
rep=$(awk -F, '
	FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; file++; next }
	$c["size"] + 0 >= 256 {
		key = $c["kernel"] "/" $c["size"] "/" $c["src_align"] "/" \
		    $c["dst_align"] "/" $c["cache"] "/" $c["mode"]
		if (file == 1)
			m1[key] = $c["median"]
		else
			m2[key] = $c["median"]
	}
	END {
		for (k in m1) {
			if (!(k in m2) || m1[k] + 0 <= 0)
				continue
			n++
			r = (m2[k] - m1[k]) / m1[k]
			if (r < 0)
				r = -r
			if (r <= 0.03)
				ok++
			else
				worst = worst sprintf(" %s:%+.1f%%", k, \
				    (m2[k] - m1[k]) / m1[k] * 100)
		}
		printf "%d %d%s\n", n, ok, worst
	}' "$D/rep1.csv" "$D/rep2.csv")
rep_n=$(echo "$rep" | cut -d' ' -f1)
rep_ok=$(echo "$rep" | cut -d' ' -f2)
rep_bad=$(echo "$rep" | cut -d' ' -f3-)

# Overhead: the largest |median - overhead| (the empty kernel's net cost,
# whole call less the median floor) and the median of those.
ovh=$(awk -F, '
	FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		m = $c["median"] - $c["overhead"]
		fl += $c["floor_limited"]
		a = m < 0 ? -m : m
		if (a > max)
			max = a
		v[++n] = m
	}
	END {
		# insertion sort: the grid is small
		for (i = 2; i <= n; i++) {
			x = v[i]
			for (j = i - 1; j >= 1 && v[j] > x; j--)
				v[j + 1] = v[j]
			v[j + 1] = x
		}
		med = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
		printf "%d %.3f %.3f %d\n", n, max, med, fl
	}' "$D/empty.csv")
ovh_n=$(echo "$ovh" | cut -d' ' -f1)
ovh_max=$(echo "$ovh" | cut -d' ' -f2)
ovh_med=$(echo "$ovh" | cut -d' ' -f3)
ovh_fl=$(echo "$ovh" | cut -d' ' -f4)

fail=0
# verdict STATUS: "ok" or "NOT MET" (runs in $(...), so the caller records
# a failure with note).
verdict() {
	if [ "$1" -eq 0 ]; then echo "ok"; else echo "NOT MET"; fi
}
note() {
	[ "$1" = ok ] || fail=1
}
echo "timer: $timer, unit: $unit"
echo
v=$(awk -v n="$aa_n" -v d="$aa_d" 'BEGIN { exit !(n > 0 && d / n < 0.01) }'; verdict $?)
note "$v"
printf "A/A            %d of %d points differ (CIs disjoint): %.1f%%   goal < 1%%        %s\n" \
    "$aa_d" "$aa_n" "$(awk -v n="$aa_n" -v d="$aa_d" 'BEGIN { print n ? d * 100 / n : 0 }')" "$v"
printf "               (run --baseline's paired test: %s of %s significant at its alpha)\n" \
    "${aa_sig#* }" "${aa_sig% *}"
v=$(awk -v n="$rep_n" -v k="$rep_ok" 'BEGIN { exit !(n > 0 && k / n >= 0.9) }'; verdict $?)
note "$v"
printf "repeatability  %d of %d points >= 256 B within 3%%: %.1f%%   goal >= 90%%       %s\n" \
    "$rep_ok" "$rep_n" "$(awk -v n="$rep_n" -v k="$rep_ok" 'BEGIN { print n ? k * 100 / n : 0 }')" "$v"
v=$(awk -v m="$ovh_max" 'BEGIN { exit !(m <= 1) }'; verdict $?)
note "$v"
printf "overhead       empty kernel: max |median - overhead| %s %s, median %s, over %d points   goal <= 1 %s   %s\n" \
    "$ovh_max" "$unit" "$ovh_med" "$ovh_n" "$unit" "$v"
printf "               (floor-limited at %s of its %s points: no throughput given there)\n" \
    "$ovh_fl" "$ovh_n"
if [ -n "$perf_ok" ]; then
	for s in 4KB 1MB; do
		case $s in 4KB) sz=4096 ;; *) sz=1048576 ;; esac
		ours=$(awk -F, -v sz="$sz" '
		    FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		    $c["size"] == sz { print $c["gbps"] }' "$D/perf.csv")
		# perf's best of 9: it times whole loops, so anything else
		# running only slows it; its best run is its undisturbed figure,
		# which is what csumbench's median of short samples estimates.
		theirs=$(cut -d' ' -f1 "$D/perf_$s")
		theirs_med=$(cut -d' ' -f2 "$D/perf_$s")
		if [ -n "$ours" ] && [ -n "$theirs" ]; then
			r=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%+.1f", (a - b) / b * 100 }')
			v=$(awk -v r="$r" 'BEGIN { exit !(r <= 20 && r >= -20) }'; verdict $?)
			note "$v"
			printf "perf bench     memcpy.libc %s: csumbench %.1f GB/s, perf bench best %.1f (median %.1f) of 9: %s%%   goal within 20%%   %s\n" \
			    "$s" "$ours" "$theirs" "$theirs_med" "$r" "$v"
		fi
	done
else
	echo "perf bench     skipped (perf or taskset not found, or not pinned)"
fi
[ -n "$rep_bad" ] && echo "points outside 3%:$rep_bad" | fold -s -w 78
[ -n "$KEEP" ] && echo "results kept in $D"
case $fail$aa_n in
0*) exit 0 ;;
*) exit 1 ;;
esac
