/*
 * run.h - one run of a sweep: what it is asked (struct run, filled by
 * cmd_run.c from the options), its plan (runplan.h), where its results
 * go, its session (session.h) and what it writes. Errors come back as
 * one line in err, for cmd_run.c to print.
 */
#ifndef CSUMBENCH_RUN_H
#define CSUMBENCH_RUN_H

#include <stddef.h>
#include <stdio.h>

#include "compare.h"
#include "gatefile.h"
#include "preset.h"
#include "rformat.h"
#include "runplan.h"
#include "session.h"

/* What one run is asked to do, what it built and what it saw. */
struct run {
	struct session	 s;		/* how it measures, and what it saw */
	struct run_plan	 p;		/* what it measures */
	const char	*output, *junit, *gate_md, *format;
	const struct run_preset *preset;
	int		 quick, reps_given, verbose;
	int		 style_given;	/* --style */
	unsigned long long given;	/* bit R_*: the option was given */
	struct cmp_opts	 co;
	/* Where the results go (run_outputs): a summary and, with -v, the
	 * table on a terminal (2; 3 the wide view instead of the summary),
	 * a table on stdout (1), a file or stdout as CSV or JSON (0),
	 * nowhere but --baseline's table (-1). aside: a file, and the
	 * summary on the terminal. */
	int		 table, aside;
	const struct rformat *fmt;
	struct gatefile	 gf;		/* --junit, --gate-md */
};

/*
 * The kernels (the objects loaded and verified by the caller), the points
 * and the samples the comparison within the run needs. 0, or -1 with err.
 */
int	run_points(struct run *r, char *err, size_t errlen);
/* Where the results go (r->table, r->aside, r->fmt), and the samples
 * the summary's test needs. */
void	run_outputs(struct run *r);
/* Open them, before measuring: 0, or -1 with err. */
int	run_open(struct run *r, char *err, size_t errlen);
/*
 * After session_measure (and, after a signal, session_measured): the
 * results (to the file opened, or the terminal's views to out), then
 * --baseline's or --ab's deltas to out; *status the exit status of the
 * comparison. 0, or -1 with err.
 */
int	run_emit(struct run *r, FILE *out, int *status, char *err,
	    size_t errlen);

#endif
