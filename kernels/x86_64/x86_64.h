/*
 * x86_64.h - prototypes of the x86-64 kernels (kernels/x86_64/).
 *
 * Each kernel lives in its own file, wrapped in #if defined(__x86_64__);
 * ISA-specific code is compiled with per-function target attributes, so no
 * file needs ISA flags on its command line.
 */
#ifndef CSUMBENCH_X86_64_H
#define CSUMBENCH_X86_64_H

#include "../kernel.h"

#if defined(__x86_64__)

void	*memcpy_erms(void *, const void *, size_t);
void	*memcpy_sse2(void *, const void *, size_t);
void	*memcpy_avx2(void *, const void *, size_t);
void	*memcpy_avx512(void *, const void *, size_t);
void	*memcpy_nt(void *, const void *, size_t);
void	*memcpy_auto(void *, const void *, size_t);

void	*memset_erms(void *, int, size_t);
void	*memset_sse2(void *, int, size_t);
void	*memset_avx2(void *, int, size_t);
void	*memset_avx512(void *, int, size_t);
void	*memset_nt(void *, int, size_t);
void	*memset_auto(void *, int, size_t);

uint32_t csum_adc(const void *, size_t, uint32_t);
uint32_t csum_avx2(const void *, size_t, uint32_t);
uint32_t csum_avx512(const void *, size_t, uint32_t);
uint32_t csum_avx512vnni(const void *, size_t, uint32_t);
uint32_t csum_auto(const void *, size_t, uint32_t);

uint32_t csum_copy_adc(const void *, void *, size_t, uint32_t);
uint32_t csum_copy_avx2(const void *, void *, size_t, uint32_t);
uint32_t csum_copy_avx512(const void *, void *, size_t, uint32_t);
uint32_t csum_copy_auto(const void *, void *, size_t, uint32_t);

uint32_t csum_diff_avx2(const void *, size_t, const void *, size_t, uint32_t);
uint32_t csum_diff_avx512(const void *, size_t, const void *, size_t, uint32_t);

#endif /* __x86_64__ */
#endif
