/*
 * load.h - reading results files back, for compare, plot and report: the
 * CSV of `run -o r.csv` (with its r.csv.meta sidecar when present) or the
 * JSON of `run -o r.json`.
 *
 * CSV columns are found by name, so files with extra or reordered columns
 * load as long as the columns needed here are present. Only JSON keeps the
 * raw samples; a point read from CSV has its summary statistics only
 * (samples == NULL), and comparisons fall back to them.
 */
#ifndef CSUMBENCH_LOAD_H
#define CSUMBENCH_LOAD_H

#include <stddef.h>

#include "engine.h"
#include "provenance.h"
#include "stats.h"

/* One grid point of one kernel, as read from a results file. */
struct rpoint {
	char	*family, *kernel, *isa;
	size_t	 size, src_align, dst_align;
	char	*cache, *mode, *unit;
	double	 hz;		/* timer units per second; NaN if unknown */
	size_t	 n;		/* samples behind the statistics */
	size_t	 batch;		/* calls per sample; 0 if unknown */
	struct stats st;	/* of the samples; a statistic absent is NaN */
	double	 overhead;	/* per-call units subtracted by the engine; NaN */
	/*
	 * The empty call's cost as measured (the overhead before any
	 * load_add_overhead; the mean over pooled runs): the scale of the
	 * per-process call-placement effect, for compare's --min-delta auto.
	 */
	double	 floor;
	size_t	 runs;		/* runs pooled into this point (1: one) */
	double	 run_lo, run_hi; /* lowest and highest median of one run */
	double	*samples;	/* raw per-call costs in order taken, or NULL */
};

struct rset {
	char		*path;
	struct rpoint	*p;
	size_t		 n;
	struct provenance prov;		/* PATH.meta or the JSON context */
	int		 has_samples;	/* every point has its raw samples */
};

/*
 * Read path (JSON when its first non-blank byte is '{', else CSV).
 * Returns 0, or -1 with a one-line message (naming the file) in err.
 */
int	load_results(const char *path, struct rset *rs, char *err, size_t errlen);
/* The points of a run just measured (samples copied). */
void	load_from_points(struct rset *rs, const struct point *pts, size_t n,
	    const struct timer_info *ti);
void	load_free(struct rset *rs);
/* A provenance value, or "" when unknown. */
const char *load_meta(const struct rset *rs, const char *key);
/* (src - dst) mod 8: the relative misalignment of a copy. */
size_t	load_rel_align(const struct rpoint *p);
/* GB/s (10^9 bytes per second) at the median, or NaN without a time base. */
double	load_gbps(const struct rpoint *p);
/* A deep copy of src into dst. */
void	load_copy(struct rset *dst, const struct rset *src);
/*
 * Add each point's subtracted overhead back to its samples and statistics
 * (gross costs) and set the overhead to 0. Points without an overhead are
 * left as they are.
 */
void	load_add_overhead(struct rset *rs);
/*
 * Pool the samples of from (another run of the same sweep) into into:
 * a point of from joins the point of into with the same kernel and grid
 * position, or is added. Both need raw samples; 0, or -1 with err.
 */
int	load_merge(struct rset *into, const struct rset *from, char *err,
	    size_t errlen);

#endif
