/*
 * cmp_match.c - which points of two result sets compare (cmp_match.h): the
 * sides the options select, each point of B paired with the point of A
 * at its grid position (or, with --ab, the kernel of the other build),
 * points without a partner named, and the rows in the tables' order.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp_match.h"
#include "rkey.h"
#include "util.h"

void
cmp_match_desc(const struct rpoint *p, char *buf, size_t len)
{
	char pos[512];

	snprintf(buf, len, "%s %s", p->kernel, pos_label(&p->pos,
	    POS_LABEL_DESC, pos, sizeof(pos)));
}

static int
cmp_match_keep(const struct rpoint *p, const struct cmp_opts *o)
{
	if (p->pos.size < o->ignore_below)
		return 0;
	if (o->families != NULL && !match_patterns(o->families, p->family))
		return 0;
	return 1;
}

static int
cmp_match_has_kernel(const struct rset *s, const char *k)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->p[i].kernel, k) == 0)
			return 1;
	return 0;
}

static const char *
cmp_match_family_of(const struct rset *s, const char *k)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->p[i].kernel, k) == 0)
			return s->p[i].family;
	return "";
}

/*
 * Which object, which copy and which kernel a point is are fields of it
 * (rset.h: object, copy, base), never read out of its name.
 */

/* Points as the same kernel of the same object, whatever their copies. */
int
cmp_match_base_cmp(const struct rpoint *x, const struct rpoint *y)
{
	int c;

	if ((c = strcmp(x->object, y->object)) != 0)
		return c;
	return strcmp(x->base, y->base);
}

/*
 * Kernels in the tables' order: by object and kernel, then copy (a
 * copy's rows right after its first copy's).
 */
static int
cmp_match_kernel_cmp(const struct rpoint *x, const struct rpoint *y)
{
	int c;

	if ((c = cmp_match_base_cmp(x, y)) != 0)
		return c;
	return (x->copy > y->copy) - (x->copy < y->copy);
}

/* Is p on the A side (role 0) or B side (role 1) of the comparison? */
static int
cmp_match_on_side(const struct rpoint *p, int role, const struct cmp_opts *o,
    const char *base_family)
{
	if (!cmp_match_keep(p, o))
		return 0;
	if (o->ab_a != NULL)
		return strcmp(p->object, role == 0 ? o->ab_a : o->ab_b) == 0;
	if (o->a_kernel == NULL)
		return 1;
	if (role == 0)
		return strcmp(p->kernel, o->a_kernel) == 0;
	if (o->b_kernel != NULL)
		return strcmp(p->kernel, o->b_kernel) == 0;
	/* Baseline mode: every other kernel of the baseline's family. */
	return strcmp(p->kernel, o->a_kernel) != 0 &&
	    strcmp(p->family, base_family) == 0;
}

/*
 * Rows compare on the grid key of their A point, with B's kernel right
 * after A's (it differs from A's when two named kernels are compared).
 * On RK_ALL: the tables' order; on RK_SERIES: one table.
 */
int
cmp_match_rows_cmp(const struct cmp_row *r, const struct cmp_row *s,
    unsigned mask)
{
	int c;

	if ((c = rkey_cmp(r->a, s->a, mask & RK(RK_FAMILY))) != 0)
		return c;
	if ((mask & RK(RK_KERNEL)) &&
	    (c = cmp_match_kernel_cmp(r->a, s->a)) != 0)
		return c;
	if ((c = strcmp(r->b->kernel, s->b->kernel)) != 0)
		return c;
	return rkey_cmp(r->a, s->a, mask & RK_POSITION);
}

static int
cmp_match_row_order(const void *x, const void *y)
{
	return cmp_match_rows_cmp(x, y, RK_ALL);
}

/*
 * Report points that found no partner: on stderr, never silently. With
 * names, *names is the first three of them, for the gate.
 */
static size_t
cmp_match_unmatched(const struct rset *s, const char *side,
    const unsigned char *used, const int *eligible, char **names)
{
	size_t i, k = 0, total = 0;
	char d[300], *t;

	for (i = 0; i < s->n; i++)
		if (eligible[i] && !used[i])
			total++;
	if (total == 0)
		return 0;
	warnx_("compare: %zu point%s of %s (%s) ha%s no match:", total,
	    total == 1 ? "" : "s", side, s->path, total == 1 ? "s" : "ve");
	for (i = 0; i < s->n && k < 20; i++)
		if (eligible[i] && !used[i]) {
			cmp_match_desc(&s->p[i], d, sizeof(d));
			if (verbose_level > 0)
				fprintf(stderr, "  %s\n", d);
			if (names != NULL && k < 3) {
				t = xasprintf("%s%s%s", *names ? *names : "",
				    *names ? "; " : "", d);
				free(*names);
				*names = t;
			}
			k++;
		}
	if (total > k && verbose_level > 0)
		fprintf(stderr, "  ... and %zu more\n", total - k);
	return total;
}

/* What matching two sets works on. */
struct cmp_match {
	const struct rset	*a, *b;
	const struct cmp_opts	*o;
	struct cmp_result	*res;
	int			*elig_a, *elig_b;	/* takes part */
	unsigned char		*used_a, *used_b;	/* has a partner */
	char			*err;
	size_t			 errlen;
	unsigned		 drop;	/* key parts the pair sort leaves out */
};

static int
cmp_match_fail(struct cmp_match *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
cmp_match_fail(struct cmp_match *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, m->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* The points of each side that take part; with --a-kernel, those exist. */
static int
cmp_match_sides(struct cmp_match *m)
{
	const struct cmp_opts *o = m->o;
	const char *base_family = "";
	size_t i;

	if (o->a_kernel != NULL) {
		if (!cmp_match_has_kernel(m->a, o->a_kernel))
			return cmp_match_fail(m, "compare: %s has no kernel "
			    "\"%s\"", m->a->path, o->a_kernel);
		if (o->b_kernel != NULL &&
		    !cmp_match_has_kernel(m->b, o->b_kernel))
			return cmp_match_fail(m, "compare: %s has no kernel "
			    "\"%s\"", m->b->path, o->b_kernel);
		base_family = cmp_match_family_of(m->a, o->a_kernel);
	}
	for (i = 0; i < m->a->n; i++)
		m->elig_a[i] = cmp_match_on_side(&m->a->p[i], 0, o,
		    base_family);
	for (i = 0; i < m->b->n; i++)
		m->elig_b[i] = cmp_match_on_side(&m->b->p[i], 1, o,
		    base_family);
	return 0;
}

/*
 * Do points x of A and y of B pair up? On the whole grid key; on the
 * position only when --a-kernel names A's kernel; with --ab, on the
 * kernel's name within its object and the position. The key parts in
 * drop are left out (RK(RK_DIST): pair across placements).
 */
static int
cmp_match_pair_cmp(const struct rpoint *x, const struct rpoint *y,
    const struct cmp_opts *o, unsigned drop)
{
	int c;

	if (o->ab_a != NULL) {
		if (x->copy != y->copy)
			return x->copy < y->copy ? -1 : 1;
		if ((c = strcmp(x->base, y->base)) != 0)
			return c;
		return rkey_cmp(x, y, RK_POSITION & ~drop);
	}
	return rkey_cmp(x, y, (o->a_kernel == NULL ? RK_ALL : RK_POSITION) &
	    ~drop);
}

static int
cmp_match_pair_cmp_idx(size_t x, size_t y, const void *arg)
{
	const struct cmp_match *m = arg;

	return cmp_match_pair_cmp(&m->a->p[x], &m->a->p[y], m->o, m->drop);
}

/*
 * Sort ia[0..na-1] (points of A) on cmp_match_pair_cmp without the parts
 * in drop.
 */
static void
cmp_match_pair_sort(struct cmp_match *m, size_t *ia, size_t na, unsigned drop)
{
	m->drop = drop;
	rkey_msort(ia, na, cmp_match_pair_cmp_idx, m);
}

/*
 * In ia[0..na-1] (points of A sorted by cmp_match_pair_sort with drop):
 * the first that pairs with q, or na.
 */
static size_t
cmp_match_pair_find(const struct cmp_match *m, const size_t *ia, size_t na,
    const struct rpoint *q, unsigned drop)
{
	size_t lo = 0, hi = na, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cmp_match_pair_cmp(&m->a->p[ia[mid]], q, m->o, drop) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < na &&
	    cmp_match_pair_cmp(&m->a->p[ia[lo]], q, m->o, drop) == 0 ? lo : na;
}

/*
 * A point of B without a partner in A: is there one at another placement
 * (the same key but the distance)? Then A and B were measured with their
 * buffers placed differently, which moves copies by a factor at small
 * distances: refused, unless allow_mixed (cmp_match_across_placements).
 */
static int
cmp_match_other_placement(struct cmp_match *m, const size_t *ix, size_t n,
    const struct rpoint *q)
{
	size_t k;
	char d[300];

	if (m->o->allow_mixed ||
	    (k = cmp_match_pair_find(m, ix, n, q, RK(RK_DIST))) == n)
		return 0;
	cmp_match_desc(q, d, sizeof(d));
	return cmp_match_fail(m, "compare: %s and %s were measured at "
	    "different placements (%s has %s; %s has distance %zu): not compared "
	    "(--allow-mixed to compare them anyway)", m->a->path, m->b->path,
	    m->b->path, d, m->a->path, m->a->p[ix[k]].pos.distance);
}

/*
 * --allow-mixed, when no point matched at the same placement: pair the
 * points regardless of their distance (each side must then have one
 * placement per position, or a point is there twice).
 */
static int
cmp_match_across_placements(struct cmp_match *m)
{
	const struct rset *a = m->a, *b = m->b;
	size_t *ia = xcalloc(a->n + 1, sizeof(size_t)), na = 0, i, j, k;
	struct cmp_result *res = m->res;

	for (i = 0; i < a->n; i++)
		if (m->elig_a[i])
			ia[na++] = i;
	cmp_match_pair_sort(m, ia, na, RK(RK_DIST));
	for (j = 0; j < b->n; j++) {
		if (!m->elig_b[j] ||
		    (k = cmp_match_pair_find(m, ia, na, &b->p[j],
		    RK(RK_DIST))) == na)
			continue;
		m->used_a[ia[k]] = m->used_b[j] = 1;
		res->rows[res->n].a = &a->p[ia[k]];
		res->rows[res->n++].b = &b->p[j];
		res->cross_placement++;
	}
	free(ia);
	return 0;
}

/*
 * Pair every B point that takes part with the A point it pairs with
 * (cmp_match_pair_cmp): A's points sorted once, each B point found by
 * bisection. A row per pair, in B's order.
 */
static int
cmp_match_pair_points(struct cmp_match *m)
{
	const struct rset *a = m->a, *b = m->b;
	size_t *ia = xcalloc(a->n + 1, sizeof(size_t)), na = 0, i, j, k;
	size_t *ip = xcalloc(a->n + 1, sizeof(size_t));
	struct cmp_result *res = m->res;
	char d[300];
	int rc = 0;

	for (i = 0; i < a->n; i++)
		if (m->elig_a[i]) {
			ip[na] = i;
			ia[na++] = i;
		}
	cmp_match_pair_sort(m, ip, na, RK(RK_DIST));
	cmp_match_pair_sort(m, ia, na, 0);
	res->rows = xcalloc(b->n + 1, sizeof(*res->rows));
	for (j = 0; j < b->n && rc == 0; j++) {
		if (!m->elig_b[j])
			continue;
		if ((k = cmp_match_pair_find(m, ia, na, &b->p[j], 0)) == na) {
			rc = cmp_match_other_placement(m, ip, na, &b->p[j]);
			continue;
		}
		if (k + 1 < na &&
		    cmp_match_pair_cmp(&a->p[ia[k + 1]], &b->p[j], m->o,
		    0) == 0) {
			cmp_match_desc(&a->p[ia[k + 1]], d, sizeof(d));
			free(ia);
			free(ip);
			return cmp_match_fail(m, "compare: %s has the point %s "
			    "twice", a->path, d);
		}
		m->used_a[ia[k]] = m->used_b[j] = 1;
		res->rows[res->n].a = &a->p[ia[k]];
		res->rows[res->n++].b = &b->p[j];
	}
	free(ia);
	free(ip);
	if (rc == 0 && m->o->allow_mixed && m->res->n == 0)
		return cmp_match_across_placements(m);
	return rc;
}

/* The -k filter (rows where either kernel matches), then the tables'
 * order, in which a point of B twice shows as two equal rows. */
static int
cmp_match_order_rows(struct cmp_match *m)
{
	const struct cmp_opts *o = m->o;
	struct cmp_row *rows = m->res->rows;
	size_t i, j, n = m->res->n;
	char d[300];

	for (i = j = 0; i < n; i++)
		if (o->kernels == NULL ||
		    match_patterns(o->kernels, rows[i].a->kernel) ||
		    match_patterns(o->kernels, rows[i].b->kernel))
			rows[j++] = rows[i];
	m->res->n = n = j;
	if (n == 0)
		return cmp_match_fail(m, "compare: no matching points "
		    "between %s and %s%s", m->a->path, m->b->path, o->a_kernel ||
		    o->families || o->kernels || o->ignore_below ?
		    " (after the filters)" : "");
	qsort(rows, n, sizeof(*rows), cmp_match_row_order);
	for (i = 1; i < n; i++)
		if (cmp_match_row_order(&rows[i - 1], &rows[i]) == 0) {
			cmp_match_desc(rows[i].b, d, sizeof(d));
			return cmp_match_fail(m, "compare: %s has the point %s "
			    "twice", m->b->path, d);
		}
	return 0;
}

int
cmp_match_points(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, struct cmp_result *res, char *err,
    size_t errlen)
{
	struct cmp_match m = { a, b, o, res, xcalloc(a->n + 1, sizeof(int)),
	    xcalloc(b->n + 1, sizeof(int)), xcalloc(a->n + 1, 1),
	    xcalloc(b->n + 1, 1), err, errlen, 0 };
	int rc;

	rc = cmp_match_sides(&m);
	if (rc == 0)
		rc = cmp_match_pair_points(&m);
	if (rc == 0) {
		res->unmatched_a = cmp_match_unmatched(a, "A", m.used_a,
		    m.elig_a, &res->missing_a);
		res->unmatched_b = cmp_match_unmatched(b, "B", m.used_b,
		    m.elig_b, NULL);
		rc = cmp_match_order_rows(&m);
	}
	if (rc != 0) {
		free(res->rows);
		res->rows = NULL;
		res->n = 0;
	}
	free(m.elig_a);
	free(m.elig_b);
	free(m.used_a);
	free(m.used_b);
	return rc;
}
