/*
 * cmp_test.h - the significance tests of compare (cmp_test.c): which test
 * a row gets, its p-value, and whether it is within noise.
 */
#ifndef CSUMBENCH_CMP_TEST_H
#define CSUMBENCH_CMP_TEST_H

#include <stddef.h>

#include "names.h"
#include "cmp.h"
#include "signif.h"

/*
 * Paired samples are tested in segments of consecutive pairs, each
 * segment's median difference one observation. The samples of one point
 * taken in a row (one round of the engine, at most ENGINE_ROUND
 * repetitions) share the state of the machine, so a segment is at least
 * one round. But the machine holds some states far longer: on a shared
 * host, one copy of a scalar loop can run 20-30% slower than an identical
 * copy at another address for seconds at a time (measured on the Zen 5
 * guest of the examples: both copies flip between two costs at different
 * moments), so blocks of a few rounds are not independent either. A test
 * therefore cuts a point's samples into the fewest segments that can
 * reach its level, plus CMP_SLACK, whatever the number of samples: more
 * samples make each segment's median more precise, never the segments
 * more numerous, and a state that holds for a minority of the run cannot
 * make a difference significant.
 */
#define CMP_BLOCK	ENGINE_ROUND

/* The fewest blocks for a p-value below level (0: more than 60). */
int	cmp_test_min_blocks(double level, enum signif_alt alt);
/* The pairs of one segment: whole rounds, n spread over the segments. */
size_t	cmp_test_segment_len(size_t n, double level, enum signif_alt alt);
/*
 * The uncertainty of the change of two medians: the half-widths of their
 * 95% CIs combined as independent errors (0 where a CI is unknown).
 */
double	cmp_test_ci_half(const struct rpoint *a, double fa,
	    const struct rpoint *b, double fb);
/* One core cycle in the common unit: the larger side's, or NaN. */
double	cmp_test_cycle(const struct cmp_row *r);
/*
 * Test row r (its points and factors set) two-sided at o->alpha: its
 * ratio, test, p-value, significance, and whether it is within noise.
 */
void	cmp_test_row(struct cmp_row *r, const struct cmp_opts *o);
/* What a test is called in a legend, and in a CSV cell. */
const char *cmp_test_name(enum cmp_test t);
const char *cmp_test_short_name(enum cmp_test t);

/*
 * Samples per point a paired gate over m points needs at alpha: enough
 * blocks of paired samples for its test to reach alpha / m, and a few
 * more. run sets --reps to at least this under --fail-above.
 */
size_t	compare_gate_samples(size_t m, double alpha);
/*
 * Samples per point a delta table within one run needs for its two-sided
 * test to reach alpha, and a few more; run sets --reps to at least this
 * with --baseline or --ab (unless -r is given).
 */
size_t	compare_table_samples(double alpha);
/*
 * The paired test of one run: a and b's n samples (b against scale * a)
 * cut into the segments a test at level wants (cmp_test.h), each
 * segment's median difference one observation of the exact signed-rank
 * test; *nseg is set to the segments tested. compare_paired_few: too few
 * of them for any p-value below level.
 */
double	compare_paired_p(const double *a, const double *b, size_t n,
	    double scale, double level, enum signif_alt alt, size_t *nseg);
int	compare_paired_few(size_t nseg, double level, enum signif_alt alt);
/*
 * Two points of one run at one grid position, in one unit: are they within
 * noise of each other by the two-sided test a delta table of one run makes
 * (segments of paired samples; see cmp_row.noise)? 1 within noise, 0 not.
 * *untested (if not NULL) is set when there was nothing to test them with
 * or too few segments for any p-value below alpha: then they are within
 * noise, never apart.
 */
int	compare_within_noise(const struct rpoint *a, const struct rpoint *b,
	    double alpha, int *untested);

#endif
