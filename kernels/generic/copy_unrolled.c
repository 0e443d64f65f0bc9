/*
 * copy_unrolled.c - copy.unrolled: align dst; both aligned → 8 words per
 * iteration; otherwise the shift path of copy.shift.
 *
 * The complete composition of seed 004 (bytes to align dst, unrolled bulk
 * copy when both are aligned, shift copy when they are not).
 */
#include "kernel.h"
#include "fault.h"
#include "copy_words.h"

size_t	copy_unrolled(void *, const void *, size_t);

size_t
copy_unrolled(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w0, w1, w2, w3, w4, w5, w6, w7;
	size_t left;

	if (n < 16)
		return kcopy_bytes(d, s, n);
	if ((left = copyw_align_dst(&d, &s, &n)) != 0)
		return left;
	if (((uintptr_t)s & 7) != 0) {
		copyw_shift(&d, &s, &n);
		return kcopy_bytes(d, s, n);
	}

	/*
	 * 64 bytes per iteration: eight loads, then eight stores. When any of
	 * them faults, d, s, n still name the start of the block, and the
	 * word loop below redoes it up to the word that faults.
	 */
	for (; n >= 64; d += 64, s += 64, n -= 64) {
		if (!kget64(&w0, s) || !kget64(&w1, s + 8) ||
		    !kget64(&w2, s + 16) || !kget64(&w3, s + 24) ||
		    !kget64(&w4, s + 32) || !kget64(&w5, s + 40) ||
		    !kget64(&w6, s + 48) || !kget64(&w7, s + 56))
			break;
		if (!kput64(d, w0) || !kput64(d + 8, w1) ||
		    !kput64(d + 16, w2) || !kput64(d + 24, w3) ||
		    !kput64(d + 32, w4) || !kput64(d + 40, w5) ||
		    !kput64(d + 48, w6) || !kput64(d + 56, w7))
			break;
	}
	copyw_aligned(&d, &s, &n);
	return kcopy_bytes(d, s, n);
}
