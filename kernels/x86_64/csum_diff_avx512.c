/*
 * csum_diff_avx512.c - csum_diff.avx512: bpf_csum_diff, computed directly
 * with csum.avx512's vector loop.
 *
 * The result is seed + csum(to) + the sum of the ones' complement of every
 * 32-bit word of from. Complementing a 32-bit word complements both of its
 * 16-bit halves, so the third term is the checksum of from with every byte
 * complemented: the loop XORs each loaded vector with all-ones (one more
 * operation per vector) and the tail complements only the bytes it reads.
 *
 * Why not ~csum(from)? In ones'-complement arithmetic -x = ~x, but only
 * modulo 0xffff: csum(from) has already lost whether the complemented sum
 * was exactly zero (from all ones) or a nonzero multiple of 0xffff, and the
 * reference's fold tells those apart (0x0000 vs 0xffff). Summing the
 * complemented bytes directly keeps the exact value. Every step is an
 * end-around-carry addition, which is zero only when all terms are zero.
 *
 * bpf_csum_diff is mostly called on a few words (an address, a port):
 * when both buffers have at most CSUM_DIFF_WORDS_MAX bytes, a plain loop of
 * add-with-carry over 8-byte words; below CSUM_DIFF_VECTOR_MIN bytes a
 * buffer goes through the unrolled adc chains; the vector loop above.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

#define CSUM_DIFF_WORDS_MAX	64
#define CSUM_DIFF_VECTOR_MIN	192

/* Either buffer at least CSUM_DIFF_VECTOR_MIN bytes. */
__attribute__((noinline)) T512 static uint32_t
csum_diff_avx512_long(const void *from, size_t from_n, const void *to,
    size_t to_n, uint32_t seed)
{
	uint64_t acc = seed;

	if (from_n < CSUM_DIFF_VECTOR_MIN)
		acc = x86_csum_adc_body_x(from, from_n, acc, ~(uint64_t)0);
	else
		acc = csum512_body(from, from_n, acc, ~(uint64_t)0);
	if (to_n < CSUM_DIFF_VECTOR_MIN)
		acc = x86_csum_adc_body(to, to_n, acc);
	else
		acc = csum512_body(to, to_n, acc, 0);
	return x86_fold64(acc);
}

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
 * Baseline x86-64 code: short buffers take the scalar path with no vector
 * state and no stack frame; the rest is a tail call.
 */
uint32_t
csum_diff_avx512(const void *from, size_t from_n, const void *to, size_t to_n,
    uint32_t seed)
{
	uint64_t acc = seed;

	if (from_n <= 8 && to_n <= 8) {
		X86_ADC1(acc, csum_diff_le8(from, from_n, ~(uint64_t)0));
		X86_ADC1(acc, csum_diff_le8(to, to_n, 0));
		return x86_fold64(acc);
	}
	if (__builtin_expect(from_n > CSUM_DIFF_WORDS_MAX ||
	    to_n > CSUM_DIFF_WORDS_MAX, 0))
		return csum_diff_avx512_long(from, from_n, to, to_n, seed);
	acc = csum_diff_words(from, from_n, acc, ~(uint64_t)0);
	acc = csum_diff_words(to, to_n, acc, 0);
	return x86_fold64(acc);
}

#endif /* __x86_64__ */
