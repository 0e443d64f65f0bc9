/* memset.bytes - the reference: one byte at a time. */
#include "../builtin.h"

void *
memset_bytes(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n-- > 0)
		*d++ = (unsigned char)c;
	return dst;
}
