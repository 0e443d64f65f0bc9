/*
 * rfield.c - the results schema: the one table of result fields (see
 * rfield.h), and how a field's value is found.
 *
 * The JSON layout is Google Benchmark's where a name means the same thing,
 * so its tools can read the file: each point is one "aggregate" entry (the
 * median of its samples) whose real_time and cpu_time are the median
 * per-call cost in nanoseconds (the process is single-threaded and busy, so
 * the two are the same figure), iterations the number of calls timed,
 * repetitions the number of samples. csumbench's own fields keep the
 * native unit (ticks, cycles or ns) and the raw samples.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "names.h"
#include "rfield.h"
#include "util.h"

/* Derived figures. */

/*
 * Google Benchmark's name of a point: kernel/ and its position's name
 * (pos.h: size/src/dst/cache/mode, /distance:D when the placement is not
 * the default one for its offsets), so that every grid position has its
 * own name and the names of a default sweep stay what they were.
 */
static void
get_name(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	char pos[512];

	pos_label(&p->pos, POS_LABEL_NAME, pos, sizeof(pos));
	v->s = v->owned = xasprintf("%s/%s", p->kernel, pos);
}

static void
get_aggregate(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->s = "aggregate";
}

static void
get_median_name(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->s = "median";
}

static void
get_ns_name(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->s = "ns";
}

static void
get_one(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->u = 1;
}

static void
get_iterations(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->u = (unsigned long long)p->batch * p->n;
}

/* The median per-call cost in nanoseconds. */
static double
median_ns(const struct rpoint *p)
{
	return p->st.median * (p->hz > 0 ? 1e9 / p->hz : NAN);
}

static void
get_real_time(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->d = median_ns(p);
}

/* A throughput: none from a floor-limited point. */
static void
get_items_per_s(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	double ns = median_ns(p);

	v->d = ns > 0 && !rset_floor_limited(p) ? 1e9 / ns : NAN;
}

static void
get_bytes_per_s(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	double ns = median_ns(p);

	v->d = ns > 0 && !rset_floor_limited(p) ?
	    1e9 / ns * rset_bytes(p) : NAN;
}

static void
get_rel_align(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->u = rset_rel_align(p);
}

static void
get_bytes_per_unit(const struct rpoint *p, const struct rctx *c,
    struct rval *v)
{
	v->d = rset_bytes_per_unit(p);
}

static void
get_gbps(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	double med = p->st.median;

	if (c->gbps_via_hz)
		v->d = med > 0 && p->hz > 0 && !rset_floor_limited(p) ?
		    rset_bytes(p) / (med / p->hz) / 1e9 : NAN;
	else
		v->d = p->hz > 0 ? rset_gbps(p) : NAN;
}

static void
get_mops(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->d = rset_mops(p);
}

/*
 * The median in estimated core cycles: converted with the core clock the
 * dependent-add loop measured, not read from a counter (empty when the run
 * has no estimate).
 */
static void
get_est_cycles(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->d = c->est_hz > 0 && p->hz > 0 ? p->st.median * c->est_hz / p->hz :
	    NAN;
}

static void
get_floor_limited(const struct rpoint *p, const struct rctx *c,
    struct rval *v)
{
	v->u = rset_floor_limited(p);
}

static void
get_bpu_bound(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->d = rset_bound_bytes_per_unit(p, c->rs);
}

static void
get_above_bound(const struct rpoint *p, const struct rctx *c,
    struct rval *v)
{
	v->u = rset_bound_exceeded(p, c->rs);
}

/* Bytes per unit as a percentage of its ceiling (ceilings.h). */
static void
get_pct_peak(const struct rpoint *p, const struct rctx *c, struct rval *v)
{
	v->d = ceilings_pct(&c->ceil, p->family, rset_bytes(p),
	    p->pos.cache, p->unit, p->hz,
	    rset_bytes_per_unit(p));
}

/* The values of the enumerated fields (run writes no others). */
static const char *const units[] = { "ticks", "cycles", "ns", NULL };

#define AT(m)		.off = offsetof(struct rpoint, m)
#define KEY(k)		.part = (k)
#define COST		(RF_STAT | RF_FLOOR)

/*
 * Every field, CSV columns in order (the CSV header is also documented in
 * csumbench(1)). The first rows are Google Benchmark's, JSON only.
 */
const struct rfield rfields[] = {
	{ NULL, "name", 10, RT_STR, 0, .get = get_name },
	{ NULL, "run_name", 20, RT_STR, 0, .get = get_name },
	{ NULL, "run_type", 30, RT_STR, 0, .get = get_aggregate },
	{ NULL, "aggregate_name", 40, RT_STR, 0, .get = get_median_name },
	{ NULL, "threads", 60, RT_COUNT, 0, .get = get_one },
	{ NULL, "iterations", 70, RT_COUNT, 0, .get = get_iterations },
	{ NULL, "real_time", 80, RT_NUM, 0, .get = get_real_time },
	{ NULL, "cpu_time", 90, RT_NUM, 0, .get = get_real_time },
	{ NULL, "time_unit", 100, RT_STR, 0, .get = get_ns_name },
	{ NULL, "items_per_second", 110, RT_NUM, 0, .get = get_items_per_s },
	{ NULL, "bytes_per_second", 120, RT_NUM, 0, .get = get_bytes_per_s },

	{ "family", "family", 130, RT_STR, RF_REQUIRED | RF_NONEMPTY | RF_KEY,
	    KEY(RK_FAMILY), AT(family) },
	{ "kernel", "kernel", 140, RT_STR, RF_REQUIRED | RF_NONEMPTY | RF_KEY,
	    KEY(RK_KERNEL), AT(kernel) },
	{ "isa", "isa", 150, RT_STR, 0, AT(isa), .absent = "" },
	{ "size", "size", 160, RT_SIZE, RF_REQUIRED | RF_KEY, KEY(RK_SIZE),
	    AT(pos.size) },
	{ "shape", "shape", 162, RT_STR, RF_KEY, KEY(RK_SHAPE), AT(pos.shape),
	    .absent = "" },
	{ "mean_size", "mean_size", 164, RT_NUM, 0, AT(mean_size) },
	{ "src_align", "src_align", 170, RT_SIZE, RF_REQUIRED | RF_KEY,
	    KEY(RK_SRC), AT(pos.src_off) },
	{ "dst_align", "dst_align", 180, RT_SIZE, RF_REQUIRED | RF_KEY,
	    KEY(RK_DST), AT(pos.dst_off) },
	{ "distance", "distance", 185, RT_SIZE, RF_KEY, KEY(RK_DIST),
	    AT(pos.distance) },
	{ "rel_align", "rel_align", 190, RT_SIZE, 0, .get = get_rel_align },
	{ "cache", "cache", 200, RT_STR, RF_REQUIRED | RF_KEY | RF_ENUM,
	    KEY(RK_CACHE), AT(pos.cache), .choices = pos_cache_names },
	{ "mode", "mode", 210, RT_STR, RF_KEY | RF_ENUM, KEY(RK_MODE),
	    AT(pos.mode), .absent = "throughput", .choices = pos_mode_names },
	/* Axes added since (pos.h), after the first seven. */
#define POS_COLUMN(axis, member, name, jpos) \
	{ name, name, jpos, RT_SIZE, RF_KEY, KEY(RK_POS0 + (axis)), \
	    AT(pos.member) },
	POS_EXTRA_COLUMNS(POS_COLUMN)
#undef POS_COLUMN
	{ "unit", "unit", 220, RT_STR, RF_REQUIRED, AT(unit),
	    .choices = units },
	{ "cost", "cost", 225, RT_STR, 0, AT(cost), .absent = "" },
	{ "samples", "repetitions", 50, RT_COUNT, 0, AT(n) },
	{ "batch", "batch", 240, RT_COUNT, 0, AT(batch) },
	{ "min", "min", 260, RT_NUM, COST, AT(st.min) },
	{ "median", "median", 270, RT_NUM, RF_REQUIRED | COST, AT(st.median) },
	{ "mean", "mean", 280, RT_NUM, COST, AT(st.mean) },
	{ "stddev", "stddev", 290, RT_NUM, RF_STAT | RF_NONNEG, AT(st.stddev) },
	{ "mad", "mad", 300, RT_NUM, RF_STAT | RF_NONNEG, AT(st.mad) },
	{ "ci_lo", "ci_lo", 310, RT_NUM, COST, AT(st.ci_lo) },
	{ "ci_hi", "ci_hi", 320, RT_NUM, COST, AT(st.ci_hi) },
	{ "q1", "q1", 330, RT_NUM, COST, AT(st.q1) },
	{ "q3", "q3", 340, RT_NUM, COST, AT(st.q3) },
	{ "max", "max", 350, RT_NUM, COST, AT(st.max) },
	{ "net_median", "net_median", 352, RT_NUM, RF_NET, AT(net.median) },
	{ "net_ci_lo", "net_ci_lo", 354, RT_NUM, RF_NET, AT(net.ci_lo) },
	{ "net_ci_hi", "net_ci_hi", 356, RT_NUM, RF_NET, AT(net.ci_hi) },
	{ "overhead", "overhead", 250, RT_NUM, 0, AT(overhead) },
	{ "bytes_per_unit", NULL, 0, RT_NUM, 0, .get = get_bytes_per_unit },
	{ "gbps", "gbps", 360, RT_NUM, 0, .get = get_gbps },
	{ "mops", "mops", 370, RT_NUM, 0, .get = get_mops },
	{ "timer_hz", "timer_hz", 230, RT_NUM, RF_POSITIVE, AT(hz) },
	{ "est_cycles", "est_cycles", 378, RT_NUM, 0, .get = get_est_cycles },
	{ "floor_limited", "floor_limited", 372, RT_COUNT, 0,
	    .get = get_floor_limited },
	{ "bpu_bound", "bpu_bound", 374, RT_NUM, 0, .get = get_bpu_bound },
	{ "above_bound", "above_bound", 376, RT_COUNT, 0,
	    .get = get_above_bound },
	{ "pct_peak", "pct_peak", 377, RT_NUM, 0, .get = get_pct_peak },
	{ "code_offset", "code_offset", 379, RT_NUM, RF_NONNEG,
	    AT(code_offset) },
	{ "object", "object", 381, RT_STR, 0, AT(object), .absent = "" },
	{ "copy", "copy", 382, RT_COUNT, 0, AT(copy) },
	{ "base", "base", 383, RT_STR, 0, AT(base), .absent = "" },

	{ NULL, "samples", 380, RT_SAMPLES, RF_FLOOR, AT(samples) },
	{ NULL, "floor_samples", 390, RT_SAMPLES, 0, AT(floors) },
};
const size_t nrfields = sizeof(rfields) / sizeof(rfields[0]);

/*
 * The rows of csumbench rx's CSV (a record of its own: a path of one
 * traffic through one kernel at one line rate, struct rxrow), in the
 * order of its columns; CSV only. The columns before src_align, and those
 * the report reads, are required.
 */
#define RX(m)	.off = offsetof(struct rxrow, m)
static const char *const rx_paths[] = {
	"software", "complete", "fused", "copy", "copy+software",
	"copy+complete", NULL
};
static const char *const rx_caches[] = { "hot", "cold", "llc", NULL };

const struct rfield rxfields[] = {
	{ "cpu", NULL, 0, RT_STR, RF_REQUIRED, RX(cpu) },
	{ "traffic", NULL, 0, RT_STR, RF_REQUIRED | RF_NONEMPTY, RX(traffic) },
	{ "segments", NULL, 0, RT_STR, RF_REQUIRED, RX(segments) },
	{ "frame_bytes", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG,
	    RX(frame_bytes) },
	{ "segment_bytes", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG,
	    RX(segment_bytes) },
	{ "wire_bytes", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG,
	    RX(wire_bytes) },
	{ "path", NULL, 0, RT_STR, RF_REQUIRED | RF_NONEMPTY, RX(path),
	    .choices = rx_paths },
	{ "kernel", NULL, 0, RT_STR, RF_REQUIRED | RF_NONEMPTY, RX(kernel) },
	{ "cache", NULL, 0, RT_STR, RF_REQUIRED, RX(cache),
	    .choices = rx_caches },
	{ "src_align", NULL, 0, RT_SIZE, 0, RX(src_align) },
	{ "dst_align", NULL, 0, RT_SIZE, 0, RX(dst_align) },
	{ "unit", NULL, 0, RT_STR, RF_REQUIRED, RX(unit) },
	{ "timer_hz", NULL, 0, RT_NUM, RF_POSITIVE, RX(timer_hz) },
	{ "median", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG, RX(median) },
	{ "ci_lo", NULL, 0, RT_NUM, RF_NONNEG, RX(ci_lo) },
	{ "ci_hi", NULL, 0, RT_NUM, RF_NONNEG, RX(ci_hi) },
	{ "ns_per_packet", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG,
	    RX(ns_per_packet) },
	{ "packets_per_s", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG,
	    RX(packets_per_s) },
	{ "line_rate", NULL, 0, RT_NUM, RF_REQUIRED | RF_POSITIVE,
	    RX(line_rate) },
	{ "line_packets_per_s", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG,
	    RX(line_packets_per_s) },
	{ "core_pct", NULL, 0, RT_NUM, RF_REQUIRED | RF_NONNEG, RX(core_pct) },
};
const size_t nrxfields = sizeof(rxfields) / sizeof(rxfields[0]);
#undef RX

void
rfield_ctx(struct rctx *c, const struct rset *rs, int json)
{
	const char *e = provenance_get(&rs->prov, "est_core_hz");
	double hz;

	c->rs = rs;
	/* From a file: used only when it is a frequency. */
	c->est_hz = e != NULL && decimal_parse(e, (size_t)-1, 0, &hz) == 0 &&
	    hz > 0 ? hz : 0;
	c->gbps_via_hz = json;
	(void)ceilings_from_provenance(&rs->prov, &c->ceil);
}

const char *
rfield_check_str(const struct rfield *f, const char *s)
{
	static char expect[128];
	const unsigned char *c;
	size_t i, n;

	for (c = (const unsigned char *)s; *c != '\0'; c++)
		if (*c < 0x20 || *c == 0x7f)
			return "text with a control character";
	if (f->choices == NULL)
		return NULL;
	for (i = 0; f->choices[i] != NULL; i++)
		if (strcmp(s, f->choices[i]) == 0)
			return NULL;
	snprintf(expect, sizeof(expect), "not ");
	for (i = 0; f->choices[i] != NULL; i++) {
		n = strlen(expect);
		snprintf(expect + n, sizeof(expect) - n, "%s%s", i == 0 ? "" :
		    f->choices[i + 1] == NULL ? " or " : ", ", f->choices[i]);
	}
	return expect;
}

const char *
rfield_check_num(const struct rfield *f, double x)
{
	/* 2^53: every whole number up to it is exact in a double. */
	const double whole_max = 9007199254740992.0;

	if (!isfinite(x))
		return "not a finite number";
	switch (f->type) {
	case RT_SIZE:
		if (x < 0 || x != floor(x) || x > whole_max)
			return "not a whole number";
		return NULL;
	case RT_COUNT:
		if (x < 1 || x != floor(x) || x > whole_max)
			return "not a whole number of at least 1";
		return NULL;
	default:
		break;
	}
	if ((f->flags & RF_POSITIVE) && !(x > 0))
		return "not above 0";
	if ((f->flags & RF_NONNEG) && !(x >= 0))
		return "negative";
	return NULL;
}

int
rfield_owns_text(const struct rfield *f)
{
	return rfield_stored(f) && f->type == RT_STR && !(f->flags & RF_ENUM);
}

const char *
rfield_set_str(const struct rfield *f, void *rec, const char *s)
{
	const char *t = s != NULL ? s : f->absent != NULL ? f->absent : "";
	const char *why;
	int i;

	if (f->flags & RF_ENUM) {
		/* An enumerated field is one of its choices, or refused. */
		if ((why = rfield_check_str(f, t)) != NULL)
			return why;
		for (i = 0; f->choices[i] != NULL; i++)
			if (strcmp(t, f->choices[i]) == 0)
				*(int *)(void *)((char *)rec + f->off) = i;
		return NULL;
	}
	*(char **)(void *)((char *)rec + f->off) = xstrdup(t);
	if ((f->flags & RF_NONEMPTY) && *t == '\0')
		return "empty";
	return s != NULL ? rfield_check_str(f, s) : NULL;
}

const char *
rfield_text(const struct rfield *f, const void *rec)
{
	const char *at = (const char *)rec + f->off;

	if (f->flags & RF_ENUM)
		return f->choices[*(const int *)(const void *)at];
	return *(char *const *)(const void *)at;
}

int
rfield_stored(const struct rfield *f)
{
	return f->get == NULL;
}

char **
rfield_str(const struct rfield *f, struct rpoint *p)
{
	return (char **)(void *)((char *)p + f->off);
}

size_t *
rfield_size(const struct rfield *f, struct rpoint *p)
{
	return (size_t *)(void *)((char *)p + f->off);
}

double *
rfield_num(const struct rfield *f, struct rpoint *p)
{
	return (double *)(void *)((char *)p + f->off);
}

double **
rfield_samples(const struct rfield *f, struct rpoint *p)
{
	return (double **)(void *)((char *)p + f->off);
}

void
rfield_get(const struct rfield *f, const struct rpoint *p,
    const struct rctx *c, struct rval *v)
{
	/* The accessors do not write; p is only cast for them. */
	struct rpoint *q = (struct rpoint *)p;

	memset(v, 0, sizeof(*v));
	if (f->get != NULL) {
		f->get(p, c, v);
		return;
	}
	switch (f->type) {
	case RT_STR:
		v->s = rfield_text(f, q);
		break;
	case RT_SIZE:
	case RT_COUNT:
		v->u = *rfield_size(f, q);
		break;
	case RT_NUM:
		v->d = *rfield_num(f, q);
		/* A net cost at the floor is not told from 0: not written. */
		if ((f->flags & RF_NET) && rset_floor_limited(p))
			v->d = NAN;
		break;
	case RT_SAMPLES:
		v->v = *rfield_samples(f, q);
		v->u = v->v != NULL ? p->n : 0;
		break;
	}
}

void
rfield_release(struct rval *v)
{
	free(v->owned);
	v->owned = NULL;
}

const struct rfield *
rfield_key(int part)
{
	static const struct rfield *row[RK_NPARTS];
	size_t i;

	if (row[part] == NULL)
		for (i = 0; i < nrfields; i++)
			if ((rfields[i].flags & RF_KEY) &&
			    rfields[i].part == part)
				row[part] = &rfields[i];
	return row[part];
}

void
rfield_each(const struct rset *rs, const size_t *idx, size_t n, int json,
    const struct rfield_sink *s)
{
	const struct rfield **col = xcalloc(nrfields, sizeof(*col));
	size_t i, j, ncol = rfield_layout(json, col);
	struct rctx c;
	struct rval v;

	rfield_ctx(&c, rs, json);
	for (i = 0; i < n; i++) {
		const struct rpoint *p = &rs->p[idx != NULL ? idx[i] : i];

		s->begin(s->arg);
		for (j = 0; j < ncol; j++) {
			rfield_get(col[j], p, &c, &v);
			s->put(s->arg, col[j], &v);
			rfield_release(&v);
		}
		s->end(s->arg);
	}
	free(col);
}

size_t
rfield_layout(int json, const struct rfield **out)
{
	size_t i, j, n = 0;

	for (i = 0; i < nrfields; i++) {
		const struct rfield *f = &rfields[i];

		if ((json ? f->json : f->csv) == NULL)
			continue;
		/* JSON: insert in jpos order (a few dozen rows). */
		for (j = n; json && j > 0 && out[j - 1]->jpos > f->jpos; j--)
			out[j] = out[j - 1];
		out[j] = f;
		n++;
	}
	return n;
}
