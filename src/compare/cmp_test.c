/*
 * cmp_test.c - the significance tests of compare: each row's two-sided
 * test of "no difference", and the segments of paired samples that the
 * tests of one run (and the gate's) are made on (cmp_test.h).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cmp_test.h"
#include "signif.h"

/* The fewest blocks for a p-value below level (0: more than 60). */
int
cmp_test_min_blocks(double level, enum signif_alt alt)
{
	int m;

	for (m = 1; m <= SIGNIF_SR_EXACT_MAX; m++)
		if (signif_signed_rank_min_p((size_t)m, alt) < level)
			return m;
	return 0;
}

/*
 * Segments beyond the fewest for a decision, so that a segment or two
 * that disagree (a slow spell) do not take away the test's view of a point.
 */
#define CMP_SLACK	3

/* The segments a test at level wants. */
static size_t
cmp_test_segments(double level, enum signif_alt alt)
{
	int k = cmp_test_min_blocks(level, alt);

	return (size_t)(k > 0 ? k + CMP_SLACK : SIGNIF_SR_EXACT_MAX);
}

/* The pairs of one segment: whole rounds, n spread over the segments. */
size_t
cmp_test_segment_len(size_t n, double level, enum signif_alt alt)
{
	size_t len = n / cmp_test_segments(level, alt) / CMP_BLOCK * CMP_BLOCK;

	return len > CMP_BLOCK ? len : CMP_BLOCK;
}

double
compare_paired_p(const double *a, const double *b, size_t n, double scale,
    double level, enum signif_alt alt, size_t *nseg)
{
	return signif_paired_blocks(a, b, n, scale,
	    cmp_test_segment_len(n, level, alt), alt, nseg);
}

int
compare_paired_few(size_t nseg, double level, enum signif_alt alt)
{
	return signif_signed_rank_min_p(nseg, alt) >= level;
}

size_t
compare_gate_samples(size_t m, double alpha)
{
	return cmp_test_segments(alpha / (double)(m ? m : 1), SIGNIF_GREATER) *
	    CMP_BLOCK;
}

size_t
compare_table_samples(double alpha)
{
	return cmp_test_segments(alpha, SIGNIF_TWO_SIDED) * CMP_BLOCK;
}

static const char *const test_names[] = {
	[CMP_PAIRED] = "Wilcoxon signed-rank test on the medians of segments of "
	    "consecutive paired samples",
	[CMP_MWU] = "Mann-Whitney U test",
	[CMP_CI] = "the medians' 95% confidence intervals overlap",
	[CMP_RUNS] = "exact Mann-Whitney U test on the medians of whole runs",
	[CMP_NONE] = "not tested",
};
static const char *const test_short[] = {
	[CMP_PAIRED] = "signed-rank", [CMP_MWU] = "mann-whitney",
	[CMP_CI] = "ci-overlap", [CMP_RUNS] = "run-medians",
	[CMP_NONE] = "none",
};

const char *
cmp_test_name(enum cmp_test t)
{
	return test_names[t];
}

const char *
cmp_test_short_name(enum cmp_test t)
{
	return test_short[t];
}

/*
 * The uncertainty of the change of two medians: the half-widths of their
 * 95% CIs combined as independent errors (0 where a CI is unknown).
 */
double
cmp_test_ci_half(const struct rpoint *a, double fa, const struct rpoint *b,
    double fb)
{
	double ha = (a->st.ci_hi - a->st.ci_lo) / 2 * fa;
	double hb = (b->st.ci_hi - b->st.ci_lo) / 2 * fb;

	ha = isfinite(ha) ? ha : 0;
	hb = isfinite(hb) ? hb : 0;
	return sqrt(ha * ha + hb * hb);
}

/* Raw samples to test, every one a number? */
static int
cmp_test_has_samples(const struct rpoint *p)
{
	size_t i;

	if (p->samples == NULL || p->n == 0)
		return 0;
	for (i = 0; i < p->n; i++)
		if (!isfinite(p->samples[i]))
			return 0;
	return 1;
}

/* Why a row cannot be tested (see cmp_row.untestable), or NULL. */
static const char *
cmp_test_untestable(const struct cmp_row *r)
{
	const struct rpoint *a = r->a, *b = r->b;

	if (!isfinite(a->st.median) || !isfinite(b->st.median))
		return "no median";
	if (!(a->st.median > 0 && b->st.median > 0))
		return "a cost at or below zero";
	if (cmp_test_has_samples(a) && cmp_test_has_samples(b))
		return NULL;
	if (!isfinite(a->st.ci_lo) || !isfinite(a->st.ci_hi) ||
	    !isfinite(b->st.ci_lo) || !isfinite(b->st.ci_hi))
		return "neither raw samples nor a confidence interval";
	return NULL;
}

/*
 * Two sets of runs: the run medians are the observations. The samples of
 * one process share its state (placement of code and data, a vCPU, a
 * slow spell of the host), which moves them together, so pooled samples
 * of different processes are not independent observations, and a test on
 * them calls nearly every difference between two runs significant.
 */
static void
cmp_test_runs(struct cmp_row *r, const struct cmp_opts *o)
{
	const struct rpoint *a = r->a, *b = r->b;

	r->test = CMP_RUNS;
	r->few = signif_mwu_min_p(a->runs, b->runs, SIGNIF_TWO_SIDED) >=
	    o->alpha;
	if (a->run_med == NULL || b->run_med == NULL)
		r->few = 1;
	r->p = r->few ? NAN : signif_mwu_exact(a->run_med, a->runs,
	    b->run_med, b->runs, r->fa / r->fb, SIGNIF_TWO_SIDED);
	r->sig = !r->few && r->p < o->alpha;
}

/* One core cycle in the common unit: the larger side's, or NaN. */
double
cmp_test_cycle(const struct cmp_row *r)
{
	double ca = r->a->cycle * r->fa, cb = r->b->cycle * r->fb;

	if (!(ca > 0))
		return cb > 0 ? cb : NAN;
	return cb > ca ? cb : ca;
}

/* Is the change of medians ma -> mb within one core cycle? */
static int
cmp_test_subcycle(const struct cmp_row *r, double ma, double mb)
{
	double c = cmp_test_cycle(r);

	return isfinite(c) && isfinite(ma) && isfinite(mb) &&
	    fabs(mb - ma) <= c;
}

void
cmp_test_row(struct cmp_row *r, const struct cmp_opts *o)
{
	const struct rpoint *a = r->a, *b = r->b;
	double ma = a->st.median * r->fa, mb = b->st.median * r->fb;

	r->ratio = ma > 0 && mb > 0 && isfinite(ma) && isfinite(mb) ?
	    mb / ma : NAN;
	if ((r->untestable = cmp_test_untestable(r)) != NULL) {
		r->test = CMP_NONE;
		r->p = NAN;
		r->sig = 0;
	} else if (!o->same_run)
		cmp_test_runs(r, o);
	else if (cmp_test_has_samples(a) && cmp_test_has_samples(b)) {
		double scale = r->fa / r->fb;

		if (a->n == b->n) {
			r->test = CMP_PAIRED;
			r->p = compare_paired_p(a->samples, b->samples,
			    a->n, scale, o->alpha, SIGNIF_TWO_SIDED,
			    &r->nblocks);
			r->few = compare_paired_few(r->nblocks, o->alpha,
			    SIGNIF_TWO_SIDED);
		} else {
			r->test = CMP_MWU;
			r->p = signif_mwu(a->samples, a->n, b->samples, b->n,
			    scale, SIGNIF_TWO_SIDED);
		}
		r->sig = !r->few && r->p < o->alpha;
	} else {
		r->test = CMP_CI;
		r->p = NAN;
		r->sig = b->st.ci_lo * r->fb > a->st.ci_hi * r->fa ||
		    b->st.ci_hi * r->fb < a->st.ci_lo * r->fa;
	}
	r->noise = !r->sig ||
	    !(fabs(mb - ma) > cmp_test_ci_half(a, r->fa, b, r->fb));
	r->subcycle = cmp_test_subcycle(r, ma, mb);
	r->noise |= r->subcycle;
}

int
compare_within_noise(const struct rpoint *a, const struct rpoint *b,
    double alpha, int *untested)
{
	struct cmp_row r;
	struct cmp_opts o;

	memset(&r, 0, sizeof(r));
	r.a = a;
	r.b = b;
	r.fa = r.fb = 1;
	compare_opts_init(&o);
	o.alpha = alpha;
	o.same_run = 1;
	cmp_test_row(&r, &o);
	if (untested != NULL)
		*untested = r.test == CMP_NONE || r.few;
	return r.noise;
}
