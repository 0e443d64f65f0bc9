/*
 * set_vec.h - memset bodies with 32- and 64-byte vectors, shared (inlined)
 * by memset.avx2, memset.avx512, memset.nt and memset.auto.
 *
 * Same shape as copy_vec.h: straight-line overlapping stores from both
 * ends up to 256 bytes; beyond, one unaligned store at each end and a loop
 * of four aligned stores in between.
 */
#ifndef CSUMBENCH_SET_VEC_H
#define CSUMBENCH_SET_VEC_H

#if defined(__x86_64__)

#include <immintrin.h>

#include "x86_inline.h"

#define T256	__attribute__((target("avx2")))
#define T512	__attribute__((target("avx512f,avx512bw")))

#define SET_S16(p, v)	_mm_storeu_si128((__m128i *)(void *)(p), (v))
#define SET_S32(p, v)	_mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define SET_SA32(p, v)	_mm256_store_si256((__m256i *)(void *)(p), (v))
#define SET_SN32(p, v)	_mm256_stream_si256((__m256i *)(void *)(p), (v))
#define SET_S64(p, v)	_mm512_storeu_si512((void *)(p), (v))
#define SET_SA64(p, v)	_mm512_store_si512((void *)(p), (v))

/* 0..256 bytes: branches on size, no loop. */
T256 X86_ALWAYS_INLINE void
x86_set_0_256(unsigned char *d, int c, size_t n)
{
	if (n <= 32) {
		if (n <= 16)
			x86_set_0_16(d, (uint64_t)(unsigned char)c *
			    UINT64_C(0x0101010101010101), n);
		else {
			__m128i v = _mm_set1_epi8((char)c);

			SET_S16(d, v);
			SET_S16(d + n - 16, v);
		}
	} else {
		__m256i v = _mm256_set1_epi8((char)c);

		if (n <= 64) {
			SET_S32(d, v);
			SET_S32(d + n - 32, v);
		} else if (n <= 128) {
			SET_S32(d, v);
			SET_S32(d + 32, v);
			SET_S32(d + n - 64, v);
			SET_S32(d + n - 32, v);
		} else {
			SET_S32(d, v);
			SET_S32(d + 32, v);
			SET_S32(d + 64, v);
			SET_S32(d + 96, v);
			SET_S32(d + n - 128, v);
			SET_S32(d + n - 96, v);
			SET_S32(d + n - 64, v);
			SET_S32(d + n - 32, v);
		}
	}
}

/*
 * More than 256 bytes, 32-byte vectors, 128 bytes per iteration; nt
 * selects non-temporal stores in the loop (the caller issues the sfence).
 */
T256 X86_ALWAYS_INLINE void
x86_set_loop256(unsigned char *d, int c, size_t n, int nt)
{
	__m256i v = _mm256_set1_epi8((char)c);
	unsigned char *dd = d + 32 - ((uintptr_t)d & 31);
	unsigned char *end = d + n;

	SET_S32(d, v);
	while (end - dd > 128) {
		if (nt) {
			SET_SN32(dd, v);
			SET_SN32(dd + 32, v);
			SET_SN32(dd + 64, v);
			SET_SN32(dd + 96, v);
		} else {
			SET_SA32(dd, v);
			SET_SA32(dd + 32, v);
			SET_SA32(dd + 64, v);
			SET_SA32(dd + 96, v);
		}
		dd += 128;
	}
	SET_S32(end - 128, v);
	SET_S32(end - 96, v);
	SET_S32(end - 64, v);
	SET_S32(end - 32, v);
}

/* More than 256 bytes, 64-byte vectors, 256 bytes per iteration. */
T512 X86_ALWAYS_INLINE void
x86_set_loop512(unsigned char *d, int c, size_t n)
{
	__m512i v = _mm512_set1_epi8((char)c);
	unsigned char *end = d + n;

	if (n <= 512) {
		SET_S64(d, v);
		SET_S64(d + 64, v);
		SET_S64(d + 128, v);
		SET_S64(d + 192, v);
	} else {
		unsigned char *dd = d + 64 - ((uintptr_t)d & 63);

		SET_S64(d, v);
		while (end - dd > 256) {
			SET_SA64(dd, v);
			SET_SA64(dd + 64, v);
			SET_SA64(dd + 128, v);
			SET_SA64(dd + 192, v);
			dd += 256;
		}
	}
	SET_S64(end - 256, v);
	SET_S64(end - 192, v);
	SET_S64(end - 128, v);
	SET_S64(end - 64, v);
}

#endif /* __x86_64__ */
#endif
