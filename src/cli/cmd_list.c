/*
 * cmd_list.c - csumbench list: every kernel by family, with its ISA and
 * whether it can run here (and why not).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "csv.h"
#include "engine.h"
#include "select.h"
#include "util.h"

enum { L_FAMILY, L_KERNEL, L_LOAD, L_CSV };

static const struct opt_row list_rows[] = {
	[L_FAMILY] = { .like = &opt_family },
	[L_KERNEL] = { .like = &opt_kernel },
	[L_LOAD] = { .like = &opt_load },
	[L_CSV] = { .name = "csv", .help = "machine-readable output" },
};

/* A kernel's role among its family's. */
static const char *
list_role(const struct kernel *k)
{
	return k->flags & KF_REFERENCE ? "reference" :
	    k->flags & KF_BASELINE ? "baseline" :
	    k->flags & KF_TEST ? "test" : "";
}

static void
list_csv_header(struct csv_writer *w)
{
	static const char *const cols[] = {
		"family", "kernel", "isa", "role", "available", "reason",
		"about", NULL
	};
	size_t i;

	for (i = 0; cols[i] != NULL; i++)
		csv_str(w, cols[i]);
	csv_end(w);
}

static void
list_csv_row(struct csv_writer *w, const struct kernel *k, const char *no)
{
	csv_str(w, family_name(k->family));
	csv_str(w, k->name);
	csv_str(w, k->isa);
	csv_str(w, list_role(k));
	csv_str(w, no ? "no" : "yes");
	csv_str(w, no ? no : "");
	csv_str(w, k->about);
	csv_end(w);
}

/* The widest name among the kernels listed (22 at least, as aligned). */
static int
list_name_width(const char *patterns)
{
	const struct kernel *const *all;
	size_t i, n, w = 22;

	all = select_all(&n);
	for (i = 0; i < n; i++)
		if (select_visible(all[i]) &&
		    match_patterns(patterns, all[i]->name) &&
		    strlen(all[i]->name) > w)
			w = strlen(all[i]->name);
	return (int)w;
}

/* The kernels of family f that -k selects, as text or CSV (w). */
static void
list_family(int f, const char *patterns, struct csv_writer *w)
{
	static int listed;	/* families printed: a blank line between */
	const struct kernel *const *all;
	size_t i, n;
	int header = 0;
	char why[64];

	all = select_all(&n);
	for (i = 0; i < n; i++) {
		const struct kernel *k = all[i];
		const char *no;

		if ((int)k->family != f || !select_visible(k) ||
		    !match_patterns(patterns, k->name))
			continue;
		no = select_unavailable(k, why, sizeof(why));
		if (w != NULL) {
			list_csv_row(w, k, no);
			continue;
		}
		if (!header) {
			printf("%s%s\n", listed++ ? "\n" : "", family_name(f));
			header = 1;
		}
		printf("  %-*s %-7s %-10s %-18s %s\n",
		    list_name_width(patterns), k->name, k->isa,
		    list_role(k), no ? no : "available", k->about);
	}
}

static int
list_exec(struct options *o)
{
	const char *families = o->val[L_FAMILY], *patterns = o->val[L_KERNEL];
	const struct kernel *const *all;
	const char *const *loads;
	struct csv_writer w;
	size_t i, n, nloads;
	int f, any = 0;

	if (families != NULL && family_parse(families) < 0 &&
	    strchr(families, ',') == NULL)
		usage_error("unknown family \"%s\"", families);
	loads = options_all(o, L_LOAD, &nloads);
	ctx_load(loads, nloads);
	all = select_all(&n);
	if (patterns != NULL) {
		for (i = 0; i < n; i++)
			if (select_visible(all[i]) &&
			    match_patterns(patterns, all[i]->name))
				any = 1;
		if (!any)
			usage_error("no kernel matches \"%s\"", patterns);
	}
	if (options_given(o, L_CSV)) {
		csv_init(&w, stdout);
		list_csv_header(&w);
	}
	for (f = 0; f < K_NFAMILIES; f++)
		if (families == NULL || match_patterns(families, family_name(f)))
			list_family(f, patterns, options_given(o, L_CSV) ?
			    &w : NULL);
	return 0;
}

CMD_ENTRY(list, "kernels by family, ISA, available or why not",
    .synopsis = "csumbench list [-f FAMILY] [-k PATTERN] [--load FILE[=NAME]] [--csv]",
    .about = "List the kernels by family with their ISA, whether they can "
	"run here, and a one-line description.");
