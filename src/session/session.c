/*
 * session.c - one measurement session (session.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "context.h"
#include "interrupt.h"
#include "optval.h"
#include "provenance.h"
#include "session.h"
#include "util.h"
#include "warn.h"

/* The row of o called name, or -1 if the command has none. */
static int
session_row(const struct options *o, const char *name)
{
	size_t i;

	for (i = 0; i < o->t->nrows; i++)
		if (strcmp(o->rows[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* The session's rows of o: their index, or -1 where o has no such row. */
struct session_rows {
	int	reps, seed, timer, cpu, sample_time, warmup, target_ci,
		min_time, max_time, tune_file, warn, quiet;
};

#define HAS(ix)		((ix) >= 0)
#define ROW(ix)		((size_t)(ix))

/* -W, CSUMBENCH_WARN and -q. */
static int
session_warnings(const struct options *o, const struct session_rows *ix,
    char *err, size_t errlen)
{
	if (HAS(ix->quiet) && options_given(o, ROW(ix->quiet)))
		verbose_level = 0;
	if (warn_env(err, errlen) != 0)
		return -1;
	if (HAS(ix->warn) && options_given(o, ROW(ix->warn)) &&
	    warn_parse("-W", options_value(o, ROW(ix->warn)), err,
	    errlen) != 0)
		return -1;
	return 0;
}

/* The sampling: how many, how long, how precisely; where and with what. */
static int
session_sampling(struct session *s, const struct options *o,
    const struct session_rows *ix, char *err, size_t errlen)
{
	unsigned long long warmup = 3, seed = 0;
	double us = 20, ci = 0;

	if ((HAS(ix->reps) &&
	    optval_row_uint(o, ROW(ix->reps), &s->reps, err, errlen) != 0) ||
	    (HAS(ix->timer) && optval_timer(OPTVAL_OF(o, ROW(ix->timer)), err,
	    errlen) != 0) ||
	    (HAS(ix->cpu) && options_given(o, ROW(ix->cpu)) &&
	    optval_cpu(OPTVAL_OF(o, ROW(ix->cpu)), err, errlen) != 0) ||
	    (HAS(ix->min_time) && optval_row_num(o, ROW(ix->min_time),
	    &s->eo.min_time, err, errlen) != 0) ||
	    (HAS(ix->max_time) && optval_row_num(o, ROW(ix->max_time),
	    &s->eo.max_time, err, errlen) != 0) ||
	    (HAS(ix->target_ci) && optval_row_num(o, ROW(ix->target_ci), &ci,
	    err, errlen) != 0) ||
	    (HAS(ix->sample_time) && optval_row_num(o, ROW(ix->sample_time),
	    &us, err, errlen) != 0) ||
	    (HAS(ix->warmup) && optval_row_uint(o, ROW(ix->warmup), &warmup,
	    err, errlen) != 0) ||
	    (HAS(ix->seed) && optval_row_uint(o, ROW(ix->seed), &seed, err,
	    errlen) != 0))
		return -1;
	/* --min-time alone raises the default --max-time to it. */
	if (HAS(ix->max_time) && !options_given(o, ROW(ix->max_time)) &&
	    s->eo.max_time > 0 && s->eo.min_time > s->eo.max_time)
		s->eo.max_time = s->eo.min_time;
	if (s->eo.max_time > 0 && s->eo.min_time > s->eo.max_time)
		return err_line(err, errlen, "--min-time %gs is longer than "
		    "--max-time %gs", s->eo.min_time, s->eo.max_time);
	s->eo.target_ci = ci / 100;
	s->eo.sample_time = us * 1e-6;
	s->eo.warmup = (size_t)warmup;
	s->eo.seed = seed;
	return 0;
}

int
session_options(struct session *s, const struct options *o, char *err,
    size_t errlen)
{
	struct session_rows ix = {
		session_row(o, "reps"), session_row(o, "seed"),
		session_row(o, "timer"), session_row(o, "cpu"),
		session_row(o, "sample-time"), session_row(o, "warmup"),
		session_row(o, "target-ci"), session_row(o, "min-time"),
		session_row(o, "max-time"), session_row(o, "tune-file"),
		session_row(o, "warn"), session_row(o, "quiet"),
	};

	memset(s, 0, sizeof(*s));
	s->reps = 31;
	if (session_warnings(o, &ix, err, errlen) != 0 ||
	    session_sampling(s, o, &ix, err, errlen) != 0)
		return -1;
	s->timer = HAS(ix.timer) ? options_value(o, ROW(ix.timer)) : NULL;
	s->cpu_arg = HAS(ix.cpu) ? options_value(o, ROW(ix.cpu)) : NULL;
	s->tune_file = HAS(ix.tune_file) ? options_value(o,
	    ROW(ix.tune_file)) : NULL;
	return 0;
}

unsigned long long
session_seed(const struct session *s)
{
	return s->eo.seed ? (unsigned long long)s->eo.seed : SESSION_SEED;
}

int
session_open(struct session *s, const char *path, int sidecar, char *err,
    size_t errlen)
{
	char *mpath;
	int rc;

	if (outfile_open(&s->of, path, err, errlen) != 0)
		return -1;
	s->has_of = 1;
	/* The provenance goes beside a results file, not into it. */
	if (!sidecar || !s->of.regular)
		return 0;
	mpath = provenance_path(path);
	rc = outfile_open(&s->meta, mpath, err, errlen);
	free(mpath);
	if (rc != 0) {
		session_abort(s);
		return -1;
	}
	s->has_meta = 1;
	return 0;
}

/* Before a sweep the plan says will take over a minute: how long. */
static void
session_plan_note(const struct session *s, size_t n)
{
	double lo, hi;
	size_t nk = s->nkernels > 0 ? s->nkernels : 1;
	size_t npos = (n + nk - 1) / nk;

	progress_estimate(n, npos, &s->eo, &lo, &hi);
	if (hi <= 60)
		return;
	talk("csumbench: %zu points: about %.0f s%s on an idle core", n,
	    lo, lo < 1 ? " (under a second)" : "");
	if (hi > lo * 1.2)
		talk(", up to %.0f s while refining towards --target-ci %g%% "
		    "(--max-time %gms a point)", hi, s->eo.target_ci * 100,
		    s->eo.max_time * 1e3);
	talk("; -q for silence; fewer sizes or a shorter --max-time for less\n");
}

/* Warn about what the session itself showed. */
static void
session_warn_after(const struct session *s, const struct point *pts,
    size_t n)
{
	double h0 = s->core_hz_start, h1 = s->core_hz_end;

	if (s->er.unconverged > 0)
		warn_unconverged(pts, n, s->eo.target_ci, s->eo.max_time);
	if (h0 > 0 && h1 > 0 && fabs(h1 - h0) / h0 > 0.03)
		warn_once(WARN_CLOCK, "core clock %.2f->%.2f GHz: %s",
		    h0 / 1e9, h1 / 1e9, ctx.cpu.hypervisor[0] ?
		    "steal or scaling" : "frequency scaling");
}

void
session_setup(struct session *s)
{
	/* Pin before the timer is calibrated, so both see the same CPU. */
	ctx_pin(s->cpu_arg, s->def_cpu);
	ctx_timer(s->timer);
	s->core_hz_start = ctx.timer.est_core_hz;
}

int
session_measure(struct session *s, struct point *pts, size_t n, char *err,
    size_t errlen)
{
	int rc;

	session_setup(s);
	warn_machine(&ctx.cpu);
	s->eo.ti = &ctx.timer;
	s->eo.reps = (size_t)s->reps;
	s->eo.llc = ctx.cpu.l3 ? ctx.cpu.l3 : ctx.cpu.l2;
	if (verbose_level > 0) {
		progress_line_init(&s->pl, stderr, isatty(STDERR_FILENO),
		    &s->eo);
		s->eo.progress = progress_line;
		s->eo.progress_arg = &s->pl;
	}
	session_plan_note(s, n);
	/* A first signal ends the sampling, and what was measured is kept. */
	s->eo.stop = intr_flag();
	intr_defer(1);
	rc = engine_run(pts, n, &s->eo, &s->er, err, errlen);
	intr_defer(0);
	if (rc != 0)
		return -1;
	/* Did the clock move while we measured? */
	s->core_hz_end = timer_est_core_hz(&ctx.timer);
	/* Too few samples taken, not asked for: refinement adds more. */
	warn_few(s->er.min_samples);
	session_warn_after(s, pts, n);
	return 0;
}

size_t
session_measured(struct point *pts, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (pts[i].nsamples > 0)
			pts[m++] = pts[i];
		else
			engine_free(&pts[i], 1);
	return m;
}

void
session_provenance(const struct session *s, struct provenance *pv)
{
	(void)s;
	provenance_collect(pv);
	ctx_tune_provenance(pv);
}

void
session_provenance_sampling(const struct session *s, struct provenance *pv)
{
	const struct engine_opts *eo = &s->eo;
	const struct engine_report *er = &s->er;

	provenance_set(pv, "reps", "%llu", s->reps);
	provenance_set(pv, "sample_time_us", "%g", eo->sample_time * 1e6);
	provenance_set(pv, "warmup", "%zu", eo->warmup);
	provenance_set(pv, "seed", "%llu", session_seed(s));
	provenance_set(pv, "target_ci_pct", "%g", eo->target_ci * 100);
	provenance_set(pv, "min_time_s", "%g", eo->min_time);
	provenance_set(pv, "max_time_s", "%g", eo->max_time);
	provenance_set(pv, "samples_min", "%zu", er->min_samples);
	provenance_set(pv, "samples_max", "%zu", er->max_samples);
	provenance_set(pv, "points_short_of_target_ci", "%zu",
	    er->unconverged);
	provenance_set(pv, "run_seconds", "%.2f", er->seconds);
	if (s->core_hz_end > 0)
		provenance_set(pv, "est_core_hz_end", "%.0f", s->core_hz_end);
	if (er->stopped) {
		provenance_set(pv, "partial", "yes");
		provenance_set(pv, "stopped_by", "%s",
		    intr_name(intr_caught()));
	}
}

int
session_commit(struct session *s, const struct provenance *pv, char *err,
    size_t errlen)
{
	int rc;

	if (!s->has_of)
		return 0;
	if (s->has_meta) {
		provenance_write(s->meta.fp, pv);
		rc = outfile_commit_pair(&s->of, &s->meta, err, errlen);
	} else
		rc = outfile_commit(&s->of, err, errlen);
	s->has_of = s->has_meta = 0;
	return rc;
}

void
session_abort(struct session *s)
{
	if (s->has_meta)
		outfile_abort(&s->meta);
	if (s->has_of)
		outfile_abort(&s->of);
	s->has_of = s->has_meta = 0;
}
