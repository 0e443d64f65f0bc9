/*
 * copy_ref.c - copy.ref: the user-copy reference, one byte at a time.
 *
 * This is the specification of the copy family: byte i is copied only after
 * bytes 0..i-1 were, and the first byte that cannot be read from src or
 * written to dst stops the copy; the number of bytes from there to the end
 * is returned. Nothing outside [src, src+n) and [dst, dst+n) is touched.
 */
#include "../builtin.h"
#include "../fault.h"

size_t
copy_ref(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint8_t b;
	size_t i;

	for (i = 0; i < n; i++) {
		KGET8(b, s + i, fault);		/* src[i] may be unreadable */
		KPUT8(d + i, b, fault);		/* dst[i] may be unwritable */
	}
	return 0;
fault:
	return n - i;			/* bytes 0..i-1 were copied */
}
