/*
 * t_signif.c - the significance decisions on samples with known answers.
 *
 * Expected p-values are those of the normal approximation with tie and
 * continuity corrections, worked out by hand below; they are what R gives
 * with wilcox.test(..., exact = FALSE, correct = TRUE).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/compare/compare.h"
#include "../src/base/signif.h"
#include "tap.h"

static int
near(double got, double want, double tol)
{
	if (fabs(got - want) <= tol)
		return 1;
	tap_diag("got %.6g, want %.6g", got, want);
	return 0;
}

/* Normal-ish noise from a fixed-seed LCG (sum of 12 uniforms - 6). */
static double
noise(unsigned long long *s)
{
	double z = 0;
	int i;

	for (i = 0; i < 12; i++) {
		*s = *s * 6364136223846793005ull + 1442695040888963407ull;
		z += (double)(*s >> 11) / 9007199254740992.0;
	}
	return z - 6;
}

/*
 * The exact test's p-value by brute force: every way of giving nb of the
 * pooled values to B (bits of a mask), with midranks, counted against
 * the observed rank sum. Independent of the dynamic programme it checks.
 */
static double
brute_p(const double *a, size_t na, const double *b, size_t nb,
    enum signif_alt alt)
{
	double v[16], rank[16], obs = 0, s;
	size_t n = na + nb, i, j, ge = 0, le = 0, total = 0;
	unsigned mask;

	for (i = 0; i < na; i++)
		v[i] = a[i];
	for (i = 0; i < nb; i++)
		v[na + i] = b[i];
	for (i = 0; i < n; i++) {
		size_t below = 0, same = 0;

		for (j = 0; j < n; j++) {
			below += v[j] < v[i];
			same += v[j] == v[i];
		}
		rank[i] = (double)below + ((double)same + 1) / 2;
	}
	for (i = na; i < n; i++)
		obs += rank[i];
	for (mask = 0; mask < 1u << n; mask++) {
		if ((size_t)__builtin_popcount(mask) != nb)
			continue;
		for (s = 0, i = 0; i < n; i++)
			if (mask & (1u << i))
				s += rank[i];
		total++;
		ge += s >= obs - 1e-9;
		le += s <= obs + 1e-9;
	}
	if (alt == SIGNIF_GREATER)
		return (double)ge / (double)total;
	return fmin(1, 2 * (double)(ge < le ? ge : le) / (double)total);
}

/* The exact signed-rank p-value by brute force over the 2^n signs. */
static double
brute_sr(const double *d, size_t n, enum signif_alt alt)
{
	double v[20], rank[20], obs = 0, w;
	size_t m = 0, i, j, ge = 0, le = 0;
	unsigned mask;

	for (i = 0; i < n; i++)
		if (d[i] != 0)
			v[m++] = d[i];
	for (i = 0; i < m; i++) {
		size_t below = 0, same = 0;

		for (j = 0; j < m; j++) {
			below += fabs(v[j]) < fabs(v[i]);
			same += fabs(v[j]) == fabs(v[i]);
		}
		rank[i] = (double)below + ((double)same + 1) / 2;
		if (v[i] > 0)
			obs += rank[i];
	}
	for (mask = 0; mask < 1u << m; mask++) {
		for (w = 0, i = 0; i < m; i++)
			if (mask & (1u << i))
				w += rank[i];
		ge += w >= obs - 1e-9;
		le += w <= obs + 1e-9;
	}
	if (alt == SIGNIF_GREATER)
		return (double)ge / (double)(1u << m);
	return fmin(1, 2 * (double)(ge < le ? ge : le) / (double)(1u << m));
}

/*
 * Paired samples in blocks: the exact signed-rank test against brute
 * force, and a sequence whose states last a block (as a time slice of a
 * shared host does) that a test on single pairs calls significant.
 */
static void
test_blocks(void)
{
	double d[14], a[96], b[96];
	unsigned long long seed = 11;
	/* Blocks (of 8) in which A, B are in the slow state (+30%). */
	static const int sa[12] = { 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 };
	static const int sb[12] = { 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1 };
	size_t i, k, n, nb;
	int ok = 1;
	double pb, ps;

	for (k = 0; k < 300 && ok; k++) {
		n = 1 + k % 14;
		for (i = 0; i < n; i++)
			d[i] = round(noise(&seed) * 3 + (double)(k % 3) - 1);
		ok = near(signif_signed_rank_exact(d, n, SIGNIF_GREATER),
		    brute_sr(d, n, SIGNIF_GREATER), 1e-12) &&
		    near(signif_signed_rank_exact(d, n, SIGNIF_TWO_SIDED),
		    brute_sr(d, n, SIGNIF_TWO_SIDED), 1e-12);
	}
	tap_ok(ok, "exact signed-rank: 300 random sets of 1..14 differences, "
	    "with ties and zeros, agree with brute force");
	tap_ok(near(signif_signed_rank_min_p(13, SIGNIF_GREATER),
	    1.0 / 8192, 1e-18) && signif_signed_rank_min_p(5,
	    SIGNIF_TWO_SIDED) > 0.05 && signif_signed_rank_min_p(6,
	    SIGNIF_TWO_SIDED) < 0.05,
	    "signed-rank: the smallest p of m observations is 2^-m (twice "
	    "two-sided): 6 blocks at least for alpha 0.05");
	for (i = 0; i < 96; i++) {
		a[i] = 100 * (1 + 0.3 * sa[i / 8]) + noise(&seed);
		b[i] = 100 * (1 + 0.3 * sb[i / 8]) + noise(&seed);
	}
	ps = signif_signed_rank(a, b, 96, 1, SIGNIF_TWO_SIDED);
	pb = signif_paired_blocks(a, b, 96, 1, 8, SIGNIF_TWO_SIDED, &nb);
	tap_ok(nb == 12 && ps < 0.001 && pb > 0.05,
	    "states that last a block: single pairs say p = %.2g, the 12 "
	    "blocks p = %.2g", ps, pb);
	for (i = 0; i < 96; i++)
		b[i] = a[i] * 1.1 + noise(&seed);
	tap_ok(signif_paired_blocks(a, b, 96, 1.05, 8, SIGNIF_GREATER, &nb) ==
	    1.0 / 4096, "10%% slower in every block: p = 2^-12 for 'more than "
	    "5%% slower'");
	tap_ok(signif_paired_blocks(a, b, 90, 1, 8, SIGNIF_TWO_SIDED, &nb) <
	    0.05 && nb == 11, "the remainder joins the last block (90 pairs: "
	    "11 blocks)");
}

/* The exact test on run medians, and how many runs it needs. */
static void
test_exact(void)
{
	const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	const double at[] = { 10, 12, 12, 15, 11 }, bt[] = { 12, 16, 13, 12 };
	double a[8], b[8];
	unsigned long long seed = 3;
	size_t i, k, na, nb;
	int ok = 1;

	tap_ok(near(signif_mwu_exact(a3, 3, b3, 3, 1, SIGNIF_GREATER),
	    1 / 20.0, 1e-12) && near(signif_mwu_exact(a3, 3, b3, 3, 1,
	    SIGNIF_TWO_SIDED), 0.1, 1e-12),
	    "exact: 3 runs above 3 runs: p = 1/20 one-sided, 1/10 two-sided");
	tap_ok(near(signif_mwu_exact(b3, 3, a3, 3, 1, SIGNIF_GREATER), 1,
	    1e-12), "exact: 3 runs below 3 runs: p = 1 for 'B is slower'");
	tap_ok(near(signif_mwu_exact(a3, 3, b3, 3, 7, SIGNIF_GREATER), 1,
	    1e-12) && near(signif_mwu_exact(a3, 3, b3, 3, 1.4, SIGNIF_GREATER),
	    brute_p((double[]){ 1.4, 2.8, 4.2 }, 3, b3, 3, SIGNIF_GREATER),
	    1e-12), "exact: scale multiplies A before ranking");
	tap_ok(near(signif_mwu_exact(at, 5, bt, 4, 1, SIGNIF_TWO_SIDED),
	    brute_p(at, 5, bt, 4, SIGNIF_TWO_SIDED), 1e-12) &&
	    near(signif_mwu_exact(at, 5, bt, 4, 1, SIGNIF_GREATER),
	    brute_p(at, 5, bt, 4, SIGNIF_GREATER), 1e-12),
	    "exact: ties (midranks) agree with brute force");
	/* Random small sets, rounded so that ties happen. */
	for (k = 0; k < 200 && ok; k++) {
		na = 1 + k % 7;
		nb = 1 + (k / 7) % 7;
		for (i = 0; i < na; i++)
			a[i] = round(noise(&seed) * 2);
		for (i = 0; i < nb; i++)
			b[i] = round(noise(&seed) * 2 + 1);
		ok = near(signif_mwu_exact(a, na, b, nb, 1, SIGNIF_GREATER),
		    brute_p(a, na, b, nb, SIGNIF_GREATER), 1e-12) &&
		    near(signif_mwu_exact(a, na, b, nb, 1, SIGNIF_TWO_SIDED),
		    brute_p(a, na, b, nb, SIGNIF_TWO_SIDED), 1e-12);
	}
	tap_ok(ok, "exact: 200 random sets of 1..7 runs per side, with ties, "
	    "agree with brute force");
	tap_ok(near(signif_mwu_min_p(4, 4, SIGNIF_GREATER), 1 / 70.0, 1e-15) &&
	    near(signif_mwu_min_p(3, 5, SIGNIF_TWO_SIDED), 2 / 56.0, 1e-15) &&
	    near(signif_mwu_min_p(1, 1, SIGNIF_TWO_SIDED), 1, 0),
	    "the smallest p-value of na and nb runs");
	tap_ok(signif_mwu_min_runs(0.05, SIGNIF_TWO_SIDED) == 4 &&
	    signif_mwu_min_runs(0.05, SIGNIF_GREATER) == 4 &&
	    signif_mwu_min_runs(0.05 / 176, SIGNIF_GREATER) == 8 &&
	    signif_mwu_min_runs(1e-12, SIGNIF_GREATER) == 0,
	    "runs needed: 4 per side at 0.05 (3 reach only p = 0.05), 8 "
	    "for a gate over 176 points, none within reach at 1e-12");
}

int
main(void)
{
	/* Hollander & Wolfe's depression scores (R's wilcox.test example). */
	static const double x[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55,
	    3.06, 1.30 };
	static const double y[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29,
	    1.06, 3.14, 1.29 };
	/* R's wilcox.test two-sample example (permeability constants). */
	static const double u[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91,
	    1.64, 0.73, 1.46 };
	static const double v[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	static const double t1[] = { 1, 2, 2, 3 };
	static const double t2[] = { 2, 3, 3, 4, 5 };
	double a[40], b[40], c[40];
	unsigned long long seed = 42;
	int i;

	/*
	 * Paired: V = 40 of n = 9 (no ties, no zeros); mu = 22.5,
	 * var = 9*10*19/24 = 71.25; z = (40 - 22.5 - 0.5)/sqrt(71.25) =
	 * 2.01399; one-sided p = 0.022004, two-sided 0.044009.
	 */
	tap_ok(near(signif_signed_rank(y, x, 9, 1, SIGNIF_TWO_SIDED),
	    0.044009, 2e-5), "signed-rank, two-sided: p = 0.0440");
	tap_ok(near(signif_signed_rank(y, x, 9, 1, SIGNIF_GREATER), 0.022004,
	    2e-5), "signed-rank, one-sided: p = 0.0220");
	tap_ok(signif_signed_rank(x, y, 9, 1, SIGNIF_GREATER) > 0.9,
	    "signed-rank, the other direction: p > 0.9");
	/*
	 * Unpaired: U of u over v = 35 of 10 x 5; mu = 25, var = 50*16/12;
	 * z = (35 - 25 - 0.5)/8.16497 = 1.16351; p = 0.12231 one-sided.
	 */
	tap_ok(near(signif_mwu(v, 5, u, 10, 1, SIGNIF_GREATER), 0.12231, 2e-5),
	    "Mann-Whitney, one-sided: p = 0.1223");
	tap_ok(near(signif_mwu(v, 5, u, 10, 1, SIGNIF_TWO_SIDED), 0.24462,
	    4e-5), "Mann-Whitney, two-sided: p = 0.2446");
	/*
	 * Ties: t1 = {1,2,2,3}, t2 = {2,3,3,4,5}. Midranks: 1->1, 2->3 (x3),
	 * 3->6 (x3), 4->8, 5->9; rank sum of t2 = 3+6+6+8+9 = 32, U = 17;
	 * mu = 10; tie term = (27-3)*2 = 48; var = 20/12 * (10 - 48/72) =
	 * 15.5556; z = (17 - 10 - 0.5)/3.94405 = 1.64805; two-sided p =
	 * 0.099335.
	 */
	tap_ok(near(signif_mwu(t1, 4, t2, 5, 1, SIGNIF_TWO_SIDED), 0.099335,
	    2e-5), "Mann-Whitney with ties: p = 0.0993");
	/*
	 * Complete separation, 10 vs 10: U = 100, mu = 50, var = 175;
	 * z = 49.5/13.2288 = 3.74185; two-sided p = 1.8271e-4.
	 */
	for (i = 0; i < 10; i++) {
		a[i] = 100 + i;
		b[i] = 200 + i;
	}
	tap_ok(near(signif_mwu(a, 10, b, 10, 1, SIGNIF_TWO_SIDED), 1.8271e-4,
	    1e-7), "Mann-Whitney, separated: p = 1.83e-4");
	tap_ok(signif_mwu(a, 10, a, 10, 1, SIGNIF_TWO_SIDED) == 1 &&
	    signif_signed_rank(a, a, 10, 1, SIGNIF_TWO_SIDED) == 1,
	    "identical samples: p = 1");
	for (i = 0; i < 10; i++)
		c[i] = 5;
	tap_ok(signif_mwu(c, 10, c, 10, 1, SIGNIF_TWO_SIDED) == 1,
	    "all tied: p = 1 (no variance)");
	tap_ok(signif_mwu(a, 3, b, 3, 1, SIGNIF_TWO_SIDED) == 1 &&
	    signif_signed_rank(a, b, 5, 1, SIGNIF_TWO_SIDED) == 1,
	    "too few samples: never significant");

	/*
	 * Decisions on synthetic kernels: costs around 1000 with 1% noise.
	 * B 10% slower is significant; B the same is not; against a 5%
	 * margin the 10% slowdown is significant, against 15% it is not.
	 */
	for (i = 0; i < 31; i++) {
		double drift = 30 * noise(&seed);	/* shared by a pair */

		a[i] = 1000 + drift + 10 * noise(&seed);
		b[i] = 1100 + drift * 1.1 + 11 * noise(&seed);
		c[i] = 1000 + drift + 10 * noise(&seed);
	}
	tap_ok(signif_mwu(a, 31, b, 31, 1, SIGNIF_TWO_SIDED) < 1e-6,
	    "10%% slower, unpaired: significant");
	tap_ok(signif_signed_rank(a, b, 31, 1, SIGNIF_TWO_SIDED) < 1e-5,
	    "10%% slower, paired: significant");
	tap_ok(signif_signed_rank(a, c, 31, 1, SIGNIF_TWO_SIDED) > 0.05 &&
	    signif_mwu(a, 31, c, 31, 1, SIGNIF_TWO_SIDED) > 0.05,
	    "no change: not significant");
	tap_ok(signif_signed_rank(a, b, 31, 1.05, SIGNIF_GREATER) < 1e-5,
	    "10%% slower is significantly more than 5%% slower");
	tap_ok(signif_signed_rank(a, b, 31, 1.15, SIGNIF_GREATER) > 0.5 &&
	    signif_mwu(a, 31, b, 31, 1.15, SIGNIF_GREATER) > 0.5,
	    "10%% slower is not significantly more than 15%% slower");
	/*
	 * Drift that the pairing removes: 3% noise shared by each pair,
	 * a 1% change. Paired sees it, unpaired cannot.
	 */
	seed = 7;
	for (i = 0; i < 31; i++) {
		double drift = 30 * noise(&seed);

		a[i] = 1000 + drift + noise(&seed);
		b[i] = 1010 + drift + noise(&seed);
	}
	tap_ok(signif_signed_rank(a, b, 31, 1, SIGNIF_TWO_SIDED) < 1e-4,
	    "1%% change under 3%% shared drift: paired test sees it");
	tap_ok(signif_mwu(a, 31, b, 31, 1, SIGNIF_TWO_SIDED) > 0.05,
	    "... the unpaired test does not");

	test_exact();
	test_blocks();

	/* Truncation as in the cover letters. */
	tap_ok(cmp_trunc2(-62.3897) == -62.38 && cmp_trunc2(0.7042) == 0.70 &&
	    cmp_trunc2(48.7369) == 48.73 && cmp_trunc2(-0.004) == 0 &&
	    !signbit(cmp_trunc2(-0.004)),
	    "percentages truncate toward zero to two decimals");
	return tap_done();
}
