/*
 * gate.c - the regression gate of compare (gate.h): each row judged
 * against --fail-above and --min-delta, a point's replicas judged
 * together, and the verdict on stderr (compare_gate).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp_match.h"
#include "cmp_test.h"
#include "gate.h"
#include "rkey.h"
#include "stats.h"
#include "util.h"

/*
 * The gate. A point fails when all of these hold:
 *  - B's median is more than PCT above A's;
 *  - and more than min_delta units above it. Across processes a call's
 *    cost moves by a few cycles with the placement of code and data (up to
 *    3 of the ~8 cycles of an empty call on the reference machine, see
 *    Placement effects in csumbench(1)), the same way in every sample of a
 *    run, so no test on the samples of one run can see it; auto takes half
 *    the empty call's cost at the point (the floor both runs measured) as
 *    the smallest change that is not placement alone, across runs and
 *    between two objects of one run (run --ab: the same code loaded at
 *    two addresses differs as it would between processes), and 0 between
 *    two kernels of one run (paired samples of one process) and between
 *    the builds of run --ab when it placed their code itself (o->placed:
 *    copy k of each build at one offset, so placement is paired too);
 *  - a one-sided test of "B's cost is above (1 + PCT/100) times A's"
 *    significant at alpha / m (Bonferroni over the m comparable points),
 *    so that neither the many points of a sweep nor a small, real shift
 *    can trip it by chance. Within one run the test is on the samples
 *    (paired when the engine interleaved them); across runs on the run
 *    medians (cmp_test_runs), and when there are too few runs for it to
 *    reach alpha / m at all, the point is one the gate cannot judge.
 */
static void
gate_row(struct cmp_row *r, const struct cmp_opts *o, size_t m)
{
	const struct rpoint *a = r->a, *b = r->b;
	double margin = 1 + o->fail_above / 100;
	double ma = a->st.median * r->fa, mb = b->st.median * r->fb;
	double level = o->alpha / (double)(m ? m : 1);

	r->slower = isfinite(r->ratio) && r->ratio > margin;
	r->pg = NAN;
	if (!isfinite(r->ratio)) {
		r->cannot_judge = 1;	/* no median to go by */
		return;
	}
	r->delta = mb - ma;
	r->min_delta = o->min_delta;
	if (r->min_delta < 0 && o->same_run && (o->ab_a == NULL || o->placed))
		r->min_delta = 0;	/* one process: placement is the code's */
	else if (r->min_delta < 0) {
		double fl = fmin(a->floor * r->fa, b->floor * r->fb);

		r->min_delta = isfinite(fl) && fl > 0 ? fl / 2 : 0;
	}
	if (!r->slower)
		return;
	if (!(r->delta > r->min_delta)) {
		r->small = 1;
		return;
	}
	if (r->test == CMP_NONE) {
		r->cannot_judge = 1;	/* slower, and nothing to test it */
		return;
	}
	switch (r->test) {
	case CMP_CI:
		r->gate_fail = b->st.ci_lo * r->fb > margin * a->st.ci_hi * r->fa;
		return;
	case CMP_RUNS:
		if (a->run_med == NULL || b->run_med == NULL ||
		    signif_mwu_min_p(a->runs, b->runs, SIGNIF_GREATER) >=
		    level) {
			r->cannot = 1;
			return;
		}
		r->pg = signif_mwu_exact(a->run_med, a->runs, b->run_med,
		    b->runs, margin * r->fa / r->fb, SIGNIF_GREATER);
		break;
	case CMP_PAIRED:
		r->pg = compare_paired_p(a->samples, b->samples, a->n,
		    margin * r->fa / r->fb, level, SIGNIF_GREATER, &r->nblocks);
		if (compare_paired_few(r->nblocks, level, SIGNIF_GREATER)) {
			r->pg = NAN;
			r->cannot = 1;
			return;
		}
		break;
	default:
		r->pg = signif_mwu(a->samples, a->n, b->samples, b->n,
		    margin * r->fa / r->fb, SIGNIF_GREATER);
		break;
	}
	r->gate_fail = r->pg < level;
}

/*
 * Rows of one point: the same kernels but for their replica suffix, at one
 * position. Without replicas, every row is a point of its own.
 */
static int
gate_point_cmp(const struct cmp_row *r, const struct cmp_row *s)
{
	int c;

	if ((c = rkey_cmp(r->a, s->a, RK(RK_FAMILY))) != 0)
		return c;
	if ((c = cmp_match_base_cmp(r->a, s->a)) != 0)
		return c;
	if ((c = cmp_match_base_cmp(r->b, s->b)) != 0)
		return c;
	return rkey_cmp(r->a, s->a, RK_POSITION);
}

static int
gate_point_cmp_idx(size_t x, size_t y, const void *arg)
{
	const struct cmp_row *rows = arg;

	return gate_point_cmp(&rows[x], &rows[y]);
}

/*
 * The gate's test over the copies of a point together. The copies are
 * timed in the same repetitions, so segment k of every copy covers the
 * same stretch of the run: each segment's observation is the median,
 * over the copies, of that segment's median of b - margin * a. A spell
 * that takes the slowdown from one copy for one segment then costs the
 * test little, where it would take that copy's own test below its level.
 * NaN when the copies' sample counts differ (then each copy is tested
 * alone); *nseg is the number of segments.
 */
static double
gate_copies_p(const struct cmp_row *rows, const size_t *ix, size_t n,
    double margin, double level, size_t *nseg)
{
	size_t na = rows[ix[0]].a->n, len, nb, i, k;
	double *med, *col, *comb, p;

	for (i = 0; i < n; i++)
		if (rows[ix[i]].a->n != na || rows[ix[i]].b->n != na)
			return NAN;
	len = cmp_test_segment_len(na, level, SIGNIF_GREATER);
	nb = na / len;
	*nseg = nb;
	if (nb == 0)
		return NAN;
	med = xcalloc(n * nb, sizeof(*med));
	col = xcalloc(n, sizeof(*col));
	comb = xcalloc(nb, sizeof(*comb));
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[ix[i]];

		(void)signif_block_medians(r->a->samples, r->b->samples, na,
		    margin * r->fa / r->fb, len, med + i * nb);
	}
	for (k = 0; k < nb; k++) {
		for (i = 0; i < n; i++)
			col[i] = med[i * nb + k];
		comb[k] = stats_median(col, n);
	}
	p = signif_signed_rank_exact(comb, nb, SIGNIF_GREATER);
	free(comb);
	free(col);
	free(med);
	return p;
}

/*
 * A point fails only when every replica of it is slower: the placement
 * of one copy of the code can make it slower for a whole run, a real
 * change makes every copy slower. When every copy's median is more than
 * PCT% slower (and by more than --min-delta) and every copy's own test
 * is significant at alpha (not divided by the points: it only has to
 * show that the copy is slower, not that the sweep is), the test at
 * alpha / m is on the copies together (gate_copies_p), and its verdict
 * is every copy's. A copy in a slow placement cannot carry the others
 * this way: each must be slower on its own evidence. Otherwise a copy
 * that failed alone becomes a pass "not in every replica".
 */
static void
gate_replicas(struct cmp_row *rows, const size_t *ix, size_t n,
    const struct cmp_opts *o, size_t m)
{
	double level = o->alpha / (double)(m ? m : 1);
	double margin = 1 + o->fail_above / 100, p = NAN;
	size_t i, j, nf, nseg = 0;
	int together = 1;

	if (n < 2)
		return;
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[ix[i]];

		together &= r->test == CMP_PAIRED && r->slower && !r->small &&
		    !r->cannot && !r->cannot_judge && r->a->samples != NULL &&
		    r->b->samples != NULL && r->pg < o->alpha;
	}
	if (together)
		p = gate_copies_p(rows, ix, n, margin, level, &nseg);
	if (!isnan(p) && !compare_paired_few(nseg, level, SIGNIF_GREATER)) {
		for (i = 0; i < n; i++) {
			rows[ix[i]].pg = p;
			rows[ix[i]].gate_fail = p < level;
		}
		return;
	}
	for (i = nf = 0; i < n; i++)
		nf += rows[ix[i]].gate_fail;
	if (nf == 0 || nf == n)
		return;
	for (j = 0; j < n; j++)
		if (rows[ix[j]].gate_fail) {
			rows[ix[j]].gate_fail = 0;
			rows[ix[j]].replica_pass = 1;
		}
}

/*
 * The lead row's summary of its point's n copies (rows ix[0..n-1]): the
 * range of their changes and deltas, how many were slower, and the
 * layout spread of each build over its copies.
 */
static void
gate_copies_summary(struct cmp_row *rows, const size_t *ix, size_t n)
{
	struct cmp_row *lead = &rows[ix[0]];
	double alo = INFINITY, ahi = -INFINITY, blo = INFINITY;
	double bhi = -INFINITY, ma, mb;
	size_t i;

	lead->copies = n;
	lead->copies_slower = lead->copies_flagged = lead->copies_small = 0;
	lead->chg_lo = lead->delta_lo = INFINITY;
	lead->chg_hi = lead->delta_hi = -INFINITY;
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[ix[i]];

		lead->copies_slower += r->slower;
		lead->copies_flagged += r->gate_fail || r->replica_pass;
		lead->copies_small += r->small;
		ma = r->a->st.median * r->fa;
		mb = r->b->st.median * r->fb;
		if (!isfinite(r->ratio) || !(ma > 0) || !(mb > 0))
			continue;
		lead->chg_lo = fmin(lead->chg_lo, r->ratio - 1);
		lead->chg_hi = fmax(lead->chg_hi, r->ratio - 1);
		lead->delta_lo = fmin(lead->delta_lo, mb - ma);
		lead->delta_hi = fmax(lead->delta_hi, mb - ma);
		alo = fmin(alo, ma);
		ahi = fmax(ahi, ma);
		blo = fmin(blo, mb);
		bhi = fmax(bhi, mb);
	}
	lead->layout = n > 1 && isfinite(alo) ? fmax(ahi / alo, bhi / blo) -
	    1 : NAN;
	lead->a_lo = alo;
	lead->a_hi = ahi;
	lead->b_lo = blo;
	lead->b_hi = bhi;
}

/*
 * The gate over the rows: the points (a point's replicas together), m
 * (the points with a ratio, for Bonferroni), each row judged, and each
 * point over its replicas.
 */
void
gate_rows(struct cmp_result *res, const struct cmp_opts *o)
{
	struct cmp_row *rows = res->rows;
	size_t *ix = xcalloc(res->n + 1, sizeof(*ix)), *start, i, g, j, ng;
	int finite;

	for (i = 0; i < res->n; i++)
		ix[i] = i;
	rkey_msort(ix, res->n, gate_point_cmp_idx, rows);
	start = xcalloc(res->n + 1, sizeof(*start));
	res->points = res->gate_m = res->replicas = 0;
	for (i = ng = 0; i < res->n; i = g) {
		start[ng++] = i;
		finite = 0;
		for (g = i; g < res->n && gate_point_cmp(&rows[ix[i]],
		    &rows[ix[g]]) == 0; g++)
			finite |= isfinite(rows[ix[g]].ratio);
		rows[ix[i]].lead = 1;
		res->points++;
		res->gate_m += finite;
		if (g - i > res->replicas)
			res->replicas = g - i;
	}
	start[ng] = res->n;
	/*
	 * Without --fail-above, "slower" is slower at all (the copies' table
	 * counts them against 0%; it counted none, so a change of +11% in
	 * every copy read "0 of 4").
	 */
	for (i = 0; i < res->n; i++)
		if (o->fail_above >= 0)
			gate_row(&rows[i], o, res->gate_m);
		else
			rows[i].slower = isfinite(rows[i].ratio) &&
			    rows[i].ratio > 1;
	for (j = 0; o->fail_above >= 0 && j < ng; j++)
		gate_replicas(rows, ix + start[j], start[j + 1] - start[j], o,
		    res->gate_m);
	for (j = 0; j < ng; j++)
		gate_copies_summary(rows, ix + start[j], start[j + 1] -
		    start[j]);
	free(start);
	free(ix);
}

/*
 * The points the gate could not judge, on one line: how many, why, and
 * the first few of them.
 */
static void
gate_untested(const struct cmp_result *res, size_t ncannot, const char *also)
{
	const struct cmp_row *rows = res->rows;
	size_t i, k = 0;
	char d[300];

	fprintf(stderr, "%s: compare: %scannot judge %zu of %zu points "
	    "(B's median above the threshold with nothing to test it, or no "
	    "median to go by):", progname, also, ncannot, res->n);
	for (i = 0; i < res->n && k < 3; i++) {
		if (!rows[i].cannot_judge)
			continue;
		cmp_match_desc(rows[i].b, d, sizeof(d));
		fprintf(stderr, "%s %s (%s)", k ? ";" : "", d,
		    rows[i].untestable != NULL ? rows[i].untestable :
		    "no median");
		k++;
	}
	if (ncannot > k)
		fprintf(stderr, "; and %zu more", ncannot - k);
	fputc('\n', stderr);
}

/*
 * Points of A (the baseline) with no partner in B: the gate did not
 * measure them, so it cannot judge them; one line naming the first few.
 */
static void
gate_missing(const struct cmp_result *res, const char *also)
{
	size_t n = res->unmatched_a;

	fprintf(stderr, "%s: compare: %scannot judge %zu point%s of A with no "
	    "partner in B: %s", progname, also, n, n == 1 ? "" : "s",
	    res->missing_a != NULL ? res->missing_a : "");
	if (n > 3)
		fprintf(stderr, "; and %zu more", n - 3);
	fputc('\n', stderr);
}

/*
 * Points slower beyond both thresholds that the gate could not judge
 * across runs (too few for its test): one line, EXIT_USAGE; the gate
 * never passes what it could not test.
 */
static int
gate_cannot(const struct cmp_result *res, const struct cmp_opts *o,
    size_t ncannot, size_t m)
{
	const struct cmp_row *r = NULL;
	double level = o->alpha / (double)(m ? m : 1);
	size_t i, need;
	char d[300], why[400];

	for (i = 0; i < res->n && r == NULL; i++)
		if (res->rows[i].cannot)
			r = &res->rows[i];
	cmp_match_desc(r->b, d, sizeof(d));
	if (r->test == CMP_PAIRED)
		snprintf(why, sizeof(why), "%zu segments of %d paired samples "
		    "are too few for alpha %g / %zu point%s (%d segments, -r %d); "
		    "take more samples", r->nblocks, CMP_BLOCK, o->alpha, m,
		    m == 1 ? "" : "s", cmp_test_min_blocks(level,
		    SIGNIF_GREATER), cmp_test_min_blocks(level, SIGNIF_GREATER) *
		    CMP_BLOCK);
	else if ((need = signif_mwu_min_runs(level, SIGNIF_GREATER)) > 0)
		snprintf(why, sizeof(why), "%zu run%s of A and %zu of B are "
		    "too few for a test across processes at alpha %g / %zu "
		    "point%s (at least %zu runs per side); compare the builds "
		    "in one process (run --ab) or measure more runs",
		    r->a->runs, r->a->runs == 1 ? "" : "s", r->b->runs,
		    o->alpha, m, m == 1 ? "" : "s", need);
	else
		snprintf(why, sizeof(why), "no test across processes reaches "
		    "alpha %g / %zu points with %d runs per side or fewer; "
		    "compare the builds in one process (run --ab)", o->alpha, m,
		    SIGNIF_EXACT_MAX / 2);
	fprintf(stderr, "%s: compare: cannot judge %zu point%s more than %g%% "
	    "slower in B (%s: %+.2f%%%s): %s\n", progname, ncannot,
	    ncannot == 1 ? "" : "s", o->fail_above, d, (r->ratio - 1) * 100,
	    ncannot > 1 ? ", ..." : "", why);
	return EXIT_USAGE;
}

/*
 * A point's copies, for the verdict: " (4 of 4 copies slower, +5.9% to
 * +7.1%, +3.2 to +3.9 ticks; layouts 4.2%)"; "" with one copy.
 */
static void
gate_copies_text(const struct cmp_row *r, const char *unit, char *buf,
    size_t len)
{
	*buf = '\0';
	if (r->copies < 2 || !isfinite(r->chg_lo))
		return;
	snprintf(buf, len, " (%zu of %zu copies slower, %+.1f%% to %+.1f%%, "
	    "%+.3g to %+.3g %s; layouts %.1f%%)", r->copies_slower, r->copies,
	    r->chg_lo * 100, r->chg_hi * 100, r->delta_lo, r->delta_hi, unit,
	    r->layout * 100);
}

/* One point of the verdict: "  KERNEL size ...: +X% (+D unit) vs A...". */
static void
gate_point_line(const struct cmp_row *r, const char *unit, int pg)
{
	char d[300], c[200];

	cmp_match_desc(r->b, d, sizeof(d));
	gate_copies_text(r, unit, c, sizeof(c));
	fprintf(stderr, "  %s: %+.2f%% (%+.3g %s) vs %s", d,
	    (r->ratio - 1) * 100, r->delta, unit, r->a->kernel);
	if (pg && !isnan(r->pg))
		fprintf(stderr, " (p = %.2g)", r->pg);
	fprintf(stderr, "%s\n", c);
}

/* The points that fail, on stderr, one line each (a point's copies in it). */
static void
gate_list(const struct cmp_result *res, const struct cmp_opts *o,
    size_t nfail)
{
	size_t i;

	fprintf(stderr, "%s: compare: FAIL: %zu of %zu points significantly "
	    "more than %g%% slower in B%s:\n", progname, nfail, res->points,
	    o->fail_above, res->replicas > 1 ? " in every replica" : "");
	for (i = 0; i < res->n; i++)
		if (res->rows[i].gate_fail && res->rows[i].lead)
			gate_point_line(&res->rows[i], res->unit, 1);
}

/*
 * What a rule kept out of the verdict, so that no point is left out
 * without a word: the points every copy of which was more than PCT
 * slower but by no more than --min-delta, and those whose own test
 * failed in some copies only. One header line each, then the points.
 */
static void
gate_excluded(const struct cmp_result *res, const struct cmp_opts *o)
{
	size_t i, k, n;
	char md[64];

	if (o->min_delta >= 0)
		snprintf(md, sizeof(md), "%.3g %s", o->min_delta, res->unit);
	else
		snprintf(md, sizeof(md), "auto: half the empty call");
	for (k = 0; k < 2; k++) {
		for (i = n = 0; i < res->n; i++)
			n += cmp_kept_out(&res->rows[i], k);
		if (n == 0)
			continue;
		if (k == 0)
			fprintf(stderr, "%s: compare: not judged: %zu point%s "
			    "more than %g%% slower but by no more than "
			    "--min-delta (%s; --min-delta 0 judges them):\n",
			    progname, n, n == 1 ? "" : "s", o->fail_above, md);
		else
			fprintf(stderr, "%s: compare: passed: %zu point%s "
			    "significantly slower in some copies, not in "
			    "every one (where the code lies, not the code):\n",
			    progname, n, n == 1 ? "" : "s");
		for (i = 0; i < res->n; i++)
			if (cmp_kept_out(&res->rows[i], k))
				gate_point_line(&res->rows[i], res->unit, 0);
	}
}

/*
 * The pass on one line: how many points; how many rows (replica pairs,
 * with replicas) were more than PCT slower, and why each passed.
 */
static void
gate_pass(const struct cmp_result *res, const struct cmp_opts *o,
    size_t nslow, size_t nsmall, size_t nrep)
{
	fprintf(stderr, "%s: compare: pass: no point significantly more than "
	    "%g%% slower in B", progname, o->fail_above);
	if (res->replicas > 1)
		fprintf(stderr, " in every replica (%zu points in %zu "
		    "replicas; %zu replica pair%s", res->points, res->replicas,
		    nslow, nslow == 1 ? "" : "s");
	else
		fprintf(stderr, " (%zu points; %zu", res->n, nslow);
	fprintf(stderr, " more than %g%% slower", o->fail_above);
	if (nslow > 0)
		fprintf(stderr, ": %zu by no more than --min-delta, %zu not "
		    "significantly", nsmall, nslow - nsmall - nrep);
	if (nrep > 0)
		fprintf(stderr, ", %zu not in every replica", nrep);
	fputs(")\n", stderr);
}

int
compare_gate(const struct cmp_result *res, const struct cmp_opts *o)
{
	const struct cmp_row *rows = res->rows;
	size_t nrows = res->n, i, nfail = 0, nslow = 0, nsmall = 0;
	size_t ncannot = 0, nuntest = 0, nrep = 0, m = res->gate_m;

	if (o->fail_above < 0)
		return 0;
	for (i = 0; i < nrows; i++) {
		nfail += rows[i].gate_fail && rows[i].lead;
		nslow += rows[i].slower;
		nsmall += rows[i].small;
		nrep += rows[i].replica_pass;
		ncannot += rows[i].cannot;
		nuntest += rows[i].cannot_judge;
	}
	if (nfail > 0) {
		gate_list(res, o, nfail);
		if (nuntest > 0)
			gate_untested(res, nuntest, "also ");
		if (res->unmatched_a > 0)
			gate_missing(res, "also ");
		if (!o->quiet)
			gate_excluded(res, o);
		return EXIT_CHECK;
	}
	if (res->unmatched_a > 0) {
		/* Never a pass for what was not measured. */
		gate_missing(res, "");
		if (nuntest > 0)
			gate_untested(res, nuntest, "also ");
		return EXIT_USAGE;
	}
	if (nuntest > 0) {
		/* Never a pass for what could not be tested. */
		gate_untested(res, nuntest, "");
		return EXIT_USAGE;
	}
	if (ncannot > 0)
		return gate_cannot(res, o, ncannot, m);
	if (!o->quiet) {
		gate_pass(res, o, nslow, nsmall, nrep);
		gate_excluded(res, o);
	}
	return 0;
}
