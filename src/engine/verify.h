/*
 * verify.h - every kernel against its family's reference.
 */
#ifndef CSUMBENCH_VERIFY_H
#define CSUMBENCH_VERIFY_H

#include <stdint.h>
#include <stdio.h>

#include "../../kernels/kernel.h"
#include "vreport.h"

struct verify_opts {
	/*
	 * 1: every src x dst offset pair, longer lengths; 0: the default;
	 * -1: light (lengths to 256 and sampled beyond, sampled offsets),
	 * for copies of code already verified in full (run --replicas).
	 */
	int	 exhaustive;
	uint64_t seed;
	int	 max_report;	/* mismatches printed per kernel */
	int	 jobs;		/* kernels verified at once (one process each) */
	int	 quiet;		/* print failing kernels only */
	/*
	 * When not NULL, called as kernels finish and about ten times a
	 * second while they run: done of n kernels reported so far.
	 */
	void	(*progress)(size_t done, size_t n, void *arg);
	void	*progress_arg;
};

/* The reference kernel of a family (KF_REFERENCE), or NULL. */
const struct kernel *verify_reference(enum kfamily f);
/*
 * Verify one kernel in this process (may crash on a bad kernel); what it
 * finds goes to rep. Returns 0, or -1 with rep->error set when the
 * verification could not be set up (the kernel was not judged).
 */
int	verify_one(const struct kernel *k, const struct verify_opts *o,
	    struct vreport *rep);
/*
 * Verify ks[0..n-1], each in a child process so that a kernel that crashes
 * is reported as such. Prints a line per kernel and the first mismatches to
 * out. Returns the number of kernels that failed, or -1 with a one-line
 * message in err when verification could not run (memory, processes).
 */
int	verify_run(const struct kernel **ks, size_t n,
	    const struct verify_opts *o, FILE *out, char *err, size_t errlen);

#endif
