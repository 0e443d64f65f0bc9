/*
 * copy_vec.h - memcpy bodies with 32- and 64-byte vectors, shared
 * (inlined) by memcpy.avx2, memcpy.avx512, memcpy.nt and memcpy.auto.
 *
 * Shape: small sizes are straight-line code, a few overlapping loads from
 * both ends of the buffer, every load before any store (so it works for
 * any n in the range without a loop). Larger: the first vector and the
 * last four vectors are loaded up front; the loop copies four vectors per
 * iteration with unaligned loads and aligned stores starting at the first
 * aligned destination address; the saved head and tail are stored last
 * (they overlap the loop's stores with the same bytes). src and dst must
 * not overlap, as for memcpy.
 */
#ifndef CSUMBENCH_COPY_VEC_H
#define CSUMBENCH_COPY_VEC_H

#if defined(__x86_64__)

#include <immintrin.h>

#include "x86_inline.h"

#define T256	__attribute__((target("avx2")))
#define T512	__attribute__((target("avx512f,avx512bw")))

#define L16(p)		_mm_loadu_si128((const __m128i *)(const void *)(p))
#define S16(p, v)	_mm_storeu_si128((__m128i *)(void *)(p), (v))
#define L32(p)		_mm256_loadu_si256((const __m256i *)(const void *)(p))
#define S32(p, v)	_mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define SA32(p, v)	_mm256_store_si256((__m256i *)(void *)(p), (v))
#define SN32(p, v)	_mm256_stream_si256((__m256i *)(void *)(p), (v))
#define L64(p)		_mm512_loadu_si512((const void *)(p))
#define S64(p, v)	_mm512_storeu_si512((void *)(p), (v))
#define SA64(p, v)	_mm512_store_si512((void *)(p), (v))

/* 17..32 bytes. */
X86_ALWAYS_INLINE void
x86_copy_17_32(unsigned char *d, const unsigned char *s, size_t n)
{
	__m128i a = L16(s), b = L16(s + n - 16);

	S16(d, a);
	S16(d + n - 16, b);
}

/* 33..64 bytes. */
T256 X86_ALWAYS_INLINE void
x86_copy_33_64(unsigned char *d, const unsigned char *s, size_t n)
{
	__m256i a = L32(s), b = L32(s + n - 32);

	S32(d, a);
	S32(d + n - 32, b);
}

/* 65..128 bytes. */
T256 X86_ALWAYS_INLINE void
x86_copy_65_128(unsigned char *d, const unsigned char *s, size_t n)
{
	__m256i a = L32(s), b = L32(s + 32);
	__m256i c = L32(s + n - 64), e = L32(s + n - 32);

	S32(d, a);
	S32(d + 32, b);
	S32(d + n - 64, c);
	S32(d + n - 32, e);
}

/* 129..256 bytes. */
T256 X86_ALWAYS_INLINE void
x86_copy_129_256(unsigned char *d, const unsigned char *s, size_t n)
{
	__m256i a = L32(s), b = L32(s + 32), c = L32(s + 64), e = L32(s + 96);
	__m256i f = L32(s + n - 128), g = L32(s + n - 96);
	__m256i h = L32(s + n - 64), i = L32(s + n - 32);

	S32(d, a);
	S32(d + 32, b);
	S32(d + 64, c);
	S32(d + 96, e);
	S32(d + n - 128, f);
	S32(d + n - 96, g);
	S32(d + n - 64, h);
	S32(d + n - 32, i);
}

/* 0..256 bytes: branches on size, no loop. */
T256 X86_ALWAYS_INLINE void
x86_copy_0_256(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n <= 32) {
		if (n <= 16)
			x86_copy_0_16(d, s, n);
		else
			x86_copy_17_32(d, s, n);
	} else if (n <= 128) {
		if (n <= 64)
			x86_copy_33_64(d, s, n);
		else
			x86_copy_65_128(d, s, n);
	} else
		x86_copy_129_256(d, s, n);
}

/*
 * More than 256 bytes, 32-byte vectors, 128 bytes per iteration; nt
 * selects non-temporal stores in the loop (the caller issues the sfence).
 */
T256 X86_ALWAYS_INLINE void
x86_copy_loop256(unsigned char *d, const unsigned char *s, size_t n, int nt)
{
	__m256i head = L32(s);
	__m256i t0 = L32(s + n - 128), t1 = L32(s + n - 96);
	__m256i t2 = L32(s + n - 64), t3 = L32(s + n - 32);
	size_t skip = 32 - ((uintptr_t)d & 31);		/* 1..32 */
	unsigned char *dd = d + skip;
	const unsigned char *ss = s + skip;
	size_t rem = n - skip;

	while (rem > 128) {
		__m256i v0 = L32(ss), v1 = L32(ss + 32);
		__m256i v2 = L32(ss + 64), v3 = L32(ss + 96);

		if (nt) {
			SN32(dd, v0);
			SN32(dd + 32, v1);
			SN32(dd + 64, v2);
			SN32(dd + 96, v3);
		} else {
			SA32(dd, v0);
			SA32(dd + 32, v1);
			SA32(dd + 64, v2);
			SA32(dd + 96, v3);
		}
		ss += 128;
		dd += 128;
		rem -= 128;
	}
	S32(d, head);
	S32(d + n - 128, t0);
	S32(d + n - 96, t1);
	S32(d + n - 64, t2);
	S32(d + n - 32, t3);
}

/* More than 512 bytes, 64-byte vectors, 256 bytes per iteration. */
T512 X86_ALWAYS_INLINE void
x86_copy_loop512(unsigned char *d, const unsigned char *s, size_t n)
{
	__m512i head = L64(s);
	__m512i t0 = L64(s + n - 256), t1 = L64(s + n - 192);
	__m512i t2 = L64(s + n - 128), t3 = L64(s + n - 64);
	size_t skip = 64 - ((uintptr_t)d & 63);		/* 1..64 */
	unsigned char *dd = d + skip;
	const unsigned char *ss = s + skip;
	size_t rem = n - skip;

	while (rem > 256) {
		__m512i v0 = L64(ss), v1 = L64(ss + 64);
		__m512i v2 = L64(ss + 128), v3 = L64(ss + 192);

		SA64(dd, v0);
		SA64(dd + 64, v1);
		SA64(dd + 128, v2);
		SA64(dd + 192, v3);
		ss += 256;
		dd += 256;
		rem -= 256;
	}
	S64(d, head);
	S64(d + n - 256, t0);
	S64(d + n - 192, t1);
	S64(d + n - 128, t2);
	S64(d + n - 64, t3);
}

/* 257..512 bytes with 64-byte vectors. */
T512 X86_ALWAYS_INLINE void
x86_copy_257_512(unsigned char *d, const unsigned char *s, size_t n)
{
	__m512i a = L64(s), b = L64(s + 64), c = L64(s + 128), e = L64(s + 192);
	__m512i f = L64(s + n - 256), g = L64(s + n - 192);
	__m512i h = L64(s + n - 128), i = L64(s + n - 64);

	S64(d, a);
	S64(d + 64, b);
	S64(d + 128, c);
	S64(d + 192, e);
	S64(d + n - 256, f);
	S64(d + n - 192, g);
	S64(d + n - 128, h);
	S64(d + n - 64, i);
}

#endif /* __x86_64__ */
#endif
