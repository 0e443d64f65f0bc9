/*
 * memset_avx512.c - memset.avx512: 64-byte vectors above 256 bytes
 * (set_vec.h); below, the 32-byte straight-line code.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "set_vec.h"

T512 void *
memset_avx512(void *dst, int c, size_t n)
{
	if (n <= 256)
		x86_set_0_256(dst, c, n);
	else
		x86_set_loop512(dst, c, n);
	return dst;
}

#endif /* __x86_64__ */
