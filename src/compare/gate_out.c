/*
 * gate_out.c - the gate's verdict as JUnit XML and as Markdown (gate_out.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gate_out.h"
#include "provenance.h"
#include "util.h"

enum gate_out_state { GS_PASS, GS_FAIL, GS_ERROR, GS_SMALL, GS_PARTIAL };

/* What the gate made of the point whose lead row is r. */
static enum gate_out_state
gate_out_state(const struct cmp_row *r)
{
	if (r->gate_fail)
		return GS_FAIL;
	if (r->cannot_judge || r->cannot)
		return GS_ERROR;
	if (cmp_kept_out(r, 0))
		return GS_SMALL;
	if (cmp_kept_out(r, 1))
		return GS_PARTIAL;
	return GS_PASS;
}

/* The kernel of a row's B side without its object: "csum.generic64". */
static const char *
gate_out_kernel(const struct cmp_row *r)
{
	return r->b->base;
}

/* The point's position: "64 B, offsets 0/0, distance 2048, hot, throughput". */
static void
gate_out_position(const struct cmp_row *r, char *buf, size_t len)
{
	pos_label(&r->b->pos, POS_LABEL_GATE, buf, len);
}

/* The change of a point: "+21.3% (+1.95 ticks), 4 of 4 copies slower ...". */
static void
gate_out_change(const struct cmp_row *r, const char *unit, char *buf,
    size_t len)
{
	int n;

	if (!isfinite(r->ratio)) {
		snprintf(buf, len, "no median to compare");
		return;
	}
	n = snprintf(buf, len, "%+.2f%% (%+.3g %s)", (r->ratio - 1) * 100,
	    r->delta, unit);
	if (n > 0 && (size_t)n < len && r->copies > 1 && isfinite(r->chg_lo))
		snprintf(buf + n, len - (size_t)n, ", %zu of %zu copies more "
		    "than the threshold slower, %+.1f%% to %+.1f%%; cost moved "
		    "%.1f%% between copies", r->copies_slower, r->copies,
		    r->chg_lo * 100, r->chg_hi * 100, r->layout * 100);
}

/* s with XML's five special characters escaped, on fp. */
static void
gate_out_xml(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&apos;", fp); break;
		default: fputc(*s, fp);
		}
}

static const char *const gate_out_why[] = {
	[GS_PASS] = "",
	[GS_FAIL] = "significantly more than the threshold slower",
	[GS_ERROR] = "the gate cannot judge this point",
	[GS_SMALL] = "not judged: slower by no more than --min-delta",
	[GS_PARTIAL] = "passed: significantly slower in some copies only "
	    "(where the code lies, not the code)",
};

/* The counts of the points' states. */
static void
gate_out_count(const struct cmp_result *res, size_t *n)
{
	size_t i;

	memset(n, 0, 5 * sizeof(*n));
	for (i = 0; i < res->n; i++)
		if (res->rows[i].lead)
			n[gate_out_state(&res->rows[i])]++;
}

void
gate_out_junit(FILE *fp, const struct cmp_result *res,
    const struct cmp_opts *o, int rc)
{
	size_t i, n[5], total;
	char pos[200], chg[300], name[64];
	enum gate_out_state st;

	gate_out_count(res, n);
	total = n[GS_PASS] + n[GS_FAIL] + n[GS_ERROR] + n[GS_SMALL] +
	    n[GS_PARTIAL];
	snprintf(name, sizeof(name), "csumbench gate (B more than %g%% "
	    "slower fails)", o->fail_above);
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites name=\"%s\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" skipped=\"%zu\">\n", name, total, n[GS_FAIL],
	    n[GS_ERROR], n[GS_SMALL]);
	fprintf(fp, "  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" skipped=\"%zu\">\n", name, total, n[GS_FAIL],
	    n[GS_ERROR], n[GS_SMALL]);
	for (i = 0; i < res->n; i++) {
		const struct cmp_row *r = &res->rows[i];

		if (!r->lead)
			continue;
		st = gate_out_state(r);
		gate_out_position(r, pos, sizeof(pos));
		gate_out_change(r, res->unit, chg, sizeof(chg));
		fputs("    <testcase classname=\"", fp);
		gate_out_xml(fp, gate_out_kernel(r));
		fputs("\" name=\"", fp);
		gate_out_xml(fp, pos);
		fputs("\">\n", fp);
		if (st == GS_FAIL || st == GS_ERROR || st == GS_SMALL) {
			fprintf(fp, "      <%s message=\"", st == GS_FAIL ?
			    "failure" : st == GS_ERROR ? "error" : "skipped");
			gate_out_xml(fp, gate_out_why[st]);
			fputs(": ", fp);
			gate_out_xml(fp, chg);
			if (st == GS_FAIL && !isnan(r->pg))
				fprintf(fp, ", p = %.2g", r->pg);
			fputs("\"/>\n", fp);
		}
		fputs("      <system-out>", fp);
		gate_out_xml(fp, chg);
		if (st == GS_PARTIAL) {
			fputs("; ", fp);
			gate_out_xml(fp, gate_out_why[st]);
		}
		fputs("</system-out>\n    </testcase>\n", fp);
	}
	fprintf(fp, "  </testsuite>\n</testsuites>\n");
	(void)rc;
}

/*
 * "| `csum.generic64` | 64 B, ... | +21.3% | +1.95 | 4 of 4 (+19.8% to
 * +23.1%) | 0.2% | 3.1e-05 | **FAIL** |"
 */
static void
gate_out_md_row(FILE *fp, const struct cmp_row *r)
{
	char pos[200];
	static const char *const word[] = { "pass", "**FAIL**",
	    "**cannot judge**", "not judged (--min-delta)",
	    "pass (some copies only)" };

	gate_out_position(r, pos, sizeof(pos));
	fprintf(fp, "| `%s` | %s | ", gate_out_kernel(r), pos);
	if (isfinite(r->ratio))
		fprintf(fp, "%+.2f%% | %+.3g | ", (r->ratio - 1) * 100,
		    r->delta);
	else
		fputs("| | ", fp);
	if (r->copies > 1 && isfinite(r->chg_lo))
		fprintf(fp, "%zu of %zu (%+.1f%% to %+.1f%%) | %.1f%% | ",
		    r->copies_slower, r->copies, r->chg_lo * 100,
		    r->chg_hi * 100, r->layout * 100);
	else
		fputs("| | ", fp);
	if (!isnan(r->pg))
		fprintf(fp, "%.2g", r->pg);
	fprintf(fp, " | %s |\n", word[gate_out_state(r)]);
}

/* The points of res in the states wanted (a bit set of gate_out_state). */
static void
gate_out_md_table(FILE *fp, const struct cmp_result *res,
    const struct cmp_opts *o, unsigned want)
{
	size_t i;

	fprintf(fp, "| Kernel | Point | Change (+: B slower) | Delta (%s) | "
	    "Copies more than %g%% slower | Moved between copies | p | "
	    "Verdict |\n|---|---|---|---|---|---|---|---|\n", res->unit,
	    o->fail_above);
	for (i = 0; i < res->n; i++)
		if (res->rows[i].lead &&
		    (want & (1u << gate_out_state(&res->rows[i]))))
			gate_out_md_row(fp, &res->rows[i]);
}

/* The points whose cost moved most between copies, at most 5. */
static void
gate_out_md_layout(FILE *fp, const struct cmp_result *res)
{
	const struct cmp_row *top[5] = { NULL };
	size_t i, j, k, n = 0;
	char pos[200];

	for (i = 0; i < res->n; i++) {
		const struct cmp_row *r = &res->rows[i];

		if (!r->lead || !isfinite(r->layout))
			continue;
		for (j = 0; j < n && top[j]->layout >= r->layout; j++)
			;
		if (j == 5)
			continue;
		for (k = n < 5 ? n : 4; k > j; k--)
			top[k] = top[k - 1];
		top[j] = r;
		n += n < 5;
	}
	if (n == 0)
		return;
	fputs("\nWhere the code lies: the points whose cost moved most "
	    "between copies of one build (the same code at other offsets):\n\n",
	    fp);
	for (i = 0; i < n; i++) {
		gate_out_position(top[i], pos, sizeof(pos));
		fprintf(fp, "- `%s`, %s: %.1f%%\n", gate_out_kernel(top[i]),
		    pos, top[i]->layout * 100);
	}
}

void
gate_out_markdown(FILE *fp, const struct cmp_result *res,
    const struct cmp_opts *o, int rc)
{
	const char *cpu = provenance_get(&res->b->prov, "cpu_brand");
	const char *hv = provenance_get(&res->b->prov, "hypervisor");
	size_t n[5];

	gate_out_count(res, n);
	fprintf(fp, "## csumbench gate: %s\n\n", rc == 0 ? "pass" : rc == 1 ?
	    "FAIL" : "cannot judge");
	fprintf(fp, "%zu of %zu points significantly more than %g%% slower in "
	    "B", n[GS_FAIL], res->points, o->fail_above);
	if (res->replicas > 1)
		fprintf(fp, " in every one of %zu copies of each build", res->replicas);
	fprintf(fp, "; %zu the gate cannot judge; %zu not judged (--min-delta); "
	    "%zu slower in some copies only.\n\n", n[GS_ERROR], n[GS_SMALL],
	    n[GS_PARTIAL]);
	fprintf(fp, "Costs in %s, %s; CPU: %s%s%s.\n\n", res->unit,
	    res->cost == CMP_COST_NET ? "net of the empty call" : "whole calls",
	    cpu != NULL ? cpu : "unknown", hv != NULL &&
	    *hv != '\0' ? ", a VM guest of " : "", hv != NULL ? hv : "");
	if (n[GS_FAIL] + n[GS_ERROR] + n[GS_SMALL] + n[GS_PARTIAL] > 0) {
		gate_out_md_table(fp, res, o, 1u << GS_FAIL | 1u << GS_ERROR |
		    1u << GS_SMALL | 1u << GS_PARTIAL);
		fputc('\n', fp);
	}
	fputs("<details><summary>Every point</summary>\n\n", fp);
	gate_out_md_table(fp, res, o, ~0u);
	fputs("\n</details>\n", fp);
	gate_out_md_layout(fp, res);
}
