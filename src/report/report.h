/*
 * report.h - the Markdown report of a results file (report.c), written
 * by csumbench report.
 */
#ifndef CSUMBENCH_REPORT_H
#define CSUMBENCH_REPORT_H

#include <stdio.h>

#include "plot.h"

/*
 * The report of in's results (and its baseline, if any) on fp: where and
 * how they were measured, the fastest kernel by size, the shapes, the
 * code layout, the figures figs (linked by their names) and the delta
 * tables. path names the results, compare the baseline.
 */
void	report_write(FILE *fp, const struct plot_opts *po,
	    const struct plot_input *in, const struct figlist *figs,
	    const char *path, const char *compare);

#endif
