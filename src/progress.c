/*
 * progress.c - the progress line of a run on a terminal.
 *
 * While the planned samples are taken, the time left is the planned work
 * not yet done at the rate seen so far (work is counted in calibrated
 * batch durations, so a slow point counts for more); while points are
 * refined towards --target-ci, it is an upper bound: what the unfinished
 * points may still spend under --max-time.
 */
#include "config.h"

#include <stdio.h>

#include "progress.h"

void
progress_line_init(struct progress_line *pl, FILE *fp)
{
	pl->fp = fp;
	pl->last = -1;
}

void
progress_line(const struct engine_progress *p, void *arg)
{
	struct progress_line *pl = arg;
	double el = p->elapsed, f, left, bound;

	if (p->phase != ENGINE_DONE && pl->last >= 0 && el - pl->last < 0.25)
		return;
	pl->last = el;
	if (p->phase == ENGINE_DONE) {
		fprintf(pl->fp, "\r%70s\r", "");
	} else if (p->phase == ENGINE_PLANNED) {
		f = p->planned > 0 ? p->done / p->planned : 1;
		if (f > 1)
			f = 1;
		left = f > 0 ? el * (1 - f) / f : 0;
		fprintf(pl->fp, "\r%3.0f%%  %.0fs elapsed, ~%.0fs left      ",
		    f * 100, el, left);
	} else {
		/*
		 * bound is in seconds of the points' own batches; the wall
		 * clock also pays warm-up, the empty kernels, and whatever
		 * else runs on the machine, at the rate seen so far.
		 */
		bound = p->bound;
		if (p->spent > 0)
			bound *= el / p->spent;
		fprintf(pl->fp, "\rrefining %zu of %zu points  %.0fs elapsed, "
		    "<= %.0fs left   ", p->refining, p->npoints, el, bound);
	}
	fflush(pl->fp);
}
