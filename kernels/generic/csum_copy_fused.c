/*
 * csum_copy.fused - one pass over 64-bit words: each word is loaded once,
 * stored, and added with a deferred end-around carry (see csum.generic64).
 */
#include <string.h>

#include "../builtin.h"
#include "csum_words.h"

uint32_t
csum_copy_fused(const void *src, void *dst, size_t n, uint32_t sum)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uint64_t acc = sum, carries = 0, w;

	for (; n >= 8; n -= 8, s += 8, d += 8) {
		memcpy(&w, s, 8);
		memcpy(d, &w, 8);
		CSUMW_ADD(acc, carries, w);
	}
	CSUMW_ADD(acc, carries, csumw_tail(s, d, n));
	return csumw_finish(acc, carries);
}
