#!/bin/sh
# scripts/ab-sensitivity.sh: bad input exits 2 with one line; a real run
# of the gate gives one line per run and the pass/fail count; and its
# summary counts, per point, the runs that flagged it and the runs in
# which every copy was more than PCT% slower, from a stand-in csumbench
# that replays rows of real runs (tests/data/ab-*.csv, ab-slow.err: the
# lfence build of scripts/ab-slowdown.patch against an unpatched one).
# Correctness only: no timing is asserted.
. "${top_srcdir:-.}/tests/lib.sh"
S="$top_srcdir/scripts/ab-sensitivity.sh"
data="$top_srcdir/tests/data"
KO="${top_builddir:-.}/csumbench-kernels.so"

expect_exit 2 "ab-sensitivity.sh without objects exits 2" -- sh "$S"
stderr_one_line 'two kernel objects' "... one line"
expect_exit 2 "ab-sensitivity.sh with a missing object exits 2" -- \
	sh "$S" "$KO" "$TMPD/nosuch.so"
stderr_one_line 'cannot read .*nosuch.so' "... one line naming it"
expect_exit 2 "ab-sensitivity.sh -n 0 exits 2" -- sh "$S" -n 0 "$KO" "$KO"
stderr_one_line 'positive number of runs' "... one line"

# The real gate, short: two runs of one object against itself, with
# -x passing run options through.
sh "$S" -c "$CSUMBENCH" -n 2 -f csum -s 64 \
	-x '-k csum.ref --max-time 0.02' "$KO" "$KO" >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 0 ] && grep -q '^# .* run --load .*=a --load .*=b --ab a,b -f csum -s 64 --fail-above 5 -k csum.ref --max-time 0.02$' "$TMPD/out" &&
    [ "$(grep -c '^run [12]: exit [0-2]' "$TMPD/out")" -eq 2 ] &&
    grep -q '^passed [0-2], failed [0-2], other [0-2] (of 2 runs)$' "$TMPD/out"
ok $? "two real runs: the command, a line per run and the count (exit $r)"

# The summary, from a stand-in that replays recorded output: B with the
# slowdown fails (exit 1) with csum.adc flagged at every size; memcpy.sse2
# at 8 KiB is more than 5% slower in every copy but not flagged there;
# csum.ref at 512 B is slower in three copies of four: not listed, though
# the gate names it under a line of its own ("passed: ... in some copies").
cat >"$TMPD/stub" <<EOF
#!/bin/sh
case "\$*" in
*slow*)	cat "$data/ab-slow.csv"; cat "$data/ab-slow.err" >&2; exit 1 ;;
*)	cat "$data/ab-aa.csv"; exit 0 ;;
esac
EOF
chmod +x "$TMPD/stub"
: >"$TMPD/slow.so"
sh "$S" -c "$TMPD/stub" -n 3 "$KO" "$TMPD/slow.so" >"$TMPD/out" 2>"$TMPD/err"
ok $? "the stand-in: the script exits 0 though every run failed"
grep -q '^passed 0, failed 3, other 0 (of 3 runs)$' "$TMPD/out"
ok $? "... three runs failed"
[ "$(grep -c '^run [123]: exit 1: csum.adc@512 csum.adc@1500 csum.adc@4096 csum.adc@8192$' "$TMPD/out")" -eq 3 ]
ok $? "... each run's line lists the four flagged points once (not per copy)"
sed -n '/^flagged  slower/,$p' "$TMPD/out" | sed 1d >"$TMPD/sum"
cat >"$TMPD/want" <<'EOF'
      3       3  csum.adc at 512 B (median change +113.2%)
      3       3  csum.adc at 1500 B (median change +57.5%)
      3       3  csum.adc at 4096 B (median change +16.4%)
      3       3  csum.adc at 8192 B (median change +8.7%)
      0       3  memcpy.sse2 at 8192 B (median change +5.4%)
EOF
cmp -s "$TMPD/sum" "$TMPD/want"
ok $? "... the summary: flagged and slower runs, and the median change over copies" ||
    diag "$(cat "$TMPD/sum")"
sh "$S" -c "$TMPD/stub" -n 2 "$KO" "$KO" >"$TMPD/out" 2>"$TMPD/err"
grep -q '^passed 2, failed 0, other 0 (of 2 runs)$' "$TMPD/out" &&
    ! grep -q '^flagged' "$TMPD/out"
ok $? "... an A/A that passes: no summary of points"
done_testing
