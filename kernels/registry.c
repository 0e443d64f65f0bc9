/*
 * registry.c - the one table of every built-in kernel.
 *
 * One line per kernel. A family's KF_REFERENCE kernel is its specification;
 * KF_BASELINE marks the default baseline of comparisons. `needs` is checked
 * at run time against what the CPU and OS provide.
 */
#include <string.h>

#include "kernel.h"
#include "x86_64/x86_64.h"
#include "aarch64/aarch64.h"

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
size_t	 copy_ref(void *, const void *, size_t);
size_t	 copy_align_dst(void *, const void *, size_t);
size_t	 copy_shift(void *, const void *, size_t);
size_t	 copy_unrolled(void *, const void *, size_t);
size_t	 copy_unaligned(void *, const void *, size_t);
size_t	 copy_test_wordfault(void *, const void *, size_t);
size_t	 copy_unaligned_nofault(void *, const void *, size_t);
size_t	 copy_shift_nofault(void *, const void *, size_t);
size_t	 copy_unrolled_nofault(void *, const void *, size_t);
#if defined(__x86_64__)
/* kernels/x86_64/ */
size_t	 copy_erms(void *, const void *, size_t);
size_t	 copy_avx2(void *, const void *, size_t);
size_t	 copy_avx512(void *, const void *, size_t);
#endif

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
#if defined(__x86_64__)
	{ .name = "memcpy.erms", .family = K_MEMCPY, .isa = "erms",
	  .needs = CPU_ERMS, .fn.memcpy = memcpy_erms,
	  .about = "rep movsb alone" },
	{ .name = "memcpy.sse2", .family = K_MEMCPY, .isa = "sse2",
	  .needs = CPU_SSE2, .fn.memcpy = memcpy_sse2,
	  .about = "16-byte vectors, overlapping ends, aligned-store loop" },
	{ .name = "memcpy.avx2", .family = K_MEMCPY, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.memcpy = memcpy_avx2,
	  .about = "32-byte vectors, straight-line to 256 B, aligned-store loop" },
	{ .name = "memcpy.avx512", .family = K_MEMCPY, .isa = "avx512",
	  .needs = CPU_AVX512F | CPU_AVX512BW, .fn.memcpy = memcpy_avx512,
	  .about = "64-byte vectors above 256 B, aligned-store loop" },
	{ .name = "memcpy.nt", .family = K_MEMCPY, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.memcpy = memcpy_nt,
	  .about = "non-temporal 32-byte stores above 256 B, sfence" },
	{ .name = "memcpy.auto", .family = K_MEMCPY, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.memcpy = memcpy_auto,
	  .about = "by size: straight-line, vector loop, rep movsb, non-temporal" },
#endif
#if defined(__aarch64__)
	{ .name = "memcpy.neon", .family = K_MEMCPY, .isa = "neon",
	  .needs = CPU_NEON, .fn.memcpy = memcpy_neon,
	  .about = "16-byte vectors, overlapping ends, aligned-store loop" },
#endif

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
#if defined(__x86_64__)
	{ .name = "memset.erms", .family = K_MEMSET, .isa = "erms",
	  .needs = CPU_ERMS, .fn.memset = memset_erms,
	  .about = "rep stosb alone" },
	{ .name = "memset.sse2", .family = K_MEMSET, .isa = "sse2",
	  .needs = CPU_SSE2, .fn.memset = memset_sse2,
	  .about = "16-byte vectors, overlapping ends, aligned-store loop" },
	{ .name = "memset.avx2", .family = K_MEMSET, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.memset = memset_avx2,
	  .about = "32-byte vectors, straight-line to 256 B, aligned-store loop" },
	{ .name = "memset.avx512", .family = K_MEMSET, .isa = "avx512",
	  .needs = CPU_AVX512F | CPU_AVX512BW, .fn.memset = memset_avx512,
	  .about = "64-byte vectors above 256 B, aligned-store loop" },
	{ .name = "memset.nt", .family = K_MEMSET, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.memset = memset_nt,
	  .about = "non-temporal 32-byte stores above 256 B, sfence" },
	{ .name = "memset.auto", .family = K_MEMSET, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.memset = memset_auto,
	  .about = "by size: straight-line, vector loop, rep stosb, non-temporal" },
#endif
#if defined(__aarch64__)
	{ .name = "memset.neon", .family = K_MEMSET, .isa = "neon",
	  .needs = CPU_NEON, .fn.memset = memset_neon,
	  .about = "16-byte vectors, overlapping ends, aligned-store loop" },
#endif

	/* copy: user-copy with exact fault reporting (kernels/fault.h) */
	{ .name = "copy.ref", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = copy_ref, .flags = KF_REFERENCE,
	  .about = "one byte at a time (reference)" },
	{ .name = "copy.align_dst", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = copy_align_dst,
	  .about = "bytes to align dst; words only if src is aligned too" },
	{ .name = "copy.shift", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = copy_shift,
	  .about = "dst-aligned word stores, misaligned src merged with shifts" },
	{ .name = "copy.unrolled", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = copy_unrolled,
	  .about = "both aligned: 8 words per iteration; else as copy.shift" },
	{ .name = "copy.unaligned", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = copy_unaligned,
	  .about = "unaligned 8-byte loads and stores, overlapping tail" },
#if defined(__x86_64__)
	{ .name = "copy.erms", .family = K_COPY, .isa = "erms",
	  .needs = CPU_FAULTS | CPU_ERMS, .fn.copy = copy_erms,
	  .about = "one rep movsb" },
	{ .name = "copy.avx2", .family = K_COPY, .isa = "avx2",
	  .needs = CPU_FAULTS | CPU_AVX2, .fn.copy = copy_avx2,
	  .about = "unaligned 32-byte vectors, 128 B per iteration" },
	{ .name = "copy.avx512", .family = K_COPY, .isa = "avx512",
	  .needs = CPU_FAULTS | CPU_AVX512F | CPU_AVX512BW,
	  .fn.copy = copy_avx512,
	  .about = "64-byte vectors, dst 64-aligned, masked tail" },
#endif

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
#if defined(__x86_64__)
	{ .name = "csum.adc", .family = K_CSUM, .isa = "adc",
	  .needs = CPU_X86_64, .fn.csum = csum_adc,
	  .about = "64-bit adc chains, four accumulators, straight-line tail" },
	{ .name = "csum.avx2", .family = K_CSUM, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.csum = csum_avx2,
	  .about = "32-byte vectors, exact 64-bit lane sums, four accumulator pairs" },
	{ .name = "csum.avx512", .family = K_CSUM, .isa = "avx512",
	  .needs = CPU_AVX512F | CPU_AVX512BW, .fn.csum = csum_avx512,
	  .about = "64-byte vectors, exact 64-bit lane sums, masked tail" },
	{ .name = "csum.avx512vnni", .family = K_CSUM, .isa = "avx512",
	  .needs = CPU_AVX512F | CPU_AVX512BW | CPU_AVX512VNNI,
	  .fn.csum = csum_avx512vnni,
	  .about = "64-byte vectors, vpaddd + vpdpbusd: two ops per vector" },
	{ .name = "csum.auto", .family = K_CSUM, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.csum = csum_auto,
	  .about = "by size: adc below 192 B, avx512 (vnni from 1 KiB) or avx2 above" },
#endif
#if defined(__aarch64__)
	{ .name = "csum.neon", .family = K_CSUM, .isa = "neon",
	  .needs = CPU_NEON, .fn.csum = csum_neon,
	  .about = "16-byte vectors, uadalp into exact 64-bit lanes, four accumulators" },
#endif

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
#if defined(__x86_64__)
	{ .name = "csum_copy.adc", .family = K_CSUM_COPY, .isa = "adc",
	  .needs = CPU_X86_64, .fn.csum_copy = csum_copy_adc,
	  .about = "one pass: 64-bit load, store, adc" },
	{ .name = "csum_copy.avx2", .family = K_CSUM_COPY, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.csum_copy = csum_copy_avx2,
	  .about = "one pass: 32-byte load, store, accumulate" },
	{ .name = "csum_copy.avx512", .family = K_CSUM_COPY, .isa = "avx512",
	  .needs = CPU_AVX512F | CPU_AVX512BW, .fn.csum_copy = csum_copy_avx512,
	  .about = "one pass: 64-byte load, store, accumulate; masked tail" },
	{ .name = "csum_copy.auto", .family = K_CSUM_COPY, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.csum_copy = csum_copy_auto,
	  .about = "by size: scalar below 64 B, then avx512 (or avx2)" },
#endif
#if defined(__aarch64__)
	{ .name = "csum_copy.neon", .family = K_CSUM_COPY, .isa = "neon",
	  .needs = CPU_NEON, .fn.csum_copy = csum_copy_neon,
	  .about = "one pass: 16-byte load, store, uadalp" },
#endif

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
#if defined(__x86_64__)
	{ .name = "csum_diff.avx2", .family = K_CSUM_DIFF, .isa = "avx2",
	  .needs = CPU_AVX2, .fn.csum_diff = csum_diff_avx2,
	  .about = "direct: complemented from and to through the avx2 loop" },
	{ .name = "csum_diff.avx512", .family = K_CSUM_DIFF, .isa = "avx512",
	  .needs = CPU_AVX512F | CPU_AVX512BW, .fn.csum_diff = csum_diff_avx512,
	  .about = "direct: complemented from and to through the avx512 loop" },
#endif

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
	{ .name = "copy.test_wordfault", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = copy_test_wordfault,
	  .flags = KF_TEST,
	  .about = "deliberately wrong: a faulting word counts as not copied" },
	{ .name = "copy.test_unaligned_nofault", .family = K_COPY, .isa = "c",
	  .fn.copy = copy_unaligned_nofault, .flags = KF_TEST,
	  .about = "copy.unaligned without fault support (overhead baseline)" },
	{ .name = "copy.test_shift_nofault", .family = K_COPY, .isa = "c",
	  .fn.copy = copy_shift_nofault, .flags = KF_TEST,
	  .about = "copy.shift without fault support (overhead baseline)" },
	{ .name = "copy.test_unrolled_nofault", .family = K_COPY, .isa = "c",
	  .fn.copy = copy_unrolled_nofault, .flags = KF_TEST,
	  .about = "copy.unrolled without fault support (overhead baseline)" },
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
