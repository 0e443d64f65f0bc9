/*
 * memset_sse2.c - memset.sse2: 16-byte vectors. Straight-line overlapping
 * stores up to 128 bytes; beyond, an unaligned store at each end and a
 * loop of four aligned stores in between.
 */
#if defined(__x86_64__)

#include <emmintrin.h>

#include "x86_64.h"
#include "x86_inline.h"

#define S(p, v)		_mm_storeu_si128((__m128i *)(void *)(p), (v))
#define SA(p, v)	_mm_store_si128((__m128i *)(void *)(p), (v))

void *
memset_sse2(void *dst, int c, size_t n)
{
	unsigned char *d = dst, *end = d + n, *dd;
	__m128i v;

	if (n <= 16) {
		x86_set_0_16(d, (uint64_t)(unsigned char)c *
		    UINT64_C(0x0101010101010101), n);
		return dst;
	}
	v = _mm_set1_epi8((char)c);
	if (n <= 32) {
		S(d, v);
		S(end - 16, v);
	} else if (n <= 64) {
		S(d, v);
		S(d + 16, v);
		S(end - 32, v);
		S(end - 16, v);
	} else if (n <= 128) {
		S(d, v);
		S(d + 16, v);
		S(d + 32, v);
		S(d + 48, v);
		S(end - 64, v);
		S(end - 48, v);
		S(end - 32, v);
		S(end - 16, v);
	} else {
		S(d, v);
		dd = d + 16 - ((uintptr_t)d & 15);
		while (end - dd > 64) {
			SA(dd, v);
			SA(dd + 16, v);
			SA(dd + 32, v);
			SA(dd + 48, v);
			dd += 64;
		}
		S(end - 64, v);
		S(end - 48, v);
		S(end - 32, v);
		S(end - 16, v);
	}
	return dst;
}

#endif /* __x86_64__ */
