/*
 * t_compare.c - compare's matching and gate rules on synthetic results:
 * pairing by grid key, unmatched points, errors, significance, the gate
 * with --fail-above and --min-delta, and pooled runs. No timing involved.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/compare.h"
#include "../src/rkey.h"
#include "../src/rset.h"
#include "../src/util.h"
#include "tap.h"

#define NS	40	/* samples per point */

/*
 * A point of kernel at (size, src offset): NS samples around centre (the
 * net cost, overhead subtracted, as run writes them) with a fixed +-1%
 * jitter, as tests/gate.sh makes them; with ns 0, summary statistics only
 * (as read from CSV), the 95% CI of the median centre +- ci.
 */
static void
add(struct rset *rs, const char *kernel, size_t size, size_t src,
    double centre, double overhead, int ns, double ci)
{
	struct rpoint *p = rset_add(rs);
	int i;

	p->family = xstrdup("memcpy");
	p->kernel = xstrdup(kernel);
	p->isa = xstrdup("c");
	p->size = size;
	p->src_align = p->dst_align = src;
	p->cache = xstrdup("hot");
	p->mode = xstrdup("throughput");
	p->unit = xstrdup("ticks");
	p->hz = 2e9;
	p->batch = 100;
	p->overhead = overhead;
	if (ns > 0) {
		p->n = (size_t)ns;
		p->samples = xcalloc((size_t)ns, sizeof(double));
		for (i = 0; i < ns; i++)
			p->samples[i] = centre + (centre + overhead) *
			    ((i * 7) % 41 - 20) / 2000;
		stats_compute(p->samples, p->n, &p->st);
	} else {
		p->n = 31;
		p->st.n = 31;
		p->st.min = p->st.q1 = centre - ci;
		p->st.median = p->st.mean = centre;
		p->st.max = p->st.q3 = centre + ci;
		p->st.stddev = p->st.mad = ci;
		p->st.ci_lo = centre - ci;
		p->st.ci_hi = centre + ci;
		rs->has_samples = 0;
	}
}

static void
set(struct rset *rs, const char *name, int samples)
{
	rset_init(rs, name);
	rs->has_samples = samples;
}

/* Match and gate a against b; the result's rows, or -1 with err. */
static int
run(const struct rset *a, const struct rset *b, const struct cmp_opts *o,
    struct cmp_result *res, char *err)
{
	err[0] = '\0';
	return compare_match(a, b, o, res, err, 512);
}

static size_t
nfail(const struct cmp_result *res)
{
	size_t i, n = 0;

	for (i = 0; i < res->n; i++)
		n += res->rows[i].gate_fail;
	return n;
}

static void
test_matching(void)
{
	struct rset a, b;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	size_t i;
	int ok, rc;

	/* A: 32..256 at offsets 0 and 3; B: the same in another order, less
	 * 32, plus 512 and another kernel at A's positions. */
	set(&a, "A", 1);
	set(&b, "B", 1);
	for (i = 32; i <= 256; i *= 2) {
		add(&a, "memcpy.x", i, 0, (double)i, 6, NS, 0);
		add(&a, "memcpy.x", i, 3, (double)i + 1, 6, NS, 0);
	}
	add(&b, "memcpy.x", 512, 0, 512, 6, NS, 0);
	for (i = 256; i >= 64; i /= 2) {
		add(&b, "memcpy.x", i, 3, (double)i + 1, 6, NS, 0);
		add(&b, "memcpy.y", i, 0, (double)i, 6, NS, 0);
		add(&b, "memcpy.x", i, 0, (double)i, 6, NS, 0);
	}
	rset_finish(&a);
	rset_finish(&b);
	compare_opts_init(&o);
	o.quiet = 1;
	rc = run(&a, &b, &o, &res, err);
	tap_ok(rc == 0 && res.n == 6,
	    "matching on the grid key: 6 of A's 8 points have a partner (%zu)",
	    res.n);
	ok = 1;
	for (i = 0; i < res.n; i++)
		ok &= rkey_cmp(res.rows[i].a, res.rows[i].b, RK_ALL) == 0;
	tap_ok(ok, "each row pairs points of the same kernel and position");
	tap_ok(res.unmatched_a == 2 && res.unmatched_b == 4,
	    "unmatched: A's two points of size 32, B's 512 and memcpy.y "
	    "(%zu, %zu)", res.unmatched_a, res.unmatched_b);
	ok = res.n == 6;
	for (i = 0; ok && i < 3; i++)
		ok = res.rows[i].a->src_align == 0 &&
		    res.rows[i].a->size == (size_t)64 << i &&
		    res.rows[i + 3].a->src_align == 3 &&
		    res.rows[i + 3].a->size == (size_t)64 << i;
	tap_ok(ok, "rows in the tables' order: by offsets, then size");
	compare_result_free(&res);

	/* Two named kernels: matched on the position only. */
	o.a_kernel = "memcpy.y";
	o.b_kernel = "memcpy.x";
	rc = run(&b, &b, &o, &res, err);
	tap_ok(rc == 0 && res.n == 3 &&
	    strcmp(res.rows[0].a->kernel, "memcpy.y") == 0 &&
	    strcmp(res.rows[0].b->kernel, "memcpy.x") == 0 &&
	    res.rows[0].a->size == res.rows[0].b->size &&
	    res.rows[0].b->src_align == 0,
	    "--a-kernel/--b-kernel: pairs by position, offsets 0 only "
	    "(%zu rows)", res.n);
	compare_result_free(&res);

	o.a_kernel = o.b_kernel = "nosuch";
	tap_ok(run(&a, &b, &o, &res, err) == -1 &&
	    strstr(err, "no kernel \"nosuch\"") != NULL && res.n == 0,
	    "an unknown kernel: an error, not an exit (%s)", err);
	compare_opts_init(&o);
	o.families = "csum";
	tap_ok(run(&a, &b, &o, &res, err) == -1 &&
	    strstr(err, "no matching points") != NULL &&
	    strstr(err, "after the filters") != NULL,
	    "nothing left to match: an error (%s)", err);
	compare_opts_init(&o);
	add(&a, "memcpy.x", 128, 3, 200, 6, NS, 0);	/* a second 128/3 */
	rset_finish(&a);
	tap_ok(run(&a, &b, &o, &res, err) == -1 &&
	    strstr(err, "A has the point memcpy.x size 128 offsets 3/3") !=
	    NULL && strstr(err, "twice") != NULL,
	    "a point twice in A: an error naming it (%s)", err);
	rset_free(&a);
	rset_free(&b);
}

static void
test_significance(void)
{
	struct rset a, b;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];

	/* Runs with samples: a rank test. */
	set(&a, "A", 1);
	set(&b, "B", 1);
	add(&a, "memcpy.x", 64, 0, 100, 6, NS, 0);
	add(&a, "memcpy.x", 128, 0, 200, 6, NS, 0);
	add(&b, "memcpy.x", 64, 0, 100, 6, NS, 0);
	add(&b, "memcpy.x", 128, 0, 220, 6, NS, 0);
	rset_finish(&a);
	rset_finish(&b);
	compare_opts_init(&o);
	o.cost = CMP_COST_NET;
	tap_ok(run(&a, &b, &o, &res, err) == 0 && res.n == 2 &&
	    res.rows[0].test == CMP_MWU && !res.rows[0].sig &&
	    res.rows[1].sig && res.rows[1].p < 1e-6,
	    "two runs: Mann-Whitney; no change is not significant, +10%% is");
	tap_ok(fabs(res.rows[1].ratio - 1.1) < 1e-4,
	    "the ratio is of the medians (%.6f)", res.rows[1].ratio);
	compare_result_free(&res);
	o.same_run = 1;
	tap_ok(run(&a, &b, &o, &res, err) == 0 &&
	    res.rows[1].test == CMP_PAIRED && res.rows[1].sig,
	    "one run: the signed-rank test on paired samples");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);

	/* Summary statistics only: the medians' confidence intervals. */
	set(&a, "A.csv", 0);
	set(&b, "B.csv", 0);
	add(&a, "memcpy.x", 64, 0, 100, 6, 0, 3);
	add(&a, "memcpy.x", 128, 0, 200, 6, 0, 3);
	add(&b, "memcpy.x", 64, 0, 104, 6, 0, 3);	/* overlapping */
	add(&b, "memcpy.x", 128, 0, 220, 6, 0, 3);	/* apart */
	rset_finish(&a);
	rset_finish(&b);
	compare_opts_init(&o);
	o.cost = CMP_COST_NET;
	tap_ok(run(&a, &b, &o, &res, err) == 0 &&
	    res.rows[0].test == CMP_CI && !res.rows[0].sig &&
	    res.rows[1].test == CMP_CI && res.rows[1].sig && isnan(res.rows[1].p),
	    "no samples: significant only when the CIs do not overlap");
	compare_result_free(&res);
	o.fail_above = 5;
	tap_ok(run(&a, &b, &o, &res, err) == 0 && nfail(&res) == 1 &&
	    res.rows[1].gate_fail,
	    "no samples: the gate fails where B's CI is above A's by 5%%");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
}

/*
 * The gate on the points of tests/gate.sh: two runs of net costs with
 * their overheads (files of an older csumbench), compared as whole calls.
 */
static void
test_gate(void)
{
	struct rset a, b, c;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	int rc;

	set(&a, "a.json", 1);
	set(&b, "b.json", 1);
	set(&c, "c.json", 1);
	/* 16 B: 8.4 -> 10.5 whole (+25%, +2.1 ticks); 4 KiB: +0.6%. */
	add(&a, "memcpy.x", 16, 0, 2.0, 6.4, NS, 0);
	add(&a, "memcpy.x", 4096, 0, 994, 6.4, NS, 0);
	add(&b, "memcpy.x", 16, 0, 4.1, 6.4, NS, 0);
	add(&b, "memcpy.x", 4096, 0, 1000, 6.4, NS, 0);
	add(&c, "memcpy.x", 16, 0, 2.0, 6.4, NS, 0);
	add(&c, "memcpy.x", 4096, 0, 1100, 6.4, NS, 0);
	rset_finish(&a);
	rset_finish(&b);
	rset_finish(&c);
	compare_opts_init(&o);
	o.quiet = 1;
	o.fail_above = 5;
	rc = run(&a, &b, &o, &res, err);
	tap_ok(rc == 0 && nfail(&res) == 0 &&
	    res.rows[0].slower && res.rows[0].small &&
	    fabs(res.rows[0].min_delta - 3.2) < 1e-9,
	    "--min-delta auto: 2.1 ticks under half the empty call (3.2) "
	    "passes");
	tap_ok(res.cost == CMP_COST_WHOLE &&
	    fabs(res.rows[0].a->st.median - 8.4) < 0.05,
	    "whole-call costs are compared, net ones converted (%.3f)",
	    res.n ? res.rows[0].a->st.median : NAN);
	compare_result_free(&res);
	o.min_delta = 1;
	rc = run(&a, &b, &o, &res, err);
	tap_ok(rc == 0 && nfail(&res) == 1 &&
	    res.rows[0].gate_fail && fabs(res.rows[0].delta - 2.1) < 0.05,
	    "--min-delta 1: the same shift fails (delta %.3f)",
	    res.n ? res.rows[0].delta : NAN);
	compare_result_free(&res);
	o.min_delta = -1;
	tap_ok(run(&a, &c, &o, &res, err) == 0 && nfail(&res) == 1 &&
	    res.rows[1].gate_fail && !res.rows[0].gate_fail,
	    "10%% of 1000 ticks fails, and only that point");
	compare_result_free(&res);
	tap_ok(run(&c, &a, &o, &res, err) == 0 && nfail(&res) == 0,
	    "B faster than A is no regression");
	compare_result_free(&res);
	o.fail_above = 15;
	tap_ok(run(&a, &c, &o, &res, err) == 0 && nfail(&res) == 0 &&
	    !res.rows[1].slower, "--fail-above 15: a 10%% slowdown passes");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
	rset_free(&c);
}

/* A side of several runs, as compare A1,A2 B1,B2 reads it. */
static void
pooled(struct rset *into, const char *name, double c1, double c2)
{
	struct rset more;
	char err[512];

	set(into, name, 1);
	add(into, "memcpy.x", 4096, 0, c1, 6.4, NS, 0);
	rset_finish(into);
	set(&more, name, 1);
	add(&more, "memcpy.x", 4096, 0, c2, 6.4, NS, 0);
	rset_finish(&more);
	if (rset_merge(into, &more, err, sizeof(err)) != 0)
		tap_diag("%s", err);
	rset_free(&more);
}

static void
test_pooled(void)
{
	struct rset a, b;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];

	compare_opts_init(&o);
	o.quiet = 1;
	o.fail_above = 5;
	pooled(&a, "a", 1000, 1000);
	pooled(&b, "b", 1150, 1000);
	tap_ok(a.n == 1 && a.p[0].n == 2 * NS && a.p[0].runs == 2,
	    "merge: two runs pool into one point (%zu samples)", a.p[0].n);
	tap_ok(run(&a, &b, &o, &res, err) == 0 && nfail(&res) == 0 &&
	    res.rows[0].slower && res.rows[0].unsteady,
	    "pooled: slower in one run of B only passes, as unsteady");
	compare_result_free(&res);
	rset_free(&b);
	pooled(&b, "b", 1150, 1150);
	tap_ok(run(&a, &b, &o, &res, err) == 0 && nfail(&res) == 1,
	    "pooled: slower in every run of B fails");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
}

int
main(void)
{
	verbose_level = 0;
	test_matching();
	test_significance();
	test_gate();
	test_pooled();
	return tap_done();
}
