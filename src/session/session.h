/*
 * session.h - one measurement session: what run, rx and tune share to
 * measure a list of points.
 *
 * In order:
 *   session_open     where the results go, opened before anything is
 *                    measured (an unwritable file fails in a moment, not
 *                    after the whole measurement): the data and, beside
 *                    a regular file, its .meta
 *   session_measure  pin, the timer, the machine's warnings, a plan for
 *                    long sweeps, progress, signals (a first one ends the
 *                    sampling and what was measured is kept), the engine,
 *                    and whether the core clock moved meanwhile
 *   session_provenance  what every session records beside its results
 *   session_commit   the data and its .meta, together
 * Nothing here prints to stdout or exits on an error of its own: errors
 * come back as one line in err (the context's ctx_* calls keep their
 * own exits, as documented in cmd.h).
 */
#ifndef CSUMBENCH_SESSION_H
#define CSUMBENCH_SESSION_H

#include <stddef.h>
#include <stdio.h>

#include "engine.h"
#include "outfile.h"
#include "progress.h"

struct options;
struct provenance;

/* The seed a session uses when --seed is not given. */
#define SESSION_SEED	0x5eed

struct session {
	/* Set by the caller (session_options fills most of them). */
	const char	*cpu_arg;	/* --cpu, or NULL: def_cpu */
	int		 def_cpu;	/* cpu_first_allowed(), read first */
	const char	*timer;		/* --timer */
	const char	*tune_file;	/* --tune-file, or NULL */
	unsigned long long reps;	/* samples per point, at least */
	struct engine_opts eo;		/* target_ci ... seed */
	size_t		 nkernels;	/* for the plan: points per position */
	/* Where the results go (session_open). */
	struct outfile	 of, meta;
	int		 has_of, has_meta;
	/* What the session saw (session_measure). */
	struct engine_report er;
	double		 core_hz_start, core_hz_end;
	struct progress_line pl;
};

/*
 * Zero s and read the session's options of o, found by their long names
 * (the shared rows: reps, seed, timer, cpu, sample-time, warmup,
 * target-ci, min-time, max-time, tune-file, warn, quiet; a command takes
 * those it has): values checked against the rows' types and ranges, -W
 * and CSUMBENCH_WARN applied, -q. 0, or -1 with one line in err.
 */
int	session_options(struct session *s, const struct options *o,
	    char *err, size_t errlen);
/* The seed the session's draws use: --seed, or SESSION_SEED. */
unsigned long long session_seed(const struct session *s);

/*
 * Open path ("-": stdout) for the results, and beside a regular file
 * its .meta when sidecar. 0, or -1 with one line in err.
 */
int	session_open(struct session *s, const char *path, int sidecar,
	    char *err, size_t errlen);
/* Pin (--cpu), then set up the timer (--timer): session_measure's
 * first step, for a command that measures with its own loop. */
void	session_setup(struct session *s);
/* Measure pts[0..n-1] (grouped by position). 0, or -1 with err. */
int	session_measure(struct session *s, struct point *pts, size_t n,
	    char *err, size_t errlen);
/* Keep only the points with samples, after a signal; their number. */
size_t	session_measured(struct point *pts, size_t n);
/*
 * The provenance every session records: the machine and build, the
 * tuning, then the sampling (reps, sample time, warm-up, seed, targets,
 * the samples taken, the clock at the end), and whether a signal cut
 * the sampling short.
 */
void	session_provenance(const struct session *s, struct provenance *pv);
void	session_provenance_sampling(const struct session *s,
	    struct provenance *pv);
/*
 * Write pv into the .meta (if any) and commit the results with it.
 * 0, or -1 with err.
 */
int	session_commit(struct session *s, const struct provenance *pv,
	    char *err, size_t errlen);
/* Give up the outputs (nothing is written). */
void	session_abort(struct session *s);

#endif
