/*
 * csum.generic64 - 64-bit loads, the carry out of each add counted
 * separately and added back at the end (end-around carry, deferred).
 *
 * As with 32-bit words, a 64-bit word is congruent modulo 0xffff to the sum
 * of its four 16-bit words, so the 64-bit ones'-complement sum folds to the
 * same 16-bit value.
 */
#include <string.h>

#include "../builtin.h"
#include "csum_words.h"

uint32_t
csum_generic64(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum, carries = 0, w;

	for (; n >= 8; n -= 8, p += 8) {
		memcpy(&w, p, 8);
		CSUMW_ADD(acc, carries, w);
	}
	CSUMW_ADD(acc, carries, csumw_tail(p, NULL, n));
	return csumw_finish(acc, carries);
}
