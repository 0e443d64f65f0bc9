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

# A figure cut short (gnuplot exits 0 after a failed write on a full disk):
# a fake gnuplot copies the first bytes of a real figure and exits 0.
for fmt in png svg; do
	"$CSUMBENCH" plot small.csv -o real -k 'memcpy*' --format $fmt >/dev/null ||
	    exit 99
	full=$(ls real/*.$fmt | head -1)
	for cut in 0 100 1000; do
		size=$(($(wc -c <"$full") - cut))
		cat >fake-gnuplot <<EOS
#!/bin/sh
head -c $size '$(pwd)/$full' >"\$4"
exit 0
EOS
		chmod +x fake-gnuplot
		rm -rf cut
		CSUMBENCH_GNUPLOT=$(pwd)/fake-gnuplot expect_exit \
		    $([ $cut -eq 0 ] && echo 0 || echo 2) \
		    "a $fmt cut by $cut bytes: exit $([ $cut -eq 0 ] && echo 0 || echo 2)" \
		    -- "$CSUMBENCH" plot small.csv -o cut -k 'memcpy*' --format $fmt
		if [ $cut -eq 0 ]; then
			ls cut/*.$fmt >/dev/null 2>&1; ok $? "a whole $fmt is kept"
			continue
		fi
		stderr_one_line "did not write .*cut short" \
		    "a $fmt cut short: one line saying so"
		[ -z "$(ls -A cut)" ]; ok $? "a $fmt cut short: nothing left in -o"
	done
done
printf '#!/bin/sh\n: >"$4"\nexit 0\n' >fake-gnuplot
CSUMBENCH_GNUPLOT=$(pwd)/fake-gnuplot expect_exit 2 "an empty figure exits 2" \
    -- "$CSUMBENCH" report small.csv -o rcut
[ ! -e rcut/report.md ] && [ -z "$(ls -A rcut)" ]; ok $? "report: nothing left in -o"

# A gnuplot that never finishes is stopped after CSUMBENCH_GNUPLOT_TIMEOUT.
printf '#!/bin/sh\nexec sleep 30\n' >fake-gnuplot
t0=$(date +%s)
CSUMBENCH_GNUPLOT_TIMEOUT=1 CSUMBENCH_GNUPLOT=$(pwd)/fake-gnuplot \
    expect_exit 2 "a gnuplot that hangs: exit 2" \
    -- "$CSUMBENCH" plot small.csv -o hang -k 'memcpy*'
t=$(($(date +%s) - t0))
[ $t -le 10 ]; ok $? "... within seconds of the timeout (${t}s)"
stderr_one_line 'gnuplot did not finish within 1 s' "... one line saying so"
[ -z "$(ls -A hang)" ]; ok $? "... nothing left in -o"

done_testing
