/*
 * csum_avx512vnni.c - csum.avx512vnni: the Internet checksum with 64-byte
 * vectors and two operations per vector (vpaddd and vpdpbusd), exact
 * 32-bit lane sums (csum_vec.h). The tail is one masked load.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

T512VNNI uint32_t
csum_avx512vnni(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum512vnni_body(buf, n, sum));
}

#endif /* __x86_64__ */
