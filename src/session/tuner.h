/*
 * tuner.h - csumbench tune's measurements: for each threshold an auto
 * kernel reads, the path it chooses from the threshold up is timed
 * against the path(s) it replaces, interleaved and paired (engine.c), on
 * a geometric ladder of sizes, and the threshold placed where the two
 * cost least in total.
 */
#ifndef CSUMBENCH_TUNER_H
#define CSUMBENCH_TUNER_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "tuning.h"

struct tuner_opts {
	const struct timer_info *ti;
	double	 budget;	/* seconds of measuring, in all */
	size_t	 llc;		/* last-level cache bytes */
	uint64_t have;		/* CPU_* bits (as masked) */
	uint64_t seed;
	const size_t *builtin;	/* the built-in values, by tuning_name index */
	int	 talk;		/* one line per threshold on stderr */
	engine_progress_fn *progress;	/* the engine's, or NULL */
	void	*progress_arg;
};

struct tuner_result {
	size_t	 value[TUNING_MAX];	/* by tuning_name index */
	int	 set[TUNING_MAX];	/* measured and chosen */
	int	 tried[TUNING_MAX];	/* measured (set or not) */
	char	 note[TUNING_MAX][240];	/* the evidence, or why not set */
	double	 seconds;		/* wall time of all measurements */
};

/*
 * Measure every threshold the auto kernels read on this CPU (with have's
 * features). The auto kernels must run with every threshold of theirs at
 * max (their vector loops) while this measures them. Returns 0, or -1
 * with err set when the engine could not run.
 */
int	tuner_run(const struct tuner_opts *o, struct tuner_result *res,
	    char *err, size_t errlen);

#endif
