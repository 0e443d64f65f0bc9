/*
 * progress.h - the progress of a run: a line redrawn on a terminal, or
 * a line every PROGRESS_LOG_EVERY seconds elsewhere (a CI log must not
 * look hung), and the a-priori estimate of how long a sweep will take.
 *
 * An engine progress callback (engine_progress_fn): pass progress_line as
 * engine_opts.progress and a struct progress_line as its argument.
 */
#ifndef CSUMBENCH_PROGRESS_H
#define CSUMBENCH_PROGRESS_H

#include <stdio.h>

#include "engine.h"

#define PROGRESS_LOG_EVERY	10.0	/* seconds between lines off a terminal */
/*
 * Seconds between the lines of a count (progress_count) under -q: quiet,
 * yet a step of many minutes must not look hung in a log.
 */
#define PROGRESS_QUIET_EVERY	60.0

struct progress_line {
	FILE	*fp;
	double	 last;		/* elapsed seconds at the last line drawn */
	int	 tty;		/* redraw one line (1) or log lines (0) */
	int	 logged;	/* log lines written */
	/* Per point: the sampling --max-time still allows refinement
	 * (0: none, no refinement or no limit). */
	double	 refine_max;
	double	 every;		/* seconds between logged lines */
};

/* tty: redraw one line; else a line every PROGRESS_LOG_EVERY seconds.
 * eo: the run's options (NULL: no refinement bound to show). */
void	progress_line_init(struct progress_line *pl, FILE *fp, int tty,
	    const struct engine_opts *eo);
/* Redraw or log the line; clear it (or log the end) when the run ends. */
void	progress_line(const struct engine_progress *p, void *arg);

/*
 * A count of things done (verifying kernels): tty, a line redrawn; else
 * a line every PROGRESS_LOG_EVERY seconds once the work lasts that long;
 * quiet (-q), a line every PROGRESS_QUIET_EVERY seconds, whatever
 * stderr is.
 */
void	progress_count_init(struct progress_line *pl, FILE *fp, int tty,
	    int quiet);
/*
 * "csumbench: WHAT: DONE of TOTAL, Ns elapsed, ~Ns left" when due (the
 * caller measures elapsed); done == total ends it (the line cleared, or
 * a last line when any was logged).
 */
void	progress_count(struct progress_line *pl, const char *what,
	    size_t done, size_t total, double elapsed);

/*
 * How long a sweep of npts points at npos grid positions should take
 * under eo, in seconds on an idle core: *lo without refinement, *hi with
 * every point refined up to --max-time (or sampled for --min-time).
 */
void	progress_estimate(size_t npts, size_t npos,
	    const struct engine_opts *eo, double *lo, double *hi);

#endif
