/*
 * cmp_wide.c - compare's wide view (--style wide; cmp_style.h): per
 * family and series, a row per size and a column per kernel, each cell
 * the change of B's median over A's: against one baseline (run
 * --baseline, compare --a-kernel) a column per kernel compared with it;
 * between two results (compare A B, run --ab) a column per kernel,
 * its B against its A.
 *
 * Why: run --baseline over a family of seven kernels and the default
 * sizes gives the other styles' table per kernel, some 300 lines for one
 * family; the question asked of it ("which kernel beats the baseline
 * where?", "which kernels did the patch change?") is one screen when the
 * kernels sit side by side. The cells carry the same statistic, test and
 * marks as every other style.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp_print.h"
#include "cmp_style.h"
#include "names.h"
#include "pos.h"
#include "rkey.h"
#include "rset.h"
#include "util.h"

/* What the sort and the columns need: against one baseline or not. */
struct cmp_wide {
	const struct cmp_row *rows;
	int	 baseline;
};

/*
 * A column's name: against a baseline, the kernel compared with it (B's,
 * whole); between two results, the kernel both sides share (its name in
 * its object's table); either less its family's prefix.
 */
static const char *
cmp_wide_name(const struct cmp_row *r, int baseline)
{
	const struct rpoint *p = baseline ? r->b : r->a;

	return family_variant(baseline || p->base == NULL || !p->base[0] ?
	    p->kernel : p->base);
}

/*
 * Against one baseline (run --baseline, compare --a-kernel X --b-kernel
 * Y): another kernel than A's on every row. (compare --a-kernel X alone
 * compares X of A with X of B; run --ab names no kernel.)
 */
static int
cmp_wide_baseline(const struct cmp_row *rows, size_t n,
    const struct cmp_opts *o)
{
	size_t i;

	if (o->a_kernel == NULL)
		return 0;
	for (i = 0; i < n; i++)
		if (strcmp(rows[i].a->kernel, rows[i].b->kernel) == 0)
			return 0;
	return 1;
}

/* Tables by family and series, lines by position, cells by column. */
static int
cmp_wide_order(size_t x, size_t y, const void *arg)
{
	const struct cmp_wide *w = arg;
	const struct cmp_row *r = &w->rows[x], *s = &w->rows[y];
	int c;

	if ((c = strcmp(r->a->family, s->a->family)) != 0 ||
	    (c = pos_cmp(&r->a->pos, &s->a->pos, POS_SERIES)) != 0 ||
	    (c = pos_cmp(&r->a->pos, &s->a->pos, POS_ALL)) != 0)
		return c;
	return strcmp(cmp_wide_name(r, w->baseline),
	    cmp_wide_name(s, w->baseline));
}

static int
cmp_wide_str_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/*
 * "+12.3%~": the change, then "~" within noise, "*" the row's best, or
 * a space (the digits stay aligned); whole percent from 100% on, where a
 * tenth tells nothing.
 */
static void
cmp_wide_cell(char *buf, size_t len, const struct cmp_row *r, int best)
{
	double pct;

	if (r == NULL || !isfinite(r->ratio)) {
		snprintf(buf, len, "n/a ");
		return;
	}
	pct = (r->ratio - 1) * 100;
	snprintf(buf, len, "%+.*f%%%s", fabs(pct) < 99.95 ? 1 : 0, pct,
	    r->noise ? "~" : best ? "*" : " ");
}

/* Cell text of one table: CW bytes a cell. */
#define CW	24

/*
 * One line's cells: g[0..n-1], the rows at one position in column order,
 * into the columns col[0..ncol-1] (sorted; every row's column is there);
 * the line's best beyond noise marked.
 */
static void
cmp_wide_line(const struct cmp_row *const *g, size_t n, const char **col,
    size_t ncol, int baseline, char *cells)
{
	const struct cmp_row *best = NULL;
	size_t j, k;

	for (j = 0; j < n; j++)
		if (!g[j]->noise && isfinite(g[j]->ratio) && g[j]->ratio < 1 &&
		    (best == NULL || g[j]->ratio < best->ratio))
			best = g[j];
	for (j = k = 0; k < ncol; k++) {
		const struct cmp_row *r = NULL;

		/* (A second row of one column, were there one, is passed.) */
		while (j < n && strcmp(cmp_wide_name(g[j], baseline),
		    col[k]) < 0)
			j++;
		if (j < n && strcmp(cmp_wide_name(g[j], baseline),
		    col[k]) == 0)
			r = g[j++];
		cmp_wide_cell(cells + k * CW, CW, r, r != NULL && r == best);
	}
}

/*
 * The rows g[0..n-1] of one table, in cmp_wide_order: a line per size, a
 * column per kernel.
 */
static void
cmp_wide_table(FILE *out, const struct cmp_row *const *g, size_t n,
    int baseline)
{
	const char **col = xcalloc(n + 1, sizeof(*col));
	size_t *w = xcalloc(n + 1, sizeof(*w)), *first = xcalloc(n + 2,
	    sizeof(*first));
	size_t i, k, ncol = 0, nline = 0, sw = 4, linecap;
	char lab[256], sz[64], *cells, *line;

	for (i = 0; i < n; i++) {
		col[i] = cmp_wide_name(g[i], baseline);
		if (i == 0 || pos_cmp(&g[i - 1]->a->pos, &g[i]->a->pos,
		    POS_ALL) != 0)
			first[nline++] = i;
		if (strlen(rset_size_label(g[i]->a, sz, sizeof(sz))) > sw)
			sw = strlen(sz);
	}
	first[nline] = n;
	qsort(col, n, sizeof(*col), cmp_wide_str_cmp);
	for (i = 0; i < n; i++)
		if (ncol == 0 || strcmp(col[ncol - 1], col[i]) != 0) {
			col[ncol] = col[i];
			w[ncol++] = strlen(col[i]);
		}
	cells = xcalloc(nline * ncol + 1, CW);
	linecap = sw + (ncol + 1) * (CW + 1) + 1;
	line = xcalloc(linecap, 1);
	for (i = 0; i < nline; i++) {
		cmp_wide_line(g + first[i], first[i + 1] - first[i], col, ncol,
		    baseline, cells + i * ncol * CW);
		for (k = 0; k < ncol; k++)
			if (strlen(cells + (i * ncol + k) * CW) > w[k])
				w[k] = strlen(cells + (i * ncol + k) * CW);
	}
	pos_label(&g[0]->a->pos, POS_LABEL_SERIES, lab, sizeof(lab));
	if (baseline)
		fprintf(out, "### Over %s: %s\n\n", g[0]->a->kernel, lab);
	else
		fprintf(out, "### %s, B over A: %s\n\n", g[0]->a->family, lab);
	fprintf(out, "%-*s", (int)sw, "size");
	for (k = 0; k < ncol; k++)
		fprintf(out, " %*s", (int)w[k], col[k]);
	putc('\n', out);
	for (i = 0; i < nline; i++) {
		size_t len;

		len = (size_t)snprintf(line, linecap, "%-*s", (int)sw,
		    rset_size_label(g[first[i]]->a, sz, sizeof(sz)));
		for (k = 0; k < ncol && len < linecap; k++)
			len += (size_t)snprintf(line + len, linecap - len,
			    " %*s", (int)w[k], cells + (i * ncol + k) * CW);
		/* The last cell's mark place, when blank, ends no line. */
		while (len > 0 && line[len - 1] == ' ')
			line[--len] = '\0';
		fprintf(out, "%s\n", line);
	}
	free(line);
	free(cells);
	free(first);
	free(w);
	free(col);
}

void
cmp_wide_print(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o)
{
	struct cmp_wide cw = { rows, cmp_wide_baseline(rows, n, o) };
	const struct cmp_row **g = xcalloc(n + 1, sizeof(*g));
	size_t *ix = xcalloc(n + 1, sizeof(*ix));
	char info[700], env[900];
	size_t i, m, t, ntab = 0;
	int baseline = cw.baseline;

	cmp_print_env_line(res, env, sizeof(env));
	cmp_print_table_info(rows, n, res, info, sizeof(info));
	fprintf(out, "%s\n\n%s\n\n", env, info);
	/* Copies of a point (run --replicas): the first copy's. */
	for (i = m = 0; i < n; i++)
		if (rows[i].a->copy <= 1)
			ix[m++] = i;
	rkey_msort(ix, m, cmp_wide_order, &cw);
	for (i = 0; i < m; i = t) {
		for (t = i; t < m && strcmp(rows[ix[t]].a->family,
		    rows[ix[i]].a->family) == 0 && pos_cmp(&rows[ix[t]].a->pos,
		    &rows[ix[i]].a->pos, POS_SERIES) == 0; t++)
			g[t - i] = &rows[ix[t]];
		if (ntab++ > 0)
			putc('\n', out);
		cmp_wide_table(out, g, t - i, baseline);
	}
	fprintf(out, "\nCells: median / %s median - 1, %s (+: slower)%s.\n"
	    "~ within noise: not significant at alpha %g, within "
	    "the medians' 95%% CIs,\n  or no more than one core cycle; * the "
	    "row's %s beyond noise.\nA table per kernel, with intervals "
	    "and p: --style markdown.\n", baseline ? "the baseline's" :
	    "A's", o->cost == CMP_COST_NET ? "net of the empty call" :
	    "whole calls", res->replicas > 1 ? "; the first copy of each "
	    "build" : "", o->alpha, baseline ? "fastest" : "largest gain");
	free(ix);
	free(g);
}
