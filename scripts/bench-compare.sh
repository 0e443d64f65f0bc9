#!/bin/sh
# bench-compare.sh - how long `csumbench compare` takes on large results.
#
# usage: scripts/bench-compare.sh [CSUMBENCH] [POINTS]
#
# Writes two synthetic CSV results of POINTS points each (default 100000:
# 10 kernels x 1000 sizes x 10 offsets, B's rows in the reverse order of
# A's and 3% slower), then times `compare A B` (markdown tables on
# /dev/null). Prints the wall time of each of three runs, in seconds.
set -eu

csb=${1:-./csumbench}
n=${2:-100000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/csumbench-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

gen() {
	# gen FACTOR: one row per point, median = size / 8 + offset, scaled.
	awk -v n="$n" -v f="$1" 'BEGIN {
		print "family,kernel,size,src_align,dst_align,cache,mode,unit,samples,median,ci_lo,ci_hi,overhead,timer_hz"
		nk = 10; no = 10; ns = int(n / (nk * no)); if (ns < 1) ns = 1
		for (k = 0; k < nk; k++)
			for (s = 1; s <= ns; s++)
				for (o = 0; o < no; o++) {
					m = (s * 8 / 8 + o + 10) * f
					printf "memcpy,memcpy.k%d,%d,%d,%d,hot,throughput,ticks,31,%.4f,%.4f,%.4f,6.5,2000000000\n",
					    k, s * 8, o, o, m, m * 0.99, m * 1.01
				}
	}'
}
gen 1 >"$dir/a.csv"
gen 1.03 | { IFS= read -r h; echo "$h"; tac; } >"$dir/b.csv"
echo "points: $(($(wc -l <"$dir/a.csv") - 1)) per file"
for i in 1 2 3; do
	t0=$(date +%s.%N)
	"$csb" compare "$dir/a.csv" "$dir/b.csv" -q >/dev/null
	t1=$(date +%s.%N)
	echo "compare run $i: $(echo "$t1 - $t0" | bc) s"
done
