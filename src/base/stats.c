/*
 * stats.c - statistics of one grid point's samples.
 *
 * Samples are cycle or nanosecond counts of a noisy machine: skewed to the
 * right, with rare huge outliers. Hence the robust set (median, MAD,
 * quartiles, a distribution-free CI of the median) next to the classical
 * mean and standard deviation. Samples are expected to be finite; a NaN
 * sorts after every number, so it cannot corrupt the sort, but statistics
 * of data containing NaN mean nothing.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* Above this many samples the binomial is replaced by its normal limit. */
#define STATS_CI_EXACT_MAX	1000
/* Two-sided 95%: the 0.975 quantile of the standard normal. */
#define STATS_Z975		1.959963984540054

/* A total order: numbers ascending, then NaN (qsort needs consistency). */
static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	if (isnan(x) || isnan(y))
		return isnan(x) - isnan(y);
	return (x > y) - (x < y);
}

void
stats_sort(double *x, size_t n)
{
	if (n > 1)
		qsort(x, n, sizeof *x, cmp_double);
}

/*
 * Hyndman and Fan's type 7 (R's default, numpy's "linear"): the p-quantile
 * sits at 0-based rank h = (n-1)p, interpolated between its neighbours.
 */
double
stats_quantile_sorted(const double *sorted, size_t n, double p)
{
	double	h, frac, lo, hi;
	size_t	i;

	if (n == 0 || isnan(p))
		return NAN;
	if (p <= 0)
		return sorted[0];
	if (p >= 1)
		return sorted[n - 1];
	h = (double)(n - 1) * p;
	i = (size_t)h;
	frac = h - (double)i;
	lo = sorted[i];
	if (frac == 0 || i + 1 >= n)
		return lo;
	hi = sorted[i + 1];
	/* Equal neighbours give exactly that value, infinities included. */
	if (lo == hi)
		return lo;
	return lo + frac * (hi - lo);
}

double
stats_median(const double *x, size_t n)
{
	double	*tmp, m;

	if (n == 0)
		return NAN;
	if ((tmp = malloc(n * sizeof *tmp)) == NULL)
		return NAN;
	memcpy(tmp, x, n * sizeof *tmp);
	stats_sort(tmp, n);
	m = stats_quantile_sorted(tmp, n, 0.5);
	free(tmp);
	return m;
}

/*
 * The 1-based rank j of the lower end of the 95% CI of the median: the
 * largest j with P(B < j) <= 0.025, B ~ Bin(n, 1/2). [x(j), x(n+1-j)] then
 * covers the median with probability 1 - 2 P(B < j) >= 95%. Returns 0 when
 * no j >= 1 qualifies (n < 6).
 */
static size_t
median_ci_rank(size_t n)
{
	double	pmf, cdf, j;
	size_t	k;

	if (n <= STATS_CI_EXACT_MAX) {
		/*
		 * P(B = k) by the recurrence P(k+1) = P(k) (n-k)/(k+1) from
		 * P(0) = 2^-n, which is a normal double for n <= 1022. Every
		 * term is positive, so the running sum loses nothing to
		 * cancellation; the relative error stays near n ulps, and
		 * a CDF (a multiple of 2^-n) can never equal 1/40 exactly,
		 * so no comparison below is a tie decided by rounding.
		 */
		pmf = ldexp(1.0, -(int)n);
		cdf = 0;
		for (k = 0; k < n; k++) {
			/* Here cdf = P(B < k); is rank k+1 still allowed? */
			if (cdf + pmf > 0.025)
				return k;
			cdf += pmf;
			pmf = pmf * (double)(n - k) / (double)(k + 1);
		}
		return n;	/* not reached: P(B < n) > 0.025 for n >= 1 */
	}

	/*
	 * De Moivre-Laplace with continuity correction: P(B <= j-1) ~
	 * Phi((j - 1/2 - n/2) / (sqrt(n)/2)) <= 0.025.
	 */
	j = floor((double)n / 2 + 0.5 - STATS_Z975 * sqrt((double)n) / 2);
	return j < 1 ? 0 : (size_t)j;
}

void
stats_median_ci(const double *sorted, size_t n, double *lo, double *hi)
{
	size_t	j;

	if (n == 0) {
		*lo = *hi = NAN;
		return;
	}
	j = n < 6 ? 0 : median_ci_rank(n);
	if (j == 0) {
		*lo = sorted[0];
		*hi = sorted[n - 1];
		return;
	}
	*lo = sorted[j - 1];		/* x(j) */
	*hi = sorted[n - j];		/* x(n+1-j) */
}

/*
 * Mean and sample standard deviation by the corrected two-pass algorithm
 * (Chan, Golub and LeVeque): the second pass sums deviations from the
 * first-pass mean, and its small residual sum corrects both the mean and
 * the sum of squares, so large offsets (cycle counts near 1e9 that differ
 * by a few units) lose nothing to cancellation.
 */
static void
mean_stddev(const double *x, size_t n, double *mean, double *sd)
{
	double	m = 0, d, s1 = 0, s2 = 0;
	size_t	i;

	for (i = 0; i < n; i++)
		m += x[i];
	m /= (double)n;
	for (i = 0; i < n; i++) {
		d = x[i] - m;
		s1 += d;
		s2 += d * d;
	}
	*mean = m + s1 / (double)n;
	if (n < 2)
		*sd = 0;
	else {
		s2 -= s1 * s1 / (double)n;
		*sd = sqrt((s2 > 0 ? s2 : 0) / (double)(n - 1));
	}
}

void
stats_compute(const double *x, size_t n, struct stats *st)
{
	double	*tmp;
	size_t	 i;

	st->n = n;
	st->min = st->max = st->median = st->mean = st->stddev = NAN;
	st->mad = st->q1 = st->q3 = st->ci_lo = st->ci_hi = NAN;
	if (n == 0)
		return;

	mean_stddev(x, n, &st->mean, &st->stddev);

	/*
	 * Without memory for a sorted copy only the order statistics stay
	 * NaN; min and max need no copy.
	 */
	if ((tmp = malloc(n * sizeof *tmp)) == NULL) {
		st->min = st->max = x[0];
		for (i = 1; i < n; i++) {
			if (x[i] < st->min)
				st->min = x[i];
			if (x[i] > st->max)
				st->max = x[i];
		}
		return;
	}
	memcpy(tmp, x, n * sizeof *tmp);
	stats_sort(tmp, n);
	st->min = tmp[0];
	st->max = tmp[n - 1];
	st->median = stats_quantile_sorted(tmp, n, 0.5);
	st->q1 = stats_quantile_sorted(tmp, n, 0.25);
	st->q3 = stats_quantile_sorted(tmp, n, 0.75);
	stats_median_ci(tmp, n, &st->ci_lo, &st->ci_hi);

	/* The sorted copy is done with; reuse it for absolute deviations. */
	for (i = 0; i < n; i++)
		tmp[i] = fabs(x[i] - st->median);
	stats_sort(tmp, n);
	st->mad = stats_quantile_sorted(tmp, n, 0.5);
	free(tmp);
}

/*
 * The order-statistic interval of stats_compute assumes independent
 * samples; on a shared machine they are not: a state (a busy sibling
 * thread, a predictor state) persists over many consecutive samples, and
 * that interval comes out far narrower than the run-to-run spread. So the
 * interval is widened to cover a batch-medians interval too: the samples,
 * in the order taken, are cut into NBLOCK blocks of consecutive samples
 * (taken at different times of the run), and median +- t(NBLOCK-1) *
 * sd(block medians) / sqrt(NBLOCK) must lie inside it, clipped to the
 * smallest and largest sample.
 */
#define NBLOCK		5
#define T975_4		2.776445105	/* Student's t, 4 degrees of freedom */

void
stats_compute_series(const double *x, size_t n, struct stats *st)
{
	double bm[NBLOCK], mean = 0, var = 0, half;
	size_t b;

	stats_compute(x, n, st);
	if (n < 4 * NBLOCK)
		return;
	for (b = 0; b < NBLOCK; b++) {
		size_t lo = n * b / NBLOCK, hi = n * (b + 1) / NBLOCK;

		bm[b] = stats_median(x + lo, hi - lo);
		mean += bm[b];
	}
	mean /= NBLOCK;
	for (b = 0; b < NBLOCK; b++)
		var += (bm[b] - mean) * (bm[b] - mean);
	half = T975_4 * sqrt(var / (NBLOCK - 1)) / sqrt((double)NBLOCK);
	if (st->median - half < st->ci_lo)
		st->ci_lo = st->median - half;
	if (st->median + half > st->ci_hi)
		st->ci_hi = st->median + half;
	/*
	 * Never beyond what was observed: a few slow blocks must not carry
	 * the interval of a cost below its fastest sample (below zero, even).
	 */
	if (st->ci_lo < st->min)
		st->ci_lo = st->min;
	if (st->ci_hi > st->max)
		st->ci_hi = st->max;
}

double
stats_fenced_stddev(const double *x, size_t n)
{
	double *t, lo, hi, q1, q3, mean, sd;
	size_t i, k = 0;

	if (n == 0 || (t = malloc(n * sizeof(*t))) == NULL)
		return NAN;
	memcpy(t, x, n * sizeof(*t));
	stats_sort(t, n);
	q1 = stats_quantile_sorted(t, n, 0.25);
	q3 = stats_quantile_sorted(t, n, 0.75);
	lo = q1 - 3 * (q3 - q1);
	hi = q3 + 3 * (q3 - q1);
	for (i = 0; i < n; i++)
		if (t[i] >= lo && t[i] <= hi)
			t[k++] = t[i];
	mean_stddev(t, k, &mean, &sd);
	free(t);
	return sd;
}
