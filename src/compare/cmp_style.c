/*
 * cmp_style.c - compare's tables in each --style (compare.h): one row of
 * cmp_styles per style, with its name and its writers, so that a style is
 * one writer and one row. What every style shows is cmp_print.c.
 *
 *  - bpf: "| Buffer Size | Before | After | Improvement |", call rates;
 *  - ticks: "No.of bytes  A (Avg.Ticks A)  B (Avg.Ticks B)  Delta", costs;
 *  - markdown, csv: medians, their CIs, the Delta, p and significance.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp_match.h"
#include "cmp_print.h"
#include "cmp_style.h"
#include "cmp_test.h"
#include "csv.h"
#include "rkey.h"
#include "stats.h"
#include "util.h"

/*
 * The call rate in millions per second: the median of the per-sample
 * rates, and their standard deviation without far outliers.
 */
static int
cmp_style_rate(const struct rpoint *p, double f, double hz, double *mid,
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
cmp_style_rate_hz(const struct rpoint *p, double f)
{
	if (f != 1 || strcmp(p->unit, "ns") == 0)
		return 1e9;	/* shown in nanoseconds */
	return p->hz > 0 ? p->hz : NAN;
}

static void
cmp_style_centered(FILE *out, const char *s, size_t w, size_t display_len)
{
	size_t left = w > display_len ? (w - display_len) / 2 : 0;
	size_t right = w > display_len + left ? w - display_len - left : 0;

	fprintf(out, "%*s%s%*s", (int)left, "", s, (int)right, "");
}

static void
cmp_style_rule(FILE *out, const size_t *w, int ncol)
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

/* The bpf table's rates (median and spread, M/s) and widths. */
struct cmp_bpf {
	double	*ra, *sa, *rb, *sb;	/* of A and B, per row */
	size_t	 w[4];			/* column widths */
};

static void
cmp_style_bpf_measure(const struct cmp_row *rows, size_t n,
    struct cmp_bpf *t)
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
		if (cmp_style_rate(rows[i].a, rows[i].fa,
		    cmp_style_rate_hz(rows[i].a, rows[i].fa), &t->ra[i],
		    &t->sa[i]) != 0)
			t->ra[i] = NAN;
		if (cmp_style_rate(rows[i].b, rows[i].fb,
		    cmp_style_rate_hz(rows[i].b, rows[i].fb), &t->rb[i],
		    &t->sb[i]) != 0)
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
cmp_style_bpf_header(FILE *out, const struct cmp_row *r, size_t n,
    const struct cmp_result *res, const size_t *w)
{
	char lab[400], info[700], env[900];

	cmp_print_group_label(r, lab, sizeof(lab));
	cmp_print_table_info(r, n, res, info, sizeof(info));
	cmp_print_env_line(res, env, sizeof(env));
	fprintf(out, "  %s\n", env);
	fprintf(out, "  %s; %s; Improvement: After/Before - 1 of the rate, "
	    "positive: B faster:\n", lab, info);
	cmp_style_rule(out, w, 4);
	fputs("  |", out);
	cmp_style_centered(out, "Buffer Size", w[0], 11);
	putc('|', out);
	cmp_style_centered(out, "Before", w[1], 6);
	putc('|', out);
	cmp_style_centered(out, "After", w[2], 5);
	putc('|', out);
	cmp_style_centered(out, "Improvement", w[3], 11);
	fputs("|\n", out);
	cmp_style_rule(out, w, 4);
}

/* A "2.296 ± 0.066M/s" cell, <floor, or n/a. */
static void
cmp_style_bpf_rate(FILE *out, const struct rpoint *p, double rate,
    double sd, size_t w, struct cmp_legend *lg)
{
	char buf[128];
	size_t len;

	if (isfinite(rate)) {
		len = (size_t)snprintf(buf, sizeof(buf), "%.3f ± %.3fM/s",
		    rate, sd);
		cmp_style_centered(out, buf, w, len - 1);
	} else if (rset_floor_limited(p)) {
		cmp_style_centered(out, "<floor", w, 6);
		lg->floor = 1;
	} else
		cmp_style_centered(out, "n/a", w, 3);
	putc('|', out);
}

/* Row i; its log-ratio into *lsum when comparable. */
static void
cmp_style_bpf_row(FILE *out, const struct cmp_row *r,
    const struct cmp_bpf *t, size_t i, double *lsum, size_t *nlog,
    struct cmp_legend *lg)
{
	const size_t *w = t->w;
	double ra = t->ra[i], rb = t->rb[i];
	char sz[80];

	fprintf(out, "  |      %-*s|", (int)(w[0] - 6),
	    rset_size_label(r->a, sz, sizeof(sz)));
	cmp_style_bpf_rate(out, r->a, ra, t->sa[i], w[1], lg);
	cmp_style_bpf_rate(out, r->b, rb, t->sb[i], w[2], lg);
	if (isfinite(ra) && isfinite(rb) && ra > 0) {
		fprintf(out, "  %*.2f  %%%s|", (int)(w[3] - 7),
		    cmp_trunc2((rb / ra - 1) * 100), r->subcycle ? "≤1" :
		    cmp_print_mark(r, "  ", " ~", " ?"));
		*lsum += log(rb / ra);
		(*nlog)++;
		cmp_print_legend_add(lg, r);
	} else {
		cmp_style_centered(out, "n/a", w[3], 3);
		fputs("|", out);
		lg->na = 1;
	}
	putc('\n', out);
}

static void
cmp_style_bpf(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o,
    int number)
{
	struct cmp_bpf t;
	struct cmp_legend lg = { .insig = 0 };
	double lsum = 0;
	size_t i, nlog = 0;

	(void)number;	/* only the ticks tables are numbered */
	cmp_style_bpf_measure(rows, n, &t);
	cmp_style_bpf_header(out, &rows[0], n, res, t.w);
	for (i = 0; i < n; i++)
		cmp_style_bpf_row(out, &rows[i], &t, i, &lsum, &nlog, &lg);
	cmp_style_rule(out, t.w, 4);
	fputs("  |", out);
	cmp_style_centered(out, "geomean", t.w[0], 7);
	fprintf(out, "|%*s|%*s|", (int)t.w[1], "", (int)t.w[2], "");
	if (nlog > 0)
		fprintf(out, "  %*.2f  %%  |\n", (int)(t.w[3] - 7),
		    cmp_trunc2((exp(lsum / (double)nlog) - 1) * 100));
	else {
		cmp_style_centered(out, "n/a", t.w[3], 3);
		fputs("|\n", out);
	}
	cmp_style_rule(out, t.w, 4);
	fprintf(out, "  ±: the spread of the per-sample call rate (its "
	    "standard deviation without far outliers), as the bpf bench "
	    "prints it\n");
	cmp_print_legend(out, &lg, "  ", o->alpha);
	free(t.ra);
}

/*
 * A cell in a column whose values have up to iw digits before the point
 * and fw characters from it on (aligned on the point), and half-intervals
 * hw wide.
 */
static void
cmp_style_pm_put(FILE *out, const struct cmp_pm *c, int iw, int fw, int hw)
{
	int i = (int)strcspn(c->v, ".");

	fprintf(out, "%*.*s%-*s%s%-*s", iw, i, c->v, fw, c->v + i,
	    c->h[0] ? " ± " : "   ", hw, c->h);
}

/* The ticks table's cells and the widths of its columns' parts. */
struct cmp_ticks {
	struct cmp_pm	*a, *b, *d;	/* per row */
	int		 iw[3], fw[3], hw[3];
};

static void
cmp_style_ticks_measure(const struct cmp_row *rows, size_t n, int dflt,
    struct cmp_ticks *t)
{
	struct cmp_pm *c[3];
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

		cmp_print_pm(&t->a[i], ma, cmp_print_half(r->a, r->fa),
		    cmp_print_digits(cmp_print_half(r->a, r->fa), dflt));
		cmp_print_pm(&t->b[i], r->b->st.median * r->fb,
		    cmp_print_half(r->b, r->fb),
		    cmp_print_digits(cmp_print_half(r->b, r->fb), dflt));
		/* The delta keeps the letter's two decimals. */
		cmp_print_pm(&t->d[i], cmp_trunc2((r->ratio - 1) * 100),
		    cmp_print_delta_half(r), 2);
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
cmp_style_ticks_titles(FILE *out, const struct cmp_row *r, const char *u,
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
cmp_style_ticks(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o, int number)
{
	size_t i, nlog = 0;
	double lsum = 0;
	char lab[400], info[700], env[900], sz[80];
	int w[3], k, dflt = strcmp(res->unit, "ticks") == 0 ||
	    strcmp(res->unit, "cycles") == 0 ? 0 : 2;
	struct cmp_legend lg = { .insig = 0 };
	struct cmp_ticks t;

	cmp_print_group_label(&rows[0], lab, sizeof(lab));
	cmp_print_table_info(rows, n, res, info, sizeof(info));
	cmp_print_env_line(res, env, sizeof(env));
	fprintf(out, "%d. %s; %s\n%s\n\n", number, lab, info, env);
	cmp_style_ticks_measure(rows, n, dflt, &t);
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
	cmp_style_ticks_titles(out, &rows[0], strcmp(res->unit, "ticks") == 0 ?
	    "Ticks" : res->unit, w);
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		fprintf(out, "  %-*s", w[0] - 2, rset_size_label(r->a, sz,
		    sizeof(sz)));
		cmp_style_pm_put(out, &t.a[i], t.iw[0], t.fw[0],
		    w[1] - t.iw[0] - t.fw[0] - 3);
		cmp_style_pm_put(out, &t.b[i], t.iw[1], t.fw[1],
		    w[2] - t.iw[1] - t.fw[1] - 3);
		cmp_style_pm_put(out, &t.d[i], t.iw[2], t.fw[2], 0);
		if (isfinite(r->ratio)) {
			fprintf(out, "%s%s%s\n",
			    cmp_print_mark(r, "", " ~", " ?"), r->subcycle ? " " : "", r->subcycle ?
			    cmp_print_why_not(r) : "");
			lsum += log(r->ratio);
			nlog++;
			cmp_print_legend_add(&lg, r);
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
	cmp_print_legend(out, &lg, "", o->alpha);
	free(t.a);
}

static void
cmp_style_pct(char *buf, size_t len, double ratio)
{
	if (isfinite(ratio))
		snprintf(buf, len, "%+.2f%%", cmp_trunc2((ratio - 1) * 100));
	else
		snprintf(buf, len, "n/a");
}

/* A markdown cell "100.10 ± 0.05" of p's median (factor f). */
static void
cmp_style_md_cost(FILE *out, const struct rpoint *p, double f, int d)
{
	struct cmp_pm c;

	cmp_print_pm(&c, p->st.median * f, cmp_print_half(p, f), d);
	fprintf(out, " %s%s%s |", c.v, c.h[0] ? " ± " : "", c.h);
}

/* The Significant cell: yes, n/a, or no with why when the row has one. */
static const char *
cmp_style_md_significant(const struct cmp_row *r, char *buf, size_t len)
{
	const char *why = cmp_print_why_not(r);

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
cmp_style_markdown(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o,
    int number)
{
	size_t i, nlog = 0;
	double lsum = 0;
	char lab[400], info[700], env[900], d[32], sz[80], sg[48];
	const char *unit = res->unit;
	struct cmp_legend lg = { .pm = 1 };
	int dg;

	(void)number;	/* only the ticks tables are numbered */
	cmp_print_group_label(&rows[0], lab, sizeof(lab));
	cmp_print_table_info(rows, n, res, info, sizeof(info));
	cmp_print_env_line(res, env, sizeof(env));
	fprintf(out, "### %s\n\n%s\n\n%s\n\n", lab, info, env);
	fprintf(out, "| Size | A: %s (%s) | B: %s (%s) | Delta (+: B slower) "
	    "| p | Significant |\n", rows[0].a->kernel, unit,
	    rows[0].b->kernel, unit);
	fprintf(out, "|-----:|------:|------:|------:|--:|:--|\n");
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		cmp_style_pct(d, sizeof(d), r->ratio);
		fprintf(out, "| %s |", rset_size_label(r->a, sz, sizeof(sz)));
		dg = cmp_print_digits(cmp_print_half(r->a, r->fa), 2);
		if (cmp_print_digits(cmp_print_half(r->b, r->fb), 2) > dg)
			dg = cmp_print_digits(cmp_print_half(r->b, r->fb), 2);
		cmp_style_md_cost(out, r->a, r->fa, dg);
		cmp_style_md_cost(out, r->b, r->fb, dg);
		fprintf(out, " %s", d);
		if (isfinite(r->ratio) && isfinite(cmp_print_delta_half(r)))
			fprintf(out, " ± %.2f%%", cmp_print_delta_half(r));
		fprintf(out, "%s | ", !isfinite(r->ratio) ? "" :
		    cmp_print_mark(r, "", " ~", " ?"));
		if (isnan(r->p))
			fprintf(out, "- |");
		else
			fprintf(out, "%.2g |", r->p);
		fprintf(out, " %s |\n",
		    cmp_style_md_significant(r, sg, sizeof(sg)));
		if (isfinite(r->ratio)) {
			lsum += log(r->ratio);
			nlog++;
			cmp_print_legend_add(&lg, r);
		} else
			lg.na = 1;
	}
	cmp_style_pct(d, sizeof(d), nlog ? exp(lsum / (double)nlog) : NAN);
	fprintf(out, "| geomean | | | %s | | |\n\n", d);
	fprintf(out, "Medians of the per-call cost; Delta: median B / median "
	    "A - 1 (positive: B is slower).\n");
	cmp_print_legend(out, &lg, "", o->alpha);
}

static void
cmp_style_csv_header(FILE *out)
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
cmp_style_csv_where(struct csv_writer *w, const char *kind,
    const struct cmp_row *r, const struct cmp_result *res, int point)
{
	csv_str(w, kind);
	csv_str(w, r->a->family);
	csv_str(w, r->a->kernel);
	csv_str(w, r->b->kernel);
	if (point) {
		csv_ulong(w, r->a->pos.size);
		csv_str(w, rset_shape(r->a));
	} else {
		csv_str(w, "");
		csv_str(w, "");
	}
	csv_ulong(w, r->a->pos.src_off);
	csv_ulong(w, r->a->pos.dst_off);
	csv_ulong(w, r->a->pos.distance);
	csv_str(w, cache_name(r->a->pos.cache));
	csv_str(w, mode_name(r->a->pos.mode));
	csv_str(w, res->unit);
	csv_str(w, res->cost == CMP_COST_NET ? "net" : "whole");
}

static void
cmp_style_csv(FILE *out, const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, const struct cmp_opts *o,
    int number)
{
	struct csv_writer w;
	size_t i, nlog = 0;
	double lsum = 0;
	char timer[160], cpu[200], env[900];

	(void)number;	/* only the ticks tables are numbered */
	cmp_print_env_line(res, env, sizeof(env));
	cmp_print_timer_desc(res->a, rows[0].a, res->unit, timer,
	    sizeof(timer));
	cmp_print_cpu_desc(res->a, cpu, sizeof(cpu));
	csv_init(&w, out);
	for (i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		cmp_style_csv_where(&w, "point", r, res, 1);
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
		csv_str(&w, cmp_test_short_name(r->test));
		csv_str(&w, cmp_print_mark(r, "yes", "no", ""));
		csv_str(&w, r->test == CMP_NONE ? "" : r->noise ? "yes" : "no");
		csv_str(&w, o->fail_above < 0 ? "" : r->gate_fail ? "fail" :
		    r->cannot_judge || r->cannot ? "cannot judge" : "pass");
		csv_str(&w, timer);
		csv_str(&w, cpu);
		csv_double(&w, r->a->st.ci_lo * r->fa);
		csv_double(&w, r->a->st.ci_hi * r->fa);
		csv_double(&w, r->b->st.ci_lo * r->fb);
		csv_double(&w, r->b->st.ci_hi * r->fb);
		csv_double(&w, cmp_print_delta_half(r));
		csv_str(&w, cmp_print_why_not(r));
		csv_str(&w, env + strlen("Environment: "));
		csv_end(&w);
		if (isfinite(r->ratio)) {
			lsum += log(r->ratio);
			nlog++;
		}
	}
	cmp_style_csv_where(&w, "geomean", &rows[0], res, 0);
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
 * A style: its --style names, what it writes before its tables (or NULL),
 * one table (a series of rows; number counts the tables from 1), and
 * whether its tables are set apart by a blank line.
 */
struct cmp_style_row {
	enum cmp_style	 style;
	const char	*name, *alias;
	void		(*head)(FILE *out);
	void		(*table)(FILE *out, const struct cmp_row *rows,
			    size_t n, const struct cmp_result *res,
			    const struct cmp_opts *o, int number);
	int		 apart;
};

static const struct cmp_style_row cmp_styles[] = {
	{ CMP_BPF, "bpf", NULL, NULL, cmp_style_bpf, 1 },
	{ CMP_TICKS, "ticks", NULL, NULL, cmp_style_ticks, 1 },
	{ CMP_MARKDOWN, "markdown", "md", NULL, cmp_style_markdown, 1 },
	{ CMP_CSV, "csv", NULL, cmp_style_csv_header, cmp_style_csv, 0 },
	/* Every table at once: cmp_wide.c. */
	{ CMP_WIDE, "wide", NULL, NULL, NULL, 0 },
};
#define CMP_NSTYLES	(sizeof(cmp_styles) / sizeof(cmp_styles[0]))

int
cmp_style_parse(const char *s)
{
	size_t i;

	for (i = 0; i < CMP_NSTYLES; i++)
		if (strcmp(s, cmp_styles[i].name) == 0 ||
		    (cmp_styles[i].alias != NULL &&
		    strcmp(s, cmp_styles[i].alias) == 0))
			return (int)cmp_styles[i].style;
	return -1;
}

/* "7.76" or "7.76-7.80": a range of medians, in the digits it needs. */
static void
cmp_style_range(char *buf, size_t len, double lo, double hi)
{
	int d = lo < 10 ? 2 : lo < 100 ? 1 : 0;
	char l[32], h[32];

	snprintf(l, sizeof(l), "%.*f", d, lo);
	snprintf(h, sizeof(h), "%.*f", d, hi);
	if (!isfinite(lo))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, strcmp(l, h) ? "%s-%s" : "%s", l, h);
}

/* The gate's word on the point whose lead row is r. */
static const char *
cmp_style_copies_verdict(const struct cmp_row *r, const struct cmp_opts *o)
{
	if (o->fail_above < 0)
		return r->copies_slower == r->copies && r->sig ? "slower" : "-";
	if (r->gate_fail)
		return "FAIL";
	if (r->cannot_judge)
		return "cannot judge";
	if (cmp_kept_out(r, 0))
		return "kept out: <= --min-delta";
	if (cmp_kept_out(r, 1))
		return "pass: not in every copy";
	return "pass";
}

/* One table of the lead rows r[0..n-1] of one series (cmp_style_copies). */
static void
cmp_style_copies_table(FILE *out, const struct cmp_row *const *r, size_t n,
    const struct cmp_opts *o)
{
	char a[64], b[64], sz[64], lab[400];
	size_t i;

	cmp_print_group_label(r[0], lab, sizeof(lab));
	fprintf(out, "### %s, in %zu copies\n\n", lab, r[0]->copies);
	fprintf(out, "| Size | A (%s) | B (%s) | Delta in the copies | "
	    "Copies slower | Gate |\n|-----:|------:|------:|------:|--:|:--|\n",
	    r[0]->a->unit, r[0]->b->unit);
	for (i = 0; i < n; i++) {
		cmp_style_range(a, sizeof(a), r[i]->a_lo, r[i]->a_hi);
		cmp_style_range(b, sizeof(b), r[i]->b_lo, r[i]->b_hi);
		fprintf(out, "| %s | %s | %s | ", rset_size_label(r[i]->a, sz,
		    sizeof(sz)), a, b);
		if (isfinite(r[i]->chg_lo))
			fprintf(out, "%+.2f%% .. %+.2f%%", r[i]->chg_lo * 100,
			    r[i]->chg_hi * 100);
		else
			fputs("n/a", out);
		fprintf(out, " | %zu of %zu | %s |\n", r[i]->copies_slower,
		    r[i]->copies, cmp_style_copies_verdict(r[i], o));
	}
	putc('\n', out);
}

void
cmp_style_copies(FILE *out, const struct cmp_result *res,
    const struct cmp_opts *o)
{
	const struct cmp_row **lead = xcalloc(res->n + 1, sizeof(*lead));
	size_t i, g, n = 0;

	char info[700], env[900];

	for (i = 0; i < res->n; i++)
		if (res->rows[i].lead)
			lead[n++] = &res->rows[i];
	cmp_print_env_line(res, env, sizeof(env));
	cmp_print_table_info(res->rows, res->n, res, info, sizeof(info));
	fprintf(out, "%s\n\n%s\n\n", env, info);
	for (i = 0; i < n; i = g) {
		for (g = i + 1; g < n && cmp_match_rows_cmp(lead[i], lead[g],
		    RK_SERIES) == 0; g++)
			;
		cmp_style_copies_table(out, lead + i, g - i, o);
	}
	fprintf(out, "A, B: the range of each build's median over its copies "
	    "(%s); Delta: median B / median A - 1 of each copy, lowest to "
	    "highest; Copies slower: more than %g%% slower. The gate fails a "
	    "point only when every copy is (-v: a table per copy).\n",
	    o->placed ? "copy k of both at one offset in the page" :
	    "the same code at other addresses", o->fail_above >= 0 ?
	    o->fail_above : 0);
	free(lead);
}

void
compare_print(FILE *out, const struct cmp_row *rows, size_t nrows,
    const struct cmp_result *res, const struct cmp_opts *o)
{
	const struct cmp_style_row *s = NULL;
	size_t i, g;
	int number = 0;

	for (i = 0; i < CMP_NSTYLES; i++)
		if (cmp_styles[i].style == o->style)
			s = &cmp_styles[i];
	if (s == NULL)
		return;
	if (s->table == NULL) {
		cmp_wide_print(out, rows, nrows, res, o);
		return;
	}
	if (s->head != NULL)
		s->head(out);
	for (i = 0; i < nrows; i = g) {
		for (g = i + 1; g < nrows &&
		    cmp_match_rows_cmp(&rows[i], &rows[g], RK_SERIES) == 0; g++)
			;
		if (i > 0 && s->apart)
			putc('\n', out);
		s->table(out, rows + i, g - i, res, o, ++number);
	}
}
