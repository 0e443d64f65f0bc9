/*
 * csum_copy_neon.c - csum_copy.neon: copy and checksum in one pass with
 * 16-byte NEON vectors.
 *
 * Each vector is loaded once, stored, and accumulated from the same
 * register with csum.neon's exact UADALP arithmetic (neon_inline.h); the
 * 0..15-byte tail is copied and summed piece by piece, never touching a
 * byte outside either buffer.
 */
#if defined(__aarch64__)

#include "aarch64.h"
#include "neon_inline.h"

uint32_t
csum_copy_neon(const void *src, void *dst, size_t n, uint32_t sum)
{
	return kfold64(a64_csum_body(src, dst, n, sum, 1));
}

#endif /* __aarch64__ */
