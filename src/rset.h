/*
 * rset.h - the results data model: a set of measured points.
 *
 * A point (struct rpoint) holds what a results file records of one kernel
 * at one grid point; which of its members each format writes and reads is
 * the one field table of rfield.h. A set (struct rset) is the points of one
 * run (just measured, or read back by rformat_read), or of several runs of
 * the same sweep pooled, with their provenance.
 *
 * Only JSON keeps the raw samples; a point read from CSV has its summary
 * statistics only (samples == NULL), and comparisons fall back to them.
 */
#ifndef CSUMBENCH_RSET_H
#define CSUMBENCH_RSET_H

#include <stddef.h>

#include "engine.h"
#include "provenance.h"
#include "stats.h"

/* One grid point of one kernel. */
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
	 * rset_add_overhead; the mean over pooled runs): the scale of the
	 * per-process call-placement effect, for compare's --min-delta auto.
	 */
	double	 floor;
	size_t	 runs;		/* runs pooled into this point (1: one) */
	double	 run_lo, run_hi; /* lowest and highest median of one run */
	double	*samples;	/* raw per-call costs in order taken, or NULL */
};

struct rset {
	char		*path;		/* the file, or "this run" */
	struct rpoint	*p;
	size_t		 n, cap;
	struct provenance prov;		/* PATH.meta or the JSON context */
	int		 has_samples;	/* every point has its raw samples */
};

/* "PATH: MESSAGE" into err; returns -1 (for the readers). */
int	rset_error(char *err, size_t errlen, const char *path, const char *fmt,
	    ...) __attribute__((format(printf, 4, 5)));
/* An empty set named path. */
void	rset_init(struct rset *rs, const char *path);
/* A new point at the end of rs: no strings, every figure NaN. */
struct rpoint *rset_add(struct rset *rs);
void	rset_free(struct rset *rs);
/* A deep copy of src into dst. */
void	rset_copy(struct rset *dst, const struct rset *src);
/* The points of a run just measured (samples copied), without provenance. */
void	rset_from_points(struct rset *rs, const struct point *pts, size_t n,
	    const struct timer_info *ti);
/*
 * After reading one run's points: each is one run, its floor the overhead
 * the engine subtracted and its median the range of run medians.
 */
void	rset_finish(struct rset *rs);
/* A provenance value, or "" when unknown. */
const char *rset_meta(const struct rset *rs, const char *key);
/*
 * Add each point's subtracted overhead back to every cost of it (the
 * fields flagged RF_FLOOR, the run range and the samples: gross costs) and
 * set the overhead to 0. Points without an overhead are left as they are.
 */
void	rset_add_overhead(struct rset *rs);
/*
 * Pool the samples of from (another run of the same sweep) into into:
 * a point of from joins the point of into with the same grid key, or is
 * added. Both need raw samples; 0, or -1 with err.
 */
int	rset_merge(struct rset *into, const struct rset *from, char *err,
	    size_t errlen);

/* Figures derived from a point. */
/* (src - dst) mod 8: the relative misalignment of a copy. */
size_t	rset_rel_align(const struct rpoint *p);
/* Bytes per unit at the median, or NaN when the median is not positive. */
double	rset_bytes_per_unit(const struct rpoint *p);
/* GB/s (10^9 bytes per second) at the median, or NaN without a time base. */
double	rset_gbps(const struct rpoint *p);
/* Million calls per second at the median, or NaN without a time base. */
double	rset_mops(const struct rpoint *p);

#endif
