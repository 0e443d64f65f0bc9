#!/bin/sh
# CLI behaviour: help, version, and bad input (exit 2, one line naming it).
. "${top_srcdir:-.}/tests/lib.sh"

expect_exit 0 "--help exits 0" -- "$CSUMBENCH" --help
grep -q "usage: csumbench" "$TMPD/out"; ok $? "--help prints usage on stdout"
expect_exit 0 "--version exits 0" -- "$CSUMBENCH" --version
grep -Eq '^csumbench [0-9]+\.[0-9]+' "$TMPD/out"; ok $? "--version prints the version"
for c in run list info verify csum rx; do
	expect_exit 0 "$c --help exits 0" -- "$CSUMBENCH" $c --help
	grep -q "usage: csumbench" "$TMPD/out"; ok $? "$c --help prints usage"
done

expect_exit 2 "unknown option exits 2" -- "$CSUMBENCH" run --bogus
grep -q "bogus" "$TMPD/err"; ok $? "unknown option is named"

# stderr_is LINE DESCRIPTION: the last command's stderr is exactly LINE.
stderr_is() {
	printf '%s\n' "$1" | cmp -s - "$TMPD/err"
	r=$?
	[ $r -eq 0 ] || { echo "expected: $1" | diag; diag <"$TMPD/err"; }
	ok $r "$2"
}

# Every command: the same line for an unknown option, a near miss and a
# missing argument, and nothing else on stderr.
while read -r c near meant short; do
	expect_exit 2 "$c --bogus exits 2" -- "$CSUMBENCH" $c --bogus
	stderr_is "csumbench $c: unknown option '--bogus' (see 'csumbench $c --help')" \
	    "$c --bogus: one line naming it"
	expect_exit 2 "$c --$near exits 2" -- "$CSUMBENCH" $c --$near x
	stderr_is "csumbench $c: unknown option '--$near', did you mean '--$meant'? (see 'csumbench $c --help')" \
	    "$c --$near: did you mean --$meant"
	expect_exit 2 "$c --$meant without its argument exits 2" -- "$CSUMBENCH" $c --$meant
	stderr_is "csumbench $c: option '--$meant' needs an argument (see 'csumbench $c --help')" \
	    "$c --$meant: needs an argument"
	if [ "$short" != - ]; then
		expect_exit 2 "$c -$short without its argument exits 2" -- "$CSUMBENCH" $c x -$short
		stderr_is "csumbench $c: option '-$short' (--$meant) needs an argument (see 'csumbench $c --help')" \
		    "$c -$short: needs an argument"
	fi
done <<'EOT'
run sizs sizes s
list famly family f
info tmer timer -
verify jbos jobs j
csum kernl kernel k
compare ignore-blow ignore-below -
plot formt format -
report otput output o
rx lne-rate line-rate -
EOT
expect_exit 2 "no command, unknown option exits 2" -- "$CSUMBENCH" --sizs 64
stderr_is "csumbench run: unknown option '--sizs', did you mean '--sizes'? (see 'csumbench run --help')" \
    "no command: run's line and suggestion"
expect_exit 2 "an ambiguous prefix exits 2" -- "$CSUMBENCH" run --m 1
stderr_one_line "option '--m' is ambiguous: .*'--mode'" "an ambiguous prefix: one line naming the candidates"
expect_exit 2 "a flag given an argument exits 2" -- "$CSUMBENCH" run --quick=1
stderr_is "csumbench run: option '--quick' takes no argument (see 'csumbench run --help')" \
    "a flag given an argument: one line"
expect_exit 2 "verify -s (-s is --sizes, not --seed) exits 2" -- "$CSUMBENCH" verify -s 1
stderr_is "csumbench verify: unknown option '-s' (see 'csumbench verify --help')" \
    "verify -s: one line"
expect_exit 2 "unknown command exits 2" -- "$CSUMBENCH" frobnicate
stderr_one_line 'unknown command "frobnicate"' "unknown command: one line naming it"
expect_exit 2 "bad size spec exits 2" -- "$CSUMBENCH" run -s 16-8 -q
stderr_one_line '16-8' "bad size spec: one line naming it"
expect_exit 2 "non-numeric size exits 2" -- "$CSUMBENCH" run -s 12x -q
stderr_one_line '12x' "non-numeric size: one line naming it"
expect_exit 2 "unknown preset exits 2" -- "$CSUMBENCH" run -s nosuchpreset -q
stderr_one_line 'nosuchpreset' "unknown preset: one line naming it"
expect_exit 2 "bad align spec exits 2" -- "$CSUMBENCH" run -a 0-x -q
stderr_one_line '0-x' "bad align spec: one line naming it"
expect_exit 2 "unknown kernel exits 2" -- "$CSUMBENCH" run -k nosuch.kernel -q
stderr_one_line 'nosuch.kernel' "unknown kernel: one line naming it"
expect_exit 2 "unknown family exits 2" -- "$CSUMBENCH" run -f nosuchfam -q
stderr_one_line 'nosuchfam' "unknown family: one line naming it"
expect_exit 2 "bad --reps exits 2" -- "$CSUMBENCH" run -r 0 -q
stderr_one_line '--reps' "bad --reps: one line naming it"
expect_exit 2 "bad --cache exits 2" -- "$CSUMBENCH" run --cache lukewarm -q
stderr_one_line 'lukewarm' "bad --cache: one line naming it"
expect_exit 2 "bad --timer exits 2" -- "$CSUMBENCH" run --timer sundial -k csum.ref -s 64 -q
stderr_one_line 'sundial' "bad --timer: one line naming it"
expect_exit 2 "unwritable output exits 2" -- "$CSUMBENCH" run -k csum.ref -s 64 -r 3 -q -o /nonexistent/dir/r.csv
stderr_one_line '/nonexistent/dir/r.csv' "unwritable output: one line naming it"
expect_exit 2 "missing file to csum exits 2" -- "$CSUMBENCH" csum "$TMPD/missing"
stderr_one_line 'missing' "missing file: one line naming it"
expect_exit 2 "csum with a non-csum kernel exits 2" -- "$CSUMBENCH" csum -k memcpy.libc /dev/null
stderr_one_line 'memcpy.libc' "csum -k memcpy.libc: one line naming it"
expect_exit 2 "extra argument to list exits 2" -- "$CSUMBENCH" list extra
stderr_one_line 'extra' "list extra: one line naming it"

expect_exit 2 "bad --cost exits 2" -- "$CSUMBENCH" run -k memset.libc,memset.words -s 64 --baseline memset.libc --cost lukewarm -q
stderr_one_line 'lukewarm' "bad --cost: one line naming it"
# Whole calls (--cost gross) include the empty-call floor: never below it.
expect_exit 0 "run --baseline --cost gross exits 0" -- "$CSUMBENCH" run -k memset.libc,memset.words -s 3,64 -r 5 --baseline memset.libc --style csv --cost gross -q
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["size"] != "" && ($c["a_median"] + 0 < 1 || $c["b_median"] + 0 < 1) { bad = 1 }
	END { exit bad }' "$TMPD/out"
ok $? "gross costs include the call itself (at least 1 unit per call)"

# A failed run leaves no file behind, and never a half-written one.
echo "precious" >"$TMPD/keep.csv"
expect_exit 2 "bad run with an existing output file exits 2" -- "$CSUMBENCH" run -k nosuch -o "$TMPD/keep.csv"
grep -qx precious "$TMPD/keep.csv"; ok $? "the existing output file is untouched"
[ -z "$(ls -A "$TMPD" | grep -v -e '^keep.csv$' -e '^out$' -e '^err$')" ]
ok $? "no temporary file is left behind"

# list shows every family and marks availability.
expect_exit 0 "list exits 0" -- "$CSUMBENCH" list
for k in memcpy.bytes memcpy.words memcpy.libc memset.bytes memset.words \
    memset.libc csum.ref csum.generic32 csum.generic64 csum_copy.ref \
    csum_copy.twopass csum_copy.fused csum_diff.scratch csum_diff.direct; do
	grep -q "^  $k " "$TMPD/out"; ok $? "list shows $k"
done
if grep -q "test_" "$TMPD/out"; then r=1; else r=0; fi
ok $r "list hides test kernels by default"
CSUMBENCH_TEST_KERNELS=1 "$CSUMBENCH" list >"$TMPD/out" 2>&1
grep -q "csum.test_oddbug" "$TMPD/out"; ok $? "CSUMBENCH_TEST_KERNELS=1 shows test kernels"
expect_exit 0 "list --csv exits 0" -- "$CSUMBENCH" list --csv
head -1 "$TMPD/out" | grep -q '^family,kernel,isa,role,available,reason,about$'
ok $? "list --csv has a header"

expect_exit 0 "info exits 0" -- "$CSUMBENCH" info
for f in vendor brand features timer l1d; do
	grep -q "^$f " "$TMPD/out"; ok $? "info shows $f"
done

done_testing
