#!/bin/sh
# plot and report with hostile paths: an output directory, TMPDIR or
# scripts directory whose name begins with '<' or '|' (gnuplot opens such
# names as pipes) runs no command; a figure gnuplot did not write whole is
# an error and is never renamed into place.
. "${top_srcdir:-.}/tests/lib.sh"

data=$(cd "$top_srcdir/tests/data" && pwd)
case $CSUMBENCH in
/*) ;;
*) CSUMBENCH=$(pwd)/$CSUMBENCH ;;
esac
case $CSUMBENCH_DATADIR in
/*) ;;
*) CSUMBENCH_DATADIR=$(pwd)/$CSUMBENCH_DATADIR ;;
esac
export CSUMBENCH_DATADIR

if ! command -v gnuplot >/dev/null 2>&1; then
	skip_all "gnuplot is not installed: figures not tested"
fi

# Every command runs in $TMPD/w, where a pipe's "touch SENTINEL" would land.
mkdir "$TMPD/w" || exit 99
cd "$TMPD/w" || exit 99
awk -F, 'NR == 1 || ($1 == "memcpy" && NR < 6)' "$data/results.csv" >small.csv

# no_sentinel DESCRIPTION: no file named SENTINEL* was made anywhere below.
no_sentinel() {
	found=$(find "$TMPD" -name 'SENTINEL*' | head -1)
	[ -z "$found" ]
	r=$?
	[ $r -eq 0 ] || echo "# made: $found"
	rm -f "$TMPD"/w/SENTINEL*
	ok $r "$1"
}

for c in plot report; do
	for p in '|' '<'; do
		d="${p}touch SENTINEL-$c;"
		"$CSUMBENCH" $c small.csv -o "$d" -k 'memcpy*' >/dev/null 2>"$TMPD/err"
		no_sentinel "$c -o '$d' runs no command"
		ls "$d"/*.png >/dev/null 2>&1; ok $? "$c -o '$d' draws its figures there"
		mkdir -p "$d" || exit 99
		TMPDIR="$d" "$CSUMBENCH" $c small.csv -o out -k 'memcpy*' \
		    >/dev/null 2>"$TMPD/err"
		no_sentinel "$c with TMPDIR='$d' runs no command"
		"$CSUMBENCH" $c small.csv -o "$d" --keep-data -k 'memcpy*' \
		    >/dev/null 2>"$TMPD/err"
		no_sentinel "$c -o '$d' --keep-data runs no command"
	done
done
# The scripts' directory, relative, through a name gnuplot would run.
ln -s "$CSUMBENCH_DATADIR" '<touch SENTINEL-d;' || exit 99
CSUMBENCH_DATADIR='<touch SENTINEL-d;' "$CSUMBENCH" plot small.csv -o out2 \
    -k 'memcpy*' >/dev/null 2>"$TMPD/err"
no_sentinel "CSUMBENCH_DATADIR='<touch SENTINEL-d;' runs no command"
ls out2/*.png >/dev/null 2>&1; ok $? "and plots from it"

done_testing
