/* memcpy.bytes - the reference: one byte at a time, in order. */
#include "../builtin.h"

void *
memcpy_bytes(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n-- > 0)
		*d++ = *s++;
	return dst;
}
