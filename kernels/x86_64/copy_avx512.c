/*
 * copy_avx512.c - copy.avx512: 64-byte vectors, 256 bytes per iteration,
 * with the destination aligned to 64 bytes for long copies; the tail, and
 * copies up to 64 bytes, are one masked load and one masked store
 * (AVX512BW byte masks).
 *
 * Masked-out bytes never fault (AVX-512 fault suppression), so a masked
 * access touches exactly the bytes of the range. Every vector access is one
 * instruction with an exception-table entry (fault.h); on a fault the copy
 * resumes byte by byte from the start of the block that faulted.
 */
#include "../builtin.h"
#include "../fault.h"

#ifdef KFAULT_ASM
#include <immintrin.h>

/* As KGET64/KPUT64 (fault.h), for 64-byte vectors. */
#define KGET512(v, p, lbl)						\
	__asm__ volatile goto("1:\tvmovdqu64 %1, %0\n\t" KFAULT_ENTRY(lbl) \
	    : "=v"(v) : "m"(*(const unsigned char (*)[64])(p)) : : lbl)
#define KPUT512(p, v, lbl)						\
	__asm__ volatile goto("1:\tvmovdqu64 %1, %0\n\t" KFAULT_ENTRY(lbl) \
	    : "=m"(*(unsigned char (*)[64])(p)) : "v"(v) : : lbl)
/* Load the bytes of p selected by mask k, zeroing the others. */
#define KGET512_MASK(v, p, k, lbl)					\
	__asm__ volatile goto("1:\tvmovdqu8 %1, %0%{%2%}%{z%}\n\t"	\
	    KFAULT_ENTRY(lbl)						\
	    : "=v"(v) : "m"(*(const unsigned char (*)[64])(p)), "Yk"(k)	\
	    : : lbl)
/* Store the bytes of v selected by mask k. */
#define KPUT512_MASK(p, v, k, lbl)					\
	__asm__ volatile goto("1:\tvmovdqu8 %1, %0%{%2%}\n\t"		\
	    KFAULT_ENTRY(lbl)						\
	    : "+m"(*(unsigned char (*)[64])(p)) : "v"(v), "Yk"(k) : : lbl)

/* The first n bytes, n in 0..64. */
static inline __attribute__((always_inline, target("avx512f,avx512bw")))
__mmask64
mask_first(size_t n)
{
	return n >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << n) - 1;
}

__attribute__((target("avx512f,avx512bw"))) size_t
copy_avx512(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	__m512i a, b, c, e;
	__mmask64 k;
	size_t i = 0;		/* bytes committed */
	size_t end;

	if (n > 512) {
		/* One unaligned block, then on from the next 64-aligned d. */
		KGET512(a, s, fault);
		KPUT512(d, a, fault);
		i = 64 - ((uintptr_t)d & 63);
	}
	/* i + 256 <= n, with the bound computed once. */
	for (end = n >= 256 ? n - 255 : 0; i < end; i += 256) {
		KGET512(a, s + i, fault);
		KGET512(b, s + i + 64, fault);
		KGET512(c, s + i + 128, fault);
		KGET512(e, s + i + 192, fault);
		KPUT512(d + i, a, fault);
		KPUT512(d + i + 64, b, fault);
		KPUT512(d + i + 128, c, fault);
		KPUT512(d + i + 192, e, fault);
	}
	for (end = n > 64 ? n - 64 : 0; i < end; i += 64) {
		KGET512(a, s + i, fault);
		KPUT512(d + i, a, fault);
	}
	/* 0..64 left: masked, so bytes outside the range are not touched. */
	k = mask_first(n - i);
	KGET512_MASK(a, s + i, k, fault);
	KPUT512_MASK(d + i, a, k, fault);
	return 0;
fault:
	return kcopy_bytes(d + i, s + i, n - i);
}
#else
size_t
copy_avx512(void *dst, const void *src, size_t n)
{
	return kcopy_bytes(dst, src, n);	/* never registered as available */
}
#endif
