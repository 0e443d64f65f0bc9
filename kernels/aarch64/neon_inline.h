/*
 * neon_inline.h - small inline helpers shared by the AArch64 kernels, and
 * the NEON checksum loop used by csum.neon and csum_copy.neon.
 *
 * The checksum arithmetic: the buffer is read as 32-bit lanes and each
 * vector is added pairwise into two 64-bit lanes with UADALP
 * (vpadalq_u32): every step adds at most 2 (2^32 - 1) < 2^33 to a lane,
 * and a chunk is at most 2^30 bytes, so a lane receives at most 2^26
 * steps and four accumulators together stay below 2^61: the lane sums are
 * exact, no carry is ever lost. A 32-bit word is congruent modulo 0xffff
 * to the sum of its two 16-bit words (2^16 = 1 mod 0xffff), so the exact
 * sum is congruent to csum.ref's. Chunk sums, the tail and the caller's
 * sum are combined with end-around carry (2^64 = 1 mod 0xffff), which
 * never turns a nonzero sum into zero: the result folds to 0x0000 exactly
 * when csum.ref's does (all-zero data and zero sum), to 0xffff otherwise.
 */
#ifndef CSUMBENCH_NEON_INLINE_H
#define CSUMBENCH_NEON_INLINE_H

#if defined(__aarch64__)

#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#define A64_ALWAYS_INLINE	static inline __attribute__((always_inline))

/* A multiple of 16, at most 2^30; overridable to test chunk boundaries. */
#ifndef CSUM_NEON_CHUNK
#define CSUM_NEON_CHUNK	((size_t)1 << 30)
#endif

/* Unaligned loads and stores of 2..8 bytes; each compiles to one ldr/str. */
A64_ALWAYS_INLINE uint64_t
a64_ld64(const void *p)
{
	uint64_t v;

	__builtin_memcpy(&v, p, 8);
	return v;
}

A64_ALWAYS_INLINE uint32_t
a64_ld32(const void *p)
{
	uint32_t v;

	__builtin_memcpy(&v, p, 4);
	return v;
}

A64_ALWAYS_INLINE uint16_t
a64_ld16(const void *p)
{
	uint16_t v;

	__builtin_memcpy(&v, p, 2);
	return v;
}

A64_ALWAYS_INLINE void
a64_st64(void *p, uint64_t v)
{
	__builtin_memcpy(p, &v, 8);
}

A64_ALWAYS_INLINE void
a64_st32(void *p, uint32_t v)
{
	__builtin_memcpy(p, &v, 4);
}

A64_ALWAYS_INLINE void
a64_st16(void *p, uint16_t v)
{
	__builtin_memcpy(p, &v, 2);
}

/* Ones'-complement 64-bit add: the carry out is added back in. */
A64_ALWAYS_INLINE uint64_t
a64_oc_add64(uint64_t a, uint64_t b)
{
	uint64_t s = a + b;

	return s + (s < b);
}

/*
 * Copy 0..16 bytes with at most two (overlapping) moves of one width and
 * no loop. Loads happen before stores; src and dst must not overlap.
 */
A64_ALWAYS_INLINE void
a64_copy_0_16(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n >= 8) {
		uint64_t a = a64_ld64(s), b = a64_ld64(s + n - 8);

		a64_st64(d, a);
		a64_st64(d + n - 8, b);
	} else if (n >= 4) {
		uint32_t a = a64_ld32(s), b = a64_ld32(s + n - 4);

		a64_st32(d, a);
		a64_st32(d + n - 4, b);
	} else if (n >= 2) {
		uint16_t a = a64_ld16(s), b = a64_ld16(s + n - 2);

		a64_st16(d, a);
		a64_st16(d + n - 2, b);
	} else if (n == 1)
		d[0] = s[0];
}

/*
 * The last 0..15 bytes of a checksum, at p, an even distance from the
 * start of the buffer (so a 2-, 4- or 8-byte piece holds whole 16-bit
 * words of the buffer). With d non-null they are also copied there. A
 * trailing odd byte is padded with zero in memory order, as csum.ref does.
 * Never touches a byte outside [p, p + n).
 */
A64_ALWAYS_INLINE uint64_t
a64_csum_tail(const unsigned char *p, unsigned char *d, size_t n,
    uint64_t acc, int copy)
{
	if (n & 8) {
		uint64_t v = a64_ld64(p);

		if (copy) {
			a64_st64(d, v);
			d += 8;
		}
		acc = a64_oc_add64(acc, v);
		p += 8;
	}
	if (n & 4) {
		uint32_t v = a64_ld32(p);

		if (copy) {
			a64_st32(d, v);
			d += 4;
		}
		acc = a64_oc_add64(acc, v);
		p += 4;
	}
	if (n & 2) {
		uint16_t v = a64_ld16(p);

		if (copy) {
			a64_st16(d, v);
			d += 2;
		}
		acc = a64_oc_add64(acc, v);
		p += 2;
	}
	if (n & 1) {
		unsigned char last[2] = { p[0], 0 };

		if (copy)
			d[0] = p[0];
		acc = a64_oc_add64(acc, a64_ld16(last));
	}
	return acc;
}

/*
 * Sum buf[0..n) into the ones'-complement 64-bit acc; with copy (a
 * constant), also copy every byte to dst (each vector is loaded once,
 * stored, and accumulated from the same register). Always inlined, so the
 * copy tests fold away.
 */
A64_ALWAYS_INLINE uint64_t
a64_csum_body(const void *buf, unsigned char *dst, size_t n, uint64_t acc,
    int copy)
{
	const unsigned char *p = buf;

	while (n >= 16) {
		size_t m = (n < CSUM_NEON_CHUNK ? n : CSUM_NEON_CHUNK) &
		    ~(size_t)15;
		uint64x2_t a0 = vdupq_n_u64(0), a1 = a0, a2 = a0, a3 = a0;
		uint32x4_t v0, v1, v2, v3;
		uint64x2_t t;

		n -= m;
		while (m >= 64) {
			v0 = vld1q_u32((const uint32_t *)(const void *)p);
			v1 = vld1q_u32((const uint32_t *)(const void *)(p + 16));
			v2 = vld1q_u32((const uint32_t *)(const void *)(p + 32));
			v3 = vld1q_u32((const uint32_t *)(const void *)(p + 48));
			if (copy) {
				vst1q_u32((uint32_t *)(void *)dst, v0);
				vst1q_u32((uint32_t *)(void *)(dst + 16), v1);
				vst1q_u32((uint32_t *)(void *)(dst + 32), v2);
				vst1q_u32((uint32_t *)(void *)(dst + 48), v3);
				dst += 64;
			}
			a0 = vpadalq_u32(a0, v0);
			a1 = vpadalq_u32(a1, v1);
			a2 = vpadalq_u32(a2, v2);
			a3 = vpadalq_u32(a3, v3);
			p += 64;
			m -= 64;
		}
		while (m >= 16) {
			v0 = vld1q_u32((const uint32_t *)(const void *)p);
			if (copy) {
				vst1q_u32((uint32_t *)(void *)dst, v0);
				dst += 16;
			}
			a1 = vpadalq_u32(a1, v0);
			p += 16;
			m -= 16;
		}
		/* Exact: each lane < 2^59, four of them < 2^61, two < 2^62. */
		t = vaddq_u64(vaddq_u64(a0, a1), vaddq_u64(a2, a3));
		acc = a64_oc_add64(acc, vaddvq_u64(t));
	}
	/* p - buf is a multiple of 16 here. */
	return a64_csum_tail(p, dst, n, acc, copy);
}

#endif /* __aarch64__ */
#endif
