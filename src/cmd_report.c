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
#include "delta.h"
#include "plot.h"
#include "resultset.h"
#include "util.h"

static void
report_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench report RESULTS [--compare OTHER] [-o DIR]\n"
	    "                        [--format png|svg] [-f FAMILY] [-k PATTERN]\n"
	    "\n"
	    "Write DIR/report.md: where and how RESULTS was measured (from\n"
	    "RESULTS.meta), the fastest kernel of each family by size range,\n"
	    "the figures of csumbench plot (written into DIR, linked by relative\n"
	    "paths) and, with --compare, the change of every kernel against the\n"
	    "baseline OTHER, as tables and charts. Prints the report's path.\n"
	    "\n"
	    "  -o, --output DIR     the report's directory, made if missing\n"
	    "                       (default: the current directory)\n"
	    "      --compare OTHER  the baseline: deltas are (RESULTS - OTHER) /\n"
	    "                       OTHER of the median cost per call\n"
	    "      --format FMT     figures as png or svg (default: png)\n"
	    "  -f, --family LIST    only these families (comma-separated globs)\n"
	    "  -k, --kernel PATS    only kernels matching these globs\n"
	    "      --keep-data      keep each figure's data beside it as NAME.csv\n"
	    "  -h, --help           show this help\n"
	    "\n"
	    "Needs gnuplot (Debian: apt-get install gnuplot-nox). See csumbench(1).\n");
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
prov_cpu(const struct resultset *rs)
{
	const char *brand = rset_meta(rs, "cpu_brand");

	if (!rs->have_meta || *brand == '\0')
		return xstrdup("");
	return xasprintf("%s (%s, family %s model %s stepping %s; %s CPUs online)",
	    brand, rset_meta(rs, "cpu_vendor"), rset_meta(rs, "cpu_family"),
	    rset_meta(rs, "cpu_model"), rset_meta(rs, "cpu_stepping"),
	    rset_meta(rs, "cpus_online"));
}

static char *
prov_caches(const struct resultset *rs)
{
	char a[32], b[32], c[32];

	if (!rs->have_meta || *rset_meta(rs, "l1d_bytes") == '\0')
		return xstrdup("");
	return xasprintf("L1d %s, L2 %s, L3 %s",
	    size_label(atof(rset_meta(rs, "l1d_bytes")), a, sizeof a),
	    size_label(atof(rset_meta(rs, "l2_bytes")), b, sizeof b),
	    size_label(atof(rset_meta(rs, "l3_bytes")), c, sizeof c));
}

static char *
prov_timer(const struct resultset *rs)
{
	const char *t = rset_meta(rs, "timer");
	double hz = atof(rset_meta(rs, "timer_hz"));

	if (*t == '\0')
		return xstrdup("");
	return xasprintf("%s, unit %s%s%.4g GHz, start/stop overhead %s %s",
	    t, rset_meta(rs, "unit"), hz > 0 ? ", " : "", hz / 1e9,
	    rset_meta(rs, "timer_overhead"), rset_meta(rs, "unit"));
}

static char *
prov_state(const struct resultset *rs)
{
	const char *hv = rset_meta(rs, "hypervisor");
	const char *gov = rset_meta(rs, "governor");

	if (!rs->have_meta)
		return xstrdup("");
	return xasprintf("hypervisor %s, governor %s, turbo %s, load %s",
	    *hv ? hv : "none", *gov ? gov : "unknown",
	    *rset_meta(rs, "turbo") ? rset_meta(rs, "turbo") : "unknown",
	    *rset_meta(rs, "load_avg_1min") ? rset_meta(rs, "load_avg_1min") :
	    "unknown");
}

static void
write_provenance(FILE *fp, const struct resultset *rs,
    const struct resultset *base)
{
	static const struct { const char *label, *key; } plain[] = {
		{ "compiler", "compiler" }, { "flags", "cflags" },
		{ "csumbench", "csumbench_version" }, { "date", "date" },
		{ "host", "host" }, { "OS", "os" }, { "cache state", "cache" },
		{ "sizes", "sizes" }, { "offsets", "align" },
		{ "samples per point", "reps" }, { "command", "command" },
		{ NULL, NULL }
	};
	char *(*const derived[])(const struct resultset *) = {
		prov_cpu, prov_caches, prov_timer, prov_state
	};
	static const char *const dlabel[] = {
		"CPU", "caches", "timer", "machine state"
	};
	const struct resultset *b = base != NULL ? base : rs;
	int two = base != NULL;
	size_t i;

	fprintf(fp, "## Where and how\n\n");
	if (!rs->have_meta)
		fprintf(fp, "No provenance: %s.meta is missing (csumbench run "
		    "-o FILE writes FILE.meta beside FILE).\n\n", rs->path);
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
		prov_row(fp, plain[i].label, rset_meta(rs, plain[i].key),
		    rset_meta(b, plain[i].key), two);
	fputc('\n', fp);
	if (*rset_meta(rs, "hypervisor") != '\0')
		fprintf(fp, "Measured under a hypervisor (%s): other tenants "
		    "add noise; prefer the medians and their confidence "
		    "intervals to single figures.\n\n",
		    rset_meta(rs, "hypervisor"));
}

/* Rows of one family, cache state and mode at the offsets a throughput
 * figure shows (0/0 when measured, else the first pair). */
static size_t
group_slice(const struct plot_opts *o, const struct resultset *rs, size_t first,
    char *done, size_t *out)
{
	const struct rrow *r = &rs->rows[first];
	double s0 = r->src_align, d0 = r->dst_align;
	size_t j, n = 0;

	for (j = first; j < rs->n; j++) {
		const struct rrow *q = &rs->rows[j];

		if (strcmp(q->family, r->family) == 0 &&
		    strcmp(q->cache, r->cache) == 0 &&
		    strcmp(q->mode, r->mode) == 0 && plot_row_selected(o, q) &&
		    q->src_align == 0 && q->dst_align == 0)
			s0 = d0 = 0;
	}
	for (j = first; j < rs->n; j++) {
		const struct rrow *q = &rs->rows[j];

		if (done[j] || strcmp(q->family, r->family) != 0 ||
		    strcmp(q->cache, r->cache) != 0 ||
		    strcmp(q->mode, r->mode) != 0 || !plot_row_selected(o, q))
			continue;
		done[j] = 1;
		if (q->src_align == s0 && q->dst_align == d0 && q->size > 0 &&
		    q->median > 0)
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
write_best(FILE *fp, const struct plot_opts *o, const struct resultset *rs)
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
		const struct rrow *r = &rs->rows[i];
		int hz;
		char a[32], b[32];
		/* the current run of sizes */
		double lo = 0, hi = 0, tlo = 0, thi = 0, llo = 0, lhi = 0;
		const struct rrow *w = NULL, *ru = NULL;
		size_t nsz = 0, ties = 0, nrun = 0;

		if (done[i] || !plot_row_selected(o, r))
			continue;
		n = group_slice(o, rs, i, done, sl);
		if (n == 0)
			continue;
		hz = !isnan(rrow_gbps(&rs->rows[sl[0]]));
		fprintf(fp, "### %s, %s cache%s%s", r->family, r->cache,
		    strcmp(r->mode, "throughput") ? ", " : "",
		    strcmp(r->mode, "throughput") ? r->mode : "");
		if (rs->rows[sl[0]].src_align != 0 || rs->rows[sl[0]].dst_align != 0)
			fprintf(fp, ", offsets %.0f/%.0f", rs->rows[sl[0]].src_align,
			    rs->rows[sl[0]].dst_align);
		fprintf(fp, "\n\n| sizes | fastest | %s | runner-up | lead | "
		    "within noise |\n|---|---|---|---|---|---|\n",
		    hz ? "GB/s" : "bytes per unit");
		for (j = 0; j < n; j++)
			sizes[j] = rs->rows[sl[j]].size;
		qsort(sizes, n, sizeof(double), cmp_double);
		for (j = 0, ns = 0; j < n; j++)
			if (j == 0 || sizes[j] != sizes[j - 1])
				sizes[ns++] = sizes[j];
		for (j = 0; j <= ns; j++) {
			const struct rrow *best = NULL, *second = NULL;
			double t, lead;

			if (j < ns)
				for (k = 0; k < n; k++) {
					const struct rrow *q = &rs->rows[sl[k]];

					if (q->size != sizes[j])
						continue;
					if (best == NULL || q->median < best->median) {
						second = best;
						best = q;
					} else if (second == NULL ||
					    q->median < second->median)
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
			t = hz ? rrow_gbps(best) : best->size / best->median;
			lead = second != NULL ?
			    (second->median / best->median - 1) * 100 : 0;
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
			if (second != NULL && !isnan(best->ci_hi) &&
			    !isnan(second->ci_lo) && best->ci_hi >= second->ci_lo)
				ties++;
		}
		if (!hz)
			fprintf(fp, "\nThroughput in bytes per %s.\n",
			    unit_one(rs->rows[sl[0]].unit));
		fputc('\n', fp);
	}
	free(done);
	free(sl);
	free(sizes);
}

/* The deltas of one family at the figure's offsets: sizes down, kernels
 * across. */
static void
write_deltas(FILE *fp, const struct plot_opts *o, const struct delta *d,
    size_t nd, size_t unmatched, const char *bname, const char *aname)
{
	char *done = xcalloc(nd ? nd : 1, 1);
	size_t *g = xcalloc(nd ? nd : 1, sizeof(size_t));
	const char **ks = xcalloc(nd ? nd : 1, sizeof(char *));
	double *sizes = xcalloc(nd ? nd : 1, sizeof(double));
	size_t i, j, k, n, nk, ns, nsig = 0, nslow = 0;

	for (i = 0; i < nd; i++) {
		nsig += d[i].significant;
		nslow += d[i].significant && d[i].pct > 0;
	}
	fprintf(fp, "## Change against the baseline\n\n"
	    "Change in the median cost per call of %s against %s: "
	    "(this − baseline) / baseline; below zero is faster. %zu points "
	    "matched, %zu significant (%zu of them slower)%s. A change is "
	    "marked significant when the 95%% confidence intervals of the "
	    "two medians do not overlap; others are shown in parentheses with "
	    "\"n.s.\".\n\n", bname, aname, nd, nsig, nslow, "");
	if (unmatched)
		fprintf(fp, "%zu points of this run have no counterpart in the "
		    "baseline and are left out.\n\n", unmatched);
	for (i = 0; i < nd; i++) {
		const struct rrow *r = d[i].b;
		double s0 = r->src_align, d0 = r->dst_align;

		if (done[i] || !plot_row_selected(o, r))
			continue;
		for (j = i; j < nd; j++)
			if (strcmp(d[j].b->family, r->family) == 0 &&
			    strcmp(d[j].b->cache, r->cache) == 0 &&
			    strcmp(d[j].b->mode, r->mode) == 0 &&
			    d[j].b->src_align == 0 && d[j].b->dst_align == 0)
				s0 = d0 = 0;
		for (j = i, n = 0, nk = 0; j < nd; j++) {
			const struct rrow *q = d[j].b;

			if (done[j] || strcmp(q->family, r->family) != 0 ||
			    strcmp(q->cache, r->cache) != 0 ||
			    strcmp(q->mode, r->mode) != 0 ||
			    !plot_row_selected(o, q))
				continue;
			done[j] = 1;
			if (q->src_align != s0 || q->dst_align != d0)
				continue;
			g[n] = j;
			sizes[n++] = q->size;
			for (k = 0; k < nk && strcmp(ks[k], q->kernel) != 0; k++)
				;
			if (k == nk)
				ks[nk++] = q->kernel;
		}
		if (n == 0)
			continue;
		qsort(sizes, n, sizeof(double), cmp_double);
		for (j = 0, ns = 0; j < n; j++)
			if (j == 0 || sizes[j] != sizes[j - 1])
				sizes[ns++] = sizes[j];
		fprintf(fp, "### %s, %s cache", r->family, r->cache);
		if (s0 != 0 || d0 != 0)
			fprintf(fp, ", offsets %.0f/%.0f", s0, d0);
		fprintf(fp, "\n\n| size |");
		for (k = 0; k < nk; k++)
			fprintf(fp, " %s |", ks[k]);
		fprintf(fp, "\n|---:|");
		for (k = 0; k < nk; k++)
			fprintf(fp, "---:|");
		fputc('\n', fp);
		for (j = 0; j < ns; j++) {
			char a[32];

			fprintf(fp, "| %s |", size_label(sizes[j], a, sizeof a));
			for (k = 0; k < nk; k++) {
				const struct delta *x = NULL;
				size_t m;

				for (m = 0; m < n && x == NULL; m++)
					if (d[g[m]].b->size == sizes[j] &&
					    strcmp(d[g[m]].b->kernel, ks[k]) == 0)
						x = &d[g[m]];
				if (x == NULL)
					fprintf(fp, " – |");
				else if (x->significant)
					fprintf(fp, " **%+.1f%%** |", x->pct);
				else
					fprintf(fp, " (%+.1f%% n.s.) |", x->pct);
			}
			fputc('\n', fp);
		}
		fputc('\n', fp);
	}
	free(done);
	free(g);
	free(ks);
	free(sizes);
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
	struct resultset rs, base;
	struct figlist figs = { NULL, 0 };
	struct delta *d = NULL;
	size_t nd = 0, unmatched = 0;
	const char *compare;
	struct outfile of;
	char *path, *note = NULL;
	int i = plot_parse_args(argc, argv, &o, &compare, report_usage,
	    "report");

	rset_load(&rs, argv[i]);
	plot_check_selection(&o, &rs);
	if (compare != NULL) {
		rset_load(&base, compare);
		nd = delta_compute(&base, &rs, &d, &unmatched);
		if (nd == 0)
			usage_error("%s and %s have no point in common", argv[i],
			    compare);
		note = plot_compare_note(argv[i], compare);
	}
	plot_setup();
	o.quiet = 1;
	plot_results(&o, &rs, &figs);
	if (compare != NULL)
		plot_deltas(&o, d, nd, note, &figs);

	path = xasprintf("%s/report.md", o.dir);
	outfile_open(&of, path);
	fprintf(of.fp, "# csumbench report: %s\n\n", argv[i]);
	if (rs.have_meta)
		fprintf(of.fp, "Measured on %s with csumbench %s, %s. Costs are "
		    "per call, in %s; throughput is bytes per call divided by "
		    "that cost.\n\n", rset_meta(&rs, "cpu_brand"),
		    rset_meta(&rs, "csumbench_version"), rset_meta(&rs, "date"),
		    rset_meta(&rs, "unit"));
	write_provenance(of.fp, &rs, compare != NULL ? &base : NULL);
	write_best(of.fp, &o, &rs);
	write_figures(of.fp, &figs);
	if (compare != NULL)
		write_deltas(of.fp, &o, d, nd, unmatched, argv[i], compare);
	outfile_commit(&of);
	printf("%s\n", path);

	free(path);
	free(note);
	free(d);
	plot_figlist_free(&figs);
	if (compare != NULL)
		rset_free(&base);
	rset_free(&rs);
	return 0;
}
