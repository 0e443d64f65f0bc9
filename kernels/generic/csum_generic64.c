/*
 * csum.generic64 - 64-bit loads, the carry out of each add counted
 * separately and added back at the end (end-around carry, deferred).
 *
 * As with 32-bit words, a 64-bit word is congruent modulo 0xffff to the sum
 * of its four 16-bit words, so the 64-bit ones'-complement sum folds to the
 * same 16-bit value.
 */
#include <string.h>

#include "../kernel.h"

uint32_t
csum_generic64(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum, carries = 0, w;

	for (; n >= 8; n -= 8, p += 8) {
		memcpy(&w, p, 8);
		acc += w;
		carries += acc < w;
	}
	/*
	 * The tail in fixed-size pieces (a variable-length memcpy would be a
	 * library call). A 32- or 16-bit piece at an even offset adds the same
	 * 16-bit words as it would inside a 64-bit word; the odd byte is padded
	 * in memory order, as csum.ref does.
	 */
	if (n & 4) {
		uint32_t v;

		memcpy(&v, p, 4);
		acc += v;
		carries += acc < v;
		p += 4;
	}
	if (n & 2) {
		uint16_t v;

		memcpy(&v, p, 2);
		acc += v;
		carries += acc < v;
		p += 2;
	}
	if (n & 1) {
		unsigned char last[2] = { p[0], 0 };
		uint16_t v;

		memcpy(&v, last, 2);
		acc += v;
		carries += acc < v;
	}
	/* acc + carries * 2^64, and 2^64 == 1 modulo 0xffff (and 2^32 - 1). */
	acc += carries;
	if (acc < carries)
		acc++;
	return kfold64(acc);
}
