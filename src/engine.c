/*
 * engine.c - the measurement engine.
 *
 * Points that share a grid position (size, offsets, cache state, mode) form
 * a group. A group's kernels are calibrated, warmed up, then sampled in
 * repetitions; within each repetition every kernel of the group is visited
 * once, in a freshly shuffled order, so that drift of the machine (other
 * tenants, frequency) hits every kernel alike and paired comparisons within
 * a repetition stay fair.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine.h"
#include "util.h"

volatile uint64_t engine_sink;

static const char *const family_names[K_NFAMILIES] = {
	[K_MEMCPY] = "memcpy",
	[K_MEMSET] = "memset",
	[K_COPY] = "copy",
	[K_CSUM] = "csum",
	[K_CSUM_COPY] = "csum_copy",
	[K_CSUM_DIFF] = "csum_diff",
};

const char *
family_name(enum kfamily f)
{
	return (unsigned)f < K_NFAMILIES ? family_names[f] : "?";
}

int
family_parse(const char *s)
{
	int i;

	for (i = 0; i < K_NFAMILIES; i++)
		if (strcmp(s, family_names[i]) == 0)
			return i;
	return -1;
}

const char *
cache_name(int cache)
{
	return cache == CACHE_COLD ? "cold" : "hot";
}

const char *
mode_name(int mode)
{
	return mode == MODE_LATENCY ? "latency" : "throughput";
}

/* Empty kernels, one per family: the floor subtracted from every sample. */
static void *
empty_memcpy(void *d, const void *s, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return d;
}

static void *
empty_memset(void *d, int c, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return d;
}

static size_t
empty_copy(void *d, const void *s, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return 0;
}

static uint32_t
empty_csum(const void *b, size_t n, uint32_t sum)
{
	__asm__ volatile("" ::: "memory");
	return sum;
}

static uint32_t
empty_csum_copy(const void *s, void *d, size_t n, uint32_t sum)
{
	__asm__ volatile("" ::: "memory");
	return sum;
}

static uint32_t
empty_csum_diff(const void *f, size_t fn, const void *t, size_t tn,
    uint32_t seed)
{
	__asm__ volatile("" ::: "memory");
	return seed;
}

static union kfn
empty_fn(enum kfamily f)
{
	union kfn u;

	switch (f) {
	case K_MEMCPY:
		u.memcpy = empty_memcpy;
		break;
	case K_MEMSET:
		u.memset = empty_memset;
		break;
	case K_COPY:
		u.copy = empty_copy;
		break;
	case K_CSUM:
		u.csum = empty_csum;
		break;
	case K_CSUM_COPY:
		u.csum_copy = empty_csum_copy;
		break;
	default:
		u.csum_diff = empty_csum_diff;
		break;
	}
	return u;
}

/*
 * The buffers: one mapping for sources and one for destinations, shared by
 * every group. Hot points use the first slot only; cold points rotate
 * through slots spread over twice the last-level cache, so a slot has been
 * evicted by the time the rotation comes back to it.
 */
struct arena {
	unsigned char	*src_map, *dst_map;
	size_t		 map_len;
};

/* One group's view of the arena. */
struct bufs {
	unsigned char	*src, *dst;	/* first slot, offsets applied */
	size_t		 stride;	/* bytes between slots */
	size_t		 npool;
	size_t		 idx;		/* next slot (cold rotation) */
};

#define ROUND_UP(x, a)	(((x) + (a) - 1) / (a) * (a))

static void *
map_region(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		fatal(EXIT_USAGE, "cannot map %zu bytes of buffer", len);
	return p;
}

static void
fill_random(unsigned char *p, size_t n, uint64_t *seed)
{
	size_t i;
	uint64_t w;

	for (i = 0; i + 8 <= n; i += 8) {
		w = rng_next(seed);
		memcpy(p + i, &w, 8);
	}
	for (; i < n; i++)
		p[i] = (unsigned char)rng_next(seed);
}

static size_t
cold_pool_bytes(const struct engine_opts *o)
{
	size_t pool = 2 * (o->llc ? o->llc : ((size_t)32 << 20));

	return pool < ((size_t)16 << 20) ? ((size_t)16 << 20) : pool;
}

static void
arena_setup(struct arena *ar, const struct point *pts, size_t npts,
    const struct engine_opts *o, uint64_t *seed)
{
	size_t i, need, max = 0, page = (size_t)sysconf(_SC_PAGESIZE);

	for (i = 0; i < npts; i++) {
		const struct point *p = &pts[i];
		size_t off = p->src_off > p->dst_off ? p->src_off : p->dst_off;

		need = ROUND_UP(p->size + off + 64, page);
		if (p->cache == CACHE_COLD) {
			size_t pool = cold_pool_bytes(o);

			/* At least two slots, and the pool. */
			need = need * 2 > pool + need ? need * 2 : pool + need;
		}
		if (need > max)
			max = need;
	}
	ar->map_len = max;
	ar->src_map = map_region(max);
	ar->dst_map = map_region(max);
	fill_random(ar->src_map, max, seed);
	fill_random(ar->dst_map, max, seed);
}

static void
arena_free(struct arena *ar)
{
	munmap(ar->src_map, ar->map_len);
	munmap(ar->dst_map, ar->map_len);
}

static void
bufs_for(struct bufs *b, const struct arena *ar, const struct point *p,
    const struct engine_opts *o)
{
	size_t off = p->src_off > p->dst_off ? p->src_off : p->dst_off;

	memset(b, 0, sizeof(*b));
	b->src = ar->src_map + p->src_off;
	b->dst = ar->dst_map + p->dst_off;
	b->npool = 1;
	b->stride = 0;
	if (p->cache == CACHE_COLD) {
		/* Slots 64-byte aligned, so every slot keeps the offsets. */
		b->stride = ROUND_UP(p->size + off + 64, 64);
		b->npool = cold_pool_bytes(o) / b->stride;
		if (b->npool < 2)
			b->npool = 2;
		while (b->npool > 2 &&
		    b->stride * b->npool + off + 64 > ar->map_len)
			b->npool--;
	}
}

/*
 * Time one batch of `batch` calls. The family switch and the pool choice
 * are outside the loops; each loop body is one indirect call whose result
 * is accumulated into a value that ends in the sink.
 */
#define BATCH_LOOP(CALL)						\
	do {								\
		if (b->npool == 1) {					\
			unsigned char *S = b->src, *D = b->dst;		\
			(void)S;					\
			(void)D;					\
			t0 = timer_start(ti);				\
			for (i = 0; i < batch; i++) {			\
				CALL;					\
			}						\
			t1 = timer_stop(ti);				\
		} else {						\
			size_t ix = b->idx, st = b->stride, np = b->npool; \
			t0 = timer_start(ti);				\
			for (i = 0; i < batch; i++) {			\
				unsigned char *S = b->src + ix * st;	\
				unsigned char *D = b->dst + ix * st;	\
				(void)S;				\
				(void)D;				\
				CALL;					\
				if (++ix == np)				\
					ix = 0;				\
			}						\
			t1 = timer_stop(ti);				\
			b->idx = ix;					\
		}							\
	} while (0)

static uint64_t
batch_time(enum kfamily fam, union kfn fn, struct bufs *b, size_t n,
    size_t batch, const struct timer_info *ti)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	size_t i;

	/* Hide the pointer's origin so no call can be devirtualised. */
	__asm__ volatile("" : "+r"(fn.any));
	switch (fam) {
	case K_MEMCPY:
		BATCH_LOOP(acc += (uintptr_t)fn.memcpy(D, S, n));
		break;
	case K_MEMSET:
		BATCH_LOOP(acc += (uintptr_t)fn.memset(D, 0xa5, n));
		break;
	case K_COPY:
		BATCH_LOOP(acc += fn.copy(D, S, n));
		break;
	case K_CSUM:
		BATCH_LOOP(acc += fn.csum(S, n, 0));
		break;
	case K_CSUM_COPY:
		BATCH_LOOP(acc += fn.csum_copy(S, D, n, 0));
		break;
	case K_CSUM_DIFF:
		BATCH_LOOP(acc += fn.csum_diff(S, n, D, n, 0));
		break;
	default:
		break;
	}
	engine_sink += acc;
	return t1 - t0;
}

/* Per-call cost of the empty kernel of a family in this loop (median). */
static double
empty_cost(enum kfamily fam, struct bufs *b, const struct timer_info *ti)
{
	enum { N = 31, B = 2000 };
	double d[N];
	size_t i;
	union kfn fn = empty_fn(fam);

	for (i = 0; i < 3; i++)
		(void)batch_time(fam, fn, b, 64, B, ti);
	for (i = 0; i < N; i++)
		d[i] = ((double)batch_time(fam, fn, b, 64, B, ti) -
		    ti->overhead) / B;
	return stats_median(d, N);
}

/* Smallest batch whose time reaches target units (at least 1 call). */
static size_t
calibrate_batch(const struct point *p, struct bufs *b, double target,
    const struct timer_info *ti)
{
	size_t batch = 1;
	double el;

	for (;;) {
		el = (double)batch_time(p->k->family, p->k->fn, b, p->size,
		    batch, ti);
		if (el >= target || batch >= ((size_t)1 << 24))
			break;
		if (el < target / 64)
			batch *= 16;
		else {
			size_t next = (size_t)((double)batch * target * 1.2 / el) + 1;

			batch = next > batch ? next : batch + 1;
		}
	}
	return batch;
}

static int
same_position(const struct point *a, const struct point *b)
{
	return a->size == b->size && a->src_off == b->src_off &&
	    a->dst_off == b->dst_off && a->cache == b->cache &&
	    a->mode == b->mode;
}

static double
now_seconds(void)
{
	return (double)timer_ns() / 1e9;
}

static void
progress(const struct engine_opts *o, size_t done, size_t total, double t0)
{
	static double last;
	double el, left, now;

	if (!o->progress)
		return;
	now = now_seconds();
	if (done != total && now - last < 0.25)
		return;
	last = now;
	el = now - t0;
	left = done ? el * (double)(total - done) / (double)done : 0;
	fprintf(stderr, "\r%3zu%%  %.0fs elapsed, ~%.0fs left ",
	    total ? done * 100 / total : 100, el, left);
	if (done == total)
		fprintf(stderr, "\r%60s\r", "");
	fflush(stderr);
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
	engine_sink += x;
}

struct group {
	size_t	first, n;	/* points [first, first+n) */
	struct bufs b;
};

void
engine_run(struct point *pts, size_t npts, const struct engine_opts *o)
{
	const struct timer_info *ti = o->ti;
	uint64_t seed = o->seed ? o->seed : UINT64_C(0x5eed);
	double empty[K_NFAMILIES];
	double target = o->sample_time * ti->hz;
	size_t g, ngroups = 0, i, j, r, *order, round, nrounds, per, done = 0;
	size_t total_samples;
	double t_start = now_seconds();
	int have_empty[K_NFAMILIES] = { 0 };
	struct arena ar;
	struct group *groups;

	if (npts == 0)
		return;
	if (target < 200 * ti->resolution)
		target = 200 * ti->resolution;
	if (target < 50 * ti->overhead)
		target = 50 * ti->overhead;
	arena_setup(&ar, pts, npts, o, &seed);
	/* Points of a group are adjacent (the caller builds them so). */
	groups = xcalloc(npts, sizeof(*groups));
	for (i = 0; i < npts; i = j) {
		for (j = i + 1; j < npts && same_position(&pts[i], &pts[j]); j++)
			;
		groups[ngroups].first = i;
		groups[ngroups].n = j - i;
		bufs_for(&groups[ngroups].b, &ar, &pts[i], o);
		ngroups++;
	}
	order = xcalloc(npts, sizeof(*order));
	spin_up(0.1);

	/* Calibrate every point's batch, and each family's empty cost. */
	for (g = 0; g < ngroups; g++) {
		struct group *gr = &groups[g];

		for (i = gr->first; i < gr->first + gr->n; i++) {
			enum kfamily f = pts[i].k->family;

			if (!have_empty[f]) {
				empty[f] = empty_cost(f, &gr->b, ti);
				have_empty[f] = 1;
			}
			pts[i].batch = calibrate_batch(&pts[i], &gr->b, target,
			    ti);
			pts[i].overhead = empty[f] + ti->overhead /
			    (double)pts[i].batch;
			pts[i].samples = xcalloc(o->reps, sizeof(double));
			pts[i].nsamples = 0;
		}
	}

	/*
	 * Sample in rounds: each round visits every group and takes a share
	 * of its samples, so a burst of noise from elsewhere on the machine
	 * lands on a few samples of many points rather than on every sample
	 * of one point.
	 */
	nrounds = o->reps < 5 ? o->reps : 5;
	per = (o->reps + nrounds - 1) / nrounds;
	total_samples = o->reps * ngroups;
	for (round = 0; round < nrounds; round++) {
		for (g = 0; g < ngroups; g++) {
			struct group *gr = &groups[g];
			size_t ng = gr->n, want;

			/* Warm up every kernel of the group, in order. */
			for (r = 0; r < o->warmup; r++)
				for (i = gr->first; i < gr->first + ng; i++)
					(void)batch_time(pts[i].k->family,
					    pts[i].k->fn, &gr->b, pts[i].size,
					    pts[i].batch, ti);
			for (i = 0; i < ng; i++)
				order[i] = gr->first + i;
			want = (round + 1) * per < o->reps ?
			    (round + 1) * per : o->reps;
			while (pts[gr->first].nsamples < want) {
				/* Fisher-Yates shuffle of the visiting order. */
				for (i = ng; i > 1; i--) {
					size_t k = (size_t)(rng_next(&seed) % i);
					size_t t = order[i - 1];

					order[i - 1] = order[k];
					order[k] = t;
				}
				for (j = 0; j < ng; j++) {
					struct point *p = &pts[order[j]];
					double el = (double)batch_time(
					    p->k->family, p->k->fn, &gr->b,
					    p->size, p->batch, ti);

					p->samples[p->nsamples++] =
					    (el - ti->overhead) /
					    (double)p->batch -
					    empty[p->k->family];
				}
				done++;
			}
			progress(o, done, total_samples, t_start);
		}
	}
	for (i = 0; i < npts; i++)
		stats_compute(pts[i].samples, pts[i].nsamples, &pts[i].st);
	free(order);
	free(groups);
	arena_free(&ar);
}

void
engine_free(struct point *pts, size_t npts)
{
	size_t i;

	for (i = 0; i < npts; i++) {
		free(pts[i].samples);
		pts[i].samples = NULL;
	}
}
