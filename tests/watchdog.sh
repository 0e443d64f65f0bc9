#!/bin/sh
# Kernels that misbehave once they run in csumbench's own process
# (tests/kobj_rogue.c): a hang is reported by name and size within a few
# seconds of its bound (verify goes on with the other kernels; run and
# csum stop), a kernel that calls exit(0) while timed makes the process
# exit 1 naming it, and --ab under --fail-above never passes a kernel of
# A without a partner.
. "${top_srcdir:-.}/tests/lib.sh"

R="$top_builddir/tests/kobj_rogue.so"
[ -f "$R" ] || skip_all "no tests/kobj_rogue.so in this build"
cp "$R" "$TMPD/b.so" || exit 99

# elapsed SECONDS-AT-MOST DESCRIPTION -- COMMAND...: like expect_exit 1,
# and within the time.
within() {
	most=$1
	desc=$2
	shift 3
	t0=$(date +%s)
	timeout -s KILL 60 "$@" >"$TMPD/out" 2>"$TMPD/err"
	got=$?
	t=$(($(date +%s) - t0))
	[ "$got" -eq 1 ] && [ "$t" -le "$most" ]
	r=$?
	[ $r -eq 0 ] || { echo "# exit $got after ${t}s: $*"; diag <"$TMPD/err"; }
	ok $r "$desc"
}

within 20 "verify: a kernel that never returns is FAILED as hung, exit 1" -- \
    "$CSUMBENCH" verify --load "$R=r" -k 'r:csum.stuck,r:csum.words32'
grep -q '^r:csum.stuck .*FAILED  hung: did not return within [0-9.]* s .* at size 129 ' "$TMPD/out"
ok $? "... named, with its size"
grep -q '^r:csum.words32 .* ok ' "$TMPD/out"
ok $? "... and the other kernels go on"

within 8 "run: a kernel that never returns when timed: exit 1 within the bound" -- \
    "$CSUMBENCH" run --load "$R=r" -k 'r:csum.hangs' -s 64 --max-time 0.01 \
    -q -o "$TMPD/h.csv"
stderr_one_line 'r:csum.hangs at size 64 did not return within [0-9.]* s \(hung\): stopped' \
    "... one line naming it and its size"
[ ! -e "$TMPD/h.csv" ] && [ -z "$(ls -A "$TMPD" | grep '^\.csumbench')" ]
ok $? "... nothing written"

within 8 "run --ab --fail-above: a hung B is exit 1" -- \
    "$CSUMBENCH" run --load "$R=old" --load "$TMPD/b.so=new" --ab old,new \
    -k '*csum.hangs' -s 64 --max-time 0.01 -q --fail-above 5 --replicas 1
grep -q 'csum.hangs at size 64 did not return' "$TMPD/err"
ok $? "... naming the kernel"

within 20 "run --ab --fail-above: a kernel calling exit(0) when timed: exit 1" -- \
    "$CSUMBENCH" run --load "$R=old" --load "$TMPD/b.so=new" --ab old,new \
    -k '*csum.exits' -s 64 --max-time 0.01 -q --fail-above 5 -o "$TMPD/x.csv"
stderr_one_line 'csum.exits at size 64 ended the process \(exit\) while it ran' \
    "... one line naming it"
[ ! -e "$TMPD/x.csv" ]; ok $? "... no results file"

echo hello >"$TMPD/in"
within 8 "csum: a kernel that never returns: exit 1" -- \
    "$CSUMBENCH" csum --load "$R=r" -k r:csum.hangs "$TMPD/in"
grep -q 'r:csum.hangs at size 6 did not return' "$TMPD/err"
ok $? "... naming it"

# run --ab --fail-above: a kernel of A without a partner in B.
expect_exit 2 "run --ab --fail-above: a kernel of A without a partner exits 2" -- \
    "$CSUMBENCH" run --load "$R=old" --load "$top_builddir/tests/kobj_ok.so=new" \
    --ab old,new -k '*csum.[wa]*' -s 64 --max-time 0.01 -q \
    --fail-above 5
stderr_one_line 'cannot judge old:csum.alone: it has no partner new:csum.alone' \
    "... one line naming it"

done_testing
