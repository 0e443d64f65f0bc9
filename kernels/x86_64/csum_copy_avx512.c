/*
 * csum_copy_avx512.c - csum_copy.avx512: copy and checksum in one pass
 * with 64-byte vectors.
 *
 * Each vector is loaded once, stored, and accumulated from the same
 * register with csum.avx512's exact lane arithmetic (A += v wrapping,
 * H += v >> 32; lane sum (A - (H << 32)) + H, exact for fewer than 2^32
 * vectors per lane, which 2^30-byte chunks guarantee). The tail is one
 * masked load and one masked store: masked-off bytes are neither read nor
 * written and cannot fault.
 */
#if defined(__x86_64__)

#include <immintrin.h>

#include "x86_64.h"
#include "x86_inline.h"

#define CSUMCOPY512_CHUNK	((size_t)1 << 30)	/* multiple of 256 */

#define T512	__attribute__((target("avx512f,avx512bw")))

T512 uint32_t
csum_copy_avx512(const void *src, void *dst, size_t n, uint32_t sum)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uint64_t acc = sum;

	do {
		size_t m = n < CSUMCOPY512_CHUNK ? n : CSUMCOPY512_CHUNK;
		__m512i a0 = _mm512_setzero_si512(), h0 = a0;
		__m512i a1 = a0, h1 = a0, a2 = a0, h2 = a0, a3 = a0, h3 = a0;
		__m512i v0, v1, v2, v3, lo;

		n -= m;
		while (m >= 256) {
			v0 = _mm512_loadu_si512(s);
			v1 = _mm512_loadu_si512(s + 64);
			v2 = _mm512_loadu_si512(s + 128);
			v3 = _mm512_loadu_si512(s + 192);
			_mm512_storeu_si512(d, v0);
			_mm512_storeu_si512(d + 64, v1);
			_mm512_storeu_si512(d + 128, v2);
			_mm512_storeu_si512(d + 192, v3);
			a0 = _mm512_add_epi64(a0, v0);
			h0 = _mm512_add_epi64(h0, _mm512_srli_epi64(v0, 32));
			a1 = _mm512_add_epi64(a1, v1);
			h1 = _mm512_add_epi64(h1, _mm512_srli_epi64(v1, 32));
			a2 = _mm512_add_epi64(a2, v2);
			h2 = _mm512_add_epi64(h2, _mm512_srli_epi64(v2, 32));
			a3 = _mm512_add_epi64(a3, v3);
			h3 = _mm512_add_epi64(h3, _mm512_srli_epi64(v3, 32));
			s += 256;
			d += 256;
			m -= 256;
		}
		while (m >= 64) {
			v0 = _mm512_loadu_si512(s);
			_mm512_storeu_si512(d, v0);
			a1 = _mm512_add_epi64(a1, v0);
			h1 = _mm512_add_epi64(h1, _mm512_srli_epi64(v0, 32));
			s += 64;
			d += 64;
			m -= 64;
		}
		if (m != 0) {
			__mmask64 k = _cvtu64_mask64((UINT64_C(1) << m) - 1);

			v0 = _mm512_maskz_loadu_epi8(k, s);
			_mm512_mask_storeu_epi8(d, k, v0);
			a2 = _mm512_add_epi64(a2, v0);
			h2 = _mm512_add_epi64(h2, _mm512_srli_epi64(v0, 32));
			s += m;
			d += m;
		}
		a0 = _mm512_add_epi64(_mm512_add_epi64(a0, a1),
		    _mm512_add_epi64(a2, a3));
		h0 = _mm512_add_epi64(_mm512_add_epi64(h0, h1),
		    _mm512_add_epi64(h2, h3));
		lo = _mm512_sub_epi64(a0, _mm512_slli_epi64(h0, 32));
		acc = x86_oc_add64(acc, (uint64_t)_mm512_reduce_add_epi64(
		    _mm512_add_epi64(lo, h0)));
	} while (n != 0);
	return x86_fold64(acc);
}

#endif /* __x86_64__ */
