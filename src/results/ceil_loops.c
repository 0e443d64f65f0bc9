/*
 * ceil_loops.c - the loops of the ceilings (see ceil_loops.h): one
 * template per pattern, instantiated per vector width with per-function
 * target attributes (nothing here is compiled with ISA flags).
 *
 * Eight vectors per iteration, each load feeding its own accumulator, so
 * no dependency chain limits the loop before the load or store ports do;
 * a compiler barrier after each pass keeps the passes from being merged.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "ceil_loops.h"
#include "../../kernels/kernel.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define CEIL_BARRIER(p)	__asm__ volatile("" : : "r"(p) : "memory")

/*
 * A ceiling is what the hardware allows, so the loops are never
 * instrumented: in a sanitizer build their loads would otherwise cost
 * several times what the (equally instrumented) kernels' loads cost, and
 * every kernel would read as faster than its ceiling. They touch exactly
 * the buffer they are given.
 */
#if defined(__has_attribute)
#if __has_attribute(no_sanitize)
#define CEIL_NOSAN	__attribute__((no_sanitize("address", "undefined")))
#endif
#endif
#ifndef CEIL_NOSAN
#define CEIL_NOSAN
#endif

#define CEIL_LOAD_LOOP(name, attr, vt, zero, ld, add, stu)		\
CEIL_NOSAN attr static uint64_t					\
name(void *dst, const void *src, size_t n, size_t passes)		\
{									\
	const vt *s = src;						\
	vt a0 = zero, a1 = zero, a2 = zero, a3 = zero, a4 = zero,	\
	    a5 = zero, a6 = zero, a7 = zero;				\
	uint64_t lane[sizeof(vt) / 8], r = 0;				\
	size_t i, p, nv = n / sizeof(vt);				\
									\
	for (p = 0; p < passes; p++) {					\
		for (i = 0; i < nv; i += 8) {				\
			a0 = add(a0, ld(s + i));			\
			a1 = add(a1, ld(s + i + 1));			\
			a2 = add(a2, ld(s + i + 2));			\
			a3 = add(a3, ld(s + i + 3));			\
			a4 = add(a4, ld(s + i + 4));			\
			a5 = add(a5, ld(s + i + 5));			\
			a6 = add(a6, ld(s + i + 6));			\
			a7 = add(a7, ld(s + i + 7));			\
		}							\
		CEIL_BARRIER(s);					\
	}								\
	a0 = add(add(add(a0, a1), add(a2, a3)),				\
	    add(add(a4, a5), add(a6, a7)));				\
	stu((vt *)(void *)lane, a0);					\
	for (i = 0; i < sizeof(vt) / 8; i++)				\
		r += lane[i];						\
	return r;							\
}

#define CEIL_STORE_LOOP(name, attr, vt, set1, st, fence)		\
CEIL_NOSAN attr static uint64_t					\
name(void *dst, const void *src, size_t n, size_t passes)		\
{									\
	vt *d = dst, v = set1(0x5a5a5a5a5a5a5a5aLL);			\
	size_t i, p, nv = n / sizeof(vt);				\
									\
	for (p = 0; p < passes; p++) {					\
		for (i = 0; i < nv; i += 8) {				\
			st(d + i, v);				\
			st(d + i + 1, v);				\
			st(d + i + 2, v);				\
			st(d + i + 3, v);				\
			st(d + i + 4, v);				\
			st(d + i + 5, v);				\
			st(d + i + 6, v);				\
			st(d + i + 7, v);				\
		}							\
		fence();						\
		CEIL_BARRIER(d);					\
	}								\
	return passes;							\
}

#define CEIL_COPY_LOOP(name, attr, vt, ld, st, fence)			\
CEIL_NOSAN attr static uint64_t					\
name(void *dst, const void *src, size_t n, size_t passes)		\
{									\
	const vt *s = src;						\
	vt *d = dst;							\
	size_t i, p, nv = n / sizeof(vt);				\
									\
	for (p = 0; p < passes; p++) {					\
		for (i = 0; i < nv; i += 8) {				\
			st(d + i, ld(s + i));		\
			st(d + i + 1, ld(s + i + 1));		\
			st(d + i + 2, ld(s + i + 2));		\
			st(d + i + 3, ld(s + i + 3));		\
			st(d + i + 4, ld(s + i + 4));		\
			st(d + i + 5, ld(s + i + 5));		\
			st(d + i + 6, ld(s + i + 6));		\
			st(d + i + 7, ld(s + i + 7));		\
		}							\
		fence();						\
		CEIL_BARRIER(d);					\
	}								\
	return passes;							\
}

static inline void
ceil_nofence(void)
{
}

/* 64-bit words, for every architecture. */
static inline uint64_t
ceil_sc_ld(const uint64_t *p)
{
	return *p;
}

static inline void
ceil_sc_st(uint64_t *p, uint64_t v)
{
	*p = v;
}

static inline uint64_t
ceil_sc_add(uint64_t a, uint64_t b)
{
	return a + b;
}

static inline uint64_t
ceil_sc_set1(long long v)
{
	return (uint64_t)v;
}

CEIL_LOAD_LOOP(ceil_load_sc, , uint64_t, 0, ceil_sc_ld, ceil_sc_add,
    ceil_sc_st)
CEIL_STORE_LOOP(ceil_store_sc, , uint64_t, ceil_sc_set1, ceil_sc_st,
    ceil_nofence)
CEIL_COPY_LOOP(ceil_copy_sc, , uint64_t, ceil_sc_ld, ceil_sc_st,
    ceil_nofence)

#if defined(__x86_64__)
#define T512	__attribute__((target("avx512f")))
#define T256	__attribute__((target("avx2")))

CEIL_LOAD_LOOP(ceil_load_avx512, T512, __m512i, _mm512_setzero_si512(),
    _mm512_load_si512, _mm512_add_epi64, _mm512_storeu_si512)
CEIL_STORE_LOOP(ceil_store_avx512, T512, __m512i, _mm512_set1_epi64,
    _mm512_store_si512, ceil_nofence)
CEIL_STORE_LOOP(ceil_store_nt_avx512, T512, __m512i, _mm512_set1_epi64,
    _mm512_stream_si512, _mm_sfence)
CEIL_COPY_LOOP(ceil_copy_avx512, T512, __m512i, _mm512_load_si512,
    _mm512_store_si512, ceil_nofence)
CEIL_COPY_LOOP(ceil_copy_nt_avx512, T512, __m512i, _mm512_load_si512,
    _mm512_stream_si512, _mm_sfence)

CEIL_LOAD_LOOP(ceil_load_avx2, T256, __m256i, _mm256_setzero_si256(),
    _mm256_load_si256, _mm256_add_epi64, _mm256_storeu_si256)
CEIL_STORE_LOOP(ceil_store_avx2, T256, __m256i, _mm256_set1_epi64x,
    _mm256_store_si256, ceil_nofence)
CEIL_STORE_LOOP(ceil_store_nt_avx2, T256, __m256i, _mm256_set1_epi64x,
    _mm256_stream_si256, _mm_sfence)
CEIL_COPY_LOOP(ceil_copy_avx2, T256, __m256i, _mm256_load_si256,
    _mm256_store_si256, ceil_nofence)
CEIL_COPY_LOOP(ceil_copy_nt_avx2, T256, __m256i, _mm256_load_si256,
    _mm256_stream_si256, _mm_sfence)

/* SSE2 is in every x86-64: no attribute needed. */
CEIL_LOAD_LOOP(ceil_load_sse2, , __m128i, _mm_setzero_si128(),
    _mm_load_si128, _mm_add_epi64, _mm_storeu_si128)
CEIL_STORE_LOOP(ceil_store_sse2, , __m128i, _mm_set1_epi64x,
    _mm_store_si128, ceil_nofence)
CEIL_STORE_LOOP(ceil_store_nt_sse2, , __m128i, _mm_set1_epi64x,
    _mm_stream_si128, _mm_sfence)
CEIL_COPY_LOOP(ceil_copy_sse2, , __m128i, _mm_load_si128,
    _mm_store_si128, ceil_nofence)
CEIL_COPY_LOOP(ceil_copy_nt_sse2, , __m128i, _mm_load_si128,
    _mm_stream_si128, _mm_sfence)
#endif

/* One width's loops: load, store, copy, store nt, copy nt. */
struct ceil_width {
	uint64_t	 needs;
	unsigned	 vec;
	const char	*isa;
	ceil_loop_fn	 fn[CEIL_NPATTERNS + 2];
};

/* Widest first; the last needs nothing. */
static const struct ceil_width ceil_widths[] = {
#if defined(__x86_64__)
	{ CPU_AVX512F, 64, "avx512f", { ceil_load_avx512, ceil_store_avx512,
	    ceil_copy_avx512, ceil_store_nt_avx512, ceil_copy_nt_avx512 } },
	{ CPU_AVX2, 32, "avx2", { ceil_load_avx2, ceil_store_avx2,
	    ceil_copy_avx2, ceil_store_nt_avx2, ceil_copy_nt_avx2 } },
	{ 0, 16, "sse2", { ceil_load_sse2, ceil_store_sse2, ceil_copy_sse2,
	    ceil_store_nt_sse2, ceil_copy_nt_sse2 } },
#endif
	{ 0, 8, "scalar", { ceil_load_sc, ceil_store_sc, ceil_copy_sc,
	    NULL, NULL } },
};

int
ceil_loop_pick(int pattern, uint64_t have, int nt, int rank,
    struct ceil_loop *out)
{
	const struct ceil_width *w = ceil_widths, *end = ceil_widths +
	    sizeof(ceil_widths) / sizeof(ceil_widths[0]);
	int slot = pattern;

	for (;; w++) {
		if (w == end)
			return -1;
		if ((w->needs & have) == w->needs && rank-- == 0)
			break;
	}
	if (nt && pattern == CEIL_LOAD)
		return -1;
	if (nt)
		slot = pattern == CEIL_STORE ? CEIL_NPATTERNS :
		    CEIL_NPATTERNS + 1;
	if (w->fn[slot] == NULL)
		return -1;
	out->fn = w->fn[slot];
	out->vec = w->vec;
	out->isa = w->isa;
	out->nt = nt;
	return 0;
}
