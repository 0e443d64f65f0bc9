/*
 * copy_unaligned.c - copy.unaligned: plain unaligned 8-byte loads and
 * stores, whatever the alignment (what x86 makes cheap).
 *
 * The tail of a copy of 8 bytes or more is one word ending at the last
 * byte, overlapping bytes already copied; shorter copies use 4-, 2- and
 * 1-byte accesses. A word that faults, aligned or not, is redone byte by
 * byte from the last committed position.
 */
#include "kernel.h"
#include "fault.h"

size_t	copy_unaligned(void *, const void *, size_t);

size_t
copy_unaligned(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w;
	uint32_t x;
	uint16_t h;

	if (n >= 8) {
		for (; n > 8; d += 8, s += 8, n -= 8) {
			if (!kget64(&w, s) || !kput64(d, w))
				return kcopy_bytes(d, s, n);
		}
		/* 1..8 left: the last 8 bytes of the range. */
		if (!kget64(&w, s + n - 8) || !kput64(d + n - 8, w))
			return kcopy_bytes(d, s, n);
		return 0;
	}
	if (n & 4) {
		if (!kget32(&x, s) || !kput32(d, x))
			return kcopy_bytes(d, s, n);
		d += 4;
		s += 4;
		n -= 4;
	}
	if (n & 2) {
		if (!kget16(&h, s) || !kput16(d, h))
			return kcopy_bytes(d, s, n);
		d += 2;
		s += 2;
		n -= 2;
	}
	return kcopy_bytes(d, s, n);
}
