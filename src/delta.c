/*
 * delta.c - the change between two result sets, point by point (interim;
 * see delta.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "delta.h"
#include "util.h"

static int
same_point(const struct rrow *p, const struct rrow *q)
{
	return p->size == q->size && p->src_align == q->src_align &&
	    p->dst_align == q->dst_align && strcmp(p->kernel, q->kernel) == 0 &&
	    strcmp(p->family, q->family) == 0 &&
	    strcmp(p->cache, q->cache) == 0 && strcmp(p->mode, q->mode) == 0;
}

size_t
delta_compute(const struct resultset *a, const struct resultset *b,
    struct delta **out, size_t *unmatched)
{
	struct delta *d = xcalloc(b->n, sizeof(*d));
	size_t i, j, n = 0, hint = 0;

	*unmatched = 0;
	for (i = 0; i < b->n; i++) {
		const struct rrow *q = &b->rows[i], *p = NULL;

		/* Files of the same sweep are in the same order: look near
		 * the last match first. */
		for (j = 0; j < a->n && p == NULL; j++) {
			size_t k = (hint + j) % a->n;

			if (same_point(&a->rows[k], q)) {
				p = &a->rows[k];
				hint = k + 1;
			}
		}
		if (p == NULL || !(p->median > 0) || isnan(q->median)) {
			(*unmatched)++;
			continue;
		}
		d[n].a = p;
		d[n].b = q;
		d[n].pct = (q->median - p->median) / p->median * 100;
		d[n].significant = !isnan(p->ci_lo) && !isnan(q->ci_lo) &&
		    (q->ci_lo > p->ci_hi || q->ci_hi < p->ci_lo);
		n++;
	}
	*out = d;
	return n;
}

void
delta_write_csv(FILE *fp, const struct delta *d, const size_t *idx, size_t n)
{
	static const char *const cols[] = {
		"family", "kernel", "size", "src_align", "dst_align", "cache",
		"mode", "unit", "a_median", "b_median", "delta_pct",
		"significant", NULL
	};
	struct csv_writer w;
	size_t i;

	csv_init(&w, fp);
	for (i = 0; cols[i] != NULL; i++)
		csv_str(&w, cols[i]);
	csv_end(&w);
	for (i = 0; i < n; i++) {
		const struct delta *x = idx != NULL ? &d[idx[i]] : &d[i];

		csv_str(&w, x->b->family);
		csv_str(&w, x->b->kernel);
		csv_double(&w, x->b->size);
		csv_double(&w, x->b->src_align);
		csv_double(&w, x->b->dst_align);
		csv_str(&w, x->b->cache);
		csv_str(&w, x->b->mode);
		csv_str(&w, x->b->unit);
		csv_double(&w, x->a->median);
		csv_double(&w, x->b->median);
		csv_double(&w, x->pct);
		csv_ulong(&w, (unsigned long long)x->significant);
		csv_end(&w);
	}
}
