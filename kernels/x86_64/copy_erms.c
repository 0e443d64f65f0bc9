/*
 * copy_erms.c - copy.erms: one `rep movsb` (ERMS; FSRM makes short copies
 * cheap too).
 *
 * rep movsb is interruptible: a fault stops it on an element boundary with
 * every earlier byte done. Rather than read the progress out of the saved
 * registers, the fault path redoes the copy byte by byte from the start,
 * rewriting equal bytes, up to the first byte that faults.
 */
#include "../builtin.h"
#include "../fault.h"

#ifdef KFAULT_ASM
size_t
copy_erms(void *dst, const void *src, size_t n)
{
	void *d = dst;
	const void *s = src;
	size_t c = n;

	__asm__ volatile goto("1:\trep movsb\n\t" KFAULT_ENTRY(fault)
	    : "+D"(d), "+S"(s), "+c"(c) : : "memory" : fault);
	return 0;
fault:
	return kcopy_bytes(dst, src, n);
}
#else
size_t
copy_erms(void *dst, const void *src, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n)
	    : : "memory");
	return 0;
}
#endif
