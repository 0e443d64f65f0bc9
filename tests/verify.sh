#!/bin/sh
# verify: every available kernel passes; deliberately wrong kernels fail.
. "${top_srcdir:-.}/tests/lib.sh"

expect_exit 0 "verify passes for every available kernel" -- "$CSUMBENCH" verify
diag <"$TMPD/out"
if grep -q FAILED "$TMPD/out"; then r=1; else r=0; fi
ok $r "no kernel reported FAILED"
n=$(grep -c ' ok ' "$TMPD/out")
avail=$("$CSUMBENCH" list --csv | cell - available=yes kernel | wc -l)
[ "$n" -eq "$avail" ]; ok $? "every available kernel verified ($n of $avail)"

CSUMBENCH_TEST_KERNELS=1 "$CSUMBENCH" verify -k csum.test_oddbug >"$TMPD/out" 2>&1
r=$?
[ $r -eq 1 ]; ok $? "a kernel that drops the odd byte fails verify (exit $r)"
grep -q "csum.test_oddbug: size 1 " "$TMPD/out"; ok $? "the first mismatch names size 1"
CSUMBENCH_TEST_KERNELS=1 "$CSUMBENCH" verify -k memcpy.test_overrun >"$TMPD/out" 2>&1
r=$?
[ $r -eq 1 ]; ok $? "a kernel that writes past dst fails verify (exit $r)"
grep -Eq "after the end of dst|(killed by|did not finish).* at size 64 " "$TMPD/out"; ok $? "the overrun is reported with its case"
CSUMBENCH_TEST_KERNELS=1 "$CSUMBENCH" verify -k memcpy.test_empty >"$TMPD/out" 2>&1
[ $? -eq 1 ]; ok $? "an empty memcpy fails verify"
CSUMBENCH_TEST_KERNELS=1 "$CSUMBENCH" verify -k copy.test_wordfault >"$TMPD/out" 2>&1
[ $? -eq 1 ]; ok $? "a copy kernel with inexact fault reporting fails verify"
grep -q "faults after 1 bytes: returned 8, expected 7" "$TMPD/out"
ok $? "the inexact return value is reported"
"$CSUMBENCH" list | grep -q "copy.ref .*available"
ok $? "copy kernels are available (fault recovery installed)"

# -q: nothing when all pass; the failing kernel, its cases and the count
# when one fails, and nothing of the passing ones.
"$CSUMBENCH" verify -q -f csum >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 0 ] && [ ! -s "$TMPD/out" ] && [ ! -s "$TMPD/err" ]
ok $? "verify -q: all pass, exit 0, nothing on stdout or stderr (exit $r)"
CSUMBENCH_TEST_KERNELS=1 "$CSUMBENCH" verify -q -k 'csum.test_oddbug,csum.ref' >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 1 ] && grep -q '^csum.test_oddbug  *FAILED' "$TMPD/out" &&
	grep -q "csum.test_oddbug: size 1 " "$TMPD/out" &&
	! grep -q '^csum.ref ' "$TMPD/out" &&
	grep -q '^2 kernels verified, 1 failed$' "$TMPD/out"
ok $? "verify -q: the failing kernel with its case and the count, not the passing one (exit $r)"

expect_exit 2 "verify of an unknown kernel exits 2" -- "$CSUMBENCH" verify -k nosuch

done_testing
