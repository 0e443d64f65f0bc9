/*
 * cmd_compare.c - csumbench compare: delta tables of two results files and
 * a regression gate for CI.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "compare.h"
#include "rformat.h"
#include "rset.h"
#include "gatefile.h"
#include "optval.h"
#include "outfile.h"
#include "util.h"

enum {
	C_STYLE, C_A_KERNEL, C_B_KERNEL, C_FAIL_ABOVE, C_MIN_DELTA, C_ALPHA,
	C_IGNORE_BELOW, C_COST, C_ALLOW_MIXED, C_FAMILY, C_KERNEL, C_OUTPUT,
	C_QUIET, C_JUNIT, C_GATE_MD
};

static const struct opt_row compare_rows[] = {
	[C_STYLE] = { .like = &opt_style },
	[C_A_KERNEL] = { .name = "a-kernel", .arg = "NAME",
	    .help = "the kernel of A to compare ..." },
	[C_B_KERNEL] = { .name = "b-kernel", .arg = "NAME",
	    .help = "... with this kernel of B (matched on the grid position "
	    "only)" },
	[C_FAIL_ABOVE] = { .like = &opt_fail_above },
	[C_MIN_DELTA] = { .like = &opt_min_delta },
	[C_ALPHA] = { .like = &opt_alpha },
	[C_IGNORE_BELOW] = { .name = "ignore-below", .arg = "N",
	    .help = "leave out sizes below N bytes (K/M suffixes)" },
	[C_COST] = { .like = &opt_cost },
	[C_ALLOW_MIXED] = { .name = "allow-mixed",
	    .help = "compare results of different cost bases (whole-call "
	    "against net costs, as recorded) or placements (--distance), "
	    "which are refused otherwise" },
	[C_FAMILY] = { .like = &opt_family },
	[C_KERNEL] = { .like = &opt_kernel,
	    .help = "only kernels matching these globs (either side)" },
	[C_OUTPUT] = { .like = &opt_output,
	    .help = "write the tables to FILE (default: stdout)" },
	[C_QUIET] = { .like = &opt_quiet,
	    .help = "no notes on stderr (failures are still listed)" },
	[C_JUNIT] = { .like = &opt_junit },
	[C_GATE_MD] = { .like = &opt_gate_md },
};

/*
 * Warn (on stderr, even with -q: the verdict depends on it) when two
 * results files were not measured alike: another CPU model, another
 * pinned CPU (vCPUs of one guest differ by up to 40%), another timer or
 * unit, another csumbench. A key missing from either file (a CSV without
 * its .meta) is not compared. Returns the number of differences.
 */
static int
warn_provenance(const struct rset *x, const char *xname,
    const struct rset *y, const char *yname)
{
	static const struct {
		const char *key, *what;
	} keys[] = {
		{ "cpu_vendor", "CPU vendor" },
		{ "cpu_brand", "CPU" },
		{ "cpu_family", "CPU family" },
		{ "cpu_model", "CPU model" },
		{ "cpu_stepping", "CPU stepping" },
		{ "cpu_pinned", "pinned CPU" },
		{ "timer", "timer" },
		{ "unit", "unit" },
		{ "csumbench_version", "csumbench version" },
	};
	size_t i;
	int nd = 0;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const char *u = provenance_get(&x->prov, keys[i].key);
		const char *v = provenance_get(&y->prov, keys[i].key);

		if (u == NULL || v == NULL || strcmp(u, v) == 0)
			continue;
		fprintf(stderr, "%s: compare: warning: %s (%s) and %s (%s) "
		    "were measured with a different %s: %s=%s vs %s=%s\n",
		    progname, xname, x->path, yname, y->path, keys[i].what,
		    keys[i].key, u, keys[i].key, v);
		nd++;
	}
	if (nd > 0)
		fprintf(stderr, "%s: compare: warning: deltas between results "
		    "measured differently may not be the code's\n",
		    progname);
	return nd;
}

/* A run not pinned to one CPU may have moved between CPUs that differ. */
static void
warn_unpinned(const struct rset *s)
{
	const char *v = provenance_get(&s->prov, "cpu_pinned");

	if (v != NULL && strcmp(v, "none") == 0)
		fprintf(stderr, "%s: compare: warning: %s was not pinned to a "
		    "CPU (run --cpu N): its points may come from different "
		    "CPUs\n", progname, s->path);
}

/*
 * Load one side: a file, or a comma-separated list of files of the same
 * sweep from several runs, whose samples are pooled (whole-call costs
 * and their floors alike, so either view can be compared).
 */
static void
load_side(const char *arg, struct rset *rs)
{
	char *list = xstrdup(arg), *p, *tok, *save = NULL, err[512];
	struct rset more;
	int first = 1;

	for (p = list; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (rformat_read(tok, first ? rs : &more, err, sizeof(err)) != 0)
			usage_error("%s", err);
		warn_unpinned(first ? rs : &more);
		if (!first)
			warn_provenance(rs, "run", &more, "run");
		if (!first) {
			if (rset_merge(rs, &more, err, sizeof(err)) != 0)
				usage_error("%s", err);
			rset_free(&more);
		}
		first = 0;
	}
	if (first)
		usage_error("compare: empty list of files \"%s\"", arg);
	free(list);
}

/* The options as compare's settings; exit 2 on a bad value. */
static void
compare_options(struct options *o, struct cmp_opts *co)
{
	int style;
	char err[256];

	compare_opts_init(co);
	if (optval_style(OPTVAL_OF(o, C_STYLE), &style, err, sizeof(err)) != 0 ||
	    (options_given(o, C_FAIL_ABOVE) &&
	    optval_percent(OPTVAL_OF(o, C_FAIL_ABOVE), -1, &co->fail_above, err,
	    sizeof(err)) != 0) ||
	    optval_min_delta(OPTVAL_OF(o, C_MIN_DELTA), &co->min_delta, err,
	    sizeof(err)) != 0 ||
	    optval_alpha(OPTVAL_OF(o, C_ALPHA), &co->alpha, err,
	    sizeof(err)) != 0 ||
	    (options_given(o, C_IGNORE_BELOW) &&
	    optval_size(OPTVAL_OF(o, C_IGNORE_BELOW), &co->ignore_below, err,
	    sizeof(err)) != 0) ||
	    optval_cost(OPTVAL_OF(o, C_COST), &co->cost, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (options_given(o, C_MIN_DELTA) && co->fail_above < 0)
		usage_error("--min-delta qualifies --fail-above");
	co->style = (enum cmp_style)style;
	co->allow_mixed = options_given(o, C_ALLOW_MIXED);
	co->a_kernel = o->val[C_A_KERNEL];
	co->b_kernel = o->val[C_B_KERNEL];
	co->families = o->val[C_FAMILY];
	co->kernels = o->val[C_KERNEL];
	if (options_given(o, C_QUIET)) {
		verbose_level = 0;
		co->quiet = 1;
	}
	/* One of --a-kernel and --b-kernel: that kernel on both sides. */
	if (co->a_kernel == NULL)
		co->a_kernel = co->b_kernel;
	if (co->b_kernel == NULL)
		co->b_kernel = co->a_kernel;
}

static int
compare_exec(struct options *o)
{
	struct cmp_opts co;
	struct rset a, b;
	const char *output = o->val[C_OUTPUT];
	char **av = o->argv;
	int rc, multi, one = o->argc == 1;
	struct outfile of;
	struct gatefile gf;
	char err[512];

	compare_options(o, &co);
	gatefile_open(&gf, o->val[C_JUNIT], o->val[C_GATE_MD], &co);
	if (one && (o->val[C_A_KERNEL] == NULL || o->val[C_B_KERNEL] == NULL))
		usage_error("compare: one file (%s) needs --a-kernel and "
		    "--b-kernel", av[0]);
	multi = strchr(av[0], ',') != NULL || (!one && strchr(av[1], ',') != NULL);
	load_side(av[0], &a);
	if (one || strcmp(av[0], av[1]) == 0) {
		/* Kernels of one run: sample i of each is from repetition i. */
		co.same_run = !multi;
		load_side(av[0], &b);
	} else {
		load_side(av[1], &b);
		warn_provenance(&a, "A", &b, "B");
	}
	if (outfile_open(&of, output != NULL ? output : "-", err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	if ((rc = compare_sets(&a, &b, &co, of.fp, err, sizeof(err))) < 0)
		usage_error("%s", err);
	if (outfile_commit(&of, err, sizeof(err)) != 0)
		usage_error("%s", err);
	gatefile_commit(&gf);
	rset_free(&a);
	rset_free(&b);
	return rc;
}

CMD_ENTRY(compare, "delta table of two results; CI gate",
    .synopsis = "csumbench compare [options] A [B]",
    .about = "Delta table of results B against results A (files written by "
	"'csumbench run -o FILE.json' or '-o FILE.csv'), with a significance "
	"test per point; with --fail-above, a regression gate. Points are "
	"matched on family, kernel, size, offsets, placement, cache and mode; "
	"points "
	"without a match are listed on stderr. With one file, compare two of "
	"its kernels (--a-kernel and --b-kernel). A and B may each be a "
	"comma-separated list of JSON files from several runs: across runs "
	"the run is the unit tested (its median), so at least four runs per "
	"side are needed to call a change significant. To gate two builds, "
	"time them in one process: run --ab.",
    .footer = "Exit status: 0 no regression, 1 the gate failed, 2 bad usage "
	"or input, or points the gate cannot judge (no samples and no "
	"confidence interval, or no positive median).\nTests and "
	"conventions: see COMPARE in csumbench(1).",
    .min_args = 1, .max_args = 2,
    .too_few = "expected two results files (A B), or one with --a-kernel "
	"and --b-kernel");
