/*
 * summary.h - who wins where: the short summary of a run for a terminal.
 *
 * For every grid position (a size at one cache state, call mode, offsets
 * and placement) the fastest kernel of each family by median cost, and
 * how much slower the runner-up is. The runner-up is "within noise" by
 * the test of a delta table of one run (compare_within_noise: segments of
 * paired samples, so that the summary and run --baseline agree on the
 * same data); a point with too few segments for that test to reach alpha is
 * within noise, never a win, and a line under the summary counts them.
 * Consecutive sizes with the same fastest kernel, the same runner-up and
 * the same verdict share one line.
 */
#ifndef CSUMBENCH_SUMMARY_H
#define CSUMBENCH_SUMMARY_H

#include <stdio.h>

#include "rset.h"
#include "summary_opts.h"

/*
 * Write the summary of rs (one run, costs in the view to show) to fp.
 * Returns the number of lines written.
 */
size_t	summary_write(FILE *fp, const struct rset *rs,
	    const struct summary_opts *so);
/* summary_write at alpha 0.05 of whole calls, as an rformat writer
 * (idx is not used: the summary is of every point). */
void	summary_rformat_write(FILE *fp, const struct rset *rs,
	    const size_t *idx, size_t n);

#endif
