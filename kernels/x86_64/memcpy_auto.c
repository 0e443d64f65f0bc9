/*
 * memcpy_auto.c - memcpy.auto: our own composition, by size.
 *
 *   n < 64 (AVX-512)           one byte-masked zmm load and store
 *   64 <= n <= 512 (AVX-512)   2, 4 or 8 zmm moves from both ends
 *   n <= 256 (AVX2 only)       overlapping 8/16/32-byte moves from both
 *                              ends, no loop
 *   above, < rep threshold     vector loop, aligned stores (64-byte with
 *                              AVX-512, else 32-byte)
 *   rep <= n < nt threshold    rep movsb (only with ERMS)
 *   n >= nt threshold          non-temporal 32-byte loop + sfence
 *
 * Every size class ends in its own return. The short AVX-512 copies use
 * zmm16+ (no vzeroupper needed) in volatile inline asm that runs only
 * after ktune.have says the CPU and OS support AVX-512 (F, BW, VL); the long loops are separate functions, so this function itself is
 * baseline x86-64 code and the AVX2-only path costs one tail call.
 *
 * The rep and nt thresholds are ktune's (kernels/tune.c chooses them).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "copy_vec.h"

/*
 * The AVX-512 paths need F, BW and VL: bits 5, 6 and 7 of ktune.have,
 * the top three bits of its low byte, so "all three set" is "low byte >=
 * 0xe0", one compare with memory (testing them with a mask and compare
 * costs a cycle per call of a short copy on Zen 4).
 */
_Static_assert(CPU_AVX512F == 0x20 && CPU_AVX512BW == 0x40 &&
    CPU_AVX512VL == 0x80, "AVX-512 bits moved: fix memcpy_auto_evex()");

static inline int
memcpy_auto_evex(void)
{
	return (uint8_t)ktune.have >= 0xe0;
}

/*
 * EVEX straight-line copies for CPUs with AVX-512 (F, VL): inline asm on
 * ymm16-ymm27/zmm16-zmm27, registers that have no VEX encoding, so the
 * compiler sees no dirty upper state and emits no vzeroupper; the asm is
 * volatile, so it never executes before the CPU check that guards it.
 * Each one loads everything before storing anything (src and dst do not
 * overlap).
 * Clobbers: X86_EVEX_CLOBBERS (x86_inline.h).
 */

/*
 * 0..63 bytes: one byte-masked load and store; masked-off bytes are not
 * accessed and cannot fault.
 */
X86_ALWAYS_INLINE void
x86_evex_copy_0_63(unsigned char *d, const unsigned char *s, size_t n)
{
	uint64_t m = x86_mask_lo[n];	/* n < 64 */

	__asm__ volatile(
	    "kmovq %[m], %%k1\n\t"
	    "vmovdqu8 (%[s]), %%zmm16%{%%k1%}%{z%}\n\t"
	    "vmovdqu8 %%zmm16, (%[d])%{%%k1%}"
	    :
	    : [m] "r" (m), [s] "r" (s), [d] "r" (d)
	    : X86_EVEX_CLOBBERS);
}

/* 33..64 bytes. */
X86_ALWAYS_INLINE void
x86_evex_copy_33_64(unsigned char *d, const unsigned char *s, size_t n)
{
	__asm__ volatile(
	    "vmovdqu64 (%[s]), %%ymm16\n\t"
	    "vmovdqu64 -32(%[s],%[n]), %%ymm17\n\t"
	    "vmovdqu64 %%ymm16, (%[d])\n\t"
	    "vmovdqu64 %%ymm17, -32(%[d],%[n])"
	    :
	    : [s] "r" (s), [d] "r" (d), [n] "r" (n)
	    : X86_EVEX_CLOBBERS);
}

/* 64..128 bytes. */
X86_ALWAYS_INLINE void
x86_evex_copy_64_128(unsigned char *d, const unsigned char *s, size_t n)
{
	__asm__ volatile(
	    "vmovdqu64 (%[s]), %%zmm16\n\t"
	    "vmovdqu64 -64(%[s],%[n]), %%zmm17\n\t"
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm17, -64(%[d],%[n])"
	    :
	    : [s] "r" (s), [d] "r" (d), [n] "r" (n)
	    : X86_EVEX_CLOBBERS);
}

/* 129..256 bytes. */
X86_ALWAYS_INLINE void
x86_evex_copy_129_256(unsigned char *d, const unsigned char *s, size_t n)
{
	__asm__ volatile(
	    "vmovdqu64 (%[s]), %%zmm16\n\t"
	    "vmovdqu64 64(%[s]), %%zmm17\n\t"
	    "vmovdqu64 -128(%[s],%[n]), %%zmm18\n\t"
	    "vmovdqu64 -64(%[s],%[n]), %%zmm19\n\t"
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm17, 64(%[d])\n\t"
	    "vmovdqu64 %%zmm18, -128(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm19, -64(%[d],%[n])"
	    :
	    : [s] "r" (s), [d] "r" (d), [n] "r" (n)
	    : X86_EVEX_CLOBBERS);
}

/* 257..512 bytes. */
X86_ALWAYS_INLINE void
x86_evex_copy_257_512(unsigned char *d, const unsigned char *s, size_t n)
{
	__asm__ volatile(
	    "vmovdqu64 (%[s]), %%zmm16\n\t"
	    "vmovdqu64 64(%[s]), %%zmm17\n\t"
	    "vmovdqu64 128(%[s]), %%zmm18\n\t"
	    "vmovdqu64 192(%[s]), %%zmm19\n\t"
	    "vmovdqu64 -256(%[s],%[n]), %%zmm20\n\t"
	    "vmovdqu64 -192(%[s],%[n]), %%zmm21\n\t"
	    "vmovdqu64 -128(%[s],%[n]), %%zmm22\n\t"
	    "vmovdqu64 -64(%[s],%[n]), %%zmm23\n\t"
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm17, 64(%[d])\n\t"
	    "vmovdqu64 %%zmm18, 128(%[d])\n\t"
	    "vmovdqu64 %%zmm19, 192(%[d])\n\t"
	    "vmovdqu64 %%zmm20, -256(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm21, -192(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm22, -128(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm23, -64(%[d],%[n])"
	    :
	    : [s] "r" (s), [d] "r" (d), [n] "r" (n)
	    : X86_EVEX_CLOBBERS);
}


/*
 * More than 512 bytes: the first and the last 256 bytes are loaded up
 * front; the loop copies 256 bytes per iteration with aligned stores from
 * the 64-byte-aligned destination address at or below d + 256 while more
 * than 256 bytes remain; the saved head and tail are stored last.
 */
X86_ALWAYS_INLINE void
x86_evex_copy_loop(unsigned char *d, const unsigned char *s, size_t n)
{
	unsigned char *dd = (unsigned char *)(((uintptr_t)d & ~(uintptr_t)63) +
	    256);
	const unsigned char *ss = s + (dd - d);
	unsigned char *end = d + n - 256;

	__asm__ volatile(
	    "vmovdqu64 (%[s]), %%zmm16\n\t"
	    "vmovdqu64 64(%[s]), %%zmm17\n\t"
	    "vmovdqu64 128(%[s]), %%zmm18\n\t"
	    "vmovdqu64 192(%[s]), %%zmm19\n\t"
	    "vmovdqu64 -256(%[s],%[n]), %%zmm20\n\t"
	    "vmovdqu64 -192(%[s],%[n]), %%zmm21\n\t"
	    "vmovdqu64 -128(%[s],%[n]), %%zmm22\n\t"
	    "vmovdqu64 -64(%[s],%[n]), %%zmm23\n\t"
	    "cmpq %[end], %[dd]\n\t"
	    "jae 2f\n"
	    "1:\n\t"
	    "vmovdqu64 (%[ss]), %%zmm24\n\t"
	    "vmovdqu64 64(%[ss]), %%zmm25\n\t"
	    "vmovdqu64 128(%[ss]), %%zmm26\n\t"
	    "vmovdqu64 192(%[ss]), %%zmm27\n\t"
	    "addq $256, %[ss]\n\t"
	    "vmovdqa64 %%zmm24, (%[dd])\n\t"
	    "vmovdqa64 %%zmm25, 64(%[dd])\n\t"
	    "vmovdqa64 %%zmm26, 128(%[dd])\n\t"
	    "vmovdqa64 %%zmm27, 192(%[dd])\n\t"
	    "addq $256, %[dd]\n\t"
	    "cmpq %[end], %[dd]\n\t"
	    "jb 1b\n"
	    "2:\n\t"
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm17, 64(%[d])\n\t"
	    "vmovdqu64 %%zmm18, 128(%[d])\n\t"
	    "vmovdqu64 %%zmm19, 192(%[d])\n\t"
	    "vmovdqu64 %%zmm20, -256(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm21, -192(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm22, -128(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm23, -64(%[d],%[n])"
	    : [ss] "+r" (ss), [dd] "+r" (dd)
	    : [s] "r" (s), [d] "r" (d), [n] "r" (n), [end] "r" (end)
	    : "cc", X86_EVEX_CLOBBERS);
}

static size_t
memcpy_auto_rep(void)
{
	return ktune.memcpy_rep;
}

static size_t
memcpy_auto_nt(void)
{
	return ktune.memcpy_nt;
}

/* More than 512 bytes (EVEX) or 256 bytes (AVX2). */
__attribute__((noinline)) T256 static void
memcpy_auto_long(unsigned char *d, const unsigned char *s, size_t n,
    int evex)
{
	if (n >= memcpy_auto_nt()) {
		x86_copy_loop256(d, s, n, 1);
		_mm_sfence();
	} else if (n >= memcpy_auto_rep() && (ktune.have & CPU_ERMS)) {
		__asm__ volatile("rep movsb"
		    : "+D" (d), "+S" (s), "+c" (n)
		    :
		    : "memory");
	} else if (evex)
		x86_evex_copy_loop(d, s, n);
	else
		x86_copy_loop256(d, s, n, 0);
}

/* Without AVX-512: 32-byte moves to 256 bytes, then the long path. */
__attribute__((noinline)) T256 static void *
memcpy_auto_avx2(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n <= 16)
		x86_copy_0_16(d, s, n);
	else if (n <= 32)
		x86_copy_17_32(d, s, n);
	else if (n <= 64)
		x86_copy_33_64(d, s, n);
	else if (n <= 128)
		x86_copy_65_128(d, s, n);
	else if (n <= 256)
		x86_copy_129_256(d, s, n);
	else
		memcpy_auto_long(d, s, n, 0);
	return d;
}

/*
 * Baseline x86-64 code: with AVX-512 every short copy is EVEX inline asm,
 * so no path carries a vzeroupper or a stack frame.
 */
__attribute__((aligned(64))) void *
memcpy_auto(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (__builtin_expect(!memcpy_auto_evex(), 0))
		return memcpy_auto_avx2(d, s, n);
	/*
	 * Branch layout: 64..128 bytes fall through with no taken branch;
	 * shorter and longer copies take one (per-call cost here is a few
	 * cycles, and each taken branch is one of them).
	 */
	if (__builtin_expect(n > 128, 0))
		goto longer;
	if (__builtin_expect(n < 64, 0)) {
		x86_evex_copy_0_63(d, s, n);
		return dst;
	}
	x86_evex_copy_64_128(d, s, n);
	return dst;
longer:
	if (__builtin_expect(n > 256, 0))
		goto longer2;
	x86_evex_copy_129_256(d, s, n);
	return dst;
longer2:
	if (n <= 512) {
		x86_evex_copy_257_512(d, s, n);
		return dst;
	}
	if (n < memcpy_auto_rep() && n < memcpy_auto_nt()) {
		x86_evex_copy_loop(d, s, n);
		return dst;
	}
	memcpy_auto_long(d, s, n, 1);
	return dst;
}

#endif /* __x86_64__ */
