/*
 * memcpy.words - 8-byte words. Loads and stores go through memcpy of a
 * fixed size, which the compiler turns into single unaligned moves, so any
 * alignment is safe on every architecture.
 */
#include <string.h>

#include "../builtin.h"

void *
memcpy_words(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w;

	for (; n >= 8; n -= 8, d += 8, s += 8) {
		memcpy(&w, s, 8);
		memcpy(d, &w, 8);
	}
	while (n-- > 0)
		*d++ = *s++;
	return dst;
}
