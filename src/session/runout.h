/*
 * runout.h - a run's results for a terminal: the summary, the wide view
 * or the table, and the lines that say how they were measured; and the
 * checks of every point (floor-limited, above the physical bound).
 */
#ifndef CSUMBENCH_RUNOUT_H
#define CSUMBENCH_RUNOUT_H

#include <stddef.h>
#include <stdio.h>

struct rset;

/* What the terminal views show, besides the results. */
struct runout_view {
	int		 view;		/* 1 table, 2 summary, 3 wide */
	int		 net;		/* --cost net */
	int		 verbose;	/* -v: the table after the summary */
	double		 alpha;
	const char	*distance;	/* --distance, or NULL: the default */
	size_t		 min_samples, max_samples;
};

/* The results in view v->view, then how they were measured. */
void	runout_write(FILE *fp, const struct rset *rs,
	    const struct runout_view *v);
/*
 * Say on stderr what the checks of every point found: floor-limited
 * points (not when the summary alone is shown: it gives no throughput),
 * throughputs above the physical bound.
 */
void	runout_checks(const struct rset *rs, int summary);

#endif
