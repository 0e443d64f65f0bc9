#!/bin/sh
# What a newcomer mistypes or misreads gets a hint: did-you-mean for
# commands and kernel patterns, a range written with "..", a broken
# kernel's failures with what they have in common, tune's ratios with
# their direction.
. "${top_srcdir:-.}/tests/lib.sh"

unset CSUMBENCH_WARN
expect_exit 2 "a misspelt command: rnu" -- "$CSUMBENCH" rnu
stderr_one_line '^csumbench: unknown command "rnu", did you mean run\?' "... did you mean run, in one line"
expect_exit 2 "a misspelt command: comapre" -- "$CSUMBENCH" comapre a b
stderr_one_line 'did you mean compare\?' "... did you mean compare"
expect_exit 2 "an unknown command far from any" -- "$CSUMBENCH" frobnicate
stderr_one_line '^csumbench: unknown command "frobnicate" \(see' "... no guess"
expect_exit 2 "a glob of a misspelt family" -- "$CSUMBENCH" run -k 'cusm.*' -s 64
stderr_one_line 'no kernel matches "cusm\.\*", did you mean csum\.\*\?' "... did you mean csum.*"
expect_exit 2 "-s 64..1500" -- "$CSUMBENCH" run -k csum.ref -s 64..1500
stderr_one_line 'did you mean 64-1500\?' "... did you mean 64-1500"
expect_exit 2 "-a 0..7" -- "$CSUMBENCH" run -k csum.ref -s 64 -a 0..7
stderr_one_line 'did you mean 0-7\?' "... did you mean 0-7"

# A kernel that is wrong at odd lengths only: the pattern in one line.
KW="${top_builddir:-.}/tests/kobj_wrong.so"
expect_exit 1 "verify of a kernel wrong at odd lengths" -- \
	"$CSUMBENCH" verify --load "$KW" -k 'kobj_wrong:csum.oddbug'
grep -Eq '^  kobj_wrong:csum\.oddbug: all [0-9]+ failures at odd lengths' "$TMPD/out"
ok $? "... its failures' pattern: all at odd lengths"

# tune: which way its ratios go.
"$CSUMBENCH" tune -q --time 0.2 --tune-file "$TMPD/tune" >"$TMPD/out" 2>&1
grep -q 'below 1x A is cheaper, above 1x A is dearer' "$TMPD/out"
ok $? "tune: says which way its ratios go"
done_testing
