/*
 * memset_avx2.c - memset.avx2: 32-byte vectors (set_vec.h).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "set_vec.h"

T256 void *
memset_avx2(void *dst, int c, size_t n)
{
	if (n <= 256)
		x86_set_0_256(dst, c, n);
	else
		x86_set_loop256(dst, c, n, 0);
	return dst;
}

#endif /* __x86_64__ */
