#!/bin/sh
# SIGINT, SIGTERM: run keeps what it measured, marked partial; rx writes
# nothing (its figures need every point); plot and
# report stop gnuplot; nothing temporary is left; the exit status is 128 +
# the signal's number.
. "${top_srcdir:-.}/tests/lib.sh"

case $CSUMBENCH in
/*) ;;
*) CSUMBENCH=$(pwd)/$CSUMBENCH ;;
esac
data="$top_srcdir/tests/data"
CSUMBENCH_DATADIR="$top_srcdir/scripts"
export CSUMBENCH_DATADIR

leftovers() {
	ls -A "$1" | grep '^\.csumbench' || true
}

# wait_for TEST: until TEST holds, at most 20 s.
wait_for() {
	i=0
	while ! eval "$1" && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# A background job of a non-interactive shell starts with SIGINT ignored
# (and csumbench leaves an ignored signal alone): give it back its default.
if env --default-signal=INT true 2>/dev/null; then
	DEFINT="env --default-signal=INT"
else
	DEFINT=""
fi

# sweep SIG DIR: a long run into DIR/p.csv, stopped by SIG once it samples;
# its exit status in $st.
sweep() {
	mkdir "$2"
	$3 "$CSUMBENCH" run -q -k csum.ref -s 64-4096:x2 -r 100000 \
	    --target-ci 0 -o "$2/p.csv" 2>"$2.err" &
	pid=$!
	# The outputs are open once the temporary file exists; sampling
	# starts after the timer's setup, well within 2 s.
	dir=$2
	wait_for '[ -n "$(leftovers "$dir")" ]'
	sleep 2
	kill -$1 $pid
	wait $pid
	st=$?
}

for sig in TERM INT; do
	if [ $sig = INT ] && [ -z "$DEFINT" ]; then
		skip "env --default-signal is missing: no SIGINT to a background job"
		continue
	fi
	case $sig in TERM) want=143 ;; INT) want=130 ;; esac
	sweep $sig "$TMPD/$sig" "$([ $sig = INT ] && echo "$DEFINT")"
	[ $st -eq $want ]
	ok $? "run stopped by SIG$sig: exit $want (got $st)"
	n=$(cell "$TMPD/$sig/p.csv" '*' kernel 2>/dev/null | wc -l)
	[ "$n" -ge 1 ]
	ok $? "SIG$sig: what was measured is written ($n points)"
	grep -qx 'partial=yes' "$TMPD/$sig/p.csv.meta" 2>/dev/null &&
	    grep -qx "stopped_by=SIG$sig" "$TMPD/$sig/p.csv.meta"
	ok $? "SIG$sig: the .meta marks the results partial"
	grep -q "SIG$sig: sampling stopped early: .* marked partial" "$TMPD/$sig.err"
	r=$?
	[ $r -eq 0 ] || diag <"$TMPD/$sig.err"
	ok $r "SIG$sig: stderr says the results are partial, even with -q"
	left=$(leftovers "$TMPD/$sig")
	[ -z "$left" ]
	ok $? "SIG$sig: no temporary file left (${left:-none})"
done

# rx stopped while it samples: its figures need every point, so nothing
# is written (no half file, no temporary one), and it says so, even with -q.
mkdir "$TMPD/rx"
"$CSUMBENCH" rx -q -r 100000 --target-ci 0 -s 64,1518 \
    -o "$TMPD/rx/x.csv" 2>"$TMPD/rx.err" &
pid=$!
wait_for '[ -n "$(leftovers "$TMPD/rx")" ]'
sleep 2
kill -TERM $pid
wait $pid
st=$?
[ $st -eq 143 ]
ok $? "rx stopped by SIGTERM: exit 143 (got $st)"
[ ! -e "$TMPD/rx/x.csv" ] && [ ! -e "$TMPD/rx/x.csv.meta" ] &&
    [ -z "$(leftovers "$TMPD/rx")" ] &&
    grep -q 'SIGTERM: sampling stopped early: nothing written' "$TMPD/rx.err"
r=$?
[ $r -eq 0 ] || diag <"$TMPD/rx.err"
ok $r "rx stopped: nothing written, no temporary file left, one line why"

# plot and report while gnuplot draws: gnuplot is killed, nothing is left
# in TMPDIR or the output directory.
cat >"$TMPD/slow-gnuplot" <<EOF
#!/bin/sh
echo \$\$ >"$TMPD/gnuplot.pid"
exec sleep 60
EOF
chmod +x "$TMPD/slow-gnuplot"
for cmd in plot report; do
	mkdir "$TMPD/tmp-$cmd"
	rm -f "$TMPD/gnuplot.pid"
	TMPDIR="$TMPD/tmp-$cmd" CSUMBENCH_GNUPLOT="$TMPD/slow-gnuplot" \
	    "$CSUMBENCH" $cmd "$data/results.csv" -o "$TMPD/out-$cmd" \
	    >/dev/null 2>&1 &
	pid=$!
	wait_for '[ -s "$TMPD/gnuplot.pid" ]'
	kill -TERM $pid
	wait $pid
	st=$?
	[ $st -eq 143 ]
	ok $? "$cmd stopped by SIGTERM while gnuplot draws: exit 143 (got $st)"
	gp=$(cat "$TMPD/gnuplot.pid" 2>/dev/null)
	if [ -n "$gp" ] && kill -0 "$gp" 2>/dev/null; then
		kill "$gp"
		ok 1 "$cmd: gnuplot was stopped too"
	else
		ok 0 "$cmd: gnuplot was stopped too"
	fi
	left=$(ls -A "$TMPD/tmp-$cmd")
	[ -z "$left" ]
	ok $? "$cmd: no temporary directory left in TMPDIR (${left:-none})"
	left=$(leftovers "$TMPD/out-$cmd")
	[ -z "$left" ] && [ ! -e "$TMPD/out-$cmd/report.md" ]
	ok $? "$cmd: no temporary figure left (${left:-none})"
done

done_testing
