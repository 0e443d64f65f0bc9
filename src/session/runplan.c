/*
 * runplan.c - the plan of a run: its kernels and points (runplan.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "compare.h"
#include "dist.h"
#include "kobj.h"
#include "provenance.h"
#include "replica.h"
#include "runplan.h"
#include "select.h"
#include "util.h"

/* --baseline K: K joins the selection when -f or -k left it out. */
static int
runplan_add_baseline(struct run_plan *p, char *err, size_t errlen)
{
	struct selection b;
	char e[256];
	size_t i;

	for (i = 0; i < p->sel.n; i++)
		if (strcmp(p->sel.k[i]->name, p->baseline) == 0)
			return 0;
	if (strpbrk(p->baseline, "*?[,") != NULL)
		return err_line(err, errlen, "--baseline: \"%s\" is not one "
		    "kernel's name", p->baseline);
	if (select_kernels(NULL, p->baseline, 0, &b, e, sizeof(e)) != 0)
		return err_line(err, errlen, "--baseline: %s", e);
	p->sel.k = xreallocarray(p->sel.k, p->sel.n + 1, sizeof(*p->sel.k));
	p->sel.k[p->sel.n++] = b.k[0];
	select_free(&b);
	p->ks = p->sel.k;
	p->nk = p->sel.n;
	return 0;
}

/* --baseline: a selected kernel, with another of its family to compare. */
static int
runplan_check_baseline(const struct run_plan *p, char *err, size_t errlen)
{
	size_t i, j;

	/* The baseline is measured with its family, interleaved. */
	for (j = 0; j < p->nk && strcmp(p->ks[j]->name, p->baseline) != 0; j++)
		;
	if (j == p->nk)
		return err_line(err, errlen, "--baseline: kernel \"%s\" is not "
		    "among the selected, available kernels", p->baseline);
	for (i = 0; i < p->nk; i++)
		if (i != j && p->ks[i]->family == p->ks[j]->family)
			return 0;
	return err_line(err, errlen, "--baseline: no other %s kernel is "
	    "selected to compare with %s", family_name(p->ks[j]->family),
	    p->baseline);
}

/*
 * k's --ab partner, if selected: its name, to free; else NULL, and the
 * name it lacks in *missing (to free).
 */
static char *
runplan_partner(const struct run_plan *p, const struct kernel *k,
    char **missing)
{
	unsigned rep;
	int side = replica_ab_side(p->ab, k, &rep);
	char *want;
	size_t i;

	*missing = NULL;
	if (side < 0)
		return NULL;
	want = replica_partner_name(p->ab, k, side, rep);
	for (i = 0; i < p->nk; i++)
		if (replica_partners(p->ab, k, p->ks[i]))
			return want;
	*missing = want;
	return NULL;
}

/* Place --ab's objects, and say how. */
static int
runplan_place_ab(struct run_plan *p, char *err, size_t errlen)
{
	char why[512] = "";
	size_t *shift;
	int moved;

	moved = replica_place((const char *const *)p->ab, 2, p->replicas,
	    p->seed, &shift, why, sizeof(why), err, errlen);
	if (moved >= 0)
		replica_ab_note(p->ab, p->replicas, shift, moved, why);
	free(shift);
	return moved;
}

/*
 * Keep each A:x only beside its B:x (and the reverse); a kernel of one
 * build alone is left out, with a note (under the gate, an error: every
 * kernel of A is judged).
 */
static int
runplan_pair(struct run_plan *p, char *err, size_t errlen)
{
	size_t i, j;
	int rc = 0;

	for (i = j = 0; i < p->nk; i++) {
		const struct kernel *kn = p->ks[i];
		char *want, *missing;
		unsigned rep;

		if ((want = runplan_partner(p, kn, &missing)) != NULL)
			p->ks[j++] = kn;
		else if (missing != NULL && p->gate && rc == 0 &&
		    replica_ab_side(p->ab, kn, &rep) == 0)
			rc = err_line(err, errlen, "--ab: cannot judge %s: it "
			    "has no partner %s in %s", kn->name, missing,
			    p->ab[1]);
		else if (missing != NULL && select_copy(kn) == 1 &&
		    rc == 0)
			talk("csumbench: --ab: %s has no partner %s: not "
			    "measured\n", kn->name, missing);
		free(want);
		free(missing);
	}
	p->nk = j;
	if (rc == 0 && p->nk == 0)
		rc = err_line(err, errlen, "--ab: no kernel of %s has a partner "
		    "in %s", p->ab[0], p->ab[1]);
	return rc;
}

/* --ab A,B: the kernels of A and of B that -f and -k select, paired. */
static int
runplan_select_ab(struct run_plan *p, char *err, size_t errlen)
{
	char *pats, e[512];
	size_t k;
	int rc;

	for (k = 0; k < 2; k++)
		if (select_object(p->ab[k]) == NULL)
			return err_line(err, errlen, "--ab: no object is loaded "
			    "as \"%s\" (use --load FILE=%s)", p->ab[k],
			    p->ab[k]);
	if ((p->placed = runplan_place_ab(p, err, errlen)) < 0)
		return -1;
	if (replica_ab_patterns(p->ab, p->patterns, p->replicas, &pats, err,
	    errlen) != 0)
		return -1;
	rc = select_kernels(p->families, pats, 0, &p->sel, e, sizeof(e));
	free(pats);
	if (rc != 0)
		return err_line(err, errlen, "--ab: %s", e);
	p->ks = p->sel.k;
	p->nk = p->sel.n;
	return runplan_pair(p, err, errlen);
}

/*
 * --replicas without --ab: every loaded object's code placed N times, so
 * that the summary can say how far each kernel's cost moves with its
 * layout; -k's patterns of NAME:... also select NAME.k:...
 */
static int
runplan_copies(struct run_plan *p, char *err, size_t errlen)
{
	const char **names = xcalloc(select_nobjects() + 1, sizeof(*names));
	char why[512] = "";
	size_t *shift, n = 0, i;
	int moved;

	for (i = 1; i < select_nobjects(); i++)
		names[n++] = select_object_at(i)->name;
	moved = replica_place(names, n, p->replicas, p->seed, &shift, why,
	    sizeof(why), err, errlen);
	free(shift);
	free(names);
	if (moved < 0)
		return -1;
	if (!moved)
		talk("csumbench: --replicas: code not moved (%s): the copies "
		    "differ in their pages only\n", why);
	if (p->patterns != NULL) {
		p->copy_patterns = replica_copy_patterns(p->patterns,
		    p->replicas);
		p->patterns = p->copy_patterns;
	}
	return 0;
}

int
runplan_grids(struct run_plan *p, char *err, size_t errlen)
{
	char e[256];

	if (grid_parse(p->sizes, &p->sg, err, errlen) != 0 ||
	    grid_parse_align(p->align, &p->ag, err, errlen) != 0)
		return -1;
	if (p->distance != NULL && grid_parse_distance(p->distance,
	    (size_t)sysconf(_SC_PAGESIZE), &p->dg, e, sizeof(e)) != 0)
		return err_line(err, errlen, "--distance: %s", e);
	return 0;
}

int
runplan_kernels(struct run_plan *p, char *err, size_t errlen)
{
	char e[256];

	if (p->ab[0] != NULL) {
		if (runplan_select_ab(p, err, errlen) != 0)
			return -1;
	} else {
		if (p->replicas > 1 && runplan_copies(p, err, errlen) != 0)
			return -1;
		if (select_kernels(p->families, p->patterns, 0, &p->sel, e,
		    sizeof(e)) != 0)
			return err_line(err, errlen, "%s", e);
		p->ks = p->sel.k;
		p->nk = p->sel.n;
	}
	if (p->baseline != NULL && (runplan_add_baseline(p, err, errlen) != 0 ||
	    runplan_check_baseline(p, err, errlen) != 0))
		return -1;
	return 0;
}

/*
 * One size of the grid as a call takes it: a fixed size, a csum_diff
 * from/to shape, or a distribution (size: its mean, rounded).
 */
struct size_item {
	size_t		 size, from;
	int		 has_from;
	const struct dist *dist;
	/* A csum_diff F/T as its points' shape borrows it (pos.h). */
	char		 shape[48];
};

/* Every size of the grid: fixed sizes, then shapes, then distributions. */
static size_t
runplan_items(const struct run_plan *p, struct size_item **out)
{
	const struct grid *g = &p->sg;
	struct size_item *it = xcalloc(g->n + g->npair + g->ndist + 1,
	    sizeof(*it));
	size_t i, n = 0;

	for (i = 0; i < g->n; i++)
		it[n++].size = g->v[i];
	for (i = 0; i < g->npair; i++, n++) {
		it[n].size = g->pair[i].to;
		it[n].from = g->pair[i].from;
		it[n].has_from = 1;
		if (it[n].from != it[n].size)
			snprintf(it[n].shape, sizeof(it[n].shape), "%zu/%zu",
			    it[n].from, it[n].size);
	}
	for (i = 0; i < g->ndist; i++, n++) {
		it[n].dist = &g->dist[i];
		it[n].size = (size_t)llround(g->dist[i].seq_mean);
	}
	*out = it;
	return n;
}

/* Why kernel k does not take item it: 0 it does, 1 a shape is csum_diff's,
 * 2 csum_diff takes whole 32-bit words. */
static int
runplan_skip(const struct kernel *k, const struct size_item *it)
{
	size_t i;

	if (it->has_from && k->family != K_CSUM_DIFF)
		return 1;
	if (k->family != K_CSUM_DIFF)
		return 0;
	if (it->dist != NULL) {
		for (i = 0; i < it->dist->nbin; i++)
			if (it->dist->bin[i].size % 4 != 0)
				return 2;
		return 0;
	}
	return it->size % 4 != 0 || (it->has_from && it->from % 4 != 0) ? 2 :
	    0;
}

/*
 * Point number npts: kernel j at size item it, offsets a and distance d
 * (the default placement when none was asked for). Returns why the point
 * cannot be (as runplan_skip), else 0.
 */
static int
runplan_point(struct run_plan *p, int cache, int mode,
    const struct size_item *it, size_t a, size_t d, size_t j)
{
	struct point *pt = &p->pts[p->npts];
	int why;

	if ((why = runplan_skip(p->ks[j], it)) != 0)
		return why;
	pt->k = p->ks[j];
	pt->pos.size = it->size;
	pt->from_size = it->from;
	pt->has_from = it->has_from;
	pt->dist = it->dist;
	/* A distribution's name is any length (a file's path). */
	pt->pos.shape = it->dist != NULL ? it->dist->name :
	    (char *)it->shape;
	pt->pos.src_off = p->ag.v[a].src;
	pt->pos.dst_off = p->ag.v[a].dst;
	pt->pos.distance = p->dg.n > 0 ? p->dg.v[d] :
	    arena_default_distance(pt->pos.dst_off);
	pt->pos.cache = cache;
	pt->pos.mode = mode;
	p->npts++;
	return 0;
}

/*
 * Do a and b stand at one grid position, realised alike (the same
 * distribution, the same csum_diff from)?
 */
static int
runplan_same_position(const struct point *a, const struct point *b)
{
	return pos_cmp(&a->pos, &b->pos, POS_ALL) == 0 &&
	    a->dist == b->dist && a->has_from == b->has_from &&
	    a->from_size == b->from_size;
}

/*
 * --ab: each point of A:x and the point of B:x at its position are twins,
 * timed with one batch (engine.h). A position's points are adjacent.
 */
static void
runplan_twins(struct run_plan *p)
{
	size_t i, j;
	unsigned rep;

	for (i = 0; i < p->npts; i++) {
		struct point *pt = &p->pts[i];

		if (replica_ab_side(p->ab, pt->k, &rep) != 0)
			continue;
		for (j = i + 1; j < p->npts &&
		    runplan_same_position(&p->pts[j], pt); j++)
			if (replica_partners(p->ab, pt->k, p->pts[j].k)) {
				pt->twin = &p->pts[j];
				p->pts[j].twin = pt;
			}
	}
}

int
runplan_points(struct run_plan *p, char *err, size_t errlen)
{
	size_t i, j, a, nd, ni;
	struct size_item *it;
	unsigned cm;

	for (i = 0; i < p->sg.ndist; i++)
		dist_draw(&p->sg.dist[i], p->draw_seed);
	ni = runplan_items(p, &it);
	nd = p->dg.n > 0 ? p->dg.n : 1;
	if ((double)ni * (double)p->ag.n * (double)nd * (double)p->nk > 5e6) {
		free(it);
		return err_line(err, errlen, "the sweep has too many points "
		    "(%zu sizes x %zu offsets x %zu distances x %zu kernels)",
		    ni, p->ag.n, nd, p->nk);
	}
	p->pts = xcalloc(ni * p->ag.n * nd * p->nk * 2 * CACHE_NSTATES,
	    sizeof(*p->pts));
	for (cm = 0; cm < 2 * CACHE_NSTATES; cm++) {
		int cache = (int)(cm >> 1), mode = (int)(cm & 1);

		if (!(p->caches & (1u << cache)) || !(p->modes & (1u << mode)))
			continue;
		for (i = 0; i < ni; i++)
			for (a = 0; a < p->ag.n * nd; a++)
				for (j = 0; j < p->nk; j++)
					p->skipped[runplan_point(p, cache,
					    mode, &it[i], a / nd, a % nd, j)]++;
	}
	p->items = it;	/* the points' shapes */
	if (p->npts == 0)
		return err_line(err, errlen, "nothing to measure: %s",
		    p->skipped[1] > 0 && p->skipped[2] == 0 ? "F/T sizes are "
		    "csum_diff's only" : "csum_diff needs sizes that are "
		    "multiples of 4");
	if (p->ab[0] != NULL)
		runplan_twins(p);
	return 0;
}

size_t
runplan_cmp_samples(const struct run_plan *p, double alpha, size_t *m)
{
	const struct kernel *base = NULL;
	size_t i;

	*m = 0;
	if (p->baseline == NULL && p->ab[0] == NULL)
		return 0;
	if (!p->gate)
		return compare_table_samples(alpha);
	for (i = 0; i < p->nk; i++)
		if (p->baseline != NULL && strcmp(p->ks[i]->name,
		    p->baseline) == 0)
			base = p->ks[i];
	for (i = 0; i < p->npts; i++)
		*m += p->ab[0] != NULL ? p->pts[i].twin != NULL &&
		    p->pts[i].twin > &p->pts[i] &&
		    select_copy(p->pts[i].k) == 1 :
		    p->pts[i].k != base &&
		    base != NULL && p->pts[i].k->family == base->family;
	return compare_gate_samples(*m, alpha);
}

void
runplan_provenance(const struct run_plan *p, struct provenance *pv)
{
	size_t i;
	char key[32];

	provenance_set(pv, "sizes", "%s", p->sizes);
	provenance_set(pv, "align", "%s", p->align);
	/* The kernel objects loaded (--load), in order: load_1, ... */
	for (i = 0; i < p->nloads; i++) {
		snprintf(key, sizeof(key), "load_%zu", i + 1);
		provenance_set(pv, key, "%s", p->loads[i]);
	}
	/* What the main columns hold, and where the buffers were placed. */
	provenance_set(pv, "cost", "whole");
	provenance_set(pv, "page_size", "%ld", sysconf(_SC_PAGESIZE));
	if (p->distance != NULL)
		provenance_set(pv, "distance", "%s", p->distance);
	else
		provenance_set(pv, "distance", "default: %d (0 for destination "
		    "offsets of 64 and more)", ARENA_APART);
	provenance_set(pv, "cache", "%s%s%s%s%s", p->caches & 1 ? "hot" : "",
	    p->caches & 1 && p->caches & 6 ? "," : "", p->caches & 2 ?
	    "cold" : "", p->caches & 2 && p->caches & 4 ? "," : "",
	    p->caches & 4 ? "llc" : "");
	provenance_set(pv, "mode", "%s%s%s", p->modes & 1 ? "throughput" : "",
	    p->modes == 3 ? "," : "", p->modes & 2 ? "latency" : "");
}

static int
runplan_order(const void *a, const void *b)
{
	const struct point *p = a, *q = b;

#define CMP(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)
	CMP(p->k->family, q->k->family);
	CMP(p->k, q->k);
	CMP(p->pos.cache, q->pos.cache);
	CMP(p->pos.mode, q->pos.mode);
	/* Fixed sizes, then csum_diff shapes, then distributions. */
	CMP(p->dist != NULL, q->dist != NULL);
	CMP(p->has_from, q->has_from);
	CMP(p->pos.size, q->pos.size);
	CMP(p->from_size, q->from_size);
	CMP(p->pos.src_off, q->pos.src_off);
	CMP(p->pos.dst_off, q->pos.dst_off);
	CMP(p->pos.distance, q->pos.distance);
#undef CMP
	if (p->dist != NULL && q->dist != NULL)
		return strcmp(p->dist->name, q->dist->name);
	return 0;
}

void
runplan_sort(struct run_plan *p)
{
	qsort(p->pts, p->npts, sizeof(*p->pts), runplan_order);
}

void
runplan_free(struct run_plan *p)
{
	engine_free(p->pts, p->npts);
	free(p->pts);
	free(p->items);
	select_free(&p->sel);
	free(p->ab[0]);
	free(p->ab[1]);
	free(p->copy_patterns);
	grid_free(&p->sg);
	grid_free_align(&p->ag);
	grid_free(&p->dg);
}
