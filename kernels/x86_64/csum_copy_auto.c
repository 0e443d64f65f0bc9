/*
 * csum_copy_auto.c - csum_copy.auto: the best fused copy+checksum for each
 * size. Below 64 bytes: overlapping 8-byte moves plus the scalar checksum
 * tail, straight-line; above, csum_copy.avx512 when the CPU has AVX-512
 * (F and BW, per ktune.have), else csum_copy.avx2.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "x86_inline.h"

#define CSUM_COPY_AUTO_512	(CPU_AVX512F | CPU_AVX512BW)

uint32_t
csum_copy_auto(const void *src, void *dst, size_t n, uint32_t sum)
{
	if (n < 64) {
		x86_copy_0_63(dst, src, n);
		return x86_fold64(x86_csum_tail(src, src, n, sum, 0));
	}
	if ((ktune.have & CSUM_COPY_AUTO_512) == CSUM_COPY_AUTO_512)
		return csum_copy_avx512(src, dst, n, sum);
	return csum_copy_avx2(src, dst, n, sum);
}

#endif /* __x86_64__ */
