/*
 * csum_words.h - the pieces csum.generic64 and csum_copy.fused share:
 * 64-bit words added with a deferred end-around carry, the 0..7-byte tail,
 * and the final fold.
 */
#ifndef CSUMBENCH_CSUM_WORDS_H
#define CSUMBENCH_CSUM_WORDS_H

#include <string.h>

#include "../kernel.h"

/* acc += v; the carry out of bit 63 is counted in carries. */
#define CSUMW_ADD(acc, carries, v) do {					\
		(acc) += (v);						\
		(carries) += (acc) < (uint64_t)(v);			\
	} while (0)

/*
 * The sum of the last n < 8 bytes at s, copied to d as well unless d is
 * NULL. The tail goes in fixed-size pieces (a variable-length memcpy would
 * be a library call): a 32- or 16-bit piece at an even offset adds the same
 * 16-bit words as it would inside a 64-bit word, and the odd byte is
 * padded in memory order, as csum.ref does. The result is below 2^33 and
 * zero only when every byte is.
 */
static inline uint64_t
csumw_tail(const unsigned char *s, unsigned char *d, size_t n)
{
	uint64_t t = 0;

	if (n & 4) {
		uint32_t v;

		memcpy(&v, s, 4);
		if (d != NULL) {
			memcpy(d, &v, 4);
			d += 4;
		}
		t += v;
		s += 4;
	}
	if (n & 2) {
		uint16_t v;

		memcpy(&v, s, 2);
		if (d != NULL) {
			memcpy(d, &v, 2);
			d += 2;
		}
		t += v;
		s += 2;
	}
	if (n & 1) {
		unsigned char last[2] = { s[0], 0 };
		uint16_t v;

		if (d != NULL)
			d[0] = s[0];
		memcpy(&v, last, 2);
		t += v;
	}
	return t;
}

/*
 * acc + carries * 2^64 folded to 32 bits: 2^64 == 1 modulo 0xffff (and
 * modulo 2^32 - 1), so the carries are added back end-around.
 */
static inline uint32_t
csumw_finish(uint64_t acc, uint64_t carries)
{
	acc += carries;
	if (acc < carries)
		acc++;
	return kfold64(acc);
}

#endif
