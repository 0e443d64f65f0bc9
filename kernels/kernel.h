/*
 * kernel.h - the kernel ABI shared by every kernel and by the tool.
 *
 * Kernels include only this header (and the C library); src/ reaches the
 * kernels only through this header and the registry table.
 */
#ifndef CSUMBENCH_KERNEL_H
#define CSUMBENCH_KERNEL_H

#include <stddef.h>
#include <stdint.h>

enum kfamily {
	K_MEMCPY,
	K_MEMSET,
	K_COPY,
	K_CSUM,
	K_CSUM_COPY,
	K_CSUM_DIFF,
	K_NFAMILIES
};

/* memcpy: as ISO C memcpy. */
typedef void *(*kfn_memcpy)(void *dst, const void *src, size_t n);
/* memset: as ISO C memset. */
typedef void *(*kfn_memset)(void *dst, int c, size_t n);
/*
 * copy: user-copy. Returns the number of bytes NOT copied (0 on success).
 * When either range runs into an inaccessible page, every byte before the
 * first inaccessible one is copied and exactly the rest is returned.
 */
typedef size_t (*kfn_copy)(void *dst, const void *src, size_t n);
/*
 * csum: csum_partial. Ones'-complement sum of buf as native-endian 16-bit
 * words (a trailing odd byte is a word padded with zero), added to sum.
 * Only kfold() of the result is defined.
 */
typedef uint32_t (*kfn_csum)(const void *buf, size_t n, uint32_t sum);
/* csum_copy: copies like memcpy and returns what csum would for src. */
typedef uint32_t (*kfn_csum_copy)(const void *src, void *dst, size_t n,
    uint32_t sum);
/*
 * csum_diff: bpf_csum_diff. from_n and to_n are multiples of 4; the sum of
 * seed, to and the ones' complement of from. What is compared is
 * kcanon(kfold(result)), identical on every kernel and architecture.
 */
typedef uint32_t (*kfn_csum_diff)(const void *from, size_t from_n,
    const void *to, size_t to_n, uint32_t seed);

union kfn {
	kfn_memcpy	memcpy;
	kfn_memset	memset;
	kfn_copy	copy;
	kfn_csum	csum;
	kfn_csum_copy	csum_copy;
	kfn_csum_diff	csum_diff;
	void		(*any)(void);
};

/*
 * Feature bits a kernel may need. The tool computes the set this machine
 * and OS provide (CPU identification plus XGETBV for AVX state) and runs a
 * kernel only when (needs & have) == needs.
 */
#define CPU_SSE2	(UINT64_C(1) << 0)
#define CPU_SSSE3	(UINT64_C(1) << 1)
#define CPU_SSE41	(UINT64_C(1) << 2)
#define CPU_AVX		(UINT64_C(1) << 3)	/* CPU and OS (XGETBV) */
#define CPU_AVX2	(UINT64_C(1) << 4)	/* CPU and OS (XGETBV) */
#define CPU_AVX512F	(UINT64_C(1) << 5)	/* CPU and OS (XGETBV) */
#define CPU_AVX512BW	(UINT64_C(1) << 6)
#define CPU_AVX512VL	(UINT64_C(1) << 7)
#define CPU_ERMS	(UINT64_C(1) << 8)	/* CPUID.7.0:EBX[9] */
#define CPU_FSRM	(UINT64_C(1) << 9)	/* CPUID.7.0:EDX[4] */
#define CPU_ADX		(UINT64_C(1) << 10)
#define CPU_BMI2	(UINT64_C(1) << 11)
#define CPU_AVX512VNNI	(UINT64_C(1) << 12)	/* CPUID.7.0:ECX[11], with AVX-512 OS state */
#define CPU_NEON	(UINT64_C(1) << 16)	/* aarch64 AdvSIMD */
#define CPU_X86_64	(UINT64_C(1) << 20)	/* built for and running on x86-64 */
#define CPU_AARCH64	(UINT64_C(1) << 21)
#define CPU_FAULTS	(UINT64_C(1) << 24)	/* fault recovery for copy kernels works */

/* Kernel flags. */
#define KF_REFERENCE	0x1	/* the family's reference: the specification */
#define KF_BASELINE	0x2	/* the family's default baseline (libc) */
#define KF_TEST		0x4	/* test-only kernel: hidden unless CSUMBENCH_TEST_KERNELS=1 */

struct kernel {
	const char	*name;		/* "family.variant" */
	enum kfamily	 family;
	const char	*isa;		/* "c", "libc", "sse2", "avx2", "avx512", "adc", ... */
	uint64_t	 needs;		/* CPU_* mask */
	union kfn	 fn;
	const char	*about;		/* one line */
	unsigned	 flags;		/* KF_* */
};

extern const struct kernel kernels[];
extern const size_t nkernels;

/*
 * Tuning facts a kernel may consult (set once by the tool before any kernel
 * runs, from the CPU identification; conservative defaults otherwise).
 */
struct ktune {
	size_t	l1d;		/* bytes */
	size_t	l2;		/* bytes */
	size_t	l3;		/* bytes, whole last-level cache */
	size_t	nt_threshold;	/* copies/sets at least this long may use non-temporal stores */
	size_t	rep_threshold;	/* copies/sets at least this long may use rep movsb/stosb */
	uint64_t have;		/* CPU_* bits available */
};
extern struct ktune ktune;

/*
 * The copy family's fault recovery (kernels/fault.c). The tool calls this
 * once, before any copy kernel runs; it returns 0 when recovery works in
 * this build and process (the tool then reports CPU_FAULTS as available),
 * -1 when it does not.
 */
int	kfault_init(void);

/* Fold a 32-bit partial sum to 16 bits with end-around carry. */
static inline uint16_t
kfold(uint32_t sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

/* Fold a 64-bit partial sum to 32 bits with end-around carry. */
static inline uint32_t
kfold64(uint64_t sum)
{
	sum = (sum & 0xffffffffu) + (sum >> 32);
	sum = (sum & 0xffffffffu) + (sum >> 32);
	return (uint32_t)sum;
}

/*
 * The canonical csum_diff value: the residue modulo 0xffff in [0, 0xfffe]
 * of a folded sum (0xffff, the ones'-complement "negative zero", is 0).
 */
static inline uint16_t
kcanon(uint16_t folded)
{
	return folded == 0xffff ? 0 : folded;
}

#endif
