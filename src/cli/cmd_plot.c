/*
 * cmd_plot.c - csumbench plot: gnuplot figures of a results file.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "optval.h"
#include "plot.h"
#include "rx_report.h"
#include "util.h"

enum {
	P_OUTPUT, P_FORMAT, P_FAMILY, P_KERNEL, P_COMPARE, P_COST, P_KEEP_DATA
};

static const struct opt_row plot_rows[] = {
	[P_OUTPUT] = { .like = &opt_fig_dir },
	[P_FORMAT] = { .like = &opt_fig_format, .help = "png or svg" },
	[P_FAMILY] = { .like = &opt_family,
	    .help = "only these families (comma-separated globs)" },
	[P_KERNEL] = { .like = &opt_kernel },
	[P_COMPARE] = { .like = &opt_compare,
	    .help = "also a delta chart per family: the change of RESULTS "
	    "against the baseline OTHER, as 'csumbench compare OTHER RESULTS' "
	    "finds it" },
	[P_COST] = { .like = &opt_cost,
	    .help = "the cost drawn (and compared): whole (the whole call) or "
	    "net (the empty call's cost subtracted)" },
	[P_KEEP_DATA] = { .like = &opt_keep_data },
};

/* A csumbench rx CSV: one figure per traffic. */
static int
plot_rx_results(const struct plot_opts *po, const char *path, char *dir)
{
	struct figlist figs = { NULL, 0 };
	char err[512];
	size_t i;
	int rc = rx_results_plot(po, path, &figs, err, sizeof(err));

	for (i = 0; i < figs.n; i++)
		printf("%s\n", figs.v[i].path);
	if (rc != 0)
		usage_error("%s", err);
	plot_figlist_free(&figs);
	free(dir);
	return 0;
}

static int
plot_exec(struct options *o)
{
	struct plot_opts po;
	struct plot_input in;
	struct figlist figs = { NULL, 0 };
	char err[512], *dir;
	size_t i;
	int rc;

	if (optval_dir(OPTVAL_OF(o, P_OUTPUT), &dir, err, sizeof(err)) != 0 ||
	    plot_opts_from(&po, dir, options_value(o, P_FORMAT),
	    o->val[P_FAMILY], o->val[P_KERNEL], options_given(o, P_KEEP_DATA),
	    err, sizeof(err)) != 0 ||
	    optval_cost(OPTVAL_OF(o, P_COST), &po.cost, err, sizeof(err)) != 0)
		usage_error("plot: %s", err);
	if (rx_results_is(o->argv[0]))
		return plot_rx_results(&po, o->argv[0], dir);
	if (plot_input_load(&in, &po, o->argv[0], o->val[P_COMPARE], err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	rc = plot_input_draw(&po, &in, &figs, err, sizeof(err));
	for (i = 0; i < figs.n; i++)
		printf("%s\n", figs.v[i].path);
	if (rc != 0)
		usage_error("%s", err);
	if (figs.n == 0)
		usage_error("%s: nothing to plot (a throughput figure needs two "
		    "sizes or more, a heatmap two offsets or more each side)",
		    o->argv[0]);
	plot_figlist_free(&figs);
	plot_input_free(&in);
	free(dir);
	return 0;
}

CMD_ENTRY(plot, "gnuplot figures of a results file",
    .synopsis = "csumbench plot RESULTS [-o DIR] [--format png|svg]\n"
	"                      [-f FAMILY] [-k PATTERN] [--compare OTHER]",
    .about = "Draw figures of a results file (CSV or JSON, from csumbench "
	"run -o) with gnuplot and print their paths: throughput against size "
	"for each family, cache state and mode (at offsets 0/0, or the first "
	"offsets measured), and an alignment heatmap for each kernel and size "
	"measured at several source and destination offsets (for the copy "
	"family also by relative misalignment), each beside a panel of its "
	"cells' 95% confidence interval widths.",
    .footer = "Needs gnuplot (Debian: apt-get install gnuplot-nox). "
	"Environment: CSUMBENCH_GNUPLOT (the gnuplot to run), "
	"CSUMBENCH_DATADIR (where the *.gp scripts are). See csumbench(1).",
    .min_args = 1, .max_args = 1,
    .too_few = "no results file given", .too_many = "one results file only");
