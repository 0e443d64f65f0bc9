/*
 * memcpy_sse2.c - memcpy.sse2: 16-byte vectors.
 *
 * Up to 128 bytes: no loop, at most eight overlapping loads from both ends
 * of the buffer, all before any store. Beyond: the first 16 and the last
 * 64 bytes are loaded up front; the loop then copies 64 bytes per
 * iteration with unaligned loads and 16-byte-aligned stores, starting at
 * the first aligned destination address, and the saved head and tail are
 * stored at the end (they overlap the loop's stores with the same bytes).
 */
#if defined(__x86_64__)

#include <emmintrin.h>

#include "x86_64.h"
#include "x86_inline.h"

#define L(p)		_mm_loadu_si128((const __m128i *)(const void *)(p))
#define S(p, v)		_mm_storeu_si128((__m128i *)(void *)(p), (v))
#define SA(p, v)	_mm_store_si128((__m128i *)(void *)(p), (v))

void *
memcpy_sse2(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	__m128i a, b, c, e, f, g, h, i;
	size_t skip;

	if (n <= 16) {
		x86_copy_0_16(d, s, n);
		return dst;
	}
	if (n <= 32) {
		a = L(s);
		b = L(s + n - 16);
		S(d, a);
		S(d + n - 16, b);
		return dst;
	}
	if (n <= 64) {
		a = L(s);
		b = L(s + 16);
		c = L(s + n - 32);
		e = L(s + n - 16);
		S(d, a);
		S(d + 16, b);
		S(d + n - 32, c);
		S(d + n - 16, e);
		return dst;
	}
	if (n <= 128) {
		a = L(s);
		b = L(s + 16);
		c = L(s + 32);
		e = L(s + 48);
		f = L(s + n - 64);
		g = L(s + n - 48);
		h = L(s + n - 32);
		i = L(s + n - 16);
		S(d, a);
		S(d + 16, b);
		S(d + 32, c);
		S(d + 48, e);
		S(d + n - 64, f);
		S(d + n - 48, g);
		S(d + n - 32, h);
		S(d + n - 16, i);
		return dst;
	}
	a = L(s);
	f = L(s + n - 64);
	g = L(s + n - 48);
	h = L(s + n - 32);
	i = L(s + n - 16);
	skip = 16 - ((uintptr_t)d & 15);	/* 1..16 */
	{
		unsigned char *dd = d + skip;
		const unsigned char *ss = s + skip;
		size_t rem = n - skip;

		while (rem > 64) {
			b = L(ss);
			c = L(ss + 16);
			e = L(ss + 32);
			__m128i k = L(ss + 48);

			SA(dd, b);
			SA(dd + 16, c);
			SA(dd + 32, e);
			SA(dd + 48, k);
			ss += 64;
			dd += 64;
			rem -= 64;
		}
	}
	S(d, a);
	S(d + n - 64, f);
	S(d + n - 48, g);
	S(d + n - 32, h);
	S(d + n - 16, i);
	return dst;
}

#endif /* __x86_64__ */
