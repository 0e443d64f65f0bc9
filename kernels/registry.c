/*
 * registry.c - the one table of every built-in kernel.
 *
 * One line per kernel. A family's KF_REFERENCE kernel is its specification;
 * KF_BASELINE marks the default baseline of comparisons. `needs` is checked
 * at run time against what the CPU and OS provide.
 */
#include <string.h>

#include "kernel.h"

/* kernels/generic/ */
void	*memcpy_bytes(void *, const void *, size_t);
void	*memcpy_words(void *, const void *, size_t);
void	*memset_bytes(void *, int, size_t);
void	*memset_words(void *, int, size_t);
uint32_t csum_ref(const void *, size_t, uint32_t);
uint32_t csum_generic32(const void *, size_t, uint32_t);
uint32_t csum_generic64(const void *, size_t, uint32_t);
uint32_t csum_copy_ref(const void *, void *, size_t, uint32_t);
uint32_t csum_copy_twopass(const void *, void *, size_t, uint32_t);
uint32_t csum_copy_fused(const void *, void *, size_t, uint32_t);
uint32_t csum_diff_ref(const void *, size_t, const void *, size_t, uint32_t);
uint32_t csum_diff_scratch(const void *, size_t, const void *, size_t, uint32_t);
uint32_t csum_diff_direct(const void *, size_t, const void *, size_t, uint32_t);
uint32_t csum_test_oddbug(const void *, size_t, uint32_t);
void	*memcpy_test_overrun(void *, const void *, size_t);
void	*memcpy_test_empty(void *, const void *, size_t);
void	*memcpy_test_slow10(void *, const void *, size_t);

const struct kernel kernels[] = {
	/* memcpy */
	{ .name = "memcpy.bytes", .family = K_MEMCPY, .isa = "c",
	  .fn.memcpy = memcpy_bytes, .flags = KF_REFERENCE,
	  .about = "one byte at a time (reference)" },
	{ .name = "memcpy.words", .family = K_MEMCPY, .isa = "c",
	  .fn.memcpy = memcpy_words,
	  .about = "8-byte unaligned words, byte tail" },
	{ .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy, .flags = KF_BASELINE,
	  .about = "the C library's memcpy" },

	/* memset */
	{ .name = "memset.bytes", .family = K_MEMSET, .isa = "c",
	  .fn.memset = memset_bytes, .flags = KF_REFERENCE,
	  .about = "one byte at a time (reference)" },
	{ .name = "memset.words", .family = K_MEMSET, .isa = "c",
	  .fn.memset = memset_words,
	  .about = "8-byte unaligned words, byte tail" },
	{ .name = "memset.libc", .family = K_MEMSET, .isa = "libc",
	  .fn.memset = memset, .flags = KF_BASELINE,
	  .about = "the C library's memset" },

	/* csum */
	{ .name = "csum.ref", .family = K_CSUM, .isa = "c",
	  .fn.csum = csum_ref, .flags = KF_REFERENCE,
	  .about = "16-bit words, 64-bit accumulator (reference)" },
	{ .name = "csum.generic32", .family = K_CSUM, .isa = "c",
	  .fn.csum = csum_generic32,
	  .about = "32-bit loads, 64-bit accumulator" },
	{ .name = "csum.generic64", .family = K_CSUM, .isa = "c",
	  .fn.csum = csum_generic64, .flags = KF_BASELINE,
	  .about = "64-bit loads, deferred end-around carry" },

	/* csum_copy */
	{ .name = "csum_copy.ref", .family = K_CSUM_COPY, .isa = "c",
	  .fn.csum_copy = csum_copy_ref, .flags = KF_REFERENCE,
	  .about = "memcpy.bytes then csum.ref (reference)" },
	{ .name = "csum_copy.twopass", .family = K_CSUM_COPY, .isa = "c",
	  .fn.csum_copy = csum_copy_twopass, .flags = KF_BASELINE,
	  .about = "libc memcpy, then csum.generic64" },
	{ .name = "csum_copy.fused", .family = K_CSUM_COPY, .isa = "c",
	  .fn.csum_copy = csum_copy_fused,
	  .about = "one pass over 64-bit words: load, store, add" },

	/* csum_diff */
	{ .name = "csum_diff.ref", .family = K_CSUM_DIFF, .isa = "c",
	  .fn.csum_diff = csum_diff_ref, .flags = KF_REFERENCE,
	  .about = "word by word into a 64-bit sum (reference)" },
	{ .name = "csum_diff.scratch", .family = K_CSUM_DIFF, .isa = "c",
	  .fn.csum_diff = csum_diff_scratch, .flags = KF_BASELINE,
	  .about = "~from and to copied to a scratch buffer, then summed" },
	{ .name = "csum_diff.direct", .family = K_CSUM_DIFF, .isa = "c",
	  .fn.csum_diff = csum_diff_direct,
	  .about = "csum(to) + ~csum(from): no copy" },

	/* test-only kernels */
	{ .name = "csum.test_oddbug", .family = K_CSUM, .isa = "c",
	  .fn.csum = csum_test_oddbug, .flags = KF_TEST,
	  .about = "deliberately wrong: drops a trailing odd byte" },
	{ .name = "memcpy.test_overrun", .family = K_MEMCPY, .isa = "c",
	  .fn.memcpy = memcpy_test_overrun, .flags = KF_TEST,
	  .about = "deliberately wrong: writes past dst at multiples of 64" },
	{ .name = "memcpy.test_empty", .family = K_MEMCPY, .isa = "c",
	  .fn.memcpy = memcpy_test_empty, .flags = KF_TEST,
	  .about = "does nothing: the measurement floor (fails verify)" },
	{ .name = "memcpy.test_libc2", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy, .flags = KF_TEST,
	  .about = "the C library's memcpy again, for A/A tests" },
	{ .name = "memcpy.test_slow10", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy_test_slow10, .flags = KF_TEST,
	  .about = "libc memcpy plus a tenth more: a known slowdown" },
};

const size_t nkernels = sizeof(kernels) / sizeof(kernels[0]);

struct ktune ktune = {
	.l1d = 32 * 1024,
	.l2 = 512 * 1024,
	.l3 = 8 * 1024 * 1024,
	.nt_threshold = 0,
	.rep_threshold = 0,
	.have = 0,
};
