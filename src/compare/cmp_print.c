/*
 * cmp_print.c - what every style of compare's tables shows (cmp_print.h):
 * the heading of a table, the marks and cells of a row, the legend.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmp_print.h"
#include "cmp_test.h"
#include "signif.h"

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

void
cmp_print_group_label(const struct cmp_row *r, char *buf, size_t len)
{
	char k[200], pos[256];

	if (strcmp(r->a->kernel, r->b->kernel) == 0)
		snprintf(k, sizeof(k), "%s", r->a->kernel);
	else
		snprintf(k, sizeof(k), "%s vs %s", r->a->kernel, r->b->kernel);
	snprintf(buf, len, "%s, %s", k, pos_label(&r->a->pos, POS_LABEL_SERIES,
	    pos, sizeof(pos)));
}

/* "tsc in ticks at 2.096 GHz": the timer of p's set, as recorded. */
void
cmp_print_timer_desc(const struct rset *rs, const struct rpoint *p,
    const char *unit, char *buf, size_t len)
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
void
cmp_print_cpu_desc(const struct rset *rs, char *buf, size_t len)
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
cmp_print_env_desc(const struct rset *rs, char *buf, size_t len)
{
	const char *hv = provenance_get(&rs->prov, "hypervisor");
	const char *cc = rset_meta(rs, "compiler"), *os = rset_meta(rs, "os");
	char cpu[200];

	cmp_print_cpu_desc(rs, cpu, sizeof(cpu));
	snprintf(buf, len, "%s%s; %s%s; %s; %s", strcmp(cpu, "not recorded") ?
	    "" : "CPU ", cpu, hv == NULL ? "VM or bare metal not recorded" :
	    *hv != '\0' ? hv : "bare metal", hv != NULL && *hv != '\0' ?
	    " guest" : "", *cc != '\0' ? cc : "compiler not recorded",
	    *os != '\0' ? os : "kernel not recorded");
}

/* "Environment: ..." of both sides, named apart where they differ. */
void
cmp_print_env_line(const struct cmp_result *res, char *buf, size_t len)
{
	char ea[400], eb[400];

	cmp_print_env_desc(res->a, ea, sizeof(ea));
	cmp_print_env_desc(res->b, eb, sizeof(eb));
	if (strcmp(ea, eb) == 0)
		snprintf(buf, len, "Environment: %s", ea);
	else
		snprintf(buf, len, "Environment: A: %s; B: %s", ea, eb);
}

/*
 * What one table compares, on one line: the samples per point, the timer,
 * the CPU and the cost. A and B are named apart where they differ.
 */
void
cmp_print_table_info(const struct cmp_row *rows, size_t n,
    const struct cmp_result *res, char *buf, size_t len)
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
	cmp_print_timer_desc(res->a, rows[0].a, res->unit, ta, sizeof(ta));
	cmp_print_timer_desc(res->b, rows[0].b, res->unit, tb, sizeof(tb));
	cmp_print_cpu_desc(res->a, ca, sizeof(ca));
	cmp_print_cpu_desc(res->b, cb, sizeof(cb));
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

/* "3" or "2 to 3" runs. */
static void
cmp_print_runs_text(char *buf, size_t len, const size_t *lohi)
{
	if (lohi[0] == lohi[1])
		snprintf(buf, len, "%zu", lohi[0]);
	else
		snprintf(buf, len, "%zu to %zu", lohi[0], lohi[1]);
}

/* CMP_RUNS's legend: the test, the runs behind it, and whether enough. */
static void
cmp_print_legend_runs(FILE *out, const struct cmp_legend *lg,
    const char *indent, double alpha)
{
	char ra[48], rb[48];
	size_t need = signif_mwu_min_runs(alpha, SIGNIF_TWO_SIDED);

	cmp_print_runs_text(ra, sizeof(ra), lg->runs[0]);
	cmp_print_runs_text(rb, sizeof(rb), lg->runs[1]);
	fprintf(out, "%s~ not significant at alpha %g (%s: %s run%s of A, "
	    "%s of B; across processes the run, not the sample, is the "
	    "unit)\n", indent, alpha, cmp_test_name(CMP_RUNS), ra,
	    lg->runs[0][1] == 1 ? "" : "s", rb);
	if (lg->few)
		fprintf(out, "%s  too few runs: with fewer than %zu runs per "
		    "side no difference can be significant at alpha %g; compare "
		    "builds in one process (run --ab) for paired samples\n",
		    indent, need, alpha);
}

void
cmp_print_legend(FILE *out, const struct cmp_legend *lg, const char *indent,
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
				    cmp_test_name(t));
			else if (t == CMP_RUNS)
				cmp_print_legend_runs(out, lg, indent, alpha);
			else
				fprintf(out, "%s~ not significant at alpha %g "
				    "(%s), or a change within the medians' 95%% "
				    "confidence intervals: within noise\n",
				    indent, alpha, cmp_test_name(t));
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
		    cmp_test_min_blocks(alpha, SIGNIF_TWO_SIDED), CMP_BLOCK,
		    alpha);
	if (lg->na)
		fprintf(out, "%sn/a: not comparable (a cost unknown, or at or "
		    "below zero)\n", indent);
}

void
cmp_print_legend_add(struct cmp_legend *lg, const struct cmp_row *r)
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
		if (!(lg->cycle >= cmp_test_cycle(r)))
			lg->cycle = cmp_test_cycle(r);
	}
	lg->overlap |= strcmp(cmp_print_why_not(r), "CI overlap") == 0;
	if (r->test == CMP_NONE)
		lg->untested = 1;
	else if (r->noise)
		lg->insig = 1;
}

/*
 * The mark after a delta: none when significant, ~ when within noise, ?
 * when the row could not be tested.
 */
const char *
cmp_print_mark(const struct cmp_row *r, const char *sig, const char *insig,
    const char *untested)
{
	return r->test == CMP_NONE ? untested : r->noise ? insig : sig;
}

/* Half the 95% CI of p's median in the common unit (factor f), or NaN. */
double
cmp_print_half(const struct rpoint *p, double f)
{
	double h = (p->st.ci_hi - p->st.ci_lo) / 2 * f;

	return isfinite(h) && h >= 0 ? h : NAN;
}

/*
 * The decimals a value with half-interval h has: down to h's first
 * digit, at most 3; dflt when h is unknown, none when it is 0.
 */
int
cmp_print_digits(double h, int dflt)
{
	int d;

	if (!isfinite(h))
		return dflt;
	if (h <= 0)
		return 0;
	d = -(int)floor(log10(h));
	return d < 0 ? 0 : d > 3 ? 3 : d;
}

void
cmp_print_pm(struct cmp_pm *c, double v, double h, int d)
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

/* Half the 95% CI of a row's Delta, in percent of A; NaN if a CI is
 * unknown. */
double
cmp_print_delta_half(const struct cmp_row *r)
{
	if (!isfinite(cmp_print_half(r->a, r->fa)) ||
	    !isfinite(cmp_print_half(r->b, r->fb)))
		return NAN;
	return cmp_test_ci_half(r->a, r->fa, r->b, r->fb) /
	    (r->a->st.median * r->fa) * 100;
}

/* Why a row is not significant, for the row itself; "" when it is. */
const char *
cmp_print_why_not(const struct cmp_row *r)
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
