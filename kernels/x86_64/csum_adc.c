/*
 * csum_adc.c - csum.adc: the Internet checksum with 64-bit add-with-carry
 * chains.
 *
 * On a little-endian machine a 64-bit word is congruent, modulo 0xffff, to
 * the sum of its four 16-bit words (2^16 = 1 mod 0xffff), and 0xffff
 * divides 2^64-1, so summing 64-bit words with end-around carry (adc, then
 * adc $0) gives the checksum. Loads may be unaligned: every byte is summed
 * at its own offset from buf, so only the offset parity matters, and odd
 * start addresses need no special case. End-around carry never turns a
 * nonzero sum into zero, so the fold tells 0x0000 from 0xffff exactly as
 * the reference does.
 *
 * The main loop runs four independent chains, one per 32-byte block; each
 * chain has its own register and (renamed) flags, so the core overlaps
 * them. The tail (0..127 bytes) is straight-line code (x86_csum_tail).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "x86_inline.h"

uint64_t	x86_csum_adc64(const void *, size_t, uint64_t);

/*
 * Sum of buf[0..n) added to the 64-bit ones'-complement value acc; zero
 * only when acc and all bytes are zero.
 */
X86_ALWAYS_INLINE uint64_t
csum_adc_body(const void *buf, size_t n, uint64_t acc)
{
	const unsigned char *p = buf;
	uint64_t a = acc, b = 0, c = 0, d = 0;

	if (n >= 128) {
		do {
			X86_ADC4(a, x86_ld64(p), x86_ld64(p + 8),
			    x86_ld64(p + 16), x86_ld64(p + 24));
			X86_ADC4(b, x86_ld64(p + 32), x86_ld64(p + 40),
			    x86_ld64(p + 48), x86_ld64(p + 56));
			X86_ADC4(c, x86_ld64(p + 64), x86_ld64(p + 72),
			    x86_ld64(p + 80), x86_ld64(p + 88));
			X86_ADC4(d, x86_ld64(p + 96), x86_ld64(p + 104),
			    x86_ld64(p + 112), x86_ld64(p + 120));
			p += 128;
			n -= 128;
		} while (n >= 128);
		a = x86_oc_add64(a, b);
		c = x86_oc_add64(c, d);
		a = x86_oc_add64(a, c);
	}
	if (n >= 64) {
		X86_ADC4(a, x86_ld64(p), x86_ld64(p + 8),
		    x86_ld64(p + 16), x86_ld64(p + 24));
		X86_ADC4(a, x86_ld64(p + 32), x86_ld64(p + 40),
		    x86_ld64(p + 48), x86_ld64(p + 56));
		p += 64;
		n -= 64;
	}
	return x86_csum_tail(buf, p, n, a, 0);
}

/* The same, as an entry point for csum.auto and csum_diff. */
uint64_t
x86_csum_adc64(const void *buf, size_t n, uint64_t acc)
{
	return csum_adc_body(buf, n, acc);
}

uint32_t
csum_adc(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum_adc_body(buf, n, sum));
}

#endif /* __x86_64__ */
