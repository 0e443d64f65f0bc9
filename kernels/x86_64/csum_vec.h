/*
 * csum_vec.h - the vector checksum loops, shared (inlined) by csum.avx2,
 * csum.avx512, csum.auto and csum_diff.
 *
 * The arithmetic, for 64-bit lanes v of the buffer: a 64-bit word is
 * congruent modulo 0xffff to the sum of its 16-bit words (2^16 = 1 mod
 * 0xffff). We keep the exact sum of the lanes, so that no carry is lost
 * and a nonzero sum never looks like zero, with three operations per
 * vector:
 *     A += v          (wrapping modulo 2^64)
 *     H += v >> 32    (the high halves, exact: each is < 2^32)
 * The low halves' sum L satisfies A = L + 2^32 H (mod 2^64); while fewer
 * than 2^32 vectors have gone into a lane L < 2^64, so L = A - (H << 32)
 * exactly, and the lane's exact sum of 32-bit halves is L + H (congruent
 * to the sum of its 16-bit words modulo 0xffff, because 0xffff divides
 * 2^32-1). Buffers are processed in chunks of at most 2^30 bytes so these
 * bounds hold for any n; chunk sums are combined with end-around carry.
 *
 * Each body takes inv = 0, or ~0 to sum the ones' complement of every
 * byte (csum_diff's "from" words); zero bytes past the end are never
 * complemented.
 */
#ifndef CSUMBENCH_CSUM_VEC_H
#define CSUMBENCH_CSUM_VEC_H

#if defined(__x86_64__)

#include <immintrin.h>

#include "x86_inline.h"

#define T256	__attribute__((target("avx2")))
#define T512	__attribute__((target("avx512f,avx512bw")))

#define CSUM256_CHUNK	((size_t)1 << 30)	/* multiple of 128 */

#define T256	__attribute__((target("avx2")))

T256 X86_ALWAYS_INLINE uint64_t
csum256_lanes(__m256i a, __m256i h)
{
	__m256i t = _mm256_add_epi64(_mm256_sub_epi64(a,
	    _mm256_slli_epi64(h, 32)), h);
	__m128i u = _mm_add_epi64(_mm256_castsi256_si128(t),
	    _mm256_extracti128_si256(t, 1));

	return (uint64_t)_mm_cvtsi128_si64(u) +
	    (uint64_t)_mm_extract_epi64(u, 1);
}

/*
 * Sum of buf[0..n), each byte XORed with inv's (0 or ~0), added to the
 * ones'-complement 64-bit acc.
 */
T256 X86_ALWAYS_INLINE uint64_t
csum256_body(const void *buf, size_t n, uint64_t acc, uint64_t inv)
{
	const unsigned char *p = buf;
	const __m256i x = _mm256_set1_epi64x((long long)inv);

	while (n >= 32) {
		size_t m = n < CSUM256_CHUNK ? n : CSUM256_CHUNK;
		__m256i a0 = _mm256_setzero_si256(), h0 = a0;
		__m256i a1 = a0, h1 = a0, a2 = a0, h2 = a0, a3 = a0, h3 = a0;
		__m256i v0, v1, v2, v3;

		m &= ~(size_t)31;
		n -= m;
		while (m >= 128) {
			v0 = _mm256_xor_si256(_mm256_loadu_si256(
			    (const void *)p), x);
			v1 = _mm256_xor_si256(_mm256_loadu_si256(
			    (const void *)(p + 32)), x);
			v2 = _mm256_xor_si256(_mm256_loadu_si256(
			    (const void *)(p + 64)), x);
			v3 = _mm256_xor_si256(_mm256_loadu_si256(
			    (const void *)(p + 96)), x);
			/* One load per vector, not one per use. */
			__asm__("" : "+x" (v0), "+x" (v1), "+x" (v2), "+x" (v3));
			a0 = _mm256_add_epi64(a0, v0);
			h0 = _mm256_add_epi64(h0, _mm256_srli_epi64(v0, 32));
			a1 = _mm256_add_epi64(a1, v1);
			h1 = _mm256_add_epi64(h1, _mm256_srli_epi64(v1, 32));
			a2 = _mm256_add_epi64(a2, v2);
			h2 = _mm256_add_epi64(h2, _mm256_srli_epi64(v2, 32));
			a3 = _mm256_add_epi64(a3, v3);
			h3 = _mm256_add_epi64(h3, _mm256_srli_epi64(v3, 32));
			p += 128;
			m -= 128;
		}
		while (m >= 32) {
			v0 = _mm256_xor_si256(_mm256_loadu_si256(
			    (const void *)p), x);
			__asm__("" : "+x" (v0));
			a1 = _mm256_add_epi64(a1, v0);
			h1 = _mm256_add_epi64(h1, _mm256_srli_epi64(v0, 32));
			p += 32;
			m -= 32;
		}
		a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1),
		    _mm256_add_epi64(a2, a3));
		h0 = _mm256_add_epi64(_mm256_add_epi64(h0, h1),
		    _mm256_add_epi64(h2, h3));
		acc = x86_oc_add64(acc, csum256_lanes(a0, h0));
	}
	/* p - buf is a multiple of 32 here. */
	return x86_csum_tail(buf, p, n, acc, inv);
}

/*
 * The AVX2 loop with the integer units working too. The three-operation
 * vector sum above keeps the vector ALUs busy (three operations per 32
 * bytes, where the load ports could bring two vectors a cycle) while the
 * integer ALUs idle; here, of every 256 bytes, six 32-byte vectors go
 * through the vector sum (three accumulator pairs, two vectors each per
 * iteration: an add's latency is one cycle) and two 32-byte blocks through
 * add-with-carry chains (two chains of four adc each, one per block). Measured on Zen 5 with AVX-512
 * masked off: 4 KiB in 0.68 of the time of the vector loop alone; more
 * scalar blocks per 256 bytes, or shorter chains, were slower. Sums of
 * plain bytes only (no complement: adc takes memory operands, so the
 * scalar blocks cannot be XORed on the way). Lanes and chains are combined
 * with end-around carry per chunk, as in csum256_body.
 */
#define CSUM256ADC_VEC(a, h, off) do {					\
	__m256i v_ = _mm256_loadu_si256((const void *)(p + (off)));	\
									\
	__asm__("" : "+x" (v_));					\
	(a) = _mm256_add_epi64((a), v_);				\
	(h) = _mm256_add_epi64((h), _mm256_srli_epi64(v_, 32));		\
} while (0)

T256 X86_ALWAYS_INLINE uint64_t
csum256adc_body(const void *buf, size_t n, uint64_t acc)
{
	const unsigned char *p = buf;

	/*
	 * The accumulators cost more to reduce than one iteration saves:
	 * below 512 bytes the vector loop alone is faster.
	 */
	while (n >= 512) {
		size_t m = n < CSUM256_CHUNK ? n : CSUM256_CHUNK;
		__m256i a0 = _mm256_setzero_si256(), h0 = a0;
		__m256i a1 = a0, h1 = a0, a2 = a0, h2 = a0;
		uint64_t c0 = 0, c1 = 0;

		m &= ~(size_t)255;
		n -= m;
		do {
			X86_ADC4(c0, x86_ld64(p), x86_ld64(p + 8),
			    x86_ld64(p + 16), x86_ld64(p + 24));
			CSUM256ADC_VEC(a0, h0, 32);
			CSUM256ADC_VEC(a1, h1, 64);
			CSUM256ADC_VEC(a2, h2, 96);
			X86_ADC4(c1, x86_ld64(p + 128), x86_ld64(p + 136),
			    x86_ld64(p + 144), x86_ld64(p + 152));
			CSUM256ADC_VEC(a0, h0, 160);
			CSUM256ADC_VEC(a1, h1, 192);
			CSUM256ADC_VEC(a2, h2, 224);
			p += 256;
			m -= 256;
		} while (m != 0);
		a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1), a2);
		h0 = _mm256_add_epi64(_mm256_add_epi64(h0, h1), h2);
		acc = x86_oc_add64(acc, csum256_lanes(a0, h0));
		acc = x86_oc_add64(acc, x86_oc_add64(c0, c1));
	}
	/* The rest: the vector loop and the tail ((p - buf) % 256 == 0). */
	return csum256_body(p, n, acc, 0);
}

#define CSUM512_CHUNK	((size_t)1 << 30)	/* multiple of 256 */

#define T512	__attribute__((target("avx512f,avx512bw")))

/* Exact sum of the 16-bit words of both accumulator pairs' lanes. */
T512 X86_ALWAYS_INLINE uint64_t
csum512_lanes(__m512i a, __m512i h)
{
	__m512i lo = _mm512_sub_epi64(a, _mm512_slli_epi64(h, 32));

	return (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(lo, h));
}

/*
 * Sum of buf[0..n), each byte XORed with inv's (0 or ~0), added to the
 * ones'-complement 64-bit acc.
 */
T512 X86_ALWAYS_INLINE uint64_t
csum512_body(const void *buf, size_t n, uint64_t acc, uint64_t inv)
{
	const unsigned char *p = buf;
	const __m512i x = _mm512_set1_epi64((long long)inv);

	while (n != 0) {
		size_t m = n < CSUM512_CHUNK ? n : CSUM512_CHUNK;
		__m512i a0 = _mm512_setzero_si512(), h0 = a0;
		__m512i a1 = a0, h1 = a0, a2 = a0, h2 = a0, a3 = a0, h3 = a0;
		__m512i v0, v1, v2, v3;

		n -= m;
		while (m >= 256) {
			v0 = _mm512_xor_si512(_mm512_loadu_si512(p), x);
			v1 = _mm512_xor_si512(_mm512_loadu_si512(p + 64), x);
			v2 = _mm512_xor_si512(_mm512_loadu_si512(p + 128), x);
			v3 = _mm512_xor_si512(_mm512_loadu_si512(p + 192), x);
			/*
			 * Keep each vector in a register: otherwise the
			 * compiler folds the load into both of its users and
			 * loads every byte twice, halving the speed.
			 */
			__asm__("" : "+v" (v0), "+v" (v1), "+v" (v2), "+v" (v3));
			a0 = _mm512_add_epi64(a0, v0);
			h0 = _mm512_add_epi64(h0, _mm512_srli_epi64(v0, 32));
			a1 = _mm512_add_epi64(a1, v1);
			h1 = _mm512_add_epi64(h1, _mm512_srli_epi64(v1, 32));
			a2 = _mm512_add_epi64(a2, v2);
			h2 = _mm512_add_epi64(h2, _mm512_srli_epi64(v2, 32));
			a3 = _mm512_add_epi64(a3, v3);
			h3 = _mm512_add_epi64(h3, _mm512_srli_epi64(v3, 32));
			p += 256;
			m -= 256;
		}
		while (m >= 64) {
			v0 = _mm512_xor_si512(_mm512_loadu_si512(p), x);
			__asm__("" : "+v" (v0));
			a0 = _mm512_add_epi64(a0, v0);
			h0 = _mm512_add_epi64(h0, _mm512_srli_epi64(v0, 32));
			p += 64;
			m -= 64;
		}
		if (m != 0) {
			__mmask64 k = _cvtu64_mask64((UINT64_C(1) << m) - 1);

			/* Masked-off bytes load as zero and stay zero. */
			v0 = _mm512_maskz_loadu_epi8(k, p);
			if (inv != 0)
				v0 = _mm512_maskz_mov_epi8(k,
				    _mm512_xor_si512(v0, x));
			a1 = _mm512_add_epi64(a1, v0);
			h1 = _mm512_add_epi64(h1, _mm512_srli_epi64(v0, 32));
			p += m;
		}
		/* Lane-wise wrapping adds keep A = L + 2^32 H (mod 2^64). */
		a0 = _mm512_add_epi64(_mm512_add_epi64(a0, a1),
		    _mm512_add_epi64(a2, a3));
		h0 = _mm512_add_epi64(_mm512_add_epi64(h0, h1),
		    _mm512_add_epi64(h2, h3));
		acc = x86_oc_add64(acc, csum512_lanes(a0, h0));
	}
	return acc;
}

/*
 * The AVX-512 VNNI loop: two operations per 64-byte vector instead of
 * three. In 32-bit lanes,
 *     A += v                          (vpaddd, wrapping modulo 2^32)
 *     T += top byte of v              (vpdpbusd with multipliers 0,0,0,1:
 *                                      unsigned bytes times signed bytes,
 *                                      summed into the lane, exact)
 * The lane's exact sum is S = L + 2^24 T, where L is the sum of the low
 * 24 bits of each v: 0 <= L <= N (2^24 - 1) < 2^32 while N <= 256 vectors
 * have gone into the lane. A = S (mod 2^32), so L = (A - (T << 24)) mod
 * 2^32 exactly, and S = L + 2^24 T. A 32-bit lane is congruent modulo
 * 0xffff to the sum of its two 16-bit words (2^16 = 1 mod 0xffff), so the
 * exact sum of all lanes is the checksum with no carry lost.
 *
 * Chunks of at most 256 vectors (16 KiB) are summed by four accumulator
 * pairs (the vpdpbusd latency needs several chains), added lane-wise
 * (still at most 256 vectors per lane), turned into exact 64-bit sums and
 * added to acc with end-around carry.
 *
 * From CSUM512VNNI_WIDE bytes the bulk of a chunk goes through an
 * assembly loop of 16 vectors (1 KiB) per iteration, in groups of eight:
 * eight loads, then the eight vpdpbusd, then the eight vpaddd. Zen 4
 * splits each 512-bit operation in two, and two operations per vector
 * keep its four vector pipes busy, so how they are issued matters (we
 * could not count which pipe took what: no performance counters). Grouped
 * like this the loop ran 16 KiB in about 0.95 of the time of the loop
 * below (which GCC 12 compiles with eight register moves per 256 bytes);
 * the same assembly loop with each vector's vpaddd and vpdpbusd side by
 * side was about 15% slower than grouped, two vpaddd chains instead of
 * four 5% slower, and 64 bytes of add-with-carry on the integer units per
 * 512 vector bytes (as in csum.avx2adc) 7% slower. It starts at 4 KiB, where csum.auto starts using this
 * body: there, through csum.auto, it took 0.96-0.98 of the time of the
 * same code starting it at 8 KiB (measured on Zen 4, interleaved).
 */
#define T512VNNI	__attribute__((target("avx512f,avx512bw,avx512vnni")))
#define CSUM512VNNI_CHUNK	((size_t)256 * 64)	/* multiple of 1024 */
#define CSUM512VNNI_WIDE	((size_t)4 << 10)

/* Exact sum of all lanes described by (A, T). */
T512VNNI X86_ALWAYS_INLINE uint64_t
csum512vnni_lanes(__m512i a, __m512i t)
{
	const __m512i lo32 = _mm512_set1_epi64(0xffffffff);
	__m512i l = _mm512_sub_epi32(a, _mm512_slli_epi32(t, 24));
	/* Widen: even plus odd 32-bit lanes, as 64-bit lanes. */
	__m512i l64 = _mm512_add_epi64(_mm512_and_si512(l, lo32),
	    _mm512_srli_epi64(l, 32));
	__m512i t64 = _mm512_add_epi64(_mm512_and_si512(t, lo32),
	    _mm512_srli_epi64(t, 32));

	return (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(l64,
	    _mm512_slli_epi64(t64, 24)));
}

/*
 * Eight vectors at the byte offsets given from %[p]: the loads, then the
 * vpdpbusd, then the vpaddd (the grouping is what makes the wide loop
 * fast on Zen 4), vector i into accumulator pair i % 4.
 */
#define CSUM512VNNI_ASM8(o0, o1, o2, o3, o4, o5, o6, o7)		\
	"vmovdqu64 " #o0 "(%[p]), %[v0]\n\t"				\
	"vmovdqu64 " #o1 "(%[p]), %[v1]\n\t"				\
	"vmovdqu64 " #o2 "(%[p]), %[v2]\n\t"				\
	"vmovdqu64 " #o3 "(%[p]), %[v3]\n\t"				\
	"vmovdqu64 " #o4 "(%[p]), %[v4]\n\t"				\
	"vmovdqu64 " #o5 "(%[p]), %[v5]\n\t"				\
	"vmovdqu64 " #o6 "(%[p]), %[v6]\n\t"				\
	"vmovdqu64 " #o7 "(%[p]), %[v7]\n\t"				\
	"vpdpbusd %[top], %[v0], %[t0]\n\t"				\
	"vpdpbusd %[top], %[v1], %[t1]\n\t"				\
	"vpdpbusd %[top], %[v2], %[t2]\n\t"				\
	"vpdpbusd %[top], %[v3], %[t3]\n\t"				\
	"vpdpbusd %[top], %[v4], %[t0]\n\t"				\
	"vpdpbusd %[top], %[v5], %[t1]\n\t"				\
	"vpdpbusd %[top], %[v6], %[t2]\n\t"				\
	"vpdpbusd %[top], %[v7], %[t3]\n\t"				\
	"vpaddd %[v0], %[a0], %[a0]\n\t"				\
	"vpaddd %[v1], %[a1], %[a1]\n\t"				\
	"vpaddd %[v2], %[a2], %[a2]\n\t"				\
	"vpaddd %[v3], %[a3], %[a3]\n\t"				\
	"vpaddd %[v4], %[a0], %[a0]\n\t"				\
	"vpaddd %[v5], %[a1], %[a1]\n\t"				\
	"vpaddd %[v6], %[a2], %[a2]\n\t"				\
	"vpaddd %[v7], %[a3], %[a3]\n\t"

T512VNNI X86_ALWAYS_INLINE uint64_t
csum512vnni_body(const void *buf, size_t n, uint64_t acc)
{
	const unsigned char *p = buf;
	const __m512i top = _mm512_set1_epi32(0x01000000);

	while (n != 0) {
		size_t m = n < CSUM512VNNI_CHUNK ? n : CSUM512VNNI_CHUNK;
		__m512i a0 = _mm512_setzero_si512(), t0 = a0;
		__m512i a1 = a0, t1 = a0, a2 = a0, t2 = a0, a3 = a0, t3 = a0;
		__m512i v0, v1, v2, v3;

		n -= m;
		/* Out of the short paths' way: inline in the fall-through it cost
		 * csum.avx512vnni two taken jumps, 1.4 ticks, at 20 to 64 B. */
		if (__builtin_expect(m >= CSUM512VNNI_WIDE, 0)) {
			const unsigned char *end = p + (m & ~(size_t)1023);
			__m512i v4, v5, v6, v7;

			m &= 1023;
			__asm__(".p2align 6\n"
			    "1:\n\t"
			    CSUM512VNNI_ASM8(0, 64, 128, 192, 256, 320, 384, 448)
			    CSUM512VNNI_ASM8(512, 576, 640, 704, 768, 832, 896, 960)
			    "add $1024, %[p]\n\t"
			    "cmp %[p], %[end]\n\t"
			    "jne 1b"
			    : [p] "+r" (p), [a0] "+v" (a0), [a1] "+v" (a1),
			      [a2] "+v" (a2), [a3] "+v" (a3), [t0] "+v" (t0),
			      [t1] "+v" (t1), [t2] "+v" (t2), [t3] "+v" (t3),
			      [v0] "=&v" (v0), [v1] "=&v" (v1), [v2] "=&v" (v2),
			      [v3] "=&v" (v3), [v4] "=&v" (v4), [v5] "=&v" (v5),
			      [v6] "=&v" (v6), [v7] "=&v" (v7)
			    : [end] "r" (end), [top] "v" (top)
			    : "cc", "memory");
		}
		while (m >= 256) {
			v0 = _mm512_loadu_si512(p);
			v1 = _mm512_loadu_si512(p + 64);
			v2 = _mm512_loadu_si512(p + 128);
			v3 = _mm512_loadu_si512(p + 192);
			/* One load per vector, not one per use. */
			__asm__("" : "+v" (v0), "+v" (v1), "+v" (v2), "+v" (v3));
			a0 = _mm512_add_epi32(a0, v0);
			t0 = _mm512_dpbusd_epi32(t0, v0, top);
			a1 = _mm512_add_epi32(a1, v1);
			t1 = _mm512_dpbusd_epi32(t1, v1, top);
			a2 = _mm512_add_epi32(a2, v2);
			t2 = _mm512_dpbusd_epi32(t2, v2, top);
			a3 = _mm512_add_epi32(a3, v3);
			t3 = _mm512_dpbusd_epi32(t3, v3, top);
			p += 256;
			m -= 256;
		}
		while (m >= 64) {
			v0 = _mm512_loadu_si512(p);
			__asm__("" : "+v" (v0));
			a0 = _mm512_add_epi32(a0, v0);
			t0 = _mm512_dpbusd_epi32(t0, v0, top);
			p += 64;
			m -= 64;
		}
		if (m != 0) {
			__mmask64 k = _cvtu64_mask64((UINT64_C(1) << m) - 1);

			v0 = _mm512_maskz_loadu_epi8(k, p);
			a1 = _mm512_add_epi32(a1, v0);
			t1 = _mm512_dpbusd_epi32(t1, v0, top);
			p += m;
		}
		a0 = _mm512_add_epi32(_mm512_add_epi32(a0, a1),
		    _mm512_add_epi32(a2, a3));
		t0 = _mm512_add_epi32(_mm512_add_epi32(t0, t1),
		    _mm512_add_epi32(t2, t3));
		acc = x86_oc_add64(acc, csum512vnni_lanes(a0, t0));
	}
	return acc;
}

#endif /* __x86_64__ */
#endif
