/*
 * engine.c - the measurement engine.
 *
 * Points that share a grid position (size, offsets, cache state, mode) form
 * a group. A group's kernels are calibrated, warmed up, then sampled in
 * repetitions; within each repetition every kernel of the group is visited
 * once, in a freshly shuffled order, so that drift of the machine (other
 * tenants, frequency) hits every kernel alike and paired comparisons within
 * a repetition stay fair.
 *
 * Sampling is adaptive: every point gets at least --reps samples and
 * --min-time of sampling; then groups whose points' 95% CI of the median
 * is still wider than --target-ci get more repetitions, in further rounds
 * over the whole sweep, until the target or --max-time is reached. All
 * points of a group keep the same number of samples, so sample i of two
 * kernels stays a pair taken close together in time.
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

/*
 * Empty kernels, NEMPTY per family, at different places in the code: the
 * floor subtracted from every sample is the median of their costs in the
 * same repetition. Several, because a call through the loop's pointer
 * costs about 5 or about 8 cycles depending on the target and on the
 * process (see the primers below), and the median of three places is what
 * a typical function pays, where one alone would be a lottery.
 */
#define NEMPTY	3

#define EMPTY_SET(K)							\
static void *								\
empty_memcpy_##K(void *d, const void *s, size_t n)			\
{									\
	__asm__ volatile("" ::: "memory");				\
	return d;							\
}									\
static void *								\
empty_memset_##K(void *d, int c, size_t n)				\
{									\
	__asm__ volatile("" ::: "memory");				\
	return d;							\
}									\
static size_t								\
empty_copy_##K(void *d, const void *s, size_t n)			\
{									\
	__asm__ volatile("" ::: "memory");				\
	return 0;							\
}									\
static uint32_t								\
empty_csum_##K(const void *b, size_t n, uint32_t sum)			\
{									\
	__asm__ volatile("" ::: "memory");				\
	return sum;							\
}									\
static uint32_t								\
empty_csum_copy_##K(const void *s, void *d, size_t n, uint32_t sum)	\
{									\
	__asm__ volatile("" ::: "memory");				\
	return sum;							\
}									\
static uint32_t								\
empty_csum_diff_##K(const void *f, size_t fn, const void *t, size_t tn,	\
    uint32_t seed)							\
{									\
	__asm__ volatile("" ::: "memory");				\
	return seed;							\
}

EMPTY_SET(0)
/* Some distance between the sets (a different page, another alignment). */
__attribute__((used, aligned(4096))) static void empty_gap1(void) { }
EMPTY_SET(1)
__attribute__((used, aligned(2048))) static void empty_gap2(void) { }
EMPTY_SET(2)

#define EMPTY_CASE(K)							\
	case K:								\
		switch (f) {						\
		case K_MEMCPY: u.memcpy = empty_memcpy_##K; break;	\
		case K_MEMSET: u.memset = empty_memset_##K; break;	\
		case K_COPY: u.copy = empty_copy_##K; break;		\
		case K_CSUM: u.csum = empty_csum_##K; break;		\
		case K_CSUM_COPY: u.csum_copy = empty_csum_copy_##K; break; \
		default: u.csum_diff = empty_csum_diff_##K; break;	\
		}							\
		break;

/* Empty kernel number k (0..NEMPTY-1) of a family. */
static union kfn
empty_fn(enum kfamily f, int k)
{
	union kfn u;

	switch (k) {
	EMPTY_CASE(0)
	EMPTY_CASE(1)
	default:
	EMPTY_CASE(2)
	}
	return u;
}

/*
 * Priming functions: one call of the family's primer, through the same
 * call instruction, goes before every timed batch, and every loop is
 * trained with its primer before anything is measured. Why: on the
 * machine this was developed on (AMD Zen 4 under KVM, sharing its cores),
 * a call through the batch loop's function pointer costs either about 5 or
 * about 8 cycles depending on the target function, and which targets pay
 * the 3 extra cycles changes from process to process (a predictor effect;
 * two identical empty functions were measured 3 cycles apart); the few
 * fast ones tended to be the first targets the loop met. The primer, never
 * measured, is the first; with the floor taken as the median of NEMPTY
 * empty functions, an empty kernel measured 0 in 24 of 24 processes, where
 * one floor function alone gave 3 cycles in most of them.
 */
#define PRIMER __attribute__((aligned(4096), noinline))

static PRIMER void *
prime_memcpy(void *d, const void *s, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return d;
}

static PRIMER void *
prime_memset(void *d, int c, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return d;
}

static PRIMER size_t
prime_copy(void *d, const void *s, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return 0;
}

static PRIMER uint32_t
prime_csum(const void *b, size_t n, uint32_t sum)
{
	__asm__ volatile("" ::: "memory");
	return sum;
}

static PRIMER uint32_t
prime_csum_copy(const void *s, void *d, size_t n, uint32_t sum)
{
	__asm__ volatile("" ::: "memory");
	return sum;
}

static PRIMER uint32_t
prime_csum_diff(const void *f, size_t fn, const void *t, size_t tn,
    uint32_t seed)
{
	__asm__ volatile("" ::: "memory");
	return seed;
}

static union kfn
prime_fn(enum kfamily f)
{
	union kfn u;

	switch (f) {
	case K_MEMCPY:
		u.memcpy = prime_memcpy;
		break;
	case K_MEMSET:
		u.memset = prime_memset;
		break;
	case K_COPY:
		u.copy = prime_copy;
		break;
	case K_CSUM:
		u.csum = prime_csum;
		break;
	case K_CSUM_COPY:
		u.csum_copy = prime_csum_copy;
		break;
	default:
		u.csum_diff = prime_csum_diff;
		break;
	}
	return u;
}


/*
 * The buffers: one mapping for sources and one for destinations, shared by
 * every group. Hot points use the first slot only. Cold points visit slots
 * spread over twice the last-level cache in a random order fixed by the
 * seed: a slot has been evicted by the time the rotation comes back to it,
 * and no prefetcher can learn a stride from one call to the next (a
 * sequential rotation through small slots is a stream the prefetchers
 * follow, so it would not be cold at all).
 */
struct arena {
	unsigned char	*src_map, *dst_map;
	size_t		 map_len;
	int		 hugepages;
};

/* One group's view of the arena. */
struct bufs {
	unsigned char	*src, *dst;	/* first slot, offsets applied */
	size_t		 stride;	/* bytes between slots */
	size_t		 npool;		/* slots; 1 when hot */
	size_t		*off;		/* byte offset of each visit, npool long */
	size_t		 idx;		/* next visit (cold rotation) */
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

/* The largest offset of a point, and the distance between its cold slots. */
static size_t
point_off(const struct point *p)
{
	return p->src_off > p->dst_off ? p->src_off : p->dst_off;
}

static size_t
slot_stride(const struct point *p, size_t page)
{
	size_t off = point_off(p);

	/*
	 * Slots are 64-byte aligned, so every slot keeps offsets below 64.
	 * An offset of 64 or more is about the position in the page (a page-
	 * crossing point), so then slots are page aligned and keep it.
	 */
	return ROUND_UP(p->size + off + 64, off >= 64 ? page : 64);
}

static void
arena_setup(struct arena *ar, const struct point *pts, size_t npts,
    const struct engine_opts *o, uint64_t *seed)
{
	size_t i, need, max = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	int cold = 0;

	for (i = 0; i < npts; i++) {
		const struct point *p = &pts[i];

		need = ROUND_UP(p->size + point_off(p) + 64, page);
		if (p->cache == CACHE_COLD) {
			size_t pool = cold_pool_bytes(o), st = slot_stride(p, page);

			/* At least two slots, and the pool. */
			need = st * 2 > pool ? st * 2 : pool;
			need = ROUND_UP(need + point_off(p) + 64, page);
			cold = 1;
		}
		if (need > max)
			max = need;
	}
	/* Room for the destination's skew (dst_base). */
	max += page;
	ar->map_len = max;
	ar->src_map = map_region(max);
	ar->dst_map = map_region(max);
	ar->hugepages = 0;
#ifdef MADV_HUGEPAGE
	/*
	 * A cold pool on small pages would add a TLB miss to nearly every
	 * call; the kernel's own buffers live in huge-page mappings, so ask
	 * for huge pages and make "cold" mean out of cache.
	 */
	if (cold)
		ar->hugepages = madvise(ar->src_map, max, MADV_HUGEPAGE) == 0 &&
		    madvise(ar->dst_map, max, MADV_HUGEPAGE) == 0;
#endif
	fill_random(ar->src_map, max, seed);
	fill_random(ar->dst_map, max, seed);
}

static void
arena_free(struct arena *ar)
{
	munmap(ar->src_map, ar->map_len);
	munmap(ar->dst_map, ar->map_len);
}

/*
 * Where the destination's offset counts from. Source and destination maps
 * are page aligned; were both offsets counted from their starts, every
 * source byte would share the low 12 address bits with the destination
 * byte of the same index (4K aliasing): loads of the next call then look
 * as if they depended on the stores of the last one, and on Zen 4 runs
 * came out in two states, one a mispredict-sized 20 cycles per call slower
 * for a 64-byte memcpy. So offsets below 64 (about the cache line) count
 * from half a page into the destination map. Offsets of 64 and more are
 * about the position in the page (page-crossing points) and count from the
 * page itself.
 */
#define DST_SKEW	2048

static size_t
dst_base(const struct point *p)
{
	return p->dst_off < 64 ? DST_SKEW : 0;
}

static void
bufs_for(struct bufs *b, const struct arena *ar, const struct point *p,
    const struct engine_opts *o, uint64_t *seed)
{
	size_t i, page = (size_t)sysconf(_SC_PAGESIZE);

	memset(b, 0, sizeof(*b));
	b->src = ar->src_map + p->src_off;
	b->dst = ar->dst_map + dst_base(p) + p->dst_off;
	b->npool = 1;
	b->stride = 0;
	if (p->cache == CACHE_COLD) {
		b->stride = slot_stride(p, page);
		b->npool = cold_pool_bytes(o) / b->stride;
		if (b->npool < 2)
			b->npool = 2;
		while (b->npool > 2 && b->stride * b->npool + point_off(p) +
		    DST_SKEW + 64 > ar->map_len)
			b->npool--;
		/* A random visiting order of the slots (Fisher-Yates). */
		b->off = xcalloc(b->npool, sizeof(*b->off));
		for (i = 0; i < b->npool; i++)
			b->off[i] = i * b->stride;
		for (i = b->npool; i > 1; i--) {
			size_t k = (size_t)(rng_next(seed) % i);
			size_t t = b->off[i - 1];

			b->off[i - 1] = b->off[k];
			b->off[k] = t;
		}
	}
}

/*
 * Time one batch of `batch` calls. The family, mode and pool choices are
 * outside the loops; each loop body is one indirect call whose result is
 * accumulated into a value that ends in the sink. The first WARM calls go
 * through the same loop but before the clock starts: the first calls of a
 * batch pay for the switch from the last function called (a mispredicted
 * call, the kernel's own branches and lines to warm again), a cost that
 * differs by kernel, so left in the batch it would weigh more per call in
 * short batches than in long ones.
 *
 * In latency mode, `dep` carries the previous call's result into the next
 * call's addresses: dep = result & zero, where zero is 0 but opaque to the
 * compiler, so the AND is a real dependency the CPU must wait for, and the
 * addresses do not change.
 */
#define TIMED(BODY)							\
	do {								\
		unsigned char *s0 = b->src, *d0 = b->dst;		\
		size_t end = batch + WARM;				\
		if (b->npool == 1) {					\
			for (i = 0; i < end; i++) {			\
				unsigned char *S = s0, *D = d0;		\
				(void)S;				\
				(void)D;				\
				if (i == WARM)				\
					t0 = timer_start(ti);		\
				BODY;					\
			}						\
			t1 = timer_stop(ti);				\
		} else {						\
			const size_t *off = b->off;			\
			size_t ix = b->idx, np = b->npool;		\
			for (i = 0; i < end; i++) {			\
				unsigned char *S = s0 + off[ix];	\
				unsigned char *D = d0 + off[ix];	\
				(void)S;				\
				(void)D;				\
				if (i == WARM)				\
					t0 = timer_start(ti);		\
				BODY;					\
				if (++ix == np)				\
					ix = 0;				\
			}						\
			t1 = timer_stop(ti);				\
			b->idx = ix;					\
		}							\
	} while (0)

#define WARM	4

static uint64_t
batch_loop(enum kfamily fam, union kfn fn, struct bufs *b, size_t n,
    size_t batch, int mode, const struct timer_info *ti)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	size_t i, last = n ? n - 1 : 0, dep = 0, zero = 0;
	uint32_t sum = 0;

	/* Hide the pointer's origin so no call can be devirtualised. */
	__asm__ volatile("" : "+r"(fn.any));
	/* Hide that zero is zero. */
	__asm__ volatile("" : "+r"(zero));
	if (mode == MODE_THROUGHPUT) {
		switch (fam) {
		case K_MEMCPY:
			TIMED(acc += (uintptr_t)fn.memcpy(D, S, n));
			break;
		case K_MEMSET:
			TIMED(acc += (uintptr_t)fn.memset(D, 0xa5, n));
			break;
		case K_COPY:
			TIMED(acc += fn.copy(D, S, n));
			break;
		case K_CSUM:
			TIMED(acc += fn.csum(S, n, 0));
			break;
		case K_CSUM_COPY:
			TIMED(acc += fn.csum_copy(S, D, n, 0));
			break;
		case K_CSUM_DIFF:
			TIMED(acc += fn.csum_diff(S, n, D, n, 0));
			break;
		default:
			break;
		}
	} else {
		switch (fam) {
		case K_MEMCPY:
			TIMED(acc += (uintptr_t)fn.memcpy(D, S + dep, n);
			    dep = (size_t)(D[0] + D[last]) & zero);
			break;
		case K_MEMSET:
			TIMED(acc += (uintptr_t)fn.memset(D + dep, 0xa5, n);
			    dep = (size_t)(D[0] + D[last]) & zero);
			break;
		case K_COPY:
			TIMED(acc += fn.copy(D, S + dep, n);
			    dep = (size_t)(acc + D[0] + D[last]) & zero);
			break;
		case K_CSUM:
			TIMED(sum = fn.csum(S + dep, n, sum);
			    dep = (size_t)sum & zero);
			break;
		case K_CSUM_COPY:
			TIMED(sum = fn.csum_copy(S + dep, D, n, sum);
			    dep = (size_t)(sum + D[0] + D[last]) & zero);
			break;
		case K_CSUM_DIFF:
			TIMED(sum = fn.csum_diff(S + dep, n, D + dep, n, sum);
			    dep = (size_t)sum & zero);
			break;
		default:
			break;
		}
		acc += sum + dep;
	}
	engine_sink += acc;
	return t1 - t0;
}

/*
 * One timed batch, after one call of the family's primer through the same
 * loop (see prime_fn). The primer runs on a copy of the buffer view whose
 * slots are all the first one, so a cold rotation does not move.
 */
static uint64_t
batch_time(enum kfamily fam, union kfn fn, struct bufs *b, size_t n,
    size_t batch, int mode, const struct timer_info *ti)
{
	static size_t zeros[2];
	struct bufs pb = *b;

	if (pb.npool > 1) {
		pb.off = zeros;
		pb.npool = 2;	/* keep the pool loop; one call reads slot 0 */
		pb.idx = 0;
	}
	(void)batch_loop(fam, prime_fn(fam), &pb, n, 1, mode, ti);
	return batch_loop(fam, fn, b, n, batch, mode, ti);
}

/*
 * The batch for a sample of about target units: find a batch that reaches
 * it, time that batch a few times, and from the median per-call cost pick
 * the batch that fits, rounded to the nearest power of two (from 8 calls
 * up). Kernels of about the same cost then get the same batch size, so the
 * fixed cost of a batch weighs the same per call for both, and noise in
 * calibrating cannot tell two identical kernels apart.
 */
static size_t
calibrate_fn(enum kfamily fam, union kfn fn, struct bufs *b, size_t n,
    int mode, double target, const struct timer_info *ti, double *units)
{
	enum { N = 5 };
	size_t batch = 1, p2;
	double el, t[N], per, want;
	int i;

	for (;;) {
		el = (double)batch_time(fam, fn, b, n, batch, mode, ti);
		if (el >= target || batch >= ((size_t)1 << 24))
			break;
		if (el < target / 64)
			batch *= 16;
		else {
			size_t next = (size_t)((double)batch * target * 1.2 / el) + 1;

			batch = next > batch ? next : batch + 1;
		}
	}
	if (batch < 8) {
		*units = el;
		return batch;
	}
	for (i = 0; i < N; i++)
		t[i] = (double)batch_time(fam, fn, b, n, batch, mode, ti);
	per = stats_median(t, N) / (double)batch;
	want = per > 0 ? target / per : (double)batch;
	for (p2 = 8; (double)(p2 * 2) <= want && p2 < ((size_t)1 << 24); p2 *= 2)
		;
	/* Nearest in log scale: sqrt(2) * p2 is the midpoint. */
	if (want > 1.41421356 * (double)p2 && p2 < ((size_t)1 << 24))
		p2 *= 2;
	*units = per * (double)p2;
	return p2;
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

/*
 * The progress line. While the planned samples are taken, the time left is
 * the planned work not yet done at the rate seen so far (work is counted in
 * calibrated batch durations, so a slow point counts for more); while
 * groups are refined towards --target-ci, it is an upper bound: what the
 * unfinished groups may still spend under --max-time.
 */
struct progress {
	int	 on;
	double	 t0, last;
	double	 planned, done;		/* seconds of batches */
	double	 spent;			/* seconds of the points' batches, as timed */
};

static void
progress_show(struct progress *pr, size_t refining, size_t ngroups,
    double bound, int final)
{
	double el, left, now;

	if (!pr->on)
		return;
	now = now_seconds();
	if (!final && now - pr->last < 0.25)
		return;
	pr->last = now;
	el = now - pr->t0;
	if (final) {
		fprintf(stderr, "\r%70s\r", "");
	} else if (!refining) {
		double f = pr->planned > 0 ? pr->done / pr->planned : 1;

		if (f > 1)
			f = 1;
		left = f > 0 ? el * (1 - f) / f : 0;
		fprintf(stderr, "\r%3.0f%%  %.0fs elapsed, ~%.0fs left      ",
		    f * 100, el, left);
	} else {
		/*
		 * bound is in seconds of the points' own batches; the wall
		 * clock also pays warm-up, the empty kernels, and whatever
		 * else runs on the machine, at the rate seen so far.
		 */
		if (pr->spent > 0)
			bound *= el / pr->spent;
		fprintf(stderr, "\rrefining %zu of %zu points  %.0fs elapsed, "
		    "<= %.0fs left   ", refining, ngroups, el, bound);
	}
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

/*
 * The empty kernel of one family, sampled as a hidden member of a group:
 * the floor subtracted from that family's samples in the same repetition.
 * Measured alongside, not once at the start, because the floor moves with
 * the state of the machine (on a shared core it was seen to jump by three
 * cycles per call for seconds at a time, when the sibling got busy).
 */
struct empty {
	enum kfamily	 fam;
	int		 k;		/* which of the family's NEMPTY */
	size_t		 batch;
	double		 units;		/* one batch, at calibration */
	double		 cur;		/* this repetition's per-call cost */
};

struct group {
	size_t	first, n;	/* points [first, first+n) */
	struct bufs b;
	struct bufs eb;		/* the empties' view: hot slots, same loop */
	struct empty e[K_NFAMILIES * NEMPTY];
	int	ne;
	int	fam_e[K_NFAMILIES];	/* family -> its first empty in e, or -1 */
	struct {			/* the floor of every repetition */
		double	*v;
		size_t	 n, cap;
	} fl[K_NFAMILIES];		/* by family */
	int	active;		/* still sampling */
};

/* Append x to a growing array. */
static void
push(double **v, size_t *n, size_t *cap, double x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 32;
		*v = xreallocarray(*v, *cap, sizeof(double));
	}
	(*v)[(*n)++] = x;
}

/*
 * Take `reps` repetitions of a group: each visits every kernel and every
 * family's empty kernel once, in a fresh random order; then each kernel's
 * sample is its per-call cost less the empty one's of that repetition.
 */
static void
sample_group(struct point *pts, struct group *gr, size_t reps, size_t warmup,
    size_t *order, double *raw, uint64_t *seed, const struct engine_opts *o,
    struct progress *pr)
{
	const struct timer_info *ti = o->ti;
	size_t i, j, r, ng = gr->n, nv = gr->n + (size_t)gr->ne;
	size_t n = pts[gr->first].size;
	int mode = pts[gr->first].mode, f;
	struct empty *e;
	double floor_now[K_NFAMILIES];

	/* Warm up every kernel of the group, in order. */
	for (r = 0; r < warmup; r++) {
		for (i = gr->first; i < gr->first + ng; i++)
			(void)batch_time(pts[i].k->family, pts[i].k->fn, &gr->b,
			    pts[i].size, pts[i].batch, pts[i].mode, ti);
		for (i = 0; i < (size_t)gr->ne; i++)
			(void)batch_time(gr->e[i].fam, empty_fn(gr->e[i].fam,
			    gr->e[i].k), &gr->eb, n, gr->e[i].batch, mode, ti);
	}
	/* Visits 0..ng-1 are the points, ng.. the empties. */
	for (i = 0; i < nv; i++)
		order[i] = i;
	for (r = 0; r < reps; r++) {
		/* Fisher-Yates shuffle of the visiting order. */
		for (i = nv; i > 1; i--) {
			size_t k = (size_t)(rng_next(seed) % i);
			size_t t = order[i - 1];

			order[i - 1] = order[k];
			order[k] = t;
		}
		for (j = 0; j < nv; j++) {
			size_t v = order[j];
			double el;

			if (v < ng) {
				struct point *p = &pts[gr->first + v];

				el = (double)batch_time(p->k->family, p->k->fn,
				    &gr->b, p->size, p->batch, p->mode, ti);
				raw[v] = (el - ti->overhead) / (double)p->batch;
				p->spent += el / ti->hz;
				pr->spent += el / ti->hz;
				pr->done += p->batch_units / ti->hz;
			} else {
				e = &gr->e[v - ng];
				el = (double)batch_time(e->fam, empty_fn(e->fam,
				    e->k), &gr->eb, n, e->batch, mode, ti);
				e->cur = (el - ti->overhead) / (double)e->batch;
				pr->done += e->units / ti->hz;
			}
		}
		/* This repetition's floor of each family: the median. */
		for (f = 0; f < K_NFAMILIES; f++) {
			double c[NEMPTY];
			int k;

			if (gr->fam_e[f] < 0)
				continue;
			for (k = 0; k < NEMPTY; k++)
				c[k] = gr->e[gr->fam_e[f] + k].cur;
			floor_now[f] = stats_median(c, NEMPTY);
			push(&gr->fl[f].v, &gr->fl[f].n, &gr->fl[f].cap,
			    floor_now[f]);
		}
		for (i = 0; i < ng; i++) {
			struct point *p = &pts[gr->first + i];

			push(&p->samples, &p->nsamples, &p->cap,
			    raw[i] - floor_now[p->k->family]);
		}
	}
}

/*
 * Statistics of a point, with an honest CI of the median. The order-
 * statistic interval of stats_compute assumes independent samples; on a
 * shared machine they are not: a state (a busy sibling thread, a predictor
 * state) persists over many consecutive samples, and that interval comes
 * out far narrower than the run-to-run spread. So the interval is widened
 * to cover a batch-medians interval too: the samples, in the order taken,
 * are cut into NBLOCK blocks of consecutive samples (taken at different
 * times of the run), and median +- t(NBLOCK-1) * sd(block medians) /
 * sqrt(NBLOCK) must lie inside it.
 */
#define NBLOCK		5
#define T975_4		2.776445105	/* Student's t, 4 degrees of freedom */

static void
point_stats(const double *x, size_t n, struct stats *st)
{
	double bm[NBLOCK], mean = 0, var = 0, half;
	size_t b;

	stats_compute(x, n, st);
	if (n < 4 * NBLOCK)
		return;
	for (b = 0; b < NBLOCK; b++) {
		size_t lo = n * b / NBLOCK, hi = n * (b + 1) / NBLOCK;

		bm[b] = stats_median(x + lo, hi - lo);
		mean += bm[b];
	}
	mean /= NBLOCK;
	for (b = 0; b < NBLOCK; b++)
		var += (bm[b] - mean) * (bm[b] - mean);
	half = T975_4 * sqrt(var / (NBLOCK - 1)) / sqrt((double)NBLOCK);
	if (st->median - half < st->ci_lo)
		st->ci_lo = st->median - half;
	if (st->median + half > st->ci_hi)
		st->ci_hi = st->median + half;
}

/*
 * Is the group finished? When every point has its minimum samples and
 * time and meets --target-ci; or, once the minimums are met, when a point
 * has used up --max-time; or at the sample cap. Sets each point's
 * converged flag.
 */
static int
group_done(struct point *pts, const struct group *gr,
    const struct engine_opts *o, size_t max_samples)
{
	size_t i;
	int need_min = 0, need_ci = 0, out = 0;

	for (i = gr->first; i < gr->first + gr->n; i++) {
		struct point *p = &pts[i];

		if (p->nsamples < o->reps || p->spent < o->min_time)
			need_min = 1;
		p->converged = 1;
		if (o->target_ci > 0) {
			struct stats st;
			double tol;

			point_stats(p->samples, p->nsamples, &st);
			/* Relative to the median, or to 1 unit near 0. */
			tol = o->target_ci * (fabs(st.median) > 1 ?
			    fabs(st.median) : 1);
			if (!(st.median - st.ci_lo <= tol &&
			    st.ci_hi - st.median <= tol)) {
				p->converged = 0;
				need_ci = 1;
			}
		}
		if (o->max_time > 0 && p->spent >= o->max_time)
			out = 1;
		if (p->nsamples >= max_samples)
			return 1;
	}
	if (need_min)
		return 0;
	return !need_ci || out;
}

/* The empties' view of a group's buffers: hot, but the same loop. */
static void
empty_bufs(struct bufs *eb, const struct bufs *b)
{
	enum { NOFF = 256 };
	static size_t zeros[NOFF];

	*eb = *b;
	if (b->npool > 1) {
		/*
		 * In latency mode the loop loads the destination's first and
		 * last bytes, which a real kernel has just written (so they
		 * are in cache): the empty kernel's must be in cache too, or
		 * the floor would include a miss the kernel does not pay.
		 */
		eb->off = zeros;
		eb->npool = NOFF;
		eb->idx = 0;
	}
}

void
engine_run(struct point *pts, size_t npts, const struct engine_opts *o,
    struct engine_report *rep)
{
	const struct timer_info *ti = o->ti;
	uint64_t seed = o->seed ? o->seed : UINT64_C(0x5eed);
	double target = o->sample_time * ti->hz, *raw;
	size_t g, ngroups = 0, i, j, *order, round, nrounds, per, active;
	size_t max_samples = o->max_samples ? o->max_samples : 100000;
	struct progress pr = { 0 };
	struct arena ar;
	struct group *groups;
	double t_start = now_seconds();
	int f;

	if (rep != NULL)
		memset(rep, 0, sizeof(*rep));
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
		struct group *gr = &groups[ngroups];

		for (j = i + 1; j < npts && same_position(&pts[i], &pts[j]); j++)
			;
		gr->first = i;
		gr->n = j - i;
		gr->active = 1;
		bufs_for(&gr->b, &ar, &pts[i], o, &seed);
		empty_bufs(&gr->eb, &gr->b);
		for (f = 0; f < K_NFAMILIES; f++)
			gr->fam_e[f] = -1;
		for (j = i; j < i + gr->n; j++) {
			f = (int)pts[j].k->family;
			if (gr->fam_e[f] < 0) {
				int k;

				gr->fam_e[f] = gr->ne;
				for (k = 0; k < NEMPTY; k++) {
					gr->e[gr->ne].fam = (enum kfamily)f;
					gr->e[gr->ne++].k = k;
				}
			}
		}
		j = i + gr->n;
		ngroups++;
	}
	order = xcalloc(npts + K_NFAMILIES * NEMPTY, sizeof(*order));
	raw = xcalloc(npts, sizeof(*raw));
	spin_up(0.1);
	/*
	 * Establish the primers first: a call site keeps the first target it
	 * has learned well, so train every loop the run uses with its primer
	 * before any measured function goes through it.
	 */
	{
		unsigned char trained[K_NFAMILIES][2][2];

		memset(trained, 0, sizeof(trained));
		for (g = 0; g < ngroups; g++) {
			struct group *gr = &groups[g];
			int c = gr->b.npool > 1, m = pts[gr->first].mode;

			for (f = 0; f < gr->ne; f++) {
				enum kfamily fam = gr->e[f].fam;

				if (trained[fam][c][m])
					continue;
				trained[fam][c][m] = 1;
				(void)batch_loop(fam, prime_fn(fam), &gr->eb,
				    pts[gr->first].size, 20000, m, ti);
			}
		}
	}

	/* Calibrate every point's batch, and the empties'. */
	for (g = 0; g < ngroups; g++) {
		struct group *gr = &groups[g];

		for (f = 0; f < gr->ne; f++) {
			struct empty *e = &gr->e[f];

			/*
			 * As long as a kernel's sample: the cost per call of a
			 * batch is not quite independent of its length, so a
			 * floor from shorter batches measured an empty kernel
			 * at -0.1 tick.
			 */
			e->batch = calibrate_fn(e->fam, empty_fn(e->fam, e->k),
			    &gr->eb, pts[gr->first].size, pts[gr->first].mode,
			    target, ti, &e->units);

			pr.planned += (double)o->reps * e->units / ti->hz;
		}
		for (i = gr->first; i < gr->first + gr->n; i++) {
			struct point *p = &pts[i];

			p->batch = calibrate_fn(p->k->family, p->k->fn, &gr->b,
			    p->size, p->mode, target, ti, &p->batch_units);
			free(p->samples);
			p->samples = NULL;
			p->cap = 0;
			p->nsamples = 0;
			p->spent = 0;
			p->converged = 0;
			pr.planned += (double)o->reps * p->batch_units / ti->hz;
		}
	}
	pr.on = o->progress;
	pr.t0 = now_seconds();

	/*
	 * The planned samples, in rounds: each round visits every group and
	 * takes a share of its samples, so a burst of noise from elsewhere on
	 * the machine lands on a few samples of many points rather than on
	 * every sample of one point.
	 */
	nrounds = o->reps < 5 ? o->reps : 5;
	per = (o->reps + nrounds - 1) / nrounds;
	for (round = 0; round < nrounds; round++) {
		for (g = 0; g < ngroups; g++) {
			struct group *gr = &groups[g];
			size_t have = pts[gr->first].nsamples;
			size_t want = (round + 1) * per < o->reps ?
			    (round + 1) * per : o->reps;

			if (want > have)
				sample_group(pts, gr, want - have, o->warmup,
				    order, raw, &seed, o, &pr);
			progress_show(&pr, 0, ngroups, 0, 0);
		}
	}

	/*
	 * Refinement: more rounds over the groups that have not met
	 * --min-time and --target-ci, until done or out of budget. Each round
	 * adds a few repetitions to every such group (a share of --reps, not
	 * of the samples so far), so that a group's samples stay spread over
	 * the time of the run: a second-long disturbance (a busy sibling
	 * thread, another tenant) then shifts a few samples of many points,
	 * not most samples of a few.
	 */
	for (;;) {
		double bound = 0;
		size_t npend = 0;

		active = 0;
		for (g = 0; g < ngroups; g++) {
			struct group *gr = &groups[g];

			if (!gr->active)
				continue;
			if (group_done(pts, gr, o, max_samples)) {
				gr->active = 0;
				continue;
			}
			active++;
			npend += gr->n;
			if (o->max_time > 0)
				for (i = gr->first; i < gr->first + gr->n; i++)
					bound += o->max_time - pts[i].spent > 0 ?
					    o->max_time - pts[i].spent : 0;
		}
		if (active == 0)
			break;
		for (g = 0; g < ngroups; g++) {
			struct group *gr = &groups[g];
			size_t have, more;

			if (!gr->active)
				continue;
			have = pts[gr->first].nsamples;
			more = per > 8 ? per : 8;
			if (have + more > max_samples)
				more = max_samples > have ? max_samples - have : 1;
			sample_group(pts, gr, more, o->warmup ? 1 : 0, order, raw,
			    &seed, o, &pr);
			progress_show(&pr, npend, npts,
			    o->max_time > 0 ? bound : 0, 0);
		}
	}
	progress_show(&pr, 0, ngroups, 0, 1);

	for (g = 0; g < ngroups; g++) {
		struct group *gr = &groups[g];

		for (i = gr->first; i < gr->first + gr->n; i++) {
			int fam = (int)pts[i].k->family;

			point_stats(pts[i].samples, pts[i].nsamples,
			    &pts[i].st);
			pts[i].overhead = stats_median(gr->fl[fam].v,
			    gr->fl[fam].n) + ti->overhead /
			    (double)pts[i].batch;
		}
	}
	if (rep != NULL) {
		rep->npoints = npts;
		rep->min_samples = (size_t)-1;
		for (i = 0; i < npts; i++) {
			if (o->target_ci > 0 && !pts[i].converged)
				rep->unconverged++;
			if (pts[i].nsamples < rep->min_samples)
				rep->min_samples = pts[i].nsamples;
			if (pts[i].nsamples > rep->max_samples)
				rep->max_samples = pts[i].nsamples;
		}
		rep->seconds = now_seconds() - t_start;
		rep->cold_hugepages = ar.hugepages;
		for (g = 0; g < ngroups; g++)
			if (groups[g].b.npool > 1) {
				rep->cold_pool = groups[g].b.npool *
				    groups[g].b.stride;
				break;
			}
	}
	for (g = 0; g < ngroups; g++) {
		free(groups[g].b.off);
		for (f = 0; f < K_NFAMILIES; f++)
			free(groups[g].fl[f].v);
	}
	free(raw);
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
		pts[i].cap = 0;
	}
}
