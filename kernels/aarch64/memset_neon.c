/*
 * memset_neon.c - memset.neon: 16-byte NEON vectors.
 *
 * Up to 16 bytes: two overlapping scalar stores of one width. Up to 64:
 * two or four overlapping 16-byte stores from both ends. Beyond: the first
 * 16 bytes are stored unaligned, the loop stores 64 bytes per iteration
 * from the first 16-byte-aligned address, and the last 64 bytes are stored
 * from the end (overlapping the loop's stores with the same value).
 * Nothing outside [dst, dst + n) is written.
 */
#if defined(__aarch64__)

#include <arm_neon.h>

#include "aarch64.h"
#include "neon_inline.h"

#define S(p, v)		vst1q_u8((uint8_t *)(p), (v))

void *
memset_neon(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint8x16_t v = vdupq_n_u8((uint8_t)c);
	uint64_t w = UINT64_C(0x0101010101010101) * (uint8_t)c;
	size_t skip, rem;

	if (n < 16) {
		if (n >= 8) {
			a64_st64(d, w);
			a64_st64(d + n - 8, w);
		} else if (n >= 4) {
			a64_st32(d, (uint32_t)w);
			a64_st32(d + n - 4, (uint32_t)w);
		} else if (n >= 2) {
			a64_st16(d, (uint16_t)w);
			a64_st16(d + n - 2, (uint16_t)w);
		} else if (n == 1)
			d[0] = (unsigned char)c;
		return dst;
	}
	if (n <= 32) {
		S(d, v);
		S(d + n - 16, v);
		return dst;
	}
	if (n <= 64) {
		S(d, v);
		S(d + 16, v);
		S(d + n - 32, v);
		S(d + n - 16, v);
		return dst;
	}
	S(d, v);
	skip = 16 - ((uintptr_t)d & 15);	/* 1..16 */
	rem = n - skip;				/* > 48 */
	for (d += skip; rem > 64; d += 64, rem -= 64) {
		S(d, v);
		S(d + 16, v);
		S(d + 32, v);
		S(d + 48, v);
	}
	/* 1..64 bytes left from d: the last 64 of the buffer cover them. */
	d += rem;
	S(d - 64, v);
	S(d - 48, v);
	S(d - 32, v);
	S(d - 16, v);
	return dst;
}

#endif /* __aarch64__ */
