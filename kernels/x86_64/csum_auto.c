/*
 * csum_auto.c - csum.auto: the best checksum for each size.
 *
 * Up to 128 bytes (IPv4/IPv6 headers, TCP options, small packets) the
 * scalar add-with-carry code wins: no vector setup, no horizontal
 * reduction, straight-line for n < 64. Above, the 64-byte vector loop when
 * the CPU has AVX-512 (F and BW, per ktune.have), else the 32-byte one.
 * The AVX-512 loop lives in its own function so this one stays AVX2 code
 * (a function compiled for AVX-512 may use AVX-512 anywhere in its body).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

#define CSUM_AUTO_SCALAR_MAX	128
#define CSUM_AUTO_512		(CPU_AVX512F | CPU_AVX512BW)

__attribute__((noinline)) T512 static uint64_t
csum_auto512(const void *buf, size_t n, uint64_t acc)
{
	return csum512_body(buf, n, acc, 0);
}

T256 uint32_t
csum_auto(const void *buf, size_t n, uint32_t sum)
{
	uint64_t acc = sum;

	if (n < 64)
		acc = x86_csum_tail(buf, buf, n, acc, 0);
	else if (n <= CSUM_AUTO_SCALAR_MAX)
		acc = x86_csum_adc_body(buf, n, acc);
	else if ((ktune.have & CSUM_AUTO_512) == CSUM_AUTO_512)
		acc = csum_auto512(buf, n, acc);
	else
		acc = csum256_body(buf, n, acc, 0);
	return x86_fold64(acc);
}

#endif /* __x86_64__ */
