/*
 * csum_diff_avx2.c - csum_diff.avx2: bpf_csum_diff, computed directly
 * with csum.avx2's vector loop.
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
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

T256 uint32_t
csum_diff_avx2(const void *from, size_t from_n, const void *to, size_t to_n,
    uint32_t seed)
{
	uint64_t acc = seed;

	acc = csum256_body(from, from_n, acc, ~(uint64_t)0);
	acc = csum256_body(to, to_n, acc, 0);
	return x86_fold64(acc);
}

#endif /* __x86_64__ */
