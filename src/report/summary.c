/*
 * summary.c - who wins where: the short summary of a run (summary.h).
 *
 * Two passes: a verdict per grid position (the fastest kernel, the
 * runner-up, whether they differ beyond noise), then lines, one per run of
 * consecutive sizes with the same verdict.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ceilings.h"
#include "names.h"
#include "cmp_test.h"
#include "pivot.h"
#include "rkey.h"
#include "summary.h"
#include "util.h"

/* Every part of the key but the kernel: one grid position of a family. */
#define SUM_POSITION	(RK_ALL & ~RK(RK_KERNEL))
/* ... and but the size: the sizes of one line's series. */
#define SUM_SERIES	(SUM_POSITION & ~RK(RK_SIZE))

struct verdict {
	const struct rpoint *best, *second;
	size_t	 ntied;		/* other kernels within noise of best */
	int	 noise;		/* second is within noise of best */
	int	 untested;	/* ... too few samples to tell (compare.h) */
	double	 margin;	/* (second - best) / best, in percent */
	size_t	 fam;		/* the family's place in the run */
	/* The fastest and every kernel within noise of it, as bits of
	 * their place in the run (0 beyond the 64th kernel). */
	unsigned long long tie;
};

/* Bit i: kernel names[i]; 0 beyond the 64th. */
static unsigned long long
sum_bit(const char *const *names, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n && i < 64; i++)
		if (strcmp(names[i], k) == 0)
			return 1ull << i;
	return 0;
}

/* A cost with the digits a reader needs: 4.61, 21.3, 1255. */
static char *
sum_cost(double v, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f", v < 10 ? 2 : v < 100 ? 1 : 0, v);
	return buf;
}

/* The verdict of the points p[0..n-1] of one position. */
static void
sum_verdict(const struct rpoint *const *p, size_t n, double alpha,
    const char *const *names, size_t nnames, struct verdict *v)
{
	size_t i;

	memset(v, 0, sizeof(*v));
	v->margin = NAN;
	for (i = 0; i < n; i++) {
		double m = p[i]->st.median;

		if (!isfinite(m))
			continue;
		if (v->best == NULL || m < v->best->st.median) {
			v->second = v->best;
			v->best = p[i];
		} else if (v->second == NULL || m < v->second->st.median)
			v->second = p[i];
	}
	if (v->best == NULL || v->second == NULL)
		return;
	v->margin = (v->second->st.median - v->best->st.median) /
	    v->best->st.median * 100;
	/* The test of a delta table of this run, so that the two agree. */
	v->noise = compare_within_noise(v->best, v->second, alpha,
	    &v->untested);
	v->tie = sum_bit(names, nnames, v->best->kernel);
	for (i = 0; i < n; i++)
		if (p[i] != v->best && isfinite(p[i]->st.median) &&
		    (p[i] == v->second ? v->noise :
		    compare_within_noise(v->best, p[i], alpha, NULL))) {
			v->ntied++;
			v->tie |= sum_bit(names, nnames, p[i]->kernel);
		}
}

/* Do two positions' verdicts read the same (one line for both)? */
static int
sum_same(const struct verdict *a, const struct verdict *b)
{
	if (a->best == NULL || b->best == NULL)
		return a->best == b->best;
	if (strcmp(a->best->kernel, b->best->kernel) != 0 ||
	    (a->second == NULL) != (b->second == NULL) || a->noise != b->noise)
		return 0;
	return a->second == NULL ||
	    strcmp(a->second->kernel, b->second->kernel) == 0;
}

/* "hot, throughput, offsets 0/0, distance 2048": a series' label. */
static void
sum_series(FILE *fp, const struct rpoint *p)
{
	char pos[256];

	fprintf(fp, "  %s:\n", pos_label(&p->pos, POS_LABEL_SUMMARY, pos,
	    sizeof(pos)));
}

/* The names behind the bits of run's kernels. */
struct sum_names {
	const char *const *v;
	size_t	 n;
};

/*
 * The margin column of v[0..n-1] (one line) when the fastest is not
 * within noise of the next: by how much the runner-up is slower.
 */
static void
sum_margin(FILE *fp, const struct verdict *v, size_t n)
{
	double lo = v[0].margin, hi = v[0].margin;
	size_t i;

	if (v[0].second == NULL) {
		fputs("the only kernel measured\n", fp);
		return;
	}
	if (v[0].noise) {
		fprintf(fp, "within noise of %s\n",
		    family_variant(v[0].second->kernel));
		return;
	}
	for (i = 0; i < n; i++) {
		lo = fmin(lo, v[i].margin);
		hi = fmax(hi, v[i].margin);
	}
	fprintf(fp, "+%.*f%%", lo < 10 ? 1 : 0, lo);
	if (hi - lo >= 0.5)
		fprintf(fp, " to +%.*f%%", hi < 10 ? 1 : 0, hi);
	fprintf(fp, " over %s\n", family_variant(v[0].second->kernel));
}

/* The kernels of bits but k, after lead: "sse2, avx2". Returns how many. */
static int
sum_put_names(FILE *fp, unsigned long long bits, const struct sum_names *nm,
    const char *k, const char *lead)
{
	size_t i;
	int n = 0;

	for (i = 0; i < nm->n && i < 64; i++) {
		if (!(bits >> i & 1) || strcmp(nm->v[i], k) == 0)
			continue;
		fprintf(fp, "%s%s", n ? ", " : lead, family_variant(nm->v[i]));
		n++;
	}
	return n;
}

/*
 * The margin column of a line of ties: v[0..n-1] all within noise, k
 * (within noise of the fastest, or the fastest, at every size) one of the
 * kernels in every tie (inter). Names those tied at every size, then
 * those tied at some.
 */
static void
sum_ties(FILE *fp, const struct verdict *v, size_t n, unsigned long long inter,
    const struct sum_names *nm, const char *k)
{
	size_t i;
	unsigned long long all = 0;
	int always;

	for (i = 0; i < n; i++)
		all |= v[i].tie;
	always = sum_put_names(fp, inter, nm, k, "within noise of ");
	sum_put_names(fp, all & ~inter, nm, k, always ? "; at some sizes of " :
	    "within noise at some sizes of ");
	fputc('\n', fp);
}

/* Which kernel of inter to name: the fastest most often, in the run. */
static const char *
sum_pick(const struct verdict *v, size_t n, unsigned long long inter,
    const struct sum_names *nm)
{
	size_t i, j, c, best = 0;
	const char *k = NULL;

	for (i = 0; i < n; i++) {
		if (!(v[i].tie & inter & sum_bit(nm->v, nm->n,
		    v[i].best->kernel)))
			continue;
		for (c = 0, j = 0; j < n; j++)
			c += strcmp(v[j].best->kernel, v[i].best->kernel) == 0;
		if (c > best) {
			best = c;
			k = v[i].best->kernel;
		}
	}
	for (i = 0; k == NULL && i < nm->n && i < 64; i++)
		if (inter >> i & 1)
			k = nm->v[i];
	return k != NULL ? k : v[0].best->kernel;
}

/* The widths of the columns before the margin, as wide as their texts. */
struct sum_cols {
	int	 fw, sw, kw, cw;	/* family, size, fastest, cost */
};

/* A line's sizes ("64 B - 1 KiB") and costs ("7.02 - 23.2"). */
static void
sum_texts(const struct verdict *v, size_t n, char *sizes, size_t slen,
    char *cost, size_t clen)
{
	char s0[32], s1[32], c0[32], c1[32];

	summary_size(v[0].best->pos.size, s0, sizeof(s0));
	summary_size(v[n - 1].best->pos.size, s1, sizeof(s1));
	snprintf(sizes, slen, n > 1 ? "%s - %s" : "%s", s0, s1);
	sum_cost(v[0].best->st.median, c0, sizeof(c0));
	sum_cost(v[n - 1].best->st.median, c1, sizeof(c1));
	snprintf(cost, clen, strcmp(c0, c1) ? "%s - %s" : "%s", c0, c1);
}

/* Widen c for a line of family, the verdicts v[0..n-1], kernel k. */
static void
sum_widen(struct sum_cols *c, const char *family, const struct verdict *v,
    size_t n, const char *k)
{
	char sizes[72], cost[72];

	sum_texts(v, n, sizes, sizeof(sizes), cost, sizeof(cost));
	if ((int)strlen(family) > c->fw)
		c->fw = (int)strlen(family);
	if ((int)strlen(sizes) > c->sw)
		c->sw = (int)strlen(sizes);
	if ((int)strlen(k) > c->kw)
		c->kw = (int)strlen(k);
	if ((int)strlen(cost) > c->cw)
		c->cw = (int)strlen(cost);
}

/* One line: the positions' verdicts v[0..n-1], in size order. */
static void
sum_line(FILE *fp, const char *family, const struct sum_cols *c,
    const struct verdict *v, size_t n, unsigned long long inter,
    const struct sum_names *nm)
{
	char sizes[72], cost[72];
	const char *k = inter ? sum_pick(v, n, inter, nm) : v[0].best->kernel;

	sum_texts(v, n, sizes, sizeof(sizes), cost, sizeof(cost));
	fprintf(fp, "%-*s  %-*s  %-*s  %-*s  ", c->fw, family, c->sw, sizes,
	    c->kw, k, c->cw, cost);
	if (inter)
		sum_ties(fp, v, n, inter, nm, k);
	else
		sum_margin(fp, v, n);
}

/*
 * Where the line starting at v[i] ends: the next position of another
 * series or verdict; a tie goes on while some kernel is in every tie
 * (*inter: those kernels; 0 for a line that is not a tie).
 */
static size_t
sum_extent(const struct verdict *v, size_t npos, size_t i,
    unsigned long long *inter)
{
	size_t j;

	*inter = v[i].noise ? v[i].tie : 0;
	for (j = i + 1; j < npos && rkey_cmp(v[i].best, v[j].best,
	    SUM_SERIES) == 0; j++) {
		if (*inter == 0 ? !sum_same(&v[i], &v[j]) :
		    !v[j].noise || (*inter & v[j].tie) == 0)
			break;
		*inter &= *inter ? v[j].tie : 0;
	}
	return j;
}

/* How many series (SUM_SERIES) the family of position i has. */
static size_t
sum_nseries(const struct verdict *v, size_t npos, size_t i)
{
	size_t j, n = 1;

	while (i > 0 && strcmp(v[i - 1].best->family, v[i].best->family) == 0)
		i--;
	for (j = i + 1; j < npos && strcmp(v[j].best->family,
	    v[i].best->family) == 0; j++)
		n += rkey_cmp(v[j - 1].best, v[j].best, SUM_SERIES) != 0;
	return n;
}

/* The widths the lines of v[0..npos-1] need (sum_lines' pass, dry). */
static void
sum_measure(const struct verdict *v, size_t npos, const struct sum_names *nm,
    struct sum_cols *c)
{
	size_t i, j;
	unsigned long long inter;

	c->fw = (int)strlen("family");
	c->sw = (int)strlen("size");
	c->kw = (int)strlen("fastest");
	c->cw = (int)strlen("cost");
	for (i = 0; i < npos; i = j) {
		j = sum_extent(v, npos, i, &inter);
		sum_widen(c, v[i].best->family, &v[i], j - i, inter ?
		    sum_pick(&v[i], j - i, inter, nm) : v[i].best->kernel);
	}
}

/* The lines of the verdicts v[0..npos-1], in key order. */
static size_t
sum_lines(FILE *fp, const struct verdict *v, size_t npos,
    const struct sum_cols *c, const struct sum_names *nm)
{
	size_t i, j, lines = 0;
	const char *fam = NULL;
	unsigned long long inter;

	for (i = 0; i < npos; i = j) {
		int newfam = fam == NULL || strcmp(fam, v[i].best->family) != 0;

		j = sum_extent(v, npos, i, &inter);
		if ((newfam || rkey_cmp(v[i - 1].best, v[i].best,
		    SUM_SERIES) != 0) && sum_nseries(v, npos, i) > 1) {
			if (newfam)
				fprintf(fp, "%s\n", v[i].best->family);
			sum_series(fp, v[i].best);
			lines += 1 + newfam;
			newfam = 0;
		}
		sum_line(fp, newfam ? v[i].best->family : "", c, &v[i], j - i,
		    inter, nm);
		fam = v[i].best->family;
		lines++;
	}
	return lines;
}

/* Families in the run's order; in each, rkey's order of positions. */
static int
sum_order(const void *a, const void *b)
{
	const struct verdict *x = a, *y = b;

	if (x->fam != y->fam)
		return x->fam < y->fam ? -1 : 1;
	return rkey_cmp(x->best, y->best, SUM_POSITION);
}

/* The distinct kernel names of rs, in its order. */
static void
sum_names_of(const struct rset *rs, struct sum_names *nm)
{
	const char **v = xcalloc(rs->n + 1, sizeof(*v));
	size_t i, j;

	nm->n = 0;
	for (i = 0; i < rs->n; i++) {
		for (j = 0; j < nm->n && strcmp(v[j], rs->p[i].kernel); j++)
			;
		if (j == nm->n)
			v[nm->n++] = rs->p[i].kernel;
	}
	nm->v = v;
}

/* The verdicts of rs's positions into v: how many. */
static size_t
sum_verdicts(const struct rset *rs, double alpha, const struct sum_names *nm,
    struct verdict *v)
{
	const struct rpoint **p = xcalloc(rs->n + 1, sizeof(*p));
	const struct rpoint **grp = xcalloc(rs->n + 1, sizeof(*grp));
	size_t *perm = xcalloc(rs->n + 1, sizeof(*perm));
	size_t *start = xcalloc(rs->n + 1, sizeof(*start));
	size_t i, k, g, npos = 0;

	for (i = 0; i < rs->n; i++)
		p[i] = &rs->p[i];
	g = rkey_group(p, rs->n, SUM_POSITION, perm, start);
	for (i = 0; i < g; i++) {
		for (k = start[i]; k < start[i + 1]; k++)
			grp[k - start[i]] = p[perm[k]];
		sum_verdict(grp, start[i + 1] - start[i], alpha, nm->v, nm->n,
		    &v[npos]);
		if (v[npos].best == NULL)
			continue;
		v[npos].fam = npos == 0 ? 0 : v[npos - 1].fam +
		    (strcmp(v[npos - 1].best->family, v[npos].best->family) != 0);
		npos++;
	}
	free(p);
	free(grp);
	free(perm);
	free(start);
	qsort(v, npos, sizeof(*v), sum_order);
	return npos;
}

/*
 * Per family, the fastest kernel nearest its ceiling, as a share of it:
 * "csum.auto, 16 KiB: 78% of the L1 load ceiling". Lines written.
 */
static size_t
sum_peaks(FILE *fp, const struct rset *rs, const struct verdict *v,
    size_t npos)
{
	struct ceilings c;
	const struct rpoint *p, *best;
	size_t i, j, lines = 0;
	double pct, top;
	char sz[32];

	if (ceilings_from_provenance(&rs->prov, &c) != 0)
		return 0;
	for (i = 0; i < npos; i = j) {
		best = NULL;
		top = -1;
		for (j = i; j < npos && v[j].fam == v[i].fam; j++) {
			p = v[j].best;
			pct = ceilings_pct(&c, p->family, rset_bytes(p),
			    p->pos.cache, p->unit, p->hz,
			    rset_bytes_per_unit(p));
			if (isfinite(pct) && pct > top) {
				top = pct;
				best = p;
			}
		}
		if (best == NULL)
			continue;
		fprintf(fp, "%-10s %s, %s%s%s: %.0f%% of the %s %s ceiling\n",
		    best->family, best->kernel, summary_size(best->pos.size, sz,
		    sizeof(sz)), best->pos.cache != CACHE_HOT ? " " : "",
		    best->pos.cache != CACHE_HOT ? cache_name(best->pos.cache) :
		    "",
		    top, ceilings_level_label(ceilings_level_of(best->family,
		    rset_bytes(best), best->pos.cache, c.l1d,
		    c.l2, c.l3)), ceilings_pattern_name(ceilings_pattern_of(
		    best->family)));
		lines++;
	}
	return lines;
}

/*
 * Does family fam of rs have one size (and shape) and several positions?
 * Then its positions differ by offsets, placement, cache or mode, which
 * the wide view shows a row each.
 */
static int
sum_pivoted(const struct rset *rs, const char *fam)
{
	const struct rpoint *first = NULL;
	size_t i;
	int more = 0;

	for (i = 0; i < rs->n; i++) {
		if (strcmp(rs->p[i].family, fam) != 0)
			continue;
		if (first == NULL) {
			first = &rs->p[i];
			continue;
		}
		if (rkey_cmp(first, &rs->p[i], RK(RK_SIZE) | RK(RK_SHAPE)) != 0)
			return 0;
		if (rkey_cmp(first, &rs->p[i], RK_POSITION) != 0)
			more = 1;
	}
	return more;
}

/* Move the points of pivoted families into pp; leave out their verdicts
 * from v[0..npos-1]. Returns the number of points in pp. */
static size_t
sum_split(const struct rset *rs, const struct rpoint **pp, struct verdict *v,
    size_t *npos)
{
	size_t i, j, n = 0;

	for (i = 0; i < rs->n; i++)
		if (sum_pivoted(rs, rs->p[i].family))
			pp[n++] = &rs->p[i];
	for (i = j = 0; i < *npos; i++)
		if (!sum_pivoted(rs, v[i].best->family))
			v[j++] = v[i];
	*npos = j;
	return n;
}

/*
 * The grid layout: a run of several families over a few sizes (the quick
 * sweep: six families, six sizes) reads best as a table with a column per
 * size and two lines per family, the fastest kernel over its cost and
 * margin, which fits a terminal of 80 columns and 24 lines where a line
 * per verdict does not. The kernels within noise of a family's fastest
 * are named on a third line.
 */
#define SUM_GRID_FAMILIES	3	/* fewer: the line per verdict fits */
#define SUM_GRID_SIZES		8
#define SUM_GRID_WIDTH		79

static int
sum_imax(int a, int b)
{
	return a > b ? a : b;
}

struct sum_grid {
	size_t	 size[SUM_GRID_SIZES];
	size_t	 nsize;
	int	 fw, cw;		/* family column, size columns */
	int	 gap;			/* spaces between columns */
};

/* The second line of a cell: "6.36 ~", "364 +2.1%", "6.33". */
static void
sum_grid_cost(const struct verdict *v, char *buf, size_t len)
{
	char c[32];

	sum_cost(v->best->st.median, c, sizeof(c));
	if (v->second == NULL)
		snprintf(buf, len, "%s", c);
	else if (v->noise)
		snprintf(buf, len, "%s ~", c);
	else
		snprintf(buf, len, "%s +%.*f%%", c, v->margin < 10 ? 1 : 0,
		    v->margin);
}

/* Add size n to g's columns, in order; -1 when there are too many. */
static int
sum_grid_add(struct sum_grid *g, size_t n)
{
	size_t i;

	for (i = 0; i < g->nsize && g->size[i] < n; i++)
		;
	if (i < g->nsize && g->size[i] == n)
		return 0;
	if (g->nsize == SUM_GRID_SIZES)
		return -1;
	memmove(&g->size[i + 1], &g->size[i], (g->nsize - i) *
	    sizeof(g->size[0]));
	g->size[i] = n;
	g->nsize++;
	return 0;
}

/*
 * Does the grid suit the verdicts v[0..npos-1] (several families, each
 * one series of a few sizes) and fit the width? Fills g.
 */
static int
sum_grid_fits(const struct verdict *v, size_t npos, struct sum_grid *g)
{
	char buf[64];
	size_t i, fams = 0;
	int w;

	memset(g, 0, sizeof(*g));
	g->fw = (int)strlen("family");
	for (i = 0; i < npos; i++) {
		if (i == 0 || v[i].fam != v[i - 1].fam) {
			fams++;
			if (sum_nseries(v, npos, i) > 1)
				return 0;
		}
		if (sum_grid_add(g, v[i].best->pos.size) != 0)
			return 0;
		g->fw = sum_imax(g->fw, (int)strlen(v[i].best->family));
		g->cw = sum_imax(g->cw,
		    (int)strlen(family_variant(v[i].best->kernel)));
		sum_grid_cost(&v[i], buf, sizeof(buf));
		g->cw = sum_imax(g->cw, (int)strlen(buf));
	}
	for (i = 0; i < g->nsize; i++)
		g->cw = sum_imax(g->cw, (int)strlen(summary_size(g->size[i], buf,
		    sizeof(buf))));
	/* Two spaces between columns where they fit, else one. */
	for (g->gap = 2; g->gap > 0; g->gap--) {
		w = g->fw + (int)g->nsize * (g->gap + g->cw);
		if (w <= SUM_GRID_WIDTH)
			break;
	}
	return fams >= SUM_GRID_FAMILIES && g->gap > 0;
}

/* "  ~ sse2, libc, words": the kernels within noise of the family's
 * fastest at some size (v[0..n-1]), each once; 0 lines if none. */
static size_t
sum_grid_ties(FILE *fp, const struct verdict *v, size_t n,
    const struct sum_names *nm, int indent)
{
	unsigned long long bits = 0;
	size_t i, col, more = 0;
	int named = 0;

	for (i = 0; i < n; i++)
		if (v[i].noise)
			bits |= v[i].tie & ~sum_bit(nm->v, nm->n,
			    v[i].best->kernel);
	if (bits == 0)
		return 0;
	col = (size_t)fprintf(fp, "%*s~ within noise:", indent, "");
	for (i = 0; i < nm->n && i < 64; i++) {
		const char *s = family_variant(nm->v[i]);

		if (!(bits >> i & 1))
			continue;
		if (col + strlen(s) + 2 > SUM_GRID_WIDTH - 8) {
			more++;
			continue;
		}
		col += (size_t)fprintf(fp, "%s %s", named ? "," : "", s);
		named = 1;
	}
	if (more > 0)
		fprintf(fp, ", %zu more", more);
	fputc('\n', fp);
	return 1;
}

/* One family's lines: v[0..n-1], its verdicts in size order. */
static size_t
sum_grid_family(FILE *fp, const struct sum_grid *g, const struct verdict *v,
    size_t n, const struct sum_names *nm)
{
	char buf[64];
	size_t i, j, line;

	for (line = 0; line < 2; line++) {
		fprintf(fp, "%-*s", g->fw, line == 0 ? v[0].best->family : "");
		for (i = 0, j = 0; i < g->nsize; i++) {
			buf[0] = '\0';
			if (j < n && v[j].best->pos.size == g->size[i]) {
				if (line == 0)
					snprintf(buf, sizeof(buf), "%s",
					    family_variant(v[j].best->kernel));
				else
					sum_grid_cost(&v[j], buf, sizeof(buf));
				j++;
			}
			fprintf(fp, "%*s%-*s", g->gap, "",
			    i + 1 < g->nsize ? g->cw : 0, buf);
		}
		fputc('\n', fp);
	}
	return 2 + sum_grid_ties(fp, v, n, nm, g->fw + g->gap);
}

/* The grid of the verdicts v[0..npos-1] (sum_grid_fits): lines written. */
static size_t
sum_grid(FILE *fp, const struct sum_grid *g, const struct verdict *v,
    size_t npos, const struct sum_names *nm)
{
	char buf[32];
	size_t i, j, lines = 1;

	fprintf(fp, "%-*s", g->fw, "family");
	for (i = 0; i < g->nsize; i++)
		fprintf(fp, "%*s%-*s", g->gap, "", i + 1 < g->nsize ? g->cw :
		    0, summary_size(g->size[i], buf, sizeof(buf)));
	fputc('\n', fp);
	for (i = 0; i < npos; i = j) {
		for (j = i + 1; j < npos && v[j].fam == v[i].fam; j++)
			;
		lines += sum_grid_family(fp, g, &v[i], j - i, nm);
	}
	return lines;
}

/* The lines of the summary proper: verdicts v[0..npos-1]. */
static size_t
sum_table(FILE *fp, const struct rset *rs, const struct summary_opts *so,
    const struct verdict *v, size_t npos, const struct sum_names *nm)
{
	size_t i, few, lines;
	struct sum_cols c;
	struct sum_grid g;
	int grid = sum_grid_fits(v, npos, &g);

	fprintf(fp, "Fastest kernel by size: %s per call (median, %s)%s\n",
	    rs->n ? rs->p[0].unit : "cost", so->cost,
	    grid ? "; +% over the next" : "");
	if (grid) {
		lines = 1 + sum_grid(fp, &g, v, npos, nm);
	} else {
		sum_measure(v, npos, nm, &c);
		fprintf(fp, "%-*s  %-*s  %-*s  %-*s  %s\n", c.fw, "family",
		    c.sw, "size", c.kw, "fastest", c.cw, "cost",
		    "margin over the next");
		lines = 2 + sum_lines(fp, v, npos, &c, nm);
	}
	lines += sum_peaks(fp, rs, v, npos);
	for (i = 0, few = 0; i < npos; i++)
		few += v[i].untested;
	if (few > 0) {
		fprintf(fp, "%zu of %zu points: too few samples to test, shown "
		    "within noise (-r %zu or more)\n", few, npos,
		    compare_table_samples(so->alpha));
		lines++;
	}
	return lines;
}

size_t
summary_write(FILE *fp, const struct rset *rs, const struct summary_opts *so)
{
	struct verdict *v = xcalloc(rs->n + 1, sizeof(*v));
	const struct rpoint **pp = xcalloc(rs->n + 1, sizeof(*pp));
	struct sum_names nm;
	size_t npos, npp, lines = 0;

	sum_names_of(rs, &nm);
	npos = sum_verdicts(rs, so->alpha, &nm, v);
	/* One size, several offsets (or placements...): the wide view. */
	npp = sum_split(rs, pp, v, &npos);
	if (npos > 0 || npp == 0)
		lines = sum_table(fp, rs, so, v, npos, &nm);
	if (npp > 0) {
		if (lines > 0) {
			fputc('\n', fp);
			lines++;
		}
		lines += pivot_write_points(fp, pp, npp, so);
	}
	free(v);
	free(pp);
	free((void *)nm.v);
	return lines;
}

void
summary_rformat_write(FILE *fp, const struct rset *rs, const size_t *idx,
    size_t n)
{
	struct summary_opts so = { .alpha = 0.05, .cost = "whole call" };

	(void)idx;
	(void)n;
	summary_write(fp, rs, &so);
}
