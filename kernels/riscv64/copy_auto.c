/*
 * copy_auto.c - copy.auto on riscv64: the shift copy or plain words,
 * according to how fast the machine says misaligned accesses are.
 *
 * The rule. dst and src agree modulo 8 (both aligned once dst is):
 * copy.rv64_unrolled, 8 aligned words per iteration. They disagree: when
 * the operating system reports misaligned scalar accesses as fast
 * (riscv_hwprobe, CPU_MISALIGNED_FAST), copy.rv64_words, one misaligned
 * load per word; when it reports them slow, emulated or unsupported, or
 * reports nothing (unknown), the shift loop of copy.rv64_unrolled, which
 * never makes a misaligned access. Unknown takes the shift copy because it
 * is the safe choice: it costs a few shifts per word where misaligned
 * loads are fast, while misaligned loads cost a trap per word where they
 * are emulated.
 */
#if defined(__riscv) && __riscv_xlen == 64

#include "riscv64.h"

static inline size_t
rv64_auto(void *dst, const void *src, size_t n, int fast)
{
	if (fast && (((uintptr_t)dst ^ (uintptr_t)src) & 7) != 0)
		return copy_rv64_words(dst, src, n);
	return copy_rv64_unrolled(dst, src, n);
}

size_t
copy_auto(void *dst, const void *src, size_t n)
{
	return rv64_auto(dst, src, n, (ktune.have & CPU_MISALIGNED_FAST) != 0);
}

/*
 * copy.auto's choice on a machine with fast misaligned accesses, so that
 * both of its branches are verified wherever the tests run.
 */
size_t
copy_test_auto_fast(void *dst, const void *src, size_t n)
{
	return rv64_auto(dst, src, n, 1);
}

#endif
