/*
 * csum.generic64 - 64-bit loads, the carry out of each add counted
 * separately and added back at the end (end-around carry, deferred).
 *
 * As with 32-bit words, a 64-bit word is congruent modulo 0xffff to the sum
 * of its four 16-bit words, so the 64-bit ones'-complement sum folds to the
 * same 16-bit value. The tail (0..7 bytes) is copied into a zeroed word in
 * memory order, which pads an odd byte exactly as csum.ref does on either
 * endianness.
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
	if (n > 0) {
		w = 0;
		memcpy(&w, p, n);
		acc += w;
		carries += acc < w;
	}
	/* acc + carries * 2^64, and 2^64 == 1 modulo 0xffff (and 2^32 - 1). */
	acc += carries;
	if (acc < carries)
		acc++;
	return kfold64(acc);
}
