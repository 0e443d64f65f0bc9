/*
 * pivot.c - the wide view of a run (pivot.h): per family, one row per grid
 * position, one column per kernel, the fastest of each row marked and the
 * kernels within noise of it named.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp_test.h"
#include "names.h"
#include "pivot.h"
#include "rkey.h"
#include "util.h"

/* The parts of a position a row can be told apart by, in label order. */
static const int pivot_parts[] = {
	RK_CACHE, RK_MODE, RK_SIZE, RK_SRC, RK_DST, RK_DIST
};
#define PIVOT_NPARTS	(sizeof(pivot_parts) / sizeof(pivot_parts[0]))

/* One family's table: its points, grouped by position. */
struct pivot {
	const struct rpoint **p;	/* the family's points */
	size_t		 n;
	const char	**kn;		/* its kernels, in the run's order */
	size_t		 nk;
	size_t		*perm, *start;	/* rkey_group's, by position */
	size_t		 npos;
	unsigned	 vary;		/* bits RK(part) that differ */
};

/* A cost with the digits a reader needs: 4.61, 21.3, 1255. */
static void
pivot_cost(double v, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", v < 10 ? 2 : v < 100 ? 1 : 0, v);
}

/* The part of p one label shows: "1500 B", "3", "hot", "d 16". */
static void
pivot_part(const struct rpoint *p, int part, char *buf,
    size_t len)
{
	switch (part) {
	case RK_CACHE:
		snprintf(buf, len, "%s", cache_name(p->pos.cache));
		break;
	case RK_MODE:
		snprintf(buf, len, "%s", mode_name(p->pos.mode));
		break;
	case RK_SIZE:
		if (rset_shape(p)[0] != '\0')
			snprintf(buf, len, "%s", rset_shape(p));
		else
			summary_size(p->pos.size, buf, len);
		break;
	case RK_SRC:
		snprintf(buf, len, "%zu", p->pos.src_off);
		break;
	case RK_DST:
		snprintf(buf, len, "%zu", p->pos.dst_off);
		break;
	default:
		snprintf(buf, len, "%zu", p->pos.distance);
		break;
	}
}

/* The title of a part, in the label column's header or the fixed line. */
static const char *
pivot_part_name(int part)
{
	switch (part) {
	case RK_CACHE:
		return "cache";
	case RK_MODE:
		return "mode";
	case RK_SIZE:
		return "size";
	case RK_SRC:
		return "src";
	case RK_DST:
		return "dst";
	default:
		return "distance";
	}
}

/* The label of position g (its varying parts, joined by '/'), or of the
 * header when g is (size_t)-1. */
static void
pivot_label(const struct pivot *pv, size_t g, char *buf, size_t len)
{
	size_t i, at = 0;
	char part[64];

	buf[0] = '\0';
	for (i = 0; i < PIVOT_NPARTS; i++) {
		if (!(pv->vary & RK(pivot_parts[i])))
			continue;
		if (g == (size_t)-1)
			snprintf(part, sizeof(part), "%s",
			    pivot_part_name(pivot_parts[i]));
		else
			pivot_part(pv->p[pv->perm[pv->start[g]]],
			    pivot_parts[i], part, sizeof(part));
		at += (size_t)snprintf(buf + at, at < len ? len - at : 0,
		    "%s%s", at ? "/" : "", part);
	}
}

/* Group the family's points by position; which parts differ; kernels. */
static void
pivot_build(struct pivot *pv)
{
	size_t i, j, g;

	pv->perm = xcalloc(pv->n + 1, sizeof(size_t));
	pv->start = xcalloc(pv->n + 1, sizeof(size_t));
	pv->kn = xcalloc(pv->n + 1, sizeof(char *));
	pv->npos = rkey_group(pv->p, pv->n, RK_POSITION, pv->perm, pv->start);
	pv->vary = 0;
	for (g = 1; g < pv->npos; g++)
		for (i = 0; i < PIVOT_NPARTS; i++)
			if (rkey_cmp(pv->p[pv->perm[pv->start[0]]],
			    pv->p[pv->perm[pv->start[g]]],
			    RK(pivot_parts[i]) | (pivot_parts[i] == RK_SIZE ?
			    RK(RK_SHAPE) : 0)) != 0)
				pv->vary |= RK(pivot_parts[i]);
	pv->nk = 0;
	for (i = 0; i < pv->n; i++) {
		for (j = 0; j < pv->nk && strcmp(pv->kn[j], pv->p[i]->kernel);
		    j++)
			;
		if (j == pv->nk)
			pv->kn[pv->nk++] = pv->p[i]->kernel;
	}
}

static void
pivot_free(struct pivot *pv)
{
	free(pv->perm);
	free(pv->start);
	free(pv->kn);
}

/* Kernel k's point at position g, or NULL. */
static const struct rpoint *
pivot_at(const struct pivot *pv, size_t g, const char *k)
{
	size_t i;

	for (i = pv->start[g]; i < pv->start[g + 1]; i++)
		if (strcmp(pv->p[pv->perm[i]]->kernel, k) == 0)
			return pv->p[pv->perm[i]];
	return NULL;
}

/* The fastest point of position g (by median), or NULL. */
static const struct rpoint *
pivot_best(const struct pivot *pv, size_t g)
{
	const struct rpoint *b = NULL, *q;
	size_t i;

	for (i = pv->start[g]; i < pv->start[g + 1]; i++) {
		q = pv->p[pv->perm[i]];
		if (isfinite(q->st.median) && (b == NULL ||
		    q->st.median < b->st.median))
			b = q;
	}
	return b;
}

/* The line over the table: the family, the unit, what is fixed. */
static void
pivot_title(FILE *fp, const struct pivot *pv)
{
	const struct rpoint *p0 = pv->p[0];
	int part;
	size_t i;
	char val[64];
	const char *name, *sep = ": ";

	fprintf(fp, "%s, %s per call", p0->family, p0->unit);
	for (i = 0; i < PIVOT_NPARTS; i++) {
		part = pivot_parts[i];
		if (pv->vary & RK(part))
			continue;
		pivot_part(p0, part, val, sizeof(val));
		/* "hot", "1500 B" say what they are; numbers need a name. */
		name = part == RK_SRC ? "src offset " : part == RK_DST ?
		    "dst offset " : part == RK_DIST ? "distance " : "";
		fprintf(fp, "%s%s%s", sep, name, val);
		sep = ", ";
	}
	fputs("\n", fp);
}

/* Column widths: the label's (w[0]) and each kernel's (w[1 + k]). */
static void
pivot_widths(const struct pivot *pv, int *w)
{
	size_t g, k;
	char buf[128];
	const struct rpoint *q;

	pivot_label(pv, (size_t)-1, buf, sizeof(buf));
	w[0] = (int)strlen(buf);
	for (g = 0; g < pv->npos; g++) {
		pivot_label(pv, g, buf, sizeof(buf));
		if ((int)strlen(buf) > w[0])
			w[0] = (int)strlen(buf);
	}
	for (k = 0; k < pv->nk; k++) {
		w[1 + k] = (int)strlen(family_variant(pv->kn[k])) +
		    1;
		for (g = 0; g < pv->npos; g++) {
			if ((q = pivot_at(pv, g, pv->kn[k])) == NULL)
				continue;
			pivot_cost(q->st.median, buf, sizeof(buf));
			if ((int)strlen(buf) + 1 > w[1 + k])
				w[1 + k] = (int)strlen(buf) + 1;
		}
	}
}

/*
 * Row g: each kernel's cost, '*' after the fastest and '=' after those
 * within noise of it; then the fastest named, and its ties. Returns how
 * many points had too few samples to be told apart.
 */
static size_t
pivot_row(FILE *fp, const struct pivot *pv, size_t g, const int *w,
    double alpha)
{
	const struct rpoint *b = pivot_best(pv, g), *q;
	char buf[128], ties[512] = "";
	size_t k, at = 0, few = 0;
	int untested;

	pivot_label(pv, g, buf, sizeof(buf));
	fprintf(fp, "%-*s", w[0], buf);
	for (k = 0; k < pv->nk; k++) {
		char mark = ' ';

		q = pivot_at(pv, g, pv->kn[k]);
		if (q != NULL && q == b)
			mark = '*';
		else if (q != NULL && b != NULL && isfinite(q->st.median) &&
		    compare_within_noise(b, q, alpha, &untested)) {
			mark = '=';
			few += untested;
			at += (size_t)snprintf(ties + at, at < sizeof(ties) ?
			    sizeof(ties) - at : 0, "%s%s", at ? ", " : "",
			    family_variant(q->kernel));
		}
		pivot_cost(q != NULL ? q->st.median : NAN, buf, sizeof(buf));
		fprintf(fp, "  %*s%c", w[1 + k] - 1, buf, mark);
	}
	fprintf(fp, "  %s", b != NULL ? family_variant(b->kernel) : "-");
	if (ties[0] != '\0')
		fprintf(fp, " = %s", ties);
	fputc('\n', fp);
	return few;
}

/* One family's table; returns the lines written. */
static size_t
pivot_family(FILE *fp, struct pivot *pv, const struct summary_opts *so)
{
	int *w;
	size_t g, k, few = 0;
	char buf[128];

	pivot_build(pv);
	w = xcalloc(pv->nk + 1, sizeof(int));
	pivot_widths(pv, w);
	pivot_title(fp, pv);
	pivot_label(pv, (size_t)-1, buf, sizeof(buf));
	fprintf(fp, "%-*s", w[0], buf);
	for (k = 0; k < pv->nk; k++)
		fprintf(fp, "  %*s ", w[1 + k] - 1, family_variant(pv->kn[k]));
	fputs("  fastest\n", fp);
	for (g = 0; g < pv->npos; g++)
		few += pivot_row(fp, pv, g, w, so->alpha);
	free(w);
	if (few > 0)
		fprintf(fp, "%zu of them with too few samples to test: shown "
		    "within noise (-r %zu or more)\n", few,
		    compare_table_samples(so->alpha));
	g = pv->npos + 2 + (few > 0);
	pivot_free(pv);
	return g;
}

size_t
pivot_write_points(FILE *fp, const struct rpoint **p, size_t n,
    const struct summary_opts *so)
{
	struct pivot pv;
	size_t i, j, lines = 0;

	for (i = 0; i < n; i = j) {
		for (j = i; j < n && strcmp(p[j]->family, p[i]->family) == 0;
		    j++)
			;
		memset(&pv, 0, sizeof(pv));
		pv.p = p + i;
		pv.n = j - i;
		if (i > 0) {
			fputc('\n', fp);
			lines++;
		}
		lines += pivot_family(fp, &pv, so);
	}
	if (n > 0) {
		fprintf(fp, "Medians (%s); * fastest;\n= within noise of the "
		    "fastest (the test of --baseline's table)\n", so->cost);
		lines += 2;
	}
	return lines;
}

size_t
pivot_write(FILE *fp, const struct rset *rs, const struct summary_opts *so)
{
	const struct rpoint **p = xcalloc(rs->n + 1, sizeof(*p));
	size_t i, lines;

	for (i = 0; i < rs->n; i++)
		p[i] = &rs->p[i];
	lines = pivot_write_points(fp, p, rs->n, so);
	free(p);
	return lines;
}

void
pivot_rformat_write(FILE *fp, const struct rset *rs, const size_t *idx,
    size_t n)
{
	struct summary_opts so = { .alpha = 0.05, .cost = "whole call" };

	(void)idx;
	(void)n;
	pivot_write(fp, rs, &so);
}
