/*
 * memcpy_avx512.c - memcpy.avx512: 64-byte vectors above 256 bytes
 * (copy_vec.h): straight-line code up to 512 bytes, then a loop of four
 * aligned 64-byte stores. Below 257 bytes the 32-byte code is as fast and
 * shorter.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "copy_vec.h"

T512 void *
memcpy_avx512(void *dst, const void *src, size_t n)
{
	if (n <= 256)
		x86_copy_0_256(dst, src, n);
	else if (n <= 512)
		x86_copy_257_512(dst, src, n);
	else
		x86_copy_loop512(dst, src, n);
	return dst;
}

#endif /* __x86_64__ */
