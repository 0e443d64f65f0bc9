/*
 * x86_inline.h - small inline helpers shared by the x86-64 kernels.
 *
 * Everything here is plain x86-64 (SSE2 baseline at most); ISA-specific
 * bodies stay in the kernel files under target attributes.
 */
#ifndef CSUMBENCH_X86_INLINE_H
#define CSUMBENCH_X86_INLINE_H

#if defined(__x86_64__)

#include <stddef.h>
#include <stdint.h>

#define X86_ALWAYS_INLINE	static inline __attribute__((always_inline))

/* Unaligned loads and stores of 1..8 bytes; each compiles to one mov. */
X86_ALWAYS_INLINE uint64_t
x86_ld64(const void *p)
{
	uint64_t v;

	__builtin_memcpy(&v, p, 8);
	return v;
}

X86_ALWAYS_INLINE uint32_t
x86_ld32(const void *p)
{
	uint32_t v;

	__builtin_memcpy(&v, p, 4);
	return v;
}

X86_ALWAYS_INLINE uint16_t
x86_ld16(const void *p)
{
	uint16_t v;

	__builtin_memcpy(&v, p, 2);
	return v;
}

X86_ALWAYS_INLINE void
x86_st64(void *p, uint64_t v)
{
	__builtin_memcpy(p, &v, 8);
}

X86_ALWAYS_INLINE void
x86_st32(void *p, uint32_t v)
{
	__builtin_memcpy(p, &v, 4);
}

X86_ALWAYS_INLINE void
x86_st16(void *p, uint16_t v)
{
	__builtin_memcpy(p, &v, 2);
}

/*
 * Copy 0..16 bytes with at most two (overlapping) moves of one width and
 * no loop. Loads happen before stores; src and dst must not overlap.
 */
X86_ALWAYS_INLINE void
x86_copy_0_16(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n >= 8) {
		uint64_t a = x86_ld64(s), b = x86_ld64(s + n - 8);

		x86_st64(d, a);
		x86_st64(d + n - 8, b);
	} else if (n >= 4) {
		uint32_t a = x86_ld32(s), b = x86_ld32(s + n - 4);

		x86_st32(d, a);
		x86_st32(d + n - 4, b);
	} else if (n >= 2) {
		uint16_t a = x86_ld16(s), b = x86_ld16(s + n - 2);

		x86_st16(d, a);
		x86_st16(d + n - 2, b);
	} else if (n == 1)
		*d = *s;
}

/* Set 0..16 bytes to the byte replicated in b8 (b8 = c * 0x0101..01). */
X86_ALWAYS_INLINE void
x86_set_0_16(unsigned char *d, uint64_t b8, size_t n)
{
	if (n >= 8) {
		x86_st64(d, b8);
		x86_st64(d + n - 8, b8);
	} else if (n >= 4) {
		x86_st32(d, (uint32_t)b8);
		x86_st32(d + n - 4, (uint32_t)b8);
	} else if (n >= 2) {
		x86_st16(d, (uint16_t)b8);
		x86_st16(d + n - 2, (uint16_t)b8);
	} else if (n == 1)
		*d = (unsigned char)b8;
}

/*
 * The r (0..7) bytes at p as a little-endian 64-bit value, byte i at bits
 * 8i, the rest zero. Reads exactly r bytes.
 */
X86_ALWAYS_INLINE uint64_t
x86_ld_partial(const unsigned char *p, size_t r)
{
	uint64_t t = 0;
	size_t off = 0;

	if (r & 4) {
		t = x86_ld32(p);
		off = 4;
	}
	if (r & 2) {
		t |= (uint64_t)x86_ld16(p + off) << (8 * off);
		off += 2;
	}
	if (r & 1)
		t |= (uint64_t)p[off] << (8 * off);
	return t;
}

/*
 * Ones'-complement addition of 64-bit values (add, then add the carry back
 * in). It preserves the sum modulo 2^64-1, hence modulo 0xffff, and its
 * result is zero only when both operands are zero: the distinction between
 * the two zeros 0x0000 and 0xffff that the reference fold makes survives.
 */
X86_ALWAYS_INLINE uint64_t
x86_oc_add64(uint64_t a, uint64_t b)
{
	uint64_t s = a + b;

	return s + (s < b);
}

/*
 * 64-bit ones'-complement value to a 32-bit one with the same residue
 * modulo 2^32-1, zero only when the input is zero.
 */
X86_ALWAYS_INLINE uint32_t
x86_fold64(uint64_t s)
{
	uint32_t lo = (uint32_t)s, hi = (uint32_t)(s >> 32), r = lo + hi;

	return r + (r < hi);	/* add, adc $0 */
}

/* 32-bit ones'-complement addition. */
X86_ALWAYS_INLINE uint32_t
x86_oc_add32(uint32_t a, uint32_t b)
{
	uint32_t s = a + b;

	return s + (s < b);
}


/*
 * x86_mask_lo[n] = the n low bits set (n = 0..63): the byte mask of an
 * n-byte masked access, in one load (shifting 1 by n costs three more
 * instructions, bzhi needs BMI2).
 */
extern const uint64_t x86_mask_lo[64] __attribute__((visibility("hidden")));

/*
 * Functions written whole in assembly (the short paths of memcpy.auto
 * and memset.auto, where the layout of every branch counts): helpers for
 * their top-level asm. X86_ASM_FUNC opens a global function aligned to 64
 * bytes in .text (with endbr64 when the build asks for CET);
 * X86_ASM_END closes it. Symbols of data are reached through the GOT
 * (X86_GOT), which the linker turns into a lea in an executable and which
 * stays correct in a shared object. Offsets into struct ktune are checked
 * against the C layout by x86_64.h.
 */
#define X86_STR_(x)	#x
#define X86_STR(x)	X86_STR_(x)
#if defined(__CET__) && (__CET__ & 1)
#define X86_ENDBR	"endbr64\n\t"
#else
#define X86_ENDBR	""
#endif
#define X86_ASM_FUNC(name)						\
	".pushsection .text\n\t"					\
	".p2align 6\n\t"						\
	".globl " #name "\n\t"						\
	".type " #name ", @function\n"					\
	#name ":\n\t"							\
	X86_ENDBR
#define X86_ASM_END(name)						\
	".size " #name ", .-" #name "\n\t"				\
	".popsection\n"
#define X86_GOT(sym, reg)	"movq " #sym "@GOTPCREL(%rip), " reg "\n\t"

/*
 * Add-with-carry chains: acc += x0 + x1 + ... with end-around carry (the
 * final adc $0 folds the last carry back in). One chain per macro call;
 * independent calls on different accumulators overlap in the core.
 * Operands may be registers or memory.
 */
#define X86_ADC4(acc, x0, x1, x2, x3)					\
	__asm__("addq %[b0], %[a]\n\t"					\
	    "adcq %[b1], %[a]\n\t"					\
	    "adcq %[b2], %[a]\n\t"					\
	    "adcq %[b3], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc)						\
	    : [b0] "rm" ((uint64_t)(x0)), [b1] "rm" ((uint64_t)(x1)),	\
	      [b2] "rm" ((uint64_t)(x2)), [b3] "rm" ((uint64_t)(x3))	\
	    : "cc")

#define X86_ADC3(acc, x0, x1, x2)					\
	__asm__("addq %[b0], %[a]\n\t"					\
	    "adcq %[b1], %[a]\n\t"					\
	    "adcq %[b2], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc)						\
	    : [b0] "rm" ((uint64_t)(x0)), [b1] "rm" ((uint64_t)(x1)),	\
	      [b2] "rm" ((uint64_t)(x2))					\
	    : "cc")

#define X86_ADC5(acc, x0, x1, x2, x3, x4)				\
	__asm__("addq %[b0], %[a]\n\t"					\
	    "adcq %[b1], %[a]\n\t"					\
	    "adcq %[b2], %[a]\n\t"					\
	    "adcq %[b3], %[a]\n\t"					\
	    "adcq %[b4], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc)						\
	    : [b0] "rm" ((uint64_t)(x0)), [b1] "rm" ((uint64_t)(x1)),	\
	      [b2] "rm" ((uint64_t)(x2)), [b3] "rm" ((uint64_t)(x3)),	\
	      [b4] "rm" ((uint64_t)(x4))					\
	    : "cc")

#define X86_ADC2(acc, x0, x1)						\
	__asm__("addq %[b0], %[a]\n\t"					\
	    "adcq %[b1], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc)						\
	    : [b0] "rm" ((uint64_t)(x0)), [b1] "rm" ((uint64_t)(x1))	\
	    : "cc")

#define X86_ADC1(acc, x0)						\
	__asm__("addq %[b0], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc)						\
	    : [b0] "rm" ((uint64_t)(x0))					\
	    : "cc")

/* Register-only form of X86_ADC4, for values that are also stored. */
#define X86_ADC4R(acc, x0, x1, x2, x3)					\
	__asm__("addq %[b0], %[a]\n\t"					\
	    "adcq %[b1], %[a]\n\t"					\
	    "adcq %[b2], %[a]\n\t"					\
	    "adcq %[b3], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc)						\
	    : [b0] "r" ((uint64_t)(x0)), [b1] "r" ((uint64_t)(x1)),	\
	      [b2] "r" ((uint64_t)(x2)), [b3] "r" ((uint64_t)(x3))	\
	    : "cc")

/* Copy 0..63 bytes with overlapping 8-byte moves, no loop. */
X86_ALWAYS_INLINE void
x86_copy_0_63(unsigned char *d, const unsigned char *s, size_t n)
{
	if (n >= 32) {
		uint64_t a0 = x86_ld64(s), a1 = x86_ld64(s + 8);
		uint64_t a2 = x86_ld64(s + 16), a3 = x86_ld64(s + 24);
		uint64_t b0 = x86_ld64(s + n - 32), b1 = x86_ld64(s + n - 24);
		uint64_t b2 = x86_ld64(s + n - 16), b3 = x86_ld64(s + n - 8);

		x86_st64(d, a0);
		x86_st64(d + 8, a1);
		x86_st64(d + 16, a2);
		x86_st64(d + 24, a3);
		x86_st64(d + n - 32, b0);
		x86_st64(d + n - 24, b1);
		x86_st64(d + n - 16, b2);
		x86_st64(d + n - 8, b3);
	} else if (n >= 16) {
		uint64_t a0 = x86_ld64(s), a1 = x86_ld64(s + 8);
		uint64_t b0 = x86_ld64(s + n - 16), b1 = x86_ld64(s + n - 8);

		x86_st64(d, a0);
		x86_st64(d + 8, a1);
		x86_st64(d + n - 16, b0);
		x86_st64(d + n - 8, b1);
	} else
		x86_copy_0_16(d, s, n);
}

/*
 * Checksum tail: add the n (0..63) bytes at p to the 64-bit ones'-
 * complement accumulator a, each byte XORed with inv's byte (inv is 0, or
 * ~0 for the complemented sums of csum_diff). p - buf is a multiple of 8,
 * so every byte lands at the right parity. Straight-line code: at most one
 * block of each of 32/16/8 bytes, then the last 1..7 bytes: 4 of them
 * with one 32-bit load; else one 8-byte load that ends at p + n when at
 * least 8 bytes precede it (shifting out the bytes already summed), else
 * piecewise. Never reads outside [buf, p + n).
 */
X86_ALWAYS_INLINE uint64_t
x86_csum_tail(const unsigned char *buf, const unsigned char *p, size_t n,
    uint64_t a, uint64_t inv)
{
	if (n >= 32) {
		X86_ADC4(a, x86_ld64(p) ^ inv, x86_ld64(p + 8) ^ inv,
		    x86_ld64(p + 16) ^ inv, x86_ld64(p + 24) ^ inv);
		p += 32;
		n -= 32;
	}
	if (n >= 16) {
		X86_ADC2(a, x86_ld64(p) ^ inv, x86_ld64(p + 8) ^ inv);
		p += 16;
		n -= 16;
	}
	if (n >= 8) {
		X86_ADC1(a, x86_ld64(p) ^ inv);
		p += 8;
		n -= 8;
	}
	if (n == 4) {
		/* The common case (20-byte headers, csum_diff's words). */
		X86_ADC1(a, (uint64_t)(x86_ld32(p) ^ (uint32_t)inv));
	} else if (n != 0) {
		uint64_t t;

		if (p - buf >= 8)
			t = x86_ld64(p + n - 8) >> (64 - 8 * n);
		else
			t = x86_ld_partial(p, n);
		X86_ADC1(a, t ^ (inv >> (64 - 8 * n)));
	}
	return a;
}

/*
 * Sum of buf[0..n), each byte XORed with inv's (0, or ~0 for csum_diff's
 * complemented words), added to the 64-bit ones'-complement value acc;
 * zero only when acc and all (XORed) bytes are zero. Four independent
 * chains of 32 bytes per 128-byte iteration, then the straight-line tail.
 */
X86_ALWAYS_INLINE uint64_t
x86_csum_adc_body_x(const void *buf, size_t n, uint64_t acc, uint64_t inv)
{
	const unsigned char *p = buf;
	uint64_t a = acc, b = 0, c = 0, d = 0;

	if (n >= 128) {
		do {
			X86_ADC4(a, x86_ld64(p) ^ inv, x86_ld64(p + 8) ^ inv,
			    x86_ld64(p + 16) ^ inv, x86_ld64(p + 24) ^ inv);
			X86_ADC4(b, x86_ld64(p + 32) ^ inv,
			    x86_ld64(p + 40) ^ inv, x86_ld64(p + 48) ^ inv,
			    x86_ld64(p + 56) ^ inv);
			X86_ADC4(c, x86_ld64(p + 64) ^ inv,
			    x86_ld64(p + 72) ^ inv, x86_ld64(p + 80) ^ inv,
			    x86_ld64(p + 88) ^ inv);
			X86_ADC4(d, x86_ld64(p + 96) ^ inv,
			    x86_ld64(p + 104) ^ inv, x86_ld64(p + 112) ^ inv,
			    x86_ld64(p + 120) ^ inv);
			p += 128;
			n -= 128;
		} while (n >= 128);
		a = x86_oc_add64(a, b);
		c = x86_oc_add64(c, d);
		a = x86_oc_add64(a, c);
	}
	if (n >= 64) {
		X86_ADC4(a, x86_ld64(p) ^ inv, x86_ld64(p + 8) ^ inv,
		    x86_ld64(p + 16) ^ inv, x86_ld64(p + 24) ^ inv);
		X86_ADC4(a, x86_ld64(p + 32) ^ inv, x86_ld64(p + 40) ^ inv,
		    x86_ld64(p + 48) ^ inv, x86_ld64(p + 56) ^ inv);
		p += 64;
		n -= 64;
	}
	return x86_csum_tail(buf, p, n, a, inv);
}

/* The plain sum (inv = 0): the loads fold into the adc instructions. */
X86_ALWAYS_INLINE uint64_t
x86_csum_adc_body(const void *buf, size_t n, uint64_t acc)
{
	return x86_csum_adc_body_x(buf, n, acc, 0);
}

#endif /* __x86_64__ */
#endif
