/*
 * delta.h - the change between two result sets, point by point.
 *
 * Interim: a minimal delta for plot and report until compare's (issue 6,
 * with its significance test on the raw samples) lands on main; then this
 * file gives way to it. Points are matched on family, kernel, size,
 * offsets, cache state and mode. delta_pct is (B - A) / A * 100 of the
 * median cost per call (below zero, B is faster); a delta counts as
 * significant when the 95% confidence intervals of the two medians do not
 * overlap, a conservative test.
 */
#ifndef CSUMBENCH_DELTA_H
#define CSUMBENCH_DELTA_H

#include <stdio.h>

#include "resultset.h"

struct delta {
	const struct rrow *a, *b;
	double	 pct;
	int	 significant;
};

/* Deltas of every point of b that a has too, in b's order. */
size_t	delta_compute(const struct resultset *a, const struct resultset *b,
	    struct delta **out, size_t *unmatched);
/* CSV: family,kernel,size,src_align,dst_align,cache,mode,unit,a_median,
 * b_median,delta_pct,significant (the input of scripts/delta.gp). */
void	delta_write_csv(FILE *fp, const struct delta *d, const size_t *idx,
	    size_t n);

#endif
