/*
 * copy_unaligned.c - copy.unaligned: plain unaligned 8-byte loads and
 * stores, whatever the alignment (what x86 makes cheap).
 *
 * The tail of a copy of 8 bytes or more is one word ending at the last
 * byte, overlapping bytes already copied; shorter copies use 4-, 2- and
 * 1-byte accesses. A word that faults, aligned or not, is redone byte by
 * byte from the last committed position.
 */
#include "../builtin.h"
#include "../fault.h"

size_t
copy_unaligned(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w;
	uint32_t x;
	uint16_t h;
	uint8_t b;
	size_t i = 0;		/* bytes committed */

	if (n >= 8) {
		for (; i < n - 8; i += 8) {
			KGET64(w, s + i, fault);
			KPUT64(d + i, w, fault);
		}
		/* 1..8 left: the last 8 bytes of the range. */
		KGET64(w, s + n - 8, fault);
		KPUT64(d + n - 8, w, fault);
		return 0;
	}
	if (n & 4) {
		KGET32(x, s, fault);
		KPUT32(d, x, fault);
		i = 4;
	}
	if (n & 2) {
		KGET16(h, s + i, fault);
		KPUT16(d + i, h, fault);
		i += 2;
	}
	if (n & 1) {
		KGET8(b, s + i, fault);
		KPUT8(d + i, b, fault);
	}
	return 0;
fault:
	return kcopy_bytes(d + i, s + i, n - i);
}
