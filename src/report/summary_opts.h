/*
 * summary_opts.h - how the summary of a run (summary.h) and its wide view
 * (pivot.h) are written: the one set of options both take, and how both
 * write a size.
 */
#ifndef CSUMBENCH_SUMMARY_OPTS_H
#define CSUMBENCH_SUMMARY_OPTS_H

#include <stddef.h>

struct summary_opts {
	double	 alpha;		/* significance level of the paired test */
	const char *cost;	/* "whole call" or "net": what the costs are */
};

/* n bytes as a reader writes them: "1500 B", "4 KiB", "1 MiB". */
char	*summary_size(size_t n, char *buf, size_t len);

#endif
