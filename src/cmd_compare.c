/*
 * cmd_compare.c - csumbench compare: delta tables of two results files and
 * a regression gate for CI.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "compare.h"
#include "grid.h"
#include "load.h"
#include "util.h"

static void
compare_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench compare [options] A [B]\n"
	    "\n"
	    "Delta table of results B against results A (files written by\n"
	    "'csumbench run -o FILE.json' or '-o FILE.csv'), with a\n"
	    "significance test per point; with --fail-above, a regression gate.\n"
	    "Points are matched on family, kernel, size, offsets, cache and mode;\n"
	    "points without a match are listed on stderr. With one file, compare\n"
	    "two of its kernels (--a-kernel and --b-kernel). A and B may each be a\n"
	    "comma-separated list of JSON files from several runs (alternate old\n"
	    "and new runs): their samples are pooled, so a slow spell of a shared\n"
	    "machine during one run weighs little.\n"
	    "\n"
	    "      --style STYLE     bpf, ticks, markdown or csv (default: markdown)\n"
	    "      --a-kernel NAME   the kernel of A to compare ...\n"
	    "      --b-kernel NAME   ... with this kernel of B (matched on the\n"
	    "                        grid position only)\n"
	    "      --fail-above PCT  exit 1 if any point is significantly more than\n"
	    "                        PCT percent slower in B, listing those points\n"
	    "      --min-delta D     ... and more than D units slower (the result's\n"
	    "                        unit), or auto: across runs half the empty\n"
	    "                        call's cost at the point, within one run 0\n"
	    "                        (default: auto)\n"
	    "      --alpha A         significance level (default: 0.05)\n"
	    "      --ignore-below N  leave out sizes below N bytes (K/M suffixes)\n"
	    "      --cost WHICH      net (the kernel's own cost, empty call\n"
	    "                        subtracted), gross (with the call overhead)\n"
	    "                        or auto: net within one run, gross across\n"
	    "                        two runs (default: auto)\n"
	    "  -f, --family LIST     only these families (comma-separated)\n"
	    "  -k, --kernel PATS     only kernels matching these globs (either side)\n"
	    "  -o, --output FILE     write the tables to FILE (default: stdout)\n"
	    "  -q, --quiet           no notes on stderr (failures are still listed)\n"
	    "  -h, --help            show this help\n"
	    "\n"
	    "Exit status: 0 no regression, 1 the gate failed, 2 bad usage or input.\n"
	    "Tests and conventions: see COMPARE in csumbench(1).\n");
}

enum {
	OPT_STYLE = 256, OPT_A_KERNEL, OPT_B_KERNEL, OPT_FAIL_ABOVE, OPT_ALPHA,
	OPT_IGNORE_BELOW, OPT_COST, OPT_MIN_DELTA,
};

/* A single size with an optional K/M/G suffix. */
size_t
compare_parse_size(const char *opt, const char *arg)
{
	struct grid g;
	char err[200];
	size_t v;

	if (grid_parse(arg, &g, err, sizeof(err)) != 0 || g.n != 1) {
		if (g.n > 1 || err[0] == '\0')
			usage_error("%s: expected one size, got \"%s\"", opt, arg);
		usage_error("%s: %s", opt, err);
	}
	v = g.v[0];
	grid_free(&g);
	return v;
}

double
compare_parse_alpha(const char *arg)
{
	double a = parse_double("--alpha", arg, 0);

	if (!(a > 0 && a < 1))
		usage_error("--alpha: %s is not between 0 and 1", arg);
	return a;
}

int
compare_parse_cost(const char *arg)
{
	if (strcmp(arg, "auto") == 0)
		return CMP_COST_AUTO;
	if (strcmp(arg, "net") == 0)
		return CMP_COST_NET;
	if (strcmp(arg, "gross") == 0)
		return CMP_COST_GROSS;
	usage_error("--cost: expected auto, net or gross, got \"%s\"", arg);
}

double
compare_parse_min_delta(const char *arg)
{
	if (strcmp(arg, "auto") == 0)
		return -1;
	return parse_double("--min-delta", arg, 0);
}

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
 * sweep from several runs, whose samples are pooled. When pooling (cost
 * >= 0), each run's own empty-call overhead is added back first unless the
 * user asked for net costs.
 */
static void
load_side(const char *arg, struct rset *rs, int cost)
{
	char *list = xstrdup(arg), *p, *tok, *save = NULL, err[512];
	struct rset more;
	int first = 1;

	for (p = list; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (load_results(tok, first ? rs : &more, err, sizeof(err)) != 0)
			usage_error("%s", err);
		warn_unpinned(first ? rs : &more);
		if (!first)
			warn_provenance(rs, "run", &more, "run");
		if (cost >= 0 && cost != CMP_COST_NET)
			load_add_overhead(first ? rs : &more);
		if (!first) {
			if (load_merge(rs, &more, err, sizeof(err)) != 0)
				usage_error("%s", err);
			load_free(&more);
		}
		first = 0;
	}
	if (first)
		usage_error("compare: empty list of files \"%s\"", arg);
	free(list);
}

int
cmd_compare(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "style", required_argument, NULL, OPT_STYLE },
		{ "a-kernel", required_argument, NULL, OPT_A_KERNEL },
		{ "b-kernel", required_argument, NULL, OPT_B_KERNEL },
		{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
		{ "min-delta", required_argument, NULL, OPT_MIN_DELTA },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "ignore-below", required_argument, NULL, OPT_IGNORE_BELOW },
		{ "cost", required_argument, NULL, OPT_COST },
		{ "family", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmp_opts o;
	struct rset a, b;
	const char *output = NULL;
	int ch, rc, st, multi;
	struct outfile of;

	compare_opts_init(&o);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:k:o:qh", longopts, NULL)) != -1) {
		switch (ch) {
		case OPT_STYLE:
			if ((st = cmp_style_parse(optarg)) < 0)
				usage_error("--style: expected bpf, ticks, "
				    "markdown or csv, got \"%s\"", optarg);
			o.style = (enum cmp_style)st;
			break;
		case OPT_A_KERNEL:
			o.a_kernel = optarg;
			break;
		case OPT_B_KERNEL:
			o.b_kernel = optarg;
			break;
		case OPT_FAIL_ABOVE:
			o.fail_above = parse_double("--fail-above", optarg, 1);
			break;
		case OPT_MIN_DELTA:
			o.min_delta = compare_parse_min_delta(optarg);
			break;
		case OPT_ALPHA:
			o.alpha = compare_parse_alpha(optarg);
			break;
		case OPT_IGNORE_BELOW:
			o.ignore_below = compare_parse_size("--ignore-below",
			    optarg);
			break;
		case OPT_COST:
			o.cost = compare_parse_cost(optarg);
			break;
		case 'f':
			o.families = optarg;
			break;
		case 'k':
			o.kernels = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case 'q':
			verbose_level = 0;
			o.quiet = 1;
			break;
		case 'h':
			compare_usage(stdout);
			return 0;
		default:
			compare_usage(stderr);
			return EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1)
		usage_error("compare: expected two results files (A B), or one "
		    "with --a-kernel and --b-kernel");
	if (argc > 2)
		usage_error("compare: unexpected argument \"%s\"", argv[2]);
	if (argc == 1 && (o.a_kernel == NULL || o.b_kernel == NULL))
		usage_error("compare: one file (%s) needs --a-kernel and "
		    "--b-kernel", argv[0]);
	if ((o.a_kernel == NULL) != (o.b_kernel == NULL)) {
		/* One of them: the same kernel on both sides. */
		if (o.a_kernel == NULL)
			o.a_kernel = o.b_kernel;
		else
			o.b_kernel = o.a_kernel;
	}
	multi = strchr(argv[0], ',') != NULL ||
	    (argc == 2 && strchr(argv[1], ',') != NULL);
	load_side(argv[0], &a, multi ? o.cost : -1);
	if (argc == 1 || strcmp(argv[0], argv[1]) == 0) {
		/* Kernels of one run: sample i of each is from repetition i. */
		o.same_run = !multi;
		load_side(argv[0], &b, multi ? o.cost : -1);
	} else {
		load_side(argv[1], &b, multi ? o.cost : -1);
		warn_provenance(&a, "A", &b, "B");
	}
	if (multi && o.cost != CMP_COST_NET)
		o.cost = CMP_COST_NET;	/* overheads are added back already */
	outfile_open(&of, output != NULL ? output : "-");
	rc = compare_sets(&a, &b, &o, of.fp);
	outfile_commit(&of);
	load_free(&a);
	load_free(&b);
	return rc;
}
