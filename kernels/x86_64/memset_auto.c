/*
 * memset_auto.c - memset.auto: our own composition, by size.
 *
 *   n < 64 (AVX-512)           one byte-masked zmm store
 *   64 <= n <= 512 (AVX-512)   2, 4 or 8 zmm stores from both ends
 *   n <= 256 (AVX2 only)       overlapping 8/16/32-byte stores, no loop
 *   above, < rep threshold     vector loop, aligned stores (64-byte with
 *                              AVX-512, else 32-byte)
 *   rep <= n < nt threshold    rep stosb (only with ERMS)
 *   n >= nt threshold          non-temporal 32-byte loop + sfence
 *
 * As in memcpy.auto: every size class ends in its own return, 64..128
 * bytes fall through with no taken branch, and the AVX-512 code is
 * volatile inline asm on zmm16+ (no vzeroupper) that runs only after
 * ktune.have says the CPU and OS support AVX-512 (F, BW, VL), so this
 * function itself is baseline x86-64 code.
 *
 * The rep and nt thresholds are ktune's (kernels/tune.c chooses them).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "set_vec.h"

/*
 * The AVX-512 paths need F, BW and VL: bits 5, 6 and 7 of ktune.have,
 * the top three bits of its low byte, so "all three set" is "low byte >=
 * 0xe0", one compare with memory (testing them with a mask and compare
 * costs a cycle per call of a short copy on Zen 4).
 */
_Static_assert(CPU_AVX512F == 0x20 && CPU_AVX512BW == 0x40 &&
    CPU_AVX512VL == 0x80, "AVX-512 bits moved: fix memset_auto_evex()");

static inline int
memset_auto_evex(void)
{
	return (uint8_t)ktune.have >= 0xe0;
}

/*
 * The EVEX helpers below use zmm16 and k1 in inline asm (clobbers:
 * X86_EVEX_CLOBBERS in x86_inline.h); each one first broadcasts the byte
 * c to zmm16.
 */
#define EVEX_BCAST	"vpbroadcastb %k[c], %%zmm16\n\t"

/* 0..63 bytes: one byte-masked store, masked-off bytes untouched. */
X86_ALWAYS_INLINE void
x86_evex_set_0_63(unsigned char *d, int c, size_t n)
{
	uint64_t m = x86_mask_lo[n];	/* n < 64 */

	__asm__ volatile(
	    EVEX_BCAST
	    "kmovq %[m], %%k1\n\t"
	    "vmovdqu8 %%zmm16, (%[d])%{%%k1%}"
	    :
	    : [m] "r" (m), [d] "r" (d), [c] "r" (c)
	    : X86_EVEX_CLOBBERS);
}

/* 64..128 bytes. */
X86_ALWAYS_INLINE void
x86_evex_set_64_128(unsigned char *d, int c, size_t n)
{
	__asm__ volatile(
	    EVEX_BCAST
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm16, -64(%[d],%[n])"
	    :
	    : [d] "r" (d), [n] "r" (n), [c] "r" (c)
	    : X86_EVEX_CLOBBERS);
}

/* 129..256 bytes. */
X86_ALWAYS_INLINE void
x86_evex_set_129_256(unsigned char *d, int c, size_t n)
{
	__asm__ volatile(
	    EVEX_BCAST
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm16, 64(%[d])\n\t"
	    "vmovdqu64 %%zmm16, -128(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm16, -64(%[d],%[n])"
	    :
	    : [d] "r" (d), [n] "r" (n), [c] "r" (c)
	    : X86_EVEX_CLOBBERS);
}

/* 257..512 bytes. */
X86_ALWAYS_INLINE void
x86_evex_set_257_512(unsigned char *d, int c, size_t n)
{
	__asm__ volatile(
	    EVEX_BCAST
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm16, 64(%[d])\n\t"
	    "vmovdqu64 %%zmm16, 128(%[d])\n\t"
	    "vmovdqu64 %%zmm16, 192(%[d])\n\t"
	    "vmovdqu64 %%zmm16, -256(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm16, -192(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm16, -128(%[d],%[n])\n\t"
	    "vmovdqu64 %%zmm16, -64(%[d],%[n])"
	    :
	    : [d] "r" (d), [n] "r" (n), [c] "r" (c)
	    : X86_EVEX_CLOBBERS);
}

/*
 * More than 512 bytes: four unaligned stores at the start, aligned 256-byte
 * iterations from the 64-byte-aligned address at or below d + 256 while
 * more than 256 bytes remain, four unaligned stores ending at d + n.
 */
X86_ALWAYS_INLINE void
x86_evex_set_loop(unsigned char *d, int c, size_t n)
{
	unsigned char *dd = (unsigned char *)(((uintptr_t)d & ~(uintptr_t)63) +
	    256);
	unsigned char *end = d + n - 256;

	__asm__ volatile(
	    EVEX_BCAST
	    "vmovdqu64 %%zmm16, (%[d])\n\t"
	    "vmovdqu64 %%zmm16, 64(%[d])\n\t"
	    "vmovdqu64 %%zmm16, 128(%[d])\n\t"
	    "vmovdqu64 %%zmm16, 192(%[d])\n\t"
	    "cmpq %[end], %[dd]\n\t"
	    "jae 2f\n"
	    "1:\n\t"
	    "vmovdqa64 %%zmm16, (%[dd])\n\t"
	    "vmovdqa64 %%zmm16, 64(%[dd])\n\t"
	    "vmovdqa64 %%zmm16, 128(%[dd])\n\t"
	    "vmovdqa64 %%zmm16, 192(%[dd])\n\t"
	    "addq $256, %[dd]\n\t"
	    "cmpq %[end], %[dd]\n\t"
	    "jb 1b\n"
	    "2:\n\t"
	    "vmovdqu64 %%zmm16, (%[end])\n\t"
	    "vmovdqu64 %%zmm16, 64(%[end])\n\t"
	    "vmovdqu64 %%zmm16, 128(%[end])\n\t"
	    "vmovdqu64 %%zmm16, 192(%[end])"
	    : [dd] "+r" (dd)
	    : [d] "r" (d), [end] "r" (end), [c] "r" (c)
	    : "cc", X86_EVEX_CLOBBERS);
}

static size_t
memset_auto_rep(void)
{
	return ktune.memset_rep;
}

static size_t
memset_auto_nt(void)
{
	return ktune.memset_nt;
}

/* More than 512 bytes (EVEX) or 256 bytes (AVX2). */
__attribute__((noinline)) T256 static void
memset_auto_long(unsigned char *d, int c, size_t n, int evex)
{
	if (n >= memset_auto_nt()) {
		x86_set_loop256(d, c, n, 1);
		_mm_sfence();
	} else if (n >= memset_auto_rep() && (ktune.have & CPU_ERMS)) {
		__asm__ volatile("rep stosb"
		    : "+D" (d), "+c" (n)
		    : "a" (c)
		    : "memory");
	} else if (evex)
		x86_evex_set_loop(d, c, n);
	else
		x86_set_loop256(d, c, n, 0);
}

/* Without AVX-512: 8/16/32-byte stores to 256 bytes, then the long path. */
__attribute__((noinline)) T256 static void *
memset_auto_avx2(unsigned char *d, int c, size_t n)
{
	if (n <= 256)
		x86_set_0_256(d, c, n);
	else
		memset_auto_long(d, c, n, 0);
	return d;
}

__attribute__((aligned(64))) void *
memset_auto(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	if (__builtin_expect(!memset_auto_evex(), 0))
		return memset_auto_avx2(d, c, n);
	if (__builtin_expect(n > 128, 0))
		goto longer;
	if (__builtin_expect(n < 64, 0)) {
		x86_evex_set_0_63(d, c, n);
		return dst;
	}
	x86_evex_set_64_128(d, c, n);
	return dst;
longer:
	if (__builtin_expect(n > 256, 0))
		goto longer2;
	x86_evex_set_129_256(d, c, n);
	return dst;
longer2:
	if (n <= 512) {
		x86_evex_set_257_512(d, c, n);
		return dst;
	}
	if (n < memset_auto_rep() && n < memset_auto_nt()) {
		x86_evex_set_loop(d, c, n);
		return dst;
	}
	memset_auto_long(d, c, n, 1);
	return dst;
}

#endif /* __x86_64__ */
