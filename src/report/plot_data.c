/*
 * plot_data.c - the data of each figure, as the CSV its gnuplot script
 * reads: results rows, the relative-misalignment cells of a heatmap, the
 * cells of a placement map, compare's rows of a delta chart.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "csv.h"
#include "plot_data.h"
#include "rformat.h"
#include "rkey.h"
#include "stats.h"
#include "util.h"

void
plot_data_rows(FILE *fp, const void *arg)
{
	const struct plot_rows *r = arg;

	rset_csv_write(fp, r->rs, r->idx, r->n);
}

/* Positions into rows->idx by (rel_align, dst_align). */
static int
plot_data_by_rel_cell(size_t x, size_t y, const void *arg)
{
	const struct plot_rows *r = arg;
	const struct rpoint *p = &r->rs->p[r->idx[x]], *q = &r->rs->p[r->idx[y]];
	size_t a = rset_rel_align(p), b = rset_rel_align(q);

	if (a != b)
		return a < b ? -1 : 1;
	if (p->pos.dst_off != q->pos.dst_off)
		return p->pos.dst_off < q->pos.dst_off ? -1 : 1;
	return 0;
}

/*
 * The relative-misalignment view of one kernel at one size: one row per
 * (rel_align, dst_align) cell, the median of the medians in it, and as its
 * interval the lowest ci_lo to the highest ci_hi of its points (empty when
 * one of them has none): at least as wide as any of theirs, so that a
 * cell never looks surer than the points it stands for.
 */
void
plot_data_rel_cells(FILE *fp, const void *arg)
{
	const struct plot_rows *r = arg;
	size_t *perm = xcalloc(r->n + 1, sizeof(size_t));
	size_t *start = xcalloc(r->n + 1, sizeof(size_t));
	double *m = xcalloc(r->n + 1, sizeof(double)), lo, hi;
	size_t g, ng, j, k;
	struct csv_writer w;

	ng = rkey_group_by(r->n, plot_data_by_rel_cell, r, perm, start);
	csv_init(&w, fp);
	csv_str(&w, "family"); csv_str(&w, "kernel"); csv_str(&w, "size");
	csv_str(&w, "rel_align"); csv_str(&w, "dst_align");
	csv_str(&w, "cache"); csv_str(&w, "mode"); csv_str(&w, "unit");
	csv_str(&w, "median"); csv_str(&w, "ci_lo"); csv_str(&w, "ci_hi");
	csv_str(&w, "cells");
	csv_end(&w);
	for (g = 0; g < ng; g++) {
		const struct rpoint *p = &r->rs->p[r->idx[perm[start[g]]]];

		lo = INFINITY;
		hi = -INFINITY;
		for (j = start[g], k = 0; j < start[g + 1]; j++) {
			const struct stats *st = &r->rs->p[r->idx[perm[j]]].st;

			m[k++] = st->median;
			/* fmin/fmax would skip a NaN: one unknown, all. */
			lo = isnan(st->ci_lo) || st->ci_lo < lo ? st->ci_lo : lo;
			hi = isnan(st->ci_hi) || st->ci_hi > hi ? st->ci_hi : hi;
			if (isnan(lo) || isnan(hi))
				lo = hi = NAN;
		}
		csv_str(&w, p->family);
		csv_str(&w, p->kernel);
		csv_ulong(&w, p->pos.size);
		csv_ulong(&w, rset_rel_align(p));
		csv_ulong(&w, p->pos.dst_off);
		csv_str(&w, cache_name(p->pos.cache));
		csv_str(&w, mode_name(p->pos.mode));
		csv_str(&w, p->unit);
		csv_double(&w, stats_median(m, k));
		csv_double(&w, lo);
		csv_double(&w, hi);
		csv_ulong(&w, k);
		csv_end(&w);
	}
	free(perm);
	free(start);
	free(m);
}

/*
 * The cheapest median at p's size among r's rows, and in *best_hi the
 * upper end of its 95% CI: where rows tie on that median, the highest of
 * theirs, NaN when one of them has none.
 */
static double
plot_data_dist_best(const struct plot_rows *r, const struct rpoint *p,
    double *best_hi)
{
	double best = p->st.median, hi = -INFINITY;
	size_t j;

	for (j = 0; j < r->n; j++) {
		const struct rpoint *q = &r->rs->p[r->idx[j]];

		if (q->pos.size == p->pos.size && q->st.median < best)
			best = q->st.median;
	}
	for (j = 0; j < r->n; j++) {
		const struct rpoint *q = &r->rs->p[r->idx[j]];

		if (q->pos.size == p->pos.size && q->st.median == best)
			hi = isnan(q->st.ci_hi) || q->st.ci_hi > hi ?
			    q->st.ci_hi : hi;
		if (isnan(hi))
			break;
	}
	*best_hi = hi;
	return best;
}

/*
 * A placement heatmap's data: one row per (size, distance) of one kernel
 * at one pair of offsets, with its median cost and 95% CI, that cost
 * relative to the cheapest distance at the same size (1: the best
 * placement), and noise: 1 when its CI overlaps the cheapest's (the ratio
 * is within noise), 0 when it lies wholly above it, empty when a CI is
 * unknown.
 */
void
plot_data_dist_cells(FILE *fp, const void *arg)
{
	const struct plot_rows *r = arg;
	struct csv_writer w;
	size_t i;
	static const char *const cols[] = { "family", "kernel", "size",
	    "distance", "src_align", "dst_align", "cache", "mode", "unit",
	    "cost", "median", "ci_lo", "ci_hi", "relative", "noise", NULL };

	csv_init(&w, fp);
	for (i = 0; cols[i] != NULL; i++)
		csv_str(&w, cols[i]);
	csv_end(&w);
	for (i = 0; i < r->n; i++) {
		const struct rpoint *p = &r->rs->p[r->idx[i]];
		double best_hi, best = plot_data_dist_best(r, p, &best_hi);

		csv_str(&w, p->family);
		csv_str(&w, p->kernel);
		csv_ulong(&w, p->pos.size);
		csv_ulong(&w, p->pos.distance);
		csv_ulong(&w, p->pos.src_off);
		csv_ulong(&w, p->pos.dst_off);
		csv_str(&w, cache_name(p->pos.cache));
		csv_str(&w, mode_name(p->pos.mode));
		csv_str(&w, p->unit);
		csv_str(&w, p->cost);
		csv_double(&w, p->st.median);
		csv_double(&w, p->st.ci_lo);
		csv_double(&w, p->st.ci_hi);
		csv_double(&w, best > 0 ? p->st.median / best : NAN);
		if (isnan(best_hi) || isnan(p->st.ci_lo))
			csv_str(&w, "");
		else
			csv_ulong(&w, !(p->st.ci_lo > best_hi));
		csv_end(&w);
	}
}

void
plot_data_delta(FILE *fp, const void *arg)
{
	const struct plot_delta_data *d = arg;

	compare_print(fp, d->rows, d->n, d->res, d->co);
}
