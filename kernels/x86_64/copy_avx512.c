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
#include "kernel.h"
#include "fault.h"

size_t	copy_avx512(void *, const void *, size_t);

#ifdef KFAULT_ASM
#include <immintrin.h>

#define AVX512_FN static inline \
	__attribute__((always_inline, target("avx512f,avx512bw")))

AVX512_FN int
kget512(__m512i *v, const void *p)
{
	__asm__ volatile goto("1:\tvmovdqu64 %1, %0\n\t" KFAULT_ENTRY(fail)
	    : "=v"(*v) : "m"(*(const unsigned char (*)[64])p) : : fail);
	return 1;
fail:
	return 0;
}

AVX512_FN int
kput512(void *p, __m512i v)
{
	__asm__ volatile goto("1:\tvmovdqu64 %1, %0\n\t" KFAULT_ENTRY(fail)
	    : "=m"(*(unsigned char (*)[64])p) : "v"(v) : : fail);
	return 1;
fail:
	return 0;
}

/* Load the bytes of p selected by k, zeroing the others. */
AVX512_FN int
kget512_mask(__m512i *v, const void *p, __mmask64 k)
{
	__asm__ volatile goto("1:\tvmovdqu8 %1, %0%{%2%}%{z%}\n\t" KFAULT_ENTRY(fail)
	    : "=v"(*v) : "m"(*(const unsigned char (*)[64])p), "Yk"(k)
	    : : fail);
	return 1;
fail:
	return 0;
}

/* Store the bytes of v selected by k. */
AVX512_FN int
kput512_mask(void *p, __m512i v, __mmask64 k)
{
	__asm__ volatile goto("1:\tvmovdqu8 %1, %0%{%2%}\n\t" KFAULT_ENTRY(fail)
	    : "+m"(*(unsigned char (*)[64])p) : "v"(v), "Yk"(k) : : fail);
	return 1;
fail:
	return 0;
}

/* The first n bytes, n in 0..64. */
AVX512_FN __mmask64
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
	size_t head;

	if (n <= 64) {
		k = mask_first(n);
		if (!kget512_mask(&a, s, k) || !kput512_mask(d, a, k))
			return kcopy_bytes(d, s, n);
		return 0;
	}
	if (n > 512) {
		/* One unaligned block, then continue from the next 64-aligned d. */
		head = 64 - ((uintptr_t)d & 63);
		if (!kget512(&a, s) || !kput512(d, a))
			return kcopy_bytes(d, s, n);
		d += head;
		s += head;
		n -= head;
	}
	for (; n >= 256; d += 256, s += 256, n -= 256) {
		if (!kget512(&a, s) || !kget512(&b, s + 64) ||
		    !kget512(&c, s + 128) || !kget512(&e, s + 192) ||
		    !kput512(d, a) || !kput512(d + 64, b) ||
		    !kput512(d + 128, c) || !kput512(d + 192, e))
			return kcopy_bytes(d, s, n);
	}
	for (; n > 64; d += 64, s += 64, n -= 64) {
		if (!kget512(&a, s) || !kput512(d, a))
			return kcopy_bytes(d, s, n);
	}
	/* 0..64 left. */
	k = mask_first(n);
	if (!kget512_mask(&a, s, k) || !kput512_mask(d, a, k))
		return kcopy_bytes(d, s, n);
	return 0;
}
#else
size_t
copy_avx512(void *dst, const void *src, size_t n)
{
	return kcopy_bytes(dst, src, n);	/* never registered as available */
}
#endif
