/*
 * engine.c - the measurement engine.
 *
 * Points that share a grid position (size, offsets, placement, cache
 * state, mode) form a group. A group's kernels are calibrated, warmed up,
 * then sampled in repetitions; within each repetition every kernel of the
 * group is visited once, in a freshly shuffled order, so that drift of the
 * machine (other tenants, frequency) hits every kernel alike and paired
 * comparisons within a repetition stay fair.
 *
 * Sampling is adaptive: every point gets at least --reps samples and
 * --min-time of sampling; then groups whose points' 95% CI of the median
 * is still wider than --target-ci get more repetitions, in further rounds
 * over the whole sweep, until the target or --max-time is reached. All
 * points of a group keep the same number of samples, so sample i of two
 * kernels stays a pair taken close together in time.
 *
 * engine_run goes through its phases in order: build the groups, train
 * the primers, calibrate, the planned rounds, refinement, finish. The
 * buffers are in arena.c, the timed loop in batch.c, the empty-call floor
 * in floor.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "batch.h"
#include "dist.h"
#include "engine.h"
#include "floor.h"
#include "util.h"
#include "watch.h"

/* csum_diff's from length: from_size, or size for the usual shape. */
static size_t
point_from(const struct point *p)
{
	return p->has_from ? p->from_size : p->pos.size;
}

/*
 * Do a and b make one group: the same position (pos.h), realised alike
 * (the same distribution, the same csum_diff from)?
 */
static int
same_position(const struct point *a, const struct point *b)
{
	return pos_cmp(&a->pos, &b->pos, POS_ALL) == 0 &&
	    a->dist == b->dist && point_from(a) == point_from(b);
}

static double
now_seconds(void)
{
	return (double)timer_ns() / 1e9;
}

/* Spin for about `seconds` so the core leaves any idle frequency state. */
static void
spin_up(double seconds)
{
	double t0 = now_seconds();
	uint64_t x = 1;

	while (now_seconds() - t0 < seconds) {
		int i;

		for (i = 0; i < 10000; i++)
			x = x * 6364136223846793005ull + 1;
	}
	batch_sink += x;
}

/*
 * A group: the points of one grid position, and the empty kernels of
 * their families sampled as hidden members (the floor subtracted from
 * that family's samples in the same repetition). The floor is measured
 * alongside, not once at the start, because it moves with the state of
 * the machine (on a shared core it was seen to jump by three cycles per
 * call for seconds at a time, when the sibling got busy).
 */
struct group {
	size_t	first, n;	/* points [first, first+n) */
	struct batch_shape sh;	/* what each call processes */
	struct arena_view b;
	struct arena_view eb;	/* the empties' view: hot slots, same loop */
	struct floor fl;
	int	active;		/* still sampling */
};

/* One engine_run: what its phases share. */
struct sweep {
	struct point	*pts;
	size_t		 npts;
	const struct engine_opts *o;
	const struct timer_info *ti;
	uint64_t	 seed;		/* every draw of the run, in order */
	double		 target;	/* timer units per sample */
	size_t		 max_samples;
	size_t		 per;		/* repetitions per planned round */
	struct arena	 ar;
	struct group	*groups;
	size_t		 ngroups;
	size_t		*order;		/* a repetition's visiting order */
	double		*raw;		/* a repetition's per-call costs */
	struct engine_progress pr;
	double		 t0;		/* when sampling began */
	const struct group *last;	/* the group sampled last, or NULL */
};

/* Tell the caller's progress callback, if any, where the run is. */
static void
progress(struct sweep *sw, enum engine_phase phase, size_t refining,
    double bound)
{
	const struct engine_opts *o = sw->o;

	if (o->progress == NULL)
		return;
	sw->pr.phase = phase;
	sw->pr.npoints = sw->npts;
	sw->pr.refining = refining;
	sw->pr.bound = bound;
	sw->pr.elapsed = now_seconds() - sw->t0;
	o->progress(&sw->pr, o->progress_arg);
}

/* Has the caller asked sampling to end (engine_opts.stop)? */
static int
stopping(const struct sweep *sw)
{
	return sw->o->stop != NULL && *sw->o->stop != 0;
}

/* Append a sample (whole-call cost) and its repetition's floor to p. */
static void
push(struct point *p, double whole, double floor)
{
	if (p->nsamples == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 32;
		p->samples = xreallocarray(p->samples, p->cap, sizeof(double));
		p->floors = xreallocarray(p->floors, p->cap, sizeof(double));
	}
	p->samples[p->nsamples] = whole;
	p->floors[p->nsamples++] = floor;
}

/* Warm up every kernel of the group, and its empties, in order. */
static void
warm_group(struct sweep *sw, struct group *gr, size_t warmup)
{
	const struct point *pts = sw->pts, *p0 = &pts[gr->first];
	const struct floor_empty *e;
	size_t i, r;

	for (r = 0; r < warmup; r++) {
		for (i = gr->first; i < gr->first + gr->n; i++) {
			watch_kernel(pts[i].k->name, pts[i].pos.size);
			(void)batch_time(pts[i].k->family, pts[i].k->fn, &gr->b,
			    &gr->sh, pts[i].batch, pts[i].pos.mode, sw->ti);
		}
		watch_kernel("the empty call", p0->pos.size);
		for (i = 0; i < (size_t)gr->fl.ne; i++) {
			e = &gr->fl.e[i];
			(void)batch_time(e->fam, floor_empty(e->fam, e->k),
			    &gr->eb, &gr->sh, e->batch, p0->pos.mode, sw->ti);
		}
	}
}

/*
 * Visit v of a repetition: a point (v < n) into raw[v], or an empty
 * kernel into its cur.
 */
static void
visit(struct sweep *sw, struct group *gr, size_t v)
{
	const struct timer_info *ti = sw->ti;
	const struct point *p0 = &sw->pts[gr->first];
	double el;

	if (v < gr->n) {
		struct point *p = &sw->pts[gr->first + v];

		watch_kernel(p->k->name, p->pos.size);
		el = (double)batch_time(p->k->family, p->k->fn, &gr->b,
		    &gr->sh, p->batch, p->pos.mode, ti);
		sw->raw[v] = (el - ti->overhead) / (double)p->batch;
		p->spent += el / ti->hz;
		sw->pr.spent += el / ti->hz;
		sw->pr.done += p->batch_units / ti->hz;
	} else {
		struct floor_empty *e = &gr->fl.e[v - gr->n];

		watch_kernel("the empty call", p0->pos.size);
		el = (double)batch_time(e->fam, floor_empty(e->fam, e->k),
		    &gr->eb, &gr->sh, e->batch, p0->pos.mode, ti);
		e->cur = (el - ti->overhead) / (double)e->batch;
		sw->pr.done += e->units / ti->hz;
	}
}

/*
 * Distribution mode: the next repetition starts at the blocks after the
 * most this one took, so every kernel's samples see new blocks, all the
 * same blocks in one repetition.
 */
static void
next_blocks(struct sweep *sw, struct group *gr)
{
	size_t i, most = 0;

	if (gr->sh.seq == NULL)
		return;
	for (i = gr->first; i < gr->first + gr->n; i++)
		if (sw->pts[i].batch > most)
			most = sw->pts[i].batch;
	for (i = 0; i < (size_t)gr->fl.ne; i++)
		if (gr->fl.e[i].batch > most)
			most = gr->fl.e[i].batch;
	gr->sh.start = (gr->sh.start + most) % gr->sh.nseq;
}

/*
 * Take `reps` repetitions of a group: each visits every kernel once, and
 * the empty kernels due (floor_due), in a fresh random order; then each kernel's
 * sample is its per-call cost, kept with the empty ones' floor of that
 * repetition (the net cost is the difference).
 */
static void
sample_group(struct sweep *sw, struct group *gr, size_t reps, size_t warmup)
{
	size_t i, j, r, nv;

	/*
	 * The group sampled last is warm: nothing ran since its last
	 * repetition (a warm-up would be an unsampled repetition: a ninth
	 * of a refinement round).
	 */
	if (sw->last != gr)
		warm_group(sw, gr, warmup);
	sw->last = gr;
	for (r = 0; r < reps; r++) {
		/* Visits 0..n-1 are the points, n.. the empties due. */
		for (nv = 0; nv < gr->n; nv++)
			sw->order[nv] = nv;
		for (i = 0; i < (size_t)gr->fl.ne; i++)
			if (floor_due(&gr->fl, (int)i))
				sw->order[nv++] = gr->n + i;
		rng_shuffle(sw->order, nv, &sw->seed);
		for (j = 0; j < nv; j++)
			visit(sw, gr, sw->order[j]);
		floor_close_rep(&gr->fl);
		next_blocks(sw, gr);
		for (i = 0; i < gr->n; i++) {
			struct point *p = &sw->pts[gr->first + i];

			push(p, sw->raw[i], gr->fl.now[p->k->family]);
		}
		/* Whole repetitions only: sample i of every point of the
		 * group and its floor stay of one repetition. */
		if (stopping(sw))
			return;
	}
}

/*
 * Recompute a point's interval for --target-ci? Always below
 * ENGINE_CI_DENSE samples (every round, as the default --max-time keeps
 * every point; so what a default run measures does not depend on this);
 * beyond, each time its samples have grown by an eighth, so the cost of
 * the checks stays proportional to the samples, not to their square.
 */
#define ENGINE_CI_DENSE	4096

static int
ci_due(const struct point *p)
{
	return p->nsamples < ENGINE_CI_DENSE || p->nsamples >= p->ci_next;
}

/* Whether p meets --target-ci, from its interval when due (ci_due). */
static int
point_converged(struct sweep *sw, struct point *p)
{
	struct stats st;
	double tol;

	if (!ci_due(p))
		return p->converged;
	stats_compute_series(p->samples, p->nsamples, &st);
	p->ci_next = p->nsamples + p->nsamples / 8;
	/* Relative to the median, or to 1 unit near 0. */
	tol = sw->o->target_ci * (fabs(st.median) > 1 ? fabs(st.median) : 1);
	/*
	 * An interval narrower than a sample's step (the timer's resolution
	 * over the batch) is the timer's grain, not precision: samples that
	 * all read alike give a zero-width interval. A target below that
	 * step is never met, only run out.
	 */
	if (tol < sw->ti->resolution / (double)(p->batch ? p->batch : 1))
		return 0;
	return st.median - st.ci_lo <= tol && st.ci_hi - st.median <= tol;
}

/*
 * Is the group finished? When every point has its minimum samples and
 * time and meets --target-ci; or, once the minimums are met, when a point
 * has used up --max-time; or at the sample cap. Sets each point's
 * converged flag once the minimums are met (before, the interval decides
 * nothing and is not computed: --min-time stays linear in the samples).
 */
static int
group_done(struct sweep *sw, const struct group *gr)
{
	const struct engine_opts *o = sw->o;
	size_t i;
	int need_min = 0, need_ci = 0, out = 0;

	for (i = gr->first; i < gr->first + gr->n; i++) {
		struct point *p = &sw->pts[i];

		if (p->nsamples < o->reps || p->spent < o->min_time)
			need_min = 1;
		if (o->max_time > 0 && p->spent >= o->max_time)
			out = 1;
		if (p->nsamples >= sw->max_samples)
			return 1;
	}
	if (need_min)
		return 0;
	for (i = gr->first; i < gr->first + gr->n; i++) {
		struct point *p = &sw->pts[i];

		p->converged = o->target_ci > 0 ? point_converged(sw, p) : 1;
		need_ci |= !p->converged;
	}
	return !need_ci || out;
}

/*
 * Phase 1. Points of a group are adjacent (the caller builds them so).
 * Each group gets its view of the arena (a cold one draws its slot order
 * from the seed, group by group) and the empty kernels of its families.
 */
static void
build_groups(struct sweep *sw)
{
	struct point *pts = sw->pts;
	size_t i, j;

	sw->groups = xcalloc(sw->npts, sizeof(*sw->groups));
	for (i = 0; i < sw->npts; i = j) {
		struct group *gr = &sw->groups[sw->ngroups++];

		for (j = i + 1; j < sw->npts && same_position(&pts[i], &pts[j]);
		    j++)
			;
		gr->first = i;
		gr->n = j - i;
		gr->active = 1;
		gr->sh.n = pts[i].pos.size;
		gr->sh.from = point_from(&pts[i]);
		if (pts[i].dist != NULL) {
			gr->sh.seq = pts[i].dist->seq;
			gr->sh.nseq = pts[i].dist->nseq;
			gr->sh.block = pts[i].dist->block;
		}
		arena_view(&gr->b, &sw->ar, &pts[i], sw->o->llc, &sw->seed);
		arena_view_hot(&gr->eb, &gr->b);
		floor_init(&gr->fl);
		for (j = i; j < i + gr->n; j++)
			floor_add_family(&gr->fl, pts[j].k->family);
	}
	sw->order = xcalloc(sw->npts + K_NFAMILIES * FLOOR_NEMPTY,
	    sizeof(*sw->order));
	sw->raw = xcalloc(sw->npts, sizeof(*sw->raw));
}

/*
 * Phase 2. Establish the primers first: a call site keeps the first target
 * it has learned well, so train every loop the run uses (family x cold or
 * hot view x mode) with its primer before any measured function goes
 * through it.
 */
static void
train_primers(struct sweep *sw)
{
	unsigned char trained[K_NFAMILIES][3][2][2];
	size_t g;
	int f, l;

	memset(trained, 0, sizeof(trained));
	for (g = 0; g < sw->ngroups; g++) {
		struct group *gr = &sw->groups[g];
		const struct point *p0 = &sw->pts[gr->first];
		int c = gr->b.npool > 1, m = p0->pos.mode;

		for (f = 0; f < gr->fl.ne; f++) {
			enum kfamily fam = gr->fl.e[f].fam;

			l = batch_loop_kind(fam, &gr->sh);
			if (trained[fam][l][c][m])
				continue;
			trained[fam][l][c][m] = 1;
			batch_train(fam, &gr->eb, &gr->sh, m, sw->ti);
		}
	}
}

/* Twins take the larger of their two batches (engine.h). */
static void
calibrate_twins(struct sweep *sw, const struct group *gr)
{
	size_t i;

	for (i = gr->first; i < gr->first + gr->n; i++) {
		struct point *p = &sw->pts[i], *q = p->twin, *s;

		if (q == NULL || q < p || q->batch == p->batch)
			continue;
		s = q->batch < p->batch ? q : p;	/* the smaller batch */
		s->batch_units *= (double)(s == p ? q : p)->batch /
		    (double)s->batch;
		s->batch = (s == p ? q : p)->batch;
	}
}

/* Phase 3. Calibrate every point's batch, and the empties'. */
static void
calibrate(struct sweep *sw)
{
	const struct timer_info *ti = sw->ti;
	double reps = (double)sw->o->reps;
	size_t g, i;
	int f;

	for (g = 0; g < sw->ngroups && !stopping(sw); g++) {
		struct group *gr = &sw->groups[g];
		const struct point *p0 = &sw->pts[gr->first];

		for (f = 0; f < gr->fl.ne; f++) {
			struct floor_empty *e = &gr->fl.e[f];

			watch_kernel("the empty call", p0->pos.size);
			/*
			 * As long as a kernel's sample: the cost per call of a
			 * batch is not quite independent of its length, so a
			 * floor from shorter batches measured an empty kernel
			 * at -0.1 tick.
			 */
			e->batch = batch_calibrate(e->fam, floor_empty(e->fam,
			    e->k), &gr->eb, &gr->sh, p0->pos.mode, sw->target,
			    ti, &e->units);
			sw->pr.planned += reps * e->units / ti->hz /
			    FLOOR_NEMPTY;	/* one in turn: floor_due */
		}
		for (i = gr->first; i < gr->first + gr->n; i++) {
			struct point *p = &sw->pts[i];

			watch_kernel(p->k->name, p->pos.size);
			p->batch = batch_calibrate(p->k->family, p->k->fn,
			    &gr->b, &gr->sh, p->pos.mode, sw->target, ti,
			    &p->batch_units);
			free(p->samples);
			free(p->floors);
			p->samples = p->floors = NULL;
			p->cap = 0;
			p->nsamples = 0;
			p->spent = 0;
			p->converged = 0;
			p->ci_next = 0;
		}
		calibrate_twins(sw, gr);
		for (i = gr->first; i < gr->first + gr->n; i++)
			sw->pr.planned += reps * sw->pts[i].batch_units / ti->hz;
	}
}

/*
 * Phase 4. The planned samples, in rounds: each round visits every group
 * and takes a share of its samples, so a burst of noise from elsewhere on
 * the machine lands on a few samples of many points rather than on every
 * sample of one point.
 */
static void
planned_rounds(struct sweep *sw)
{
	size_t reps = sw->o->reps, round, nrounds, g;

	/* Five rounds or more, of at most ENGINE_ROUND repetitions each. */
	nrounds = reps < 5 ? reps : 5;
	if (nrounds < (reps + ENGINE_ROUND - 1) / ENGINE_ROUND)
		nrounds = (reps + ENGINE_ROUND - 1) / ENGINE_ROUND;
	sw->per = nrounds > 0 ? (reps + nrounds - 1) / nrounds : 0;
	for (round = 0; round < nrounds && !stopping(sw); round++) {
		size_t want = (round + 1) * sw->per < reps ?
		    (round + 1) * sw->per : reps;

		for (g = 0; g < sw->ngroups && !stopping(sw); g++) {
			struct group *gr = &sw->groups[g];
			size_t have = sw->pts[gr->first].nsamples;

			if (want > have)
				sample_group(sw, gr, want - have, sw->o->warmup);
			progress(sw, ENGINE_PLANNED, 0, 0);
		}
	}
}

/*
 * Which groups refinement must still sample: marks the finished ones
 * inactive; returns how many are active, their points in *npend and, under
 * --max-time, the sampling time those points may still spend in *bound.
 */
static size_t
refine_pending(struct sweep *sw, size_t *npend, double *bound)
{
	const struct engine_opts *o = sw->o;
	size_t g, i, active = 0;

	*npend = 0;
	*bound = 0;
	for (g = 0; g < sw->ngroups; g++) {
		struct group *gr = &sw->groups[g];

		if (!gr->active)
			continue;
		if (group_done(sw, gr)) {
			gr->active = 0;
			continue;
		}
		active++;
		*npend += gr->n;
		if (o->max_time > 0)
			for (i = gr->first; i < gr->first + gr->n; i++)
				*bound += o->max_time - sw->pts[i].spent > 0 ?
				    o->max_time - sw->pts[i].spent : 0;
	}
	return active;
}

/*
 * Phase 5. Refinement: more rounds over the groups that have not met
 * --min-time and --target-ci, until done or out of budget. Each round
 * adds ENGINE_ROUND repetitions to every such group (not a share of the
 * samples so far), so that a group's samples stay spread over the
 * time of the run: a second-long disturbance (a busy sibling thread,
 * another tenant) then shifts a few samples of many points, not most
 * samples of a few.
 */
static void
refine(struct sweep *sw)
{
	size_t g, npend, have, more;
	size_t step = ENGINE_ROUND, max = sw->max_samples;
	double bound;

	while (!stopping(sw) && refine_pending(sw, &npend, &bound) > 0) {
		for (g = 0; g < sw->ngroups && !stopping(sw); g++) {
			struct group *gr = &sw->groups[g];

			if (!gr->active)
				continue;
			have = sw->pts[gr->first].nsamples;
			more = step;
			if (have + more > max)
				more = max > have ? max - have : 1;
			sample_group(sw, gr, more, sw->o->warmup ? 1 : 0);
			progress(sw, ENGINE_REFINING, npend, bound);
		}
	}
}

/*
 * Phase 6. Every point's statistics, of the whole calls and net, and its
 * overhead: the median floor of its family over the run.
 */
static void
finish(struct sweep *sw)
{
	size_t g, i, k;
	double *net = NULL;

	for (g = 0; g < sw->ngroups; g++) {
		struct group *gr = &sw->groups[g];

		for (i = gr->first; i < gr->first + gr->n; i++) {
			struct point *p = &sw->pts[i];

			net = xreallocarray(net, p->nsamples + 1, sizeof(double));
			for (k = 0; k < p->nsamples; k++)
				net[k] = p->samples[k] - p->floors[k];
			stats_compute_series(p->samples, p->nsamples, &p->st);
			stats_compute_series(net, p->nsamples, &p->net);
			p->overhead = floor_median(&gr->fl, p->k->family);
		}
	}
	free(net);
}

/* What the run did, for the caller's provenance and warnings. */
static void
report(const struct sweep *sw, struct engine_report *rep, double t_start)
{
	size_t i;

	rep->npoints = sw->npts;
	rep->min_samples = (size_t)-1;
	for (i = 0; i < sw->npts; i++) {
		const struct point *p = &sw->pts[i];

		if (sw->o->target_ci > 0 && !p->converged)
			rep->unconverged++;
		if (p->nsamples < rep->min_samples)
			rep->min_samples = p->nsamples;
		if (p->nsamples > rep->max_samples)
			rep->max_samples = p->nsamples;
		rep->measured += p->nsamples > 0;
	}
	rep->stopped = stopping(sw);
	rep->seconds = now_seconds() - t_start;
	rep->cold_hugepages = sw->ar.hugepages;
}

static void
sweep_free(struct sweep *sw)
{
	size_t g;

	for (g = 0; g < sw->ngroups; g++) {
		arena_view_free(&sw->groups[g].b);
		floor_free(&sw->groups[g].fl);
	}
	free(sw->raw);
	free(sw->order);
	free(sw->groups);
	arena_free(&sw->ar);
}

int
engine_run(struct point *pts, size_t npts, const struct engine_opts *o,
    struct engine_report *rep, char *err, size_t errlen)
{
	const struct timer_info *ti = o->ti;
	double t_start = now_seconds();
	struct sweep sw;
	size_t i;

	if (rep != NULL)
		memset(rep, 0, sizeof(*rep));
	if (npts == 0)
		return 0;
	memset(&sw, 0, sizeof(sw));
	sw.pts = pts;
	sw.npts = npts;
	sw.o = o;
	sw.ti = ti;
	sw.seed = o->seed ? o->seed : UINT64_C(0x5eed);
	sw.max_samples = o->max_samples ? o->max_samples : 100000;
	sw.target = o->sample_time * ti->hz;
	if (sw.target < 200 * ti->resolution)
		sw.target = 200 * ti->resolution;
	if (sw.target < 50 * ti->overhead)
		sw.target = 50 * ti->overhead;
	for (i = 0; i < npts; i++)
		if (pts[i].dist != NULL && pts[i].dist->seq == NULL) {
			snprintf(err, errlen, "distribution %s has no drawn "
			    "sequence", pts[i].dist->name);
			return -1;
		}
	if (arena_setup(&sw.ar, pts, npts, o->llc, &sw.seed, err, errlen) != 0)
		return -1;
	if (watch_init(err, errlen) != 0) {
		sweep_free(&sw);
		return -1;
	}
	build_groups(&sw);
	spin_up(0.1);
	train_primers(&sw);
	calibrate(&sw);
	sw.t0 = now_seconds();
	planned_rounds(&sw);
	refine(&sw);
	progress(&sw, ENGINE_DONE, 0, 0);
	finish(&sw);
	if (rep != NULL)
		report(&sw, rep, t_start);
	sweep_free(&sw);
	return 0;
}

void
engine_free(struct point *pts, size_t npts)
{
	size_t i;

	for (i = 0; i < npts; i++) {
		free(pts[i].samples);
		free(pts[i].floors);
		pts[i].samples = pts[i].floors = NULL;
		pts[i].cap = 0;
	}
}
