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

uint32_t
csum_adc(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(x86_csum_adc_body(buf, n, sum));
}

#endif /* __x86_64__ */
