/*
 * cmd_plot.c - csumbench plot: gnuplot figures of a results file.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "compare.h"
#include "load.h"
#include "plot.h"
#include "util.h"

static void
plot_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench plot RESULTS [-o DIR] [--format png|svg]\n"
	    "                      [-f FAMILY] [-k PATTERN] [--compare OTHER]\n"
	    "\n"
	    "Draw figures of a results file (CSV or JSON, from csumbench run -o)\n"
	    "with gnuplot"
	    " and print their paths: throughput against size for each family,\n"
	    "cache state and mode (at offsets 0/0, or the first offsets\n"
	    "measured), and an alignment heatmap for each kernel and size\n"
	    "measured at several source and destination offsets (for the copy\n"
	    "family also by relative misalignment).\n"
	    "\n"
	    "  -o, --output DIR     write the figures into DIR, made if missing\n"
	    "                       (default: the current directory)\n"
	    "      --format FMT     png or svg (default: png)\n"
	    "  -f, --family LIST    only these families (comma-separated globs)\n"
	    "  -k, --kernel PATS    only kernels matching these globs\n"
	    "      --compare OTHER  also a delta chart per family: the change of\n"
	    "                       RESULTS against the baseline OTHER, as\n"
	    "                       'csumbench compare OTHER RESULTS' finds it\n"
	    "      --keep-data      keep each figure's data beside it as NAME.csv\n"
	    "                       (gnuplot -c SCRIPT NAME.csv OUT redraws it)\n"
	    "  -h, --help           show this help\n"
	    "\n"
	    "Needs gnuplot (Debian: apt-get install gnuplot-nox). Environment:\n"
	    "CSUMBENCH_GNUPLOT (the gnuplot to run), CSUMBENCH_DATADIR (where\n"
	    "the *.gp scripts are). See csumbench(1).\n");
}

enum { OPT_FORMAT = 256, OPT_COMPARE, OPT_KEEP_DATA };

/* Options shared by plot and report; returns the index of RESULTS. */
int
plot_parse_args(int argc, char **argv, struct plot_opts *o,
    const char **compare, void (*usage)(FILE *), const char *what)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "family", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "compare", required_argument, NULL, OPT_COMPARE },
		{ "keep-data", no_argument, NULL, OPT_KEEP_DATA },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	memset(o, 0, sizeof(*o));
	o->dir = ".";
	o->format = "png";
	*compare = NULL;
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":o:f:k:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			if (*optarg == '\0')
				usage_error("%s: -o: empty directory name", what);
			/* "rep/" and "rep" alike: no "rep//report.md". */
			{
				size_t len = strlen(optarg);

				while (len > 1 && optarg[len - 1] == '/')
					optarg[--len] = '\0';
			}
			o->dir = optarg;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "png") != 0 &&
			    strcmp(optarg, "svg") != 0)
				usage_error("%s: --format: expected png or svg, "
				    "got \"%s\"", what, optarg);
			o->format = optarg;
			break;
		case 'f':
			o->families = optarg;
			break;
		case 'k':
			o->patterns = optarg;
			break;
		case OPT_COMPARE:
			*compare = optarg;
			break;
		case OPT_KEEP_DATA:
			o->keep_data = 1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case ':':
			usage_error("%s: option %s needs an argument", what,
			    argv[optind - 1]);
		default:
			usage_error("%s: unknown option %s (see 'csumbench %s "
			    "--help')", what, argv[optind - 1], what);
		}
	}
	if (optind >= argc)
		usage_error("%s: no results file given (usage: csumbench %s "
		    "RESULTS [options])", what, what);
	if (optind + 1 < argc)
		usage_error("%s: one results file only, got also \"%s\"", what,
		    argv[optind + 1]);
	return optind;
}

/* A note for delta titles: "new.csv against old.csv". */
char *
plot_compare_note(const char *b, const char *a)
{
	const char *bb = strrchr(b, '/'), *ab = strrchr(a, '/');

	return xasprintf("%s against %s", bb ? bb + 1 : b, ab ? ab + 1 : a);
}

/* Does any row of rs pass -f and -k? If not, exit 2 naming the filter. */
void
plot_check_selection(const struct plot_opts *o, const struct rset *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (plot_row_selected(o, &rs->p[i]))
			return;
	usage_error("%s: no results match%s%s%s%s", rs->path,
	    o->families ? " -f " : "", o->families ? o->families : "",
	    o->patterns ? " -k " : "", o->patterns ? o->patterns : "");
}

void
plot_load(const char *path, struct rset *rs)
{
	char err[512];

	if (load_results(path, rs, err, sizeof(err)) != 0)
		usage_error("%s", err);
}

void
plot_compare(const struct plot_opts *o, const struct rset *base,
    const struct rset *rs, struct cmp_opts *co, struct cmp_result *res)
{
	compare_opts_init(co);
	co->families = o->families;
	co->kernels = o->patterns;
	/* As compare does for one file given twice. */
	co->same_run = strcmp(base->path, rs->path) == 0;
	compare_match(base, rs, co, res);
}

void
plot_open(const struct plot_opts *o, const char *path, const char *compare,
    struct rset *rs, struct rset *base, struct cmp_opts *co,
    struct cmp_result *res)
{
	plot_load(path, rs);
	plot_check_selection(o, rs);
	if (compare != NULL) {
		plot_load(compare, base);
		plot_compare(o, base, rs, co, res);
	}
}

int
cmd_plot(int argc, char **argv)
{
	struct plot_opts o;
	struct rset rs, base;
	struct figlist figs = { NULL, 0 };
	struct cmp_opts co;
	struct cmp_result res;
	const char *compare;
	int i = plot_parse_args(argc, argv, &o, &compare, plot_usage, "plot");

	plot_open(&o, argv[i], compare, &rs, &base, &co, &res);
	plot_setup();
	plot_results(&o, &rs, &figs);
	if (compare != NULL) {
		char *note = plot_compare_note(argv[i], compare);

		plot_deltas(&o, &res, &co, note, &figs);
		compare_result_free(&res);
		free(note);
		load_free(&base);
	}
	if (figs.n == 0)
		usage_error("%s: nothing to plot (a throughput figure needs two "
		    "sizes or more, a heatmap two offsets or more each side)",
		    argv[i]);
	plot_figlist_free(&figs);
	load_free(&rs);
	return 0;
}
