#!/bin/sh
# bench-goals.sh - measure the x86-64 kernels' speed goals and print each
# measured ratio beside its goal.
#
#   sh scripts/bench-goals.sh [-n RUNS] [-r REPS] [-k] [-m MASK [-G]]
#       [-l OBJECT] [-L LAYOUTS [-K OBJECT]]
#
# The goals (hot, L1-resident buffers; every ratio comes from one
# `csumbench run` in which the kernels compared are interleaved, so drift
# of a shared machine hits them alike):
#   1. best csum at 4 KiB >= 4x csum.generic64, and >= 1.5x the bytes per
#      unit of memcpy.libc at 4 KiB (a checksum only reads; a copy reads
#      and writes; printed, but no goal, with -m); best csum at 4 and
#      16 KiB >= 80% of the L1 load ceiling (csumbench ceilings, measured
#      before each run in the same process environment, the highest
#      counting: with -m, the vector widths the mask leaves);
#   2. best fused csum_copy at 4 KiB >= 1.3x faster than csum_copy.twopass
#      and than memcpy.libc plus the best csum, and <= 1.1x the time of
#      memcpy.libc;
#   3. memcpy.auto and memset.auto >= 0.95x the speed of libc at every size
#      of the default grid from 64 bytes up (aim: 1.0x); sizes where they
#      lose are named;
#   4. csum.auto at 20 and 40 bytes no slower than the best scalar kernel
#      (csum.adc, csum.generic64, csum.generic32);
#   5. with -l OBJECT, a kernel object holding the Linux kernel's own
#      csum_partial (built outside this tree from the public source, with
#      <csumbench/linux_compat.h> for its include lines and the one-line
#      wrapper of csumbench-kernel(3)): csum.auto no slower than it at any
#      size from 1 B to 64 KiB, 20 and 40 B included.
# "Best" is the lowest median among the family's kernels available here,
# the reference and the baselines aside. Each comparison is run RUNS times
# (default 5; separate processes, so code and buffer placement differ) and
# each kernel's time is the median of its per-run medians: at a few cycles
# per call, placement moves a kernel by a cycle from one process to the
# next, more than the samples within one run vary. Times are whole calls
# (the median, which csumbench records as whole calls; for results of an
# older csumbench, net, plus the overhead column), so ratios at a few
# cycles per call stay meaningful.
#
# -L LAYOUTS judges the small sizes across code layouts: memcpy.auto,
# memset.auto and csum.auto are then timed from the built-in kernels as a
# kernel object (-K OBJECT; by default csumbench-kernels.so beside
# csumbench, else in pkg-config's kernelsdir) loaded LAYOUTS times (1 to
# 4, run --replicas), each copy's code at another offset in its page. At
# 64-256 bytes a call is 8-12 core cycles and where the code sits moves
# it by one, more than the processes of -n do (they share the linker's
# layout). A goal is then judged on the median over the layouts, and the
# report says in how many layouts it was missed.
#
# -m MASK runs every comparison with CSUMBENCH_CPU_MASK=MASK (e.g.
# avx512: the AVX2 paths of an AVX-512 CPU, as on a CPU without it) and,
# so that libc is measured on the same footing, with glibc's own code
# choice masked alike through GLIBC_TUNABLES=glibc.cpu.hwcaps=-... (for
# avx512, avx2 and avx; -G leaves the C library alone). The report names
# the CPU, the mask and the tunable in force.
#
# csumbench is $CSUMBENCH, else the one in PATH, else ./csumbench.
# -r REPS is passed to csumbench run (default 51). csumbench's warnings
# about an untrustworthy machine (load, hypervisor, frequency scaling) are
# repeated on stderr, once each. -k keeps the CSV files (their directory
# is printed). Exit status: 0 every goal met, 1 some goal
# missed, 2 usage error or csumbench failed.
set -u

runs=5
reps=51
keep=0
mask=
glibc=1
lso=
layouts=0
kso=
while getopts "n:r:km:Gl:L:K:" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	r) reps=$OPTARG ;;
	k) keep=1 ;;
	m) mask=$OPTARG ;;
	G) glibc=0 ;;
	l) lso=$OPTARG ;;
	L) layouts=$OPTARG ;;
	K) kso=$OPTARG ;;
	*) echo "usage: bench-goals.sh [-n RUNS] [-r REPS] [-k] [-m MASK [-G]]" \
	       "[-l OBJECT] [-L LAYOUTS [-K OBJECT]]" >&2
	   exit 2 ;;
	esac
done
case $runs in
''|*[!0-9]*|0) echo "bench-goals.sh: -n wants a positive count" >&2; exit 2 ;;
esac
case $layouts in
[0-4]) ;;
*) echo "bench-goals.sh: -L wants a count of layouts from 1 to 4" >&2; exit 2 ;;
esac

if [ -n "${CSUMBENCH:-}" ]; then
	case $CSUMBENCH in
	*/*) cb=$CSUMBENCH ;;
	*) cb=$(command -v "$CSUMBENCH") ;;
	esac
elif command -v csumbench >/dev/null 2>&1; then
	cb=$(command -v csumbench)
elif [ -x ./csumbench ]; then
	cb=./csumbench
fi
# The mask, for csumbench and (unless -G) for glibc's own choice.
if [ -n "$mask" ]; then
	CSUMBENCH_CPU_MASK=$mask
	export CSUMBENCH_CPU_MASK
	off=
	for f in $(echo "$mask" | tr , ' '); do
		case $f in
		avx) off="$off,-AVX,-AVX2" ;;
		avx2) off="$off,-AVX2" ;;
		esac
		case $f in
		avx|avx2|avx512*)
			off="$off,-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD" ;;
		esac
	done
	if [ "$glibc" -eq 1 ] && [ -n "$off" ]; then
		GLIBC_TUNABLES="glibc.cpu.hwcaps=${off#,}${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}"
		export GLIBC_TUNABLES
	fi
fi

if [ -z "${cb:-}" ] || ! [ -x "$cb" ]; then
	echo "bench-goals.sh: csumbench not found or not executable" \
	    "(set CSUMBENCH)" >&2
	exit 2
fi

# The built-in kernels as an object, for -L.
if [ "$layouts" -gt 0 ] && [ -z "$kso" ]; then
	kso=$(dirname "$cb")/csumbench-kernels.so
	[ -f "$kso" ] ||
	    kso=$(pkg-config --variable=kernelsdir csumbench 2>/dev/null)/csumbench-kernels.so
fi
if [ "$layouts" -gt 0 ] && ! [ -f "$kso" ]; then
	echo "bench-goals.sh: -L: no csumbench-kernels.so found (give -K OBJECT)" >&2
	exit 2
fi
# What -L adds to a run, and how it names the .auto kernel.
lay=
auto=
if [ "$layouts" -gt 0 ]; then
	lay="--load $kso=lay --replicas $layouts"
	auto='lay*:'
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-goals.XXXXXX") || exit 2
if [ "$keep" -eq 0 ]; then
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 2' HUP INT TERM
fi

# run NAME KERNELS SIZES [OPTION...]: one interleaved comparison, CSV in
# $tmp/NAME.I.csv for run I.
run() {
	n=$1; k=$2; z=$3
	shift 3
	if ! "$cb" run -r "$reps" -k "$k" -s "$z" -o "$tmp/$n.$i.csv" "$@" \
	    2>>"$tmp/stderr"; then
		cat "$tmp/stderr" >&2
		echo "bench-goals.sh: csumbench run -k '$k' -s '$z' failed" >&2
		exit 2
	fi
}

if ! "$cb" info >"$tmp/info" 2>"$tmp/stderr"; then
	cat "$tmp/stderr" >&2
	echo "bench-goals.sh: csumbench info failed" >&2
	exit 2
fi
awk '
$1 == "brand" || $1 == "cpu" || $1 == "features" || $1 == "timer" ||
$1 == "compiler" || $1 == "cflags" || $1 == "tuning"' "$tmp/info"
echo "mask           ${CSUMBENCH_CPU_MASK:-none}${GLIBC_TUNABLES:+ (libc: GLIBC_TUNABLES=$GLIBC_TUNABLES)}"
echo "csumbench: $cb; $runs run(s) of each comparison, $reps samples per point"
[ "$layouts" -gt 0 ] &&
    echo "layouts: memcpy.auto, memset.auto and csum.auto in $layouts code layouts ($kso)"

# The L1 load ceiling, with the features the mask leaves (bytes per unit
# of the same timer as the runs), measured before each run's comparisons:
# a ceiling is a peak, so the highest of them counts, and a moment of a
# slower machine cannot lower it.
l1load=
ceiling() {
	if ! "$cb" ceilings --time 3 --format csv -o "$tmp/ceilings.txt" \
	    2>>"$tmp/stderr"; then
		cat "$tmp/stderr" >&2
		echo "bench-goals.sh: csumbench ceilings failed" >&2
		exit 2
	fi
	l1load=$(awk -F, -v prev="$l1load" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["level"] == "l1" && $c["pattern"] == "load" {
		split(prev, p, " ")
		if (prev != "" && p[1] + 0 >= $c["bytes_per_unit"] + 0)
			print prev
		else
			print $c["bytes_per_unit"] " " $c["isa"]
	}' "$tmp/ceilings.txt")
}

i=1
while [ "$i" -le "$runs" ]; do
	ceiling
	run csum 'csum.*,memcpy.libc' 4096,16384
	run csum_copy 'csum_copy.*,csum.*,memcpy.libc' 4096
	# shellcheck disable=SC2086 # $lay is words
	run memcpy "memcpy.libc,${auto}memcpy.auto" default $lay
	# shellcheck disable=SC2086
	run memset "memset.libc,${auto}memset.auto" default $lay
	# shellcheck disable=SC2086
	run small "csum.adc,csum.generic64,csum.generic32,${auto}csum.auto" \
	    20,40 $lay
	# shellcheck disable=SC2086
	[ -n "$lso" ] && run linux "${auto}csum.auto,linux:csum.*" \
	    1,2,3,4,7,8,15,16,20,32,40,64,128,256,512,1K,1500,2K,4K,16K,64K \
	    --load "$lso=linux" $lay
	i=$((i + 1))
done
echo "L1 load ceiling ${l1load:-unknown} (bytes per unit, loop; the highest of $runs)"

# All CSVs through one awk program: it reads the header of each file for
# the column numbers, keeps median[kernel, size], then checks the goals.
awk -F, '
FNR == 1 {
	for (i = 1; i <= NF; i++)
		col[$i] = i
	# $tmp/NAME.I.csv -> $tmp/NAME.csv: runs of one comparison pool.
	f = FILENAME
	sub(/\.[0-9]+\.csv$/, ".csv", f)
	next
}
{
	k = $col["kernel"]; s = $col["size"] + 0
	# -L: "lay.2:memcpy.auto" is memcpy.auto in layout lay.2.
	lk = k
	if (k ~ /^lay(\.[0-9]+)?:/) {
		lid = substr(k, 1, index(k, ":") - 1)
		k = substr(k, index(k, ":") + 1)
		lk = k "#" lid
		layk[f, k, lid] = 1
	}
	n = ++nmed[f, lk, s]
	# The whole call as a caller pays it: the median, which is of whole
	# calls where the file says so (a cost column), else the net median
	# of an older csumbench plus the empty-call floor it subtracted. At
	# a few cycles per call a ratio of net costs is a ratio of small
	# differences (even of a negative one); whole calls keep ratios
	# meaningful.
	whole = ("cost" in col) && $col["cost"] == "whole"
	val[f, lk, s, n] = $col["median"] + (whole ? 0 : $col["overhead"])
	unit = $col["unit"]
	if (!((f, s) in seen)) {
		seen[f, s] = 1
		nsz[f]++
		sz[f, nsz[f]] = s
	}
	kern[f, k] = 1
}
# Median of the per-run medians of every (comparison, kernel, size).
function pool(    key, parts, n, i, j, t, a) {
	for (key in nmed) {
		split(key, parts, SUBSEP)
		n = nmed[key]
		for (i = 1; i <= n; i++)
			a[i] = val[parts[1], parts[2], parts[3], i]
		for (i = 2; i <= n; i++)	# insertion sort: n is small
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		med[key] = n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
}
# -L: the time of a kernel is the median over its layouts of their medians;
# nl[f, k] layouts, named lname[f, k, 1..].
function lpool(    key, parts, f, k, i, j, n, s, t, a, x) {
	for (key in layk) {
		split(key, parts, SUBSEP)
		nl[parts[1], parts[2]]++
		lname[parts[1], parts[2], nl[parts[1], parts[2]]] = parts[3]
	}
	for (key in nl) {
		split(key, parts, SUBSEP)
		f = parts[1]; k = parts[2]; n = nl[key]
		for (j = 1; j <= nsz[f]; j++) {
			s = sz[f, j]
			for (i = 1; i <= n; i++)
				a[i] = med[f, k "#" lname[f, k, i], s]
			for (i = 2; i <= n; i++)
				for (t = i; t > 1 && a[t - 1] > a[t]; t--) {
					x = a[t]; a[t] = a[t - 1]; a[t - 1] = x
				}
			med[f, k, s] = n % 2 ? a[(n + 1) / 2] : \
			    (a[n / 2] + a[n / 2 + 1]) / 2
		}
	}
}
# -L: "; below in 1 of 4 layouts (worst 0.90x)": the ratio num over the time of k
# in each layout of k at size s against goal; "" without layouts.
function layouts(f, k, s, num, goal,    i, r, lo, below) {
	if (!((f, k) in nl))
		return ""
	below = 0; lo = ""
	for (i = 1; i <= nl[f, k]; i++) {
		r = num / med[f, k "#" lname[f, k, i], s]
		if (r < goal * 0.99)
			below++
		if (lo == "" || r < lo)
			lo = r
	}
	return sprintf("; below in %d of %d layouts (worst %.3fx)", below, \
	    nl[f, k], lo)
}
function best(f, s, pre, skip,    key, parts, k, m, b) {
	b = ""
	for (key in kern) {
		split(key, parts, SUBSEP)
		if (parts[1] != f)
			continue
		k = parts[2]
		if (index(k, pre) != 1 || k ~ skip)
			continue
		if (!((f, k, s) in med))
			continue
		m = med[f, k, s]
		if (b == "" || m < med[f, b, s])
			b = k
	}
	return b
}
# A goal is met within 1%: at tens of bytes a call takes a few cycles, the
# timer resolves one, and two kernels of equal cycle counts differ in the
# third decimal only by rounding.
function report(what, ratio, goal, cmp,    ok) {
	ok = (cmp == ">=") ? ratio >= goal * 0.99 : ratio <= goal * 1.01
	printf "%-62s %7.2fx  goal %s %.2fx  %s\n", what, ratio, cmp, goal, \
	    ok ? "ok" : "MISSED"
	if (!ok)
		missed++
}
END {
	pool()
	lpool()
	missed = 0
	csv = dir "/csum.csv"
	b = best(csv, 4096, "csum.", "^csum\\.(ref|generic)")
	printf "hot L1; time = median %s per whole call, floor included (median over runs)\n\n", unit
	report("csum 4 KiB: csum.generic64 / " b, \
	    med[csv, "csum.generic64", 4096] / med[csv, b, 4096], 4, ">=")
	# Not a goal with a mask: the memcpy of glibc may still use what the
	# mask hides from ours (on AVX-512, glibc ignores the mask).
	r = med[csv, "memcpy.libc", 4096] / med[csv, b, 4096]
	if (mask == "")
		report("csum 4 KiB: bytes/unit of " b " / memcpy.libc", r, \
		    1.5, ">=")
	else
		printf "%-62s %7.2fx  (no goal with a mask)\n", \
		    "csum 4 KiB: bytes/unit of " b " / memcpy.libc", r
	split(l1load, lp, " ")
	for (s = 4096; s <= 16384; s *= 4) {
		b = best(csv, s, "csum.", "^csum\\.(ref|generic)")
		if (lp[1] > 0)
			report(sprintf("csum %d KiB: bytes/unit of %s / L1 load ceiling", \
			    s / 1024, b), s / med[csv, b, s] / lp[1], 0.8, ">=")
	}

	csv = dir "/csum_copy.csv"
	f = best(csv, 4096, "csum_copy.", "^csum_copy\\.(ref|twopass)$")
	c = best(csv, 4096, "csum.", "^csum\\.(ref|generic)")
	report("csum_copy 4 KiB: csum_copy.twopass / " f, \
	    med[csv, "csum_copy.twopass", 4096] / med[csv, f, 4096], 1.3, ">=")
	report("csum_copy 4 KiB: (memcpy.libc + " c ") / " f, \
	    (med[csv, "memcpy.libc", 4096] + med[csv, c, 4096]) / \
	    med[csv, f, 4096], 1.3, ">=")
	report("csum_copy 4 KiB: time of " f " / memcpy.libc", \
	    med[csv, f, 4096] / med[csv, "memcpy.libc", 4096], 1.1, "<=")

	for (fam = 1; fam <= 2; fam++) {
		name = fam == 1 ? "memcpy" : "memset"
		csv = dir "/" name ".csv"
		worst = ""; lose = ""; fail = ""
		for (i = 1; i <= nsz[csv]; i++) {
			s = sz[csv, i]
			if (s < 64)
				continue
			r = med[csv, name ".libc", s] / med[csv, name ".auto", s]
			if (worst == "" || r < worst) {
				worst = r; wsz = s
			}
			line = line sprintf("  %s %6d B: %.3fx%s\n", name, s, r, \
			    layouts(csv, name ".auto", s, \
			    med[csv, name ".libc", s], 0.95))
			if (r < 0.99)
				lose = lose " " s
			if (r < 0.95)
				fail = fail " " s
		}
		report(name ".auto vs libc, default grid >= 64 B: worst (" wsz " B)", \
		    worst, 0.95, ">=")
		printf "%s", line
		line = ""
		printf "  %s.auto more than 1%% slower than libc at:%s\n", name, \
		    lose == "" ? " none" : lose
		if (fail != "")
			printf "  below 0.95x at:%s\n", fail
	}

	csv = dir "/small.csv"
	for (i = 1; i <= nsz[csv]; i++) {
		s = sz[csv, i]
		b = best(csv, s, "csum.", "^csum\\.auto$")
		report(sprintf("csum %d B: best scalar (%s) / csum.auto", s, b), \
		    med[csv, b, s] / med[csv, "csum.auto", s], 1, ">=")
		l = layouts(csv, "csum.auto", s, med[csv, b, s], 1)
		if (l != "")
			printf "  csum.auto %d B%s\n", s, l
	}
	csv = dir "/linux.csv"
	worst = ""; lose = ""
	for (i = 1; i <= nsz[csv]; i++) {
		s = sz[csv, i]
		l = best(csv, s, "linux:csum.", "^$")
		r = med[csv, l, s] / med[csv, "csum.auto", s]
		if (worst == "" || r < worst) {
			worst = r; wsz = s; wl = l
		}
		if (r < 0.99)
			lose = lose " " s
	}
	if (worst != "") {
		report(sprintf("Linux %s / csum.auto, 1 B - 64 KiB: worst (%d B)", \
		    wl, wsz), worst, 1, ">=")
		lay = layouts(csv, "csum.auto", wsz, med[csv, wl, wsz], 1)
		if (lay != "")
			printf "  csum.auto %d B%s\n", wsz, lay
		printf "  csum.auto more than 1%% slower than Linux at:%s\n", \
		    lose == "" ? " none" : lose
	}
	printf "\n%d goal(s) missed\n", missed
	exit missed != 0
}' dir="$tmp" l1load="$l1load" mask="$mask" "$tmp"/*.csv
status=$?
# csumbench's warnings (load, hypervisor, frequency scaling), once each.
grep -i 'warning' "$tmp/stderr" | sort -u >&2
[ "$keep" -eq 1 ] && echo "bench-goals.sh: CSV files kept in $tmp" >&2
exit $status
