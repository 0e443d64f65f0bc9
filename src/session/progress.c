/*
 * progress.c - the progress of a run (progress.h).
 *
 * While the planned samples are taken, the time left is the planned work
 * not yet done at the rate seen so far (work is counted in calibrated
 * batch durations, so a slow point counts for more), and, when points may
 * be refined towards --target-ci, an upper bound that adds what --max-time
 * allows them; while points are refined, that upper bound alone.
 */
#include "config.h"

#include <stdio.h>

#include "progress.h"

void
progress_line_init(struct progress_line *pl, FILE *fp, int tty,
    const struct engine_opts *eo)
{
	pl->fp = fp;
	pl->last = -1;
	pl->tty = tty;
	pl->logged = 0;
	pl->refine_max = eo != NULL && eo->target_ci > 0 &&
	    eo->max_time > 0 ? eo->max_time : 0;
	pl->every = PROGRESS_LOG_EVERY;
}

void
progress_count_init(struct progress_line *pl, FILE *fp, int tty, int quiet)
{
	progress_line_init(pl, fp, tty && !quiet, NULL);
	if (quiet)
		pl->every = PROGRESS_QUIET_EVERY;
}

void
progress_count(struct progress_line *pl, const char *what, size_t done,
    size_t total, double elapsed)
{
	double left = done > 0 && done < total ?
	    elapsed * (double)(total - done) / (double)done : 0;

	if (done >= total) {
		if (pl->tty && pl->last >= 0)
			fprintf(pl->fp, "\r%79s\r", "");
		else if (!pl->tty && pl->logged)
			fprintf(pl->fp, "csumbench: %s: ended after %.0fs\n",
			    what, elapsed);
		fflush(pl->fp);
		/* Said once: a second end (a caller's last word) is quiet. */
		pl->last = -1;
		pl->logged = 0;
		return;
	}
	if (pl->tty) {
		if (pl->last >= 0 && elapsed - pl->last < 0.25)
			return;
		pl->last = elapsed;
		fprintf(pl->fp, "\r%s: %zu of %zu  %.0fs elapsed", what, done,
		    total, elapsed);
	} else {
		if (elapsed < (pl->logged + 1) * pl->every)
			return;
		pl->logged++;
		fprintf(pl->fp, "csumbench: %s: %zu of %zu, %.0fs elapsed",
		    what, done, total, elapsed);
	}
	if (done > 0)
		fprintf(pl->fp, ", ~%.0fs left", left);
	fputs(pl->tty ? "    " : "\n", pl->fp);
	fflush(pl->fp);
}

/* The wall seconds left: *left of the plan, *upto with refinement. */
static void
progress_left(const struct progress_line *pl, const struct engine_progress *p,
    double *left, double *upto)
{
	double el = p->elapsed, f, wall = p->spent > 0 ? el / p->spent : 1;

	if (p->phase == ENGINE_REFINING) {
		*left = 0;
		*upto = p->bound * wall;
		return;
	}
	f = p->planned > 0 ? p->done / p->planned : 1;
	f = f > 1 ? 1 : f;
	*left = f > 0 ? el * (1 - f) / f : 0;
	/*
	 * Refinement may give every point up to --max-time of sampling in
	 * all, of which the planned samples are a part.
	 */
	*upto = *left;
	if (pl->refine_max > 0 && p->npoints * pl->refine_max > p->planned)
		*upto += (p->npoints * pl->refine_max - p->planned) * wall;
}

/* Off a terminal: a line every PROGRESS_LOG_EVERY seconds. */
static void
progress_log(struct progress_line *pl, const struct engine_progress *p)
{
	double left, upto;

	if (p->phase == ENGINE_DONE) {
		if (pl->logged)
			fprintf(pl->fp, "csumbench: sampling done after %.0fs\n",
			    p->elapsed);
		return;
	}
	if (p->elapsed < (pl->logged + 1) * pl->every)
		return;
	pl->logged++;
	progress_left(pl, p, &left, &upto);
	if (p->phase == ENGINE_PLANNED)
		fprintf(pl->fp, "csumbench: %.0f%% of the planned samples, %.0fs "
		    "elapsed, ~%.0fs left", p->planned > 0 ? 100 * p->done /
		    p->planned : 100, p->elapsed, left);
	else
		fprintf(pl->fp, "csumbench: refining %zu of %zu points, %.0fs "
		    "elapsed", p->refining, p->npoints, p->elapsed);
	if (p->phase == ENGINE_REFINING && p->bound > 0)
		fprintf(pl->fp, ", <= %.0fs left", upto);
	if (p->phase == ENGINE_PLANNED && upto > left + 0.5)
		fprintf(pl->fp, ", up to %.0fs with refinement", upto);
	fputc('\n', pl->fp);
	fflush(pl->fp);
}

void
progress_line(const struct engine_progress *p, void *arg)
{
	struct progress_line *pl = arg;
	double el = p->elapsed, f, left, upto;

	if (!pl->tty) {
		progress_log(pl, p);
		return;
	}
	if (p->phase != ENGINE_DONE && pl->last >= 0 && el - pl->last < 0.25)
		return;
	pl->last = el;
	if (p->phase == ENGINE_DONE) {
		fprintf(pl->fp, "\r%79s\r", "");
		fflush(pl->fp);
		return;
	}
	progress_left(pl, p, &left, &upto);
	if (p->phase == ENGINE_PLANNED) {
		f = p->planned > 0 ? p->done / p->planned : 1;
		fprintf(pl->fp, "\r%3.0f%%  %.0fs elapsed, ~%.0fs left",
		    (f > 1 ? 1 : f) * 100, el, left);
	} else
		fprintf(pl->fp, "\rrefining %zu of %zu points  %.0fs elapsed",
		    p->refining, p->npoints, el);
	if (p->phase == ENGINE_REFINING && p->bound > 0)
		fprintf(pl->fp, ", <= %.0fs left", upto);
	if (p->phase == ENGINE_PLANNED && upto > left + 0.5)
		fprintf(pl->fp, ", up to %.0fs with refinement", upto);
	fputs("    ", pl->fp);
	fflush(pl->fp);
}

void
progress_estimate(size_t npts, size_t npos, const struct engine_opts *eo,
    double *lo, double *hi)
{
	/*
	 * Each grid position pays warm-up, calibration and the empty
	 * call's samples (about 3 ms on an idle core, measured); each point
	 * its samples, and the empty call's beside them, refined ones too.
	 */
	double per = eo->reps * eo->sample_time * 2;
	double more = eo->min_time;

	*lo = npos * 3e-3 + npts * per;
	if (eo->target_ci > 0 && eo->max_time > more)
		more = eo->max_time;
	*hi = *lo + (more > per ? npts * (more - per) * 1.5 : 0);
}
