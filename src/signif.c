/*
 * signif.c - significance tests on two sets of samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "signif.h"

struct tagged {
	double	v;
	int	from_a;
};

static int
cmp_tagged(const void *x, const void *y)
{
	double a = ((const struct tagged *)x)->v;
	double b = ((const struct tagged *)y)->v;

	return (a > b) - (a < b);
}

/*
 * P(U <= u) under the null for sample sizes m and n without ties, from the
 * count of arrangements: c(m, n, u) = c(m-1, n, u-n) + c(m, n-1, u), built
 * up one row of n at a time. Counts stay exact in doubles: at most
 * C(50, 25) < 2^53.
 */
static double
exact_cdf(size_t m, size_t n, double u)
{
	size_t i, j, k, umax = m * n, ucut = (size_t)floor(u);
	double *prev, *cur, total = 0, le = 0;

	/* cnt[i][k] for the current n=j: arrangements of i a's and j b's. */
	prev = calloc((m + 1) * (umax + 1), sizeof(double));
	cur = calloc((m + 1) * (umax + 1), sizeof(double));
	if (prev == NULL || cur == NULL) {
		free(prev);
		free(cur);
		return -1;
	}
	/* j = 0: only U = 0, one arrangement for every i. */
	for (i = 0; i <= m; i++)
		prev[i * (umax + 1)] = 1;
	for (j = 1; j <= n; j++) {
		memset(cur, 0, (m + 1) * (umax + 1) * sizeof(double));
		for (i = 0; i <= m; i++)
			for (k = 0; k <= i * j; k++) {
				/* Largest value is a b: U unchanged (from j-1). */
				double c = prev[i * (umax + 1) + k];

				/* Largest value is an a: it beats all j b's. */
				if (i > 0 && k >= j)
					c += cur[(i - 1) * (umax + 1) + k - j];
				cur[i * (umax + 1) + k] = c;
			}
		memcpy(prev, cur, (m + 1) * (umax + 1) * sizeof(double));
	}
	for (k = 0; k <= umax; k++) {
		total += prev[m * (umax + 1) + k];
		if (k <= ucut)
			le += prev[m * (umax + 1) + k];
	}
	free(prev);
	free(cur);
	return le / total;
}

int
signif_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
    double *p)
{
	struct tagged *t;
	size_t n = na + nb, i, j;
	double ra = 0, ties = 0, u, mu, var, z;
	int has_ties = 0;

	if (na == 0 || nb == 0)
		return -1;
	if ((t = malloc(n * sizeof(*t))) == NULL)
		return -1;
	for (i = 0; i < na; i++) {
		t[i].v = a[i];
		t[i].from_a = 1;
	}
	for (i = 0; i < nb; i++) {
		t[na + i].v = b[i];
		t[na + i].from_a = 0;
	}
	qsort(t, n, sizeof(*t), cmp_tagged);
	/* Midranks: a run of equal values shares the mean of its ranks. */
	for (i = 0; i < n; i = j) {
		double rank, tl;
		size_t k;

		for (j = i + 1; j < n && t[j].v == t[i].v; j++)
			;
		rank = ((double)(i + 1) + (double)j) / 2;
		for (k = i; k < j; k++)
			if (t[k].from_a)
				ra += rank;
		tl = (double)(j - i);
		if (j - i > 1) {
			has_ties = 1;
			ties += tl * tl * tl - tl;
		}
	}
	free(t);
	u = ra - (double)na * ((double)na + 1) / 2;	/* U of a */
	mu = (double)na * (double)nb / 2;
	if (!has_ties && na <= 25 && nb <= 25) {
		/* Two-sided: twice the smaller tail, at most 1. */
		double lo = u <= mu ? u : (double)na * (double)nb - u;
		double c = exact_cdf(na, nb, lo);

		if (c >= 0) {
			*p = 2 * c > 1 ? 1 : 2 * c;
			return 0;
		}
	}
	var = (double)na * (double)nb / 12 *
	    (((double)n + 1) - ties / ((double)n * ((double)n - 1)));
	if (!(var > 0)) {
		*p = 1;		/* every value equal: no evidence at all */
		return 0;
	}
	z = fabs(u - mu) - 0.5;
	if (z < 0)
		z = 0;
	z /= sqrt(var);
	*p = erfc(z / sqrt(2.0));
	if (*p > 1)
		*p = 1;
	return 0;
}

int
signif_ci_disjoint(double lo_a, double hi_a, double lo_b, double hi_b)
{
	return hi_a < lo_b || hi_b < lo_a;
}
