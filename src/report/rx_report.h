/*
 * rx_report.h - the results of csumbench rx read back, for plot and
 * report: one figure per traffic (rx.gp), and a Markdown report with the
 * per-packet table of each.
 */
#ifndef CSUMBENCH_RX_REPORT_H
#define CSUMBENCH_RX_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "plot.h"

/* The rows of an rx results file (struct rxrow, rfield.h). */
struct rxrow;
struct rxfile {
	struct rxrow	*row;
	size_t		 n;
};
/*
 * Read text[0..len-1], an rx CSV (path names it in messages), through the
 * rx schema (rxfields, rtable.h): every cell checked. 0 with *f (to free
 * with rx_results_free), or -1 with one line in err.
 */
int	rx_results_read(const char *text, size_t len, const char *path,
	    struct rxfile **f, char *err, size_t errlen);
void	rx_results_free(struct rxfile *f);

/* Is path a CSV of csumbench rx (its header has rx's columns)? */
int	rx_results_is(const char *path);
/*
 * The figure of every traffic of path. Returns 0, or -1 with a one-line
 * message in err (figures drawn before stay in figs).
 */
int	rx_results_plot(const struct plot_opts *o, const char *path,
	    struct figlist *figs, char *err, size_t errlen);
/*
 * The report of path into fp: where it was measured (path.meta), then per
 * traffic its table and its figure (drawn into o->dir). 0, or -1 with err.
 */
int	rx_results_report(const struct plot_opts *o, const char *path, FILE *fp,
	    struct figlist *figs, char *err, size_t errlen);

#endif
