/*
 * memset_nt.c - memset.nt: non-temporal stores (vmovntdq) to 32-byte-
 * aligned addresses in the loop, ordinary stores at both ends, sfence at
 * the end so the weakly-ordered streaming stores are ordered before what
 * follows. Sets up to 256 bytes take the ordinary straight-line path.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "set_vec.h"

T256 void *
memset_nt(void *dst, int c, size_t n)
{
	if (n <= 256)
		x86_set_0_256(dst, c, n);
	else {
		x86_set_loop256(dst, c, n, 1);
		_mm_sfence();
	}
	return dst;
}

#endif /* __x86_64__ */
