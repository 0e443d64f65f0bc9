/*
 * ceilings.h - measured ceilings: the most bytes per timer unit a load-only,
 * a store-only and a copy loop (ceil_loops.h) reach on this machine, at a
 * working set in each cache level and in memory; and what a result is
 * measured against (its pattern and level).
 *
 * Method: a working set per level (half the L1d; twice the L1d and twice
 * the L2, the smallest the level below cannot hold, where that level's
 * peak is; twice the L3 as the engine's cold pool, at least 64 MiB: the
 * sizes from the CPU identification; a copy
 * splits it into source and destination, the destination half a page past
 * the source mod the page), written once before timing. A sample is
 * `passes` passes over it, timed with the run's timer (timer overhead
 * subtracted), passes calibrated so a sample takes about
 * CEILINGS_SAMPLE_US; the three patterns of a level are sampled in turn,
 * round after round, until the level's share of the time is spent. The
 * ceiling is the best sample's bytes per unit (a ceiling is what the
 * machine can do, so the least disturbed sample); the median is kept as
 * its spread. Each pattern is run with the widest vectors the features
 * allow and with the next narrower in the caches (on some cores, AMD
 * Zen 4 among them, the narrower loads more bytes a cycle), and in memory stores and copies
 * also with non-temporal stores; the best loop is the ceiling.
 */
#ifndef CSUMBENCH_CEILINGS_H
#define CSUMBENCH_CEILINGS_H

#include <stddef.h>
#include <stdint.h>

#include "ceil_loops.h"

struct timer_info;
struct provenance;

enum ceil_level { CEIL_L1, CEIL_L2, CEIL_L3, CEIL_MEM, CEIL_NLEVELS };

/* About this long a sample (microseconds), in every level but memory. */
#define CEILINGS_SAMPLE_US	200

struct ceilings {
	int	 known;				/* measured or read */
	double	 bpu[CEIL_NLEVELS][CEIL_NPATTERNS];	/* peak; NaN unknown */
	double	 med[CEIL_NLEVELS][CEIL_NPATTERNS];	/* median sample */
	size_t	 nsamples[CEIL_NLEVELS][CEIL_NPATTERNS];
	int	 nt[CEIL_NLEVELS][CEIL_NPATTERNS];	/* non-temporal won */
	const char *won[CEIL_NLEVELS][CEIL_NPATTERNS];	/* its loop's ISA */
	size_t	 ws[CEIL_NLEVELS];		/* working set, bytes */
	unsigned vec;				/* widest vector, bytes */
	char	 isa[16];				/* its ISA */
	char	 unit[8];			/* the timer's unit */
	double	 hz;				/* its rate */
	double	 seconds;			/* measuring took */
	size_t	 l1d, l2, l3;			/* the caches, for levels */
};

struct ceilings_opts {
	const struct timer_info *ti;
	uint64_t have;			/* CPU_* bits, the mask applied */
	size_t	 l1d, l2, l3;		/* 0: unknown */
	double	 budget;		/* seconds of measuring, about */
	void	(*progress)(void *arg, const char *what);
	void	*progress_arg;
};

const char *ceilings_level_name(int level);	/* "l1", ..., "mem" */
const char *ceilings_level_label(int level);	/* "L1", ..., "memory" */
const char *ceilings_pattern_name(int pattern);	/* "load", ... */
/* The working set of each level for caches of these sizes (0 unknown). */
void	ceilings_sizes(size_t l1d, size_t l2, size_t l3,
	    size_t ws[CEIL_NLEVELS]);
/* Measure. Returns 0, or -1 with the reason in err (out of memory). */
int	ceilings_measure(const struct ceilings_opts *o, struct ceilings *c,
	    char *err, size_t errlen);

/*
 * The pattern a family's kernels are held to: load for csum and
 * csum_diff, copy for memcpy, copy and csum_copy, store for memset;
 * -1 for none.
 */
int	ceilings_pattern_of(const char *family);
/*
 * The bytes a call of family at size touches (what decides the level it
 * fits): twice the size for a copy or csum_diff, else the size.
 */
double	ceilings_footprint(const char *family, double size);
/*
 * The level of a point in cache state cache (names.h; -1 unknown: hot):
 * memory when cold, the L3 for llc (when l3 is known), else the smallest
 * cache that holds its footprint (l1d, l2, l3 in bytes; 0 unknown:
 * skipped).
 */
int	ceilings_level_of(const char *family, double size, int cache,
	    size_t l1d, size_t l2, size_t l3);

/*
 * The ceilings as "key=value" pairs of the tuning file and the
 * provenance: ceiling_unit, ceiling_hz, ceiling_vec, ceiling_isa and
 * ceiling_LEVEL_PATTERN (bytes per unit). ceilings_set_key takes one pair
 * (1: not a ceiling key, 0: taken, -1: a bad value, with err).
 */
void	ceilings_put(const struct ceilings *c,
	    void (*put)(void *arg, const char *key, const char *value),
	    void *arg);
int	ceilings_set_key(struct ceilings *c, const char *key,
	    const char *value, char *err, size_t errlen);
/* Fill in what ceilings_set_key left unknown (NaN), once all are read. */
void	ceilings_init(struct ceilings *c);
/*
 * c in another timer's unit (unit at hz): the same when the unit and the
 * rate agree, else through bytes per second. -1 when it cannot be.
 */
int	ceilings_convert(const struct ceilings *c, const char *unit, double hz,
	    struct ceilings *out);
/* Into a provenance, as ceilings_put's pairs. */
void	ceilings_provenance(const struct ceilings *c, struct provenance *pv);
/*
 * From a provenance: the ceilings it holds, and the cache sizes it names
 * (l1d_bytes, ...) as c's. Returns 0, or -1 when it holds none.
 */
int	ceilings_from_provenance(const struct provenance *pv,
	    struct ceilings *c);
/*
 * A throughput as a percentage of its ceiling: bpu bytes per unit (timer
 * unit at hz) of a call of family at size in cache state cache, over the ceiling
 * of its pattern at its level (ceilings_level_of with c's caches); a
 * csum_diff reads two buffers, so against half the load ceiling. NaN
 * when there is no such ceiling or no throughput.
 */
double	ceilings_pct(const struct ceilings *c, const char *family,
	    double size, int cache, const char *unit, double hz, double bpu);

#endif
