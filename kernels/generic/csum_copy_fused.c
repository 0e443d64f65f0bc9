/*
 * csum_copy.fused - one pass over 64-bit words: each word is loaded once,
 * stored, and added with a deferred end-around carry (see csum.generic64).
 */
#include <string.h>

#include "../kernel.h"

uint32_t
csum_copy_fused(const void *src, void *dst, size_t n, uint32_t sum)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uint64_t acc = sum, carries = 0, w;

	for (; n >= 8; n -= 8, s += 8, d += 8) {
		memcpy(&w, s, 8);
		memcpy(d, &w, 8);
		acc += w;
		carries += acc < w;
	}
	/* The tail in fixed-size pieces, as in csum.generic64. */
	if (n & 4) {
		uint32_t v;

		memcpy(&v, s, 4);
		memcpy(d, &v, 4);
		acc += v;
		carries += acc < v;
		s += 4;
		d += 4;
	}
	if (n & 2) {
		uint16_t v;

		memcpy(&v, s, 2);
		memcpy(d, &v, 2);
		acc += v;
		carries += acc < v;
		s += 2;
		d += 2;
	}
	if (n & 1) {
		unsigned char last[2] = { s[0], 0 };
		uint16_t v;

		d[0] = s[0];
		memcpy(&v, last, 2);
		acc += v;
		carries += acc < v;
	}
	acc += carries;
	if (acc < carries)
		acc++;
	return kfold64(acc);
}
