/*
 * t_stats.c - unit tests of src/stats.c against hand-computed values and
 * an independent computation of the binomial order-statistic ranks.
 */

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/base/stats.h"
#include "tap.h"

/* Relative closeness; exact equality for values that must be exact. */
static int
close_to(double got, double want, double rel)
{
	if (got == want)
		return 1;
	return fabs(got - want) <= rel * fabs(want);
}

static void
test_five(void)
{
	const double	 x[] = { 1, 2, 100, 4, 3 };
	double		 copy[5];
	struct stats	 st;

	memcpy(copy, x, sizeof copy);
	stats_compute(x, 5, &st);
	tap_ok(memcmp(copy, x, sizeof copy) == 0, "input not modified");
	tap_ok(st.n == 5, "n = 5");
	tap_ok(st.min == 1 && st.max == 100, "min 1, max 100");
	tap_ok(st.median == 3, "median of {1,2,3,4,100} is 3 (got %g)",
	    st.median);
	tap_ok(st.mean == 22, "mean is 22 (got %.17g)", st.mean);
	/* Deviations -21 -20 -19 -18 78: squares sum to 7610, / 4 = 1902.5 */
	tap_ok(close_to(st.stddev, sqrt(1902.5), 1e-15) &&
	    close_to(st.stddev, 43.617656975128774, 1e-15),
	    "stddev is sqrt(7610/4) (got %.17g)", st.stddev);
	/* |x - 3| = 2 1 97 1 0 -> 0 1 1 2 97 */
	tap_ok(st.mad == 1, "MAD is 1 (got %g)", st.mad);
	/* type 7: h = 4p, so q1 = x(2) and q3 = x(4) exactly */
	tap_ok(st.q1 == 2 && st.q3 == 4, "quartiles 2 and 4 (got %g, %g)",
	    st.q1, st.q3);
	tap_ok(st.ci_lo == 1 && st.ci_hi == 100, "n < 6: CI is [min, max]");
}

static void
test_even(void)
{
	const double	 x[] = { 4, 1, 3, 2 };
	struct stats	 st;

	stats_compute(x, 4, &st);
	tap_ok(st.median == 2.5, "even n: median is the midpoint (got %g)",
	    st.median);
	tap_ok(st.mean == 2.5, "even n: mean 2.5");
	/* h = 0.75 and 2.25 */
	tap_ok(st.q1 == 1.75 && st.q3 == 3.25,
	    "even n: type-7 quartiles 1.75, 3.25 (got %g, %g)", st.q1, st.q3);
	/* |x - 2.5| = 1.5 1.5 .5 .5 */
	tap_ok(st.mad == 1, "even n: MAD 1 (got %g)", st.mad);
	/* squares 2.25 .25 .25 2.25 = 5, / 3 */
	tap_ok(close_to(st.stddev, sqrt(5.0 / 3), 1e-15),
	    "even n: stddev sqrt(5/3) (got %.17g)", st.stddev);
	tap_ok(stats_median(x, 4) == 2.5 && x[0] == 4,
	    "stats_median agrees and leaves x alone");
}

static void
test_small(void)
{
	const double	 one[] = { 7 }, two[] = { 5, 1 };
	struct stats	 st;

	stats_compute(one, 1, &st);
	tap_ok(st.n == 1 && st.min == 7 && st.max == 7 && st.median == 7 &&
	    st.mean == 7 && st.q1 == 7 && st.q3 == 7,
	    "n = 1: every location is the sample");
	tap_ok(st.stddev == 0 && st.mad == 0, "n = 1: stddev 0, MAD 0");
	tap_ok(st.ci_lo == 7 && st.ci_hi == 7, "n = 1: CI [7, 7]");

	stats_compute(two, 2, &st);
	tap_ok(st.median == 3 && st.mean == 3 && st.mad == 2 &&
	    close_to(st.stddev, sqrt(8), 1e-15),
	    "n = 2: median 3, mean 3, MAD 2, stddev sqrt(8)");

	stats_compute(NULL, 0, &st);
	tap_ok(st.n == 0 && isnan(st.min) && isnan(st.max) &&
	    isnan(st.median) && isnan(st.mean) && isnan(st.stddev) &&
	    isnan(st.mad) && isnan(st.q1) && isnan(st.q3) &&
	    isnan(st.ci_lo) && isnan(st.ci_hi), "n = 0: every field NaN");
	tap_ok(isnan(stats_median(NULL, 0)), "stats_median of nothing is NaN");
	tap_ok(isnan(stats_quantile_sorted(NULL, 0, 0.5)),
	    "quantile of nothing is NaN");
}

static void
test_quantile(void)
{
	const double	 s[] = { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 };

	/* R: quantile(seq(10, 100, 10), c(0, .1, .33, .9, 1), type = 7) */
	tap_ok(stats_quantile_sorted(s, 10, 0) == 10 &&
	    stats_quantile_sorted(s, 10, 1) == 100,
	    "quantile 0 and 1 are min and max");
	tap_ok(close_to(stats_quantile_sorted(s, 10, 0.1), 19, 1e-15),
	    "quantile 0.1 is 19");
	tap_ok(close_to(stats_quantile_sorted(s, 10, 0.33), 39.7, 1e-14),
	    "quantile 0.33 is 39.7");
	tap_ok(close_to(stats_quantile_sorted(s, 10, 0.9), 91, 1e-15),
	    "quantile 0.9 is 91");
}

static void
test_cancellation(void)
{
	double		 x[1000];
	struct stats	 st, ref;
	double		 small[1000];
	size_t		 i;

	/*
	 * Cycle counts near 1e12 that differ by a few units: a one-pass
	 * sum-of-squares formula loses every digit here.
	 */
	for (i = 0; i < 1000; i++) {
		small[i] = (double)(i % 7);
		x[i] = 1e12 + small[i];
	}
	stats_compute(x, 1000, &st);
	stats_compute(small, 1000, &ref);
	/* sqrt of the exact rational variance, from Python's fractions */
	tap_ok(close_to(ref.stddev, 1.9997474815561063, 1e-14) &&
	    close_to(st.stddev, 1.9997474815561063, 1e-12),
	    "stddev of 1e12 + noise equals that of the noise (%.17g vs "
	    "%.17g)", st.stddev, ref.stddev);
	/* The exact mean is 1e12 + 2.997; an ulp of 1e12 is 2^-13. */
	tap_ok(close_to(ref.mean, 2.997, 1e-15) &&
	    fabs(st.mean - (1e12 + 2.997)) <= 0x1p-12,
	    "mean of 1e12 + noise is 1e12 + 2.997 within 2 ulps (got "
	    "%.17g)", st.mean);
	tap_ok(st.mad == ref.mad && st.median - 1e12 == ref.median,
	    "median and MAD shift with the data");
}

static void
test_sort(void)
{
	double	x[] = { 3, NAN, -1, 2, NAN, 0 };
	size_t	i;
	int	ok = 1;

	stats_sort(x, 6);
	for (i = 0; i + 1 < 4; i++)
		ok &= x[i] <= x[i + 1];
	tap_ok(ok && x[0] == -1 && x[3] == 3 && isnan(x[4]) && isnan(x[5]),
	    "stats_sort puts NaN last and sorts the rest");
}

/*
 * Independent reference for the CI rank: the largest j with
 * P(Bin(n, 1/2) < j) <= 0.025. For n <= 120 in exact integers
 * (40 * sum C(n, k) <= 2^n), where C(n, k) * (n - k) < 2^127.
 */
#ifdef __SIZEOF_INT128__
static size_t
ref_rank_exact(unsigned n)
{
	unsigned __int128 c = 1, sum = 0, total = (unsigned __int128)1 << n;
	unsigned k;

	for (k = 0; k < n; k++) {
		if (40 * (sum + c) > total)
			return k;
		sum += c;
		c = c * (n - k) / (k + 1);
	}
	return n;
}
#endif

/* The same in log space with lgamma, for any n. */
static size_t
ref_rank_lgamma(unsigned n)
{
	double	cdf = 0, term, base = lgamma(n + 1.0) - n * log(2.0);
	unsigned k;

	for (k = 0; k < n; k++) {
		term = exp(base - lgamma(k + 1.0) - lgamma(n - k + 1.0));
		if (cdf + term > 0.025)
			return k;
		cdf += term;
	}
	return n;
}

/* The ranks [j, k] stats_median_ci picks for n, through x(i) = i. */
static void
ci_ranks(double *seq, unsigned n, size_t *j, size_t *k)
{
	double	lo, hi;

	stats_median_ci(seq, n, &lo, &hi);
	*j = (size_t)lo;
	*k = (size_t)hi;
}

static void
test_ci(void)
{
	static const struct {
		unsigned n;
		size_t	 j;
	} table[] = {
		/*
		 * Computed once with exact big-integer binomial sums
		 * (Python's math.comb), independently of this code; the
		 * n = 10, 20, 100 entries are the usual published ones.
		 */
		{ 6, 1 }, { 7, 1 }, { 8, 1 }, { 9, 2 }, { 10, 2 }, { 11, 2 },
		{ 12, 3 }, { 15, 4 }, { 17, 5 }, { 20, 6 }, { 25, 8 },
		{ 30, 10 }, { 50, 18 }, { 100, 40 }, { 200, 86 },
		{ 500, 228 }, { 999, 469 }, { 1000, 469 },
	};
	double	*seq;
	size_t	 i, j, k, bad;
	unsigned n;
	int	 ok;

	seq = malloc(20000 * sizeof *seq);
	for (i = 0; i < 20000; i++)
		seq[i] = (double)(i + 1);	/* x(i) = i, 1-based */

	ci_ranks(seq, 10, &j, &k);
	tap_ok(j == 2 && k == 9, "n = 10: CI [x(2), x(9)] (got [%zu, %zu])",
	    j, k);
	ci_ranks(seq, 20, &j, &k);
	tap_ok(j == 6 && k == 15, "n = 20: CI [x(6), x(15)] (got [%zu, %zu])",
	    j, k);
	ci_ranks(seq, 100, &j, &k);
	tap_ok(j == 40 && k == 61,
	    "n = 100: CI [x(40), x(61)] (got [%zu, %zu])", j, k);

	for (i = 0, ok = 1; i < sizeof table / sizeof table[0]; i++) {
		ci_ranks(seq, table[i].n, &j, &k);
		if (j != table[i].j || k != table[i].n + 1 - table[i].j) {
			tap_diag("n = %u: got [%zu, %zu], want [%zu, %zu]",
			    table[i].n, j, k, table[i].j,
			    table[i].n + 1 - table[i].j);
			ok = 0;
		}
	}
	tap_ok(ok, "CI ranks match the table for n = 6 .. 1000");

#ifdef __SIZEOF_INT128__
	for (n = 6, ok = 1; n <= 120; n++) {
		ci_ranks(seq, n, &j, &k);
		if (j != ref_rank_exact(n) || k != n + 1 - j) {
			tap_diag("n = %u: rank %zu, exact %zu", n, j,
			    ref_rank_exact(n));
			ok = 0;
		}
		if (ref_rank_exact(n) != ref_rank_lgamma(n))
			tap_diag("n = %u: lgamma reference disagrees", n);
	}
	tap_ok(ok, "CI ranks equal the exact integer binomial, n = 6 .. 120");
	{
		const size_t want[] = { 1, 2, 6, 40 };
		const unsigned nn[] = { 6, 10, 20, 100 };

		for (i = 0, ok = 1; i < 4; i++)
			ok &= ref_rank_exact(nn[i]) == want[i];
		tap_ok(ok, "integer binomial CDF confirms the table values "
		    "for n = 6, 10, 20, 100");
	}
#else
	tap_skip("no 128-bit integers for the exact reference");
	tap_skip("no 128-bit integers for the exact reference");
#endif

	for (n = 121, ok = 1; n <= 1000; n++) {
		ci_ranks(seq, n, &j, &k);
		if (j != ref_rank_lgamma(n) || k != n + 1 - j) {
			tap_diag("n = %u: rank %zu, reference %zu", n, j,
			    ref_rank_lgamma(n));
			ok = 0;
		}
	}
	tap_ok(ok, "CI ranks equal the log-space binomial, n = 121 .. 1000");

	/*
	 * Above 1000 the normal approximation with continuity correction
	 * is used: it may be one rank conservative (n = 1001: 469 where
	 * the exact rank is 470) but must never be narrower than exact.
	 */
	for (n = 1001, bad = 0, ok = 1; n <= 20000;
	    n += n < 3000 ? 1 : 97) {
		size_t	ref = ref_rank_lgamma(n);

		ci_ranks(seq, n, &j, &k);
		if (j > ref || j + 1 < ref || k != n + 1 - j) {
			tap_diag("n = %u: rank %zu, reference %zu", n, j, ref);
			ok = 0;
		}
		bad += j != ref;
	}
	tap_ok(ok, "normal approximation within one conservative rank, "
	    "n = 1001 .. 20000 (%zu one rank wide)", bad);
	ci_ranks(seq, 1001, &j, &k);
	tap_ok(j == 469 && k == 533, "n = 1001: CI [x(469), x(533)]");
	ci_ranks(seq, 10000, &j, &k);
	tap_ok(j == 4902 && k == 5099, "n = 10000: CI [x(4902), x(5099)]");

	/* With real data the CI is made of order statistics. */
	{
		double	x[] = { 5, 9, 1, 7, 3, 8, 2, 10, 4, 6 };
		struct stats st;

		stats_compute(x, 10, &st);
		tap_ok(st.ci_lo == 2 && st.ci_hi == 9,
		    "stats_compute: CI of 1..10 shuffled is [2, 9]");
	}
	free(seq);
}

/*
 * The batch-medians widening of a series never reaches below its fastest
 * sample: four calm blocks near 100 and one of slow spells near 10000
 * (a shared host's) would otherwise put ci_lo far below zero.
 */
static void
test_series(void)
{
	double x[50];
	struct stats st;
	size_t i;

	for (i = 0; i < 50; i++)
		x[i] = i >= 40 ? 10000 + (double)i : 100 + (double)(i % 7);
	stats_compute_series(x, 50, &st);
	tap_ok(st.ci_lo >= st.min && st.ci_lo > 0 && st.ci_hi <= st.max,
	    "stats_compute_series: the widened CI stays within the samples "
	    "(%g .. %g in %g .. %g)", st.ci_lo, st.ci_hi, st.min, st.max);
	tap_ok(st.ci_hi > 106, "stats_compute_series: slow blocks widen the "
	    "CI upward (ci_hi %g)", st.ci_hi);
}

int
main(void)
{
	test_five();
	test_even();
	test_small();
	test_quantile();
	test_cancellation();
	test_sort();
	test_ci();
	test_series();
	return tap_done();
}
