/*
 * memset_erms.c - memset.erms: one rep stosb, with no small-size branches
 * in front of it.
 */
#if defined(__x86_64__)

#include "x86_64.h"

void *
memset_erms(void *dst, int c, size_t n)
{
	void *d = dst;

	__asm__ volatile("rep stosb"
	    : "+D" (d), "+c" (n)
	    : "a" (c)
	    : "memory");
	return dst;
}

#endif /* __x86_64__ */
