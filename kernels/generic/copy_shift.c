/*
 * copy_shift.c - copy.shift: align dst with bytes; then whole words, with
 * misaligned src data merged from aligned loads with shifts.
 *
 * The riscv uaccess cover letter's "bulk copy while shifting misaligned
 * data": every load and every store is an aligned word, whatever the
 * relative misalignment.
 */
#include "../builtin.h"
#include "../fault.h"
#include "copy_words.h"

size_t
copy_shift(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t left;

	if (n < 16)
		return kcopy_bytes(d, s, n);
	if ((left = copyw_align_dst(&d, &s, &n)) != 0)
		return left;
	if (((uintptr_t)s & 7) != 0) {
		copyw_shift(&d, &s, &n);
		return kcopy_bytes(d, s, n);
	}
	copyw_aligned(&d, &s, &n);
	return kcopy_bytes(d, s, n);
}
