/*
 * cmd_list.c - csumbench list: every kernel by family, with its ISA and
 * whether it can run here (and why not).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "csv.h"
#include "engine.h"
#include "select.h"
#include "util.h"

static void
list_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench list [-f FAMILY] [-k PATTERN] [--csv]\n"
	    "\n"
	    "List the kernels by family with their ISA, whether they can run\n"
	    "here, and a one-line description.\n"
	    "\n"
	    "  -f, --family LIST    only these families (comma-separated)\n"
	    "  -k, --kernel PATS    only kernels matching these globs\n"
	    "      --csv            machine-readable output\n"
	    "  -h, --help           show this help\n");
}

int
cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "csv", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *families = NULL, *patterns = NULL;
	int ch, csv = 0, f;
	size_t i;
	char why[64];
	struct csv_writer w;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:k:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			families = optarg;
			if (family_parse(optarg) < 0 && strchr(optarg, ',') == NULL)
				usage_error("unknown family \"%s\"", optarg);
			break;
		case 'k':
			patterns = optarg;
			break;
		case 'c':
			csv = 1;
			break;
		case 'h':
			list_usage(stdout);
			return 0;
		default:
			list_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		usage_error("list: unexpected argument \"%s\"", argv[optind]);
	ctx_cpu();
	if (patterns != NULL) {
		int any = 0;

		for (i = 0; i < nkernels; i++)
			if (select_visible(&kernels[i]) &&
			    match_patterns(patterns, kernels[i].name))
				any = 1;
		if (!any)
			usage_error("no kernel matches \"%s\"", patterns);
	}
	if (csv) {
		csv_init(&w, stdout);
		csv_str(&w, "family");
		csv_str(&w, "kernel");
		csv_str(&w, "isa");
		csv_str(&w, "role");
		csv_str(&w, "available");
		csv_str(&w, "reason");
		csv_str(&w, "about");
		csv_end(&w);
	}
	for (f = 0; f < K_NFAMILIES; f++) {
		int header = 0;

		if (families != NULL && !match_patterns(families, family_name(f)))
			continue;
		for (i = 0; i < nkernels; i++) {
			const struct kernel *k = &kernels[i];
			const char *no, *role;

			if ((int)k->family != f ||
			    !select_visible(k) ||
			    !match_patterns(patterns, k->name))
				continue;
			no = select_unavailable(k, why, sizeof(why));
			role = k->flags & KF_REFERENCE ? "reference" :
			    k->flags & KF_BASELINE ? "baseline" :
			    k->flags & KF_TEST ? "test" : "";
			if (csv) {
				csv_str(&w, family_name(k->family));
				csv_str(&w, k->name);
				csv_str(&w, k->isa);
				csv_str(&w, role);
				csv_str(&w, no ? "no" : "yes");
				csv_str(&w, no ? no : "");
				csv_str(&w, k->about);
				csv_end(&w);
				continue;
			}
			if (!header) {
				printf("%s%s\n", f ? "\n" : "", family_name(f));
				header = 1;
			}
			printf("  %-22s %-7s %-10s %-18s %s\n", k->name, k->isa,
			    role, no ? no : "available", k->about);
		}
	}
	return 0;
}
