/*
 * csum_diff_short.h - the scalar paths of the vector csum_diff kernels,
 * shared by csum_diff.avx2 and csum_diff.avx512: bpf_csum_diff is mostly
 * called on a few words (an address, a port), where no vector pays.
 * See csum_diff_avx2.c for why `from` is summed complemented, byte by
 * byte, rather than as ~csum(from).
 */
#ifndef CSUMBENCH_CSUM_DIFF_SHORT_H
#define CSUMBENCH_CSUM_DIFF_SHORT_H

#include "x86_64.h"
#include "csum_vec.h"

#define CSUM_DIFF_WORDS_MAX	64
#define CSUM_DIFF_VECTOR_MIN	192

/*
 * A few words: a loop of 32-byte add-with-carry chains, one of 8-byte
 * words, then 4 bytes or the general tail. Less code on the path than the unrolled chains, which
 * is what counts at 4 to 40 bytes.
 */
static inline uint64_t
csum_diff_words(const unsigned char *buf, size_t n, uint64_t acc,
    uint64_t inv)
{
	const unsigned char *p = buf;

	for (; n >= 32; n -= 32, p += 32)
		X86_ADC4(acc, x86_ld64(p) ^ inv, x86_ld64(p + 8) ^ inv,
		    x86_ld64(p + 16) ^ inv, x86_ld64(p + 24) ^ inv);
	for (; n >= 8; n -= 8, p += 8)
		X86_ADC1(acc, x86_ld64(p) ^ inv);
	if (n != 0)
		acc = x86_csum_tail(buf, p, n, acc, inv);
	return acc;
}

/*
 * At most 8 bytes as one 64-bit value, each byte XORed with inv's: the
 * commonest bpf_csum_diff call replaces one 4-byte word.
 */
static inline uint64_t
csum_diff_le8(const unsigned char *p, size_t n, uint64_t inv)
{
	if (n == 4)
		return (uint64_t)(x86_ld32(p) ^ (uint32_t)inv);
	if (n == 8)
		return x86_ld64(p) ^ inv;
	if (n == 0)
		return 0;
	return x86_ld_partial(p, n) ^ (inv >> (64 - 8 * n));
}

/*
 * Both buffers at most CSUM_DIFF_WORDS_MAX bytes: the whole csum_diff in
 * baseline x86-64 code, with no vector state and no stack frame; returns 1
 * and the result in *res. Otherwise returns 0: the caller's vector path.
 */
static inline int
csum_diff_short(const void *from, size_t from_n, const void *to, size_t to_n,
    uint32_t seed, uint32_t *res)
{
	uint64_t acc = seed;

	if (from_n <= 8 && to_n <= 8) {
		X86_ADC1(acc, csum_diff_le8(from, from_n, ~(uint64_t)0));
		X86_ADC1(acc, csum_diff_le8(to, to_n, 0));
		*res = x86_fold64(acc);
		return 1;
	}
	if (__builtin_expect(from_n > CSUM_DIFF_WORDS_MAX ||
	    to_n > CSUM_DIFF_WORDS_MAX, 0))
		return 0;
	acc = csum_diff_words(from, from_n, acc, ~(uint64_t)0);
	acc = csum_diff_words(to, to_n, acc, 0);
	*res = x86_fold64(acc);
	return 1;
}

#endif
