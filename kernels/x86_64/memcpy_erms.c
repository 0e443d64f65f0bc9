/*
 * memcpy_erms.c - memcpy.erms: one rep movsb.
 *
 * With ERMS (and FSRM for short copies) the microcode picks its own
 * strategy; this kernel measures that strategy alone, with no small-size
 * branches in front of it.
 */
#if defined(__x86_64__)

#include "x86_64.h"

void *
memcpy_erms(void *dst, const void *src, size_t n)
{
	void *d = dst;

	__asm__ volatile("rep movsb"
	    : "+D" (d), "+S" (src), "+c" (n)
	    :
	    : "memory");
	return dst;
}

#endif /* __x86_64__ */
