/*
 * copy_align_dst.c - copy.align_dst: bytes until dst is word-aligned, then
 * words only when src is aligned too, bytes otherwise.
 *
 * This is the "before" of the riscv uaccess cover letter ("riscv: improving
 * uaccess with logs from network bench"): mutually misaligned buffers, the
 * common case for packet headers, are copied one byte at a time.
 */
#include "../builtin.h"
#include "../fault.h"

size_t
copy_align_dst(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t head, left, i;
	uint64_t w;

	/* Mutually misaligned, or too short for one aligned word: bytes. */
	head = -(uintptr_t)d & 7;
	if ((((uintptr_t)d ^ (uintptr_t)s) & 7) != 0 || n < head + 8)
		return kcopy_bytes(d, s, n);

	if ((left = kcopy_bytes(d, s, head)) != 0)
		return left + (n - head);
	d += head;
	s += head;
	n -= head;

	/* Both aligned. A word that faults is redone byte by byte at tail. */
	for (i = 0; i < (n & ~(size_t)7); i += 8) {
		KGET64(w, s + i, tail);
		KPUT64(d + i, w, tail);
	}
tail:
	return kcopy_bytes(d + i, s + i, n - i);
}
