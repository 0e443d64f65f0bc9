/*
 * plot.h - figures from results with gnuplot, for plot and report.
 *
 * The gnuplot scripts (the .gp files in scripts/) read CSV by column name. For each
 * figure we write the rows it shows (one family, cache state and mode; one
 * alignment for a throughput curve; one kernel and size for a heatmap) to
 * a CSV of the same columns, run `gnuplot -c SCRIPT DATA OUT ARGS`, and
 * rename the figure into place when gnuplot succeeds.
 */
#ifndef CSUMBENCH_PLOT_H
#define CSUMBENCH_PLOT_H

#include <stdio.h>

#include "cmp.h"
#include "plot_gp.h"
#include "rset.h"

/*
 * The functions below return 0, or -1 with a one-line message in err
 * (figures drawn before an error stay listed in figs).
 */
/* Does a row pass -f and -k? */
int	plot_row_selected(const struct plot_opts *o, const struct rpoint *r);
/* Make the output directory (and parents). */
int	plot_mkdir(const char *dir, char *err, size_t errlen);
/*
 * The placement a group of rows rs->p[g[0..n-1]] is drawn at where one is
 * needed (curves, alignment maps): the default distance when measured,
 * else the first row's.
 */
size_t	plot_ref_distance(const struct rset *rs, const size_t *g, size_t n);
/* Throughput curves, alignment heatmaps and placement heatmaps of rs. */
int	plot_results(const struct plot_opts *o, const struct rset *rs,
	    struct figlist *figs, char *err, size_t errlen);
/*
 * One delta chart per family, cache state and mode of compare's rows, at
 * offsets 0/0 when compared there (else the group's first offsets). Its
 * data is compare's CSV of those rows (co->style aside).
 */
int	plot_deltas(const struct plot_opts *o, const struct cmp_result *res,
	    const struct cmp_opts *co, const char *title_note,
	    struct figlist *figs, char *err, size_t errlen);
/* The rows of each delta chart: chart c is rows[start[c]..start[c+1]-1]. */
struct plot_charts {
	struct cmp_row	*rows;
	size_t		*start;
	size_t		 n;
};
void	plot_delta_charts(const struct cmp_result *res, struct plot_charts *ch);
void	plot_charts_free(struct plot_charts *ch);
void	plot_figlist_free(struct figlist *figs);
/*
 * The figure of one traffic of a csumbench rx CSV (rx.gp): the share of a
 * core each path takes against the line rate, as o->dir/rx-TRAFFIC.FORMAT
 * (kind "rx", its traffic in kernel).
 */
int	plot_rx(const struct plot_opts *o, const char *csv, const char *traffic,
	    struct figlist *figs, char *err, size_t errlen);

/*
 * Plot's and report's settings from their options: the output directory,
 * the format (png or svg), -f, -k and --keep-data. 0, or -1 with err.
 */
int	plot_opts_from(struct plot_opts *o, const char *dir, const char *format,
	    const char *families, const char *patterns, int keep_data,
	    char *err, size_t errlen);

/* What plot and report draw: results and, against a baseline, deltas. */
struct plot_input {
	struct rset	 rs;		/* the results */
	struct rset	 base;		/* the baseline, if has_base */
	struct cmp_opts	 co;		/* how the deltas were found */
	struct cmp_result res;		/* the deltas of rs against base */
	char		*note;		/* "new.csv against old.csv" */
	int		 loaded, has_base;
};

/*
 * Load path and check that -f and -k select some of it; with compare, load
 * that baseline too and match it as 'csumbench compare COMPARE PATH -f ...
 * -k ...' does (compare's defaults). 0, or -1 with err, before anything is
 * drawn.
 */
int	plot_input_load(struct plot_input *in, const struct plot_opts *o,
	    const char *path, const char *compare, char *err, size_t errlen);
/*
 * Find gnuplot, then every figure of in: curves, heatmaps, deltas. 0, or
 * -1 with err (the figures drawn before the error stay in figs).
 */
int	plot_input_draw(const struct plot_opts *o, const struct plot_input *in,
	    struct figlist *figs, char *err, size_t errlen);
void	plot_input_free(struct plot_input *in);

#endif
