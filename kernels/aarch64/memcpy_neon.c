/*
 * memcpy_neon.c - memcpy.neon: 16-byte NEON vectors.
 *
 * Up to 16 bytes: two overlapping scalar moves of one width. Up to 64:
 * two or four overlapping 16-byte vectors from both ends, all loaded
 * before any store. Beyond: the first 16 and the last 64 bytes are loaded
 * up front; the loop copies 64 bytes per iteration with unaligned loads
 * and 16-byte-aligned stores, from the first aligned destination address,
 * and the saved head and tail are stored at the end (they overlap the
 * loop's stores with the same bytes). Nothing outside either buffer is
 * read or written; src and dst must not overlap (ISO C memcpy).
 */
#if defined(__aarch64__)

#include <arm_neon.h>

#include "aarch64.h"
#include "neon_inline.h"

#define L(p)		vld1q_u8((const uint8_t *)(p))
#define S(p, v)		vst1q_u8((uint8_t *)(p), (v))

void *
memcpy_neon(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint8x16_t a, b, c, e, f, g, h, i;
	size_t skip;

	if (n <= 16) {
		a64_copy_0_16(d, s, n);
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
	a = L(s);
	f = L(s + n - 64);
	g = L(s + n - 48);
	h = L(s + n - 32);
	i = L(s + n - 16);
	skip = 16 - ((uintptr_t)d & 15);	/* 1..16 */
	{
		unsigned char *dd = d + skip;
		const unsigned char *ss = s + skip;
		size_t rem = n - skip;	/* > 48: n > 64, skip <= 16 */

		/* Bytes past dd + rem - 64 are the saved tail's. */
		while (rem > 64) {
			b = L(ss);
			c = L(ss + 16);
			e = L(ss + 32);
			uint8x16_t k = L(ss + 48);

			S(dd, b);
			S(dd + 16, c);
			S(dd + 32, e);
			S(dd + 48, k);
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

#endif /* __aarch64__ */
