/*
 * Test-only kernels (KF_TEST): hidden unless CSUMBENCH_TEST_KERNELS=1.
 * They exist so the tests can prove that the checks can fail and that the
 * measurements can tell kernels apart (or not).
 */
#include <string.h>

#include "../builtin.h"

/* Drops a trailing odd byte: wrong only on odd lengths. */
uint32_t
csum_test_oddbug(const void *buf, size_t n, uint32_t sum)
{
	return csum_generic64(buf, n & ~(size_t)1, sum);
}

/* Writes one byte past the end of dst when n is a multiple of 64. */
void *
memcpy_test_overrun(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	if (n > 0 && n % 64 == 0)
		((unsigned char *)dst)[n] = ((const unsigned char *)src)[0];
	return dst;
}

/* Does nothing: the floor of what can be measured. */
void *
memcpy_test_empty(void *dst, const void *src, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return dst;
}

/*
 * libc memcpy, then the first tenth of the buffer again: about 10% more
 * work at sizes where the copy itself dominates the call.
 */
void *
memcpy_test_slow10(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	__asm__ volatile("" ::: "memory");
	memcpy(dst, src, n / 10);
	return dst;
}
