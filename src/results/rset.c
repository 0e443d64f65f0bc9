/*
 * rset.c - the results data model (see rset.h): a point, its derived
 * figures, a set to add points to. What is done to whole sets is in
 * rset_ops.c.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "rset.h"
#include "stats.h"
#include "util.h"

int
rset_error(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
	char msg[256], *c;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* What a file says may be echoed: never its control characters. */
	for (c = msg; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
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
	stats_compute(NULL, 0, &p->net);
	p->pos.distance = RSET_NO_DISTANCE;
	p->hz = p->cycle = p->overhead = p->floor = NAN;
	p->mean_size = p->code_offset = NAN;
	return p;
}

double *
rset_samples_dup(const double *v, size_t n)
{
	double *d;

	if (v == NULL)
		return NULL;
	d = xcalloc(n + 1, sizeof(double));
	memcpy(d, v, n * sizeof(double));
	return d;
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
	return (p->pos.src_off - p->pos.dst_off) & 7;
}

int
rset_floor_limited(const struct rpoint *p)
{
	double margin = isfinite(p->cycle) ? RSET_FLOOR_CYCLES * p->cycle : 0;

	if (!(isfinite(p->overhead) && p->overhead > 0))
		return 0;		/* no floor known: nothing to be at */
	return !(p->net.ci_lo > margin);
}

double
rset_bytes(const struct rpoint *p)
{
	return isfinite(p->mean_size) ? p->mean_size : (double)p->pos.size;
}

const char *
rset_shape(const struct rpoint *p)
{
	return p->pos.shape != NULL ? p->pos.shape : "";
}

const char *
rset_size_label(const struct rpoint *p, char *buf, size_t len)
{
	if (rset_shape(p)[0] != '\0')
		return p->pos.shape;	/* any length: a file's path */
	else
		snprintf(buf, len, "%zu", p->pos.size);
	return buf;
}

double
rset_bytes_per_unit(const struct rpoint *p)
{
	if (rset_floor_limited(p))
		return NAN;
	return p->st.median > 0 ? rset_bytes(p) / p->st.median : NAN;
}

double
rset_gbps(const struct rpoint *p)
{
	double med = p->st.median;

	if (!(med > 0) || rset_floor_limited(p))
		return NAN;
	if (strcmp(p->unit, "ns") == 0)
		return rset_bytes(p) / med;
	if (!(p->hz > 0))
		return NAN;
	return rset_bytes(p) / (med / p->hz) / 1e9;
}

double
rset_mops(const struct rpoint *p)
{
	double med = p->st.median;

	if (rset_floor_limited(p))
		return NAN;
	return med > 0 && p->hz > 0 ? p->hz / med / 1e6 : NAN;
}

double
rset_unit_cycle(const char *unit, double hz, double est_core_hz)
{
	if (strcmp(unit, "cycles") == 0)
		return 1;
	if (!(est_core_hz > 0))
		return NAN;
	if (strcmp(unit, "ns") == 0)
		return 1e9 / est_core_hz;
	return hz > 0 ? hz / est_core_hz : NAN;
}

/* The physical bound of a point's throughput (bound.h), from rs's
 * provenance. */
static double
rset_meta_num(const struct rset *rs, const char *key)
{
	const char *v = rset_meta(rs, key);

	return *v != '\0' ? atof(v) : 0;
}


double
rset_bound_cycles_per_unit(const struct rpoint *p, const struct rset *rs)
{
	return bound_cycles_per(p->unit, p->hz, fmax(rset_meta_num(rs,
	    "est_core_hz"), rset_meta_num(rs, "est_core_hz_end")));
}

double
rset_bound_bytes_per_unit(const struct rpoint *p, const struct rset *rs)
{
	unsigned vec = bound_vector_bytes(rset_meta(rs, "features"));

	return bound_bytes_per_cycle(p->family, vec) *
	    rset_bound_cycles_per_unit(p, rs);
}

int
rset_bound_exceeded(const struct rpoint *p, const struct rset *rs)
{
	return rset_bytes_per_unit(p) > rset_bound_bytes_per_unit(p, rs);
}
