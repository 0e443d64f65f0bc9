/*
 * memcpy_nt.c - memcpy.nt: non-temporal stores.
 *
 * For copies much larger than the cache the destination would only evict
 * useful lines; streaming stores (vmovntdq) write whole lines around the
 * cache. The loop stores to 32-byte-aligned addresses (a requirement of
 * vmovntdq); the unaligned head and the last 128 bytes use ordinary
 * stores, and an sfence at the end orders the weakly-ordered streaming
 * stores before anything that follows, as memcpy's callers expect.
 * Copies up to 256 bytes take the ordinary straight-line path.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "copy_vec.h"

T256 void *
memcpy_nt(void *dst, const void *src, size_t n)
{
	if (n <= 256)
		x86_copy_0_256(dst, src, n);
	else {
		x86_copy_loop256(dst, src, n, 1);
		_mm_sfence();
	}
	return dst;
}

#endif /* __x86_64__ */
