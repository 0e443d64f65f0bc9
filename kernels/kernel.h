/*
 * kernel.h - the csumbench kernel ABI, installed as <csumbench/kernel.h>.
 *
 * What a kernel is (its family, signature and contract), the features it
 * may need, and how a set of kernels is handed to csumbench: every kernel
 * object, the built-in one included, defines one table with
 * CSUMBENCH_KERNEL_TABLE() and nothing else is asked of it. What a kernel
 * may consult (CPU features, cache sizes, measured thresholds) reaches it
 * through the table's init hook, never through symbols of the csumbench
 * binary; copy kernels recover from faults through <csumbench/fault.h>,
 * whose exception table the same macro hands over.
 *
 * Kernels include only this header, <csumbench/fault.h> and the C library.
 * See csumbench-kernel(3).
 */
#ifndef CSUMBENCH_KERNEL_H
#define CSUMBENCH_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The ABI version. csumbench loads an object only when the object's table
 * carries the version csumbench itself was built with. It changes with any
 * change to the layout of struct kernel, struct kenv or struct
 * kernel_table, to a family's signature or contract, or to the meaning of
 * a CPU_* or KF_* bit.
 */
#define CSUMBENCH_KERNEL_ABI	1

enum kfamily {
	K_MEMCPY,
	K_MEMSET,
	K_COPY,
	K_CSUM,
	K_CSUM_COPY,
	K_CSUM_DIFF,
	K_NFAMILIES
};

/*
 * The families' signatures, as function types (to declare a kernel:
 * `kfn_csum_t my_csum;` makes a definition with another signature a
 * compile error) and as pointer types.
 */
/* memcpy: as ISO C memcpy. */
typedef void	*kfn_memcpy_t(void *dst, const void *src, size_t n);
/* memset: as ISO C memset. */
typedef void	*kfn_memset_t(void *dst, int c, size_t n);
/*
 * copy: user-copy. Returns the number of bytes NOT copied (0 on success).
 * When either range runs into an inaccessible page, every byte before the
 * first inaccessible one is copied and exactly the rest is returned.
 */
typedef size_t	 kfn_copy_t(void *dst, const void *src, size_t n);
/*
 * csum: csum_partial. Ones'-complement sum of buf as native-endian 16-bit
 * words (a trailing odd byte is a word padded with zero), added to sum.
 * Only kfold() of the result is defined.
 */
typedef uint32_t kfn_csum_t(const void *buf, size_t n, uint32_t sum);
/* csum_copy: copies like memcpy and returns what csum would for src. */
typedef uint32_t kfn_csum_copy_t(const void *src, void *dst, size_t n,
    uint32_t sum);
/*
 * csum_diff: bpf_csum_diff. from_n and to_n are multiples of 4; the sum of
 * seed, to and the ones' complement of from. What is compared is
 * kcanon(kfold(result)), identical on every kernel and architecture.
 */
typedef uint32_t kfn_csum_diff_t(const void *from, size_t from_n,
    const void *to, size_t to_n, uint32_t seed);

typedef kfn_memcpy_t	*kfn_memcpy;
typedef kfn_memset_t	*kfn_memset;
typedef kfn_copy_t	*kfn_copy;
typedef kfn_csum_t	*kfn_csum;
typedef kfn_csum_copy_t	*kfn_csum_copy;
typedef kfn_csum_diff_t	*kfn_csum_diff;

/* The member named like the family is the one that is called. */
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
 * Feature bits a kernel may need. csumbench computes the set this machine
 * and OS provide (CPU identification plus XGETBV for AVX state) and runs a
 * kernel only when (needs & have) == needs. A bit not listed here makes
 * the kernel unloadable.
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
#define CPU_MISALIGNED_FAST (UINT64_C(1) << 17)	/* riscv64: riscv_hwprobe says misaligned scalar accesses are fast */
#define CPU_X86_64	(UINT64_C(1) << 20)	/* built for and running on x86-64 */
#define CPU_AARCH64	(UINT64_C(1) << 21)
#define CPU_RISCV64	(UINT64_C(1) << 22)
#define CPU_FAULTS	(UINT64_C(1) << 24)	/* fault recovery for copy kernels works */
/* Every bit above. */
#define CPU_KNOWN	(UINT64_C(0x1fff) | CPU_NEON | CPU_MISALIGNED_FAST | \
			 CPU_X86_64 | CPU_AARCH64 | CPU_RISCV64 | CPU_FAULTS)

/* Kernel flags. */
#define KF_REFERENCE	0x1	/* the family's reference: the specification */
#define KF_BASELINE	0x2	/* the family's default baseline (libc) */
#define KF_TEST		0x4	/* test-only kernel: hidden unless CSUMBENCH_TEST_KERNELS=1 */

/*
 * One kernel. In an object, name is "family.variant" (the family's name,
 * a dot, then letters, digits and underscores); csumbench lists a loaded
 * kernel as "NAME:family.variant", NAME naming the object. The reference
 * a kernel is verified against is always csumbench's own.
 */
struct kernel {
	const char	*name;		/* "family.variant" */
	enum kfamily	 family;
	const char	*isa;		/* "c", "libc", "sse2", "avx2", "avx512", "adc", ... */
	uint64_t	 needs;		/* CPU_* mask */
	union kfn	 fn;
	const char	*about;		/* one line */
	unsigned	 flags;		/* KF_* */
};

/*
 * A threshold measured on this machine (by csumbench tune), by name. An
 * object looks up the names it knows (kenv_tuned()) and ignores the rest.
 */
struct ktuned {
	const char	*name;
	size_t		 value;
};

/*
 * What csumbench tells an object before any of its kernels runs. A tuning
 * can change a kernel's speed, never its result.
 */
struct kenv {
	uint32_t	 abi;		/* CSUMBENCH_KERNEL_ABI of csumbench */
	uint64_t	 have;		/* CPU_* bits this process may use */
	size_t		 l1d;		/* cache sizes in bytes, 0 when unknown; */
	size_t		 l2;		/* l3 is the whole last-level cache */
	size_t		 l3;
	const struct ktuned *tuned;	/* measured thresholds (may be NULL) */
	size_t		 ntuned;
};

/* One exception-table entry (see <csumbench/fault.h>). */
struct kfault_entry;

/*
 * What an object exports, under the name csumbench_kernel_table. Define it
 * with CSUMBENCH_KERNEL_TABLE() rather than by hand.
 *
 * init, when not NULL, is called before any kernel of the object runs and
 * again whenever csumbench's facts change (never while a kernel runs); it
 * returns 0, or nonzero to refuse the load. extable..extable_end is the
 * object's exception table (empty when it has none): a fault at one of its
 * instructions resumes at the entry's fixup.
 */
struct kernel_table {
	uint32_t	 abi;		/* CSUMBENCH_KERNEL_ABI: the first field in every version */
	uint32_t	 kernel_size;	/* sizeof(struct kernel) */
	const struct kernel *kernels;
	size_t		 nkernels;
	int		(*init)(const struct kenv *env);
	const struct kfault_entry *extable;
	const struct kfault_entry *extable_end;
};

/* Every object defines it: csumbench finds it with dlsym(). */
#define CSUMBENCH_KERNEL_TABLE_SYMBOL	"csumbench_kernel_table"
extern const struct kernel_table csumbench_kernel_table
    __attribute__((visibility("default")));

/*
 * CSUMBENCH_KERNEL_TABLE(array, init) at file scope: export the kernels of
 * array (a `const struct kernel array[]` in scope) with the init hook
 * (a function or NULL). The linker delimits the object's exception table
 * (section csb_extable) with __start_csb_extable and __stop_csb_extable;
 * hidden, so each object sees its own, and weak, so an object without a
 * fault-tolerant access gets an empty table.
 */
#define CSUMBENCH_KERNEL_TABLE(array, initfn)				\
	extern const struct kfault_entry __start_csb_extable		\
	    __attribute__((weak, visibility("hidden")));		\
	extern const struct kfault_entry __stop_csb_extable		\
	    __attribute__((weak, visibility("hidden")));		\
	const struct kernel_table csumbench_kernel_table = {		\
		.abi = CSUMBENCH_KERNEL_ABI,				\
		.kernel_size = sizeof(struct kernel),			\
		.kernels = (array),					\
		.nkernels = sizeof(array) / sizeof((array)[0]),		\
		.init = (initfn),					\
		.extable = &__start_csb_extable,			\
		.extable_end = &__stop_csb_extable,			\
	}

/* The measured value of threshold name, or dflt when none was measured. */
static inline size_t
kenv_tuned(const struct kenv *env, const char *name, size_t dflt)
{
	size_t i;

	for (i = 0; env->tuned != NULL && i < env->ntuned; i++)
		if (strcmp(env->tuned[i].name, name) == 0)
			return env->tuned[i].value;
	return dflt;
}

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
