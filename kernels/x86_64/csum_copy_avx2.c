/*
 * csum_copy_avx2.c - csum_copy.avx2: copy and checksum in one pass with
 * 32-byte vectors.
 *
 * Each vector is loaded once, stored, and accumulated from the same
 * register with csum.avx2's exact lane arithmetic. The 0..31-byte tail is
 * copied with overlapping moves and summed by the scalar checksum tail.
 */
#if defined(__x86_64__)

#include <immintrin.h>

#include "x86_64.h"
#include "x86_inline.h"

#define CSUMCOPY256_CHUNK	((size_t)1 << 30)	/* multiple of 128 */

#define T256	__attribute__((target("avx2")))

T256 uint32_t
csum_copy_avx2(const void *src, void *dst, size_t n, uint32_t sum)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uint64_t acc = sum;

	while (n >= 32) {
		size_t m = (n < CSUMCOPY256_CHUNK ? n : CSUMCOPY256_CHUNK) &
		    ~(size_t)31;
		__m256i a0 = _mm256_setzero_si256(), h0 = a0;
		__m256i a1 = a0, h1 = a0, a2 = a0, h2 = a0, a3 = a0, h3 = a0;
		__m256i v0, v1, v2, v3, t;
		__m128i u;

		n -= m;
		while (m >= 128) {
			v0 = _mm256_loadu_si256((const void *)s);
			v1 = _mm256_loadu_si256((const void *)(s + 32));
			v2 = _mm256_loadu_si256((const void *)(s + 64));
			v3 = _mm256_loadu_si256((const void *)(s + 96));
			_mm256_storeu_si256((void *)d, v0);
			_mm256_storeu_si256((void *)(d + 32), v1);
			_mm256_storeu_si256((void *)(d + 64), v2);
			_mm256_storeu_si256((void *)(d + 96), v3);
			a0 = _mm256_add_epi64(a0, v0);
			h0 = _mm256_add_epi64(h0, _mm256_srli_epi64(v0, 32));
			a1 = _mm256_add_epi64(a1, v1);
			h1 = _mm256_add_epi64(h1, _mm256_srli_epi64(v1, 32));
			a2 = _mm256_add_epi64(a2, v2);
			h2 = _mm256_add_epi64(h2, _mm256_srli_epi64(v2, 32));
			a3 = _mm256_add_epi64(a3, v3);
			h3 = _mm256_add_epi64(h3, _mm256_srli_epi64(v3, 32));
			s += 128;
			d += 128;
			m -= 128;
		}
		while (m >= 32) {
			v0 = _mm256_loadu_si256((const void *)s);
			_mm256_storeu_si256((void *)d, v0);
			a1 = _mm256_add_epi64(a1, v0);
			h1 = _mm256_add_epi64(h1, _mm256_srli_epi64(v0, 32));
			s += 32;
			d += 32;
			m -= 32;
		}
		a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1),
		    _mm256_add_epi64(a2, a3));
		h0 = _mm256_add_epi64(_mm256_add_epi64(h0, h1),
		    _mm256_add_epi64(h2, h3));
		t = _mm256_add_epi64(_mm256_sub_epi64(a0,
		    _mm256_slli_epi64(h0, 32)), h0);
		u = _mm_add_epi64(_mm256_castsi256_si128(t),
		    _mm256_extracti128_si256(t, 1));
		acc = x86_oc_add64(acc, (uint64_t)_mm_cvtsi128_si64(u) +
		    (uint64_t)_mm_extract_epi64(u, 1));
	}
	x86_copy_0_63(d, s, n);
	return x86_fold64(x86_csum_tail(src, s, n, acc, 0));
}

#endif /* __x86_64__ */
