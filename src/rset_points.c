/*
 * rset_points.c - the engine's points as results (see rset_points.h).
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dist.h"
#include "engine.h"
#include "kplace.h"
#include "rkey.h"
#include "rset.h"
#include "rset_points.h"
#include "util.h"

/*
 * The shape of an engine point ("" for a fixed size): a distribution's
 * name, or a csum_diff F/T pair written into buf.
 */
static const char *
point_shape(const struct point *q, char *buf, size_t len)
{
	if (q->dist != NULL)
		return q->dist->name;	/* any length: a file's path */
	if (q->has_from && q->from_size != q->pos.size)
		snprintf(buf, len, "%zu/%zu", q->from_size, q->pos.size);
	else if (len > 0)
		buf[0] = '\0';
	return buf;
}

static int
cmp_size(size_t x, size_t y)
{
	return x < y ? -1 : x > y;
}

int
rset_points_cmp(const struct point *a, const struct point *b, unsigned mask)
{
	int part, c = 0;

	for (part = 0; part < RK_NPARTS && c == 0; part++) {
		if (!(mask & RK(part)))
			continue;
		switch (part) {
		case RK_FAMILY:
			c = strcmp(family_name(a->k->family),
			    family_name(b->k->family));
			break;
		case RK_KERNEL:
			c = strcmp(a->k->name, b->k->name);
			break;
		case RK_CACHE:
			c = strcmp(cache_name(a->pos.cache), cache_name(b->pos.cache));
			break;
		case RK_MODE:
			c = strcmp(mode_name(a->pos.mode), mode_name(b->pos.mode));
			break;
		case RK_SRC:
			c = cmp_size(a->pos.src_off, b->pos.src_off);
			break;
		case RK_DST:
			c = cmp_size(a->pos.dst_off, b->pos.dst_off);
			break;
		case RK_DIST:
			c = cmp_size(a->pos.distance, b->pos.distance);
			break;
		case RK_SHAPE: {
			char x[64], y[64];

			c = strcmp(point_shape(a, x, sizeof(x)),
			    point_shape(b, y, sizeof(y)));
			break;
		}
		case RK_SIZE:
			c = cmp_size(a->pos.size, b->pos.size);
			break;
		}
	}
	return c;
}

void
rset_from_points(struct rset *rs, const struct point *pts, size_t n,
    const struct timer_info *ti, const struct rset_origin *origin)
{
	char shape[64];
	size_t i;

	rset_init(rs, "this run");
	rs->has_samples = 1;
	for (i = 0; i < n; i++) {
		const struct point *q = &pts[i];
		struct rpoint *p = rset_add(rs);

		p->family = xstrdup(family_name(q->k->family));
		p->kernel = xstrdup(q->k->name);
		p->isa = xstrdup(q->k->isa);
		p->size = q->pos.size;
		p->shape = xstrdup(point_shape(q, shape, sizeof(shape)));
		p->mean_size = q->dist != NULL ? q->dist->seq_mean :
		    (double)q->pos.size;
		p->src_align = q->pos.src_off;
		p->dst_align = q->pos.dst_off;
		p->distance = q->pos.distance;
		p->cache = xstrdup(cache_name(q->pos.cache));
		p->mode = xstrdup(mode_name(q->pos.mode));
		p->unit = xstrdup(ti->unit);
		p->cost = xstrdup("whole");
		p->hz = ti->hz > 0 ? ti->hz : NAN;
		p->cycle = rset_unit_cycle(ti->unit, p->hz, ti->est_core_hz);
		p->n = q->nsamples;
		p->batch = q->batch;
		p->samples = rset_samples_dup(q->samples, q->nsamples);
		p->floors = rset_samples_dup(q->floors, q->nsamples);
		p->st = q->st;
		p->net = q->net;
		p->overhead = q->overhead;
		p->code_offset = (double)kplace_offset((const void *)
		    (uintptr_t)q->k->fn.any);
		if (origin != NULL) {
			p->object = xstrdup(origin->object(q->k));
			p->copy = origin->copy(q->k);
			p->base = xstrdup(origin->base(q->k));
		}
	}
	rset_finish(rs);
}
