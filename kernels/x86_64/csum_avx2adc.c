/*
 * csum_avx2adc.c - csum.avx2adc: the Internet checksum with the vector
 * and the integer units together.
 *
 * Of every 256 bytes, six 32-byte vectors go through the exact 64-bit
 * lane sums of csum.avx2 (three vector operations each) and two 32-byte
 * blocks through add-with-carry chains on the integer units, which the
 * vector loop leaves idle (csum_vec.h, csum256adc_body). The last 0..255
 * bytes go through the csum.avx2 loop and its scalar tail.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

T256 uint32_t
csum_avx2adc(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum256adc_body(buf, n, sum));
}

#endif /* __x86_64__ */
