/*
 * summary_opts.h - how the summary of a run (summary.h) and its wide view
 * (pivot.h) are written: the one set of options both take.
 */
#ifndef CSUMBENCH_SUMMARY_OPTS_H
#define CSUMBENCH_SUMMARY_OPTS_H

struct summary_opts {
	double	 alpha;		/* significance level of the paired test */
	const char *cost;	/* "whole call" or "net": what the costs are */
};

#endif
