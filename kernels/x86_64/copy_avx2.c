/*
 * copy_avx2.c - copy.avx2: unaligned 32-byte vectors, 128 bytes per
 * iteration; the tail is one pair of overlapping accesses of the largest
 * size that fits (32, 16, 8, 4 bytes), or bytes below 4.
 *
 * Every vector access is one instruction with an exception-table entry
 * (fault.h); on a fault the copy resumes byte by byte from the start of
 * the block that faulted.
 */
#include "../builtin.h"
#include "../fault.h"

#ifdef KFAULT_ASM
#include <immintrin.h>

/* As KGET64/KPUT64 (fault.h), for 32- and 16-byte vectors. */
#define KGET256(v, p, lbl)						\
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=x"(v) : "m"(*(const unsigned char (*)[32])(p)) : : lbl)
#define KPUT256(p, v, lbl)						\
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=m"(*(unsigned char (*)[32])(p)) : "x"(v) : : lbl)
#define KGET128(v, p, lbl)						\
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=x"(v) : "m"(*(const unsigned char (*)[16])(p)) : : lbl)
#define KPUT128(p, v, lbl)						\
	__asm__ volatile goto("1:\tvmovdqu %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=m"(*(unsigned char (*)[16])(p)) : "x"(v) : : lbl)

__attribute__((target("avx2"))) size_t
copy_avx2(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	__m256i a, b, c, e;
	__m128i x, y;
	uint64_t u, v;
	uint32_t p, q;
	size_t i = 0;		/* bytes committed */

	if (n >= 32) {
		for (; i < (n & ~(size_t)127); i += 128) {
			KGET256(a, s + i, fault);
			KGET256(b, s + i + 32, fault);
			KGET256(c, s + i + 64, fault);
			KGET256(e, s + i + 96, fault);
			KPUT256(d + i, a, fault);
			KPUT256(d + i + 32, b, fault);
			KPUT256(d + i + 64, c, fault);
			KPUT256(d + i + 96, e, fault);
		}
		for (; i < n - 32; i += 32) {
			KGET256(a, s + i, fault);
			KPUT256(d + i, a, fault);
		}
		/* 1..32 left (n >= 32): the last 32 bytes of the range. */
		KGET256(a, s + n - 32, fault);
		KPUT256(d + n - 32, a, fault);
		return 0;
	}
	/* 4..31 bytes: two overlapping accesses from both ends. */
	if (n >= 16) {
		KGET128(x, s, fault);
		KGET128(y, s + n - 16, fault);
		KPUT128(d, x, fault);
		KPUT128(d + n - 16, y, fault);
		return 0;
	}
	if (n >= 8) {
		KGET64(u, s, fault);
		KGET64(v, s + n - 8, fault);
		KPUT64(d, u, fault);
		KPUT64(d + n - 8, v, fault);
		return 0;
	}
	if (n >= 4) {
		KGET32(p, s, fault);
		KGET32(q, s + n - 4, fault);
		KPUT32(d, p, fault);
		KPUT32(d + n - 4, q, fault);
		return 0;
	}
fault:
	return kcopy_bytes(d + i, s + i, n - i);
}
#else
size_t
copy_avx2(void *dst, const void *src, size_t n)
{
	return kcopy_bytes(dst, src, n);	/* never registered as available */
}
#endif
