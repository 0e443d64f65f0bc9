#!/bin/sh
# No option is accepted and ignored: every option of every command, as
# its --help lists it, has a row below, and the row holds. A row is
#   command | context (options and operands the option needs) | option | expect
# expect: acts (what the command writes, normalised, differs from the same
# command without the option), error (exit 2 with one line on stderr),
# same:WHY (the option acts, but by contract must not change the output:
# asserted), or skip:WHY (the option's effect takes minutes to show). What is compared:
# stdout, stderr and the exit status, numbers masked (they vary from run to
# run), and for run the result file's key columns and its .meta (the
# settings of the run, without what varies). A new option without a row,
# or with a row that says acts when it does nothing, fails here.
. "${top_srcdir:-.}/tests/lib.sh"
skip_if_quick_check "the option matrix"

CSUMBENCH_WARN=no-all
CSUMBENCH_TEST_KERNELS=1
export CSUMBENCH_TEST_KERNELS
export CSUMBENCH_WARN
D=$TMPD
KO="${top_builddir:-.}/tests/kobj_ok.so"
RX="-r 5 --max-time 2ms -o $D/r.csv"
RUN="-k memcpy.libc,memcpy.bytes -s 16 -r 5 --max-time 2ms -o $D/r.csv"
# A gate whose verdict does not hang on noise: at 1 KiB a byte loop is
# many times libc's cost, and 64 samples are enough to judge one point
# (with fewer, whether refinement reached them decided between "fail" and
# "cannot judge"), so it fails every time, in the same words.
GATE="-k memcpy.libc,memcpy.bytes -s 1024 -r 64 --max-time 2ms -o $D/r.csv --baseline memcpy.libc --fail-above 5"
printf 'hello\n' >"$D/h.txt"
# Results for compare, plot and report: two families; one at another
# placement (compare refuses to mix it without --allow-mixed).
"$CSUMBENCH" run -q -k memcpy.libc,memcpy.bytes,csum.adc,csum.ref -s 16,64 -r 5 --max-time 2ms -o "$D/a.json" &&
"$CSUMBENCH" run -q -k memcpy.libc,memcpy.bytes,csum.adc,csum.ref -s 16,64 -r 5 --max-time 2ms -o "$D/b.json" &&
"$CSUMBENCH" run -q -k memcpy.libc,memcpy.bytes -s 16 -r 5 --max-time 2ms -o "$D/c.json" &&
"$CSUMBENCH" run -q -k memcpy.libc,memcpy.bytes -s 16 -r 5 --max-time 2ms --distance 16 -o "$D/d.json"
ok $? "results to compare, plot and report"
# Two tuning files, measured briefly, for --tune-file.
"$CSUMBENCH" tune -q --time 0.2 --tune-file "$D/tune_a" >/dev/null &&
"$CSUMBENCH" tune -q --time 0.2 --tune-file "$D/tune_b" >/dev/null
ok $? "two tuning files"
have_gnuplot=0
command -v gnuplot >/dev/null 2>&1 && have_gnuplot=1

cat >"$D/rows" <<ROWS
run|$RUN|-f csum|error
run|-k memcpy.libc,csum.adc -s 16 -r 5 --max-time 2ms -o $D/r.csv|-f memcpy|acts
run|$RUN|-k memcpy.libc|acts
run|$RUN|-s 32|acts
run|$RUN|-a 1|acts
run|$RUN|--distance 16|acts
run|$RUN|-p uaccess|acts
run|$RUN|-r 6|acts
run|$RUN|-o $D/x.json|acts
run|$RUN|--format json|acts
run|$RUN|--baseline memcpy.libc|acts
run|$RUN|--style bpf|error
run|$RUN --baseline memcpy.libc|--style bpf|acts
run|$RUN|--fail-above 5|error
run|$RUN --baseline memcpy.libc|--fail-above 5|acts
run|$RUN --baseline memcpy.libc|--min-delta 1|error
run|$RUN --baseline memcpy.libc --fail-above 5|--min-delta 100|acts
run|$RUN --baseline memcpy.libc|--junit $D/j.xml|error
run|$GATE|--junit $D/j.xml|same:the verdict also goes to a file of its own
run|$RUN --baseline memcpy.libc|--gate-md $D/g.md|error
run|$GATE|--gate-md $D/g.md|same:the verdict also goes to a file of its own
run|$RUN|--cost net|error
run|$RUN --baseline memcpy.libc|--cost net|acts
run|$RUN --format table -o -|--cost net|acts
run|$RUN|--alpha 0.2|error
run|-k memcpy.libc,memcpy.test_libc2 -s 16 -r 5 --max-time 2ms --baseline memcpy.libc|--alpha 0.2|acts
run|$RUN|--quick|acts
run|$RUN|--sample-time 10|acts
run|$RUN|--warmup 1|acts
run|$RUN|--seed 7|acts
run|$RUN|--timer ns|acts
run|$RUN|--cpu any|acts
run|$RUN|--cache cold|acts
run|$RUN|--mode latency|acts
run|$RUN|--target-ci 5%|acts
run|$RUN|--min-time 1ms|acts
run|$RUN|--max-time 3ms|acts
run|$RUN|-q|acts
run|$RUN|-v|error
run|$RUN --target-ci 0|-W few|acts
run|$RUN|--tune-file $D/tune_b|acts
run|$RUN|--load $KO|acts
run|-s 16 -r 5 --max-time 2ms -f csum -o $D/r.csv|--ab a,b|error
run|-s 16 -r 5 --max-time 2ms -f csum -o $D/r.csv --load $KO=a --load $KO=b|--ab a,b|acts
run|$RUN|--replicas 2|error
run|-k a:memcpy.libc -s 16 -r 5 --max-time 2ms -o $D/r.csv --load $KO=a|--replicas 2|acts
run|-s 16 -r 5 --max-time 2ms -f csum -o $D/r.csv --load $KO=a --load $KO=b --ab a,b|--replicas 2|acts
rx|$RX|-s 64|acts
rx|-r 5 --max-time 2ms --format table|--line-rate 25G|acts
rx|$RX|-k csum.ref|acts
rx|$RX|-a 0/0|acts
rx|$RX|--cache cold|acts
rx|$RX|-r 6|acts
rx|$RX|-o $D/x.json|error
rx|-r 5 --max-time 2ms|--format table|acts
rx|$RX|--seed 7|acts
rx|$RX|--timer ns|acts
rx|$RX|--tune-file $D/tune_b|acts
rx|$RX|--cpu any|acts
rx|$RX|--target-ci 5%|acts
rx|$RX|--max-time 3ms|acts
rx|$RX|--min-time 1ms|acts
rx|$RX|--sample-time 10|acts
rx|$RX|--warmup 1|acts
rx|-r 5 --target-ci 0 -o $D/r.csv -W few|-q|acts
rx|$RX --target-ci 0|-W few|acts
tune|--time 0.2 -q --tune-file $D/tune_a|--tune-file $D/tune_c|acts
tune|--time 0.2 -q --tune-file $D/tune_a|--time 0|error
tune|--time 0.2 -q --tune-file $D/tune_a|--seed 7|skip:changes measured numbers only
tune|--time 0.2 -q --tune-file $D/tune_a|--timer ns|skip:changes measured numbers only
tune|--time 0.2 -q --tune-file $D/tune_a|--cpu any|skip:changes measured numbers only
tune|--time 0.2 --tune-file $D/tune_a|-q|skip:tune's own tests cover its talk
info|--tune-file $D/tune_b|--tune-file $D/tune_a|acts
ceilings|--time 0.1 --format csv|-o $D/r.csv|acts
ceilings|--time 0.1|--format table|acts
ceilings|--time 0.1 --format csv|--time 0|error
ceilings|--time 0.1 --format csv|--timer ns|acts
ceilings|--time 0.1 --format csv|--cpu any|skip:changes measured numbers only
ceilings|--time 0.1 --format csv|-q|skip:talks on a terminal only, which this test has not
verify|-k memcpy.auto|--tune-file $D/tune_b|acts
list||-f csum|acts
list||-k csum.adc|acts
list||--csv|acts
list||--load $KO|acts
info||--timer ns|acts
info||--cpu any|acts
verify|-k csum*.adc|-f csum|acts
verify|-k csum.adc|-k csum_diff.ref|acts
verify|-k csum.adc|--exhaustive|skip:minutes per kernel
verify|-k csum.adc|-j 1|same:parallelism never changes a verdict
verify|-k csum.adc|--seed 7|acts
verify|-k csum.adc|-q|acts
verify|-k csum.adc,kobj_ok:csum.linux|--load $KO|acts
csum|$D/h.txt|-k csum.adc|same:every kernel gives the reference's checksum
csum|$D/h.txt|-k memcpy.libc|error
csum|$D/h.txt|--load $KO|same:a loaded object's kernels give the reference's checksum
compare|$D/a.json $D/b.json|--style bpf|acts
compare|$D/a.json $D/b.json|--a-kernel memcpy.bytes|acts
compare|$D/a.json $D/b.json|--b-kernel memcpy.bytes|acts
compare|$D/a.json $D/a.json --a-kernel memcpy.libc --b-kernel memcpy.bytes|--fail-above 5|acts
compare|$D/a.json $D/b.json|--min-delta 1|error
compare|$D/a.json $D/a.json --a-kernel memcpy.libc --b-kernel memcpy.bytes --fail-above 5|--min-delta 100000|acts
compare|$D/a.json $D/b.json|--junit $D/j.xml|error
compare|$D/a.json $D/a.json --a-kernel memcpy.libc --b-kernel memcpy.bytes --fail-above 5|--junit $D/j.xml|same:the verdict also goes to a file of its own
compare|$D/a.json $D/b.json|--gate-md $D/g.md|error
compare|$D/a.json $D/a.json --a-kernel memcpy.libc --b-kernel memcpy.bytes --fail-above 5|--gate-md $D/g.md|same:the verdict also goes to a file of its own
compare|$D/a.json $D/b.json|--alpha 0.000001|acts
compare|$D/a.json $D/b.json|--ignore-below 32|acts
compare|$D/a.json $D/b.json|--cost net|acts
compare|$D/c.json $D/d.json|--allow-mixed|acts
show|$D/a.json|--format table|acts
show|$D/a.json|--cost net|acts
compare|$D/a.json $D/b.json|-f csum|acts
compare|$D/a.json $D/b.json|-k csum.adc|acts
compare|$D/a.json $D/b.json|-o $D/x.md|acts
compare|$D/a.json $D/c.json|-q|acts
plot|$D/a.json -o $D/fig|-o $D/fig2|acts
plot|$D/a.json -o $D/fig|--format svg|acts
plot|$D/a.json -o $D/fig|-f csum|acts
plot|$D/a.json -o $D/fig|-k csum.adc|acts
plot|$D/a.json -o $D/fig|--compare $D/b.json|acts
plot|$D/a.json -o $D/fig|--cost net|acts
plot|$D/a.json -o $D/fig|--keep-data|acts
report|$D/a.json -o $D/fig|-o $D/fig2|acts
report|$D/a.json -o $D/fig|--compare $D/b.json|acts
report|$D/a.json -o $D/fig|--format svg|acts
report|$D/a.json -o $D/fig|-f csum|acts
report|$D/a.json -o $D/fig|-k csum.adc|acts
report|$D/a.json -o $D/fig|--cost net|acts
report|$D/a.json -o $D/fig|--keep-data|acts
ROWS

# What a command wrote, numbers masked; for run, its file and .meta too;
# for plot and report, the files they made and what they hold.
observe() {
	rm -rf "$D/r.csv" "$D/r.csv.meta" "$D/x.json" "$D/x.md" "$D/fig" "$D/fig2"
	# shellcheck disable=SC2086
	"$CSUMBENCH" "$@" >"$D/o" 2>"$D/e"
	echo "exit $?"
	# The load, clock and target-CI warnings follow the machine, not the
	# options: left out.
	grep -hv 'warning: load \|warning: core clock \|(-W no-ci)$' "$D/o" "$D/e" |
	    sed 's/[0-9][0-9.e+-]*/N/g'
	# Settings a table echoes are not measurements: kept.
	grep -ho 'alpha [0-9.e-]*' "$D/o" "$D/e"
	for f in "$D/r.csv" "$D/x.json" "$D/x.md"; do
		[ -f "$f" ] && { echo "file $f"; cut -d, -f1-11 "$f" | sort -u; }
	done
	[ -f "$D/r.csv.meta" ] && grep -Ev '^(date|command|load_avg_1min|run_seconds|samples_(min|max)|points_short_of_target_ci|est_core_hz(_end)?|timer_(hz|overhead|resolution))=' "$D/r.csv.meta" | sed 's/^cpu_pinned=[0-9]*$/cpu_pinned=N/'
	for dir in "$D/fig" "$D/fig2"; do
		[ -d "$dir" ] && (cd "$dir" && for f in *; do
			echo "$dir/$f $(sed 's/[0-9][0-9.e+-]*/N/g' "$f" | cksum)"; done)
	done
	return 0
}

# Every option of every command has a row.
cmds=$("$CSUMBENCH" --help | sed -n 's/^  \([a-z][a-z_]*\)  .*/\1/p')
[ -n "$cmds" ]; ok $? "the commands, from csumbench --help ($(echo $cmds))"
for c in $cmds; do
	missing=
	for opt in $("$CSUMBENCH" "$c" --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | sed 's/.*--//'); do
		[ "$opt" = help ] && continue
		grep "^$c|" "$D/rows" | cut -d'|' -f3 | grep -Eq -- "(^| )--$opt( |\$)" && continue
		letter=$("$CSUMBENCH" "$c" --help | sed -n "s/^ *-\([a-zA-Z]\), --$opt\b.*/\1/p")
		[ -n "$letter" ] && grep "^$c|" "$D/rows" | cut -d'|' -f3 | grep -Eq -- "^-$letter( |\$)" && continue
		missing="$missing --$opt"
	done
	[ -z "$missing" ]; ok $? "$c: every option has a row${missing:+ (missing:$missing)}"
done

while IFS='|' read -r cmd ctx opt expect; do
	case $cmd in plot|report) [ $have_gnuplot = 1 ] || { skip "$cmd $opt: no gnuplot"; continue; } ;; esac
	case $expect in
	skip:*) skip "$cmd $opt: ${expect#skip:}"; continue ;;
	same:*)
		# shellcheck disable=SC2086
		observe $cmd $ctx >"$D/base"
		# shellcheck disable=SC2086
		observe $cmd $ctx $opt >"$D/with"
		cmp -s "$D/base" "$D/with"
		ok $? "$cmd $opt (with: ${ctx:-nothing}): the same output (${expect#same:})"
		;;
	error)
		# shellcheck disable=SC2086
		"$CSUMBENCH" $cmd $ctx $opt >"$D/o" 2>"$D/e"
		rc=$?
		[ $rc = 2 ] && [ "$(wc -l <"$D/e")" = 1 ]
		ok $? "$cmd $opt (with: ${ctx:-nothing}): exit 2 and one line (exit $rc)"
		;;
	acts)
		# shellcheck disable=SC2086
		observe $cmd $ctx >"$D/base"
		# shellcheck disable=SC2086
		observe $cmd $ctx $opt >"$D/with"
		! cmp -s "$D/base" "$D/with"
		r=$?
		[ $r = 0 ] || head -5 "$D/with" | diag
		ok $r "$cmd $opt (with: ${ctx:-nothing}): acts"
		;;
	esac
done <"$D/rows"

done_testing
