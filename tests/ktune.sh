#!/bin/sh
# ktune: a tuning changes speed, never results. Every threshold the
# kernels read is forced to its extremes (0: the path from the first
# byte; max: never) through CSUMBENCH_KTUNE, and the kernels that read
# them verify under each setting, natively and with AVX-512 masked off
# (CSUMBENCH_CPU_MASK), so every path they can take is checked.
. "${top_srcdir:-.}/tests/lib.sh"
skip_if_quick_check "verify at extreme thresholds"

# The kernels that read the thresholds: the x86-64 auto copies, sets and
# checksums.
kern=$("$CSUMBENCH" list --csv | awk -F, '
	NR > 1 && $2 ~ /^(memcpy|memset|csum)\.auto$/ && $5 == "yes" {
		printf "%s%s", s, $2; s = ","
	}')
if [ -z "$kern" ]; then
	skip "no kernel here reads the ktune thresholds"
	done_testing
	exit $?
fi

for mask in "" avx512; do
	for t in \
	    "memcpy_nt=max,memcpy_rep=max,memset_nt=max,memset_rep=max,csum_avx512=max,csum_vnni=max,csum_avx2=max" \
	    "memcpy_nt=max,memcpy_rep=0,memset_nt=max,memset_rep=0,csum_avx512=0,csum_vnni=max,csum_avx2=0" \
	    "memcpy_nt=0,memcpy_rep=max,memset_nt=0,memset_rep=max,csum_avx512=max,csum_vnni=0,csum_avx2=max" \
	    "memcpy_nt=0,memcpy_rep=0,memset_nt=0,memset_rep=0,csum_avx512=0,csum_vnni=0,csum_avx2=0"; do
		CSUMBENCH_CPU_MASK=$mask CSUMBENCH_KTUNE=$t \
		    "$CSUMBENCH" verify -k "$kern" >"$TMPD/out" 2>"$TMPD/err"
		r=$?
		[ $r -eq 0 ] || diag <"$TMPD/out"
		ok $r "verify $kern with $t${mask:+, $mask masked}"
		grep -q "CSUMBENCH_KTUNE in force: $(echo "$t" | tr , ' ')" \
		    "$TMPD/err"
		ok $? "the forced thresholds are named on stderr"
	done
done

CSUMBENCH_KTUNE=memcpy_rep=4K "$CSUMBENCH" list >/dev/null 2>"$TMPD/err"
grep -q "memcpy_rep=4K" "$TMPD/err"; ok $? "a K suffix is accepted"

expect_exit 2 "an unknown threshold is refused" -- \
    env CSUMBENCH_KTUNE=bogus=1 "$CSUMBENCH" list
stderr_one_line 'CSUMBENCH_KTUNE: unknown threshold "bogus"' \
    "one line names the unknown threshold"
expect_exit 2 "a bad value is refused" -- \
    env CSUMBENCH_KTUNE=memcpy_nt=lots "$CSUMBENCH" list
stderr_one_line 'memcpy_nt wants a byte count' \
    "one line names the bad value"
expect_exit 2 "an overflowing value is refused" -- \
    env CSUMBENCH_KTUNE=memcpy_nt=99999999999999999999G "$CSUMBENCH" list

# The mask: AVX-512 kernels unavailable "(masked)", the auto ones not.
if "$CSUMBENCH" list | grep -q "memcpy.avx512 .*available"; then
	CSUMBENCH_CPU_MASK=avx512 "$CSUMBENCH" list >"$TMPD/out" 2>&1
	grep -q "memcpy.avx512 .*needs avx512f (masked)" "$TMPD/out"
	ok $? "CSUMBENCH_CPU_MASK=avx512: memcpy.avx512 needs avx512f (masked)"
	grep -q "memcpy.auto .*available" "$TMPD/out"
	ok $? "CSUMBENCH_CPU_MASK=avx512: memcpy.auto still available"
	CSUMBENCH_CPU_MASK=avx512 "$CSUMBENCH" info >"$TMPD/out" 2>&1
	grep -q "^features .*(masked: avx512f avx512bw avx512vl" "$TMPD/out"
	ok $? "info names what is masked"
else
	skip "no AVX-512 here to mask"
fi
expect_exit 2 "an unknown feature in CSUMBENCH_CPU_MASK is refused" -- \
    env CSUMBENCH_CPU_MASK=avx9000 "$CSUMBENCH" list
stderr_one_line 'CSUMBENCH_CPU_MASK: unknown feature "avx9000"' \
    "one line names the unknown feature"

done_testing
