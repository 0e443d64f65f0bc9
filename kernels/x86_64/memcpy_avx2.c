/*
 * memcpy_avx2.c - memcpy.avx2: 32-byte vectors (copy_vec.h): straight-
 * line code up to 256 bytes, then a loop of four aligned stores.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "copy_vec.h"

T256 void *
memcpy_avx2(void *dst, const void *src, size_t n)
{
	if (n <= 256)
		x86_copy_0_256(dst, src, n);
	else
		x86_copy_loop256(dst, src, n, 0);
	return dst;
}

#endif /* __x86_64__ */
