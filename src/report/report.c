/*
 * report.c - the Markdown report of a results file (report.h): its
 * provenance, the fastest kernel per family and size range, the shapes,
 * the code layout, the figures and, against a baseline, the delta tables.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "ceilings.h"
#include "compare.h"
#include "decimal.h"
#include "layout.h"
#include "plot.h"
#include "report.h"
#include "rset.h"
#include "util.h"

/* Provenance: from RESULTS.meta, or the context of a JSON file. */
static int
report_has_meta(const struct rset *rs)
{
	return rs->prov.n > 0;
}

/*
 * Text of a results file in Markdown (a table cell, or a sentence): no
 * '|' or newline inside, and no HTML (a CPU brand "<img ...>" would be
 * markup in the report): '<', '>' and '&' as entities.
 */
static void
report_md_cell(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputs("\\|", fp);
		else if (*s == '\n')
			fputc(' ', fp);
		else if (*s == '<')
			fputs("&lt;", fp);
		else if (*s == '>')
			fputs("&gt;", fp);
		else if (*s == '&')
			fputs("&amp;", fp);
		else
			fputc(*s, fp);
	}
}

static const char *
report_size_label(double n, char *buf, size_t len)
{
	double v = n;

	if (!isfinite(n)) {
		snprintf(buf, len, "?");
		return buf;
	}
	if (n >= 1048576 && fmod(n, 1048576) == 0)
		snprintf(buf, len, "%.0f MiB", v / 1048576);
	else if (n >= 1024 && fmod(n, 1024) == 0)
		snprintf(buf, len, "%.0f KiB", v / 1024);
	else
		snprintf(buf, len, "%.0f B", v);
	return buf;
}

/* "tick" for "ticks", as in "bytes per tick". */
static const char *
report_unit_one(const char *unit)
{
	if (strcmp(unit, "ticks") == 0)
		return "tick";
	if (strcmp(unit, "cycles") == 0)
		return "cycle";
	return unit;
}

static void
report_prov_row(FILE *fp, const char *what, const char *a, const char *b,
    int two)
{
	fprintf(fp, "| %s | ", what);
	report_md_cell(fp, *a ? a : "unknown");
	if (two) {
		fputs(" | ", fp);
		report_md_cell(fp, *b ? b : "unknown");
	}
	fputs(" |\n", fp);
}

/* One provenance line as text: "AMD EPYC (AuthenticAMD, family 25 ...)". */
static char *
report_prov_cpu(const struct rset *rs)
{
	const char *brand = rset_meta(rs, "cpu_brand");

	if (!report_has_meta(rs) || *brand == '\0')
		return xstrdup("");
	return xasprintf("%s (%s, family %s model %s stepping %s; %s CPUs online)",
	    brand, rset_meta(rs, "cpu_vendor"), rset_meta(rs, "cpu_family"),
	    rset_meta(rs, "cpu_model"), rset_meta(rs, "cpu_stepping"),
	    rset_meta(rs, "cpus_online"));
}

/* A number of the provenance, as the file says it: NaN unless it is a
 * decimal number of at least 0. */
static double
report_meta_num(const struct rset *rs, const char *key)
{
	double v;

	return decimal_parse(rset_meta(rs, key), (size_t)-1, 0, &v) == 0 ?
	    v : NAN;
}

static char *
report_prov_caches(const struct rset *rs)
{
	char a[32], b[32], c[32];

	if (!report_has_meta(rs) || *rset_meta(rs, "l1d_bytes") == '\0')
		return xstrdup("");
	return xasprintf("L1d %s, L2 %s, L3 %s",
	    report_size_label(report_meta_num(rs, "l1d_bytes"), a, sizeof a),
	    report_size_label(report_meta_num(rs, "l2_bytes"), b, sizeof b),
	    report_size_label(report_meta_num(rs, "l3_bytes"), c, sizeof c));
}

static char *
report_prov_timer(const struct rset *rs)
{
	const char *t = rset_meta(rs, "timer");
	double hz = report_meta_num(rs, "timer_hz");

	char f[48] = "";

	if (*t == '\0')
		return xstrdup("");
	if (hz > 0)
		snprintf(f, sizeof(f), ", %.4g GHz", hz / 1e9);
	return xasprintf("%s, unit %s%s, start/stop overhead %s %s",
	    t, rset_meta(rs, "unit"), f, rset_meta(rs, "timer_overhead"),
	    rset_meta(rs, "unit"));
}

/* The samples behind the points as the file records them (not --reps,
 * which refinement exceeds). */
static char *
report_prov_samples(const struct rset *rs)
{
	size_t i, lo = (size_t)-1, hi = 0;

	for (i = 0; i < rs->n; i++) {
		lo = rs->p[i].n < lo ? rs->p[i].n : lo;
		hi = rs->p[i].n > hi ? rs->p[i].n : hi;
	}
	if (rs->n == 0)
		return xstrdup("none");
	return lo == hi ? xasprintf("%zu", lo) : xasprintf("%zu to %zu", lo,
	    hi);
}

/* The measured ceilings the run recorded, load/store/copy per level. */
static char *
report_prov_ceilings(const struct rset *rs)
{
	struct ceilings c;
	char buf[400];
	size_t n = 0;
	int l;

	if (ceilings_from_provenance(&rs->prov, &c) != 0)
		return xstrdup("");
	n += snprintf(buf, sizeof(buf), "load/store/copy bytes per unit (%s):",
	    c.unit);
	for (l = 0; l < CEIL_NLEVELS && n < sizeof(buf); l++)
		if (c.ws[l] != 0)
			n += snprintf(buf + n, sizeof(buf) - n, "%s %s "
			    "%.2f/%.2f/%.2f", l == 0 ? "" : ";",
			    ceilings_level_label(l), c.bpu[l][CEIL_LOAD],
			    c.bpu[l][CEIL_STORE], c.bpu[l][CEIL_COPY]);
	return xstrdup(buf);
}

static char *
report_prov_state(const struct rset *rs)
{
	const char *hv = rset_meta(rs, "hypervisor");
	const char *gov = rset_meta(rs, "governor");

	if (!report_has_meta(rs))
		return xstrdup("");
	return xasprintf("hypervisor %s, governor %s, turbo %s, load %s",
	    *hv ? hv : "none", *gov ? gov : "unknown",
	    *rset_meta(rs, "turbo") ? rset_meta(rs, "turbo") : "unknown",
	    *rset_meta(rs, "load_avg_1min") ? rset_meta(rs, "load_avg_1min") :
	    "unknown");
}

static void
report_provenance(FILE *fp, const struct rset *rs,
    const struct rset *base)
{
	static const struct { const char *label, *key; } plain[] = {
		{ "compiler", "compiler" }, { "flags", "cflags" },
		{ "csumbench", "csumbench_version" }, { "date", "date" },
		{ "host", "host" }, { "OS", "os" }, { "cache state", "cache" },
		{ "sizes", "sizes" }, { "offsets", "align" },
		{ "placement (distance)", "distance" },
		{ "cost in the file", "cost" },
		{ "command", "command" },
		{ NULL, NULL }
	};
	char *(*const derived[])(const struct rset *) = {
		report_prov_cpu, report_prov_caches, report_prov_timer,
		report_prov_state, report_prov_samples, report_prov_ceilings
	};
	static const char *const dlabel[] = {
		"CPU", "caches", "timer", "machine state", "samples per point",
		"ceilings (measured)"
	};
	const struct rset *b = base != NULL ? base : rs;
	int two = base != NULL;
	size_t i;

	fprintf(fp, "## Where and how\n\n");
	if (!report_has_meta(rs))
		fprintf(fp, "No provenance: %s.meta is missing (csumbench run "
		    "-o FILE.csv writes FILE.csv.meta beside it; a JSON file "
		    "holds its own).\n\n", rs->path);
	if (two)
		fprintf(fp, "| | %s (this run) | %s (baseline) |\n|---|---|---|\n",
		    rs->path, base->path);
	else
		fprintf(fp, "| | |\n|---|---|\n");
	for (i = 0; i < sizeof(derived) / sizeof(derived[0]); i++) {
		char *x = derived[i](rs), *y = derived[i](b);

		report_prov_row(fp, dlabel[i], x, y, two);
		free(x);
		free(y);
	}
	for (i = 0; plain[i].label != NULL; i++)
		report_prov_row(fp, plain[i].label, rset_meta(rs, plain[i].key),
		    rset_meta(b, plain[i].key), two);
	fputc('\n', fp);
	if (*rset_meta(rs, "hypervisor") != '\0')
		fprintf(fp, "Measured under a hypervisor (%s): other tenants "
		    "add noise; prefer the medians and their confidence "
		    "intervals to single figures.\n\n",
		    rset_meta(rs, "hypervisor"));
}

/* Rows of one family, cache state and mode at the offsets and placement
 * a throughput figure shows (0/0 when measured, else the first pair; the
 * default distance when measured, else the first). */
static size_t
report_group_slice(const struct plot_opts *o, const struct rset *rs,
    size_t first, char *done, size_t *out)
{
	const struct rpoint *r = &rs->p[first];
	size_t s0 = r->pos.src_off, d0 = r->pos.dst_off, dist = r->pos.distance;
	size_t j, n = 0;

	for (j = first; j < rs->n; j++) {
		const struct rpoint *q = &rs->p[j];

		if (strcmp(q->family, r->family) != 0 ||
		    q->pos.cache != r->pos.cache ||
		    q->pos.mode != r->pos.mode ||
		    !plot_row_selected(o, q))
			continue;
		if (q->pos.src_off == 0 && q->pos.dst_off == 0)
			s0 = d0 = 0;
		if (q->pos.distance == ARENA_APART)
			dist = ARENA_APART;
	}
	for (j = first; j < rs->n; j++) {
		const struct rpoint *q = &rs->p[j];

		if (done[j] || strcmp(q->family, r->family) != 0 ||
		    q->pos.cache != r->pos.cache ||
		    q->pos.mode != r->pos.mode ||
		    !plot_row_selected(o, q))
			continue;
		done[j] = 1;
		if (q->pos.src_off == s0 && q->pos.dst_off == d0 &&
		    q->pos.distance == dist && q->pos.size > 0 &&
		    q->st.median > 0 &&
		    rset_shape(q)[0] == '\0')
			out[n++] = j;
	}
	return n;
}

static int
report_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* A run of sizes with the same fastest kernel: one line of the table. */
struct report_best {
	const struct rpoint *w, *ru;	/* the winner; its first runner-up */
	double	 lo, hi;		/* sizes */
	double	 tlo, thi;		/* the winner's throughput */
	double	 llo, lhi;		/* its lead, percent */
	size_t	 nsz, ties;		/* sizes; sizes within noise */
	size_t	 nfloor;		/* sizes floor-limited: no throughput */
};

/* The fastest and the second fastest of the rows sl[0..n-1] at size. */
static void
report_best_at(const struct rset *rs, const size_t *sl, size_t n, double size,
    const struct rpoint **best, const struct rpoint **second)
{
	size_t k;

	*best = *second = NULL;
	for (k = 0; k < n; k++) {
		const struct rpoint *q = &rs->p[sl[k]];

		if (q->pos.size != size)
			continue;
		if (*best == NULL || q->st.median < (*best)->st.median) {
			*second = *best;
			*best = q;
		} else if (*second == NULL ||
		    q->st.median < (*second)->st.median)
			*second = q;
	}
}

/*
 * "lo – hi" then unit; one figure where both ends print alike ("1%", not
 * "1 – 1%"). prec 0: whole numbers; else that many significant digits.
 */
static void
report_range(FILE *fp, int prec, double lo, double hi, const char *unit)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), prec ? "%.*g" : "%.*f", prec, lo);
	snprintf(b, sizeof(b), prec ? "%.*g" : "%.*f", prec, hi);
	if (strcmp(a, b) == 0)
		fprintf(fp, "%s%s", a, unit);
	else
		fprintf(fp, "%s – %s%s", a, b, unit);
}

static void
report_best_print(FILE *fp, const struct report_best *b)
{
	char x[32], y[32];

	fprintf(fp, "| %s", report_size_label(b->lo, x, sizeof x));
	if (b->hi != b->lo)
		fprintf(fp, " – %s", report_size_label(b->hi, y, sizeof y));
	/* Not "fastest" where no size tells it from the runner-up. */
	if (b->ru != NULL && b->ties == b->nsz)
		fprintf(fp, " | none clear (lowest median: %s) | ",
		    b->w->kernel);
	else
		fprintf(fp, " | %s | ", b->w->kernel);
	if (!isfinite(b->tlo))
		fprintf(fp, "<floor");
	else
		report_range(fp, 3, b->tlo, b->thi, "");
	if (isfinite(b->tlo) && b->nfloor > 0)
		fprintf(fp, " (<floor at %zu size%s)", b->nfloor,
		    b->nfloor == 1 ? "" : "s");
	if (b->ru == NULL) {
		fprintf(fp, " | – | – | – |\n");
		return;
	}
	fprintf(fp, " | %s | ", b->ru->kernel);
	report_range(fp, 0, b->llo, b->lhi, "%");
	fprintf(fp, " | %zu of %zu |\n", b->ties, b->nsz);
}

/* One more size won by best (t its throughput) into the run b. */
static void
report_best_add(struct report_best *b, const struct rpoint *best,
    const struct rpoint *second, double t)
{
	double lead = second != NULL ?
	    (second->st.median / best->st.median - 1) * 100 : 0;

	if (b->w == NULL) {
		b->w = best;
		b->ru = second;
		b->lo = b->hi = best->pos.size;
		b->tlo = b->thi = NAN;
		b->llo = b->lhi = lead;
		b->nsz = b->ties = b->nfloor = 0;
	}
	b->hi = best->pos.size;
	if (!isfinite(t))
		b->nfloor++;	/* floor-limited: no throughput to range */
	else if (!isfinite(b->tlo))
		b->tlo = b->thi = t;
	b->tlo = t < b->tlo ? t : b->tlo;
	b->thi = t > b->thi ? t : b->thi;
	b->llo = lead < b->llo ? lead : b->llo;
	b->lhi = lead > b->lhi ? lead : b->lhi;
	b->nsz++;
	/* The summary's test, so that the two agree on the same file. */
	if (second != NULL && compare_within_noise(best, second, 0.05, NULL))
		b->ties++;
}

/* The table of one group: the rows sl[0..n-1], sizes their sorted sizes. */
static void
report_fastest_group(FILE *fp, const struct rset *rs, const size_t *sl,
    size_t n, double *sizes)
{
	const struct rpoint *r = &rs->p[sl[0]], *best, *second;
	int hz = r->hz > 0 || strcmp(r->unit, "ns") == 0;
	struct report_best b = { 0 };
	size_t j, ns;

	fprintf(fp, "### %s, %s cache%s%s", r->family, cache_name(r->pos.cache),
	    r->pos.mode != MODE_THROUGHPUT ? ", " : "",
	    r->pos.mode != MODE_THROUGHPUT ? mode_name(r->pos.mode) : "");
	if (r->pos.src_off != 0 || r->pos.dst_off != 0)
		fprintf(fp, ", offsets %zu/%zu", r->pos.src_off,
		    r->pos.dst_off);
	if (r->pos.distance != ARENA_APART)
		fprintf(fp, ", distance %zu", r->pos.distance);
	fprintf(fp, "\n\n| sizes | fastest | %s | runner-up | lead | "
	    "within noise |\n|---|---|---|---|---|---|\n",
	    hz ? "GB/s" : "bytes per unit");
	for (j = 0; j < n; j++)
		sizes[j] = rs->p[sl[j]].pos.size;
	qsort(sizes, n, sizeof(double), report_cmp_double);
	for (j = 0, ns = 0; j < n; j++)
		if (j == 0 || sizes[j] != sizes[j - 1])
			sizes[ns++] = sizes[j];
	for (j = 0; j < ns; j++) {
		report_best_at(rs, sl, n, sizes[j], &best, &second);
		/* Close the run when the winner changes. */
		if (b.w != NULL && strcmp(best->kernel, b.w->kernel) != 0) {
			report_best_print(fp, &b);
			b.w = NULL;
		}
		report_best_add(&b, best, second, hz ? rset_gbps(best) :
		    rset_bytes_per_unit(best));
	}
	if (b.w != NULL)
		report_best_print(fp, &b);
	if (!hz)
		fprintf(fp, "\nThroughput in bytes per %s.\n",
		    report_unit_one(r->unit));
	fputc('\n', fp);
}

/* The fastest kernel at each size, runs of sizes with the same winner
 * merged into one line. */
static void
report_fastest(FILE *fp, const struct plot_opts *o, const struct rset *rs)
{
	char *done = xcalloc(rs->n, 1);
	size_t *sl = xcalloc(rs->n, sizeof(size_t));
	double *sizes = xcalloc(rs->n, sizeof(double));
	size_t i, n;

	fprintf(fp, "## Fastest kernel by size\n\n"
	    "The kernel with the lowest median cost per call at each size, "
	    "sizes with the same winner merged; the lead is the runner-up's "
	    "extra cost. \"Within noise\" counts sizes where the runner-up "
	    "is within noise of the fastest by the test of the terminal's "
	    "summary and of run --baseline (with raw samples, the signed-rank "
	    "test on segments of paired samples at alpha 0.05 and a change "
	    "beyond the medians' 95%% confidence intervals; without them, the "
	    "intervals' overlap).\n\n");
	for (i = 0; i < rs->n; i++) {
		if (done[i] || !plot_row_selected(o, &rs->p[i]))
			continue;
		n = report_group_slice(o, rs, i, done, sl);
		if (n > 0)
			report_fastest_group(fp, rs, sl, n, sizes);
	}
	free(done);
	free(sl);
	free(sizes);
}

/*
 * Distributions and csum_diff F/T shapes: not on a size axis, so not in
 * the figures; a table of their own.
 */
static void
report_shapes(FILE *fp, const struct plot_opts *o, const struct rset *rs)
{
	size_t i, n = 0;

	for (i = 0; i < rs->n; i++) {
		const struct rpoint *p = &rs->p[i];

		if (!plot_row_selected(o, p) || rset_shape(p)[0] == '\0')
			continue;
		if (n++ == 0)
			fprintf(fp, "## Distributions and shapes\n\nPoints whose "
			    "size is a distribution (each call takes the next "
			    "size of a sequence drawn from it) or a csum_diff "
			    "from/to pair: the median cost per call with its "
			    "overhead (the empty call's cost: median plus "
			    "overhead is the whole call), and bytes per unit "
			    "at the mean size.\n\n| family | kernel | shape | "
			    "mean size | cache | mode | median | overhead | "
			    "unit | bytes/unit |\n|---|---|---|---:|---|---|"
			    "---:|---:|---|---:|\n");
		fprintf(fp, "| %s | %s | ", p->family, p->kernel);
		report_md_cell(fp, rset_shape(p));
		fprintf(fp, " | %.2f | %s | %s | %.2f | %.2f | %s | %.2f |\n",
		    rset_bytes(p), cache_name(p->pos.cache),
		    mode_name(p->pos.mode), p->st.median,
		    p->overhead, p->unit, rset_bytes_per_unit(p));
	}
	if (n > 0)
		fputc('\n', fp);
}

/* compare's markdown tables of the points the delta charts show. */
static void
report_deltas(FILE *fp, const struct cmp_result *res,
    const struct cmp_opts *co, const char *bname, const char *aname)
{
	struct plot_charts ch;
	struct cmp_opts md = *co;
	size_t i, nsig = 0, nslow = 0;

	md.style = CMP_MARKDOWN;
	for (i = 0; i < res->n; i++) {
		nsig += res->rows[i].sig;
		nslow += res->rows[i].sig && res->rows[i].ratio > 1;
	}
	fprintf(fp, "## Change against the baseline\n\n"
	    "%s (B) against the baseline %s (A), as `csumbench compare "
	    "%s %s` finds it: %zu points matched, %zu of them changed "
	    "significantly (%zu slower). The tables show the points of the "
	    "delta charts (offsets 0/0, or the first offsets compared); "
	    "Delta is median B / median A - 1 of the cost per call, "
	    "positive when this run is slower; changes that are not "
	    "significant are marked ~.\n\n", bname, aname, aname, bname,
	    res->n, nsig, nslow);
	if (res->unmatched_b)
		fprintf(fp, "%zu points of this run have no counterpart in the "
		    "baseline and are left out.\n\n", res->unmatched_b);
	if (res->unmatched_a)
		fprintf(fp, "%zu points of the baseline have no counterpart in "
		    "this run and are left out.\n\n", res->unmatched_a);
	plot_delta_charts(res, &ch);
	for (i = 0; i < ch.n; i++) {
		compare_print(fp, ch.rows + ch.start[i],
		    ch.start[i + 1] - ch.start[i], res, &md);
		fputc('\n', fp);
	}
	plot_charts_free(&ch);
}

/*
 * Results of copies of one object at other offsets (run --replicas): how
 * far each kernel's cost moved with its layout, as run printed it.
 */
static void
report_layout(FILE *fp, const struct rset *rs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (mem == NULL)
		return;
	if (layout_write(mem, rs, 10) > 0 && fclose(mem) == 0)
		fprintf(fp, "## Code layout\n\nThe same code at other offsets "
		    "in the page (run --replicas): how far each kernel's cost "
		    "moved between its copies.\n\n```\n%s```\n\n", buf);
	else
		fclose(mem);
	free(buf);
}

static void
report_figures(FILE *fp, const struct figlist *figs)
{
	size_t i, j;
	char sz[32];

	fprintf(fp, "## Figures\n\n");
	for (i = 0; i < figs->n; i++) {
		const struct figure *f = &figs->v[i];
		int first = 1;

		/* Group by family, in order of first appearance. */
		for (j = 0; j < i; j++)
			if (strcmp(figs->v[j].family, f->family) == 0)
				first = 0;
		if (!first)
			continue;
		fprintf(fp, "### %s\n\n", f->family);
		for (j = i; j < figs->n; j++) {
			const struct figure *g = &figs->v[j];

			if (strcmp(g->family, f->family) != 0)
				continue;
			if (strcmp(g->kind, "throughput") == 0)
				fprintf(fp, "![%s throughput against size, %s "
				    "cache](%s)\n\n", g->family, g->cache,
				    g->name);
			else if (strcmp(g->kind, "delta") == 0)
				fprintf(fp, "![%s: change against the baseline, "
				    "%s cache](%s)\n\n", g->family, g->cache,
				    g->name);
			else if (strcmp(g->kind, "distance") == 0)
				fprintf(fp, "![%s: cost by placement, size by "
				    "distance, and each cell's 95%% CI width, "
				    "%s cache](%s)\n\n", g->kernel,
				    g->cache, g->name);
			else
				fprintf(fp, "![%s at %s: cost by %s, and each "
				    "cell's 95%% CI width](%s)\n\n",
				    g->kernel,
				    report_size_label(g->size, sz, sizeof sz),
				    strcmp(g->kind, "heatmap-rel") == 0 ?
				    "relative misalignment" :
				    "source and destination offset", g->name);
		}
	}
}

void
report_write(FILE *fp, const struct plot_opts *po,
    const struct plot_input *in, const struct figlist *figs,
    const char *path, const char *compare)
{
	const struct rset *rs = &in->rs;

	fprintf(fp, "# csumbench report: %s\n\n", path);
	if (report_has_meta(rs)) {
		fputs("Measured on ", fp);
		report_md_cell(fp, rset_meta(rs, "cpu_brand"));
		fputs(" with csumbench ", fp);
		report_md_cell(fp, rset_meta(rs, "csumbench_version"));
		fputs(", ", fp);
		report_md_cell(fp, rset_meta(rs, "date"));
		fputs(". Costs are per call, in ", fp);
		report_md_cell(fp, rset_meta(rs, "unit"));
		fprintf(fp, ", %s; throughput is bytes per call divided by that "
		    "cost, and none is given where the call costs what an empty "
		    "call does (<floor).\n\n", po->cost == CMP_COST_NET ?
		    "net (the empty call's cost subtracted)" : "of the whole "
		    "call");
	}
	report_provenance(fp, rs, in->has_base ? &in->base : NULL);
	report_fastest(fp, po, rs);
	report_shapes(fp, po, rs);
	report_layout(fp, rs);
	report_figures(fp, figs);
	if (in->has_base)
		report_deltas(fp, &in->res, &in->co, path, compare);
}
