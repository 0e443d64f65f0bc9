/*
 * verify.h - every kernel against its family's reference.
 */
#ifndef CSUMBENCH_VERIFY_H
#define CSUMBENCH_VERIFY_H

#include <stdint.h>
#include <stdio.h>

#include "../kernels/kernel.h"

struct verify_opts {
	int	 exhaustive;	/* every src x dst offset pair, longer lengths */
	uint64_t seed;
	int	 max_report;	/* mismatches printed per kernel */
	int	 jobs;		/* kernels verified at once (one process each) */
};

#define VERIFY_MAX_REPORT 8

/* What one kernel's verification found (lives in shared memory). */
struct verify_report {
	unsigned long	cases;
	unsigned long	failures;
	int		nfirst;
	char		first[VERIFY_MAX_REPORT][200];
	/* the case in progress, for a report if the kernel crashes */
	size_t		cur_n, cur_n2, cur_src, cur_dst;
	int		cur_pattern;
	const char	*cur_what;
	int		done;
};

/* The reference kernel of a family (KF_REFERENCE), or NULL. */
const struct kernel *verify_reference(enum kfamily f);
/* Verify one kernel in this process (may crash on a bad kernel). */
void	verify_one(const struct kernel *k, const struct verify_opts *o,
	    struct verify_report *rep);
/*
 * Verify ks[0..n-1], each in a child process so that a kernel that crashes
 * is reported as such. Prints a line per kernel and the first mismatches to
 * out. Returns the number of kernels that failed.
 */
int	verify_run(const struct kernel **ks, size_t n,
	    const struct verify_opts *o, FILE *out);

/*
 * The copy family's fault tests (verify_copy.c): exact return value and
 * bytes when src or dst runs into, or starts in, an inaccessible page.
 * For kernels that need CPU_FAULTS; failures go to rep.
 */
void	verify_copy_faults(const struct kernel *k, struct verify_report *rep,
	    uint64_t *seed);

/* Data patterns. */
enum { PAT_RANDOM, PAT_ONES, PAT_ZEROS, PAT_N };
extern const char *const verify_pattern_names[PAT_N];

/* Record a failure message (printf-style) in rep. */
void	verify_fail(struct verify_report *rep, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
