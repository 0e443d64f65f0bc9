#!/bin/sh
# ab-sensitivity.sh - how often the one-process CI gate (run --ab with
# --fail-above) fails, over repeated runs of two kernel objects.
#
# usage: scripts/ab-sensitivity.sh [-c CSUMBENCH] [-n RUNS] [-p PCT]
#            [-f FAMILIES] [-s SIZES] [-r REPLICAS] [-x 'RUN OPTIONS']
#            A.so B.so
#
# Runs RUNS times (default 20)
#   CSUMBENCH run --load A.so=a --load B.so=b --ab a,b -f FAMILIES -s SIZES \
#       --fail-above PCT
# (default -f memcpy,csum -s 64,512,1500,4096 -p 5; -r N adds --replicas
# N, else run's default applies: 4 copies of each object under
# --fail-above, a point flagged only when every copy is slower; -x adds
# further run options, split at blanks) and prints each run's exit status
# and the points it flagged. Then a summary: how many runs passed (exit 0),
# failed (exit 1) or could not judge (exit 2), and for every point that a
# run flagged or that was more than PCT% slower in every copy in some run:
# the runs that flagged it, the runs in which every copy of it was more
# than PCT% slower (the runs in which there was something to flag), and
# B's median change there over all copies of all runs. Two builds of the
# same source (A/A) should pass nearly every run; a build with a real
# slowdown should fail nearly every run, at the slowed kernel's sizes only.
#
# Nothing is measured in parallel: runs follow each other, so the machine
# is shared only with whatever else runs on it.
set -eu

csb=./csumbench
runs=20
pct=5
fams=memcpy,csum
sizes=64,512,1500,4096
replicas=
extra=
while getopts c:n:p:f:s:r:x: opt; do
	case $opt in
	c) csb=$OPTARG ;;
	n) runs=$OPTARG ;;
	p) pct=$OPTARG ;;
	f) fams=$OPTARG ;;
	s) sizes=$OPTARG ;;
	r) replicas=$OPTARG ;;
	x) extra=$OPTARG ;;
	*) echo "usage: $0 [-c CSUMBENCH] [-n RUNS] [-p PCT] [-f FAMILIES] [-s SIZES] [-r REPLICAS] [-x 'RUN OPTIONS'] A.so B.so" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ]; then
	echo "$0: two kernel objects are needed (A.so B.so)" >&2
	exit 2
fi
for f in "$1" "$2"; do
	[ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 2; }
done
case $runs in
''|*[!0-9]*|0) echo "$0: -n: a positive number of runs is needed" >&2; exit 2 ;;
esac

dir=$(mktemp -d "${TMPDIR:-/tmp}/csumbench-ab.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
: >"$dir/flagged"

echo "# $csb run --load $1=a --load $2=b --ab a,b${replicas:+ --replicas $replicas} -f $fams -s $sizes --fail-above $pct${extra:+ $extra}"
i=1 pass=0 fail=0 other=0
while [ "$i" -le "$runs" ]; do
	set +e
	"$csb" run --load "$1=a" --load "$2=b" --ab a,b \
	    ${replicas:+--replicas "$replicas"} -f "$fams" $extra \
	    -s "$sizes" --fail-above "$pct" --style csv >"$dir/run$i.csv" \
	    2>"$dir/err"
	rc=$?
	set -e
	# The gate lists each failing point once, as "  b:KERNEL size N ..."
	# under its FAIL line (the points it kept out follow under lines of
	# their own: not flagged).
	flagged=$(awk '/compare: FAIL:/ { f = 1; next } /^csumbench:/ { f = 0 }
	    f' "$dir/err" |
	    sed -n 's/^  b:\([^ ]*\) size \([0-9]*\) .*/\1@\2/p' |
	    tr '\n' ' ' | sed 's/ $//')
	case $rc in
	0) pass=$((pass + 1)) ;;
	1) fail=$((fail + 1)) ;;
	*) other=$((other + 1)); tail -n 1 "$dir/err" | sed 's/^/#   /' ;;
	esac
	# Points that failed in some copies of the objects but not all.
	partial=$(sed -n 's/.* \([0-9]*\) not in every replica).*/\1/p' \
	    "$dir/err")
	echo "run $i: exit $rc${flagged:+: $flagged}${partial:+ ($partial not in every replica)}"
	echo "$flagged" | tr ' ' '\n' | sed '/^$/d' >>"$dir/flagged"
	i=$((i + 1))
done
echo "passed $pass, failed $fail, other $other (of $runs runs)"
# Each run's delta_pct of every point in every copy, by kernel and size
# (b:KERNEL and b.K:KERNEL are one point).
for f in "$dir"/run*.csv; do
	awk -F, -v run="$f" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["row"] == "point" && $c["delta_pct"] != "" {
		k = $c["b_kernel"]; sub(/^b[.0-9]*:/, "", k)
		print k "@" $c["size"], run, $c["delta_pct"] }' "$f"
done >"$dir/deltas"
# Per point: the runs that flagged it, the runs in which every copy of it
# was more than PCT% slower (what a gate at PCT could flag at all), and
# B's median change over all copies of all runs.
sort "$dir/flagged" | uniq -c >"$dir/nflag"
awk -v pct="$pct" 'FNR == NR { nf[$2] = $1; next }
    { key = $1 SUBSEP $2
      if (!(key in lo) || $3 < lo[key]) lo[key] = $3
      pts[$1] = 1; v[$1, ++n[$1]] = $3 }
    END {
	for (key in lo) { split(key, kr, SUBSEP)
		if (lo[key] > pct) ns[kr[1]]++ }
	for (pt in pts) {
		if (!(pt in nf) && !(pt in ns)) continue
		m = n[pt]
		for (i = 1; i <= m; i++) w[i] = v[pt, i]
		for (i = 2; i <= m; i++)	# insertion sort: m is small
			for (j = i; j > 1 && w[j - 1] > w[j]; j--) {
				t = w[j]; w[j] = w[j - 1]; w[j - 1] = t }
		med = m % 2 ? w[(m + 1) / 2] : (w[m / 2] + w[m / 2 + 1]) / 2
		split(pt, ks, "@")
		printf "%7d %7d  %s at %s B (median change %+.1f%%)\n",
		    nf[pt], ns[pt], ks[1], ks[2], med
	}
    }' "$dir/nflag" "$dir/deltas" | sort -k3,3 -k5,5n >"$dir/summary"
if [ -s "$dir/summary" ]; then
	echo "points flagged, or more than $pct% slower in every copy, in any run:"
	echo "flagged  slower  (runs of $runs; slower: every copy more than $pct% slower)"
	cat "$dir/summary"
fi
