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
#include "csum_diff_short.h"

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

uint32_t
csum_diff_avx512(const void *from, size_t from_n, const void *to, size_t to_n,
    uint32_t seed)
{
	uint32_t res;

	if (__builtin_expect(csum_diff_short(from, from_n, to, to_n, seed,
	    &res), 1))
		return res;
	return csum_diff_avx512_long(from, from_n, to, to_n, seed);
}

#endif /* __x86_64__ */
