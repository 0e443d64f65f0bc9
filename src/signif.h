/*
 * signif.h - is a difference between two sets of samples statistically
 * significant? Self-contained (needs only libm), for run, compare and the
 * self-check alike.
 */
#ifndef CSUMBENCH_SIGNIF_H
#define CSUMBENCH_SIGNIF_H

#include <stddef.h>

/*
 * Two-sided Mann-Whitney U (Wilcoxon rank-sum) test of a[0..na-1] against
 * b[0..nb-1]: are values of one set systematically larger than the
 * other's? Exact p-value when there are no ties and both sets have at most
 * 25 values; otherwise the normal approximation with tie correction and
 * continuity correction. Returns 0 and stores p in [0, 1], or -1 when
 * either set is empty. NaN values are not allowed.
 */
int	signif_mann_whitney(const double *a, size_t na, const double *b,
	    size_t nb, double *p);

/*
 * The CI-overlap rule: 1 when the two intervals [lo_a, hi_a] and
 * [lo_b, hi_b] (95% CIs of two medians) do not overlap, else 0. For two
 * equally wide intervals this is a test at about the 0.6% level: stricter
 * than p < 0.05, which suits many comparisons at once.
 */
int	signif_ci_disjoint(double lo_a, double hi_a, double lo_b, double hi_b);

#endif
