/*
 * compare.c - delta tables of two sets of results, and the regression gate:
 * the driver (compare.h). Matching the points is cmp_match.c, the tests
 * cmp_test.c, the gate gate.c (and gate_out.c for CI servers), printing
 * cmp_style.c (a style table) with what every style shows in cmp_print.c.
 *
 * Conventions (documented in csumbench(1), COMPARE):
 *  - costs are per call, whole calls unless net ones are asked for, so "B
 *    slower" means B's cost is higher;
 *  - every style is computed from the medians of the samples: the bpf
 *    table shows call rates (the median of the per-sample rates, in
 *    millions per second, +- their standard deviation without far
 *    outliers) and its Improvement is the change of that rate, positive
 *    when B is faster; the ticks table shows median costs under the
 *    letter's "Avg." titles and its Delta is the change of the median
 *    cost, negative when B is faster; markdown and csv show medians and
 *    the change of the median, positive when B is slower; the gate judges
 *    the change of the median too. One preempted sample moves none of
 *    them;
 *  - percentages in the tables are truncated toward zero to two decimals,
 *    as in the cover letters the layouts come from;
 *  - a row is within noise when a rank test on the samples (signif.h),
 *    two-sided at alpha, does not find it significant, or when the change
 *    of the medians is no larger than their confidence intervals: such
 *    rows are marked "~", never hidden;
 *  - every table is headed by one line naming n, the timer, the CPU and
 *    the cost compared.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "cmp_match.h"
#include "cmp_test.h"
#include "gate.h"
#include "gate_out.h"
#include "util.h"

/* The unit both sides are shown in, and each side's factor to it. */
static const char *
compare_common_unit(struct cmp_row *r, const struct rset *a,
    const struct rset *b, char *err, size_t errlen)
{
	r->fa = r->fb = 1;
	if (strcmp(r->a->unit, r->b->unit) == 0)
		return r->a->unit;
	if (!(r->a->hz > 0) || !(r->b->hz > 0)) {
		snprintf(err, errlen, "compare: %s is in %s and %s in %s, and "
		    "the timer frequency to convert them is unknown", a->path,
		    r->a->unit, b->path, r->b->unit);
		return NULL;
	}
	r->fa = 1e9 / r->a->hz;
	r->fb = 1e9 / r->b->hz;
	return "ns";
}

/*
 * Refuse what cannot be compared as it stands: results whose files
 * recorded different cost bases (whole-call costs against net ones
 * converted by an overhead), unless allow_mixed. Placements are checked
 * point by point when matching (cmp_match_pair_points).
 */
static int
compare_check_bases(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, char *err, size_t errlen)
{
	if (o->allow_mixed)
		return 0;
	if (strcmp(a->basis, b->basis) == 0 && strcmp(a->basis, "mixed") != 0)
		return 0;
	snprintf(err, errlen, "compare: %s holds %s costs%s and %s %s costs%s: "
	    "not compared (--allow-mixed to compare them anyway)", a->path,
	    a->basis, a->basis_inferred ? " (not recorded; inferred)" : "",
	    b->path, b->basis, b->basis_inferred ? " (not recorded; "
	    "inferred)" : "");
	return -1;
}

/* Say when a side's whole-call costs were rebuilt from net ones. */
static void
compare_note_basis(const struct rset *rs, const struct cmp_opts *o)
{
	if (o->cost == CMP_COST_NET || strcmp(rs->basis, "whole") == 0)
		return;
	talk("csumbench: compare: %s holds net costs (%s): its whole-call "
	    "costs are taken as net + the overhead it records\n", rs->path,
	    rs->basis_inferred ? "no cost basis recorded; an older "
	    "csumbench's file" : "as recorded");
}

/* Each row in the unit common to all, its significance, and the gate. */
static int
compare_test_rows(struct cmp_result *res, const struct cmp_opts *o,
    char *err, size_t errlen)
{
	struct cmp_row *rows = res->rows;
	const char *unit = NULL, *u;
	size_t i, n = res->n, nci;

	for (i = 0; i < n; i++) {
		if ((u = compare_common_unit(&rows[i], res->a, res->b, err,
		    errlen)) == NULL)
			return -1;
		if (unit == NULL)
			unit = u;
		else if (strcmp(unit, u) != 0) {
			snprintf(err, errlen, "compare: points in different "
			    "units (%s and %s)", unit, u);
			return -1;
		}
		cmp_test_row(&rows[i], o);
	}
	if (strcmp(unit, "ns") == 0 && strcmp(rows[0].a->unit, "ns") != 0)
		talk("csumbench: compare: units differ (%s, %s): compared in "
		    "nanoseconds\n", rows[0].a->unit, rows[0].b->unit);
	for (i = nci = 0; i < n; i++)
		nci += rows[i].test == CMP_CI;
	if (nci > 0)
		talk("csumbench: compare: %s has no raw samples: significance "
		    "from the overlap of the medians' 95%% confidence "
		    "intervals (an approximation; write results with "
		    "-o FILE.json to keep the samples)\n",
		    !res->a->has_samples ? res->a->path : res->b->path);
	gate_rows(res, o);
	res->unit = unit;
	return 0;
}

int
compare_match(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, struct cmp_result *res, char *err,
    size_t errlen)
{
	memset(res, 0, sizeof(*res));
	res->cost = o->cost;
	if (compare_check_bases(a, b, o, err, errlen) != 0)
		return -1;
	compare_note_basis(a, o);
	if (b != a && strcmp(a->path, b->path) != 0)
		compare_note_basis(b, o);
	if (o->cost == CMP_COST_NET) {
		rset_net_view(&res->va, a);
		rset_net_view(&res->vb, b);
		res->views = 1;
		a = &res->va;
		b = &res->vb;
	}
	res->a = a;
	res->b = b;
	if (cmp_match_points(a, b, o, res, err, errlen) != 0 ||
	    compare_test_rows(res, o, err, errlen) != 0) {
		compare_result_free(res);
		return -1;
	}
	return 0;
}

void
compare_result_free(struct cmp_result *res)
{
	free(res->rows);
	free(res->missing_a);
	if (res->views) {
		rset_free(&res->va);
		rset_free(&res->vb);
	}
	memset(res, 0, sizeof(*res));
}

int
compare_sets(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, FILE *out, char *err, size_t errlen)
{
	struct cmp_result res;
	int rc;

	if (compare_match(a, b, o, &res, err, errlen) != 0)
		return -1;
	if (o->copies_table && res.replicas > 1)
		cmp_style_copies(out, &res, o);
	else
		compare_print(out, res.rows, res.n, &res, o);
	fflush(out);
	rc = compare_gate(&res, o);
	if (o->junit != NULL && o->fail_above >= 0)
		gate_out_junit(o->junit, &res, o, rc);
	if (o->gate_md != NULL && o->fail_above >= 0)
		gate_out_markdown(o->gate_md, &res, o, rc);
	compare_result_free(&res);
	return rc;
}

