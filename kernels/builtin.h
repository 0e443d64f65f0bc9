/*
 * builtin.h - what the kernels of this tree share beyond the public ABI:
 * a declaration of every one of them, and the tuning they read.
 *
 * Every kernel file includes this header, so a kernel whose definition
 * drifts from its family's signature is a compile error, not a silent
 * mismatch at the call through union kfn.
 */
#ifndef CSUMBENCH_BUILTIN_H
#define CSUMBENCH_BUILTIN_H

#include "kernel.h"

/*
 * Everything declared here is internal to the object it is linked into:
 * hidden, so the compiler calls and reads it directly, as in an executable,
 * rather than through the GOT (-fvisibility=hidden covers definitions
 * only, not declarations).
 */
#pragma GCC visibility push(hidden)

#define KERNEL(fam, var, isa, needs, flags, about)	\
	kfn_##fam##_t fam##_##var;
#define KERNEL_LIBC(fam, var, fn, flags, about)
#include "kernels.def"
#undef KERNEL
#undef KERNEL_LIBC

/*
 * The tuning of the built-in kernels: csumbench's facts as the init hook
 * received them, and the thresholds ktune_compute() derived from them.
 * One per object: a build loaded beside another keeps its own.
 */
struct ktune {
	uint64_t have;		/* CPU_* bits available */
	size_t	l1d;		/* bytes */
	size_t	l2;		/* bytes */
	size_t	l3;		/* bytes, whole last-level cache */
	size_t	memcpy_rep;	/* memcpy.auto: rep movsb from this size */
	size_t	memcpy_nt;	/* memcpy.auto: non-temporal stores from this size */
	size_t	memset_rep;	/* memset.auto: rep stosb from this size */
	size_t	memset_nt;	/* memset.auto: non-temporal stores from this size */
	size_t	csum_avx512;	/* csum.auto: the AVX-512 loop from this size */
	size_t	csum_vnni;	/* csum.auto: the VNNI loop from this size */
	size_t	csum_avx2;	/* csum.auto without AVX-512: the avx2adc loop */
	size_t	csum_long;	/* csum.auto: below this, the straight-line code */
	size_t	csum_span;	/* csum_long - 8, or 0 below 8: its one compare */
	size_t	csum_vec;	/* csum.auto: the lowest size of a vector loop on this CPU */
	size_t	csum_vnni_at;	/* csum_vnni with AVX512-VNNI, else SIZE_MAX */
};
extern struct ktune ktune;

/* Fill t from env (kernels/tune.c): the one place thresholds are chosen. */
void	ktune_compute(struct ktune *t, const struct kenv *env);

/*
 * The thresholds a tuning may set (kenv_tuned's names), where each lives
 * in struct ktune and what it chooses; the name is NULL after the last.
 */
struct ktune_name {
	const char	*name;
	size_t		 off;		/* offsetof(struct ktune, ...) */
	const char	*about;
};
extern const struct ktune_name ktune_names[];

#pragma GCC visibility pop

#endif
