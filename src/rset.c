/*
 * rset.c - the results data model (see rset.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfield.h"
#include "rkey.h"
#include "rset.h"
#include "stats.h"
#include "util.h"

int
rset_error(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s: %s", path, msg);
	return -1;
}

void
rset_init(struct rset *rs, const char *path)
{
	memset(rs, 0, sizeof(*rs));
	rs->path = xstrdup(path);
}

struct rpoint *
rset_add(struct rset *rs)
{
	struct rpoint *p;

	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? rs->cap * 2 : 64;
		rs->p = xreallocarray(rs->p, rs->cap, sizeof(*rs->p));
	}
	p = &rs->p[rs->n++];
	memset(p, 0, sizeof(*p));
	stats_compute(NULL, 0, &p->st);		/* every statistic NaN */
	p->hz = p->overhead = p->floor = NAN;
	p->run_lo = p->run_hi = NAN;
	return p;
}

static void
rpoint_free(struct rpoint *p)
{
	size_t i;

	for (i = 0; i < nrfields; i++)
		if (rfield_stored(&rfields[i]) && rfields[i].type == RT_STR)
			free(*rfield_str(&rfields[i], p));
	free(p->samples);
}

void
rset_free(struct rset *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		rpoint_free(&rs->p[i]);
	free(rs->p);
	free(rs->path);
	provenance_free(&rs->prov);
	memset(rs, 0, sizeof(*rs));
}

/* dst: a copy of src that owns its strings and samples. */
static void
rpoint_copy(struct rpoint *dst, const struct rpoint *src)
{
	size_t i;

	*dst = *src;
	for (i = 0; i < nrfields; i++)
		if (rfield_stored(&rfields[i]) && rfields[i].type == RT_STR) {
			char **s = rfield_str(&rfields[i], dst);

			*s = xstrdup(*s);
		}
	if (src->samples != NULL) {
		dst->samples = xcalloc(src->n + 1, sizeof(double));
		memcpy(dst->samples, src->samples, src->n * sizeof(double));
	}
}

void
rset_copy(struct rset *dst, const struct rset *src)
{
	size_t i;

	rset_init(dst, src->path);
	dst->has_samples = src->has_samples;
	for (i = 0; i < src->n; i++)
		rpoint_copy(rset_add(dst), &src->p[i]);
	for (i = 0; i < src->prov.n; i++)
		provenance_set(&dst->prov, src->prov.v[i].key, "%s",
		    src->prov.v[i].value);
}

const char *
rset_meta(const struct rset *rs, const char *key)
{
	const char *v = provenance_get(&rs->prov, key);

	return v != NULL ? v : "";
}

size_t
rset_rel_align(const struct rpoint *p)
{
	return (p->src_align - p->dst_align) & 7;
}

double
rset_bytes_per_unit(const struct rpoint *p)
{
	return p->st.median > 0 ? (double)p->size / p->st.median : NAN;
}

double
rset_gbps(const struct rpoint *p)
{
	double med = p->st.median;

	if (!(med > 0))
		return NAN;
	if (strcmp(p->unit, "ns") == 0)
		return (double)p->size / med;
	if (!(p->hz > 0))
		return NAN;
	return (double)p->size / (med / p->hz) / 1e9;
}

double
rset_mops(const struct rpoint *p)
{
	double med = p->st.median;

	return med > 0 && p->hz > 0 ? p->hz / med / 1e6 : NAN;
}

void
rset_from_points(struct rset *rs, const struct point *pts, size_t n,
    const struct timer_info *ti)
{
	size_t i;

	rset_init(rs, "this run");
	rs->has_samples = 1;
	for (i = 0; i < n; i++) {
		const struct point *q = &pts[i];
		struct rpoint *p = rset_add(rs);

		p->family = xstrdup(family_name(q->k->family));
		p->kernel = xstrdup(q->k->name);
		p->isa = xstrdup(q->k->isa);
		p->size = q->size;
		p->src_align = q->src_off;
		p->dst_align = q->dst_off;
		p->cache = xstrdup(cache_name(q->cache));
		p->mode = xstrdup(mode_name(q->mode));
		p->unit = xstrdup(ti->unit);
		p->hz = ti->hz > 0 ? ti->hz : NAN;
		p->n = q->nsamples;
		p->batch = q->batch;
		p->samples = xcalloc(q->nsamples + 1, sizeof(double));
		memcpy(p->samples, q->samples, q->nsamples * sizeof(double));
		p->st = q->st;
		p->overhead = q->overhead;
	}
	rset_finish(rs);
}

void
rset_finish(struct rset *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		struct rpoint *p = &rs->p[i];

		p->floor = p->overhead;
		p->runs = 1;
		p->run_lo = p->run_hi = p->st.median;
	}
}

void
rset_add_overhead(struct rset *rs)
{
	size_t i, f, k;

	for (i = 0; i < rs->n; i++) {
		struct rpoint *p = &rs->p[i];
		double ov = p->overhead;

		if (!isfinite(ov))
			continue;
		for (f = 0; f < nrfields; f++) {
			const struct rfield *r = &rfields[f];

			if (!(r->flags & RF_FLOOR))
				continue;
			if (r->type == RT_NUM)
				*rfield_num(r, p) += ov;
			else if (r->type == RT_SAMPLES) {
				double *v = *rfield_samples(r, p);

				for (k = 0; v != NULL && k < p->n; k++)
					v[k] += ov;
			}
		}
		p->run_lo += ov;
		p->run_hi += ov;
		p->overhead = 0;
	}
}

/* Pool the samples of q (one or more runs) into p. */
static void
pool(struct rpoint *p, const struct rpoint *q)
{
	p->samples = xreallocarray(p->samples, p->n + q->n + 1,
	    sizeof(double));
	memcpy(p->samples + p->n, q->samples, q->n * sizeof(double));
	p->n += q->n;
	p->floor = isfinite(p->floor) && isfinite(q->floor) ?
	    (p->floor * (double)p->runs + q->floor * (double)q->runs) /
	    (double)(p->runs + q->runs) : NAN;
	p->runs += q->runs;
	p->run_lo = fmin(p->run_lo, q->run_lo);
	p->run_hi = fmax(p->run_hi, q->run_hi);
	/* The overheads were added back, or the user chose net costs. */
	p->overhead = isfinite(p->overhead) && isfinite(q->overhead) ?
	    (p->overhead + q->overhead) / 2 : NAN;
	stats_compute(p->samples, p->n, &p->st);
}

/* Indices below na are points of a, the others of b. */
struct two_sets {
	const struct rset *a, *b;
};

static const struct rpoint *
two_at(const struct two_sets *t, size_t i)
{
	return i < t->a->n ? &t->a->p[i] : &t->b->p[i - t->a->n];
}

static int
two_cmp(size_t x, size_t y, const void *arg)
{
	return rkey_cmp(two_at(arg, x), two_at(arg, y), RK_ALL);
}

/*
 * head[j]: for point j of from, the first point with its key among the
 * points of into, then of from (an index into both, into's first).
 */
static size_t *
merge_heads(const struct rset *into, const struct rset *from)
{
	struct two_sets t = { into, from };
	size_t n = into->n + from->n, *idx = xcalloc(n + 1, sizeof(size_t));
	size_t *head = xcalloc(from->n + 1, sizeof(size_t)), i, h = 0;

	for (i = 0; i < n; i++)
		idx[i] = i;
	rkey_msort(idx, n, two_cmp, &t);
	for (i = 0; i < n; i++) {
		if (i == 0 || two_cmp(idx[i - 1], idx[i], &t) != 0)
			h = idx[i];	/* stable: the run's first index */
		if (idx[i] >= into->n)
			head[idx[i] - into->n] = h;
	}
	free(idx);
	return head;
}

int
rset_merge(struct rset *into, const struct rset *from, char *err,
    size_t errlen)
{
	size_t n0 = into->n, j, *head, *at;
	char *path;
	int rc = 0;

	if (!into->has_samples || !from->has_samples)
		return rset_error(err, errlen, !from->has_samples ? from->path :
		    into->path, "pooling several runs needs their raw samples "
		    "(JSON results)");
	head = merge_heads(into, from);
	at = xcalloc(from->n + 1, sizeof(size_t));	/* where from[j] went */
	for (j = 0; j < from->n && rc == 0; j++) {
		const struct rpoint *q = &from->p[j];
		struct rpoint *p;

		if (head[j] == n0 + j) {	/* new: added in from's order */
			at[j] = into->n;
			rpoint_copy(rset_add(into), q);
			continue;
		}
		at[j] = head[j] < n0 ? head[j] : at[head[j] - n0];
		p = &into->p[at[j]];
		if (strcmp(p->unit, q->unit) != 0)
			rc = rset_error(err, errlen, from->path, "unit %s, not "
			    "%s as in %s", q->unit, p->unit, into->path);
		else
			pool(p, q);
	}
	free(head);
	free(at);
	if (rc != 0)
		return rc;
	path = xasprintf("%s,%s", into->path, from->path);
	free(into->path);
	into->path = path;
	return 0;
}
