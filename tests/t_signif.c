/*
 * t_signif.c - the Mann-Whitney U test and the CI-overlap rule, against
 * values worked out by hand, and the test's false-alarm rate on samples
 * drawn from one distribution.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "../src/signif.h"
#include "tap.h"

static int
near(double x, double want, double tol)
{
	return fabs(x - want) <= tol;
}

/* splitmix64, so the test is the same everywhere. */
static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A skewed, cycle-count-like value: 100 plus an exponential tail. */
static double
draw(uint64_t *s)
{
	double u = ((double)(next(s) >> 11) + 0.5) / 9007199254740992.0;

	return 100 - 5 * log(u);
}

int
main(void)
{
	double a[60], b[60], p, q;
	int i, trial, hits;
	uint64_t seed = 42;

	/* 5 vs 5, fully separated: exact p = 2 / C(10,5) = 2/252. */
	for (i = 0; i < 5; i++) {
		a[i] = i + 1;
		b[i] = i + 6;
	}
	p = -1;
	i = signif_mann_whitney(a, 5, b, 5, &p);
	tap_ok(i == 0 && near(p, 2.0 / 252, 1e-12),
	    "separated 5 vs 5: p = 2/252 (got %g)", p);
	signif_mann_whitney(b, 5, a, 5, &q);
	tap_ok(p == q, "symmetric in its arguments");

	/* {1,3} vs {2,4}: U = 1, P(U <= 1) = 2/6, two-sided 2/3. */
	a[0] = 1; a[1] = 3; b[0] = 2; b[1] = 4;
	i = signif_mann_whitney(a, 2, b, 2, &p);
	tap_ok(i == 0 && near(p, 2.0 / 3, 1e-12),
	    "{1,3} vs {2,4}: p = 2/3 (got %g)", p);

	/* Interleaved without ties, exact path: U = mu, so p = 1. */
	for (i = 0; i < 10; i++) {
		a[i] = 2 * i;
		b[i] = 2 * i + 1;
	}
	signif_mann_whitney(a, 10, b, 10, &p);
	tap_ok(p > 0.5, "interleaved 10 vs 10: not significant (p = %g)", p);

	/* Identical sets (ties): no evidence. */
	for (i = 0; i < 7; i++)
		a[i] = b[i] = i % 3;
	i = signif_mann_whitney(a, 7, b, 7, &p);
	tap_ok(i == 0 && p == 1, "identical sets with ties: p = 1 (got %g)",
	    p);
	/* Every value equal. */
	for (i = 0; i < 7; i++)
		a[i] = b[i] = 5;
	tap_ok(signif_mann_whitney(a, 7, b, 7, &p) == 0 && p == 1,
	    "all values equal: p = 1");

	/* 30 vs 30, separated, normal approximation: z = 449.5/sqrt(4575). */
	for (i = 0; i < 30; i++) {
		a[i] = i;
		b[i] = 100 + i;
	}
	signif_mann_whitney(a, 30, b, 30, &p);
	tap_ok(near(p, erfc(449.5 / sqrt(4575.0) / sqrt(2.0)), 1e-15) &&
	    p < 1e-9, "separated 30 vs 30: normal approximation (p = %g)", p);

	tap_ok(signif_mann_whitney(a, 0, b, 30, &p) == -1,
	    "an empty set is refused");

	/*
	 * False alarms: two sets from one distribution should come out
	 * significant at the 5% level about 5% of the time; 2000 trials
	 * give 100 +- 10, so 70..130 is a wide margin.
	 */
	hits = 0;
	for (trial = 0; trial < 2000; trial++) {
		int n = trial % 2 ? 31 : 15;	/* normal and exact paths */

		for (i = 0; i < n; i++) {
			a[i] = draw(&seed);
			b[i] = draw(&seed);
		}
		signif_mann_whitney(a, (size_t)n, b, (size_t)n, &p);
		hits += p < 0.05;
	}
	tap_ok(hits >= 70 && hits <= 130,
	    "one distribution: %d of 2000 trials at p < 0.05 (about 100)",
	    hits);
	/* And a real shift is found: +3% on the 100-cycle floor. */
	hits = 0;
	for (trial = 0; trial < 200; trial++) {
		for (i = 0; i < 31; i++) {
			a[i] = draw(&seed);
			b[i] = draw(&seed) + 3;
		}
		signif_mann_whitney(a, 31, b, 31, &p);
		hits += p < 0.05;
	}
	tap_ok(hits > 100, "a +3 shift is found in %d of 200 trials", hits);

	tap_ok(signif_ci_disjoint(1, 2, 3, 4) && signif_ci_disjoint(3, 4, 1, 2),
	    "disjoint intervals differ");
	tap_ok(!signif_ci_disjoint(1, 3, 2, 4) && !signif_ci_disjoint(1, 4, 2, 3),
	    "overlapping or nested intervals do not");
	tap_ok(!signif_ci_disjoint(1, 2, 2, 3), "touching intervals do not");
	return tap_done();
}
