/*
 * csum.generic32 - 32-bit loads into a 64-bit accumulator.
 *
 * A native 32-bit word is hi * 2^16 + lo, and 2^16 == 1 modulo 0xffff, so
 * adding 32-bit words gives the same ones'-complement sum as adding their
 * 16-bit halves. 2^32 words fit in the 64-bit accumulator without carry-out.
 */
#include <string.h>

#include "../builtin.h"

uint32_t
csum_generic32(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	uint32_t w;
	uint16_t h;

	for (; n >= 4; n -= 4, p += 4) {
		memcpy(&w, p, 4);
		acc += w;
	}
	if (n >= 2) {
		memcpy(&h, p, 2);
		acc += h;
		p += 2;
		n -= 2;
	}
	if (n == 1) {
		unsigned char last[2] = { p[0], 0 };

		memcpy(&h, last, 2);
		acc += h;
	}
	return kfold64(acc);
}
