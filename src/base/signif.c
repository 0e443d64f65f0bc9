/*
 * signif.c - rank tests of two kernels' samples (see signif.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "signif.h"
#include "stats.h"
#include "util.h"

struct ranked {
	double	v;
	int	tag;		/* MWU: 0 for A, 1 for B; signed-rank: sign */
	double	rank;
};

static int
cmp_ranked(const void *x, const void *y)
{
	double a = ((const struct ranked *)x)->v;
	double b = ((const struct ranked *)y)->v;

	return (a > b) - (a < b);
}

/*
 * Sort r[0..n-1] by value and give midranks (1-based) to ties; return the
 * tie term sum(t^3 - t) over groups of t equal values.
 */
static double
midrank(struct ranked *r, size_t n)
{
	size_t i, j, k;
	double ties = 0, t;

	qsort(r, n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		for (k = i; k < j; k++)
			r[k].rank = (double)(i + 1 + j) / 2;
		t = (double)(j - i);
		ties += t * t * t - t;
	}
	return ties;
}

double
signif_norm_sf(double z)
{
	return 0.5 * erfc(z / M_SQRT2);
}

/*
 * p-value from a statistic with mean mu and standard deviation sd under
 * the null, with the continuity correction.
 */
static double
p_value(double stat, double mu, double sd, enum signif_alt alt)
{
	double d = stat - mu, z;

	if (!(sd > 0))
		return 1;
	if (alt == SIGNIF_GREATER) {
		z = (d - 0.5) / sd;
		return signif_norm_sf(z);
	}
	d = fabs(d) - 0.5;
	if (d < 0)
		d = 0;
	z = d / sd;
	return fmin(1, 2 * signif_norm_sf(z));
}

static int
all_finite(const double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return 0;
	return 1;
}

/* A's values (times scale, tag 0) and B's (tag 1), pooled for ranking. */
static struct ranked *
mwu_pool(const double *a, size_t na, const double *b, size_t nb,
    double scale)
{
	struct ranked *r = xcalloc(na + nb, sizeof(*r));
	size_t i;

	for (i = 0; i < na; i++) {
		r[i].v = a[i] * scale;
		r[i].tag = 0;
	}
	for (i = 0; i < nb; i++) {
		r[na + i].v = b[i];
		r[na + i].tag = 1;
	}
	return r;
}

double
signif_mwu(const double *a, size_t na, const double *b, size_t nb,
    double scale, enum signif_alt alt)
{
	struct ranked *r;
	size_t i, n = na + nb;
	double ties, rb = 0, ub, mu, var, N = (double)n;

	if (na < 4 || nb < 4 || !all_finite(a, na) || !all_finite(b, nb))
		return 1;
	r = mwu_pool(a, na, b, nb, scale);
	ties = midrank(r, n);
	for (i = 0; i < n; i++)
		if (r[i].tag == 1)
			rb += r[i].rank;
	free(r);
	/* U of B: pairs (a, b) with b > a, ties counting one half. */
	ub = rb - (double)nb * ((double)nb + 1) / 2;
	mu = (double)na * (double)nb / 2;
	var = (double)na * (double)nb / 12 *
	    ((N + 1) - ties / (N * (N - 1)));
	return p_value(ub, mu, sqrt(var), alt);
}

/* The signed-rank test of differences d[0..n-1], normal approximation. */
static double
signed_rank_normal(const double *d, size_t n, enum signif_alt alt)
{
	struct ranked *r;
	size_t i, m = 0;
	double ties, wplus = 0, mu, var, M;

	r = xcalloc(n ? n : 1, sizeof(*r));
	for (i = 0; i < n; i++) {
		/* Zero differences carry no sign: dropped (Wilcoxon's way). */
		if (d[i] == 0)
			continue;
		r[m].v = fabs(d[i]);
		r[m].tag = d[i] > 0;
		m++;
	}
	if (m < 6) {
		free(r);
		return 1;
	}
	ties = midrank(r, m);
	for (i = 0; i < m; i++)
		if (r[i].tag)
			wplus += r[i].rank;
	free(r);
	M = (double)m;
	mu = M * (M + 1) / 4;
	var = M * (M + 1) * (2 * M + 1) / 24 - ties / 48;
	return p_value(wplus, mu, sqrt(var), alt);
}

double
signif_signed_rank(const double *a, const double *b, size_t n,
    double scale, enum signif_alt alt)
{
	double *d, p;
	size_t i;

	if (!all_finite(a, n) || !all_finite(b, n))
		return 1;
	d = xcalloc(n ? n : 1, sizeof(*d));
	for (i = 0; i < n; i++)
		d[i] = b[i] - scale * a[i];
	p = signed_rank_normal(d, n, alt);
	free(d);
	return p;
}

double
signif_mwu_min_p(size_t na, size_t nb, enum signif_alt alt)
{
	double c = 1;
	size_t i;

	if (na == 0 || nb == 0)
		return 1;
	/* C(na + nb, nb), built up as a product of exact ratios. */
	for (i = 1; i <= nb; i++)
		c = c * (double)(na + i) / (double)i;
	return fmin(1, (alt == SIGNIF_TWO_SIDED ? 2 : 1) / c);
}

size_t
signif_mwu_min_runs(double level, enum signif_alt alt)
{
	size_t n;

	for (n = 1; 2 * n <= SIGNIF_EXACT_MAX; n++)
		if (signif_mwu_min_p(n, n, alt) < level)
			return n;
	return 0;
}

/*
 * ways[s]: in how many ways nb of the n doubled ranks d[] sum to s, for
 * s = 0..smax; the table rows are counts of items taken (0..nb).
 */
static double *
rank_sum_ways(const int *d, size_t n, size_t nb, size_t smax)
{
	double *w = xcalloc((nb + 1) * (smax + 1), sizeof(double));
	size_t i, k, s;

	w[0] = 1;
	for (i = 0; i < n; i++)
		for (k = (i + 1 < nb ? i + 1 : nb); k >= 1; k--)
			for (s = smax; s >= (size_t)d[i]; s--)
				w[k * (smax + 1) + s] +=
				    w[(k - 1) * (smax + 1) + s - (size_t)d[i]];
	return w;
}

/*
 * The p-value of an exact test from its null distribution: ways[s] the
 * number of outcomes of statistic s (0..smax, total in all), obs the one
 * observed; one-sided for "greater", else twice the smaller tail.
 */
static double
exact_tail(const double *ways, size_t smax, size_t obs, double total,
    enum signif_alt alt)
{
	double ge = 0, le = 0;
	size_t s;

	for (s = 0; s <= smax; s++) {
		if (s >= obs)
			ge += ways[s];
		if (s <= obs)
			le += ways[s];
	}
	if (alt == SIGNIF_GREATER)
		return ge / total;
	return fmin(1, 2 * fmin(ge, le) / total);
}

double
signif_mwu_exact(const double *a, size_t na, const double *b, size_t nb,
    double scale, enum signif_alt alt)
{
	struct ranked *r;
	size_t i, n = na + nb, smax = 0, obs = 0, s;
	double *w, *row, total = 0, p;
	int *d;

	if (na == 0 || nb == 0 || !all_finite(a, na) || !all_finite(b, nb))
		return 1;
	if (n > SIGNIF_EXACT_MAX)
		return signif_mwu(a, na, b, nb, scale, alt);
	r = mwu_pool(a, na, b, nb, scale);
	d = xcalloc(n, sizeof(*d));
	(void)midrank(r, n);
	/* Midranks are multiples of 1/2: doubled, they are integers. */
	for (i = 0; i < n; i++) {
		d[i] = (int)lround(2 * r[i].rank);
		smax += (size_t)d[i];
		if (r[i].tag == 1)
			obs += (size_t)d[i];
	}
	w = rank_sum_ways(d, n, nb, smax);
	row = w + nb * (smax + 1);
	for (s = 0; s <= smax; s++)
		total += row[s];
	p = exact_tail(row, smax, obs, total, alt);
	free(w);
	free(d);
	free(r);
	return p;
}

double
signif_signed_rank_min_p(size_t m, enum signif_alt alt)
{
	return fmin(1, (alt == SIGNIF_TWO_SIDED ? 2 : 1) * ldexp(1, -(int)
	    (m < 1000 ? m : 1000)));
}

double
signif_signed_rank_exact(const double *d, size_t n, enum signif_alt alt)
{
	struct ranked *r;
	size_t i, m = 0, smax = 0, obs = 0, s, k;
	double *ways, total, p;
	int *dr;

	if (!all_finite(d, n))
		return 1;
	r = xcalloc(n ? n : 1, sizeof(*r));
	for (i = 0; i < n; i++)
		if (d[i] != 0) {
			r[m].v = fabs(d[i]);
			r[m++].tag = d[i] > 0;
		}
	if (m == 0 || m > SIGNIF_SR_EXACT_MAX) {
		free(r);
		return m == 0 ? 1 : signed_rank_normal(d, n, alt);
	}
	(void)midrank(r, m);
	dr = xcalloc(m, sizeof(*dr));
	for (i = 0; i < m; i++) {
		dr[i] = (int)lround(2 * r[i].rank);
		smax += (size_t)dr[i];
		if (r[i].tag)
			obs += (size_t)dr[i];
	}
	/* ways[s]: sign patterns whose doubled positive rank sum is s. */
	ways = xcalloc(smax + 1, sizeof(double));
	ways[0] = 1;
	for (k = 0; k < m; k++)
		for (s = smax; s >= (size_t)dr[k]; s--)
			ways[s] += ways[s - (size_t)dr[k]];
	total = ldexp(1, (int)m);
	p = exact_tail(ways, smax, obs, total, alt);
	free(ways);
	free(dr);
	free(r);
	return p;
}

size_t
signif_block_medians(const double *a, const double *b, size_t n,
    double scale, size_t block, double *med)
{
	size_t nb = block > 0 ? n / block : 0, k, i, lo, hi;
	double *d;

	if (nb == 0)
		return 0;
	d = xcalloc(n, sizeof(*d));
	for (i = 0; i < n; i++)
		d[i] = b[i] - scale * a[i];
	for (k = 0; k < nb; k++) {
		lo = k * block;
		hi = k + 1 < nb ? lo + block : n;
		med[k] = stats_median(d + lo, hi - lo);
	}
	free(d);
	return nb;
}

double
signif_paired_blocks(const double *a, const double *b, size_t n,
    double scale, size_t block, enum signif_alt alt, size_t *nblocks)
{
	size_t nb = block > 0 ? n / block : 0;
	double *med, p;

	if (nblocks != NULL)
		*nblocks = nb;
	if (nb == 0)
		return 1;
	med = xcalloc(nb, sizeof(*med));
	nb = signif_block_medians(a, b, n, scale, block, med);
	p = signif_signed_rank_exact(med, nb, alt);
	free(med);
	return p;
}
