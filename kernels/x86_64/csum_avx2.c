/*
 * csum_avx2.c - csum.avx2: the Internet checksum with 32-byte vectors.
 *
 * Exact 64-bit lane sums with three operations per vector (csum_vec.h),
 * four accumulator pairs, 128 bytes per iteration; the last 0..31 bytes go
 * through the scalar add-with-carry tail, which never reads past buf + n.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

T256 uint32_t
csum_avx2(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum256_body(buf, n, sum, 0));
}

#endif /* __x86_64__ */
