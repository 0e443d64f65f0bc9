/*
 * compare.c - delta tables of two sets of results, and the regression gate.
 *
 * Conventions (documented in csumbench(1), COMPARE):
 *  - costs are per call, so "B slower" means B's cost is higher;
 *  - the bpf table shows call rates (mean +- standard deviation of the
 *    per-sample rates, in millions per second) and its Improvement is the
 *    change of the mean rate, positive when B is faster; the ticks table
 *    shows mean costs, as its "Avg." says, and its Delta is the change of
 *    the mean cost; markdown and csv show medians and the change of the
 *    median; the gate judges the change of the median, which outliers of a
 *    shared machine cannot move much;
 *  - percentages in the tables are truncated toward zero to two decimals,
 *    as in the cover letters the layouts come from;
 *  - significance is a rank test on the samples (signif.h), two-sided at
 *    alpha; rows that fail it are marked "~", never hidden.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "csv.h"
#include "rkey.h"
#include "signif.h"
#include "util.h"

static const char *const test_names[] = {
	[CMP_PAIRED] = "Wilcoxon signed-rank test on paired samples",
	[CMP_MWU] = "Mann-Whitney U test",
	[CMP_CI] = "the medians' 95% confidence intervals overlap",
};
static const char *const test_short[] = {
	[CMP_PAIRED] = "signed-rank", [CMP_MWU] = "mann-whitney", [CMP_CI] = "ci-overlap",
};

void
compare_opts_init(struct cmp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->style = CMP_MARKDOWN;
	o->alpha = 0.05;
	o->fail_above = -1;
	o->min_delta = -1;
	o->cost = CMP_COST_AUTO;
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
	snprintf(buf, len, "%s size %zu offsets %zu/%zu %s %s", p->kernel,
	    p->size, p->src_align, p->dst_align, p->cache, p->mode);
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

/* Is p on the A side (role 0) or B side (role 1) of the comparison? */
static int
on_side(const struct rpoint *p, int role, const struct cmp_opts *o,
    const char *base_family)
{
	if (!keep_point(p, o))
		return 0;
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

	if ((c = rkey_cmp(r->a, s->a, mask & RK_WHO)) != 0)
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

static void
test_row(struct cmp_row *r, const struct cmp_opts *o)
{
	const struct rpoint *a = r->a, *b = r->b;
	double ma = a->st.median * r->fa, mb = b->st.median * r->fb;

	r->ratio = ma > 0 && mb > 0 ? mb / ma : NAN;
	if (a->samples != NULL && b->samples != NULL) {
		double scale = r->fa / r->fb;

		if (o->same_run && a->n == b->n) {
			r->test = CMP_PAIRED;
			r->p = signif_signed_rank(a->samples, b->samples, a->n,
			    scale, SIGNIF_TWO_SIDED);
		} else {
			r->test = CMP_MWU;
			r->p = signif_mwu(a->samples, a->n, b->samples, b->n,
			    scale, SIGNIF_TWO_SIDED);
		}
		r->sig = r->p < o->alpha;
	} else {
		r->test = CMP_CI;
		r->p = NAN;
		r->sig = b->st.ci_lo * r->fb > a->st.ci_hi * r->fa ||
		    b->st.ci_hi * r->fb < a->st.ci_lo * r->fa;
	}
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
 *    the smallest change that is not placement alone, across runs, and 0
 *    within one run (paired samples of one process);
 *  - when a side pools several runs: the slowdown holds in each of them
 *    (the fastest run of B against the slowest of A), since a run as a
 *    whole can be off (a slow spell of a shared machine, a placement),
 *    and the samples' test cannot see that either;
 *  - a one-sided test of "B's cost is above (1 + PCT/100) times A's"
 *    significant at alpha / m (Bonferroni over the m comparable points),
 *    so that neither the many points of a sweep nor a small, real shift
 *    can trip it by chance.
 */
static void
gate_row(struct cmp_row *r, const struct cmp_opts *o, size_t m)
{
	const struct rpoint *a = r->a, *b = r->b;
	double margin = 1 + o->fail_above / 100;
	double ma = a->st.median * r->fa, mb = b->st.median * r->fb;

	r->slower = isfinite(r->ratio) && r->ratio > margin;
	r->pg = NAN;
	r->delta = mb - ma;
	r->min_delta = o->min_delta;
	if (r->min_delta < 0 && o->same_run)
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
	if ((a->runs > 1 || b->runs > 1) && isfinite(a->run_hi) &&
	    isfinite(b->run_lo)) {
		double lo = b->run_lo * r->fb, hi = a->run_hi * r->fa;

		if (!(lo > margin * hi && lo - hi > r->min_delta)) {
			r->unsteady = 1;
			return;
		}
	}
	if (r->test == CMP_CI) {
		r->gate_fail = b->st.ci_lo * r->fb > margin * a->st.ci_hi * r->fa;
		return;
	}
	if (r->test == CMP_PAIRED)
		r->pg = signif_signed_rank(a->samples, b->samples, a->n,
		    margin * r->fa / r->fb, SIGNIF_GREATER);
	else
		r->pg = signif_mwu(a->samples, a->n, b->samples, b->n,
		    margin * r->fa / r->fb, SIGNIF_GREATER);
	r->gate_fail = r->pg < o->alpha / (double)(m ? m : 1);
}

static void
group_label(const struct cmp_row *r, char *buf, size_t len)
{
	char k[200];

	if (strcmp(r->a->kernel, r->b->kernel) == 0)
		snprintf(k, sizeof(k), "%s", r->a->kernel);
	else
		snprintf(k, sizeof(k), "%s vs %s", r->a->kernel, r->b->kernel);
	snprintf(buf, len, "%s, offsets %zu/%zu, %s cache, %s", k,
	    r->a->src_align, r->a->dst_align, r->a->cache, r->a->mode);
}

/* Mean and standard deviation of the call rate, in millions per second. */
static int
rate_stats(const struct rpoint *p, double f, double hz, double *mean,
    double *sd)
{
	size_t i;
	double s = 0, ss = 0, x;

	if (!(hz > 0))
		return -1;
	if (p->samples != NULL && p->n >= 1) {
		for (i = 0; i < p->n; i++)
			if (!(p->samples[i] > 0))
				break;
		if (i == p->n) {
			for (i = 0; i < p->n; i++)
				s += hz / (p->samples[i] * f) / 1e6;
			*mean = s / (double)p->n;
			for (i = 0; i < p->n; i++) {
				x = hz / (p->samples[i] * f) / 1e6 - *mean;
				ss += x * x;
			}
			*sd = p->n > 1 ? sqrt(ss / (double)(p->n - 1)) : 0;
			return 0;
		}
	}
	/*
	 * No usable samples (CSV, or costs at or below zero after the
	 * empty-call subtraction): first-order approximation from the mean
	 * and standard deviation of the cost.
	 */
	if (!(p->st.mean > 0))
		return -1;
	*mean = hz / (p->st.mean * f) / 1e6;
	*sd = isfinite(p->st.stddev) ? *mean * p->st.stddev / p->st.mean : 0;
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
	int	tests[3];
	int	insig;
	int	na;
};

static void
print_legend(FILE *out, const struct legend *lg, const char *indent,
    double alpha)
{
	int t;

	if (lg->insig) {
		for (t = 0; t < 3; t++) {
			if (!lg->tests[t])
				continue;
			if (t == CMP_CI)
				fprintf(out, "%s~ not significant: %s (no raw "
				    "samples)\n", indent, test_names[t]);
			else
				fprintf(out, "%s~ not significant at alpha %g "
				    "(%s)\n", indent, alpha, test_names[t]);
		}
	}
	if (lg->na)
		fprintf(out, "%sn/a: not comparable (a cost at or below the "
		    "empty call's)\n", indent);
}

static void
legend_add(struct legend *lg, const struct cmp_row *r)
{
	lg->tests[r->test] = 1;
	if (!r->sig)
		lg->insig = 1;
}

/* The bpf table's rates (mean and standard deviation, M/s) and widths. */
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
		snprintf(buf, sizeof(buf), "%zu", rows[i].a->size);
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
bpf_header(FILE *out, const struct cmp_row *r, const size_t *w)
{
	char lab[400];

	group_label(r, lab, sizeof(lab));
	fprintf(out, "  %s:\n", lab);
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

/* A "2.296 ± 0.066M/s" cell, or n/a. */
static void
bpf_rate(FILE *out, double rate, double sd, size_t w)
{
	char buf[128];
	size_t len;

	if (isfinite(rate)) {
		len = (size_t)snprintf(buf, sizeof(buf), "%.3f ± %.3fM/s",
		    rate, sd);
		put_centered(out, buf, w, len - 1);
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

	fprintf(out, "  |      %-*zu|", (int)(w[0] - 6), r->a->size);
	bpf_rate(out, ra, t->sa[i], w[1]);
	bpf_rate(out, rb, t->sb[i], w[2]);
	if (isfinite(ra) && isfinite(rb) && ra > 0) {
		fprintf(out, "  %*.2f  %%%s|", (int)(w[3] - 7),
		    cmp_trunc2((rb / ra - 1) * 100), r->sig ? "  " : " ~");
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
print_bpf(FILE *out, const struct cmp_row *rows, size_t n, const char *unit,
    const struct cmp_opts *o)
{
	struct bpf_table t;
	struct legend lg = { { 0 }, 0, 0 };
	double lsum = 0;
	size_t i, nlog = 0;

	bpf_measure(rows, n, &t);
	bpf_header(out, &rows[0], t.w);
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
	print_legend(out, &lg, "  ", o->alpha);
	free(t.ra);
}

static void
print_ticks(FILE *out, const struct cmp_row *rows, size_t n, const char *unit,
    int number, const struct cmp_opts *o)
{
	size_t i, nlog = 0;
	double lsum = 0;
	char lab[400], u[32];
	const char *fmt = strcmp(unit, "ticks") == 0 ||
	    strcmp(unit, "cycles") == 0 ? "%.0f" : "%.2f";
	struct legend lg = { { 0 }, 0, 0 };

	if (strcmp(unit, "ticks") == 0)
		snprintf(u, sizeof(u), "Ticks");
	else
		snprintf(u, sizeof(u), "%s", unit);
	group_label(&rows[0], lab, sizeof(lab));
	fprintf(out, "%d. %s\n\n", number, lab);
	fprintf(out, "No.of bytes   %s\t   %s    \tDelta ((B-A)/A)*100\n",
	    rows[0].a->kernel, rows[0].b->kernel);
	fprintf(out, "\t     (Avg.%s A) (Avg.%s B) (latency reduction)\n",
	    u, u);
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];
		double a = r->a->st.mean * r->fa, b = r->b->st.mean * r->fb;

		fprintf(out, "  %zu\t\t", r->a->size);
		fprintf(out, fmt, a);
		fputs("\t\t", out);
		fprintf(out, fmt, b);
		if (a > 0 && b > 0 && isfinite(a) && isfinite(b)) {
			fprintf(out, "\t\t%6.2f%s\n",
			    cmp_trunc2((b - a) / a * 100), r->sig ? "" : " ~");
			lsum += log(b / a);
			nlog++;
			legend_add(&lg, r);
		} else {
			fprintf(out, "\t\t   n/a\n");
			lg.na = 1;
		}
	}
	if (nlog > 0)
		fprintf(out, "  geomean\t\t\t\t\t%6.2f\n",
		    cmp_trunc2((exp(lsum / (double)nlog) - 1) * 100));
	else
		fprintf(out, "  geomean\t\t\t\t\t   n/a\n");
	print_legend(out, &lg, "", o->alpha);
}

static void
fmt_pct(char *buf, size_t len, double ratio)
{
	if (isfinite(ratio))
		snprintf(buf, len, "%+.2f%%", cmp_trunc2((ratio - 1) * 100));
	else
		snprintf(buf, len, "n/a");
}

static void
print_markdown(FILE *out, const struct cmp_row *rows, size_t n, const char *unit,
    const struct cmp_opts *o)
{
	size_t i, nlog = 0;
	double lsum = 0;
	char lab[400], d[32];
	struct legend lg = { { 0 }, 0, 0 };

	group_label(&rows[0], lab, sizeof(lab));
	fprintf(out, "### %s\n\n", lab);
	fprintf(out, "| Size | A: %s (%s) | B: %s (%s) | Delta | p | Significant |\n",
	    rows[0].a->kernel, unit, rows[0].b->kernel, unit);
	fprintf(out, "|-----:|------:|------:|------:|--:|:--|\n");
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		fmt_pct(d, sizeof(d), r->ratio);
		fprintf(out, "| %zu | %.2f | %.2f | %s%s | ", r->a->size,
		    r->a->st.median * r->fa, r->b->st.median * r->fb, d,
		    r->sig || !isfinite(r->ratio) ? "" : " ~");
		if (isnan(r->p))
			fprintf(out, "- |");
		else
			fprintf(out, "%.2g |", r->p);
		fprintf(out, " %s |\n", r->sig ? "yes" : "no");
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
		"row", "family", "a_kernel", "b_kernel", "size", "src_align",
		"dst_align", "cache", "mode", "unit", "a_n", "a_median",
		"a_mean", "a_stddev", "b_n", "b_median", "b_mean", "b_stddev",
		"delta_pct", "p_value", "test", "significant", "gate", NULL
	};
	struct csv_writer w;
	size_t i;

	csv_init(&w, out);
	for (i = 0; cols[i] != NULL; i++)
		csv_str(&w, cols[i]);
	csv_end(&w);
}

static void
print_csv(FILE *out, const struct cmp_row *rows, size_t n, const char *unit,
    const struct cmp_opts *o)
{
	struct csv_writer w;
	size_t i, nlog = 0;
	double lsum = 0;

	csv_init(&w, out);
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		csv_str(&w, "point");
		csv_str(&w, r->a->family);
		csv_str(&w, r->a->kernel);
		csv_str(&w, r->b->kernel);
		csv_ulong(&w, r->a->size);
		csv_ulong(&w, r->a->src_align);
		csv_ulong(&w, r->a->dst_align);
		csv_str(&w, r->a->cache);
		csv_str(&w, r->a->mode);
		csv_str(&w, unit);
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
		csv_str(&w, r->sig ? "yes" : "no");
		csv_str(&w, o->fail_above < 0 ? "" : r->gate_fail ? "fail" :
		    "pass");
		csv_end(&w);
		if (isfinite(r->ratio)) {
			lsum += log(r->ratio);
			nlog++;
		}
	}
	csv_str(&w, "geomean");
	csv_str(&w, rows[0].a->family);
	csv_str(&w, rows[0].a->kernel);
	csv_str(&w, rows[0].b->kernel);
	csv_str(&w, "");
	csv_ulong(&w, rows[0].a->src_align);
	csv_ulong(&w, rows[0].a->dst_align);
	csv_str(&w, rows[0].a->cache);
	csv_str(&w, rows[0].a->mode);
	csv_str(&w, unit);
	for (i = 0; i < 8; i++)
		csv_str(&w, "");
	csv_double(&w, nlog ? (exp(lsum / (double)nlog) - 1) * 100 : NAN);
	for (i = 0; i < 4; i++)
		csv_str(&w, "");
	csv_end(&w);
}

/* Report points that found no partner: on stderr, never silently. */
static size_t
report_unmatched(const struct rset *s, const char *side,
    const unsigned char *used, const int *eligible)
{
	size_t i, k = 0, total = 0;
	char d[300];

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
			k++;
		}
	if (total > k && verbose_level > 0)
		fprintf(stderr, "  ... and %zu more\n", total - k);
	return total;
}

static int match_rows(const struct rset *, const struct rset *,
    const struct cmp_opts *, struct cmp_result *, char *, size_t);

int
compare_match(const struct rset *a, const struct rset *b,
    const struct cmp_opts *o, struct cmp_result *res, char *err,
    size_t errlen)
{
	size_t i;
	int missing = 0;

	memset(res, 0, sizeof(*res));
	if (o->cost == CMP_COST_NET ||
	    (o->cost == CMP_COST_AUTO && o->same_run))
		return match_rows(a, b, o, res, err, errlen);
	for (i = 0; i < a->n; i++)
		missing |= !isfinite(a->p[i].overhead);
	for (i = 0; i < b->n; i++)
		missing |= !isfinite(b->p[i].overhead);
	if (missing && o->cost == CMP_COST_GROSS) {
		snprintf(err, errlen, "compare: --cost gross needs the overhead "
		    "of every point, and %s or %s lacks it", a->path, b->path);
		return -1;
	}
	if (missing)
		return match_rows(a, b, o, res, err, errlen);
	if (o->same_run)
		talk("csumbench: comparing gross costs per call (the "
		    "empty-call overhead added back)\n");
	else
		talk("csumbench: compare: two runs: comparing gross costs per "
		    "call (each run's empty-call overhead added back; --cost "
		    "net to compare the kernels' net costs)\n");
	res->gross = 1;
	rset_copy(&res->ga, a);
	rset_copy(&res->gb, b);
	rset_add_overhead(&res->ga);
	rset_add_overhead(&res->gb);
	if (match_rows(&res->ga, &res->gb, o, res, err, errlen) != 0) {
		compare_result_free(res);
		return -1;
	}
	return 0;
}

void
compare_result_free(struct cmp_result *res)
{
	free(res->rows);
	if (res->gross) {
		rset_free(&res->ga);
		rset_free(&res->gb);
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
	compare_print(out, res.rows, res.n, res.unit, o);
	fflush(out);
	rc = compare_gate(&res, o);
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
 * Pair every B point that takes part with the A point of the same grid key
 * (the whole key; only the position when --a-kernel names A's kernel):
 * A's points sorted once on it, each B point found by bisection. A row
 * per pair, in B's order.
 */
static int
pair_points(struct match *m)
{
	const struct rset *a = m->a, *b = m->b;
	unsigned mask = m->o->a_kernel == NULL ? RK_ALL : RK_POSITION;
	size_t *ia = xcalloc(a->n + 1, sizeof(size_t)), na = 0, i, j, k;
	struct cmp_result *res = m->res;
	char d[300];

	for (i = 0; i < a->n; i++)
		if (m->elig_a[i])
			ia[na++] = i;
	rkey_sort(a, ia, na, mask);
	res->rows = xcalloc(b->n + 1, sizeof(*res->rows));
	for (j = 0; j < b->n; j++) {
		if (!m->elig_b[j] ||
		    (k = rkey_find(a, ia, na, &b->p[j], mask)) == na)
			continue;
		if (k + 1 < na &&
		    rkey_cmp(&a->p[ia[k + 1]], &b->p[j], mask) == 0) {
			point_desc(&a->p[ia[k + 1]], d, sizeof(d));
			free(ia);
			return match_fail(m, "compare: %s has the point %s "
			    "twice", a->path, d);
		}
		m->used_a[ia[k]] = m->used_b[j] = 1;
		res->rows[res->n].a = &a->p[ia[k]];
		res->rows[res->n++].b = &b->p[j];
	}
	free(ia);
	return 0;
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

/* Each row in the unit common to all, its significance, and the gate. */
static int
test_rows(struct match *m)
{
	struct cmp_row *rows = m->res->rows;
	const char *unit = NULL, *u;
	size_t i, n = m->res->n, nc = 0;

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
		if (isfinite(rows[i].ratio))
			nc++;
	}
	if (strcmp(unit, "ns") == 0 && strcmp(rows[0].a->unit, "ns") != 0)
		talk("csumbench: compare: units differ (%s, %s): compared in "
		    "nanoseconds\n", rows[0].a->unit, rows[0].b->unit);
	if (!m->a->has_samples || !m->b->has_samples)
		talk("csumbench: compare: %s has no raw samples: significance "
		    "from the overlap of the medians' 95%% confidence "
		    "intervals (an approximation; write results with "
		    "-o FILE.json to keep the samples)\n",
		    !m->a->has_samples ? m->a->path : m->b->path);
	if (m->o->fail_above >= 0)
		for (i = 0; i < n; i++)
			gate_row(&rows[i], m->o, nc);
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
	    xcalloc(b->n + 1, 1), err, errlen };
	int rc;

	rc = sides(&m);
	if (rc == 0)
		rc = pair_points(&m);
	if (rc == 0) {
		res->unmatched_a = report_unmatched(a, "A", m.used_a, m.elig_a);
		res->unmatched_b = report_unmatched(b, "B", m.used_b, m.elig_b);
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
    const char *unit, const struct cmp_opts *o)
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
			print_bpf(out, rows + i, g - i, unit, o);
			break;
		case CMP_TICKS:
			print_ticks(out, rows + i, g - i, unit, ++number, o);
			break;
		case CMP_MARKDOWN:
			print_markdown(out, rows + i, g - i, unit, o);
			break;
		case CMP_CSV:
			print_csv(out, rows + i, g - i, unit, o);
			break;
		}
	}
}

int
compare_gate(const struct cmp_result *res, const struct cmp_opts *o)
{
	const struct cmp_row *rows = res->rows;
	size_t nrows = res->n, i, nfail = 0, nslow = 0, nsmall = 0, nunst = 0;
	char d[300];

	if (o->fail_above < 0)
		return 0;
	for (i = 0; i < nrows; i++) {
		nfail += rows[i].gate_fail;
		nslow += rows[i].slower;
		nsmall += rows[i].small;
		nunst += rows[i].unsteady;
	}
	if (nfail > 0) {
		fprintf(stderr, "%s: compare: FAIL: %zu of %zu points "
		    "significantly more than %g%% slower in B:\n",
		    progname, nfail, nrows, o->fail_above);
		for (i = 0; i < nrows; i++) {
			const struct cmp_row *r = &rows[i];

			if (!r->gate_fail)
				continue;
			point_desc(r->b, d, sizeof(d));
			fprintf(stderr, "  %s: %+.2f%% (%+.3g %s) vs %s", d,
			    (r->ratio - 1) * 100, r->delta, res->unit,
			    r->a->kernel);
			if (!isnan(r->pg))
				fprintf(stderr, " (p = %.2g)", r->pg);
			fputc('\n', stderr);
		}
	} else if (!o->quiet) {
		fprintf(stderr, "%s: compare: pass: no point "
		    "significantly more than %g%% slower in B (%zu "
		    "points; %zu more than %g%% slower", progname,
		    o->fail_above, nrows, nslow, o->fail_above);
		if (nslow > 0)
			fprintf(stderr, ": %zu by no more than --min-delta, %zu "
			    "not in every run, %zu not significantly", nsmall,
			    nunst, nslow - nsmall - nunst);
		fputs(")\n", stderr);
	}
	return nfail > 0 ? EXIT_CHECK : 0;
}
