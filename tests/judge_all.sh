#!/bin/sh
# The gate judges every point of the baseline: a point of A with no
# partner in B, or a kernel that stopped the process while it was timed,
# is never a pass.
. "${top_srcdir:-.}/tests/lib.sh"

D="$top_srcdir/tests/data"

# B lacks three of A's four points: cannot judge them, exit 2, named.
head -2 "$D/gate_a.csv" >"$TMPD/b1.csv"
for q in "" -q; do
	expect_exit 2 "compare --fail-above $q: B lacking 3 of A's points exits 2" \
	    -- "$CSUMBENCH" compare "$D/gate_a.csv" "$TMPD/b1.csv" --fail-above 5 $q
	grep -q 'cannot judge 3 points of A with no partner in B: memcpy.x size 64 .*size 128 .*size 256' \
	    "$TMPD/err"
	r=$?
	[ $r -eq 0 ] || diag <"$TMPD/err"
	ok $r "compare --fail-above $q: the missing points named"
done
# Four runs per side, B 10% slower at 128 and without A's size 32: the
# failure and the missing point both said, exit 1.
A4="$D/gate_a.json,$D/gate_a.json,$D/gate_a.json,$D/gate_a.json"
B4="$D/gate_b.json,$D/gate_b.json,$D/gate_b.json,$D/gate_b.json"
expect_exit 1 "a failure and a missing point exit 1" \
    -- "$CSUMBENCH" compare "$A4" "$B4" --fail-above 9
grep -q 'also cannot judge 1 point of A with no partner in B: memcpy.x size 32' "$TMPD/err"
ok $? "and the missing point is named"
# Points B has and A lacks are new, not unjudged: A whole passes.
expect_exit 0 "B with more points than A passes" \
    -- "$CSUMBENCH" compare "$TMPD/b1.csv" "$D/gate_a.csv" --fail-above 5
# Without --fail-above there is no gate: exit 0.
expect_exit 0 "compare without --fail-above exits 0" \
    -- "$CSUMBENCH" compare "$D/gate_a.csv" "$TMPD/b1.csv"

done_testing
