/*
 * copy_words.h - word loops shared by the generic copy kernels.
 *
 * Each loop copies whole 8-byte words and advances *dp, *sp, *np past what
 * it copied. The loops index from fixed bases (one induction variable, as
 * the compiler would make of the same loop without fault support). It stops when fewer than 8 bytes are left or when a word
 * faults; in both cases everything before *dp is copied and nothing at or
 * after it was written, so the caller finishes (or finds the exact fault)
 * with kcopy_bytes(*dp, *sp, *np).
 */
#ifndef CSUMBENCH_COPY_WORDS_H
#define CSUMBENCH_COPY_WORDS_H

#include "../fault.h"

/* Copy bytes until d is 8-aligned. Returns bytes of n not copied (fault). */
KFAULT_INLINE size_t
copyw_align_dst(unsigned char **dp, const unsigned char **sp, size_t *np)
{
	size_t head = -(uintptr_t)*dp & 7, left;

	if (head > *np)
		head = *np;
	if ((left = kcopy_bytes(*dp, *sp, head)) != 0)
		return left + (*np - head);
	*dp += head;
	*sp += head;
	*np -= head;
	return 0;
}

/* d and s both 8-aligned: one word per iteration. */
KFAULT_INLINE void
copyw_aligned(unsigned char **dp, const unsigned char **sp, size_t *np)
{
	unsigned char *d = *dp;
	const unsigned char *s = *sp;
	size_t n = *np, i;
	uint64_t w;

	for (i = 0; i < (n & ~(size_t)7); i += 8) {
		KGET64(w, s + i, out);
		KPUT64(d + i, w, out);
	}
out:
	*dp = d + i;
	*sp = s + i;
	*np = n - i;
}

/*
 * d 8-aligned, s not: load aligned source words and merge each neighbour
 * pair with shifts into one aligned destination word.
 *
 * Which words are loaded: the aligned word holding s, then one more per
 * word stored. Storing the word for [s, s+8) needs the aligned word that
 * starts at s + 8 - r (r = s & 7), whose first byte is inside [s, s+8):
 * while n >= 8 every loaded word holds a byte of the source range, so no
 * load touches a page the range does not reach. The first word also holds
 * up to 7 bytes before s, in the same aligned word and so in the same page.
 */
KFAULT_INLINE void
copyw_shift(unsigned char **dp, const unsigned char **sp, size_t *np)
{
	unsigned char *d = *dp;
	const unsigned char *s = *sp;
	size_t n = *np, e = 8, nw = n & ~(size_t)7;
	unsigned r = (uintptr_t)s & 7;
	unsigned lsh = 8 * r, rsh = 64 - 8 * r;	/* both in 8..56 */
	const unsigned char *sa = s - r;	/* aligned word holding s */
	uint64_t lo, hi, w;

	/*
	 * The induction variable is e, the offset just past the word being
	 * stored: word [e - 8, e) of d is stored from the aligned words at
	 * sa + e - 8 and sa + e. Both accesses of an iteration and the fault
	 * label see the same e, so the committed position is e - 8, computed
	 * at the label; no copy of the position before the increment stays
	 * live in the loop for the fault path (it did with an index i and a
	 * load at sn + i = sa + 8 + i: GCC kept both i and i + 8 in
	 * registers, plus the store address, for the fault edges).
	 */
	if (n < 8)
		goto out;
	KGET64(lo, sa, out);
	for (; e <= nw; e += 8) {
		KGET64(hi, sa + e, out);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		w = (lo >> lsh) | (hi << rsh);
#else
		w = (lo << lsh) | (hi >> rsh);
#endif
		KPUT64(d + e - 8, w, out);
		lo = hi;
	}
	/*
	 * The normal exit, apart from the fault label: it needs no e, so e
	 * is incremented in place (e <= nw cannot wrap: nw + 8 fits in any
	 * real address space).
	 */
	*dp = d + nw;
	*sp = s + nw;
	*np = n & 7;
	return;
out:
	/*
	 * Opaque e here: otherwise GCC shares d + (e - 8) with the store's
	 * address and keeps that sum in a register of its own in the loop.
	 */
	__asm__("" : "+r"(e));
	*dp = d + (e - 8);
	*sp = s + (e - 8);
	*np = n - (e - 8);
}

#endif
