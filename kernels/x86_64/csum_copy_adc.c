/*
 * csum_copy_adc.c - csum_copy.adc: copy and checksum in one pass with
 * 64-bit add-with-carry chains.
 *
 * Each 8-byte word is loaded once into a register, stored, and added from
 * that register (the arithmetic is csum.adc's). Two independent chains of
 * 32 bytes per 64-byte iteration; the 0..63-byte tail is copied with
 * overlapping moves and summed by the scalar checksum tail.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "x86_inline.h"

/*
 * Copy 32 bytes from s to d through four registers and add them to acc
 * with one add-with-carry chain. Written as one asm statement so that the
 * compiler cannot turn the 8-byte moves into vector moves and shuffles.
 */
#define COPY_ADC32(acc, s, d) do {					\
	uint64_t w0_, w1_, w2_, w3_;					\
									\
	__asm__("movq 0(%[sp]), %[w0]\n\t"				\
	    "movq 8(%[sp]), %[w1]\n\t"					\
	    "movq 16(%[sp]), %[w2]\n\t"				\
	    "movq 24(%[sp]), %[w3]\n\t"				\
	    "movq %[w0], 0(%[dp])\n\t"					\
	    "movq %[w1], 8(%[dp])\n\t"					\
	    "movq %[w2], 16(%[dp])\n\t"				\
	    "movq %[w3], 24(%[dp])\n\t"				\
	    "addq %[w0], %[a]\n\t"					\
	    "adcq %[w1], %[a]\n\t"					\
	    "adcq %[w2], %[a]\n\t"					\
	    "adcq %[w3], %[a]\n\t"					\
	    "adcq $0, %[a]"						\
	    : [a] "+r" (acc), [w0] "=&r" (w0_), [w1] "=&r" (w1_),	\
	      [w2] "=&r" (w2_), [w3] "=&r" (w3_),			\
	      "=m" (*(unsigned char (*)[32])(d))				\
	    : [sp] "r" (s), [dp] "r" (d),				\
	      "m" (*(const unsigned char (*)[32])(s))			\
	    : "cc");							\
} while (0)

uint32_t
csum_copy_adc(const void *src, void *dst, size_t n, uint32_t sum)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uint64_t a = sum, b = 0;

	if (n >= 64) {
		do {
			COPY_ADC32(a, s, d);
			COPY_ADC32(b, s + 32, d + 32);
			s += 64;
			d += 64;
			n -= 64;
		} while (n >= 64);
		a = x86_oc_add64(a, b);
	}
	x86_copy_0_63(d, s, n);
	return x86_fold64(x86_csum_tail(src, s, n, a, 0));
}

#endif /* __x86_64__ */
