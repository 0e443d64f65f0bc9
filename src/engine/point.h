/*
 * point.h - one grid point of one kernel as the engine measures it: the
 * position (size, offsets, placement, cache state, call mode), and the
 * samples and statistics taken there (engine.h says how).
 *
 * Its own header so that the engine's parts (arena, batch) can take
 * points without including the engine that drives them.
 */
#ifndef CSUMBENCH_POINT_H
#define CSUMBENCH_POINT_H

#include <stddef.h>

#include "../../kernels/kernel.h"
#include "pos.h"
#include "stats.h"

struct dist;

struct point {
	const struct kernel *k;
	/*
	 * Where (pos.h): size (a distribution: its mean, rounded), offsets,
	 * placement ((destination base - source base) mod the page size, the
	 * offsets applied on top: arena.c, dst_base), cache state, call mode;
	 * its shape borrowed from the plan.
	 */
	struct pos pos;
	/*
	 * How the engine realises the shape. Distribution mode: each call
	 * takes the next size of dist->seq (drawn with dist_draw before
	 * engine_run), or NULL: size is fixed.
	 */
	const struct dist *dist;
	/* csum_diff only: from's length when has_from, else size. */
	size_t	 from_size;
	int	 has_from;
	/*
	 * A point of the same group to be timed with the same batch (run
	 * --ab's A:x and B:x), so that the code is all that differs between
	 * them: after calibration both take the larger of their batches.
	 * NULL: none.
	 */
	struct point *twin;
	/* results */
	double	*samples;	/* whole-call cost per call, timer units */
	double	*floors;	/* the empty call's cost in each sample's repetition */
	size_t	 nsamples;
	size_t	 batch;		/* calls per sample */
	double	 overhead;	/* the median floor: whole minus net */
	double	 batch_units;	/* timer units of one batch, at calibration */
	double	 spent;		/* seconds spent in this point's samples */
	size_t	 cap;		/* allocated length of samples */
	int	 converged;	/* met --target-ci (1), or not (0) */
	size_t	 ci_next;	/* samples at which its interval is next due */
	struct stats st;	/* of the whole-call samples */
	struct stats net;	/* of samples[i] - floors[i] */
};

#endif
