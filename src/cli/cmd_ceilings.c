/*
 * cmd_ceilings.c - csumbench ceilings: the most bytes per unit a load, a
 * store and a copy loop reach on this machine, in each cache level and
 * in memory (ceilings.c measures).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ceilings.h"
#include "cmd.h"
#include "csv.h"
#include "optval.h"
#include "outfile.h"
#include "util.h"

enum { C_OUTPUT, C_FORMAT, C_TIME, C_TIMER, C_CPU, C_QUIET };

static const struct opt_row ceilings_rows[] = {
	[C_OUTPUT] = { .like = &opt_output,
	    .help = "write CSV to FILE (default: stdout; a table on a "
	    "terminal, CSV otherwise)" },
	[C_FORMAT] = { .name = "format", .arg = "FMT",
	    .help = "csv or table (default: by destination)" },
	[C_TIME] = { .name = "time", .arg = "T",
	    .help = "seconds of measuring, about, in all (ms and us "
	    "suffixes allowed)", .def = "6" },
	[C_TIMER] = { .like = &opt_timer },
	[C_CPU] = { .like = &opt_cpu },
	[C_QUIET] = { .like = &opt_quiet },
};

static const char *const ceilings_formats[] = { "csv", "table", NULL };

static void
ceilings_progress(void *arg, const char *level)
{
	if (verbose_level > 0 && stderr_is_tty())
		fprintf(stderr, "\rcsumbench: measuring the %s ceilings...   ",
		    level);
}

/* The table: one line per level, a column per pattern. */
static void
ceilings_table(FILE *fp, const struct ceilings *c, const char *brand)
{
	char sz[32];
	int l, p;
	const char *u = strcmp(c->unit, "ticks") == 0 ? "tick" :
	    strcmp(c->unit, "cycles") == 0 ? "cycle" : "ns";

	fprintf(fp, "Ceilings on %s: bytes per %s, the best sample (the "
	    "median in brackets)\nand the loop that reached it; vectors up to "
	    "%u bytes (%s), 8 in flight; %.1f s.\n\n", brand, u, c->vec,
	    c->isa, c->seconds);
	fprintf(fp, "%-6s %12s", "level", "working set");
	for (p = 0; p < CEIL_NPATTERNS; p++)
		fprintf(fp, " %24s", ceilings_pattern_name(p));
	fputc('\n', fp);
	for (l = 0; l < CEIL_NLEVELS; l++) {
		if (c->ws[l] == 0)
			continue;
		fprintf(fp, "%-6s %12s", ceilings_level_name(l),
		    fmt_size(c->ws[l], sz, sizeof(sz)));
		for (p = 0; p < CEIL_NPATTERNS; p++) {
			char cell[48];

			if (isfinite(c->bpu[l][p]))
				snprintf(cell, sizeof(cell), "%.2f (%.2f) %s%s",
				    c->bpu[l][p], c->med[l][p], c->won[l][p] ?
				    c->won[l][p] : "", c->nt[l][p] ? "-nt" : "");
			else
				snprintf(cell, sizeof(cell), "-");
			fprintf(fp, " %24s", cell);
		}
		fputc('\n', fp);
	}
	fprintf(fp, "\n-nt: with non-temporal stores. A copy's bytes are "
	    "those copied.\n");
}

/* CSV: one row per level and pattern. */
static void
ceilings_csv(FILE *fp, const struct ceilings *c)
{
	static const char *const cols[] = { "level", "working_set",
	    "pattern", "unit", "bytes_per_unit", "median_bytes_per_unit",
	    "gbps", "samples", "isa", "nontemporal", NULL };
	struct csv_writer w;
	size_t i;
	int l, p;

	csv_init(&w, fp);
	for (i = 0; cols[i] != NULL; i++)
		csv_str(&w, cols[i]);
	csv_end(&w);
	for (l = 0; l < CEIL_NLEVELS; l++)
		for (p = 0; p < CEIL_NPATTERNS; p++) {
			if (c->ws[l] == 0 || !isfinite(c->bpu[l][p]))
				continue;
			csv_str(&w, ceilings_level_name(l));
			csv_ulong(&w, c->ws[l]);
			csv_str(&w, ceilings_pattern_name(p));
			csv_str(&w, c->unit);
			csv_double(&w, c->bpu[l][p]);
			csv_double(&w, c->med[l][p]);
			csv_double(&w, c->bpu[l][p] * c->hz / 1e9);
			csv_ulong(&w, c->nsamples[l][p]);
			csv_str(&w, c->won[l][p] ? c->won[l][p] : "");
			csv_ulong(&w, (unsigned long long)c->nt[l][p]);
			csv_end(&w);
		}
}

/* The format: --format, else a table on a terminal, CSV otherwise. */
static int
ceilings_want_table(struct options *o, int to_stdout)
{
	char err[256];
	int f;

	if (!options_given(o, C_FORMAT))
		return to_stdout && isatty(STDOUT_FILENO);
	if (optval_choice(OPTVAL_OF(o, C_FORMAT), ceilings_formats,
	    "csv or table", &f, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (f == 1 && !to_stdout)
		usage_error("--format table writes to the terminal only");
	return f == 1;
}

static int
ceilings_exec(struct options *o)
{
	struct ceilings_opts co;
	struct ceilings c;
	struct outfile of;
	const char *out = o->val[C_OUTPUT];
	int def_cpu = cpu_first_allowed(), table;
	double budget;
	char err[256];

	if (options_given(o, C_QUIET))
		verbose_level = 0;
	if (optval_timer(OPTVAL_OF(o, C_TIMER), err, sizeof(err)) != 0 ||
	    (options_given(o, C_CPU) &&
	    optval_cpu(OPTVAL_OF(o, C_CPU), err, sizeof(err)) != 0) ||
	    optval_duration(OPTVAL_OF(o, C_TIME), &budget, err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	if (budget <= 0 || budget > 600)
		usage_error("--time: %s is out of range (0, 600] seconds",
		    options_value(o, C_TIME));
	table = ceilings_want_table(o, out == NULL || strcmp(out, "-") == 0);
	/* Opened first, so a file that cannot be written fails early. */
	if (outfile_open(&of, out != NULL ? out : "-", err, sizeof(err)) != 0)
		usage_error("%s", err);
	ctx_cpu();
	ctx_pin(o->val[C_CPU], def_cpu);
	ctx_timer(options_value(o, C_TIMER));
	ctx_ceilings_opts(&co);
	co.budget = budget;
	co.progress = ceilings_progress;
	if (ceilings_measure(&co, &c, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (verbose_level > 0 && stderr_is_tty())
		fprintf(stderr, "\r%60s\r", "");
	if (table)
		ceilings_table(of.fp, &c, ctx.cpu.brand);
	else
		ceilings_csv(of.fp, &c);
	if (outfile_commit(&of, err, sizeof(err)) != 0)
		usage_error("%s", err);
	return 0;
}

CMD_ENTRY(ceilings, "the most a load, store and copy loop reach here",
    .synopsis = "csumbench ceilings [-o FILE] [--format csv|table] "
	"[--time T]\n"
	"                          [--timer NAME] [--cpu N|any] [-q]",
    .about = "Measure the most bytes per timer unit a load-only, a "
	"store-only and a copy loop reach on this machine, with the widest "
	"vectors the CPU (and CSUMBENCH_CPU_MASK) allows and eight vectors "
	"in flight, at a working set in the L1, the L2, the L3 and memory "
	"(sizes from the CPU identification). Each ceiling is the best "
	"sample of several, timed with the run's timer; csumbench tune "
	"measures them too and keeps them in the tuning file, from which "
	"every result's pct_peak is computed.");
