/*
 * tuner.c - csumbench tune's measurements (tuner.h).
 *
 * Each threshold is a phase: its candidate (the path the auto kernel
 * takes from the threshold up) and its bases (the paths below it), timed
 * in one engine run on a geometric ladder of sizes, hot buffers,
 * independent calls, the default placement. At each size the ratio of
 * the candidate to the best base is the median over repetitions of the
 * per-repetition ratio: the kernels of one repetition were sampled back
 * to back in a shuffled order, so a repetition slowed by another tenant
 * slows both sides of its ratio. The threshold is the ladder size k that
 * minimises the total log-slowdown of the choice,
 *   sum over sizes below k of max(0, -log r) + above of max(0, log r),
 * so near the crossover, where r is close to 1 and noise decides its
 * sign, a wrong step costs almost nothing and moves the choice little.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "select.h"
#include "tuner.h"
#include "util.h"

/* When a phase runs: always, with AVX-512 (F, BW, VL), or without. */
enum { TP_ANY, TP_EVEX, TP_NO_EVEX };
#define TP_EVEX_BITS	(CPU_AVX512F | CPU_AVX512BW | CPU_AVX512VL)

struct tuner_phase {
	const char	*name;		/* the threshold */
	const char	*cand;		/* the path from the threshold up */
	const char	*base[2];	/* the paths below it (NULL: none) */
	size_t		 lo, hi;	/* the ladder; hi 0: from the LLC */
	int		 octaves;	/* x2 steps, else half-octaves */
	int		 when;		/* TP_* */
	uint64_t	 needs;		/* besides the kernels' own */
	/* Never winning on the ladder means "never" (max); else, as for
	 * non-temporal stores, whose crossover may lie past the largest
	 * size measured, it leaves the built-in rule. */
	int		 never_is_max;
};

/* The largest buffer a non-temporal phase copies or sets. */
#define TUNER_NT_TOP	((size_t)64 << 20)

/*
 * Cheap and sharp first: the checksum loops (short calls, clear
 * crossovers), then rep movsb/stosb, then the non-temporal stores, whose
 * memory-bound calls are the most expensive and the noisiest; a phase
 * that overruns its share then takes time only from those after it.
 */
static const struct tuner_phase tuner_phases[] = {
	{ "csum_avx512", "csum.avx512", { "csum.adc", NULL },
	    64, 2048, 0, TP_EVEX, 0, 1 },
	{ "csum_vnni", "csum.avx512vnni", { "csum.avx512", NULL },
	    512, 64 << 10, 0, TP_EVEX, CPU_AVX512VNNI, 1 },
	{ "csum_avx2", "csum.avx2adc", { "csum.adc", NULL },
	    64, 2048, 0, TP_NO_EVEX, 0, 1 },
	{ "memcpy_rep", "memcpy.erms", { "memcpy.auto", NULL },
	    1 << 10, 4 << 20, 0, TP_ANY, CPU_ERMS, 1 },
	{ "memset_rep", "memset.erms", { "memset.auto", NULL },
	    1 << 10, 4 << 20, 0, TP_ANY, CPU_ERMS, 1 },
	{ "memcpy_nt", "memcpy.nt", { "memcpy.auto", "memcpy.erms" },
	    256 << 10, 0, 1, TP_ANY, 0, 0 },
	{ "memset_nt", "memset.nt", { "memset.auto", "memset.erms" },
	    256 << 10, 0, 1, TP_ANY, 0, 0 },
};
#define TUNER_NPHASES	(sizeof(tuner_phases) / sizeof(tuner_phases[0]))

/* One phase being measured. */
struct tuner_run {
	const struct tuner_phase *ph;
	const struct kernel *k[3];	/* candidate, then bases */
	size_t		 nk;
	size_t		 sizes[64];	/* the ladder */
	size_t		 nsizes;
	int		 trimmed;	/* the budget cut the ladder's top */
	size_t		 reps;
	double		 ratio[64];	/* candidate / best base, per size */
};

/* A kernel by name, when it can run here; else NULL. */
static const struct kernel *
tuner_kernel(const char *name)
{
	const struct kernel *k = select_by_name(name);
	char why[64];

	if (k == NULL || select_unavailable(k, why, sizeof(why)) != NULL)
		return NULL;
	return k;
}

/* Does phase ph apply here? Fills tr's kernels when it does. */
static int
tuner_applies(const struct tuner_phase *ph, uint64_t have,
    struct tuner_run *tr)
{
	int evex = (have & TP_EVEX_BITS) == TP_EVEX_BITS;
	size_t i;

	memset(tr, 0, sizeof(*tr));
	tr->ph = ph;
	if ((ph->when == TP_EVEX && !evex) ||
	    (ph->when == TP_NO_EVEX && evex) || (have & ph->needs) != ph->needs ||
	    (tr->k[0] = tuner_kernel(ph->cand)) == NULL)
		return 0;
	tr->nk = 1;
	for (i = 0; i < 2 && ph->base[i] != NULL; i++)
		if ((tr->k[tr->nk] = tuner_kernel(ph->base[i])) != NULL)
			tr->nk++;
	return tr->nk > 1;
}

/*
 * The ladder from lo to hi: powers of two and, on half-octaves, the
 * sizes halfway between them (3 * 2^(k-1)).
 */
static void
tuner_ladder(struct tuner_run *tr, size_t llc)
{
	const struct tuner_phase *ph = tr->ph;
	size_t s, hi = ph->hi;

	if (hi == 0)
		hi = llc != 0 && 2 * llc < TUNER_NT_TOP ? 2 * llc : TUNER_NT_TOP;
	tr->nsizes = 0;
	for (s = ph->lo; s <= hi && tr->nsizes < 64; s *= 2) {
		tr->sizes[tr->nsizes++] = s;
		if (!ph->octaves && s + s / 2 <= hi && tr->nsizes < 64)
			tr->sizes[tr->nsizes++] = s + s / 2;
	}
}

/* Seconds one repetition of the ladder's top n sizes costs, roughly. */
static double
tuner_rep_cost(const struct tuner_run *tr, size_t n, double sample_time)
{
	double t = 0, call;
	size_t i;

	for (i = 0; i < n; i++) {
		/* A whole call of a large buffer: about 2 bytes a ns, or worse. */
		call = (double)tr->sizes[i] / 2e9;
		t += (double)tr->nk * (call > sample_time ? call : sample_time);
	}
	/* The floor, warm-up and calibration batches come on top. */
	return 1.6 * t;
}

/* Seconds an engine run spends before its first sample, about. */
#define TUNER_SETUP	0.15

/*
 * Samples per size from the phase's share of the budget: 25 when it
 * allows, at least 7; below that the ladder's top is cut (trimmed) until
 * 7 fit, keeping at least its three lowest sizes.
 */
static void
tuner_plan(struct tuner_run *tr, double share, double sample_time)
{
	double per = tuner_rep_cost(tr, tr->nsizes, sample_time);
	double reps = per > 0 ? share / per : 25;

	while (reps < 7 && tr->nsizes > 3) {
		tr->nsizes--;
		tr->trimmed = 1;
		reps = share / tuner_rep_cost(tr, tr->nsizes, sample_time);
	}
	tr->reps = reps > 25 ? 25 : reps < 7 ? 7 : (size_t)reps;
}

static int
tuner_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The ratio at one size: the median over repetitions of the candidate's
 * sample over the best base's in the same repetition. p: the size's
 * points, candidate first.
 */
static double
tuner_ratio(const struct point *p, size_t nk)
{
	size_t i, j, n = p[0].nsamples, m = 0;
	double *r = xcalloc(n ? n : 1, sizeof(*r)), best, med;

	for (i = 0; i < n; i++) {
		best = 0;
		for (j = 1; j < nk; j++)
			if (i < p[j].nsamples && (best == 0 ||
			    p[j].samples[i] < best))
				best = p[j].samples[i];
		if (best > 0 && p[0].samples[i] > 0)
			r[m++] = p[0].samples[i] / best;
	}
	qsort(r, m, sizeof(*r), tuner_cmp_double);
	med = m == 0 ? 1 : m % 2 ? r[m / 2] : (r[m / 2 - 1] + r[m / 2]) / 2;
	free(r);
	return med;
}

/* Time the phase's kernels on its ladder; fill tr->ratio. */
static int
tuner_measure(struct tuner_run *tr, struct engine_opts *eo, double *seconds, char *err, size_t errlen)
{
	struct point *pts = xcalloc(tr->nsizes * tr->nk, sizeof(*pts));
	struct engine_report er;
	size_t i, j;
	int rc;

	for (i = 0; i < tr->nsizes; i++)
		for (j = 0; j < tr->nk; j++) {
			struct point *p = &pts[i * tr->nk + j];

			p->k = tr->k[j];
			p->pos.size = tr->sizes[i];
			p->pos.distance = arena_default_distance(0);
			p->pos.cache = CACHE_HOT;
			p->pos.mode = MODE_THROUGHPUT;
		}
	eo->reps = eo->max_samples = tr->reps;
	rc = engine_run(pts, tr->nsizes * tr->nk, eo, &er, err, errlen);
	if (rc == 0) {
		for (i = 0; i < tr->nsizes; i++)
			tr->ratio[i] = tuner_ratio(&pts[i * tr->nk], tr->nk);
		*seconds += er.seconds;
	}
	engine_free(pts, tr->nsizes * tr->nk);
	free(pts);
	return rc;
}

/* The ladder index of a value: the first size at or above it. */
static size_t
tuner_index(const struct tuner_run *tr, size_t v)
{
	size_t k;

	for (k = 0; k < tr->nsizes && tr->sizes[k] < v; k++)
		;
	return k;
}

/*
 * A ratio within this of 1 (in log) is a tie: on a shared 2-vCPU guest
 * the paired medians of two near-equal paths moved by up to 5% between
 * runs (code and buffer placement differ from process to process).
 */
#define TUNER_TIE	0.05
/*
 * The built-in value stays unless moving saves more than this in total
 * (in log, over the ladder, beyond the tie band): a change must rest on
 * more than one noisy size.
 */
#define TUNER_GAIN	0.10

/* The cost of choosing ladder index k (nsizes: never). */
static double
tuner_cost(const struct tuner_run *tr, size_t k)
{
	double cost = 0, l;
	size_t i;

	for (i = 0; i < tr->nsizes; i++) {
		l = log(tr->ratio[i]);
		l = l > TUNER_TIE ? l - TUNER_TIE : l < -TUNER_TIE ?
		    l + TUNER_TIE : 0;
		cost += i < k ? (l < 0 ? -l : 0) : (l > 0 ? l : 0);
	}
	return cost;
}

/*
 * The ladder index from which the candidate goes (nsizes: never): the
 * built-in value's (the first ladder size at or above it) unless another
 * saves more than TUNER_GAIN; then the one with the least total
 * log-slowdown beyond the tie band, among equally good ones the nearest
 * to the built-in value. Where the measurements cannot tell, the built-in
 * rule stays, and two runs agree.
 */
static size_t
tuner_choose(const struct tuner_run *tr, size_t builtin)
{
	size_t k, kb, best = tr->nsizes, dist, bestdist = SIZE_MAX;
	double cost[65], least = INFINITY;

	kb = tuner_index(tr, builtin);
	for (k = 0; k <= tr->nsizes; k++)
		if ((cost[k] = tuner_cost(tr, k)) < least)
			least = cost[k];
	if (cost[kb] <= least + TUNER_GAIN)
		return kb;
	for (k = 0; k <= tr->nsizes; k++) {
		dist = k > kb ? k - kb : kb - k;
		if (cost[k] <= least + 1e-9 && dist < bestdist) {
			best = k;
			bestdist = dist;
		}
	}
	return best;
}

/* "1.57x at 24K, 0.53x at 32K": the ratios either side of index k. */
static void
tuner_around(const struct tuner_run *tr, size_t k, char *buf, size_t len)
{
	char a[32], b[32];

	if (k == 0)
		snprintf(buf, len, "%.2fx at %s, the smallest size measured",
		    tr->ratio[0], fmt_size(tr->sizes[0], a, sizeof(a)));
	else if (k == tr->nsizes)
		snprintf(buf, len, "%.2fx at %s, the largest size measured",
		    tr->ratio[k - 1], fmt_size(tr->sizes[k - 1], a, sizeof(a)));
	else
		snprintf(buf, len, "%.2fx at %s, %.2fx at %s", tr->ratio[k - 1],
		    fmt_size(tr->sizes[k - 1], a, sizeof(a)), tr->ratio[k],
		    fmt_size(tr->sizes[k], b, sizeof(b)));
}

/*
 * Record the phase's choice, and the evidence, in res. The built-in
 * value's own index is not written: the built-in rule stays.
 */
static void
tuner_record(const struct tuner_run *tr, size_t k, size_t builtin,
    struct tuner_result *res)
{
	int i = tuning_find(tr->ph->name);
	char around[96];

	res->tried[i] = 1;
	tuner_around(tr, k, around, sizeof(around));
	if (k == tuner_index(tr, builtin) || (k == tr->nsizes &&
	    (!tr->ph->never_is_max || tr->trimmed))) {
		snprintf(res->note[i], sizeof(res->note[i]), "%s / %s%s: %s (%zu "
		    "paired samples a size)%s: the built-in rule stays",
		    tr->k[0]->name, tr->k[1]->name, tr->nk > 2 ? " (or the "
		    "faster)" : "", around, tr->reps, tr->trimmed ? ", the "
		    "ladder cut short by the time budget" : "");
		return;
	}
	res->set[i] = 1;
	res->value[i] = k == tr->nsizes ? SIZE_MAX : tr->sizes[k];
	snprintf(res->note[i], sizeof(res->note[i]), "%s / %s%s: %s (%zu paired "
	    "samples a size)", tr->k[0]->name, tr->k[1]->name, tr->nk > 2 ?
	    " (or the faster)" : "", around, tr->reps);
}

/* The engine's options for every phase. */
static void
tuner_engine_opts(struct engine_opts *eo, const struct tuner_opts *o)
{
	memset(eo, 0, sizeof(*eo));
	eo->ti = o->ti;
	eo->sample_time = 20e-6;
	eo->warmup = 2;
	eo->seed = o->seed;
	eo->llc = o->llc;
	eo->progress = o->progress;
	eo->progress_arg = o->progress_arg;
}

int
tuner_run(const struct tuner_opts *o, struct tuner_result *res, char *err,
    size_t errlen)
{
	struct tuner_run runs[TUNER_NPHASES];
	double want[TUNER_NPHASES];
	struct engine_opts eo;
	size_t i, n = 0, b;
	double t0 = (double)timer_ns() / 1e9, left;
	char lo[32], hi[32];

	memset(res, 0, sizeof(*res));
	tuner_engine_opts(&eo, o);
	for (i = 0; i < TUNER_NPHASES; i++)
		if (tuner_applies(&tuner_phases[i], o->have, &runs[n]))
			n++;
	for (i = 0; i < n; i++) {
		tuner_ladder(&runs[i], o->llc);
		want[i] = TUNER_SETUP + 25 * tuner_rep_cost(&runs[i],
		    runs[i].nsizes, eo.sample_time);
	}
	for (i = 0; i < n; i++) {
		struct tuner_run *tr = &runs[i];
		double rest = 0;
		size_t j;

		/* What is left, shared in proportion to what each phase wants. */
		for (j = i; j < n; j++)
			rest += want[j];
		left = o->budget - ((double)timer_ns() / 1e9 - t0);
		tuner_plan(tr, (left > 0 ? left : 0) * want[i] / rest -
		    TUNER_SETUP, eo.sample_time);
		if (o->talk)
			fprintf(stderr, "csumbench: tune %zu/%zu: %s: %s against "
			    "%s%s%s, %s to %s, %zu sizes x %zu samples\n", i + 1,
			    n, tr->ph->name, tr->k[0]->name, tr->k[1]->name,
			    tr->nk > 2 ? " and " : "", tr->nk > 2 ?
			    tr->k[2]->name : "", fmt_size(tr->sizes[0], lo,
			    sizeof(lo)), fmt_size(tr->sizes[tr->nsizes - 1], hi,
			    sizeof(hi)), tr->nsizes, tr->reps);
		if (tuner_measure(tr, &eo, &res->seconds, err, errlen) != 0)
			return -1;
		b = o->builtin[tuning_find(tr->ph->name)];
		tuner_record(tr, tuner_choose(tr, b), b, res);
	}
	return 0;
}
