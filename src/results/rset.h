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
 *
 * Cost basis. A point's statistics and samples are of the whole call (the
 * cost of one call as the timer saw it, the default everywhere); its net
 * statistics and per-sample floors give the net view (the empty call's
 * cost subtracted). Files written before both were kept hold net costs
 * in their main columns: rset_finish converts them (whole = net + the
 * overhead they record) and remembers what the file held (rset.basis).
 */
#ifndef CSUMBENCH_RSET_H
#define CSUMBENCH_RSET_H

#include <stddef.h>

#include "pos.h"
#include "provenance.h"
#include "stats.h"

/* One grid point of one kernel. */
struct rpoint {
	char	*family, *kernel, *isa;
	/*
	 * Where (pos.h): size, shape (a distribution's name: imix, @FILE,
	 * pcap:FILE, size its mean, rounded; "F/T" a csum_diff call from F
	 * bytes to T bytes, size T; "" one fixed size; owned), offsets,
	 * placement, cache state and call mode.
	 */
	struct pos pos;
	double	 mean_size;	/* bytes per call on average; NaN: size */
	char	*unit;
	char	*cost;		/* what st and samples hold: "whole" or "net" */
	double	 hz;		/* timer units per second; NaN if unknown */
	double	 cycle;		/* timer units per core cycle (estimated); NaN */
	size_t	 n;		/* samples behind the statistics */
	size_t	 batch;		/* calls per sample; 0 if unknown */
	struct stats st;	/* of the samples; a statistic absent is NaN */
	struct stats net;	/* the net costs' (NaN: unknown) */
	double	 overhead;	/* the median empty-call cost (whole - net); NaN */
	/*
	 * The empty call's cost as measured (the overhead as the run or
	 * the file recorded it; the mean over pooled runs): the scale of the
	 * per-process call-placement effect, for compare's --min-delta auto.
	 */
	double	 floor;
	size_t	 runs;		/* runs pooled into this point (1: one) */
	/*
	 * The median of each run pooled, in the order pooled: across
	 * processes the run, not the sample, is the unit of replication
	 * (compare tests these).
	 */
	double	*run_med;
	/*
	 * Where the kernel's entry lay when it was measured: its offset
	 * within 4 KiB (kplace.h; what code layout depends on), NaN unknown.
	 */
	double	 code_offset;
	/*
	 * Where the kernel came from, as fields (never parsed from kernel):
	 * the name --load gave its object ("" built in), which copy of it
	 * (run --replicas; 1 without), and its own name in the object's
	 * table ("csum.avx2" of "A.2:csum.avx2"). Files without them read as
	 * "", 1 and the kernel's name.
	 */
	char	*object;
	size_t	 copy;
	char	*base;
	double	*samples;	/* raw per-call costs in order taken, or NULL */
	double	*floors;	/* each sample's empty-call cost, or NULL */
};

/* A distance not recorded (files older than the placement axis). */
#define RSET_NO_DISTANCE	POS_NO_DISTANCE

struct rset {
	char		*path;		/* the file, or "this run" */
	struct rpoint	*p;
	size_t		 n, cap;
	struct provenance prov;		/* PATH.meta or the JSON context */
	int		 has_samples;	/* every point has its raw samples */
	/*
	 * The cost basis the file recorded ("whole", "net", or "mixed" when
	 * its points differ), and whether it had to be inferred (a file
	 * that does not say: net if it records overheads, as csumbench
	 * wrote them before the whole call was the default, else whole).
	 */
	char		 basis[8];
	int		 basis_inferred;
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
/*
 * After reading one run's points: each is one run, its floor the overhead
 * and its median its one run median; the cost basis found (and net
 * costs converted, see above), distances not recorded set to the
 * placement csumbench used then (arena_default_distance).
 */
void	rset_finish(struct rset *rs);
/*
 * dst: a copy of src in the net view: every point's statistics and
 * samples are its net costs (NaN where unknown), its cost "net".
 */
void	rset_net_view(struct rset *dst, const struct rset *src);
/*
 * Is p floor-limited: a whole-call cost at the empty call's, where the
 * kernel's own cost cannot be told from zero? That is when the 95% CI of
 * its net median reaches below half a core cycle (RSET_FLOOR_CYCLES; 0
 * when the core clock is unknown), or the net cost is unknown though the
 * floor is known. Costs through a call come in whole cycles, so half a
 * cycle is where "adds nothing" ends. No throughput is derived from such
 * a point.
 */
#define RSET_FLOOR_CYCLES	0.5
int	rset_floor_limited(const struct rpoint *p);
/* A provenance value, or "" when unknown. */
const char *rset_meta(const struct rset *rs, const char *key);
/*
 * Pool the samples of from (another run of the same sweep) into into:
 * a point of from joins the point of into with the same grid key, or is
 * added. Both need raw samples; 0, or -1 with err.
 */
int	rset_merge(struct rset *into, const struct rset *from, char *err,
	    size_t errlen);

/* Figures derived from a point. */
/* Bytes per call: mean_size when known, else size. */
double	rset_bytes(const struct rpoint *p);
/* The shape, "" when none was set. */
const char *rset_shape(const struct rpoint *p);
/* The size as a table shows it: the shape when there is one, else size. */
const char *rset_size_label(const struct rpoint *p, char *buf, size_t len);
/* (src - dst) mod 8: the relative misalignment of a copy. */
size_t	rset_rel_align(const struct rpoint *p);
/*
 * Bytes per unit at the median; NaN when the median is not positive or
 * the point is floor-limited.
 */
double	rset_bytes_per_unit(const struct rpoint *p);
/* GB/s (10^9 bytes per second) at the median, or NaN as above or without
 * a time base. */
double	rset_gbps(const struct rpoint *p);
/* Million calls per second at the median, or NaN as above. */
double	rset_mops(const struct rpoint *p);
/*
 * Timer units per core cycle: 1 for cycles, else from the estimated core
 * clock est_core_hz (NaN when unknown).
 */
double	rset_unit_cycle(const char *unit, double hz, double est_core_hz);
/* A copy of samples v[0..n-1], or NULL for NULL. */
double	*rset_samples_dup(const double *v, size_t n);

/* The physical bound of p's throughput (bound.h), from rs's provenance. */
/*
 * Core cycles per timer unit of p: 1 for cycles; the estimated core clock
 * (the larger of the estimates before and after the run, times
 * BOUND_CLOCK_MARGIN) over the timer's rate, or BOUND_MAX_CORE_HZ over it
 * when there is no estimate. NaN when the timer's rate is unknown.
 */
double	rset_bound_cycles_per_unit(const struct rpoint *p,
	    const struct rset *rs);
/* The bound of p's bytes per unit (NaN when it cannot be derived). */
double	rset_bound_bytes_per_unit(const struct rpoint *p,
	    const struct rset *rs);
/* Is p's bytes per unit above its bound? */
int	rset_bound_exceeded(const struct rpoint *p, const struct rset *rs);

#endif
