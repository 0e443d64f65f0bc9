/* memset.words - the byte replicated into an 8-byte word, unaligned stores. */
#include <string.h>

#include "../builtin.h"

void *
memset_words(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint64_t w = (uint64_t)(unsigned char)c * UINT64_C(0x0101010101010101);

	for (; n >= 8; n -= 8, d += 8)
		memcpy(d, &w, 8);
	while (n-- > 0)
		*d++ = (unsigned char)c;
	return dst;
}
