/*
 * copy_unrolled.c - copy.unrolled: align dst; both aligned → 8 words per
 * iteration; otherwise the shift path of copy.shift.
 *
 * The complete composition of the riscv uaccess cover letter (bytes to
 * align dst, unrolled bulk copy when both are aligned, shift copy when they
 * are not).
 */
#include "../builtin.h"
#include "../fault.h"
#include "copy_words.h"

size_t
copy_unrolled(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w0, w1, w2, w3, w4, w5, w6, w7;
	size_t left, i;

	if (n < 16)
		return kcopy_bytes(d, s, n);
	if ((left = copyw_align_dst(&d, &s, &n)) != 0)
		return left;
	if (((uintptr_t)s & 7) != 0) {
		copyw_shift(&d, &s, &n);
		return kcopy_bytes(d, s, n);
	}

	/*
	 * 64 bytes per iteration, in two halves of four loads then four
	 * stores (eight live words would spill the loop bound). When any of
	 * them faults, d + i, s + i, n - i still name the start of the block, and the
	 * word loop below redoes it up to the word that faults.
	 */
	for (i = 0; i < (n & ~(size_t)63); i += 64) {
		KGET64(w0, s + i, redo);
		KGET64(w1, s + i + 8, redo);
		KGET64(w2, s + i + 16, redo);
		KGET64(w3, s + i + 24, redo);
		KPUT64(d + i, w0, redo);
		KPUT64(d + i + 8, w1, redo);
		KPUT64(d + i + 16, w2, redo);
		KPUT64(d + i + 24, w3, redo);
		KGET64(w4, s + i + 32, redo);
		KGET64(w5, s + i + 40, redo);
		KGET64(w6, s + i + 48, redo);
		KGET64(w7, s + i + 56, redo);
		KPUT64(d + i + 32, w4, redo);
		KPUT64(d + i + 40, w5, redo);
		KPUT64(d + i + 48, w6, redo);
		KPUT64(d + i + 56, w7, redo);
	}
redo:
	d += i;
	s += i;
	n -= i;
	copyw_aligned(&d, &s, &n);
	return kcopy_bytes(d, s, n);
}
