/*
 * copy_avx2.c - copy.avx2: unaligned 32-byte vectors, 128 bytes per
 * iteration; the tail is one pair of overlapping accesses of the largest
 * size that fits (32, 16, 8, 4 bytes), or bytes below 4.
 *
 * Every vector access is one instruction with an exception-table entry
 * (fault.h); on a fault the copy resumes byte by byte from the start of
 * the block that faulted.
 */
#include "kernel.h"
#include "fault.h"

size_t	copy_avx2(void *, const void *, size_t);

#ifdef KFAULT_ASM
#include <immintrin.h>

#define AVX2_FN	static inline __attribute__((always_inline, target("avx2")))

AVX2_FN int
kget256(__m256i *v, const void *p)
{
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(fail)
	    : "=x"(*v) : "m"(*(const unsigned char (*)[32])p) : : fail);
	return 1;
fail:
	return 0;
}

AVX2_FN int
kput256(void *p, __m256i v)
{
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(fail)
	    : "=m"(*(unsigned char (*)[32])p) : "x"(v) : : fail);
	return 1;
fail:
	return 0;
}

AVX2_FN int
kget128(__m128i *v, const void *p)
{
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(fail)
	    : "=x"(*v) : "m"(*(const unsigned char (*)[16])p) : : fail);
	return 1;
fail:
	return 0;
}

AVX2_FN int
kput128(void *p, __m128i v)
{
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(fail)
	    : "=m"(*(unsigned char (*)[16])p) : "x"(v) : : fail);
	return 1;
fail:
	return 0;
}

__attribute__((target("avx2"))) size_t
copy_avx2(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	__m256i a, b, c, e;
	__m128i x, y;
	uint64_t u, v;
	uint32_t p, q;

	if (n >= 32) {
		for (; n >= 128; d += 128, s += 128, n -= 128) {
			if (!kget256(&a, s) || !kget256(&b, s + 32) ||
			    !kget256(&c, s + 64) || !kget256(&e, s + 96) ||
			    !kput256(d, a) || !kput256(d + 32, b) ||
			    !kput256(d + 64, c) || !kput256(d + 96, e))
				return kcopy_bytes(d, s, n);
		}
		for (; n > 32; d += 32, s += 32, n -= 32) {
			if (!kget256(&a, s) || !kput256(d, a))
				return kcopy_bytes(d, s, n);
		}
		/* 1..32 left (n >= 32 on entry): the last 32 bytes. */
		if (!kget256(&a, s + n - 32) || !kput256(d + n - 32, a))
			return kcopy_bytes(d, s, n);
		return 0;
	}
	if (n >= 16) {
		if (!kget128(&x, s) || !kget128(&y, s + n - 16) ||
		    !kput128(d, x) || !kput128(d + n - 16, y))
			return kcopy_bytes(d, s, n);
		return 0;
	}
	if (n >= 8) {
		if (!kget64(&u, s) || !kget64(&v, s + n - 8) ||
		    !kput64(d, u) || !kput64(d + n - 8, v))
			return kcopy_bytes(d, s, n);
		return 0;
	}
	if (n >= 4) {
		if (!kget32(&p, s) || !kget32(&q, s + n - 4) ||
		    !kput32(d, p) || !kput32(d + n - 4, q))
			return kcopy_bytes(d, s, n);
		return 0;
	}
	return kcopy_bytes(d, s, n);
}
#else
size_t
copy_avx2(void *dst, const void *src, size_t n)
{
	return kcopy_bytes(dst, src, n);	/* never registered as available */
}
#endif
