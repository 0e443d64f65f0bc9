#!/bin/sh
# ab-sensitivity.sh - how often the one-process CI gate (run --ab with
# --fail-above) fails, over repeated runs of two kernel objects.
#
# usage: scripts/ab-sensitivity.sh [-c CSUMBENCH] [-n RUNS] [-p PCT]
#            [-f FAMILIES] [-s SIZES] [-r REPLICAS] A.so B.so
#
# Runs RUNS times (default 20)
#   CSUMBENCH run --load A.so=a --load B.so=b --ab a,b -f FAMILIES -s SIZES \
#       --fail-above PCT
# (default -f memcpy,csum -s 512,1500,4096,8192 -p 5; -r N adds --replicas
# N, else run's default applies: 2 copies of each object under
# --fail-above, a point flagged only when every copy is slower) and prints
# each run's exit
# status and the points it flagged, then a summary: how many runs passed
# (exit 0), failed (exit 1) or could not judge (exit 2), and how many runs
# flagged each kernel at each size, with B's median change there over all
# the runs. Two builds of the same source (A/A)
# should pass nearly every run; a build with a real slowdown should fail
# nearly every run, at the slowed kernel's sizes only.
#
# Nothing is measured in parallel: runs follow each other, so the machine
# is shared only with whatever else runs on it.
set -eu

csb=./csumbench
runs=20
pct=5
fams=memcpy,csum
sizes=512,1500,4096,8192
replicas=
while getopts c:n:p:f:s:r: opt; do
	case $opt in
	c) csb=$OPTARG ;;
	n) runs=$OPTARG ;;
	p) pct=$OPTARG ;;
	f) fams=$OPTARG ;;
	s) sizes=$OPTARG ;;
	r) replicas=$OPTARG ;;
	*) echo "usage: $0 [-c CSUMBENCH] [-n RUNS] [-p PCT] [-f FAMILIES] [-s SIZES] [-r REPLICAS] A.so B.so" >&2
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

echo "# $csb run --load $1=a --load $2=b --ab a,b${replicas:+ --replicas $replicas} -f $fams -s $sizes --fail-above $pct"
i=1 pass=0 fail=0 other=0
while [ "$i" -le "$runs" ]; do
	set +e
	"$csb" run --load "$1=a" --load "$2=b" --ab a,b \
	    ${replicas:+--replicas "$replicas"} -f "$fams" \
	    -s "$sizes" --fail-above "$pct" --style csv >"$dir/run$i.csv" \
	    2>"$dir/err"
	rc=$?
	set -e
	# The gate lists each slower point as "  b:KERNEL size N ..." (and
	# its other copies as "  b.K:KERNEL ...": counted once).
	flagged=$(sed -n 's/^  b:\([^ ]*\) size \([0-9]*\) .*/\1@\2/p' \
	    "$dir/err" | tr '\n' ' ' | sed 's/ $//')
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
if [ -s "$dir/flagged" ]; then
	echo "runs flagging each point, and B's median change there over all runs:"
	# Each run's delta_pct of every point, by kernel and size.
	for f in "$dir"/run*.csv; do
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		    $c["row"] == "point" {
			k = $c["b_kernel"]; sub(/^b:/, "", k)
			print k "@" $c["size"], $c["delta_pct"] }' "$f"
	done | sort -k1,1 -k2,2g >"$dir/deltas"
	sort "$dir/flagged" | uniq -c | sort -rn | while read -r n pt; do
		med=$(awk -v pt="$pt" '$1 == pt { v[++n] = $2 }
		    END { if (n % 2) m = v[(n + 1) / 2]
			else if (n) m = (v[n / 2] + v[n / 2 + 1]) / 2
			if (n) printf "%+.1f%%", m }' "$dir/deltas")
		echo "$n $pt ${med:-?}" | sed 's/@\([0-9]*\)/ at \1 B/' |
		    awk '{ printf "%7d %s %s %s %s (median change %s)\n",
			$1, $2, $3, $4, $5, $6 }'
	done
fi
