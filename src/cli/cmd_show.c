/*
 * cmd_show.c - csumbench show: the summary of a saved results file, as
 * run prints it on a terminal.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "compare.h"
#include "optval.h"
#include "pivot.h"
#include "rformat.h"
#include "rset.h"
#include "summary.h"
#include "util.h"

enum { S_FORMAT, S_COST };

static const char *const show_views[] = { "summary", "wide", "table", NULL };

static const struct opt_row show_rows[] = {
	[S_FORMAT] = { .name = "format", .arg = "VIEW",
	    .help = "summary (who is fastest where), wide (a row per "
	    "position, a column per kernel) or table (every point)",
	    .def = "summary" },
	[S_COST] = { .like = &opt_cost },
};

/* Under the summary: what the file holds and where it was measured. */
static void
show_footer(const struct rset *rs)
{
	const char *brand = rset_meta(rs, "cpu_brand");
	const char *timer = rset_meta(rs, "timer");
	const char *date = rset_meta(rs, "date");

	printf("\n%s: %zu point%s, %s per call", rs->path, rs->n,
	    rs->n == 1 ? "" : "s", rs->n > 0 ? rs->p[0].unit : "cost");
	if (*timer != '\0')
		printf(" (timer %s)", timer);
	printf(".\n%s%s%s.\n", *brand != '\0' ? brand : "CPU not recorded",
	    *date != '\0' ? ", " : "", date);
}

static int
show_exec(struct options *o)
{
	struct summary_opts so;
	struct rset rs, v;
	int view, cost;
	char err[512];

	if (optval_choice(OPTVAL_OF(o, S_FORMAT), show_views,
	    "summary, wide or table", &view, err, sizeof(err)) != 0 ||
	    optval_cost(OPTVAL_OF(o, S_COST), &cost, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (rformat_read(o->argv[0], &rs, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (rs.n == 0)
		usage_error("show: %s holds no points", o->argv[0]);
	so.alpha = 0.05;
	so.cost = cost == CMP_COST_NET ?
	    "net: the empty call's cost subtracted" : "whole call";
	if (cost == CMP_COST_NET)
		rset_net_view(&v, &rs);
	if (view == 0)
		summary_write(stdout, cost == CMP_COST_NET ? &v : &rs, &so);
	else if (view == 1)
		pivot_write(stdout, cost == CMP_COST_NET ? &v : &rs, &so);
	else
		rset_table_write(stdout, cost == CMP_COST_NET ? &v : &rs, NULL,
		    rs.n);
	show_footer(&rs);
	if (cost == CMP_COST_NET)
		rset_free(&v);
	rset_free(&rs);
	if (fflush(stdout) != 0 || ferror(stdout))
		usage_error("cannot write to standard output");
	return 0;
}

CMD_ENTRY(show, "the summary of a saved results file",
    .synopsis = "csumbench show [--format VIEW] [--cost WHICH] FILE",
    .about = "Print the summary of a results file written by 'csumbench "
	"run -o FILE.csv' or '-o FILE.json', as run prints it on a "
	"terminal: for each family and run of sizes, the fastest kernel and "
	"how much slower the next is. A CSV file's points have no raw "
	"samples: \"within noise\" is then the overlap of the medians' 95% "
	"confidence intervals.",
    .min_args = 1, .max_args = 1,
    .too_few = "expected a results file (FILE.csv or FILE.json)");
