/*
 * aarch64.h - prototypes of the AArch64 kernels (kernels/aarch64/).
 *
 * Each kernel lives in its own file, wrapped in #if defined(__aarch64__).
 * AdvSIMD (NEON) is baseline on AArch64: no target attributes or flags.
 */
#ifndef CSUMBENCH_AARCH64_H
#define CSUMBENCH_AARCH64_H

#include "../kernel.h"

#if defined(__aarch64__)

void	*memcpy_neon(void *, const void *, size_t);
void	*memset_neon(void *, int, size_t);
uint32_t csum_neon(const void *, size_t, uint32_t);
uint32_t csum_copy_neon(const void *, void *, size_t, uint32_t);

#endif /* __aarch64__ */
#endif
