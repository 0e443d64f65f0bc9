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

int
rset_points_cmp(const struct point *a, const struct point *b, unsigned mask)
{
	int c = 0;

	if (mask & RK(RK_FAMILY))
		c = strcmp(family_name(a->k->family),
		    family_name(b->k->family));
	if (c == 0 && (mask & RK(RK_KERNEL)))
		c = strcmp(a->k->name, b->k->name);
	/* Where: the position's axes, as rkey_cmp compares them. */
	return c != 0 ? c : pos_cmp(&a->pos, &b->pos, mask >> RK_POS0);
}

void
rset_from_points(struct rset *rs, const struct point *pts, size_t n,
    const struct timer_info *ti, const struct rset_origin *origin)
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
		/* The position whole: every axis, its shape now owned. */
		p->pos = q->pos;
		p->pos.shape = xstrdup(pos_shape(&q->pos));
		p->mean_size = q->dist != NULL ? q->dist->seq_mean :
		    (double)q->pos.size;
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
