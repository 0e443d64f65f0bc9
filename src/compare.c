/*
 * compare.c - delta tables of two sets of results, and the regression gate.
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

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "gate_out.h"
#include "csv.h"
#include "kobj.h"
#include "names.h"
#include "rkey.h"
#include "signif.h"
#include "stats.h"
#include "util.h"

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
static int
cmp_min_blocks(double level, enum signif_alt alt)
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
cmp_segments(double level, enum signif_alt alt)
{
	int k = cmp_min_blocks(level, alt);

	return (size_t)(k > 0 ? k + CMP_SLACK : SIGNIF_SR_EXACT_MAX);
}

/* The pairs of one segment: whole rounds, n spread over the segments. */
static size_t
cmp_segment_len(size_t n, double level, enum signif_alt alt)
{
	size_t len = n / cmp_segments(level, alt) / CMP_BLOCK * CMP_BLOCK;

	return len > CMP_BLOCK ? len : CMP_BLOCK;
}

double
compare_paired_p(const double *a, const double *b, size_t n, double scale,
    double level, enum signif_alt alt, size_t *nseg)
{
	return signif_paired_blocks(a, b, n, scale,
	    cmp_segment_len(n, level, alt), alt, nseg);
}

int
compare_paired_few(size_t nseg, double level, enum signif_alt alt)
{
	return signif_signed_rank_min_p(nseg, alt) >= level;
}

size_t
compare_gate_samples(size_t m, double alpha)
{
	return cmp_segments(alpha / (double)(m ? m : 1), SIGNIF_GREATER) *
	    CMP_BLOCK;
}

size_t
compare_table_samples(double alpha)
{
	return cmp_segments(alpha, SIGNIF_TWO_SIDED) * CMP_BLOCK;
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

void
compare_opts_init(struct cmp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->style = CMP_MARKDOWN;
	o->alpha = 0.05;
	o->fail_above = -1;
	o->min_delta = -1;
	o->cost = CMP_COST_WHOLE;
}

int
cmp_style_parse(const char *s)
{
	if (strcmp(s, "bpf") == 0)
		return CMP_BPF;
	if (strcmp(s, "ticks") == 0)
		return CMP_TICKS;
	if (strcmp(s, "markdown") == 0 || strcmp(s, "md") == 0)
		return CMP_MARKDOWN;
	if (strcmp(s, "csv") == 0)
		return CMP_CSV;
	return -1;
}

double
cmp_trunc2(double pct)
{
	double t;

	if (!isfinite(pct))
		return pct;
	/* The epsilon keeps 0.70 from printing as 0.69 after rounding error. */
	t = trunc(pct * 100 + (pct >= 0 ? 1e-7 : -1e-7)) / 100;
	return t == 0 ? 0 : t;
}

static void
point_desc(const struct rpoint *p, char *buf, size_t len)
{
	char sz[80];

	snprintf(buf, len, "%s size %s offsets %zu/%zu distance %zu %s %s",
	    p->kernel, rset_size_label(p, sz, sizeof(sz)), p->src_align,
	    p->dst_align, p->distance,
	    p->cache, p->mode);
}

static int
keep_point(const struct rpoint *p, const struct cmp_opts *o)
{
	if (p->size < o->ignore_below)
		return 0;
	if (o->families != NULL && !match_patterns(o->families, p->family))
		return 0;
	return 1;
}

static int
has_kernel(const struct rset *s, const char *k)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->p[i].kernel, k) == 0)
			return 1;
	return 0;
}

static const char *
family_of(const struct rset *s, const char *k)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->p[i].kernel, k) == 0)
			return s->p[i].family;
	return "";
}

unsigned
compare_replica(const char *kernel)
{
	const char *c = strchr(kernel, ':'), *d = c;
	unsigned long v;

	if (c == NULL)
		return 1;
	while (d > kernel && d[-1] >= '0' && d[-1] <= '9')
		d--;
	if (d == c || d - 1 <= kernel || d[-1] != KOBJ_REPLICA_SEP[0] ||
	    *d == '0' || c - d > 4)
		return 1;
	v = strtoul(d, NULL, 10);
	return v >= 2 ? (unsigned)v : 1;
}

/* Where k's replica suffix (".K" before the ':') begins, or NULL. */
static const char *
replica_suffix(const char *k)
{
	const char *d;

	if (compare_replica(k) == 1)
		return NULL;
	for (d = strchr(k, ':'); d[-1] != KOBJ_REPLICA_SEP[0]; d--)
		;
	return d - 1;
}

/*
 * Is kernel k "obj:family.variant" of object obj, or "obj.K:..." of its
 * replica K (run --replicas)?
 */
static int
of_object(const char *k, const char *obj)
{
	size_t n = strlen(obj);

	if (strncmp(k, obj, n) != 0)
		return 0;
	return k[n] == ':' || replica_suffix(k) == k + n;
}

/* Kernel names as strcmp, without their replica suffixes. */
static int
point_name_cmp(const char *x, const char *y)
{
	const char *sx = replica_suffix(x), *sy = replica_suffix(y);
	char bx[300], by[300];

	if (sx == NULL && sy == NULL)
		return strcmp(x, y);
	snprintf(bx, sizeof(bx), "%.*s%s", (int)(sx ? sx - x : 0), x,
	    sx ? strchr(sx, ':') : x);
	snprintf(by, sizeof(by), "%.*s%s", (int)(sy ? sy - y : 0), y,
	    sy ? strchr(sy, ':') : y);
	return strcmp(bx, by);
}

/*
 * Kernel names in the tables' order: as strcmp, but a replica's name
 * ("A.2:x") right after its first copy's ("A:x").
 */
static int
kernel_cmp(const char *x, const char *y)
{
	unsigned rx, ry;
	int c;

	if ((c = point_name_cmp(x, y)) != 0)
		return c;
	rx = compare_replica(x);
	ry = compare_replica(y);
	return (rx > ry) - (rx < ry);
}

/* The kernel's name within its object: after "NAME:", if any. */
static const char *
in_object(const char *k)
{
	const char *c = strchr(k, ':');

	return c != NULL ? c + 1 : k;
}

/* Is p on the A side (role 0) or B side (role 1) of the comparison? */
static int
on_side(const struct rpoint *p, int role, const struct cmp_opts *o,
    const char *base_family)
{
	if (!keep_point(p, o))
		return 0;
	if (o->ab_a != NULL)
		return of_object(p->kernel, role == 0 ? o->ab_a : o->ab_b);
	if (o->a_kernel == NULL)
		return 1;
	if (role == 0)
		return strcmp(p->kernel, o->a_kernel) == 0;
	if (o->b_kernel != NULL)
		return strcmp(p->kernel, o->b_kernel) == 0;
	/* Baseline mode: every other kernel of the baseline's family. */
	return strcmp(p->kernel, o->a_kernel) != 0 &&
	    strcmp(p->family, base_family) == 0;
}

/*
 * Rows compare on the grid key of their A point, with B's kernel right
 * after A's (it differs from A's when two named kernels are compared).
 * On RK_ALL: the tables' order; on RK_SERIES: one table.
 */
static int
rows_cmp(const struct cmp_row *r, const struct cmp_row *s, unsigned mask)
{
	int c;

	if ((c = rkey_cmp(r->a, s->a, mask & RK(RK_FAMILY))) != 0)
		return c;
	if ((mask & RK(RK_KERNEL)) &&
	    (c = kernel_cmp(r->a->kernel, s->a->kernel)) != 0)
		return c;
	if ((c = strcmp(r->b->kernel, s->b->kernel)) != 0)
		return c;
	return rkey_cmp(r->a, s->a, mask & RK_POSITION);
}

static int
row_order(const void *x, const void *y)
{
	return rows_cmp(x, y, RK_ALL);
}

/* The unit both sides are shown in, and each side's factor to it. */
static const char *
common_unit(struct cmp_row *r, const struct rset *a, const struct rset *b,
    char *err, size_t errlen)
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
 * The uncertainty of the change of two medians: the half-widths of their
 * 95% CIs combined as independent errors (0 where a CI is unknown).
 */
static double
ci_half(const struct rpoint *a, double fa, const struct rpoint *b, double fb)
{
	double ha = (a->st.ci_hi - a->st.ci_lo) / 2 * fa;
	double hb = (b->st.ci_hi - b->st.ci_lo) / 2 * fb;

	ha = isfinite(ha) ? ha : 0;
	hb = isfinite(hb) ? hb : 0;
	return sqrt(ha * ha + hb * hb);
}

/* Raw samples to test, every one a number? */
static int
has_samples(const struct rpoint *p)
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
untestable(const struct cmp_row *r)
{
	const struct rpoint *a = r->a, *b = r->b;

	if (!isfinite(a->st.median) || !isfinite(b->st.median))
		return "no median";
	if (!(a->st.median > 0 && b->st.median > 0))
		return "a cost at or below zero";
	if (has_samples(a) && has_samples(b))
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
test_runs(struct cmp_row *r, const struct cmp_opts *o)
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
static double
cmp_cycle(const struct cmp_row *r)
{
	double ca = r->a->cycle * r->fa, cb = r->b->cycle * r->fb;

	if (!(ca > 0))
		return cb > 0 ? cb : NAN;
	return cb > ca ? cb : ca;
}

/* Is the change of medians ma -> mb within one core cycle? */
static int
cmp_subcycle(const struct cmp_row *r, double ma, double mb)
{
	double c = cmp_cycle(r);

	return isfinite(c) && isfinite(ma) && isfinite(mb) &&
	    fabs(mb - ma) <= c;
}

static void
test_row(struct cmp_row *r, const struct cmp_opts *o)
{
	const struct rpoint *a = r->a, *b = r->b;
	double ma = a->st.median * r->fa, mb = b->st.median * r->fb;

	r->ratio = ma > 0 && mb > 0 && isfinite(ma) && isfinite(mb) ?
	    mb / ma : NAN;
	if ((r->untestable = untestable(r)) != NULL) {
		r->test = CMP_NONE;
		r->p = NAN;
		r->sig = 0;
	} else if (!o->same_run)
		test_runs(r, o);
	else if (has_samples(a) && has_samples(b)) {
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
	r->noise = !r->sig || !(fabs(mb - ma) > ci_half(a, r->fa, b, r->fb));
	r->subcycle = cmp_subcycle(r, ma, mb);
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
	test_row(&r, &o);
	if (untested != NULL)
		*untested = r.test == CMP_NONE || r.few;
	return r.noise;
}

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
 *    medians (test_runs), and when there are too few runs for it to
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

static void
group_label(const struct cmp_row *r, char *buf, size_t len)
{
	char k[200];

	if (strcmp(r->a->kernel, r->b->kernel) == 0)
		snprintf(k, sizeof(k), "%s", r->a->kernel);
	else
		snprintf(k, sizeof(k), "%s vs %s", r->a->kernel, r->b->kernel);
	snprintf(buf, len, "%s, offsets %zu/%zu, distance %zu, %s cache, %s",
	    k, r->a->src_align, r->a->dst_align, r->a->distance, r->a->cache,
	    r->a->mode);
}

/* "tsc in ticks at 2.096 GHz": the timer of p's set, as recorded. */
static void
timer_desc(const struct rset *rs, const struct rpoint *p, const char *unit,
    char *buf, size_t len)
{
	const char *name = rset_meta(rs, "timer");

	if (strcmp(unit, p->unit) != 0)
		snprintf(buf, len, "%s%s%s converted to %s", name,
		    *name ? " in " : "", p->unit, unit);
	else if (strcmp(p->unit, "ns") == 0 || !(p->hz > 0))
		snprintf(buf, len, "%s%s%s", name, *name ? " in " : "", p->unit);
	else
		snprintf(buf, len, "%s%s%s at %.3f GHz", name, *name ? " in " :
		    "", p->unit, p->hz / 1e9);
}

/* The CPU a set was measured on, as recorded, or "not recorded". */
static void
cpu_desc(const struct rset *rs, char *buf, size_t len)
{
	const char *b = rset_meta(rs, "cpu_brand"), *f, *m;
	size_t n = strlen(b);

	while (n > 0 && b[n - 1] == ' ')
		n--;
	f = rset_meta(rs, "cpu_family");
	m = rset_meta(rs, "cpu_model");
	if (n == 0)
		snprintf(buf, len, "not recorded");
	else if (*f != '\0' && *m != '\0')
		snprintf(buf, len, "%.*s (family %s model %s)", (int)n, b, f, m);
	else
		snprintf(buf, len, "%.*s", (int)n, b);
}

/*
 * Where a set was measured, as recorded: "CPU; KVM guest (or bare metal);
 * gcc 12.2.0; Linux 6.1.0"; what was not recorded is said.
 */
static void
env_desc(const struct rset *rs, char *buf, size_t len)
{
	const char *hv = provenance_get(&rs->prov, "hypervisor");
	const char *cc = rset_meta(rs, "compiler"), *os = rset_meta(rs, "os");
	char cpu[200];

	cpu_desc(rs, cpu, sizeof(cpu));
	snprintf(buf, len, "%s%s; %s%s; %s; %s", strcmp(cpu, "not recorded") ?
	    "" : "CPU ", cpu, hv == NULL ? "VM or bare metal not recorded" :
	    *hv != '\0' ? hv : "bare metal", hv != NULL && *hv != '\0' ?
	    " guest" : "", *cc != '\0' ? cc : "compiler not recorded",
	    *os != '\0' ? os : "kernel not recorded");
}

/* "Environment: ..." of both sides, named apart where they differ. */
static void
env_line(const struct cmp_result *res, char *buf, size_t len)
{
	char ea[400], eb[400];

	env_desc(res->a, ea, sizeof(ea));
	env_desc(res->b, eb, sizeof(eb));
	if (strcmp(ea, eb) == 0)
		snprintf(buf, len, "Environment: %s", ea);
	else
		snprintf(buf, len, "Environment: A: %s; B: %s", ea, eb);
}

/*
 * What one table compares, on one line: the samples per point, the timer,
 * the CPU and the cost. A and B are named apart where they differ.
 */
static void
table_info(const struct cmp_row *rows, size_t n, const struct cmp_result *res,
    char *buf, size_t len)
{
	size_t i, lo = (size_t)-1, hi = 0, off;
	char ta[160], tb[160], ca[200], cb[200];

	for (i = 0; i < n; i++) {
		lo = rows[i].a->n < lo ? rows[i].a->n : lo;
		lo = rows[i].b->n < lo ? rows[i].b->n : lo;
		hi = rows[i].a->n > hi ? rows[i].a->n : hi;
		hi = rows[i].b->n > hi ? rows[i].b->n : hi;
	}
	if (lo == hi)
		off = (size_t)snprintf(buf, len, "n = %zu", lo);
	else
		off = (size_t)snprintf(buf, len, "n = %zu..%zu", lo, hi);
	timer_desc(res->a, rows[0].a, res->unit, ta, sizeof(ta));
	timer_desc(res->b, rows[0].b, res->unit, tb, sizeof(tb));
	cpu_desc(res->a, ca, sizeof(ca));
	cpu_desc(res->b, cb, sizeof(cb));
	if (off < len && strcmp(ta, tb) == 0)
		off += (size_t)snprintf(buf + off, len - off, "; timer: %s",
		    ta);
	else if (off < len)
		off += (size_t)snprintf(buf + off, len - off, "; timer: %s "
		    "(A), %s (B)", ta, tb);
	if (off < len && strcmp(ca, cb) == 0)
		off += (size_t)snprintf(buf + off, len - off, "; CPU: %s", ca);
	else if (off < len)
		off += (size_t)snprintf(buf + off, len - off, "; CPU: %s (A), "
		    "%s (B)", ca, cb);
	if (off < len)
		snprintf(buf + off, len - off, "; cost: %s, median",
		    res->cost == CMP_COST_NET ? "net (empty call subtracted)" :
		    "whole call");
}

/*
 * The call rate in millions per second: the median of the per-sample
 * rates, and their standard deviation without far outliers.
 */
static int
rate_stats(const struct rpoint *p, double f, double hz, double *mid,
    double *sd)
{
	size_t i;
	double *r;

	if (!(hz > 0) || rset_floor_limited(p))
		return -1;
	if (p->samples != NULL && p->n >= 1) {
		for (i = 0; i < p->n; i++)
			if (!(p->samples[i] > 0))
				return -1;
		r = xcalloc(p->n + 1, sizeof(double));
		for (i = 0; i < p->n; i++)
			r[i] = hz / (p->samples[i] * f) / 1e6;
		*mid = stats_median(r, p->n);
		*sd = p->n > 1 ? stats_fenced_stddev(r, p->n) : 0;
		free(r);
		return 0;
	}
	/*
	 * No samples (CSV): the rate at the median cost, and the robust
	 * spread of the cost (1.4826 MAD, the standard deviation of normal
	 * samples) carried over to first order.
	 */
	if (!(p->st.median > 0))
		return -1;
	*mid = hz / (p->st.median * f) / 1e6;
	*sd = isfinite(p->st.mad) ? *mid * 1.4826 * p->st.mad / p->st.median :
	    0;
	return 0;
}

/* Units per second of a side as shown (factor f applied). */
static double
rate_hz(const struct rpoint *p, double f)
{
	if (f != 1 || strcmp(p->unit, "ns") == 0)
		return 1e9;	/* shown in nanoseconds */
	return p->hz > 0 ? p->hz : NAN;
}

static void
put_centered(FILE *out, const char *s, size_t w, size_t display_len)
{
	size_t left = w > display_len ? (w - display_len) / 2 : 0;
	size_t right = w > display_len + left ? w - display_len - left : 0;

	fprintf(out, "%*s%s%*s", (int)left, "", s, (int)right, "");
}

static void
put_rule(FILE *out, const size_t *w, int ncol)
{
	int i;
	size_t k;

	fputs("  +", out);
	for (i = 0; i < ncol; i++) {
		for (k = 0; k < w[i]; k++)
			putc('-', out);
		putc('+', out);
	}
	putc('\n', out);
}

struct legend {
	int	tests[CMP_NTESTS];
	int	insig;
	int	na;
	int	floor;
	int	untested;
	int	few;		/* a row with too few runs to test */
	int	fewblocks;	/* a row with too few blocks of paired samples */
	size_t	runs[2][2];	/* CMP_RUNS: fewest and most runs of A, B */
	int	pm;		/* the style shows 95% CIs as "±" */
	int	subcycle;	/* a row within one core cycle ... */
	double	cycle;		/* ... of this many units (the largest) */
	int	overlap;	/* a row with p < alpha, yet within the CIs */
};

/* "3" or "2 to 3" runs. */
static void
runs_text(char *buf, size_t len, const size_t *lohi)
{
	if (lohi[0] == lohi[1])
		snprintf(buf, len, "%zu", lohi[0]);
	else
		snprintf(buf, len, "%zu to %zu", lohi[0], lohi[1]);
}

/* CMP_RUNS's legend: the test, the runs behind it, and whether enough. */
static void
print_legend_runs(FILE *out, const struct legend *lg, const char *indent,
    double alpha)
{
	char ra[48], rb[48];
	size_t need = signif_mwu_min_runs(alpha, SIGNIF_TWO_SIDED);

	runs_text(ra, sizeof(ra), lg->runs[0]);
	runs_text(rb, sizeof(rb), lg->runs[1]);
	fprintf(out, "%s~ not significant at alpha %g (%s: %s run%s of A, "
	    "%s of B; across processes the run, not the sample, is the "
	    "unit)\n", indent, alpha, test_names[CMP_RUNS], ra,
	    lg->runs[0][1] == 1 ? "" : "s", rb);
	if (lg->few)
		fprintf(out, "%s  too few runs: with fewer than %zu runs per "
		    "side no difference can be significant at alpha %g; compare "
		    "builds in one process (run --ab) for paired samples\n",
		    indent, need, alpha);
}

static void
print_legend(FILE *out, const struct legend *lg, const char *indent,
    double alpha)
{
	int t;

	if (lg->insig) {
		for (t = 0; t < CMP_NTESTS; t++) {
			if (!lg->tests[t])
				continue;
			if (t == CMP_CI)
				fprintf(out, "%s~ not significant: %s (no raw "
				    "samples); within noise\n", indent,
				    test_names[t]);
			else if (t == CMP_RUNS)
				print_legend_runs(out, lg, indent, alpha);
			else
				fprintf(out, "%s~ not significant at alpha %g "
				    "(%s), or a change within the medians' 95%% "
				    "confidence intervals: within noise\n",
				    indent, alpha, test_names[t]);
		}
	}
	if (lg->subcycle)
		fprintf(out, "%s<= 1 cycle (≤1 in a bpf table): the change is no "
		    "more than one "
		    "core cycle (%.3g units, estimated), below what the timer "
		    "and the clock resolve: never significant\n", indent,
		    lg->cycle);
	if (lg->overlap)
		fprintf(out, "%sCI overlap: p below alpha, but the change is "
		    "within the medians' 95%% confidence intervals\n", indent);
	if (lg->pm)
		fprintf(out, "%s±: half the 95%% confidence interval of the "
		    "median; of a Delta, both sides' combined\n", indent);
	if (lg->floor)
		fprintf(out, "%s<floor: the call costs what an empty call "
		    "does (the 95%% CI of its net cost reaches below half a "
		    "core cycle): no rate\n", indent);
	if (lg->untested)
		fprintf(out, "%s? not tested: neither raw samples nor a "
		    "confidence interval of the median\n", indent);
	if (lg->fewblocks)
		fprintf(out, "%s  too few samples: with fewer than %d segments "
		    "of %d paired samples no difference can be significant at "
		    "alpha %g; take more samples (-r)\n", indent,
		    cmp_min_blocks(alpha, SIGNIF_TWO_SIDED), CMP_BLOCK, alpha);
	if (lg->na)
		fprintf(out, "%sn/a: not comparable (a cost unknown, or at or "
		    "below zero)\n", indent);
}

static const char *why_not(const struct cmp_row *);

static void
legend_add(struct legend *lg, const struct cmp_row *r)
{
	const size_t n[2] = { r->a->runs, r->b->runs };
	int s;

	if (r->test == CMP_RUNS) {
		for (s = 0; s < 2; s++) {
			if (!lg->tests[CMP_RUNS] || n[s] < lg->runs[s][0])
				lg->runs[s][0] = n[s];
			if (!lg->tests[CMP_RUNS] || n[s] > lg->runs[s][1])
				lg->runs[s][1] = n[s];
		}
		lg->few |= r->few;
	}
	if (r->test == CMP_PAIRED)
		lg->fewblocks |= r->few;
	lg->tests[r->test] = 1;
	if (r->subcycle) {
		lg->subcycle = 1;
		if (!(lg->cycle >= cmp_cycle(r)))
			lg->cycle = cmp_cycle(r);
	}
	lg->overlap |= strcmp(why_not(r), "CI overlap") == 0;
	if (r->test == CMP_NONE)
		lg->untested = 1;
	else if (r->noise)
		lg->insig = 1;
}

/*
 * The mark after a delta: none when significant, ~ when within noise, ?
 * when the row could not be tested.
 */
static const char *
sig_mark(const struct cmp_row *r, const char *sig, const char *insig,
    const char *untested)
{
	return r->test == CMP_NONE ? untested : r->noise ? insig : sig;
}

/* The bpf table's rates (median and spread, M/s) and widths. */
struct bpf_table {
	double	*ra, *sa, *rb, *sb;	/* of A and B, per row */
	size_t	 w[4];			/* column widths */
};

static void
bpf_measure(const struct cmp_row *rows, size_t n, struct bpf_table *t)
{
	size_t i, k;
	char buf[128];
	double *m[4];

	t->ra = xcalloc(n + 1, sizeof(double) * 4);
	t->sa = t->ra + n;
	t->rb = t->ra + 2 * n;
	t->sb = t->ra + 3 * n;
	t->w[0] = 13;
	t->w[1] = t->w[2] = 18;
	t->w[3] = 13;
	m[0] = t->ra, m[1] = t->sa, m[2] = t->rb, m[3] = t->sb;
	for (i = 0; i < n; i++) {
		if (rate_stats(rows[i].a, rows[i].fa,
		    rate_hz(rows[i].a, rows[i].fa), &t->ra[i], &t->sa[i]) != 0)
			t->ra[i] = NAN;
		if (rate_stats(rows[i].b, rows[i].fb,
		    rate_hz(rows[i].b, rows[i].fb), &t->rb[i], &t->sb[i]) != 0)
			t->rb[i] = NAN;
		rset_size_label(rows[i].a, buf, sizeof(buf));
		if (strlen(buf) + 7 > t->w[0])
			t->w[0] = strlen(buf) + 7;
		for (k = 1; k <= 2; k++) {
			snprintf(buf, sizeof(buf), "%.3f ± %.3fM/s",
			    m[2 * k - 2][i], m[2 * k - 1][i]);
			if (strlen(buf) + 1 > t->w[k])	/* +2 margin, -1: '±' */
				t->w[k] = strlen(buf) + 1;
		}
		snprintf(buf, sizeof(buf), "%.2f",
		    cmp_trunc2((t->rb[i] / t->ra[i] - 1) * 100));
		if (strlen(buf) + 7 > t->w[3])
			t->w[3] = strlen(buf) + 7;
	}
}

static void
bpf_header(FILE *out, const struct cmp_row *r, size_t n,
    const struct cmp_result *res, const size_t *w)
{
	char lab[400], info[700], env[900];

	group_label(r, lab, sizeof(lab));
	table_info(r, n, res, info, sizeof(info));
	env_line(res, env, sizeof(env));
	fprintf(out, "  %s\n", env);
	fprintf(out, "  %s; %s; Improvement: After/Before - 1 of the rate, "
	    "positive: B faster:\n", lab, info);
	put_rule(out, w, 4);
	fputs("  |", out);
	put_centered(out, "Buffer Size", w[0], 11);
	putc('|', out);
	put_centered(out, "Before", w[1], 6);
	putc('|', out);
	put_centered(out, "After", w[2], 5);
	putc('|', out);
	put_centered(out, "Improvement", w[3], 11);
	fputs("|\n", out);
	put_rule(out, w, 4);
}

/* A "2.296 ± 0.066M/s" cell, <floor, or n/a. */
static void
bpf_rate(FILE *out, const struct rpoint *p, double rate, double sd,
    size_t w, struct legend *lg)
{
	char buf[128];
	size_t len;

	if (isfinite(rate)) {
		len = (size_t)snprintf(buf, sizeof(buf), "%.3f ± %.3fM/s",
		    rate, sd);
		put_centered(out, buf, w, len - 1);
	} else if (rset_floor_limited(p)) {
		put_centered(out, "<floor", w, 6);
		lg->floor = 1;
	} else
		put_centered(out, "n/a", w, 3);
	putc('|', out);
}

/* Row i; its log-ratio into *lsum when comparable. */
static void
bpf_row(FILE *out, const struct cmp_row *r, const struct bpf_table *t,
    size_t i, double *lsum, size_t *nlog, struct legend *lg)
{
	const size_t *w = t->w;
	double ra = t->ra[i], rb = t->rb[i];
	char sz[80];

	fprintf(out, "  |      %-*s|", (int)(w[0] - 6),
	    rset_size_label(r->a, sz, sizeof(sz)));
	bpf_rate(out, r->a, ra, t->sa[i], w[1], lg);
	bpf_rate(out, r->b, rb, t->sb[i], w[2], lg);
	if (isfinite(ra) && isfinite(rb) && ra > 0) {
		fprintf(out, "  %*.2f  %%%s|", (int)(w[3] - 7),
		    cmp_trunc2((rb / ra - 1) * 100), r->subcycle ? "≤1" :
		    sig_mark(r, "  ", " ~", " ?"));
		*lsum += log(rb / ra);
		(*nlog)++;
		legend_add(lg, r);
	} else {
		put_centered(out, "n/a", w[3], 3);
		fputs("|", out);
		lg->na = 1;
	}
	putc('\n', out);
}

static void
print_bpf(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o)
{
	struct bpf_table t;
	struct legend lg = { .insig = 0 };
	double lsum = 0;
	size_t i, nlog = 0;

	bpf_measure(rows, n, &t);
	bpf_header(out, &rows[0], n, res, t.w);
	for (i = 0; i < n; i++)
		bpf_row(out, &rows[i], &t, i, &lsum, &nlog, &lg);
	put_rule(out, t.w, 4);
	fputs("  |", out);
	put_centered(out, "geomean", t.w[0], 7);
	fprintf(out, "|%*s|%*s|", (int)t.w[1], "", (int)t.w[2], "");
	if (nlog > 0)
		fprintf(out, "  %*.2f  %%  |\n", (int)(t.w[3] - 7),
		    cmp_trunc2((exp(lsum / (double)nlog) - 1) * 100));
	else {
		put_centered(out, "n/a", t.w[3], 3);
		fputs("|\n", out);
	}
	put_rule(out, t.w, 4);
	fprintf(out, "  ±: the spread of the per-sample call rate (its "
	    "standard deviation without far outliers), as the bpf bench "
	    "prints it\n");
	print_legend(out, &lg, "  ", o->alpha);
	free(t.ra);
}

/* Half the 95% CI of p's median in the common unit (factor f), or NaN. */
static double
cmp_half(const struct rpoint *p, double f)
{
	double h = (p->st.ci_hi - p->st.ci_lo) / 2 * f;

	return isfinite(h) && h >= 0 ? h : NAN;
}

/*
 * The decimals a value with half-interval h has: down to h's first
 * digit, at most 3; dflt when h is unknown, none when it is 0.
 */
static int
cmp_digits(double h, int dflt)
{
	int d;

	if (!isfinite(h))
		return dflt;
	if (h <= 0)
		return 0;
	d = -(int)floor(log10(h));
	return d < 0 ? 0 : d > 3 ? 3 : d;
}

/* "77.3 ± 0.4" (value v, half-interval h), the parts apart for aligning. */
struct pm_cell {
	char	 v[40], h[40];
};

static void
pm_format(struct pm_cell *c, double v, double h, int d)
{
	if (!isfinite(v)) {
		snprintf(c->v, sizeof(c->v), "n/a");
		c->h[0] = '\0';
		return;
	}
	snprintf(c->v, sizeof(c->v), "%.*f", d, v);
	if (isfinite(h))
		snprintf(c->h, sizeof(c->h), "%.*f", d, h);
	else
		c->h[0] = '\0';
}

/*
 * A cell in a column whose values have up to iw digits before the point
 * and fw characters from it on (aligned on the point), and half-intervals
 * hw wide.
 */
static void
pm_put(FILE *out, const struct pm_cell *c, int iw, int fw, int hw)
{
	int i = (int)strcspn(c->v, ".");

	fprintf(out, "%*.*s%-*s%s%-*s", iw, i, c->v, fw, c->v + i,
	    c->h[0] ? " ± " : "   ", hw, c->h);
}

/* Half the 95% CI of a row's Delta, in percent of A; NaN if a CI is
 * unknown. */
static double
delta_half(const struct cmp_row *r)
{
	if (!isfinite(cmp_half(r->a, r->fa)) || !isfinite(cmp_half(r->b, r->fb)))
		return NAN;
	return ci_half(r->a, r->fa, r->b, r->fb) / (r->a->st.median * r->fa) *
	    100;
}

/* Why a row is not significant, for the row itself; "" when it is. */
static const char *
why_not(const struct cmp_row *r)
{
	if (r->test == CMP_NONE || !r->noise)
		return "";
	if (r->subcycle)
		return "<= 1 cycle";
	if (r->few)
		return r->test == CMP_RUNS ? "too few runs" : "too few samples";
	if (r->sig)
		return "CI overlap";
	return "";
}

/* The ticks table's cells and the widths of its columns' parts. */
struct ticks_table {
	struct pm_cell	*a, *b, *d;	/* per row */
	int		 iw[3], fw[3], hw[3];
};

static void
ticks_measure(const struct cmp_row *rows, size_t n, int dflt,
    struct ticks_table *t)
{
	struct pm_cell *c[3];
	size_t i, k;
	int w;

	t->a = xcalloc(3 * n + 1, sizeof(*t->a));
	t->b = t->a + n;
	t->d = t->a + 2 * n;
	c[0] = t->a, c[1] = t->b, c[2] = t->d;
	memset(t->iw, 0, sizeof(t->iw));
	memset(t->fw, 0, sizeof(t->fw));
	memset(t->hw, 0, sizeof(t->hw));
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];
		double ma = r->a->st.median * r->fa;

		pm_format(&t->a[i], ma, cmp_half(r->a, r->fa),
		    cmp_digits(cmp_half(r->a, r->fa), dflt));
		pm_format(&t->b[i], r->b->st.median * r->fb,
		    cmp_half(r->b, r->fb), cmp_digits(cmp_half(r->b, r->fb),
		    dflt));
		/* The delta keeps the letter's two decimals. */
		pm_format(&t->d[i], cmp_trunc2((r->ratio - 1) * 100),
		    delta_half(r), 2);
		for (k = 0; k < 3; k++) {
			w = (int)strcspn(c[k][i].v, ".");
			t->iw[k] = w > t->iw[k] ? w : t->iw[k];
			w = (int)strlen(c[k][i].v) - w;
			t->fw[k] = w > t->fw[k] ? w : t->fw[k];
			if ((int)strlen(c[k][i].h) > t->hw[k])
				t->hw[k] = (int)strlen(c[k][i].h);
		}
	}
}

/* The two title lines, aligned over columns w[0..3] wide. */
static void
ticks_titles(FILE *out, const struct cmp_row *r, const char *u,
    const int *w)
{
	char ta[40], tb[40];

	snprintf(ta, sizeof(ta), "(Avg.%s A)", u);
	snprintf(tb, sizeof(tb), "(Avg.%s B)", u);
	fprintf(out, "%-*s%-*s%-*s%s\n", w[0], "No.of bytes", w[1],
	    r->a->kernel, w[2], r->b->kernel, "Delta ((B-A)/A)*100");
	fprintf(out, "%-*s%-*s%-*s%s\n", w[0], "", w[1], ta, w[2], tb,
	    "(negative: B faster)");
}

/*
 * The SPARC letter's layout, its columns aligned with spaces (the
 * letter's tabs misalign under long names), each cost with the decimals
 * its 95% CI supports and that interval. Its column titles say "Avg.";
 * the cells are medians (the header line says so), the statistic of
 * every style. Its third title said "(latency reduction)" over a Delta
 * that is negative when latency drops; the title here says which sign
 * is faster.
 */
static void
print_ticks(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, int number, const struct cmp_opts *o)
{
	size_t i, nlog = 0;
	double lsum = 0;
	char lab[400], info[700], env[900], sz[80];
	int w[3], k, dflt = strcmp(res->unit, "ticks") == 0 ||
	    strcmp(res->unit, "cycles") == 0 ? 0 : 2;
	struct legend lg = { .insig = 0 };
	struct ticks_table t;

	group_label(&rows[0], lab, sizeof(lab));
	table_info(rows, n, res, info, sizeof(info));
	env_line(res, env, sizeof(env));
	fprintf(out, "%d. %s; %s\n%s\n\n", number, lab, info, env);
	ticks_measure(rows, n, dflt, &t);
	w[0] = 14;
	for (i = 0; i < n; i++)
		if ((int)strlen(rset_size_label(rows[i].a, sz, sizeof(sz))) +
		    4 > w[0])
			w[0] = (int)strlen(sz) + 4;
	for (k = 1; k <= 2; k++) {
		w[k] = t.iw[k - 1] + t.fw[k - 1] + t.hw[k - 1] + 3 + 3;
		if ((int)strlen(k == 1 ? rows[0].a->kernel :
		    rows[0].b->kernel) + 3 > w[k])
			w[k] = (int)strlen(k == 1 ? rows[0].a->kernel :
			    rows[0].b->kernel) + 3;
		if (16 + 3 > w[k])	/* "(Avg.cycles A)" */
			w[k] = 16 + 3;
	}
	ticks_titles(out, &rows[0], strcmp(res->unit, "ticks") == 0 ?
	    "Ticks" : res->unit, w);
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		fprintf(out, "  %-*s", w[0] - 2, rset_size_label(r->a, sz,
		    sizeof(sz)));
		pm_put(out, &t.a[i], t.iw[0], t.fw[0], w[1] - t.iw[0] -
		    t.fw[0] - 3);
		pm_put(out, &t.b[i], t.iw[1], t.fw[1], w[2] - t.iw[1] -
		    t.fw[1] - 3);
		pm_put(out, &t.d[i], t.iw[2], t.fw[2], 0);
		if (isfinite(r->ratio)) {
			fprintf(out, "%s%s%s\n", sig_mark(r, "", " ~", " ?"),
			    r->subcycle ? " " : "", r->subcycle ?
			    why_not(r) : "");
			lsum += log(r->ratio);
			nlog++;
			legend_add(&lg, r);
		} else {
			fputc('\n', out);
			lg.na = 1;
		}
	}
	fprintf(out, "  %-*s%*s", w[0] - 2, "geomean", w[1] + w[2], "");
	if (nlog > 0)
		fprintf(out, "%*.2f\n", t.iw[2] + 3, cmp_trunc2((exp(lsum /
		    (double)nlog) - 1) * 100));
	else
		fprintf(out, "%*s\n", t.iw[2] + 3, "n/a");
	lg.pm = 1;
	print_legend(out, &lg, "", o->alpha);
	free(t.a);
}

static void
fmt_pct(char *buf, size_t len, double ratio)
{
	if (isfinite(ratio))
		snprintf(buf, len, "%+.2f%%", cmp_trunc2((ratio - 1) * 100));
	else
		snprintf(buf, len, "n/a");
}

/* A markdown cell "100.10 ± 0.05" of p's median (factor f). */
static void
md_cost(FILE *out, const struct rpoint *p, double f, int d)
{
	struct pm_cell c;

	pm_format(&c, p->st.median * f, cmp_half(p, f), d);
	fprintf(out, " %s%s%s |", c.v, c.h[0] ? " ± " : "", c.h);
}

/* The Significant cell: yes, n/a, or no with why when the row has one. */
static const char *
md_significant(const struct cmp_row *r, char *buf, size_t len)
{
	const char *why = why_not(r);

	if (r->test == CMP_NONE)
		return "n/a";
	if (!r->noise)
		return "yes";
	if (*why == '\0')
		return "no";
	snprintf(buf, len, "no (%s)", why);
	return buf;
}

static void
print_markdown(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o)
{
	size_t i, nlog = 0;
	double lsum = 0;
	char lab[400], info[700], env[900], d[32], sz[80], sg[48];
	const char *unit = res->unit;
	struct legend lg = { .pm = 1 };
	int dg;

	group_label(&rows[0], lab, sizeof(lab));
	table_info(rows, n, res, info, sizeof(info));
	env_line(res, env, sizeof(env));
	fprintf(out, "### %s\n\n%s\n\n%s\n\n", lab, info, env);
	fprintf(out, "| Size | A: %s (%s) | B: %s (%s) | Delta (+: B slower) "
	    "| p | Significant |\n", rows[0].a->kernel, unit,
	    rows[0].b->kernel, unit);
	fprintf(out, "|-----:|------:|------:|------:|--:|:--|\n");
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		fmt_pct(d, sizeof(d), r->ratio);
		fprintf(out, "| %s |", rset_size_label(r->a, sz, sizeof(sz)));
		dg = cmp_digits(cmp_half(r->a, r->fa), 2);
		if (cmp_digits(cmp_half(r->b, r->fb), 2) > dg)
			dg = cmp_digits(cmp_half(r->b, r->fb), 2);
		md_cost(out, r->a, r->fa, dg);
		md_cost(out, r->b, r->fb, dg);
		fprintf(out, " %s", d);
		if (isfinite(r->ratio) && isfinite(delta_half(r)))
			fprintf(out, " ± %.2f%%", delta_half(r));
		fprintf(out, "%s | ", !isfinite(r->ratio) ? "" :
		    sig_mark(r, "", " ~", " ?"));
		if (isnan(r->p))
			fprintf(out, "- |");
		else
			fprintf(out, "%.2g |", r->p);
		fprintf(out, " %s |\n", md_significant(r, sg, sizeof(sg)));
		if (isfinite(r->ratio)) {
			lsum += log(r->ratio);
			nlog++;
			legend_add(&lg, r);
		} else
			lg.na = 1;
	}
	fmt_pct(d, sizeof(d), nlog ? exp(lsum / (double)nlog) : NAN);
	fprintf(out, "| geomean | | | %s | | |\n\n", d);
	fprintf(out, "Medians of the per-call cost; Delta: median B / median "
	    "A - 1 (positive: B is slower).\n");
	print_legend(out, &lg, "", o->alpha);
}

static void
print_csv_header(FILE *out)
{
	static const char *const cols[] = {
		"row", "family", "a_kernel", "b_kernel", "size", "shape",
		"src_align", "dst_align", "distance", "cache", "mode", "unit",
		"cost", "a_n", "a_median", "a_mean", "a_stddev", "b_n",
		"b_median", "b_mean", "b_stddev", "delta_pct", "p_value", "test",
		"significant", "noise", "gate", "timer", "cpu", "a_ci_lo",
		"a_ci_hi", "b_ci_lo", "b_ci_hi", "delta_ci_pct", "why",
		"environment", NULL
	};
	struct csv_writer w;
	size_t i;

	csv_init(&w, out);
	for (i = 0; cols[i] != NULL; i++)
		csv_str(&w, cols[i]);
	csv_end(&w);
}

/* The columns a row and the geomean share: where and how. */
static void
csv_where(struct csv_writer *w, const char *kind, const struct cmp_row *r,
    const struct cmp_result *res, int point)
{
	csv_str(w, kind);
	csv_str(w, r->a->family);
	csv_str(w, r->a->kernel);
	csv_str(w, r->b->kernel);
	if (point) {
		csv_ulong(w, r->a->size);
		csv_str(w, rset_shape(r->a));
	} else {
		csv_str(w, "");
		csv_str(w, "");
	}
	csv_ulong(w, r->a->src_align);
	csv_ulong(w, r->a->dst_align);
	csv_ulong(w, r->a->distance);
	csv_str(w, r->a->cache);
	csv_str(w, r->a->mode);
	csv_str(w, res->unit);
	csv_str(w, res->cost == CMP_COST_NET ? "net" : "whole");
}

static void
print_csv(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o)
{
	struct csv_writer w;
	size_t i, nlog = 0;
	double lsum = 0;
	char timer[160], cpu[200], env[900];

	env_line(res, env, sizeof(env));
	timer_desc(res->a, rows[0].a, res->unit, timer, sizeof(timer));
	cpu_desc(res->a, cpu, sizeof(cpu));
	csv_init(&w, out);
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		csv_where(&w, "point", r, res, 1);
		csv_ulong(&w, r->a->n);
		csv_double(&w, r->a->st.median * r->fa);
		csv_double(&w, r->a->st.mean * r->fa);
		csv_double(&w, r->a->st.stddev * r->fa);
		csv_ulong(&w, r->b->n);
		csv_double(&w, r->b->st.median * r->fb);
		csv_double(&w, r->b->st.mean * r->fb);
		csv_double(&w, r->b->st.stddev * r->fb);
		csv_double(&w, (r->ratio - 1) * 100);
		csv_double(&w, r->p);
		csv_str(&w, test_short[r->test]);
		csv_str(&w, sig_mark(r, "yes", "no", ""));
		csv_str(&w, r->test == CMP_NONE ? "" : r->noise ? "yes" : "no");
		csv_str(&w, o->fail_above < 0 ? "" : r->gate_fail ? "fail" :
		    r->cannot_judge || r->cannot ? "cannot judge" : "pass");
		csv_str(&w, timer);
		csv_str(&w, cpu);
		csv_double(&w, r->a->st.ci_lo * r->fa);
		csv_double(&w, r->a->st.ci_hi * r->fa);
		csv_double(&w, r->b->st.ci_lo * r->fb);
		csv_double(&w, r->b->st.ci_hi * r->fb);
		csv_double(&w, delta_half(r));
		csv_str(&w, why_not(r));
		csv_str(&w, env + strlen("Environment: "));
		csv_end(&w);
		if (isfinite(r->ratio)) {
			lsum += log(r->ratio);
			nlog++;
		}
	}
	csv_where(&w, "geomean", &rows[0], res, 0);
	for (i = 0; i < 8; i++)
		csv_str(&w, "");
	csv_double(&w, nlog ? (exp(lsum / (double)nlog) - 1) * 100 : NAN);
	for (i = 0; i < 5; i++)
		csv_str(&w, "");
	csv_str(&w, timer);
	csv_str(&w, cpu);
	for (i = 0; i < 6; i++)
		csv_str(&w, "");
	csv_str(&w, env + strlen("Environment: "));
	csv_end(&w);
}

/*
 * Report points that found no partner: on stderr, never silently. With
 * names, *names is the first three of them, for the gate.
 */
static size_t
report_unmatched(const struct rset *s, const char *side,
    const unsigned char *used, const int *eligible, char **names)
{
	size_t i, k = 0, total = 0;
	char d[300], *t;

	for (i = 0; i < s->n; i++)
		if (eligible[i] && !used[i])
			total++;
	if (total == 0)
		return 0;
	warnx_("compare: %zu point%s of %s (%s) ha%s no match:", total,
	    total == 1 ? "" : "s", side, s->path, total == 1 ? "s" : "ve");
	for (i = 0; i < s->n && k < 20; i++)
		if (eligible[i] && !used[i]) {
			point_desc(&s->p[i], d, sizeof(d));
			if (verbose_level > 0)
				fprintf(stderr, "  %s\n", d);
			if (names != NULL && k < 3) {
				t = xasprintf("%s%s%s", *names ? *names : "",
				    *names ? "; " : "", d);
				free(*names);
				*names = t;
			}
			k++;
		}
	if (total > k && verbose_level > 0)
		fprintf(stderr, "  ... and %zu more\n", total - k);
	return total;
}

static int match_rows(const struct rset *, const struct rset *,
    const struct cmp_opts *, struct cmp_result *, char *, size_t);

/*
 * Refuse what cannot be compared as it stands: results whose files
 * recorded different cost bases (whole-call costs against net ones
 * converted by an overhead), unless allow_mixed. Placements are checked
 * point by point when matching (pair_points).
 */
static int
check_bases(const struct rset *a, const struct rset *b,
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
note_basis(const struct rset *rs, const struct cmp_opts *o)
{
	if (o->cost == CMP_COST_NET || strcmp(rs->basis, "whole") == 0)
		return;
	talk("csumbench: compare: %s holds net costs (%s): its whole-call "
	    "costs are taken as net + the overhead it records\n", rs->path,
	    rs->basis_inferred ? "no cost basis recorded; an older "
	    "csumbench's file" : "as recorded");
}

int
compare_match(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, struct cmp_result *res, char *err,
    size_t errlen)
{
	memset(res, 0, sizeof(*res));
	res->cost = o->cost;
	if (check_bases(a, b, o, err, errlen) != 0)
		return -1;
	note_basis(a, o);
	if (b != a && strcmp(a->path, b->path) != 0)
		note_basis(b, o);
	if (o->cost == CMP_COST_NET) {
		rset_net_view(&res->va, a);
		rset_net_view(&res->vb, b);
		res->views = 1;
		a = &res->va;
		b = &res->vb;
	}
	res->a = a;
	res->b = b;
	if (match_rows(a, b, o, res, err, errlen) != 0) {
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

/* What matching two sets works on. */
struct match {
	const struct rset	*a, *b;
	const struct cmp_opts	*o;
	struct cmp_result	*res;
	int			*elig_a, *elig_b;	/* takes part */
	unsigned char		*used_a, *used_b;	/* has a partner */
	char			*err;
	size_t			 errlen;
	unsigned		 drop;	/* pair_sort's key parts left out */
};

static int
match_fail(struct match *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
match_fail(struct match *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, m->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* The points of each side that take part; with --a-kernel, those exist. */
static int
sides(struct match *m)
{
	const struct cmp_opts *o = m->o;
	const char *base_family = "";
	size_t i;

	if (o->a_kernel != NULL) {
		if (!has_kernel(m->a, o->a_kernel))
			return match_fail(m, "compare: %s has no kernel "
			    "\"%s\"", m->a->path, o->a_kernel);
		if (o->b_kernel != NULL && !has_kernel(m->b, o->b_kernel))
			return match_fail(m, "compare: %s has no kernel "
			    "\"%s\"", m->b->path, o->b_kernel);
		base_family = family_of(m->a, o->a_kernel);
	}
	for (i = 0; i < m->a->n; i++)
		m->elig_a[i] = on_side(&m->a->p[i], 0, o, base_family);
	for (i = 0; i < m->b->n; i++)
		m->elig_b[i] = on_side(&m->b->p[i], 1, o, base_family);
	return 0;
}

/*
 * Do points x of A and y of B pair up? On the whole grid key; on the
 * position only when --a-kernel names A's kernel; with --ab, on the
 * kernel's name within its object and the position. The key parts in
 * drop are left out (RK(RK_DIST): pair across placements).
 */
static int
pair_cmp(const struct rpoint *x, const struct rpoint *y,
    const struct cmp_opts *o, unsigned drop)
{
	int c;

	if (o->ab_a != NULL) {
		unsigned rx = compare_replica(x->kernel);
		unsigned ry = compare_replica(y->kernel);

		if (rx != ry)
			return rx < ry ? -1 : 1;
		if ((c = strcmp(in_object(x->kernel), in_object(y->kernel))) != 0)
			return c;
		return rkey_cmp(x, y, RK_POSITION & ~drop);
	}
	return rkey_cmp(x, y, (o->a_kernel == NULL ? RK_ALL : RK_POSITION) &
	    ~drop);
}

static int
pair_cmp_idx(size_t x, size_t y, const void *arg)
{
	const struct match *m = arg;

	return pair_cmp(&m->a->p[x], &m->a->p[y], m->o, m->drop);
}

/* Sort ia[0..na-1] (points of A) on pair_cmp without the parts in drop. */
static void
pair_sort(struct match *m, size_t *ia, size_t na, unsigned drop)
{
	m->drop = drop;
	rkey_msort(ia, na, pair_cmp_idx, m);
}

/*
 * In ia[0..na-1] (points of A sorted by pair_sort with drop): the first
 * that pairs with q, or na.
 */
static size_t
pair_find(const struct match *m, const size_t *ia, size_t na,
    const struct rpoint *q, unsigned drop)
{
	size_t lo = 0, hi = na, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (pair_cmp(&m->a->p[ia[mid]], q, m->o, drop) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < na && pair_cmp(&m->a->p[ia[lo]], q, m->o, drop) == 0 ?
	    lo : na;
}

/*
 * A point of B without a partner in A: is there one at another placement
 * (the same key but the distance)? Then A and B were measured with their
 * buffers placed differently, which moves copies by a factor at small
 * distances: refused, unless allow_mixed (pair_across_placements).
 */
static int
other_placement(struct match *m, const size_t *ix, size_t n,
    const struct rpoint *q)
{
	size_t k;
	char d[300];

	if (m->o->allow_mixed ||
	    (k = pair_find(m, ix, n, q, RK(RK_DIST))) == n)
		return 0;
	point_desc(q, d, sizeof(d));
	return match_fail(m, "compare: %s and %s were measured at different "
	    "placements (%s has %s; %s has distance %zu): not compared "
	    "(--allow-mixed to compare them anyway)", m->a->path, m->b->path,
	    m->b->path, d, m->a->path, m->a->p[ix[k]].distance);
}

/*
 * --allow-mixed, when no point matched at the same placement: pair the
 * points regardless of their distance (each side must then have one
 * placement per position, or a point is there twice).
 */
static int
pair_across_placements(struct match *m)
{
	const struct rset *a = m->a, *b = m->b;
	size_t *ia = xcalloc(a->n + 1, sizeof(size_t)), na = 0, i, j, k;
	struct cmp_result *res = m->res;

	for (i = 0; i < a->n; i++)
		if (m->elig_a[i])
			ia[na++] = i;
	pair_sort(m, ia, na, RK(RK_DIST));
	for (j = 0; j < b->n; j++) {
		if (!m->elig_b[j] ||
		    (k = pair_find(m, ia, na, &b->p[j], RK(RK_DIST))) == na)
			continue;
		m->used_a[ia[k]] = m->used_b[j] = 1;
		res->rows[res->n].a = &a->p[ia[k]];
		res->rows[res->n++].b = &b->p[j];
		res->cross_placement++;
	}
	free(ia);
	return 0;
}

/*
 * Pair every B point that takes part with the A point it pairs with
 * (pair_cmp): A's points sorted once, each B point found by bisection. A
 * row per pair, in B's order.
 */
static int
pair_points(struct match *m)
{
	const struct rset *a = m->a, *b = m->b;
	size_t *ia = xcalloc(a->n + 1, sizeof(size_t)), na = 0, i, j, k;
	size_t *ip = xcalloc(a->n + 1, sizeof(size_t));
	struct cmp_result *res = m->res;
	char d[300];
	int rc = 0;

	for (i = 0; i < a->n; i++)
		if (m->elig_a[i]) {
			ip[na] = i;
			ia[na++] = i;
		}
	pair_sort(m, ip, na, RK(RK_DIST));
	pair_sort(m, ia, na, 0);
	res->rows = xcalloc(b->n + 1, sizeof(*res->rows));
	for (j = 0; j < b->n && rc == 0; j++) {
		if (!m->elig_b[j])
			continue;
		if ((k = pair_find(m, ia, na, &b->p[j], 0)) == na) {
			rc = other_placement(m, ip, na, &b->p[j]);
			continue;
		}
		if (k + 1 < na &&
		    pair_cmp(&a->p[ia[k + 1]], &b->p[j], m->o, 0) == 0) {
			point_desc(&a->p[ia[k + 1]], d, sizeof(d));
			free(ia);
			free(ip);
			return match_fail(m, "compare: %s has the point %s "
			    "twice", a->path, d);
		}
		m->used_a[ia[k]] = m->used_b[j] = 1;
		res->rows[res->n].a = &a->p[ia[k]];
		res->rows[res->n++].b = &b->p[j];
	}
	free(ia);
	free(ip);
	if (rc == 0 && m->o->allow_mixed && m->res->n == 0)
		return pair_across_placements(m);
	return rc;
}

/* The -k filter (rows where either kernel matches), then the tables'
 * order, in which a point of B twice shows as two equal rows. */
static int
order_rows(struct match *m)
{
	const struct cmp_opts *o = m->o;
	struct cmp_row *rows = m->res->rows;
	size_t i, j, n = m->res->n;
	char d[300];

	for (i = j = 0; i < n; i++)
		if (o->kernels == NULL ||
		    match_patterns(o->kernels, rows[i].a->kernel) ||
		    match_patterns(o->kernels, rows[i].b->kernel))
			rows[j++] = rows[i];
	m->res->n = n = j;
	if (n == 0)
		return match_fail(m, "compare: no matching points between %s "
		    "and %s%s", m->a->path, m->b->path, o->a_kernel ||
		    o->families || o->kernels || o->ignore_below ?
		    " (after the filters)" : "");
	qsort(rows, n, sizeof(*rows), row_order);
	for (i = 1; i < n; i++)
		if (row_order(&rows[i - 1], &rows[i]) == 0) {
			point_desc(rows[i].b, d, sizeof(d));
			return match_fail(m, "compare: %s has the point %s "
			    "twice", m->b->path, d);
		}
	return 0;
}

/*
 * Rows of one point: the same kernels but for their replica suffix, at one
 * position. Without replicas, every row is a point of its own.
 */
static int
point_cmp(const struct cmp_row *r, const struct cmp_row *s)
{
	int c;

	if ((c = rkey_cmp(r->a, s->a, RK(RK_FAMILY))) != 0)
		return c;
	if ((c = point_name_cmp(r->a->kernel, s->a->kernel)) != 0)
		return c;
	if ((c = point_name_cmp(r->b->kernel, s->b->kernel)) != 0)
		return c;
	return rkey_cmp(r->a, s->a, RK_POSITION);
}

static int
point_cmp_idx(size_t x, size_t y, const void *arg)
{
	const struct cmp_row *rows = arg;

	return point_cmp(&rows[x], &rows[y]);
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
	len = cmp_segment_len(na, level, SIGNIF_GREATER);
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
}

/*
 * The gate over the rows: the points (a point's replicas together), m
 * (the points with a ratio, for Bonferroni), each row judged, and each
 * point over its replicas.
 */
static void
gate_rows(struct cmp_result *res, const struct cmp_opts *o)
{
	struct cmp_row *rows = res->rows;
	size_t *ix = xcalloc(res->n + 1, sizeof(*ix)), *start, i, g, j, ng;
	int finite;

	for (i = 0; i < res->n; i++)
		ix[i] = i;
	rkey_msort(ix, res->n, point_cmp_idx, rows);
	start = xcalloc(res->n + 1, sizeof(*start));
	res->points = res->gate_m = res->replicas = 0;
	for (i = ng = 0; i < res->n; i = g) {
		start[ng++] = i;
		finite = 0;
		for (g = i; g < res->n && point_cmp(&rows[ix[i]],
		    &rows[ix[g]]) == 0; g++)
			finite |= isfinite(rows[ix[g]].ratio);
		rows[ix[i]].lead = 1;
		res->points++;
		res->gate_m += finite;
		if (g - i > res->replicas)
			res->replicas = g - i;
	}
	start[ng] = res->n;
	if (o->fail_above >= 0)
		for (i = 0; i < res->n; i++)
			gate_row(&rows[i], o, res->gate_m);
	for (j = 0; o->fail_above >= 0 && j < ng; j++)
		gate_replicas(rows, ix + start[j], start[j + 1] - start[j], o,
		    res->gate_m);
	for (j = 0; j < ng; j++)
		gate_copies_summary(rows, ix + start[j], start[j + 1] -
		    start[j]);
	free(start);
	free(ix);
}

/* Each row in the unit common to all, its significance, and the gate. */
static int
test_rows(struct match *m)
{
	struct cmp_row *rows = m->res->rows;
	const char *unit = NULL, *u;
	size_t i, n = m->res->n, nci;

	for (i = 0; i < n; i++) {
		if ((u = common_unit(&rows[i], m->a, m->b, m->err,
		    m->errlen)) == NULL)
			return -1;
		if (unit == NULL)
			unit = u;
		else if (strcmp(unit, u) != 0)
			return match_fail(m, "compare: points in different "
			    "units (%s and %s)", unit, u);
		test_row(&rows[i], m->o);
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
		    !m->a->has_samples ? m->a->path : m->b->path);
	gate_rows(m->res, m->o);
	m->res->unit = unit;
	return 0;
}

/* Match the points of a and b, and test and judge each pair. */
static int
match_rows(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, struct cmp_result *res, char *err,
    size_t errlen)
{
	struct match m = { a, b, o, res, xcalloc(a->n + 1, sizeof(int)),
	    xcalloc(b->n + 1, sizeof(int)), xcalloc(a->n + 1, 1),
	    xcalloc(b->n + 1, 1), err, errlen, 0 };
	int rc;

	rc = sides(&m);
	if (rc == 0)
		rc = pair_points(&m);
	if (rc == 0) {
		res->unmatched_a = report_unmatched(a, "A", m.used_a, m.elig_a,
		    &res->missing_a);
		res->unmatched_b = report_unmatched(b, "B", m.used_b, m.elig_b,
		    NULL);
		rc = order_rows(&m);
	}
	if (rc == 0)
		rc = test_rows(&m);
	if (rc != 0) {
		free(res->rows);
		res->rows = NULL;
		res->n = 0;
	}
	free(m.elig_a);
	free(m.elig_b);
	free(m.used_a);
	free(m.used_b);
	return rc;
}

void
compare_print(FILE *out, const struct cmp_row *rows, size_t nrows,
    const struct cmp_result *res, const struct cmp_opts *o)
{
	size_t i, g;
	int number = 0;

	if (o->style == CMP_CSV)
		print_csv_header(out);
	for (i = 0; i < nrows; i = g) {
		for (g = i + 1; g < nrows &&
		    rows_cmp(&rows[i], &rows[g], RK_SERIES) == 0; g++)
			;
		if (i > 0 && o->style != CMP_CSV)
			putc('\n', out);
		switch (o->style) {
		case CMP_BPF:
			print_bpf(out, rows + i, g - i, res, o);
			break;
		case CMP_TICKS:
			print_ticks(out, rows + i, g - i, res, ++number, o);
			break;
		case CMP_MARKDOWN:
			print_markdown(out, rows + i, g - i, res, o);
			break;
		case CMP_CSV:
			print_csv(out, rows + i, g - i, res, o);
			break;
		}
	}
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
		point_desc(rows[i].b, d, sizeof(d));
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
	point_desc(r->b, d, sizeof(d));
	if (r->test == CMP_PAIRED)
		snprintf(why, sizeof(why), "%zu segments of %d paired samples "
		    "are too few for alpha %g / %zu point%s (%d segments, -r %d); "
		    "take more samples", r->nblocks, CMP_BLOCK, o->alpha, m,
		    m == 1 ? "" : "s", cmp_min_blocks(level, SIGNIF_GREATER),
		    cmp_min_blocks(level, SIGNIF_GREATER) * CMP_BLOCK);
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

	point_desc(r->b, d, sizeof(d));
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
int
compare_kept_out(const struct cmp_row *r, int rule)
{
	if (!r->lead || r->gate_fail)
		return 0;
	if (rule == 0)
		return r->copies_small > 0 && r->copies_slower == r->copies;
	return r->copies_flagged > 0;
}

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
			n += compare_kept_out(&res->rows[i], k);
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
			if (compare_kept_out(&res->rows[i], k))
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
