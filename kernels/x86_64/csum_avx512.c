/*
 * csum_avx512.c - csum.avx512: the Internet checksum with 64-byte vectors.
 *
 * Exact 64-bit lane sums with three operations per vector (csum_vec.h),
 * four accumulator pairs, 256 bytes per iteration; the tail (< 64 bytes)
 * is one masked load, whose masked-off bytes are neither read nor able to
 * fault.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

T512 uint32_t
csum_avx512(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum512_body(buf, n, sum, 0));
}

#endif /* __x86_64__ */
