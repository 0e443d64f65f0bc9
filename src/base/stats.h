/*
 * stats.h - statistics of one grid point's samples.
 */
#ifndef CSUMBENCH_STATS_H
#define CSUMBENCH_STATS_H

#include <stddef.h>

struct stats {
	size_t	n;
	double	min;
	double	max;
	double	median;
	double	mean;
	double	stddev;		/* sample standard deviation (n-1); 0 when n < 2 */
	double	mad;		/* median absolute deviation, unscaled */
	double	q1, q3;		/* quartiles (type-7 interpolation, as R's default) */
	double	ci_lo, ci_hi;	/* 95% confidence interval of the median */
};

/* Compute all fields from x[0..n-1]; x is not modified. n may be 0 (all NaN). */
void	stats_compute(const double *x, size_t n, struct stats *st);

/*
 * The same for samples in the order they were taken, with the CI of the
 * median widened where blocks of consecutive samples disagree (the
 * samples of one process are not independent; see stats.c). What every
 * statistic of a measured point uses.
 */
void	stats_compute_series(const double *x, size_t n, struct stats *st);
/*
 * The sample standard deviation of x[0..n-1] without its far outliers
 * (beyond Tukey's outer fences, 3 interquartile ranges outside the
 * quartiles): the spread of well-behaved samples, which one preempted
 * sample cannot blow up. NaN when n is 0.
 */
double	stats_fenced_stddev(const double *x, size_t n);

/* Helpers, exposed for tests and for other modules. */
double	stats_median(const double *x, size_t n);	/* x not modified */
double	stats_quantile_sorted(const double *sorted, size_t n, double p);
void	stats_sort(double *x, size_t n);
/*
 * Distribution-free 95% CI of the median from order statistics: with sorted
 * x, the interval [x(j), x(k)] where j and k are the ranks from the binomial
 * (n, 1/2) distribution (exact for n <= 1000, normal approximation above).
 * For n < 6 the interval is [min, max].
 */
void	stats_median_ci(const double *sorted, size_t n, double *lo, double *hi);

#endif
