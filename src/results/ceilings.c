/*
 * ceilings.c - measured ceilings (see ceilings.h for the method).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ceilings.h"
#include "decimal.h"
#include "names.h"
#include "provenance.h"
#include "stats.h"
#include "timer.h"

/* Rounds of the three patterns at least, and at most, per level. */
#define CEIL_MIN_ROUNDS	7
#define CEIL_MAX_ROUNDS	400
/* Each level's share of the time: the caches, then memory. */
static const double ceil_share[CEIL_NLEVELS] = { 0.2, 0.2, 0.25, 0.35 };
/* The destination of a copy: this far past the source, mod the page. */
#define CEIL_APART	2048
/* Loops of each pattern: the widest vectors and this many narrower. */
#define CEIL_RANKS	2
/* Warming up before the first sample, in milliseconds. */
#define CEIL_WARM_MS	150
#define CEIL_MAXRUNS	(CEIL_RANKS * (CEIL_NPATTERNS + 2))

static const char *const ceil_levels[] = { "l1", "l2", "l3", "mem" };
static const char *const ceil_patterns[] = { "load", "store", "copy" };

/* One loop at one level, and its samples (bytes per unit). */
struct ceil_run {
	struct ceil_loop loop;
	int		 pattern;
	void		*dst;
	const void	*src;
	size_t		 n;		/* bytes per pass */
	size_t		 passes;
	double		 s[CEIL_MAX_ROUNDS];
	size_t		 ns;
};

const char *
ceilings_level_name(int level)
{
	return ceil_levels[level];
}

const char *
ceilings_level_label(int level)
{
	static const char *const label[] = { "L1", "L2", "L3", "memory" };

	return label[level];
}

const char *
ceilings_pattern_name(int pattern)
{
	return ceil_patterns[pattern];
}

static size_t
ceil_round(size_t n)
{
	return n / CEIL_LOOP_STEP * CEIL_LOOP_STEP;
}

void
ceilings_sizes(size_t l1d, size_t l2, size_t l3, size_t ws[CEIL_NLEVELS])
{
	size_t llc = l3 ? l3 : l2 ? l2 : ((size_t)32 << 20);

	/*
	 * A level's peak: the smallest working set the level below cannot
	 * hold (twice it), within half of the level itself.
	 */
	ws[CEIL_L1] = l1d ? ceil_round(l1d / 2) : 0;
	ws[CEIL_L2] = l2 >= 4 * l1d && l1d ? ceil_round(2 * l1d) : 0;
	ws[CEIL_L3] = l3 >= 4 * l2 && l2 ? ceil_round(2 * l2) : 0;
	/* As the engine's cold pool: twice the last-level cache. */
	ws[CEIL_MEM] = ceil_round(2 * llc < ((size_t)64 << 20) ?
	    (size_t)64 << 20 : 2 * llc);
}

/* One timed sample of r: bytes per unit, NaN when not above 0 units. */
static double
ceil_sample(struct ceil_run *r, const struct timer_info *ti, uint64_t *sink)
{
	uint64_t t0, t1;
	double u;

	t0 = timer_start(ti);
	*sink += r->loop.fn(r->dst, r->src, r->n, r->passes);
	t1 = timer_stop(ti);
	u = (double)(t1 - t0) - ti->overhead;
	return u > 0 ? (double)r->n * (double)r->passes / u : NAN;
}

/* passes so a sample takes about target units (at least one pass). */
static void
ceil_calibrate(struct ceil_run *r, const struct timer_info *ti,
    double target, uint64_t *sink)
{
	double bpu, want;
	int i;

	r->passes = 1;
	for (i = 0; i < 3; i++) {
		bpu = ceil_sample(r, ti, sink);
		if (!isfinite(bpu)) {
			r->passes *= 16;
			continue;
		}
		want = target * bpu / (double)r->n;
		r->passes = want < 1 ? 1 : want > 1e9 ? 1000000000 :
		    (size_t)want;
	}
}

/*
 * The runs of a level in buf: load, store and copy, and in memory the
 * non-temporal store and copy. Returns how many.
 */
static size_t
ceil_runs(const struct ceilings_opts *o, int level, size_t ws,
    unsigned char *buf, struct ceil_run *r)
{
	size_t k = 0, half = ceil_round(ws / 2), page = 4096;
	int p, nt, rank;

	/* In memory the width hardly matters, and samples are long. */
	for (rank = 0; rank < (level == CEIL_MEM ? 1 : CEIL_RANKS); rank++)
	for (nt = 0; nt <= (level == CEIL_MEM); nt++)
		for (p = nt ? CEIL_STORE : CEIL_LOAD; p < CEIL_NPATTERNS; p++) {
			memset(&r[k], 0, sizeof(r[k]));
			if (ceil_loop_pick(p, o->have, nt, rank,
			    &r[k].loop) != 0)
				continue;
			r[k].pattern = p;
			r[k].src = buf;
			r[k].dst = buf;
			r[k].n = ws;
			if (p == CEIL_COPY) {
				r[k].n = half;
				r[k].dst = buf + (half + page - 1) / page *
				    page + CEIL_APART;
			}
			k++;
		}
	return k;
}

/* The best of a level's runs of each pattern into c. */
static void
ceil_keep(struct ceilings *c, int level, struct ceil_run *r, size_t nr)
{
	size_t i, j;
	double best, med;

	for (i = 0; i < nr; i++) {
		best = -INFINITY;
		for (j = 0; j < r[i].ns; j++)
			if (r[i].s[j] > best)
				best = r[i].s[j];
		if (r[i].ns == 0 || !(best > c->bpu[level][r[i].pattern] ||
		    isnan(c->bpu[level][r[i].pattern])))
			continue;
		med = stats_median(r[i].s, r[i].ns);
		c->bpu[level][r[i].pattern] = best;
		c->med[level][r[i].pattern] = med;
		c->nsamples[level][r[i].pattern] = r[i].ns;
		c->nt[level][r[i].pattern] = r[i].loop.nt;
		c->won[level][r[i].pattern] = r[i].loop.isa;
	}
}

/* Measure one level with about `budget` seconds. */
static void
ceil_level(const struct ceilings_opts *o, struct ceilings *c, int level,
    unsigned char *buf, double budget)
{
	static struct ceil_run r[CEIL_MAXRUNS];
	const struct timer_info *ti = o->ti;
	double target = ti->hz * CEILINGS_SAMPLE_US * 1e-6;
	uint64_t sink = 0, t0 = timer_ns();
	size_t i, nr, round;

	nr = ceil_runs(o, level, c->ws[level], buf, r);
	for (i = 0; i < nr; i++)
		ceil_calibrate(&r[i], ti, target, &sink);
	for (round = 0; round < CEIL_MAX_ROUNDS; round++) {
		if (round >= CEIL_MIN_ROUNDS &&
		    (double)(timer_ns() - t0) * 1e-9 > budget)
			break;
		for (i = 0; i < nr; i++) {
			double s = ceil_sample(&r[i], ti, &sink);

			if (isfinite(s))
				r[i].s[r[i].ns++] = s;
		}
	}
	ceil_keep(c, level, r, nr);
	/* Consumed, so no loop is dead code. */
	__asm__ volatile("" : : "r"(sink));
}

/*
 * Bring the core to its clock before the first sample: the L1 load loop
 * for CEIL_WARM_MS (the engine warms up likewise before it times).
 */
static void
ceil_warm(const struct ceilings_opts *o, unsigned char *buf)
{
	struct ceil_loop lp;
	uint64_t t0 = timer_ns(), sink = 0;

	if (ceil_loop_pick(CEIL_LOAD, o->have, 0, 0, &lp) != 0)
		return;
	while (timer_ns() - t0 < CEIL_WARM_MS * 1000000ull)
		sink += lp.fn(NULL, buf, 4096, 64);
	__asm__ volatile("" : : "r"(sink));
}

int
ceilings_measure(const struct ceilings_opts *o, struct ceilings *c,
    char *err, size_t errlen)
{
	struct ceil_loop lp;
	size_t len;
	unsigned char *buf;
	uint64_t t0 = timer_ns();
	int lv;

	memset(c, 0, sizeof(*c));
	ceilings_init(c);
	ceilings_sizes(o->l1d, o->l2, o->l3, c->ws);
	ceil_loop_pick(CEIL_LOAD, o->have, 0, 0, &lp);
	c->vec = lp.vec;
	snprintf(c->isa, sizeof(c->isa), "%s", lp.isa);
	snprintf(c->unit, sizeof(c->unit), "%s", o->ti->unit);
	c->hz = o->ti->hz;
	c->l1d = o->l1d;
	c->l2 = o->l2;
	c->l3 = o->l3;
	len = c->ws[CEIL_MEM] + 2 * 4096 + CEIL_APART;
	buf = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED) {
		snprintf(err, errlen, "cannot map %zu bytes for the ceilings: "
		    "%s", len, strerror(errno));
		return -1;
	}
	/* Written, so no page is the shared zero page. */
	memset(buf, 0x3c, len);
	ceil_warm(o, buf);
	for (lv = 0; lv < CEIL_NLEVELS; lv++) {
		if (c->ws[lv] == 0)
			continue;
		if (o->progress != NULL)
			o->progress(o->progress_arg, ceil_levels[lv]);
		ceil_level(o, c, lv, buf, o->budget * ceil_share[lv]);
	}
	munmap(buf, len);
	c->seconds = (double)(timer_ns() - t0) * 1e-9;
	c->known = 1;
	return 0;
}

int
ceilings_pattern_of(const char *family)
{
	if (strcmp(family, "csum") == 0 || strcmp(family, "csum_diff") == 0)
		return CEIL_LOAD;
	if (strcmp(family, "memset") == 0)
		return CEIL_STORE;
	if (strcmp(family, "memcpy") == 0 || strcmp(family, "copy") == 0 ||
	    strcmp(family, "csum_copy") == 0)
		return CEIL_COPY;
	return -1;
}

double
ceilings_footprint(const char *family, double size)
{
	return ceilings_pattern_of(family) == CEIL_COPY ||
	    strcmp(family, "csum_diff") == 0 ? 2 * size : size;
}

int
ceilings_level_of(const char *family, double size, int cache, size_t l1d,
    size_t l2, size_t l3)
{
	double fp = ceilings_footprint(family, size);

	if (cache == CACHE_COLD)
		return CEIL_MEM;
	if (cache == CACHE_LLC)
		return l3 ? CEIL_L3 : CEIL_MEM;
	if (l1d && fp <= (double)l1d)
		return CEIL_L1;
	if (l2 && fp <= (double)l2)
		return CEIL_L2;
	if (l3 && fp <= (double)l3)
		return CEIL_L3;
	return CEIL_MEM;
}

void
ceilings_init(struct ceilings *c)
{
	int l, p;

	for (l = 0; l < CEIL_NLEVELS; l++)
		for (p = 0; p < CEIL_NPATTERNS; p++)
			if (c->bpu[l][p] == 0 && c->nsamples[l][p] == 0) {
				c->bpu[l][p] = NAN;
				c->med[l][p] = NAN;
			}
}

void
ceilings_put(const struct ceilings *c,
    void (*put)(void *arg, const char *key, const char *value), void *arg)
{
	char k[64], v[64];
	int l, p;

	put(arg, "ceiling_unit", c->unit);
	snprintf(v, sizeof(v), "%.0f", c->hz);
	put(arg, "ceiling_hz", v);
	snprintf(v, sizeof(v), "%u", c->vec);
	put(arg, "ceiling_vec", v);
	put(arg, "ceiling_isa", c->isa);
	for (l = 0; l < CEIL_NLEVELS; l++) {
		if (c->ws[l] == 0)
			continue;
		snprintf(k, sizeof(k), "ceiling_%s_bytes", ceil_levels[l]);
		snprintf(v, sizeof(v), "%zu", c->ws[l]);
		put(arg, k, v);
		for (p = 0; p < CEIL_NPATTERNS; p++) {
			if (!isfinite(c->bpu[l][p]))
				continue;
			snprintf(k, sizeof(k), "ceiling_%s_%s", ceil_levels[l],
			    ceil_patterns[p]);
			snprintf(v, sizeof(v), "%.4f", c->bpu[l][p]);
			put(arg, k, v);
		}
	}
}

/* A number of a ceiling key: finite, above 0. */
static int
ceil_num(const char *key, const char *value, double *x, char *err,
    size_t errlen)
{
	if (decimal_parse(value, (size_t)-1, 0, x) != 0 || !isfinite(*x) ||
	    !(*x > 0)) {
		snprintf(err, errlen, "%s wants a number above 0, not \"%s\"",
		    key, value);
		return -1;
	}
	return 0;
}

/* ceiling_LEVEL_PATTERN or ceiling_LEVEL_bytes. */
static int
ceil_level_key(struct ceilings *c, const char *key, const char *value,
    char *err, size_t errlen)
{
	char want[64];
	double x;
	int l, p;

	for (l = 0; l < CEIL_NLEVELS; l++) {
		snprintf(want, sizeof(want), "ceiling_%s_bytes",
		    ceil_levels[l]);
		if (strcmp(key, want) == 0) {
			if (ceil_num(key, value, &x, err, errlen) != 0)
				return -1;
			c->ws[l] = (size_t)x;
			return 0;
		}
		for (p = 0; p < CEIL_NPATTERNS; p++) {
			snprintf(want, sizeof(want), "ceiling_%s_%s",
			    ceil_levels[l], ceil_patterns[p]);
			if (strcmp(key, want) != 0)
				continue;
			if (ceil_num(key, value, &c->bpu[l][p], err,
			    errlen) != 0)
				return -1;
			c->nsamples[l][p] = 1;
			c->known = 1;
			return 0;
		}
	}
	snprintf(err, errlen, "unknown key \"%s\"", key);
	return -1;
}

int
ceilings_set_key(struct ceilings *c, const char *key, const char *value,
    char *err, size_t errlen)
{
	double x;

	if (strncmp(key, "ceiling_", 8) != 0)
		return 1;
	if (strcmp(key, "ceiling_unit") == 0) {
		if (strcmp(value, "ticks") != 0 && strcmp(value, "cycles") != 0 &&
		    strcmp(value, "ns") != 0) {
			snprintf(err, errlen, "ceiling_unit is ticks, cycles or "
			    "ns, not \"%s\"", value);
			return -1;
		}
		snprintf(c->unit, sizeof(c->unit), "%s", value);
	} else if (strcmp(key, "ceiling_hz") == 0) {
		if (ceil_num(key, value, &c->hz, err, errlen) != 0)
			return -1;
	} else if (strcmp(key, "ceiling_vec") == 0) {
		if (ceil_num(key, value, &x, err, errlen) != 0)
			return -1;
		c->vec = (unsigned)x;
	} else if (strcmp(key, "ceiling_isa") == 0)
		snprintf(c->isa, sizeof(c->isa), "%s", value);
	else
		return ceil_level_key(c, key, value, err, errlen);
	return 0;
}

int
ceilings_convert(const struct ceilings *c, const char *unit, double hz,
    struct ceilings *out)
{
	double f = 1;
	int l, p;

	*out = *c;
	if (!c->known || c->unit[0] == '\0')
		return -1;
	if (strcmp(unit, c->unit) != 0 || fabs(hz / c->hz - 1) > 0.005) {
		if (!(hz > 0) || !(c->hz > 0))
			return -1;
		f = c->hz / hz;
	}
	for (l = 0; l < CEIL_NLEVELS; l++)
		for (p = 0; p < CEIL_NPATTERNS; p++) {
			out->bpu[l][p] *= f;
			out->med[l][p] *= f;
		}
	snprintf(out->unit, sizeof(out->unit), "%s", unit);
	out->hz = hz;
	return 0;
}

static void
ceil_put_prov(void *arg, const char *key, const char *value)
{
	provenance_set(arg, key, "%s", value);
}

void
ceilings_provenance(const struct ceilings *c, struct provenance *pv)
{
	ceilings_put(c, ceil_put_prov, pv);
}

static size_t
ceil_prov_size(const struct provenance *pv, const char *key)
{
	const char *v = provenance_get(pv, key);

	return v != NULL ? (size_t)strtoull(v, NULL, 10) : 0;
}

int
ceilings_from_provenance(const struct provenance *pv, struct ceilings *c)
{
	char err[160];
	size_t i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < pv->n; i++)
		(void)ceilings_set_key(c, pv->v[i].key, pv->v[i].value, err,
		    sizeof(err));
	ceilings_init(c);
	c->l1d = ceil_prov_size(pv, "l1d_bytes");
	c->l2 = ceil_prov_size(pv, "l2_bytes");
	c->l3 = ceil_prov_size(pv, "l3_bytes");
	return c->known ? 0 : -1;
}

double
ceilings_pct(const struct ceilings *c, const char *family, double size,
    int cache, const char *unit, double hz, double bpu)
{
	int pat = ceilings_pattern_of(family), lv;
	double ceil, f = 1;

	if (!c->known || pat < 0 || !isfinite(bpu) || !(bpu > 0))
		return NAN;
	lv = ceilings_level_of(family, size, cache, c->l1d, c->l2, c->l3);
	ceil = c->bpu[lv][pat];
	/* In another unit: through bytes per second. */
	if (strcmp(unit, c->unit) != 0 || fabs(hz / c->hz - 1) > 0.005)
		f = hz > 0 && c->hz > 0 ? c->hz / hz : NAN;
	if (strcmp(family, "csum_diff") == 0)
		ceil /= 2;
	return isfinite(ceil * f) && ceil > 0 ? 100 * bpu / (ceil * f) : NAN;
}
