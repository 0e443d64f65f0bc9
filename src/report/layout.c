/*
 * layout.c - how far a kernel's cost moves with where its code lies: the
 * spread of one kernel's medians over the copies of its object that
 * run --replicas placed at other offsets (layout.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "rkey.h"
#include "util.h"

/*
 * A copy's kernel without its copy, from the point's fields: "k:csum.avx2"
 * for "k.3:csum.avx2" and "k:csum.avx2" alike. buf holds the result.
 */
static const char *
layout_base(const struct rpoint *p, char *buf, size_t len)
{
	if (*p->object == '\0')
		return p->base;
	snprintf(buf, len, "%s:%s", p->object, p->base);
	return buf;
}

/* One kernel at one position over its copies. */
struct layout_pt {
	const struct rpoint *p;		/* the first copy's point */
	char		 base[160];
	double		 lo, hi;
	size_t		 n;
};

static int
layout_same(const struct layout_pt *g, const struct rpoint *p,
    const char *base)
{
	return strcmp(g->base, base) == 0 && rkey_cmp(g->p, p,
	    RK_POSITION | RK(RK_FAMILY)) == 0;
}

static int
layout_by_spread(const void *x, const void *y)
{
	const struct layout_pt *a = x, *b = y;
	double sa = a->hi / a->lo, sb = b->hi / b->lo;

	return sa < sb ? 1 : sa > sb ? -1 : 0;
}

/* Group rs's points by kernel (copies together) and position. */
static size_t
layout_group(const struct rset *rs, struct layout_pt *g)
{
	size_t i, j, n = 0;
	char buf[160];
	const char *base;

	for (i = 0; i < rs->n; i++) {
		const struct rpoint *p = &rs->p[i];
		double m = p->st.median;

		if (!(m > 0))
			continue;
		base = layout_base(p, buf, sizeof(buf));
		for (j = 0; j < n && !layout_same(&g[j], p, base); j++)
			;
		if (j == n) {
			g[n].p = p;
			snprintf(g[n].base, sizeof(g[n].base), "%s", base);
			g[n].lo = g[n].hi = m;
			g[n++].n = 0;
		}
		g[j].lo = fmin(g[j].lo, m);
		g[j].hi = fmax(g[j].hi, m);
		g[j].n++;
	}
	return n;
}

size_t
layout_write(FILE *out, const struct rset *rs, size_t top)
{
	struct layout_pt *g = xcalloc(rs->n + 1, sizeof(*g));
	size_t i, j, n, copies = 0;
	char sz[80];

	n = layout_group(rs, g);
	for (i = j = 0; i < n; i++)
		if (g[i].n > 1) {
			copies = g[i].n > copies ? g[i].n : copies;
			g[j++] = g[i];
		}
	n = j;
	if (n == 0) {
		free(g);
		return 0;
	}
	qsort(g, n, sizeof(*g), layout_by_spread);
	fprintf(out, "Layout: how far a kernel's cost moved between %zu copies "
	    "of its code at other offsets (median %s per call)\n", copies,
	    g[0].p->unit);
	fprintf(out, "%-28s %10s %9s %10s %10s %7s\n", "kernel", "size",
	    "src/dst", "cheapest", "dearest", "moved");
	for (i = 0; i < n && i < top; i++)
		fprintf(out, "%-28s %10s %4zu/%-4zu %10.4g %10.4g %6.1f%%\n",
		    g[i].base, rset_size_label(g[i].p, sz, sizeof(sz)),
		    g[i].p->pos.src_off, g[i].p->pos.dst_off, g[i].lo, g[i].hi,
		    (g[i].hi / g[i].lo - 1) * 100);
	if (n > top)
		fprintf(out, "(%zu more points; every copy's cost and code_offset "
		    "are in the results: -o FILE.csv)\n", n - top);
	free(g);
	return n;
}
