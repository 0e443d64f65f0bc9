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

#include "compare.h"
#include "load.h"

struct plot_opts {
	const char	*dir;		/* output directory (created if missing) */
	const char	*format;	/* "png" or "svg" */
	const char	*families;	/* -f: comma-separated globs, or NULL */
	const char	*patterns;	/* -k: comma-separated globs, or NULL */
	int		 keep_data;	/* leave each figure's CSV beside it */
	int		 quiet;		/* do not print each figure's path */
};

struct figure {
	char	*kind;		/* "throughput", "heatmap", "heatmap-rel", "delta" */
	char	*family, *kernel, *cache, *mode;
	double	 size;
	char	*name;		/* file name, relative to the directory */
	char	*path;		/* dir/name */
};

struct figlist {
	struct figure	*v;
	size_t		 n;
};

/* Find gnuplot and the scripts, or exit 2 naming what is missing. */
void	plot_setup(void);
/* Does a row pass -f and -k? */
int	plot_row_selected(const struct plot_opts *o, const struct rpoint *r);
/* Make the output directory (and parents) or exit 2. */
void	plot_mkdir(const char *dir);
/* Throughput curves and alignment heatmaps of rs. */
void	plot_results(const struct plot_opts *o, const struct rset *rs,
	    struct figlist *figs);
/*
 * One delta chart per family, cache state and mode of compare's rows, at
 * offsets 0/0 when compared there (else the group's first offsets). Its
 * data is compare's CSV of those rows (co->style aside).
 */
void	plot_deltas(const struct plot_opts *o, const struct cmp_result *res,
	    const struct cmp_opts *co, const char *title_note,
	    struct figlist *figs);
/* The offsets of the chart of res->rows[first]'s group. */
void	plot_delta_offsets(const struct cmp_result *res, size_t first,
	    size_t *s0, size_t *d0);
/* The rows of that chart, into out; marks its group's rows in done. */
size_t	plot_delta_rows(const struct cmp_result *res, size_t first,
	    char *done, struct cmp_row *out);
void	plot_figlist_free(struct figlist *figs);

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
/* Find gnuplot, then every figure of in: curves, heatmaps, deltas. */
void	plot_input_draw(const struct plot_opts *o, const struct plot_input *in,
	    struct figlist *figs);
void	plot_input_free(struct plot_input *in);

#endif
