/*
 * plot_gp.h - the gnuplot side of plot (plot.c, plot_gp.c), and the
 * options and figures it shares with plot.h: finding
 * gnuplot and the scripts, and drawing one figure from its data. Every
 * path reaches gnuplot absolute or "./"-prefixed (a name beginning with
 * '<' or '|' would be a command to it). Functions return 0, or -1 with a
 * one-line message in err.
 */
#ifndef CSUMBENCH_PLOT_GP_H
#define CSUMBENCH_PLOT_GP_H

#include <stddef.h>
#include <stdio.h>

#include "rset.h"

/* What plot draws, where and how (plot.h), and the figures drawn. */
struct plot_opts {
	const char	*dir;		/* output directory (created if missing) */
	const char	*format;	/* "png" or "svg" */
	const char	*families;	/* -f: comma-separated globs, or NULL */
	const char	*patterns;	/* -k: comma-separated globs, or NULL */
	int		 keep_data;	/* leave each figure's CSV beside it */
	int		 cost;		/* CMP_COST_*: the cost drawn */
};

struct figure {
	char	*kind;		/* "throughput", "heatmap", "heatmap-rel",
				   "distance", "delta" */
	char	*family, *kernel, *cache, *mode;
	double	 size;
	char	*name;		/* file name, relative to the directory */
	char	*path;		/* dir/name */
};

struct figlist {
	struct figure	*v;
	size_t		 n;
};

/* One figure: what it is, its data, the script that draws it. */
struct figspec {
	const char	*kind;		/* as struct figure's */
	const char	*script;	/* in the scripts directory */
	void		(*write)(FILE *, const void *);	/* its data, as CSV */
	const void	*arg;
	const char	*args[5];	/* the script's after DATA OUT; NULL-ended */
	const struct rpoint *r;		/* its family, cache state and mode */
	const char	*kernel;	/* a heatmap's kernel, or NULL */
	double		 size;		/* and size */
};

/* Find gnuplot and the scripts ($CSUMBENCH_DATADIR, else pkgdatadir). */
int	plot_gp_setup(char *err, size_t errlen);
/* Make the private temporary directory (once). */
int	plot_gp_tmp_dir(char *err, size_t errlen);
/*
 * gnuplot -c SCRIPT (in the scripts directory) DATA TMPOUT args..., the
 * figure checked whole and renamed to o->dir/name.
 */
int	plot_gp_run(const struct plot_opts *o, const char *script,
	    const char *data, const char *name, const char *const *args,
	    char *err, size_t errlen);
/*
 * The figure pipeline: fs's data written to STEM.csv (beside the figure
 * with --keep-data, else in the temporary directory), its script run on
 * it into STEM.FORMAT, the figure listed in figs.
 */
int	plot_gp_draw(const struct plot_opts *o, const struct figspec *fs,
	    const char *stem, struct figlist *figs, char *err, size_t errlen);

#endif
