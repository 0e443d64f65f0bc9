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
/* The upper tail of the standard normal: P(Z > z). */
double	signif_norm_sf(double z);

#endif
