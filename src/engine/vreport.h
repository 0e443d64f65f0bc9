/*
 * vreport.h - what verifying one kernel found: cases, failures, the case
 * in progress (for a report if the kernel crashes), and how it is printed.
 *
 * Shared by the checks of every family (verify.c) and the copy family's
 * fault tests (verify_copy.c); a report lives in memory shared with the
 * process that verifies the kernel.
 */
#ifndef CSUMBENCH_VREPORT_H
#define CSUMBENCH_VREPORT_H

#include <stddef.h>
#include <stdio.h>

#include "../../kernels/kernel.h"

#define VREPORT_MAX	8	/* failure messages kept per kernel */

/* Data patterns. */
enum { PAT_RANDOM, PAT_ONES, PAT_ZEROS, PAT_N };
extern const char *const vreport_pattern_names[PAT_N];

struct vreport {
	unsigned long	cases;
	unsigned long	failures;
	int		nfirst;
	char		first[VREPORT_MAX][200];
	/* the case in progress, for a report if the kernel crashes */
	size_t		cur_n, cur_n2, cur_src, cur_dst;
	int		cur_pattern;
	const char	*cur_what;
	int		done;
	/* where the failures were: lengths and offsets odd, lengths' range */
	unsigned long	fail_odd_n, fail_odd_src, fail_odd_dst;
	size_t		fail_min_n, fail_max_n;
	/* killed as hung: the bound in seconds it did not return within */
	double		hung;
	/* why the verification could not run (not the kernel's fault), or "" */
	char		error[200];
};

/* A new case: counted, and remembered until the next one. */
void	vreport_case(struct vreport *rep, const char *what, size_t n,
	    size_t src, size_t dst);
/* Record a failure message (printf-style). */
void	vreport_fail(struct vreport *rep, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Did the kernel pass: its verification ended with no failure? */
int	vreport_passed(const struct vreport *r, int status);
/*
 * A kernel's line (ok, or FAILED with why) and its first max_report
 * failure messages; status is the verifying process's wait status, width
 * the column the kernels' names are padded to.
 */
void	vreport_print(FILE *out, const struct kernel *k,
	    const struct vreport *r, int status, int max_report, int width);

#endif
