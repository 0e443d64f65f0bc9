/*
 * signif.h - is the difference between two kernels' samples real?
 *
 * Two rank tests, both with the normal approximation, midranks for ties,
 * the tie correction of the variance and a continuity correction of 1/2:
 *
 *  - Mann-Whitney U (Wilcoxon rank-sum) for independent samples, e.g. two
 *    separate runs;
 *  - Wilcoxon signed-rank for paired samples: sample i of A and of B were
 *    taken in the same repetition of the same run (the engine interleaves
 *    the kernels of a grid position), so their difference cancels the
 *    drift of the machine between repetitions.
 *
 * Rank tests because samples of a shared machine are skewed with rare huge
 * outliers, which ruin tests on means. `scale` multiplies A's samples
 * before the test: scale 1 tests "no difference"; scale 1.05 with
 * SIGNIF_GREATER tests "B is more than 5% slower than A" (the gate's
 * question, so that a slowdown of only a few percent cannot trip it).
 *
 * With fewer than 4 samples on a side (or 6 pairs), no p-value below 0.05
 * is reachable and the functions return 1.
 */
#ifndef CSUMBENCH_SIGNIF_H
#define CSUMBENCH_SIGNIF_H

#include <stddef.h>

enum signif_alt {
	SIGNIF_TWO_SIDED,	/* B differs from scale*A */
	SIGNIF_GREATER,		/* B is larger (slower) than scale*A */
};

/* p-value of the Mann-Whitney U test of b against scale*a. */
double	signif_mwu(const double *a, size_t na, const double *b, size_t nb,
	    double scale, enum signif_alt alt);
/* p-value of the Wilcoxon signed-rank test of b[i] - scale*a[i]. */
double	signif_signed_rank(const double *a, const double *b, size_t n,
	    double scale, enum signif_alt alt);
/*
 * The exact Mann-Whitney test of b against scale*a, for few observations
 * that are independent by construction: the medians of whole runs (one
 * per process), the unit of replication across processes. The p-value is
 * the share of the C(na+nb, nb) ways to split the pooled values into
 * sides whose rank sum of B is at least (GREATER), or as extreme as
 * (TWO_SIDED), the observed one, ties taking midranks: exact for any
 * distribution of the runs. Above SIGNIF_EXACT_MAX values in all, the
 * normal approximation of signif_mwu. 1 when a side is empty.
 */
#define SIGNIF_EXACT_MAX	40
double	signif_mwu_exact(const double *a, size_t na, const double *b,
	    size_t nb, double scale, enum signif_alt alt);
/*
 * The smallest p-value signif_mwu_exact can return for na and nb values
 * (all distinct, perfectly separated): 1/C(na+nb, nb), twice that
 * two-sided. Below a significance level only with enough runs.
 */
double	signif_mwu_min_p(size_t na, size_t nb, enum signif_alt alt);
/*
 * The fewest runs per side (n and n) for which signif_mwu_min_p is below
 * level; 0 if none up to SIGNIF_EXACT_MAX / 2.
 */
size_t	signif_mwu_min_runs(double level, enum signif_alt alt);
/*
 * The exact Wilcoxon signed-rank test of the paired differences d[0..n-1]
 * (zeros dropped, midranks for ties): the share of the 2^m sign patterns
 * whose sum of positive ranks is at least (GREATER), or as extreme as
 * (TWO_SIDED), the observed one. Above SIGNIF_SR_EXACT_MAX differences,
 * the normal approximation. 1 when no difference is left.
 */
#define SIGNIF_SR_EXACT_MAX	60
double	signif_signed_rank_exact(const double *d, size_t n,
	    enum signif_alt alt);
/*
 * Paired samples that are not independent: consecutive samples of one
 * process share the state of the machine (a time slice, a predictor
 * state), so the pairs are cut into blocks of `block` consecutive pairs
 * (the last block takes the remainder), each block's median of
 * b[i] - scale*a[i] is one observation, and the blocks are tested with
 * signif_signed_rank_exact. *nblocks (if not NULL) is set to the number of
 * blocks.
 */
double	signif_paired_blocks(const double *a, const double *b, size_t n,
	    double scale, size_t block, enum signif_alt alt, size_t *nblocks);
/*
 * The observations signif_paired_blocks tests: the median of
 * b[i] - scale*a[i] over each block, into med (n / block of them, the
 * number returned; med needs room for them).
 */
size_t	signif_block_medians(const double *a, const double *b, size_t n,
	    double scale, size_t block, double *med);
/* The smallest p-value of the signed-rank test on m observations. */
double	signif_signed_rank_min_p(size_t m, enum signif_alt alt);
/* The upper tail of the standard normal: P(Z > z). */
double	signif_norm_sf(double z);

#endif
