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
#include "pos.h"
#include "rset.h"
#include "util.h"

/*
 * Against one baseline (every row's A the same kernel, B another)? Else
 * each row compares a kernel of B with the same kernel of A.
 */
static int
cmp_wide_baseline(const struct cmp_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(rows[i].a->kernel, rows[0].a->kernel) != 0 ||
		    strcmp(rows[i].a->base, rows[i].b->base) == 0)
			return 0;
	return n > 0;
}

/* Rows of one wide table share the family and the series. */
static int
cmp_wide_same(const struct cmp_row *r, const struct cmp_row *s)
{
	return strcmp(r->a->family, s->a->family) == 0 &&
	    pos_cmp(&r->a->pos, &s->a->pos, POS_SERIES) == 0;
}

/* A column's name: the kernel compared (B's against a baseline, else
 * the one both sides share), less its object and its family's prefix. */
static const char *
cmp_wide_name(const struct cmp_row *r, int baseline)
{
	const struct rpoint *p = baseline ? r->b : r->a;
	const char *k = p->base != NULL && p->base[0] ? p->base : p->kernel;
	size_t n = strlen(p->family);

	if (strncmp(k, p->family, n) == 0 && k[n] == '.')
		return k + n + 1;
	return k;
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
 * The cells of size line `line` of g[0..n-1]: the rows at the same
 * position as g[first], one per column; the row's best beyond noise.
 */
static void
cmp_wide_line(const struct cmp_row *const *g, size_t n, size_t first,
    const char **col, size_t ncol, int baseline, char *cells)
{
	const struct cmp_row **at = xcalloc(ncol + 1, sizeof(*at));
	const struct cmp_row *best = NULL;
	size_t j, k;

	for (j = first; j < n; j++) {
		if (pos_cmp(&g[j]->a->pos, &g[first]->a->pos, POS_ALL) != 0)
			continue;
		for (k = 0; strcmp(col[k], cmp_wide_name(g[j], baseline)) != 0;
		    k++)
			;
		at[k] = g[j];
		if (!g[j]->noise && isfinite(g[j]->ratio) && g[j]->ratio < 1 &&
		    (best == NULL || g[j]->ratio < best->ratio))
			best = g[j];
	}
	for (k = 0; k < ncol; k++)
		cmp_wide_cell(cells + k * CW, CW, at[k], at[k] != NULL &&
		    at[k] == best);
	free(at);
}

/* The rows g[0..n-1] of one table: a line per size, a column per kernel. */
static void
cmp_wide_table(FILE *out, const struct cmp_row *const *g, size_t n,
    int baseline)
{
	const char **col = xcalloc(n + 1, sizeof(*col));
	size_t *w = xcalloc(n + 1, sizeof(*w)), *first = xcalloc(n + 1,
	    sizeof(*first));
	size_t i, j, k, ncol = 0, nline = 0, sw = 4, linecap;
	char lab[256], sz[64], *cells, *line;

	for (i = 0; i < n; i++) {
		const char *c = cmp_wide_name(g[i], baseline);

		for (k = 0; k < ncol && strcmp(col[k], c) != 0; k++)
			;
		if (k == ncol) {
			col[ncol] = c;
			w[ncol++] = strlen(c);
		}
		/* A line per position, at its first row (the rows are in
		 * size order within each kernel's run). */
		for (j = 0; j < i && pos_cmp(&g[j]->a->pos, &g[i]->a->pos,
		    POS_ALL) != 0; j++)
			;
		if (j == i)
			first[nline++] = i;
		if (strlen(rset_size_label(g[i]->a, sz, sizeof(sz))) > sw)
			sw = strlen(sz);
	}
	cells = xcalloc(nline * ncol + 1, CW);
	linecap = sw + (ncol + 1) * (CW + 1) + 1;
	line = xcalloc(linecap, 1);
	for (i = 0; i < nline; i++) {
		cmp_wide_line(g, n, first[i], col, ncol, baseline,
		    cells + i * ncol * CW);
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
	const struct cmp_row **g = xcalloc(n + 1, sizeof(*g));
	char *done = xcalloc(n + 1, 1);
	char info[700], env[900];
	size_t i, j, m, ntab = 0;
	int baseline = cmp_wide_baseline(rows, n);

	cmp_print_env_line(res, env, sizeof(env));
	cmp_print_table_info(rows, n, res, info, sizeof(info));
	fprintf(out, "%s\n\n%s\n\n", env, info);
	for (i = 0; i < n; i++) {
		/* Copies of a point (run --replicas): the first copy's. */
		if (done[i] || rows[i].a->copy > 1)
			continue;
		for (j = i, m = 0; j < n; j++)
			if (!done[j] && rows[j].a->copy <= 1 &&
			    cmp_wide_same(&rows[i], &rows[j])) {
				g[m++] = &rows[j];
				done[j] = 1;
			}
		if (ntab++ > 0)
			putc('\n', out);
		cmp_wide_table(out, g, m, baseline);
	}
	fprintf(out, "\nCells: median / %s median - 1, %s (+: slower)%s.\n"
	    "~ within noise: not significant at alpha %g, within "
	    "the medians' 95%% CIs,\n  or no more than one core cycle; * the "
	    "row's %s beyond noise.\nA table per kernel, with intervals "
	    "and p: --style markdown.\n", baseline ? "the baseline's" :
	    "A's", o->cost == CMP_COST_NET ? "net of the empty call" :
	    "whole calls", res->replicas > 1 ? "; the first copy of each "
	    "build" : "", o->alpha, baseline ? "fastest" : "largest gain");
	free(done);
	free(g);
}
