/*
 * cmd_report.c - csumbench report: a Markdown report of a results file,
 * with its provenance, the best kernel per family and size range, the
 * figures and, against a baseline, the delta tables.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "compare.h"
#include "load.h"
#include "plot.h"
#include "util.h"

static void
report_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench report RESULTS [--compare OTHER] [-o DIR]\n"
	    "                        [--format png|svg] [-f FAMILY] [-k PATTERN]\n"
	    "\n"
	    "Write DIR/report.md: where and how RESULTS (CSV or JSON) was\n"
	    "measured (from RESULTS.meta, or the JSON's context), the fastest kernel of each family by size range,\n"
	    "the figures of csumbench plot (written into DIR, linked by relative\n"
	    "paths) and, with --compare, the change of every kernel against the\n"
	    "baseline OTHER, as tables and charts. Prints the report's path.\n"
	    "\n"
	    "  -o, --output DIR     the report's directory, made if missing\n"
	    "                       (default: the current directory)\n"
	    "      --compare OTHER  the baseline: the deltas and their significance\n"
	    "                       of 'csumbench compare OTHER RESULTS'\n"
	    "      --format FMT     figures as png or svg (default: png)\n"
	    "  -f, --family LIST    only these families (comma-separated globs)\n"
	    "  -k, --kernel PATS    only kernels matching these globs\n"
	    "      --keep-data      keep each figure's data beside it as NAME.csv\n"
	    "  -h, --help           show this help\n"
	    "\n"
	    "Needs gnuplot (Debian: apt-get install gnuplot-nox). See csumbench(1).\n");
}

/* Provenance: from RESULTS.meta, or the context of a JSON file. */
static int
has_meta(const struct rset *rs)
{
	return rs->prov.n > 0;
}

/* Markdown table cells: no '|' or newline inside. */
static void
md_cell(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputs("\\|", fp);
		else if (*s == '\n')
			fputc(' ', fp);
		else
			fputc(*s, fp);
	}
}

static const char *
size_label(double n, char *buf, size_t len)
{
	double v = n;

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
unit_one(const char *unit)
{
	if (strcmp(unit, "ticks") == 0)
		return "tick";
	if (strcmp(unit, "cycles") == 0)
		return "cycle";
	return unit;
}

static void
prov_row(FILE *fp, const char *what, const char *a, const char *b, int two)
{
	fprintf(fp, "| %s | ", what);
	md_cell(fp, *a ? a : "unknown");
	if (two) {
		fputs(" | ", fp);
		md_cell(fp, *b ? b : "unknown");
	}
	fputs(" |\n", fp);
}

/* One provenance line as text: "AMD EPYC (AuthenticAMD, family 25 ...)". */
static char *
prov_cpu(const struct rset *rs)
{
	const char *brand = load_meta(rs, "cpu_brand");

	if (!has_meta(rs) || *brand == '\0')
		return xstrdup("");
	return xasprintf("%s (%s, family %s model %s stepping %s; %s CPUs online)",
	    brand, load_meta(rs, "cpu_vendor"), load_meta(rs, "cpu_family"),
	    load_meta(rs, "cpu_model"), load_meta(rs, "cpu_stepping"),
	    load_meta(rs, "cpus_online"));
}

static char *
prov_caches(const struct rset *rs)
{
	char a[32], b[32], c[32];

	if (!has_meta(rs) || *load_meta(rs, "l1d_bytes") == '\0')
		return xstrdup("");
	return xasprintf("L1d %s, L2 %s, L3 %s",
	    size_label(atof(load_meta(rs, "l1d_bytes")), a, sizeof a),
	    size_label(atof(load_meta(rs, "l2_bytes")), b, sizeof b),
	    size_label(atof(load_meta(rs, "l3_bytes")), c, sizeof c));
}

static char *
prov_timer(const struct rset *rs)
{
	const char *t = load_meta(rs, "timer");
	double hz = atof(load_meta(rs, "timer_hz"));

	if (*t == '\0')
		return xstrdup("");
	return xasprintf("%s, unit %s%s%.4g GHz, start/stop overhead %s %s",
	    t, load_meta(rs, "unit"), hz > 0 ? ", " : "", hz / 1e9,
	    load_meta(rs, "timer_overhead"), load_meta(rs, "unit"));
}

static char *
prov_state(const struct rset *rs)
{
	const char *hv = load_meta(rs, "hypervisor");
	const char *gov = load_meta(rs, "governor");

	if (!has_meta(rs))
		return xstrdup("");
	return xasprintf("hypervisor %s, governor %s, turbo %s, load %s",
	    *hv ? hv : "none", *gov ? gov : "unknown",
	    *load_meta(rs, "turbo") ? load_meta(rs, "turbo") : "unknown",
	    *load_meta(rs, "load_avg_1min") ? load_meta(rs, "load_avg_1min") :
	    "unknown");
}

static void
write_provenance(FILE *fp, const struct rset *rs,
    const struct rset *base)
{
	static const struct { const char *label, *key; } plain[] = {
		{ "compiler", "compiler" }, { "flags", "cflags" },
		{ "csumbench", "csumbench_version" }, { "date", "date" },
		{ "host", "host" }, { "OS", "os" }, { "cache state", "cache" },
		{ "sizes", "sizes" }, { "offsets", "align" },
		{ "samples per point", "reps" }, { "command", "command" },
		{ NULL, NULL }
	};
	char *(*const derived[])(const struct rset *) = {
		prov_cpu, prov_caches, prov_timer, prov_state
	};
	static const char *const dlabel[] = {
		"CPU", "caches", "timer", "machine state"
	};
	const struct rset *b = base != NULL ? base : rs;
	int two = base != NULL;
	size_t i;

	fprintf(fp, "## Where and how\n\n");
	if (!has_meta(rs))
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

		prov_row(fp, dlabel[i], x, y, two);
		free(x);
		free(y);
	}
	for (i = 0; plain[i].label != NULL; i++)
		prov_row(fp, plain[i].label, load_meta(rs, plain[i].key),
		    load_meta(b, plain[i].key), two);
	fputc('\n', fp);
	if (*load_meta(rs, "hypervisor") != '\0')
		fprintf(fp, "Measured under a hypervisor (%s): other tenants "
		    "add noise; prefer the medians and their confidence "
		    "intervals to single figures.\n\n",
		    load_meta(rs, "hypervisor"));
}

/* Rows of one family, cache state and mode at the offsets a throughput
 * figure shows (0/0 when measured, else the first pair). */
static size_t
group_slice(const struct plot_opts *o, const struct rset *rs, size_t first,
    char *done, size_t *out)
{
	const struct rpoint *r = &rs->p[first];
	size_t s0 = r->src_align, d0 = r->dst_align;
	size_t j, n = 0;

	for (j = first; j < rs->n; j++) {
		const struct rpoint *q = &rs->p[j];

		if (strcmp(q->family, r->family) == 0 &&
		    strcmp(q->cache, r->cache) == 0 &&
		    strcmp(q->mode, r->mode) == 0 && plot_row_selected(o, q) &&
		    q->src_align == 0 && q->dst_align == 0)
			s0 = d0 = 0;
	}
	for (j = first; j < rs->n; j++) {
		const struct rpoint *q = &rs->p[j];

		if (done[j] || strcmp(q->family, r->family) != 0 ||
		    strcmp(q->cache, r->cache) != 0 ||
		    strcmp(q->mode, r->mode) != 0 || !plot_row_selected(o, q))
			continue;
		done[j] = 1;
		if (q->src_align == s0 && q->dst_align == d0 && q->size > 0 &&
		    q->st.median > 0)
			out[n++] = j;
	}
	return n;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The fastest kernel at each size, runs of sizes with the same winner
 * merged into one line. */
static void
write_best(FILE *fp, const struct plot_opts *o, const struct rset *rs)
{
	char *done = xcalloc(rs->n, 1);
	size_t *sl = xcalloc(rs->n, sizeof(size_t));
	double *sizes = xcalloc(rs->n, sizeof(double));
	size_t i, j, k, n, ns;

	fprintf(fp, "## Fastest kernel by size\n\n"
	    "The kernel with the lowest median cost per call at each size, "
	    "sizes with the same winner merged; the lead is the runner-up's "
	    "extra cost. \"Within noise\" counts sizes where the 95%% "
	    "confidence intervals of the two medians overlap.\n\n");
	for (i = 0; i < rs->n; i++) {
		const struct rpoint *r = &rs->p[i];
		int hz;
		char a[32], b[32];
		/* the current run of sizes */
		double lo = 0, hi = 0, tlo = 0, thi = 0, llo = 0, lhi = 0;
		const struct rpoint *w = NULL, *ru = NULL;
		size_t nsz = 0, ties = 0, nrun = 0;

		if (done[i] || !plot_row_selected(o, r))
			continue;
		n = group_slice(o, rs, i, done, sl);
		if (n == 0)
			continue;
		hz = !isnan(load_gbps(&rs->p[sl[0]]));
		fprintf(fp, "### %s, %s cache%s%s", r->family, r->cache,
		    strcmp(r->mode, "throughput") ? ", " : "",
		    strcmp(r->mode, "throughput") ? r->mode : "");
		if (rs->p[sl[0]].src_align != 0 || rs->p[sl[0]].dst_align != 0)
			fprintf(fp, ", offsets %zu/%zu", rs->p[sl[0]].src_align,
			    rs->p[sl[0]].dst_align);
		fprintf(fp, "\n\n| sizes | fastest | %s | runner-up | lead | "
		    "within noise |\n|---|---|---|---|---|---|\n",
		    hz ? "GB/s" : "bytes per unit");
		for (j = 0; j < n; j++)
			sizes[j] = rs->p[sl[j]].size;
		qsort(sizes, n, sizeof(double), cmp_double);
		for (j = 0, ns = 0; j < n; j++)
			if (j == 0 || sizes[j] != sizes[j - 1])
				sizes[ns++] = sizes[j];
		for (j = 0; j <= ns; j++) {
			const struct rpoint *best = NULL, *second = NULL;
			double t, lead;

			if (j < ns)
				for (k = 0; k < n; k++) {
					const struct rpoint *q = &rs->p[sl[k]];

					if (q->size != sizes[j])
						continue;
					if (best == NULL || q->st.median < best->st.median) {
						second = best;
						best = q;
					} else if (second == NULL ||
					    q->st.median < second->st.median)
						second = q;
				}
			/* Close the run when the winner changes. */
			if (w != NULL && (j == ns || strcmp(best->kernel,
			    w->kernel) != 0)) {
				fprintf(fp, "| %s", size_label(lo, a, sizeof a));
				if (hi != lo)
					fprintf(fp, " – %s", size_label(hi, b, sizeof b));
				fprintf(fp, " | %s | ", w->kernel);
				if (fabs(thi - tlo) < 0.005 * thi)
					fprintf(fp, "%.3g", tlo);
				else
					fprintf(fp, "%.3g – %.3g", tlo, thi);
				if (ru != NULL) {
					fprintf(fp, " | %s | ", ru->kernel);
					if (fabs(lhi - llo) < 0.5)
						fprintf(fp, "%.0f%%", llo);
					else
						fprintf(fp, "%.0f – %.0f%%", llo, lhi);
					fprintf(fp, " | %zu of %zu |\n", ties, nsz);
				} else
					fprintf(fp, " | – | – | – |\n");
				w = NULL;
			}
			if (j == ns)
				break;
			t = hz ? load_gbps(best) : best->size / best->st.median;
			lead = second != NULL ?
			    (second->st.median / best->st.median - 1) * 100 : 0;
			if (w == NULL) {
				w = best;
				ru = second;
				lo = hi = best->size;
				tlo = thi = t;
				llo = lhi = lead;
				nsz = ties = 0;
				nrun++;
			}
			hi = best->size;
			tlo = t < tlo ? t : tlo;
			thi = t > thi ? t : thi;
			llo = lead < llo ? lead : llo;
			lhi = lead > lhi ? lead : lhi;
			nsz++;
			if (second != NULL && !isnan(best->st.ci_hi) &&
			    !isnan(second->st.ci_lo) && best->st.ci_hi >= second->st.ci_lo)
				ties++;
		}
		if (!hz)
			fprintf(fp, "\nThroughput in bytes per %s.\n",
			    unit_one(rs->p[sl[0]].unit));
		fputc('\n', fp);
	}
	free(done);
	free(sl);
	free(sizes);
}

/* compare's markdown tables of the points the delta charts show. */
static void
write_deltas(FILE *fp, const struct cmp_result *res,
    const struct cmp_opts *co, const char *bname, const char *aname)
{
	struct cmp_row *g = xcalloc(res->n + 1, sizeof(*g));
	char *done = xcalloc(res->n + 1, 1);
	struct cmp_opts md = *co;
	size_t i, ng, nsig = 0, nslow = 0;

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
	for (i = 0; i < res->n; i++) {
		if (done[i] || (ng = plot_delta_rows(res, i, done, g)) == 0)
			continue;
		compare_print(fp, g, ng, res->unit, &md);
		fputc('\n', fp);
	}
	free(g);
	free(done);
}

static void
write_figures(FILE *fp, const struct figlist *figs)
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
			else
				fprintf(fp, "![%s at %s: cost by %s](%s)\n\n",
				    g->kernel, size_label(g->size, sz, sizeof sz),
				    strcmp(g->kind, "heatmap-rel") == 0 ?
				    "relative misalignment" :
				    "source and destination offset", g->name);
		}
	}
}

int
cmd_report(int argc, char **argv)
{
	struct plot_opts o;
	struct rset rs, base;
	struct figlist figs = { NULL, 0 };
	struct cmp_opts co;
	struct cmp_result res;
	const char *compare;
	struct outfile of;
	char *path, *note = NULL;
	int i = plot_parse_args(argc, argv, &o, &compare, report_usage,
	    "report");

	plot_open(&o, argv[i], compare, &rs, &base, &co, &res);
	if (compare != NULL)
		note = plot_compare_note(argv[i], compare);
	plot_setup();
	o.quiet = 1;
	plot_results(&o, &rs, &figs);
	if (compare != NULL)
		plot_deltas(&o, &res, &co, note, &figs);

	path = xasprintf("%s/report.md", o.dir);
	outfile_open(&of, path);
	fprintf(of.fp, "# csumbench report: %s\n\n", argv[i]);
	if (has_meta(&rs))
		fprintf(of.fp, "Measured on %s with csumbench %s, %s. Costs are "
		    "per call, in %s; throughput is bytes per call divided by "
		    "that cost.\n\n", load_meta(&rs, "cpu_brand"),
		    load_meta(&rs, "csumbench_version"), load_meta(&rs, "date"),
		    load_meta(&rs, "unit"));
	write_provenance(of.fp, &rs, compare != NULL ? &base : NULL);
	write_best(of.fp, &o, &rs);
	write_figures(of.fp, &figs);
	if (compare != NULL)
		write_deltas(of.fp, &res, &co, argv[i], compare);
	outfile_commit(&of);
	printf("%s\n", path);

	free(path);
	free(note);
	plot_figlist_free(&figs);
	if (compare != NULL) {
		compare_result_free(&res);
		load_free(&base);
	}
	load_free(&rs);
	return 0;
}
