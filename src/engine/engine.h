/*
 * engine.h - the measurement engine.
 *
 * The measured quantity is the cost of one call at one grid point:
 * kernel x size x src offset x dst offset x cache state x call mode, where
 * the size may be a distribution (each call takes the next size of a
 * sequence drawn from it) or, for csum_diff, a from and a to length.
 * A sample is one timed batch of calls; its per-call cost (the whole
 * call, what the cover letters' ticks and calls per second were) is
 *   (elapsed - timer overhead) / batch,
 * where the clock starts after a few untimed warm-up calls in the same
 * loop. Beside each sample the engine keeps the floor of its repetition:
 * the cost of calling an empty function of the same family through the
 * same loop, sampled in the same repetition. A sample less its floor is
 * the net cost (what the kernel adds to a call; an empty kernel measures
 * about 0), the second, labelled view.
 *
 * Throughput mode calls the kernel on independent inputs, so consecutive
 * calls may overlap in the out-of-order core: the cost is a reciprocal
 * throughput. Latency mode chains the calls: the next call's buffer
 * addresses (and, for checksums, its sum argument) depend on the previous
 * call's result, where a kernel that writes memory has as its result the
 * first and last bytes of its destination, loaded back. No call can start
 * before the previous one's result exists, so the cost is what the kernel
 * adds to a dependency chain.
 */
#ifndef CSUMBENCH_ENGINE_H
#define CSUMBENCH_ENGINE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "../../kernels/kernel.h"
#include "names.h"
#include "point.h"
#include "rng.h"
#include "stats.h"
#include "timer.h"

/*
 * Where a run is, for a progress display: the engine calls
 * engine_opts.progress with it after every group it samples, and once
 * with ENGINE_DONE when sampling ends. Work is counted in seconds of
 * calibrated batches, so a slow point counts for more.
 */
enum engine_phase {
	ENGINE_PLANNED,		/* taking the planned --reps samples */
	ENGINE_REFINING,	/* more samples towards --target-ci */
	ENGINE_DONE,		/* sampling has ended */
};

struct engine_progress {
	enum engine_phase phase;
	double	 planned;	/* seconds of batches planned */
	double	 done;		/* seconds of batches taken so far */
	double	 spent;		/* seconds of the points' own batches, as timed */
	size_t	 npoints;	/* points in the run */
	size_t	 refining;	/* ENGINE_REFINING: points still sampled */
	double	 bound;		/* ENGINE_REFINING: seconds of the points' own
				   batches --max-time still allows (0: none) */
	double	 elapsed;	/* wall seconds since sampling began */
};

typedef void engine_progress_fn(const struct engine_progress *p, void *arg);

struct engine_opts {
	const struct timer_info *ti;
	size_t	 reps;		/* samples per point, at least */
	size_t	 max_samples;	/* samples per point, at most (0: 100000) */
	double	 min_time;	/* seconds of sampling per point, at least */
	double	 max_time;	/* seconds of sampling per point, at most (0: none) */
	double	 target_ci;	/* wanted 95% CI half-width / median (0: none) */
	size_t	 warmup;	/* warm-up batches per point */
	double	 sample_time;	/* target seconds per sample */
	uint64_t seed;		/* for the interleaving order and the data */
	size_t	 llc;		/* last-level cache bytes (cold pool sizing) */
	engine_progress_fn *progress;	/* called as the run goes; or NULL */
	void	*progress_arg;	/* its second argument */
	/*
	 * When *stop becomes non-zero (a signal), sampling ends after the
	 * repetition under way, and the run is finished on what was taken:
	 * points without samples keep nsamples 0. NULL: never.
	 */
	const volatile sig_atomic_t *stop;
};

/* What one engine_run did, for the provenance and the warnings. */
struct engine_report {
	size_t	 npoints;
	size_t	 unconverged;	/* points short of target_ci when the budget ended */
	size_t	 min_samples, max_samples;	/* over all points */
	double	 seconds;	/* wall time of the run */
	int	 cold_hugepages;	/* madvise(MADV_HUGEPAGE) accepted for the pool */
	int	 stopped;	/* *stop ended sampling early */
	size_t	 measured;	/* points with samples */
};

/*
 * Measure every point; points sharing a grid position are interleaved
 * (the caller makes them adjacent). rep may be NULL. Returns 0, or -1 with
 * a one-line message in err when the run could not be set up.
 */
int	engine_run(struct point *pts, size_t npts, const struct engine_opts *o,
	    struct engine_report *rep, char *err, size_t errlen);
/* Free the samples of every point. */
void	engine_free(struct point *pts, size_t npts);

#endif
