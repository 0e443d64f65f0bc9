/*
 * rset_ops.c - what is done to whole sets of results (see rset.h): free,
 * copy, finish after reading, the net view, pooling runs. These go
 * through the field table (rfield.h), which describes the members of a
 * point; rset.c, the point and its derived figures, is below that table.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "rfield.h"
#include "rkey.h"
#include "rset.h"
#include "stats.h"
#include "util.h"

static void
rpoint_free(struct rpoint *p)
{
	size_t i;

	for (i = 0; i < nrfields; i++)
		if (rfield_owns_text(&rfields[i]))
			free(*rfield_str(&rfields[i], p));
	free(p->samples);
	free(p->floors);
	free(p->run_med);
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
		if (rfield_owns_text(&rfields[i])) {
			char **s = rfield_str(&rfields[i], dst);

			if (*s != NULL)
				*s = xstrdup(*s);
		}
	dst->samples = rset_samples_dup(src->samples, src->n);
	dst->floors = rset_samples_dup(src->floors, src->n);
	dst->run_med = rset_samples_dup(src->run_med, src->runs);
}

void
rset_copy(struct rset *dst, const struct rset *src)
{
	size_t i;

	rset_init(dst, src->path);
	dst->has_samples = src->has_samples;
	memcpy(dst->basis, src->basis, sizeof(dst->basis));
	dst->basis_inferred = src->basis_inferred;
	for (i = 0; i < src->n; i++)
		rpoint_copy(rset_add(dst), &src->p[i]);
	for (i = 0; i < src->prov.n; i++)
		provenance_set(&dst->prov, src->prov.v[i].key, "%s",
		    src->prov.v[i].value);
}

/* Add d to every cost of p: the fields flagged RF_FLOOR and the samples. */
static void
shift_costs(struct rpoint *p, double d)
{
	size_t f, k;

	for (f = 0; f < nrfields; f++) {
		const struct rfield *r = &rfields[f];

		if (!(r->flags & RF_FLOOR))
			continue;
		if (r->type == RT_NUM)
			*rfield_num(r, p) += d;
		else if (r->type == RT_SAMPLES) {
			double *v = *rfield_samples(r, p);

			for (k = 0; v != NULL && k < p->n; k++)
				v[k] += d;
		}
	}
}

/*
 * A point whose main columns hold net costs (a file of an older csumbench):
 * those become its net view, and its whole-call costs are the net ones
 * plus the overhead it recorded (the median floor; in those files it also
 * held the timer's share per call, a fraction of a unit). Without an
 * overhead the whole-call costs are unknown.
 */
static void
from_net(struct rpoint *p)
{
	size_t k;

	p->net = p->st;
	if (!isfinite(p->overhead)) {
		stats_compute(NULL, 0, &p->st);
		free(p->samples);
		p->samples = NULL;
	} else {
		shift_costs(p, p->overhead);
		if (p->samples != NULL) {
			p->floors = xcalloc(p->n + 1, sizeof(double));
			for (k = 0; k < p->n; k++)
				p->floors[k] = p->overhead;
		}
	}
	free(p->cost);
	p->cost = xstrdup("whole");
}

/* The cost basis a file recorded, or the one it must have had. */
static void
find_basis(struct rset *rs)
{
	const char *v = provenance_get(&rs->prov, "cost");
	size_t i;
	int overheads = 0;

	if (rs->basis[0] != '\0')
		return;		/* found before (its points converted since) */
	for (i = 0; i < rs->n; i++) {
		const char *c = rs->p[i].cost;

		overheads |= isfinite(rs->p[i].overhead);
		if (c == NULL || *c == '\0')
			continue;
		if (rs->basis[0] == '\0')
			snprintf(rs->basis, sizeof(rs->basis), "%s", c);
		else if (strcmp(rs->basis, c) != 0)
			snprintf(rs->basis, sizeof(rs->basis), "mixed");
	}
	if (rs->basis[0] == '\0' && v != NULL && *v != '\0')
		snprintf(rs->basis, sizeof(rs->basis), "%s", v);
	rs->basis_inferred = rs->basis[0] == '\0';
	if (rs->basis_inferred)
		snprintf(rs->basis, sizeof(rs->basis), "%s", overheads ? "net" :
		    "whole");
}

void
rset_finish(struct rset *rs)
{
	size_t i;

	find_basis(rs);
	for (i = 0; i < rs->n; i++) {
		struct rpoint *p = &rs->p[i];
		const char *c = p->cost != NULL && *p->cost ? p->cost : rs->basis;

		if (strcmp(c, "net") == 0)
			from_net(p);
		else if (p->cost == NULL || *p->cost == '\0') {
			free(p->cost);
			p->cost = xstrdup("whole");
		}
		if (p->samples != NULL && p->floors != NULL) {
			double *net = xcalloc(p->n + 1, sizeof(double));
			size_t k;

			for (k = 0; k < p->n; k++)
				net[k] = p->samples[k] - p->floors[k];
			stats_compute_series(net, p->n, &p->net);
			free(net);
		}
		if (p->pos.distance == RSET_NO_DISTANCE)
			p->pos.distance
			    = arena_default_distance(p->pos.dst_off);
		if (p->object == NULL)
			p->object = xstrdup("");
		if (p->copy == 0)
			p->copy = 1;
		if (p->base == NULL || *p->base == '\0') {
			free(p->base);
			p->base = xstrdup(p->kernel);
		}
		if (isnan(p->cycle))
			p->cycle = rset_unit_cycle(p->unit, p->hz,
			    atof(rset_meta(rs, "est_core_hz")));
		p->floor = p->overhead;
		p->runs = 1;
		free(p->run_med);
		p->run_med = xcalloc(1, sizeof(double));
		p->run_med[0] = p->st.median;
	}
}

/* p's net costs in place of its whole-call ones (once). */
static void
to_net(struct rpoint *p)
{
	struct stats w = p->st;
	size_t k;

	if (strcmp(p->cost, "net") == 0)
		return;
	if (p->samples != NULL && p->floors != NULL) {
		for (k = 0; k < p->n; k++)
			p->samples[k] -= p->floors[k];
		p->st = p->net;
	} else {
		/*
		 * Summary statistics only (CSV): the net median and its CI
		 * as recorded, the other costs shifted by the same amount.
		 */
		free(p->samples);
		p->samples = NULL;
		shift_costs(p, p->net.median - w.median);
		p->st.median = p->net.median;
		p->st.ci_lo = p->net.ci_lo;
		p->st.ci_hi = p->net.ci_hi;
	}
	/* The run medians move with the median (each run's own floor is
	 * not kept apart). */
	for (k = 0; p->run_med != NULL && k < p->runs; k++)
		p->run_med[k] += p->st.median - w.median;
	free(p->floors);
	p->floors = NULL;
	free(p->cost);
	p->cost = xstrdup("net");
}

void
rset_net_view(struct rset *dst, const struct rset *src)
{
	size_t i;

	rset_copy(dst, src);
	for (i = 0; i < dst->n; i++)
		to_net(&dst->p[i]);
	dst->has_samples = src->has_samples;
	for (i = 0; i < dst->n; i++)
		if (dst->p[i].samples == NULL)
			dst->has_samples = 0;
}

/*
 * The floors of pooled samples, and the net statistics of the pool; both
 * unknown unless every run kept its floors.
 */
static void
pool_floors(struct rpoint *p, const struct rpoint *q, size_t n0)
{
	double *net;
	size_t k;

	if (p->floors == NULL || q->floors == NULL) {
		free(p->floors);
		p->floors = NULL;
		stats_compute(NULL, 0, &p->net);
		return;
	}
	p->floors = xreallocarray(p->floors, p->n + 1, sizeof(double));
	memcpy(p->floors + n0, q->floors, q->n * sizeof(double));
	net = xcalloc(p->n + 1, sizeof(double));
	for (k = 0; k < p->n; k++)
		net[k] = p->samples[k] - p->floors[k];
	stats_compute_series(net, p->n, &p->net);
	free(net);
}

/* Pool the samples of q (one or more runs) into p. */
static void
pool(struct rpoint *p, const struct rpoint *q)
{
	size_t n0 = p->n, i;

	p->samples = xreallocarray(p->samples, p->n + q->n + 1,
	    sizeof(double));
	memcpy(p->samples + p->n, q->samples, q->n * sizeof(double));
	p->n += q->n;
	p->floor = isfinite(p->floor) && isfinite(q->floor) ?
	    (p->floor * (double)p->runs + q->floor * (double)q->runs) /
	    (double)(p->runs + q->runs) : NAN;
	p->run_med = xreallocarray(p->run_med, p->runs + q->runs,
	    sizeof(double));
	for (i = 0; i < q->runs; i++)
		p->run_med[p->runs + i] = q->run_med != NULL ? q->run_med[i] :
		    NAN;
	p->runs += q->runs;
	p->overhead = isfinite(p->overhead) && isfinite(q->overhead) ?
	    (p->overhead + q->overhead) / 2 : NAN;
	stats_compute_series(p->samples, p->n, &p->st);
	pool_floors(p, q, n0);
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
	if (strcmp(into->basis, from->basis) != 0)
		snprintf(into->basis, sizeof(into->basis), "mixed");
	into->basis_inferred |= from->basis_inferred;
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
