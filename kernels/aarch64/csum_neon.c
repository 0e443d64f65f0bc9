/*
 * csum_neon.c - csum.neon: the Internet checksum with 16-byte NEON vectors.
 *
 * UADALP (vpadalq_u32) adds each vector's 32-bit lanes pairwise into
 * exact 64-bit lane sums, four accumulators, 64 bytes per iteration; the
 * last 0..15 bytes go through a scalar tail that never reads past
 * buf + n. The arithmetic and why the fold equals csum.ref's, both zeros
 * included, are in neon_inline.h.
 */
#if defined(__aarch64__)

#include "aarch64.h"
#include "neon_inline.h"

uint32_t
csum_neon(const void *buf, size_t n, uint32_t sum)
{
	return kfold64(a64_csum_body(buf, NULL, n, sum, 0));
}

#endif /* __aarch64__ */
