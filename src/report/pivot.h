/*
 * pivot.h - the wide view of a run: per family, rows = the grid positions
 * (the parts of the position that vary: size, offsets, placement, cache
 * state, mode), columns = the kernels, each cell a median cost; the
 * fastest of a row marked '*', the kernels within noise of it '=' (the
 * test of summary.h) and named at the row's end. What does not vary is
 * named once, over the table.
 */
#ifndef CSUMBENCH_PIVOT_H
#define CSUMBENCH_PIVOT_H

#include <stdio.h>

#include "rset.h"
#include "summary_opts.h"

/*
 * Write the wide view of rs (one run, costs in the view to show; points
 * of a family adjacent, as a run writes them) to fp. Returns the number
 * of lines written.
 */
size_t	pivot_write(FILE *fp, const struct rset *rs,
	    const struct summary_opts *so);
/* The same of the points p[0..n-1] (a family's adjacent). */
size_t	pivot_write_points(FILE *fp, const struct rpoint **p, size_t n,
	    const struct summary_opts *so);
/* pivot_write at alpha 0.05 of whole calls, as an rformat writer. */
void	pivot_rformat_write(FILE *fp, const struct rset *rs,
	    const size_t *idx, size_t n);

#endif
