/*
 * cmd_report.c - csumbench report: a Markdown report of a results file,
 * with its provenance, the best kernel per family and size range, the
 * figures and, against a baseline, the delta tables.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "optval.h"
#include "outfile.h"
#include "plot.h"
#include "report.h"
#include "rx_report.h"
#include "util.h"

enum {
	P_OUTPUT, P_COMPARE, P_FORMAT, P_FAMILY, P_KERNEL, P_COST, P_KEEP_DATA
};

static const struct opt_row report_rows[] = {
	[P_OUTPUT] = { .like = &opt_fig_dir,
	    .help = "the report's directory, made if missing" },
	[P_COMPARE] = { .like = &opt_compare },
	[P_FORMAT] = { .like = &opt_fig_format },
	[P_FAMILY] = { .like = &opt_family,
	    .help = "only these families (comma-separated globs)" },
	[P_KERNEL] = { .like = &opt_kernel },
	[P_COST] = { .like = &opt_cost,
	    .help = "the cost drawn (and compared): whole (the whole call) or "
	    "net (the empty call's cost subtracted)" },
	[P_KEEP_DATA] = { .like = &opt_keep_data,
	    .help = "keep each figure's data beside it as NAME.csv" },
};

/* A csumbench rx CSV: its tables and a figure per traffic. */
static int
report_rx(const struct plot_opts *po, const char *path, char *dir)
{
	struct figlist figs = { NULL, 0 };
	struct outfile of;
	char err[512], *out = xasprintf("%s/report.md", po->dir);

	if (plot_mkdir(po->dir, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (outfile_open(&of, out, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (rx_results_report(po, path, of.fp, &figs, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (outfile_commit(&of, err, sizeof(err)) != 0)
		usage_error("%s", err);
	printf("%s\n", out);
	free(out);
	plot_figlist_free(&figs);
	free(dir);
	return 0;
}

static int
report_exec(struct options *o)
{
	struct plot_opts po;
	struct plot_input in;
	struct figlist figs = { NULL, 0 };
	struct outfile of;
	char err[512], *dir, *path;

	if (optval_dir(OPTVAL_OF(o, P_OUTPUT), &dir, err, sizeof(err)) != 0 ||
	    plot_opts_from(&po, dir, options_value(o, P_FORMAT),
	    o->val[P_FAMILY], o->val[P_KERNEL], options_given(o, P_KEEP_DATA),
	    err, sizeof(err)) != 0 ||
	    optval_cost(OPTVAL_OF(o, P_COST), &po.cost, err, sizeof(err)) != 0)
		usage_error("report: %s", err);
	if (rx_results_is(o->argv[0]))
		return report_rx(&po, o->argv[0], dir);
	if (plot_input_load(&in, &po, o->argv[0], o->val[P_COMPARE], err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	if (plot_input_draw(&po, &in, &figs, err, sizeof(err)) != 0)
		usage_error("%s", err);
	path = xasprintf("%s/report.md", po.dir);
	if (outfile_open(&of, path, err, sizeof(err)) != 0)
		usage_error("%s", err);
	report_write(of.fp, &po, &in, &figs, o->argv[0], o->val[P_COMPARE]);
	if (outfile_commit(&of, err, sizeof(err)) != 0)
		usage_error("%s", err);
	printf("%s\n", path);
	free(path);
	plot_figlist_free(&figs);
	plot_input_free(&in);
	free(dir);
	return 0;
}

CMD_ENTRY(report, "Markdown report with figures and tables",
    .synopsis = "csumbench report RESULTS [--compare OTHER] [-o DIR]\n"
	"                        [--format png|svg] [-f FAMILY] [-k PATTERN]",
    .about = "Write DIR/report.md: where and how RESULTS (CSV or JSON) was "
	"measured (from RESULTS.meta, or the JSON's context), the fastest "
	"kernel of each family by size range, the figures of csumbench plot "
	"(written into DIR, linked by relative paths) and, with --compare, "
	"the change of every kernel against the baseline OTHER, as tables and "
	"charts. Prints the report's path.",
    .footer = "Needs gnuplot (Debian: apt-get install gnuplot-nox). See "
	"csumbench(1).",
    .min_args = 1, .max_args = 1,
    .too_few = "no results file given", .too_many = "one results file only");
