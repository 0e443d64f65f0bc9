/*
 * t_compare.c - compare's matching and gate rules on synthetic results:
 * pairing by grid key, unmatched points, errors, significance, the gate
 * with --fail-above and --min-delta, and pooled runs (across runs, the
 * exact test on run medians, and the points the gate cannot judge with
 * too few runs); run --ab's pairing of two objects' kernels; the
 * terminal summary's "within noise" against a delta table's. No timing
 * involved.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/compare/compare.h"
#include "../src/results/rkey.h"
#include "../src/results/rset.h"
#include "../src/base/signif.h"
#include "../src/report/summary.h"
#include "../src/base/util.h"
#include "tap.h"

#define NS	96	/* samples per point: 12 blocks of paired samples */

/*
 * A point of kernel at (size, src offset): NS samples around centre (the
 * net cost, overhead subtracted, as run writes them) with a fixed +-1%
 * jitter, as tests/gate.sh makes them; with ns 0, summary statistics only
 * (as read from CSV), the 95% CI of the median centre +- ci.
 */
/*
 * What run records of a loaded kernel's origin, as fields: the test's
 * names follow run's ("old.2:memcpy.x": object old, copy 2, memcpy.x);
 * csumbench itself never reads them out of a name.
 */
static void
add_origin(struct rpoint *p, const char *kernel)
{
	const char *c = strchr(kernel, ':'), *d;

	if (c == NULL)
		return;
	for (d = c; d > kernel && d[-1] >= '0' && d[-1] <= '9'; d--)
		;
	if (d < c && d > kernel + 1 && d[-1] == '.') {
		p->copy = (size_t)atoi(d);
		c = d - 1;
	}
	p->object = xasprintf("%.*s", (int)(c - kernel), kernel);
	p->base = xstrdup(strchr(kernel, ':') + 1);
}

static void
add(struct rset *rs, const char *kernel, size_t size, size_t src,
    double centre, double overhead, int ns, double ci)
{
	struct rpoint *p = rset_add(rs);
	int i;

	p->family = xstrdup("memcpy");
	p->kernel = xstrdup(kernel);
	p->isa = xstrdup("c");
	p->pos.size = size;
	p->pos.src_off = p->pos.dst_off = src;
	p->pos.cache = 0;	/* hot */
	p->pos.mode = 0;	/* throughput */
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
	add_origin(p, kernel);
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

/* The options of run --ab old,new: one run, A is "old", B "new". */
static void
ab_opts(struct cmp_opts *o, double fail_above)
{
	compare_opts_init(o);
	o->quiet = 1;
	o->same_run = 1;
	o->fail_above = fail_above;
	o->ab_a = "old";
	o->ab_b = "new";
}

static size_t
nfail(const struct cmp_result *res)
{
	size_t i, n = 0;

	for (i = 0; i < res->n; i++)
		n += res->rows[i].gate_fail;
	return n;
}

/* compare_gate's verdict, and what it said on stderr (in msg). */
/* Everything the last gate_said() printed, every line. */
static char said_all[8192];

static int
gate_said(const struct cmp_result *res, const struct cmp_opts *o, char *msg,
    size_t len)
{
	FILE *tmp = tmpfile();
	int saved = dup(fileno(stderr)), rc;
	size_t n = 0;

	msg[0] = '\0';
	if (tmp == NULL || saved < 0)
		return -1;
	fflush(stderr);
	dup2(fileno(tmp), fileno(stderr));
	rc = compare_gate(res, o);
	fflush(stderr);
	dup2(saved, fileno(stderr));
	close(saved);
	rewind(tmp);
	n = fread(msg, 1, len - 1, tmp);
	msg[n] = '\0';
	snprintf(said_all, sizeof(said_all), "%s", msg);
	msg[strcspn(msg, "\n")] = '\0';
	fclose(tmp);
	return rc;
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
		ok = res.rows[i].a->pos.src_off == 0 &&
		    res.rows[i].a->pos.size == (size_t)64 << i &&
		    res.rows[i + 3].a->pos.src_off == 3 &&
		    res.rows[i + 3].a->pos.size == (size_t)64 << i;
	tap_ok(ok, "rows in the tables' order: by offsets, then size");
	compare_result_free(&res);

	/* Two named kernels: matched on the position only. */
	o.a_kernel = "memcpy.y";
	o.b_kernel = "memcpy.x";
	rc = run(&b, &b, &o, &res, err);
	tap_ok(rc == 0 && res.n == 3 &&
	    strcmp(res.rows[0].a->kernel, "memcpy.y") == 0 &&
	    strcmp(res.rows[0].b->kernel, "memcpy.x") == 0 &&
	    res.rows[0].a->pos.size == res.rows[0].b->pos.size &&
	    res.rows[0].b->pos.src_off == 0,
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
	    res.rows[1].test == CMP_RUNS && res.rows[1].few &&
	    !res.rows[1].sig && !res.rows[0].sig,
	    "two runs: the run medians are tested, and one run per side is "
	    "too few: +10%% over 40 clean samples is not significant");
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
	    res.rows[1].test == CMP_RUNS && !res.rows[1].sig,
	    "no samples, two runs: the run medians, not the CIs of one run");
	compare_result_free(&res);
	o.same_run = 1;
	tap_ok(run(&a, &b, &o, &res, err) == 0 &&
	    res.rows[0].test == CMP_CI && !res.rows[0].sig &&
	    res.rows[1].test == CMP_CI && res.rows[1].sig && isnan(res.rows[1].p),
	    "no samples, one run: significant only when the CIs do not "
	    "overlap");
	compare_result_free(&res);
	o.fail_above = 5;
	tap_ok(run(&a, &b, &o, &res, err) == 0 && nfail(&res) == 1 &&
	    res.rows[1].gate_fail,
	    "no samples, one run: the gate fails where B's CI is above A's "
	    "by 5%%");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
}

/*
 * A side of nruns runs, as compare R1,R2,... reads it: in run r, point
 * (size, centre) of each pair of pts is centre + r * step (so the run
 * medians differ), overhead 6.4 added back per run.
 */
static void
runs(struct rset *into, const char *name, int nruns, double step,
    const double *pts, size_t npts)
{
	struct rset more;
	char err[512];
	size_t i;
	int r;

	for (r = 0; r < nruns; r++) {
		set(r == 0 ? into : &more, name, 1);
		for (i = 0; i < npts; i++)
			add(r == 0 ? into : &more, "memcpy.x", (size_t)pts[2 * i],
			    0, pts[2 * i + 1] + r * step, 6.4, NS, 0);
		rset_finish(r == 0 ? into : &more);
		if (r == 0)
			continue;
		if (rset_merge(into, &more, err, sizeof(err)) != 0)
			tap_diag("%s", err);
		rset_free(&more);
	}
}

/*
 * The gate across runs, on the points of tests/gate.sh (costs made gross
 * per run, then pooled): four runs per side, so that the exact test on
 * run medians can reach alpha / 2 points.
 */
static void
test_gate(void)
{
	/* 16 B: 8.4 -> 10.5 whole (+25%, +2.1 ticks); 4 KiB: +0.6%. */
	const double pa[] = { 16, 2.0, 4096, 994 }, pb[] = { 16, 4.1, 4096, 1000 };
	const double pc[] = { 16, 2.0, 4096, 1100 };
	struct rset a, b, c;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	int rc;

	runs(&a, "a.json", 4, 0.01, pa, 2);
	runs(&b, "b.json", 4, 0.01, pb, 2);
	runs(&c, "c.json", 4, 0.01, pc, 2);
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
	    res.rows[0].gate_fail && fabs(res.rows[0].delta - 2.1) < 0.05 &&
	    fabs(res.rows[0].pg - 1 / 70.0) < 1e-12,
	    "--min-delta 1: the same shift fails, p = 1/C(8,4) (delta %.3f, "
	    "p %.4g)", res.n ? res.rows[0].delta : NAN,
	    res.n ? res.rows[0].pg : NAN);
	compare_result_free(&res);
	o.min_delta = -1;
	tap_ok(run(&a, &c, &o, &res, err) == 0 && nfail(&res) == 1 &&
	    res.rows[1].gate_fail && !res.rows[0].gate_fail &&
	    compare_gate(&res, &o) == EXIT_CHECK,
	    "10%% of 1000 ticks fails, and only that point");
	compare_result_free(&res);
	tap_ok(run(&c, &a, &o, &res, err) == 0 && nfail(&res) == 0 &&
	    compare_gate(&res, &o) == 0, "B faster than A is no regression");
	compare_result_free(&res);
	o.fail_above = 15;
	tap_ok(run(&a, &c, &o, &res, err) == 0 && nfail(&res) == 0 &&
	    !res.rows[1].slower, "--fail-above 15: a 10%% slowdown passes");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
	rset_free(&c);
}

/* Too few runs: the gate can neither pass nor fail a slower point. */
static void
test_too_few(void)
{
	const double pa[] = { 4096, 1000 }, pc[] = { 4096, 1100 };
	const double pe[] = { 4096, 1010 };
	struct rset a, c;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	int n;

	compare_opts_init(&o);
	o.quiet = 1;
	o.fail_above = 5;
	o.cost = CMP_COST_NET;
	for (n = 1; n <= 3; n++) {
		runs(&a, "a", n, 1, pa, 1);
		runs(&c, "c", n, 1, pc, 1);
		tap_ok(run(&a, &c, &o, &res, err) == 0 && nfail(&res) == 0 &&
		    res.rows[0].cannot && compare_gate(&res, &o) == EXIT_USAGE,
		    "%d run%s per side, 10%% slower: the gate cannot judge "
		    "(exit 2), it does not pass", n, n == 1 ? "" : "s");
		compare_result_free(&res);
		rset_free(&c);
		runs(&c, "c", n, 1, pe, 1);
		tap_ok(run(&a, &c, &o, &res, err) == 0 && !res.rows[0].cannot &&
		    compare_gate(&res, &o) == 0,
		    "%d run%s per side, 1%% slower: below the threshold, a pass",
		    n, n == 1 ? "" : "s");
		compare_result_free(&res);
		rset_free(&a);
		rset_free(&c);
	}
}

/* Pooled runs: each run is one observation. */
static void
test_pooled(void)
{
	const double p1000[] = { 4096, 1000 }, p1150[] = { 4096, 1150 };
	struct rset a, b, more;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	size_t i;
	int ok, rc;

	compare_opts_init(&o);
	o.quiet = 1;
	o.fail_above = 5;
	runs(&a, "a", 4, 1, p1000, 1);
	ok = a.n == 1 && a.p[0].n == 4 * NS && a.p[0].runs == 4;
	for (i = 1; ok && i < 4; i++)	/* run i: 1 tick more, jitter alike */
		ok = fabs(a.p[0].run_med[i] - a.p[0].run_med[0] - (double)i) <
		    0.01;
	tap_ok(ok, "merge: four runs pool into one point, each run's median "
	    "kept (%zu samples)", a.p[0].n);
	/* B: slower in three runs, as fast as A in the fourth. */
	runs(&b, "b", 3, 1, p1150, 1);
	set(&more, "b4", 1);
	add(&more, "memcpy.x", 4096, 0, 1003.5, 6.4, NS, 0);
	rset_finish(&more);
	(void)rset_merge(&b, &more, err, sizeof(err));
	rset_free(&more);
	rc = run(&a, &b, &o, &res, err);
	tap_ok(rc == 0 && nfail(&res) == 0 && res.rows[0].slower &&
	    !res.rows[0].cannot && fabs(res.rows[0].pg - 12 / 70.0) < 1e-12,
	    "pooled: slower in three runs of four, one run as fast as A: not "
	    "significant (p = 12/70: %.4g)", res.n ? res.rows[0].pg : NAN);
	compare_result_free(&res);
	rset_free(&b);
	runs(&b, "b", 4, 1, p1150, 1);
	tap_ok(run(&a, &b, &o, &res, err) == 0 && nfail(&res) == 1,
	    "pooled: slower in every run of B fails");
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
}

/*
 * Runs of one binary, A/A: the runs of each side differ as wholes, and
 * the sides' pooled samples by half a percent, which a test on the pooled
 * samples calls significant; on the run medians, interleaved, it is not.
 */
static void
test_aa_runs(void)
{
	struct rset a, b;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	const double pa[] = { 4096, 1000 }, pb[] = { 4096, 1005 };
	double pooled;
	int rc;

	compare_opts_init(&o);
	o.quiet = 1;
	o.cost = CMP_COST_NET;
	runs(&a, "a", 4, 4, pa, 1);
	runs(&b, "b", 4, 4, pb, 1);
	rc = run(&a, &b, &o, &res, err);
	pooled = signif_mwu(a.p[0].samples, a.p[0].n, b.p[0].samples,
	    b.p[0].n, 1, SIGNIF_TWO_SIDED);
	tap_ok(rc == 0 && res.n == 1 && !res.rows[0].sig && !res.rows[0].few &&
	    fabs(res.rows[0].p - 0.2) < 1e-12 && pooled < 1e-3,
	    "4+4 runs of one binary, +0.5%%: p = 0.2 on the run medians (%.3g), "
	    "where the pooled samples' test says %.2g",
	    res.n ? res.rows[0].p : NAN, pooled);
	compare_result_free(&res);
	rset_free(&a);
	rset_free(&b);
}

/* run --ab: A:x pairs with B:x at each position, nothing else pairs. */
static void
test_ab(void)
{
	struct rset s;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	size_t i;
	int ok, rc;

	set(&s, "this run", 1);
	add(&s, "old:memcpy.x", 64, 0, 100, 6, NS, 0);
	add(&s, "old:memcpy.y", 64, 0, 200, 6, NS, 0);
	add(&s, "new:memcpy.y", 64, 0, 210, 6, NS, 0);
	add(&s, "new:memcpy.x", 64, 0, 100, 6, NS, 0);
	add(&s, "old:memcpy.x", 128, 0, 100, 6, NS, 0);
	add(&s, "new:memcpy.x", 128, 0, 100, 6, NS, 0);
	add(&s, "new:memcpy.z", 64, 0, 100, 6, NS, 0);
	add(&s, "memcpy.x", 64, 0, 100, 6, NS, 0);
	add(&s, "other:memcpy.x", 64, 0, 100, 6, NS, 0);
	rset_finish(&s);
	ab_opts(&o, -1);
	rc = run(&s, &s, &o, &res, err);
	tap_ok(rc == 0 && res.n == 3, "--ab: three pairs (%zu rows)%s%s", res.n,
	    err[0] ? ": " : "", err);
	ok = res.n == 3;
	for (i = 0; ok && i < res.n; i++)
		ok = strncmp(res.rows[i].a->kernel, "old:", 4) == 0 &&
		    strncmp(res.rows[i].b->kernel, "new:", 4) == 0 &&
		    strcmp(res.rows[i].a->kernel + 4,
		    res.rows[i].b->kernel + 4) == 0 &&
		    rkey_cmp(res.rows[i].a, res.rows[i].b, RK_POSITION) == 0 &&
		    res.rows[i].test == CMP_PAIRED;
	tap_ok(ok, "--ab: each row is old:x against new:x at one position, "
	    "paired");
	tap_ok(res.unmatched_b == 1 && res.unmatched_a == 0,
	    "--ab: new:memcpy.z has no partner (%zu, %zu)", res.unmatched_a,
	    res.unmatched_b);
	tap_ok(res.n == 3 && strcmp(res.rows[2].a->kernel, "old:memcpy.y") == 0 &&
	    res.rows[2].sig && fabs(res.rows[2].ratio - 216.0 / 206) < 1e-3,
	    "--ab: memcpy.y 10 ticks slower in new (whole calls: 206 -> 216), "
	    "significant");
	compare_result_free(&res);
	rset_free(&s);
}

/* The replicas of run --replicas: "NAME.K:x" is replica K of NAME. */
static void
add_replicas(struct rset *s, double a1, double b1, double a2, double b2)
{
	add(s, "old:memcpy.x", 4096, 0, a1, 6, NS, 0);
	add(s, "new:memcpy.x", 4096, 0, b1, 6, NS, 0);
	add(s, "old.2:memcpy.x", 4096, 0, a2, 6, NS, 0);
	add(s, "new.2:memcpy.x", 4096, 0, b2, 6, NS, 0);
	add(s, "old:memcpy.x", 64, 0, 100, 6, NS, 0);
	add(s, "new:memcpy.x", 64, 0, 100, 6, NS, 0);
	add(s, "old.2:memcpy.x", 64, 0, 100, 6, NS, 0);
	add(s, "new.2:memcpy.x", 64, 0, 100, 6, NS, 0);
	rset_finish(s);
}

/*
 * run --ab --replicas: copy K of A pairs with copy K of B; a point fails
 * only when every copy fails; Bonferroni over points, not rows.
 */
static void
test_replicas(void)
{
	struct rset s, t;
	struct rpoint *p;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512], msg[2048];
	int rc, ok;
	size_t i, n;

	set(&s, "old file", 1);
	add(&s, "memcpy.x", 64, 0, 100, 6, NS, 0);
	p = rset_add(&s);
	p->family = xstrdup("memcpy");
	p->kernel = xstrdup("old.2:memcpy.x");	/* no object, copy, base */
	p->isa = xstrdup("c");
	p->pos.cache = 0;	/* hot */
	p->pos.mode = 0;	/* throughput */
	p->unit = xstrdup("ticks");
	rset_finish(&s);
	tap_ok(strcmp(s.p[0].object, "") == 0 && s.p[0].copy == 1 &&
	    strcmp(s.p[0].base, "memcpy.x") == 0 &&
	    strcmp(s.p[1].object, "") == 0 && s.p[1].copy == 1 &&
	    strcmp(s.p[1].base, "old.2:memcpy.x") == 0,
	    "a point's object, copy and base are fields: without them, \"\", "
	    "1 and its name (a name is never parsed for them)");
	rset_free(&s);
	set(&s, "this run", 1);
	add_replicas(&s, 1000, 1300, 1000, 1000);	/* +30% in copy 1 only */
	compare_opts_init(&o);
	o.same_run = 1;
	o.fail_above = 5;
	o.ab_a = "old";
	o.ab_b = "new";
	rc = run(&s, &s, &o, &res, err);
	ok = rc == 0 && res.n == 4 && res.points == 2 && res.gate_m == 2 &&
	    res.replicas == 2;
	for (i = 0; ok && i < res.n; i++)
		ok = res.rows[i].a->copy == res.rows[i].b->copy &&
		    strcmp(res.rows[i].a->base, res.rows[i].b->base) == 0 &&
		    strcmp(res.rows[i].a->object, "old") == 0 &&
		    strcmp(res.rows[i].b->object, "new") == 0;
	tap_ok(ok, "--replicas 2: 4 rows, each copy of old against the same "
	    "copy of new; 2 points, Bonferroni m = 2 (%zu rows, %zu points, "
	    "m %zu)%s%s", res.n, res.points, res.gate_m, err[0] ? ": " : "",
	    err);
	ok = res.n == 4 && strcmp(res.rows[0].a->kernel, "old:memcpy.x") == 0 &&
	    strcmp(res.rows[2].a->kernel, "old.2:memcpy.x") == 0;
	tap_ok(ok, "--replicas 2: copy 2's table right after copy 1's");
	rc = gate_said(&res, &o, msg, sizeof(msg));
	tap_ok(rc == 0 && nfail(&res) == 0 && strstr(msg, "pass") != NULL &&
	    strstr(msg, "1 not in every replica") != NULL,
	    "30%% slower in copy 1, equal in copy 2: a pass, \"not in every "
	    "replica\" (exit %d: %s)", rc, msg);
	tap_ok(strstr(said_all, "passed: 1 point significantly slower in "
	    "some copies, not in every one") != NULL && strstr(said_all,
	    "(1 of 2 copies slower, +0.0% to +29") != NULL,
	    "... and the point is named with its copies' changes");
	compare_result_free(&res);
	rset_free(&s);

	set(&t, "this run", 1);
	add_replicas(&t, 1000, 1100, 1000, 1100);	/* +10% in both */
	rc = run(&t, &t, &o, &res, err);
	rc = rc == 0 ? gate_said(&res, &o, msg, sizeof(msg)) : -1;
	tap_ok(rc == EXIT_CHECK && nfail(&res) == 2 &&
	    strstr(msg, "FAIL: 1 of 2 points") != NULL &&
	    strstr(said_all, "(2 of 2 copies slower, +") !=
	    NULL && strstr(strstr(said_all, "(2 of 2 copies") + 1,
	    "(2 of 2 copies") == NULL,
	    "10%% slower in both copies: fails, one point (exit %d: %s)", rc,
	    msg);
	compare_result_free(&res);

	/* Without --fail-above the copies' table still counts the copies
	 * slower (than A at all): it said "0 of 2" of +10% in both. */
	ab_opts(&o, -1);
	rc = run(&t, &t, &o, &res, err);
	for (i = 0, n = 0; rc == 0 && i < res.n; i++)
		if (res.rows[i].lead && res.rows[i].copies == 2 &&
		    res.rows[i].copies_slower == 2)
			n++;
	tap_ok(rc == 0 && n == 1, "no gate: the point slower in both copies "
	    "is counted 2 of 2 (%zu such points)", n);
	compare_result_free(&res);
	rset_free(&t);
}

/* The row whose A is kernel at size, or NULL. */
static const struct cmp_row *
row_of(const struct cmp_result *res, const char *kernel, size_t size)
{
	size_t i;

	for (i = 0; i < res->n; i++)
		if (strcmp(res->rows[i].a->kernel, kernel) == 0 &&
		    res->rows[i].a->pos.size == size)
			return &res->rows[i];
	return NULL;
}

/*
 * Four copies of memcpy.x at 4096 B (and three unchanged points, so that
 * the gate's level is 0.05 / 4), B 10% slower in every copy; `dip` makes
 * copy 1's B 10% faster than its A for one segment of eight pairs.
 */
static void
add_four_copies(struct rset *s, int dip)
{
	static const char *const copies[4] = { "", ".2", ".3", ".4" };
	static const size_t sizes[3] = { 64, 128, 256 };
	char a[64], b[64];
	size_t k, i;

	set(s, "this run", 1);
	for (k = 0; k < 4; k++) {
		snprintf(a, sizeof(a), "old%s:memcpy.x", copies[k]);
		snprintf(b, sizeof(b), "new%s:memcpy.x", copies[k]);
		add(s, a, 4096, 0, 1000, 6, NS, 0);
		add(s, b, 4096, 0, 1100, 6, NS, 0);
		for (i = 0; i < 3; i++) {
			add(s, a, sizes[i], 0, 100, 6, NS, 0);
			add(s, b, sizes[i], 0, 100, 6, NS, 0);
		}
	}
	for (i = 40; dip && i < 48; i++)
		s->p[1].samples[i] = s->p[0].samples[i] * 0.9;
	stats_compute(s->p[1].samples, s->p[1].n, &s->p[1].st);
	rset_finish(s);
}

/*
 * run --ab --replicas: the copies tested together. When every copy is
 * slower on its own evidence (significant at alpha), one spell in one
 * copy does not take the point below the gate's level; but a copy that
 * is not significantly slower on its own keeps the point a pass, however
 * slow the other copies are.
 */
static void
test_replicas_together(void)
{
	struct rset s;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512], msg[2048];
	const struct cmp_row *r;
	double alone, level;
	size_t i, nb;
	int rc;

	add_four_copies(&s, 1);
	ab_opts(&o, 5);
	rc = run(&s, &s, &o, &res, err);
	level = o.alpha / (double)res.gate_m;
	alone = compare_paired_p(s.p[0].samples, s.p[1].samples, NS, 1.05,
	    level, SIGNIF_GREATER, &nb);
	rc = rc == 0 ? gate_said(&res, &o, msg, sizeof(msg)) : -1;
	r = row_of(&res, "old:memcpy.x", 4096);
	tap_ok(res.gate_m == 4 && alone >= level && alone < o.alpha &&
	    rc == EXIT_CHECK && nfail(&res) == 4 && r != NULL &&
	    r->pg < level,
	    "4 copies +10%%, copy 1 faster for 1 of %zu segments: copy 1 "
	    "alone p = %.3g (level %.3g), the copies together p = %.3g: "
	    "fails (exit %d)", nb, alone, level, r != NULL ? r->pg : NAN, rc);
	compare_result_free(&res);
	rset_free(&s);

	/*
	 * Copy 1 30% slower (a slow placement); copy 2's median just over
	 * 5% slower, but not significantly: its B is 8.7% slower than its A
	 * in every other segment and 2.2% slower in the rest.
	 */
	set(&s, "this run", 1);
	add_replicas(&s, 1000, 1300, 1000, 1000);
	for (i = 0; i < s.n; i++)
		if (strcmp(s.p[i].kernel, "new.2:memcpy.x") == 0 &&
		    s.p[i].pos.size == 4096) {
			size_t j;

			for (j = 0; j < NS; j++)
				s.p[i].samples[j] *= (j / 8) % 2 ? 1.022 : 1.087;
			stats_compute(s.p[i].samples, s.p[i].n, &s.p[i].st);
		}
	rc = run(&s, &s, &o, &res, err);
	rc = rc == 0 ? gate_said(&res, &o, msg, sizeof(msg)) : -1;
	r = row_of(&res, "old.2:memcpy.x", 4096);
	tap_ok(rc == 0 && nfail(&res) == 0 && r != NULL && r->ratio > 1.05 &&
	    !(r->pg < o.alpha),
	    "copy 1 +30%%, copy 2 +%.1f%% by noise (its own p = %.2g): a pass "
	    "(exit %d)", r != NULL ? (r->ratio - 1) * 100 : NAN,
	    r != NULL ? r->pg : NAN, rc);
	compare_result_free(&res);
	rset_free(&s);
}

/*
 * The gate within one run: paired samples in blocks, too few blocks to
 * judge, and --min-delta auto for run --ab (two objects' code placed
 * apart) against two kernels of one object.
 */
static void
test_paired_gate(void)
{
	struct rset s, t;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512];
	int rc;

	set(&s, "this run", 1);
	add(&s, "old:memcpy.x", 16, 0, 10, 6, NS, 0);
	add(&s, "new:memcpy.x", 16, 0, 12, 6, NS, 0);	/* +2 ticks, +12.5% */
	add(&s, "old:memcpy.x", 4096, 0, 1000, 6, NS, 0);
	add(&s, "new:memcpy.x", 4096, 0, 1100, 6, NS, 0);
	rset_finish(&s);
	ab_opts(&o, 5);
	rc = run(&s, &s, &o, &res, err);
	tap_ok(rc == 0 && res.n == 2 && res.rows[0].small &&
	    fabs(res.rows[0].min_delta - 3) < 1e-9 && res.rows[1].gate_fail &&
	    res.rows[1].nblocks == NS / 8 &&
	    fabs(res.rows[1].pg - ldexp(1, -(NS / 8))) < 1e-15,
	    "--ab: 2 ticks at 16 B is within half the empty call (3), 10%% at "
	    "4 KiB fails with p = 2^-%d", NS / 8);
	compare_result_free(&res);
	o.placed = 1;
	rc = run(&s, &s, &o, &res, err);
	tap_ok(rc == 0 && res.n == 2 && !res.rows[0].small &&
	    res.rows[0].min_delta == 0 && res.rows[0].gate_fail &&
	    res.rows[1].gate_fail,
	    "--ab with the code placed by run (copy k of both at one offset): "
	    "--min-delta auto is 0, and the 2 ticks at 16 B fail");
	compare_result_free(&res);
	o.placed = 0;
	o.ab_a = o.ab_b = NULL;
	o.a_kernel = "old:memcpy.x";
	o.b_kernel = "new:memcpy.x";
	rc = run(&s, &s, &o, &res, err);
	tap_ok(rc == 0 && res.n == 2 && res.rows[0].gate_fail &&
	    res.rows[0].min_delta == 0,
	    "two kernels of one object (--baseline): --min-delta auto is 0, "
	    "and the 2 ticks fail");
	compare_result_free(&res);
	rset_free(&s);

	/* 24 samples: 3 blocks, too few for the table and for the gate. */
	set(&t, "this run", 1);
	add(&t, "old:memcpy.x", 4096, 0, 1000, 6, 24, 0);
	add(&t, "new:memcpy.x", 4096, 0, 1100, 6, 24, 0);
	rset_finish(&t);
	ab_opts(&o, 5);
	rc = run(&t, &t, &o, &res, err);
	tap_ok(rc == 0 && res.n == 1 && res.rows[0].few && !res.rows[0].sig &&
	    res.rows[0].cannot && compare_gate(&res, &o) == EXIT_USAGE,
	    "3 blocks of paired samples: not significant (too few), and the "
	    "gate cannot judge a 10%% slowdown (exit 2)");
	compare_result_free(&res);
	rset_free(&t);
}

/*
 * A state that holds for a stretch of the run: B's copy of identical code
 * runs 30% slower for 3/8 of the run, in one stretch (as a scalar loop's
 * copy does for seconds on a shared host). Blocks of one round would be
 * 37 observations all saying "B slower"; the run's segments see it in 4
 * of 9, which is no evidence. A 10% slowdown in every sample is.
 */
static void
test_segments(void)
{
	enum { NL = 800 };
	struct rset s;
	struct cmp_opts o;
	struct cmp_result res;
	struct rpoint *b;
	char err[512];
	size_t i;
	int rc;

	set(&s, "this run", 1);
	add(&s, "old:memcpy.x", 4096, 0, 1000, 6, NL, 0);
	add(&s, "new:memcpy.x", 4096, 0, 1000, 6, NL, 0);
	add(&s, "old:memcpy.x", 8192, 0, 2000, 6, NL, 0);
	add(&s, "new:memcpy.x", 8192, 0, 2200, 6, NL, 0);
	b = &s.p[1];
	for (i = 200; i < 500; i++)
		b->samples[i] *= 1.3;
	stats_compute(b->samples, b->n, &b->st);
	rset_finish(&s);
	ab_opts(&o, -1);
	rc = run(&s, &s, &o, &res, err);
	tap_ok(rc == 0 && res.n == 2 && res.rows[0].test == CMP_PAIRED &&
	    res.rows[0].nblocks == 9 && !res.rows[0].sig,
	    "a 30%% slow stretch over 3/8 of %d paired samples: 9 segments, "
	    "not significant", NL);
	tap_ok(rc == 0 && res.n == 2 && res.rows[1].nblocks == 9 &&
	    res.rows[1].sig && res.rows[1].p <= 2 * ldexp(1, -9) + 1e-12,
	    "10%% slower in every sample: significant in all 9 segments");
	compare_result_free(&res);
	rset_free(&s);
}

/* The line of text holding s, into buf ("" when none). */
static const char *
line_with(const char *text, const char *s, char *buf, size_t len)
{
	const char *p = strstr(text, s), *b, *e;

	buf[0] = '\0';
	if (p == NULL)
		return buf;
	for (b = p; b > text && b[-1] != '\n'; b--)
		;
	e = strchr(p, '\n');
	snprintf(buf, len, "%.*s", (int)(e != NULL ? e - b : (long)strlen(b)),
	    b);
	return buf;
}

/*
 * The terminal summary says "within noise" where a delta table of the
 * same run does: memcpy.y about 3% slower than memcpy.x in every pair
 * (2.8% of the whole call), at 64 B in 96 paired samples (12 segments:
 * significant), at 128 B in 31 (4 segments: too few for any p-value below
 * 0.05, though a signed-rank test on the 31 pairs taken as independent
 * would call it significant).
 */
static void
test_summary_agrees(void)
{
	struct summary_opts so = { .alpha = 0.05, .cost = "whole call" };
	struct rset rs;
	struct cmp_opts o;
	struct cmp_result res;
	char err[512], text[4096], l64[256], l128[256];
	FILE *fp = tmpfile();
	size_t n;
	int untested = 0, rc;

	set(&rs, "one run", 1);
	add(&rs, "memcpy.x", 64, 0, 100, 6, NS, 0);
	add(&rs, "memcpy.y", 64, 0, 103, 6, NS, 0);
	add(&rs, "memcpy.x", 128, 0, 200, 6, 31, 0);
	add(&rs, "memcpy.y", 128, 0, 206, 6, 31, 0);
	rset_finish(&rs);
	compare_opts_init(&o);
	o.quiet = 1;
	o.same_run = 1;
	o.a_kernel = "memcpy.x";
	rc = run(&rs, &rs, &o, &res, err);
	tap_ok(rc == 0 && res.n == 2 && !res.rows[0].noise &&
	    res.rows[1].noise && res.rows[1].few, "one run's delta table: 2.8%% "
	    "slower in 12 segments is beyond noise, in 4 too few to tell");
	tap_ok(signif_signed_rank(rs.p[2].samples, rs.p[3].samples, 31, 1,
	    SIGNIF_TWO_SIDED) < 0.05, "... which the 31 pairs taken as "
	    "independent would call significant");
	tap_ok(compare_within_noise(res.rows[1].a, res.rows[1].b, 0.05,
	    &untested) == 1 && untested && compare_within_noise(res.rows[0].a,
	    res.rows[0].b, 0.05, NULL) == 0,
	    "compare_within_noise decides as the table's rows");
	n = 0;
	if (fp != NULL) {
		summary_write(fp, &rs, &so);
		rewind(fp);
		n = fread(text, 1, sizeof(text) - 1, fp);
		fclose(fp);
	}
	text[n] = '\0';
	line_with(text, " 64 B ", l64, sizeof(l64));
	line_with(text, " 128 B ", l128, sizeof(l128));
	tap_ok(strstr(l64, "memcpy.x") != NULL &&
	    strstr(l64, "+2.8% over y") != NULL,
	    "summary: at 64 B memcpy.x wins, as the table says (%s)", l64);
	tap_ok(strstr(l128, "within noise of y") != NULL,
	    "summary: at 128 B within noise, as the table says (%s)", l128);
	tap_ok(strstr(text, "\n1 of 2 points: too few samples to test, "
	    "shown within noise (-r 72 or more)\n") != NULL,
	    "summary: says how many points it could not test, and the -r "
	    "that would");
	compare_result_free(&res);
	rset_free(&rs);
}

int
main(void)
{
	verbose_level = 0;
	test_matching();
	test_significance();
	test_gate();
	test_too_few();
	test_pooled();
	test_aa_runs();
	test_ab();
	test_paired_gate();
	test_replicas();
	test_replicas_together();
	test_segments();
	test_summary_agrees();
	return tap_done();
}
