/*
 * cmd_run.c - csumbench run: measure a sweep.
 *
 * In phases, each filling its part of struct run: run_parse (the option
 * values), run_defaults (a preset, --quick, the checks between options,
 * the grids), run_points (kernels x sizes x offsets), run_open (where the
 * results go), run_measure (engine_run), run_emit (the results, or
 * --baseline's delta table).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "bound.h"
#include "cmd.h"
#include "compare.h"
#include "dist.h"
#include "engine.h"
#include "gatefile.h"
#include "grid.h"
#include "interrupt.h"
#include "kobj.h"
#include "kplace.h"
#include "layout.h"
#include "optval.h"
#include "outfile.h"
#include "pivot.h"
#include "preset.h"
#include "progress.h"
#include "provenance.h"
#include "rformat.h"
#include "rng.h"
#include "rset.h"
#include "rset_points.h"
#include "select.h"
#include "tuning.h"
#include "summary.h"
#include "util.h"
#include "warn.h"

enum {
	R_FAMILY, R_KERNEL, R_LOAD, R_SIZES, R_ALIGN, R_DISTANCE, R_PRESET,
	R_REPS, R_OUTPUT, R_FORMAT, R_BASELINE, R_AB, R_REPLICAS, R_STYLE, R_FAIL_ABOVE,
	R_MIN_DELTA, R_JUNIT, R_GATE_MD, R_COST,
	R_ALPHA, R_QUICK, R_SAMPLE_TIME, R_WARMUP, R_SEED, R_TIMER, R_CPU,
	R_CACHE, R_MODE, R_TARGET_CI, R_MIN_TIME, R_MAX_TIME, R_TUNE_FILE,
	R_QUIET, R_VERBOSE, R_WARN
};

static const struct opt_row run_rows[] = {
	[R_FAMILY] = { .like = &opt_family,
	    .help = "families (comma-separated): memcpy, memset, copy, csum, "
	    "csum_copy, csum_diff" },
	[R_KERNEL] = { .like = &opt_kernel,
	    .help = "kernels matching these globs, e.g. 'csum.*,memcpy.libc' "
	    "(default: all available); with --ab, globs of family.variant" },
	[R_LOAD] = { .like = &opt_load,
	    .help = "load the kernels of a kernel object as NAME:family.variant "
	    "(NAME: FILE's name up to its first dot); repeatable. Loaded "
	    "kernels are verified before they are timed: one that fails "
	    "stops the run (exit 1)" },
	[R_SIZES] = { .name = "sizes", .letter = 's', .arg = "SPEC",
	    .help = "sizes: list, A-B:xF, A-B:+S, K/M suffixes, or a preset: "
	    "quick, default, bpf, sparc, small, pow2, packet, large; quick also "
	    "with no arguments at all. Distributions (each call the next size "
	    "of a mix): imix, tcp-bulk, jumbo, tcp-ack, mix:SIZExW+..., @FILE, "
	    "pcap[+l4][+seq]:FILE. csum_diff shapes: F/T",
	    .def = "default", .alt = "quick" },
	[R_ALIGN] = { .name = "align", .letter = 'a', .arg = "SPEC",
	    .help = "offsets: SPEC (src=dst) or SRC/DST (every pair), or a "
	    "preset: aligned, unaligned, byte, cacheline, all64",
	    .def = "0" },
	[R_DISTANCE] = { .name = "distance", .arg = "LIST",
	    .help = "placements to sweep: (destination - source) mod the page "
	    "size, in bytes, offsets applied on top: numbers, ranges (A-B:+S) "
	    "or the presets aliased (0,16,64) and apart (2048); default: apart "
	    "(0 for destination offsets of 64 and more)" },
	[R_PRESET] = { .name = "preset", .letter = 'p', .arg = "NAME",
	    .help = "defaults for -f, -s and -a from a named sweep: uaccess "
	    "(the user-copy strategies of the riscv uaccess cover letter, src "
	    "x dst offsets 0-7), bpf-rewrite (csum_diff with from and to of "
	    "different sizes), bpf-push (csum_diff from nothing, the bpf "
	    "cover letter's call); given options win" },
	[R_REPS] = { .name = "reps", .letter = 'r', .arg = "N",
	    .help = "samples per point, at least; --target-ci may add more. "
	    "Without -r, the summary on a terminal, --baseline and --ab take "
	    "what their test needs (72 at --alpha 0.05)",
	    .def = "31", .alt = "15" },
	[R_OUTPUT] = { .like = &opt_output,
	    .help = "write the results to FILE: CSV (FILE.csv, with "
	    "FILE.csv.meta) or JSON with the raw samples (FILE.json); on a "
	    "terminal the summary is still shown (-q: not)" },
	[R_FORMAT] = { .name = "format", .arg = "FMT",
	    .help = "what goes to stdout (or -o FILE): csv, json, summary "
	    "(who is fastest where), wide (a row per position, a column per "
	    "kernel) or table (every point); default: summary "
	    "on a terminal, CSV otherwise (a pipe, or -o FILE.csv)" },
	[R_BASELINE] = { .name = "baseline", .arg = "K",
	    .help = "after measuring, print the delta table of every other "
	    "kernel of K's family against kernel K (measured even if -f or -k "
	    "left it out), from the paired samples of this run (instead of the "
	    "results, which go to -o FILE if given)" },
	[R_AB] = { .name = "ab", .arg = "A,B",
	    .help = "two loaded objects (--load FILE=A --load FILE=B): measure "
	    "every kernel A:x beside B:x, interleaved, and print the delta "
	    "table of B against A from the paired samples (results to -o "
	    "FILE if given)" },
	[R_REPLICAS] = { .name = "replicas", .arg = "N",
	    .help = "load each --load object N times (1 to 4), its code at "
	    "N offsets in the page, as NAME, NAME.2, ...; the summary says "
	    "how far each kernel's cost moved between them. With --ab, copy "
	    "k of A and of B at one offset, paired, and the gate fails a "
	    "point only when every copy is slower. Default: 4 with --ab and "
	    "--fail-above, else 1" },
	[R_STYLE] = { .like = &opt_style,
	    .help = "of that table: bpf, ticks, markdown or csv" },
	[R_FAIL_ABOVE] = { .like = &opt_fail_above,
	    .help = "with --baseline or --ab: exit 1 if any kernel is "
	    "significantly more than PCT% slower than K (than A:x)" },
	[R_MIN_DELTA] = { .like = &opt_min_delta,
	    .help = "... and more than D units" },
	[R_JUNIT] = { .like = &opt_junit },
	[R_GATE_MD] = { .like = &opt_gate_md },
	[R_COST] = { .like = &opt_cost,
	    .help = "the cost the table and --baseline show: whole (the whole "
	    "call) or net (the empty call's cost subtracted); files hold both "
	    "(median, net_median)" },
	[R_ALPHA] = { .like = &opt_alpha },
	[R_QUICK] = { .name = "quick",
	    .help = "quick sweep: the quick grid, fewer samples; the default "
	    "when no option asks for a grid (-f, -k, --load, -s, -a, "
	    "--distance, --preset, --cache, --mode, --baseline, --ab)" },
	[R_SAMPLE_TIME] = { .name = "sample-time", .arg = "US",
	    .help = "target microseconds per sample", .def = "20" },
	[R_WARMUP] = { .name = "warmup", .arg = "N",
	    .help = "warm-up batches per point", .def = "3" },
	[R_SEED] = { .like = &opt_seed,
	    .help = "seed of the data and the interleaving order" },
	[R_TIMER] = { .like = &opt_timer,
	    .heading = "Measurement control (see MEASUREMENT OPTIONS in "
	    "csumbench(1)):" },
	[R_CPU] = { .like = &opt_cpu },
	[R_CACHE] = { .name = "cache", .arg = "LIST",
	    .help = "hot (same buffers every call), cold (slots over twice the "
	    "last-level cache, in random order) or hot,cold",
	    .def = "hot" },
	[R_MODE] = { .name = "mode", .arg = "LIST",
	    .help = "throughput (independent calls), latency (each call waits "
	    "for the previous one's result) or throughput,latency",
	    .def = "throughput" },
	[R_TARGET_CI] = { .name = "target-ci", .arg = "PCT",
	    .help = "sample a point until the 95% CI of its median is within "
	    "PCT% of the median; 0: off",
	    .def = "1%", .alt = "2%" },
	[R_MIN_TIME] = { .name = "min-time", .arg = "T",
	    .help = "sample every point for at least T seconds (ms and us "
	    "suffixes allowed); raises the default --max-time to T",
	    .def = "0" },
	[R_MAX_TIME] = { .name = "max-time", .arg = "T",
	    .help = "stop refining a point after T of sampling; 0: no limit",
	    .def = "30ms", .alt = "8ms" },
	[R_TUNE_FILE] = { .like = &opt_tune_file },
	[R_QUIET] = { .like = &opt_quiet },
	[R_VERBOSE] = { .name = "verbose", .letter = 'v',
	    .help = "on a terminal, the full table after the summary" },
	[R_WARN] = { .like = &opt_warn },
};

/* What one run is asked to do, what it built and what it saw. */
struct run {
	/* From the options (run_parse), completed by run_defaults. */
	const char	*families, *patterns, *sizes, *align, *distance;
	const char	*output;
	const char	*junit, *gate_md;	/* --junit, --gate-md */
	const char	*format, *baseline, *cpu_arg, *timer;
	const char	*tune_file;
	const char *const *loads;	/* --load, in order */
	size_t		 nloads;
	char		*ab[2];		/* --ab A,B: the objects' names */
	unsigned	 replicas;	/* --replicas: copies of each */
	char		*copy_patterns;	/* -k with the copies' names */
	const struct run_preset *preset;
	int		 quick, def_cpu, reps_given;
	int		 verbose;	/* -v: the table after the summary */
	unsigned long long given;	/* bit R_*: the option was given */
	unsigned long long reps;
	unsigned	 caches, modes;	/* bit masks of CACHE_*, MODE_* */
	struct cmp_opts	 co;
	struct engine_opts eo;
	/* The sweep (run_defaults, run_points). */
	struct grid	 sg;
	struct align_grid ag;
	struct grid	 dg;		/* --distance; empty: the default */
	struct selection sel;		/* the kernels */
	const struct kernel **ks;	/* sel.k, sel.n */
	size_t		 nk;
	struct point	*pts;
	size_t		 npts;
	/* Where the results go (run_open): a summary and, with -v, the
	 * table on a terminal (2; 3 the wide view instead of the summary),
	 * a table on stdout (1), a file or
	 * stdout as CSV or JSON (0), nowhere but --baseline's table (-1); in
	 * which format. aside: a file, and the summary on the terminal. */
	int		 table;
	int		 aside;
	const struct rformat *fmt;
	struct outfile	 of, meta;	/* meta: of's sidecar, when it has one */
	struct gatefile	 gf;		/* --junit, --gate-md */
	int		 has_meta;
	/* What the run showed (run_measure). */
	struct engine_report er;
	double		 core_hz_end;
};

/* The --preset called name, or exit 2 listing the known ones. */
static const struct run_preset *
run_preset(const char *name)
{
	const struct run_preset *p = preset_find(name);
	char known[256] = "";
	size_t n;

	if (p != NULL)
		return p;
	for (p = run_presets; p->name != NULL; p++) {
		n = strlen(known);
		snprintf(known + n, sizeof(known) - n, "%s%s", n ? ", " : "",
		    p->name);
	}
	usage_error("--preset: unknown preset \"%s\" (known: %s)", name, known);
}

/* The options of what is measured and how precisely. */
static void
run_parse_measure(struct run *r, struct options *o)
{
	static const char *const caches[] = { "hot", "cold", NULL };
	static const char *const modes[] = { "throughput", "latency", NULL };
	unsigned long long warmup, seed = 0;
	double us, ci;
	char err[256];

	if (optval_uint(OPTVAL_OF(o, R_REPS), 1, 100000, &r->reps, err,
	    sizeof(err)) != 0 ||
	    optval_set(OPTVAL_OF(o, R_CACHE), caches, "hot, cold or hot,cold",
	    &r->caches, err, sizeof(err)) != 0 ||
	    optval_set(OPTVAL_OF(o, R_MODE), modes,
	    "throughput, latency or throughput,latency", &r->modes, err,
	    sizeof(err)) != 0 ||
	    optval_timer(OPTVAL_OF(o, R_TIMER), err, sizeof(err)) != 0 ||
	    (options_given(o, R_CPU) &&
	    optval_cpu(OPTVAL_OF(o, R_CPU), err, sizeof(err)) != 0) ||
	    optval_duration(OPTVAL_OF(o, R_MIN_TIME), &r->eo.min_time, err,
	    sizeof(err)) != 0 ||
	    optval_duration(OPTVAL_OF(o, R_MAX_TIME), &r->eo.max_time, err,
	    sizeof(err)) != 0 ||
	    optval_percent(OPTVAL_OF(o, R_TARGET_CI), 100, &ci, err,
	    sizeof(err)) != 0 ||
	    optval_double(OPTVAL_OF(o, R_SAMPLE_TIME), &us, err,
	    sizeof(err)) != 0 ||
	    optval_uint(OPTVAL_OF(o, R_WARMUP), 0, 1000, &warmup, err,
	    sizeof(err)) != 0 ||
	    (options_given(o, R_SEED) && optval_uint(OPTVAL_OF(o, R_SEED), 1,
	    UINT64_MAX, &seed, err, sizeof(err)) != 0))
		usage_error("%s", err);
	if (us <= 0 || us > 1e6)
		usage_error("--sample-time: %s is out of range (0, 1000000] "
		    "microseconds", options_value(o, R_SAMPLE_TIME));
	r->timer = options_value(o, R_TIMER);
	r->cpu_arg = options_value(o, R_CPU);
	r->reps_given = options_given(o, R_REPS);
	r->eo.target_ci = ci / 100;
	r->eo.sample_time = us * 1e-6;
	r->eo.warmup = (size_t)warmup;
	r->eo.seed = seed;
}

/* --ab A,B: two different, valid object names. */
static void
run_parse_ab(struct run *r, const char *arg)
{
	const char *comma = strchr(arg, ',');

	if (comma == NULL || strchr(comma + 1, ',') != NULL)
		usage_error("--ab: expected two names A,B of loaded objects, "
		    "got \"%s\"", arg);
	r->ab[0] = xasprintf("%.*s", (int)(comma - arg), arg);
	r->ab[1] = xstrdup(comma + 1);
	if (!kobj_name_ok(r->ab[0]) || !kobj_name_ok(r->ab[1]))
		usage_error("--ab: \"%s\" is not a pair of object names "
		    "(letters, digits, '_' or '-')", arg);
	if (strcmp(r->ab[0], r->ab[1]) == 0)
		usage_error("--ab: A and B are both \"%s\": compare two "
		    "different objects", r->ab[0]);
}

/*
 * Does o ask for a grid: which kernels, sizes, offsets, placements,
 * caches or modes, or a comparison that adds kernels? Options of how
 * (--cpu, --timer, -W, -o, --format, -r...) leave the grid alone.
 */
static int
run_grid_given(const struct options *o)
{
	static const int rows[] = { R_FAMILY, R_KERNEL, R_LOAD, R_SIZES,
	    R_ALIGN, R_DISTANCE, R_PRESET, R_CACHE, R_MODE, R_BASELINE, R_AB };
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (options_given(o, (size_t)rows[i]))
			return 1;
	return 0;
}

/* The options of what is measured and where the results go. */
static void
run_parse(struct run *r, struct options *o)
{
	int style, fmt;
	size_t i;
	char err[256];

	/* --quick, or no grid asked for: the quick sweep. */
	r->quick = options_given(o, R_QUICK) || !run_grid_given(o);
	o->alt = r->quick;
	r->families = o->val[R_FAMILY];
	r->patterns = o->val[R_KERNEL];
	r->sizes = o->val[R_SIZES];
	r->align = o->val[R_ALIGN];
	r->distance = o->val[R_DISTANCE];
	r->output = o->val[R_OUTPUT];
	r->junit = o->val[R_JUNIT];
	r->gate_md = o->val[R_GATE_MD];
	r->format = o->val[R_FORMAT];
	r->baseline = o->val[R_BASELINE];
	r->tune_file = o->val[R_TUNE_FILE];
	r->loads = options_all(o, R_LOAD, &r->nloads);
	if (options_given(o, R_AB))
		run_parse_ab(r, o->val[R_AB]);
	if (options_given(o, R_REPLICAS)) {
		unsigned long long n;

		if (optval_uint(OPTVAL_OF(o, R_REPLICAS), 1, 4, &n, err,
		    sizeof(err)) != 0)
			usage_error("%s", err);
		if (r->ab[0] == NULL && r->nloads == 0)
			usage_error("--replicas: copies of loaded objects; "
			    "give --load FILE or --ab A,B");
		r->replicas = (unsigned)n;
	}
	if (options_given(o, R_PRESET))
		r->preset = run_preset(o->val[R_PRESET]);
	compare_opts_init(&r->co);
	r->co.same_run = 1;
	if ((r->format != NULL && optval_choice(OPTVAL_OF(o, R_FORMAT),
	    rformat_name_list(), rformat_names(1), &fmt, err,
	    sizeof(err)) != 0) ||
	    optval_style(OPTVAL_OF(o, R_STYLE), &style, err, sizeof(err)) != 0 ||
	    (options_given(o, R_FAIL_ABOVE) &&
	    optval_percent(OPTVAL_OF(o, R_FAIL_ABOVE), -1, &r->co.fail_above,
	    err, sizeof(err)) != 0) ||
	    optval_cost(OPTVAL_OF(o, R_COST), &r->co.cost, err,
	    sizeof(err)) != 0 ||
	    optval_min_delta(OPTVAL_OF(o, R_MIN_DELTA), &r->co.min_delta, err,
	    sizeof(err)) != 0 ||
	    optval_alpha(OPTVAL_OF(o, R_ALPHA), &r->co.alpha, err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	r->co.style = (enum cmp_style)style;
	if (options_given(o, R_QUIET)) {
		verbose_level = 0;
		r->co.quiet = 1;
	}
	r->verbose = options_given(o, R_VERBOSE);
	for (i = 0; i < o->t->nrows; i++)
		r->given |= (unsigned long long)(options_given(o, i) != 0) << i;
	if (warn_env(err, sizeof(err)) != 0 || (options_given(o, R_WARN) &&
	    warn_parse("-W", o->val[R_WARN], err, sizeof(err)) != 0))
		usage_error("%s", err);
	run_parse_measure(r, o);
}

/* A preset's and the table's defaults; the rules between options. */
static void
run_defaults(struct run *r, const struct options *o)
{
	const char *out = r->output;
	int to_stdout = out == NULL || strcmp(out, "-") == 0;
	char err[256];

	if (r->preset != NULL) {
		if (r->families == NULL)
			r->families = r->preset->families;
		if (r->sizes == NULL)
			r->sizes = r->preset->sizes;
		if (r->align == NULL)
			r->align = r->preset->align;
	}
	if (r->sizes == NULL)
		r->sizes = options_value(o, R_SIZES);
	if (r->align == NULL)
		r->align = options_value(o, R_ALIGN);
	/* --min-time alone raises the default --max-time to it. */
	if (!options_given(o, R_MAX_TIME) && r->eo.max_time > 0 &&
	    r->eo.min_time > r->eo.max_time)
		r->eo.max_time = r->eo.min_time;
	if (r->eo.max_time > 0 && r->eo.min_time > r->eo.max_time)
		usage_error("--min-time %gs is longer than --max-time %gs",
		    r->eo.min_time, r->eo.max_time);
	if (grid_parse(r->sizes, &r->sg, err, sizeof(err)) != 0 ||
	    grid_parse_align(r->align, &r->ag, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (r->distance != NULL && grid_parse_distance(r->distance,
	    (size_t)sysconf(_SC_PAGESIZE), &r->dg, err, sizeof(err)) != 0)
		usage_error("--distance: %s", err);
	if (!to_stdout && rformat_for_path(out) == NULL && r->format == NULL &&
	    !outfile_is_stream(out))
		usage_error("--output: cannot tell the format of \"%s\" (use "
		    "a %s name, or --format)", out, rformat_suffixes());
	if (r->baseline == NULL && r->ab[0] == NULL && r->co.fail_above >= 0)
		usage_error("--fail-above needs --baseline or --ab (or use "
		    "'csumbench compare')");
	if (r->baseline != NULL && r->ab[0] != NULL)
		usage_error("--baseline and --ab: choose one comparison");
	if (r->replicas == 0)
		r->replicas = r->ab[0] != NULL && r->co.fail_above >= 0 ? 4 : 1;
	if ((r->baseline != NULL || r->ab[0] != NULL) && to_stdout &&
	    r->format != NULL)
		usage_error("--%s prints its table on stdout: results need "
		    "-o FILE", r->baseline != NULL ? "baseline" : "ab");
	if (r->format != NULL && rformat_find(r->format)->terminal && !to_stdout)
		usage_error("--format %s writes to standard output only (-o "
		    "FILE: csv or json; on a terminal the summary is shown "
		    "too)", r->format);
}

/* --baseline K: K joins the selection when -f or -k left it out. */
static void
run_add_baseline(struct run *r)
{
	struct selection b;
	char err[256];
	size_t i;

	for (i = 0; i < r->sel.n; i++)
		if (strcmp(r->sel.k[i]->name, r->baseline) == 0)
			return;
	if (strpbrk(r->baseline, "*?[,") != NULL)
		usage_error("--baseline: \"%s\" is not one kernel's name",
		    r->baseline);
	if (select_kernels(NULL, r->baseline, 0, &b, err, sizeof(err)) != 0)
		usage_error("--baseline: %s", err);
	r->sel.k = xreallocarray(r->sel.k, r->sel.n + 1, sizeof(*r->sel.k));
	r->sel.k[r->sel.n++] = b.k[0];
	select_free(&b);
	r->ks = r->sel.k;
	r->nk = r->sel.n;
}

/* --baseline: a selected kernel, with another of its family to compare. */
static void
run_check_baseline(const struct run *r)
{
	size_t i, j;

	/* The baseline is measured with its family, interleaved. */
	for (j = 0; j < r->nk && strcmp(r->ks[j]->name, r->baseline) != 0; j++)
		;
	if (j == r->nk)
		usage_error("--baseline: kernel \"%s\" is not among the "
		    "selected, available kernels", r->baseline);
	for (i = 0; i < r->nk; i++)
		if (i != j && r->ks[i]->family == r->ks[j]->family)
			return;
	usage_error("--baseline: no other %s kernel is selected to compare "
	    "with %s", family_name(r->ks[j]->family), r->baseline);
}

/*
 * One size of the grid as a call takes it: a fixed size, a csum_diff
 * from/to shape, or a distribution (size: its mean, rounded).
 */
struct size_item {
	size_t		 size, from;
	int		 has_from;
	const struct dist *dist;
};

/* Every size of the grid: fixed sizes, then shapes, then distributions. */
static size_t
run_items(struct run *r, struct size_item **out)
{
	const struct grid *g = &r->sg;
	struct size_item *it = xcalloc(g->n + g->npair + g->ndist + 1,
	    sizeof(*it));
	size_t i, n = 0;

	for (i = 0; i < g->n; i++)
		it[n++].size = g->v[i];
	for (i = 0; i < g->npair; i++, n++) {
		it[n].size = g->pair[i].to;
		it[n].from = g->pair[i].from;
		it[n].has_from = 1;
	}
	for (i = 0; i < g->ndist; i++, n++) {
		it[n].dist = &g->dist[i];
		it[n].size = (size_t)llround(g->dist[i].seq_mean);
	}
	*out = it;
	return n;
}

/* Why kernel k does not take item it: 0 it does, 1 a shape is csum_diff's,
 * 2 csum_diff takes whole 32-bit words. */
static int
item_skip(const struct kernel *k, const struct size_item *it)
{
	size_t i;

	if (it->has_from && k->family != K_CSUM_DIFF)
		return 1;
	if (k->family != K_CSUM_DIFF)
		return 0;
	if (it->dist != NULL) {
		for (i = 0; i < it->dist->nbin; i++)
			if (it->dist->bin[i].size % 4 != 0)
				return 2;
		return 0;
	}
	return it->size % 4 != 0 || (it->has_from && it->from % 4 != 0) ? 2 :
	    0;
}

/* Say which points were left out, and why; exit 2 if all were. */
static void
run_skipped(const struct run *r, const size_t *skipped)
{
	if (r->npts == 0)
		usage_error("nothing to measure: %s", skipped[1] > 0 &&
		    skipped[2] == 0 ? "F/T sizes are csum_diff's only" :
		    "csum_diff needs sizes that are multiples of 4");
	if (skipped[2])
		talk("csumbench: %zu csum_diff point%s skipped: sizes must be "
		    "multiples of 4\n", skipped[2], skipped[2] == 1 ? "" : "s");
	if (skipped[1])
		talk("csumbench: %zu point%s skipped: F/T sizes are csum_diff's "
		    "only\n", skipped[1], skipped[1] == 1 ? "" : "s");
}

/*
 * Point number npts: kernel j at size item it, offsets a and distance d
 * (the default placement when none was asked for). Returns why the point
 * cannot be (as item_skip), else 0.
 */
static int
run_point(struct run *r, int cache, int mode, const struct size_item *it,
    size_t a, size_t d, size_t j)
{
	struct point *p = &r->pts[r->npts];
	int why;

	if ((why = item_skip(r->ks[j], it)) != 0)
		return why;
	p->k = r->ks[j];
	p->size = it->size;
	p->from_size = it->from;
	p->has_from = it->has_from;
	p->dist = it->dist;
	p->src_off = r->ag.v[a].src;
	p->dst_off = r->ag.v[a].dst;
	p->distance = r->dg.n > 0 ? r->dg.v[d] :
	    arena_default_distance(p->dst_off);
	p->cache = cache;
	p->mode = mode;
	r->npts++;
	return 0;
}

/* The suffix of replica k's object name: "" for the first, ".k". */
static void
run_replica_suffix(unsigned k, char *buf, size_t len)
{
	if (k > 1)
		snprintf(buf, len, "%s%u", KOBJ_REPLICA_SEP, k);
	else
		snprintf(buf, len, "%s", "");
}

/*
 * Which side of --ab kernel name is of: 0 (A or a replica of it), 1 (B,
 * or one of its), or -1; *rep is set to its replica.
 */
static int
run_ab_side(const struct run *r, const char *name, unsigned *rep)
{
	size_t n;
	int s;

	*rep = compare_replica(name);
	for (s = 0; s < 2; s++) {
		n = strlen(r->ab[s]);
		if (strncmp(name, r->ab[s], n) == 0 && (name[n] == ':' ||
		    (*rep > 1 && name[n] == KOBJ_REPLICA_SEP[0])))
			return s;
	}
	return -1;
}

/* The name of the --ab partner of kernel name (of side side, replica
 * rep): the same kernel of the other object's same replica. */
static char *
run_partner_name(const struct run *r, const char *name, int side,
    unsigned rep)
{
	char sfx[16];

	run_replica_suffix(rep, sfx, sizeof(sfx));
	return xasprintf("%s%s:%s", r->ab[1 - side], sfx,
	    strchr(name, ':') + 1);
}

/*
 * --ab's patterns: "A:P,B:P" for each glob P of -k (of family.variant),
 * or for every kernel.
 */
static char *
run_ab_patterns(const struct run *r)
{
	char *copy = xstrdup(r->patterns != NULL ? r->patterns : "*");
	char *p, *tok, *save = NULL, *out = xstrdup(""), *t, sfx[16];
	unsigned k;

	for (p = copy; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (strchr(tok, ':') != NULL)
			usage_error("--ab: -k takes globs of family.variant, "
			    "not \"%s\" (the objects are named by --ab)", tok);
		for (k = 1; k <= r->replicas; k++) {
			run_replica_suffix(k, sfx, sizeof(sfx));
			t = xasprintf("%s%s%s%s:%s,%s%s:%s", out, *out ? "," :
			    "", r->ab[0], sfx, tok, r->ab[1], sfx, tok);
			free(out);
			out = t;
		}
	}
	free(copy);
	return out;
}

/*
 * k's --ab partner, if selected: its name, to free; else NULL, and the
 * name it lacks in *missing (to free).
 */
static char *
run_partner(const struct run *r, const struct kernel *k, char **missing)
{
	unsigned rep;
	int side = run_ab_side(r, k->name, &rep);
	char *want;
	size_t i;

	*missing = NULL;
	if (side < 0)
		return NULL;
	want = run_partner_name(r, k->name, side, rep);
	for (i = 0; i < r->nk; i++)
		if (strcmp(r->ks[i]->name, want) == 0)
			return want;
	*missing = want;
	return NULL;
}

/*
 * The placement of copy k (1..n) of --ab's objects: its offset within
 * KPLACE_PERIOD, the same for A and B, so that a kernel built at a fixed
 * offset (-falign-functions=4096) lies at the same offset in A's copy k
 * as in B's; the copies stratified over the period in cache-line steps
 * (copy k in its n-th of it), each at a random step within its stratum.
 */
static size_t
run_copy_shift(unsigned k, unsigned n, uint64_t *rs)
{
	size_t stride = KPLACE_PERIOD / n, steps;

	stride -= stride % KPLACE_STEP;
	if (stride < KPLACE_STEP)
		stride = KPLACE_STEP;
	steps = stride / KPLACE_STEP;
	return ((k - 1) * stride + KPLACE_STEP * (size_t)(rng_next(rs) %
	    steps)) % KPLACE_PERIOD;
}

/* Pages below a copy: 0-255, so that bits 12-19 of its addresses vary. */
#define RUN_PAD_PAGES	256

/*
 * Say once how the copies of --ab's objects lie: their offsets, and what
 * keeps a kernel's layout from being paired.
 */
static void
run_placement_note(const struct run *r, const size_t *shift, int moved,
    const char *why)
{
	const struct kobj *o;
	size_t un[2] = { 0, 0 }, i;
	int s;

	if (!moved) {
		talk("csumbench: --ab: the code of %s cannot be moved (%s): "
		    "its copies differ in their pages only, and a change that "
		    "only moves code may read as a change of cost\n",
		    r->ab[0], why);
		return;
	}
	if (r->replicas == 1)
		talk("csumbench: --ab: the code of %s and of %s at one offset "
		    "in the page (", r->ab[0], r->ab[1]);
	else
		talk("csumbench: --ab: %u copies of %s and of %s, copy k of "
		    "both at one offset in the page (", r->replicas, r->ab[0],
		    r->ab[1]);
	for (i = 0; i < r->replicas; i++)
		talk("%s%zu", i ? ", " : "", shift[i]);
	talk(" B)%s\n", r->replicas > 1 ? "; the gate fails a point only "
	    "when every copy is slower" : "");
	for (s = 0; s < 2; s++)
		if ((o = select_object(r->ab[s])) != NULL)
			un[s] = kobj_unaligned(o);
	if (un[0] + un[1] > 0)
		warn_once(WARN_LAYOUT, "--ab: %zu kernels of %s and %zu of %s "
		    "do not start a 4 KiB boundary: where other code lands "
		    "moves them within the page, and a move can read as a "
		    "change; build objects with -falign-functions=4096 "
		    "(pkg-config --cflags csumbench)", un[0], r->ab[0], un[1],
		    r->ab[1]);
}

/*
 * Place the objects called names[0..n-1]: copy 1 of each moved to its
 * offset, copies 2..N made (kobj.h), copy k of every object at one offset;
 * where the code cannot be moved, copies of the file (why says why).
 * *shift gets the offsets (to free). Returns whether every object's code
 * was placed.
 */
static int
run_place(const struct run *r, const char *const *names, size_t n,
    size_t **shift, char *why, size_t whylen)
{
	char err[512], note[512];
	uint64_t rs = r->eo.seed ? r->eo.seed ^ UINT64_C(0x1a7047) :
	    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	unsigned k;
	size_t s;
	int moved = 1;

	*shift = xcalloc(r->replicas, sizeof(**shift));
	for (k = 1; k <= r->replicas; k++)
		(*shift)[k - 1] = run_copy_shift(k, r->replicas, &rs);
	for (s = 0; s < n; s++)
		if (select_move(names[s], (*shift)[0], (size_t)(rng_next(&rs) %
		    RUN_PAD_PAGES), why, whylen) != 0)
			moved = 0;
	for (k = 2; k <= r->replicas; k++)
		for (s = 0; s < n; s++)
			if (select_replicate(names[s], k, moved ?
			    (*shift)[k - 1] : 0, (size_t)(rng_next(&rs) %
			    RUN_PAD_PAGES), note, sizeof(note), err,
			    sizeof(err)) == NULL)
				usage_error("--replicas: %s", err);
	return moved;
}

/* Place --ab's objects (run_place). Returns whether both were placed. */
static int
run_replicate(const struct run *r)
{
	char why[512] = "";
	size_t *shift;
	int moved;

	moved = run_place(r, (const char *const *)r->ab, 2, &shift, why,
	    sizeof(why));
	run_placement_note(r, shift, moved, why);
	free(shift);
	return moved;
}

/*
 * --replicas without --ab: every loaded object's code placed N times, so
 * that the summary can say how far each kernel's cost moves with its
 * layout; -k's patterns of NAME:... also select NAME.k:...
 */
static void
run_copies(struct run *r)
{
	const char **names = xcalloc(select_nobjects() + 1, sizeof(*names));
	char why[512] = "", *pats, *t, *tok, *save = NULL, *p, sfx[16];
	size_t *shift, n = 0, i;
	unsigned k;

	for (i = 1; i < select_nobjects(); i++)
		names[n++] = select_object_at(i)->name;
	if (!run_place(r, names, n, &shift, why, sizeof(why)))
		talk("csumbench: --replicas: code not moved (%s): the copies "
		    "differ in their pages only\n", why);
	free(shift);
	free(names);
	if (r->patterns == NULL)
		return;
	pats = xstrdup(r->patterns);
	t = xstrdup(r->patterns);
	for (p = pats; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL)
		for (k = 2; strchr(tok, ':') != NULL && k <= r->replicas; k++) {
			char *u;

			run_replica_suffix(k, sfx, sizeof(sfx));
			u = xasprintf("%s,%.*s%s%s", t, (int)strcspn(tok, ":"),
			    tok, sfx, strchr(tok, ':'));
			free(t);
			t = u;
		}
	free(pats);
	r->copy_patterns = t;
	r->patterns = t;
}

/*
 * --ab A,B: the kernels of A and of B that -f and -k select, each A:x
 * kept only beside its B:x (and the reverse); a kernel of one build alone
 * is left out, with a note.
 */
static void
run_select_ab(struct run *r)
{
	char *pats, err[512];
	size_t i, j, k;
	int rc;

	for (k = 0; k < 2; k++)
		if (select_object(r->ab[k]) == NULL)
			usage_error("--ab: no object is loaded as \"%s\" (use "
			    "--load FILE=%s)", r->ab[k], r->ab[k]);
	r->co.placed = run_replicate(r);
	pats = run_ab_patterns(r);
	rc = select_kernels(r->families, pats, 0, &r->sel, err, sizeof(err));
	free(pats);
	if (rc != 0)
		usage_error("--ab: %s", err);
	r->ks = r->sel.k;
	r->nk = r->sel.n;
	for (i = j = 0; i < r->nk; i++) {
		const struct kernel *kn = r->ks[i];
		char *want, *missing;
		unsigned rep;

		if ((want = run_partner(r, kn, &missing)) != NULL)
			r->ks[j++] = kn;
		else if (missing != NULL && r->co.fail_above >= 0 &&
		    run_ab_side(r, kn->name, &rep) == 0)
			/* The gate judges every kernel of A. */
			usage_error("--ab: cannot judge %s: it has no partner "
			    "%s in %s", kn->name, missing, r->ab[1]);
		else if (missing != NULL &&
		    compare_replica(kn->name) == 1)
			talk("csumbench: --ab: %s has no partner %s: not "
			    "measured\n", kn->name, missing);
		free(want);
		free(missing);
	}
	r->nk = j;
	if (r->nk == 0)
		usage_error("--ab: no kernel of %s has a partner in %s",
		    r->ab[0], r->ab[1]);
	r->co.ab_a = r->ab[0];
	r->co.ab_b = r->ab[1];
}

/* The kernels: loaded, selected, paired for --ab, checked for --baseline. */
static void
run_kernels(struct run *r)
{
	char err[256];

	ctx_load(r->loads, r->nloads);
	if (r->ab[0] != NULL)
		run_select_ab(r);
	else {
		if (r->replicas > 1)
			run_copies(r);
		if (select_kernels(r->families, r->patterns, 0, &r->sel, err,
		    sizeof(err)) != 0)
			usage_error("%s", err);
		r->ks = r->sel.k;
		r->nk = r->sel.n;
	}
	if (r->baseline != NULL) {
		run_add_baseline(r);
		run_check_baseline(r);
		r->co.a_kernel = r->baseline;
	}
}

/*
 * --ab: each point of A:x and the point of B:x at its position are twins,
 * timed with one batch (engine.h). A position's points are adjacent.
 */
static void
run_twins(struct run *r)
{
	size_t i, j;
	unsigned rep;
	char *want;

	for (i = 0; i < r->npts; i++) {
		struct point *p = &r->pts[i];

		if (run_ab_side(r, p->k->name, &rep) != 0)
			continue;
		want = run_partner_name(r, p->k->name, 0, rep);
		for (j = i + 1; j < r->npts && r->pts[j].size == p->size &&
		    r->pts[j].src_off == p->src_off &&
		    r->pts[j].dst_off == p->dst_off &&
		    r->pts[j].cache == p->cache && r->pts[j].mode == p->mode &&
		    r->pts[j].distance == p->distance &&
		    r->pts[j].dist == p->dist &&
		    r->pts[j].has_from == p->has_from &&
		    r->pts[j].from_size == p->from_size; j++)
			if (strcmp(r->pts[j].k->name, want) == 0) {
				p->twin = &r->pts[j];
				r->pts[j].twin = p;
			}
		free(want);
	}
}

/* The points, grouped by grid position with the kernels inside. */
static void
run_points(struct run *r)
{
	size_t i, j, a, nd, ni, skipped[3] = { 0, 0, 0 };
	struct size_item *it;
	unsigned cm;

	ctx_cpu();
	ctx_tune(r->tune_file);
	run_kernels(r);
	for (i = 0; i < r->sg.ndist; i++)
		dist_draw(&r->sg.dist[i], r->eo.seed ? r->eo.seed : 0x5eed);
	ni = run_items(r, &it);
	nd = r->dg.n > 0 ? r->dg.n : 1;
	if ((double)ni * (double)r->ag.n * (double)nd * (double)r->nk > 5e6)
		usage_error("the sweep has too many points (%zu sizes x %zu "
		    "offsets x %zu distances x %zu kernels)", ni, r->ag.n, nd,
		    r->nk);
	r->pts = xcalloc(ni * r->ag.n * nd * r->nk * 4, sizeof(*r->pts));
	for (cm = 0; cm < 4; cm++) {
		int cache = (int)(cm >> 1), mode = (int)(cm & 1);

		if (!(r->caches & (1u << cache)) || !(r->modes & (1u << mode)))
			continue;
		for (i = 0; i < ni; i++)
			for (a = 0; a < r->ag.n * nd; a++)
				for (j = 0; j < r->nk; j++)
					skipped[run_point(r, cache, mode,
					    &it[i], a / nd, a % nd, j)]++;
	}
	free(it);
	run_skipped(r, skipped);
	if (r->ab[0] != NULL)
		run_twins(r);
}

/*
 * Options that shape what this run does not print: an error, not a
 * silent no-op. --style and --min-delta shape --baseline's table and
 * gate; --cost and --alpha also the summary, --cost also the table.
 */
static void
run_check_used(const struct run *r)
{
#define GIVEN(i) (r->given & (1ull << (i)))
	if (GIVEN(R_MIN_DELTA) && r->co.fail_above < 0)
		usage_error("--min-delta qualifies --fail-above");
	if (r->baseline != NULL || r->ab[0] != NULL)
		return;
	if (GIVEN(R_STYLE))
		usage_error("--style is the form of --baseline's or --ab's delta "
		    "table: add --baseline K (or use 'csumbench compare')");
	if (GIVEN(R_COST) && r->table == 0 && !r->aside)
		usage_error("--cost chooses what the terminal and --baseline "
		    "show; %s holds both (median, net_median)",
		    r->fmt->name);
	if (GIVEN(R_ALPHA) && r->table < 2 && !r->aside)
		usage_error("--alpha is the significance level of --baseline's "
		    "table and of the terminal summary, neither shown here");
#undef GIVEN
}

/* Where the results go; a file is opened before measuring, to fail early. */
static void
run_open(struct run *r)
{
	int to_stdout = r->output == NULL || strcmp(r->output, "-") == 0;
	char err[512];

	/* --format decides; without it, a terminal gets the summary. */
	if (r->format != NULL)
		r->fmt = rformat_find(r->format);
	else if (r->output == NULL ||
	    (r->fmt = rformat_for_path(r->output)) == NULL)
		r->fmt = rformat_find(r->output == NULL &&
		    isatty(STDOUT_FILENO) ? "summary" : "csv");
	r->table = !r->fmt->terminal ? 0 :
	    strcmp(r->fmt->name, "table") == 0 ? 1 :
	    strcmp(r->fmt->name, "wide") == 0 ? 3 : 2;
	if (r->baseline != NULL || r->ab[0] != NULL)
		r->table = to_stdout ? -1 : 0;
	/* Results to a file: the terminal still shows the summary. */
	r->aside = r->table == 0 && !to_stdout && verbose_level > 0 &&
	    r->baseline == NULL && r->ab[0] == NULL && isatty(STDOUT_FILENO);
	if (r->verbose && r->table < 2 && !r->aside)
		usage_error("--verbose adds the full table to the summary on a "
		    "terminal; here the results are %s", r->table == 1 ?
		    "the table already" : r->table < 0 ? "the delta table" :
		    r->fmt->name);
	run_check_used(r);
	gatefile_open(&r->gf, r->junit, r->gate_md, &r->co);
	if (r->table != 0)
		return;
	if (outfile_open(&r->of, r->output != NULL ? r->output : "-", err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	/* The provenance goes beside a results file, not into it. */
	if (r->fmt->sidecar && r->of.regular) {
		char *mpath = provenance_path(r->output);

		if (outfile_open(&r->meta, mpath, err, sizeof(err)) != 0)
			usage_error("%s", err);
		r->has_meta = 1;
		free(mpath);
	}
}

/* Warn about what the run itself showed. */
static void
warn_after(const struct run *r)
{
	double h0 = ctx.timer.est_core_hz, h1 = r->core_hz_end;

	if (r->er.unconverged > 0)
		warn_unconverged(r->pts, r->npts, r->eo.target_ci,
		    r->eo.max_time);
	if (h0 > 0 && h1 > 0 && fabs(h1 - h0) / h0 > 0.03)
		warn_once(WARN_CLOCK, "core clock %.2f GHz -> %.2f GHz in the "
		    "run: %s", h0 / 1e9, h1 / 1e9, ctx.cpu.hypervisor[0] ?
		    "steal time or scaling" : "frequency scaling");
}

/* Before a sweep the plan says will take over a minute: how long. */
static void
run_plan_note(const struct run *r)
{
	double lo, hi;
	size_t npos = r->nk > 0 ? (r->npts + r->nk - 1) / r->nk : 0;

	progress_estimate(r->npts, npos, &r->eo, &lo, &hi);
	if (hi <= 60)
		return;
	talk("csumbench: %zu points: about %.0f s%s on an idle core", r->npts,
	    lo, lo < 1 ? " (under a second)" : "");
	if (hi > lo * 1.2)
		talk(", up to %.0f s while refining towards --target-ci %g%% "
		    "(--max-time %gms a point)", hi, r->eo.target_ci * 100,
		    r->eo.max_time * 1e3);
	talk("; -q for silence; fewer sizes or a shorter --max-time for less\n");
}

/*
 * A delta table within one run tests segments of paired samples (compare.h):
 * every point needs enough of them for the test to reach alpha at all, and
 * under a gate alpha / m.
 */
static void
run_gate_reps(struct run *r)
{
	size_t i, m = 0, need;
	const struct kernel *base = NULL;

	if (r->baseline == NULL && r->ab[0] == NULL)
		return;
	if (r->co.fail_above < 0) {
		need = compare_table_samples(r->co.alpha);
		if (!r->reps_given && r->reps < need)
			r->reps = need;
		return;
	}
	for (i = 0; i < r->nk; i++)
		if (r->baseline != NULL && strcmp(r->ks[i]->name,
		    r->baseline) == 0)
			base = r->ks[i];
	for (i = 0; i < r->npts; i++)
		m += r->ab[0] != NULL ? r->pts[i].twin != NULL &&
		    r->pts[i].twin > &r->pts[i] &&
		    compare_replica(r->pts[i].k->name) == 1 :
		    r->pts[i].k != base &&
		    base != NULL && r->pts[i].k->family == base->family;
	need = compare_gate_samples(m, r->co.alpha);
	if (r->reps >= need)
		return;
	if (r->reps_given) {
		warnx_("--fail-above over %zu points needs %zu samples per "
		    "point (-r %zu) to judge each: with -r %llu, a slower point "
		    "may be one it cannot judge", m, need, need, r->reps);
		return;
	}
	talk("csumbench: --fail-above over %zu points: %zu samples per point "
	    "(%zu segments of the run for the gate's test)\n", m, need,
	    need / ENGINE_ROUND);
	r->reps = need;
}

/*
 * The summary on a terminal tells kernels apart with the test of a delta
 * table of one run (summary.h): without -r, every point gets the samples
 * that test needs to reach --alpha, as under --baseline.
 */
static void
run_summary_reps(struct run *r)
{
	size_t need = compare_table_samples(r->co.alpha);

	if ((r->table >= 2 || r->aside) && !r->reps_given && r->reps < need)
		r->reps = need;
}

/* Pin, set up the timer, measure every point. */
static void
run_measure(struct run *r)
{
	static struct progress_line pl;	/* outlives r->eo */
	char err[256];

	/* Pin before the timer is calibrated, so both see the same CPU. */
	ctx_pin(r->cpu_arg, r->def_cpu);
	ctx_timer(r->timer);
	warn_machine(&ctx.cpu);
	r->eo.ti = &ctx.timer;
	r->eo.reps = (size_t)r->reps;
	r->eo.llc = ctx.cpu.l3 ? ctx.cpu.l3 : ctx.cpu.l2;
	if (verbose_level > 0) {
		progress_line_init(&pl, stderr, isatty(STDERR_FILENO), &r->eo);
		r->eo.progress = progress_line;
		r->eo.progress_arg = &pl;
	}
	run_plan_note(r);
	warn_few(r->reps);
	/* A first signal ends the sampling, and what was measured is kept. */
	r->eo.stop = intr_flag();
	intr_defer(1);
	if (engine_run(r->pts, r->npts, &r->eo, &r->er, err, sizeof(err)) != 0)
		usage_error("%s", err);
	intr_defer(0);
	/* Did the clock move while we measured? */
	r->core_hz_end = timer_est_core_hz(&ctx.timer);
	warn_after(r);
}

static int
point_order(const void *a, const void *b)
{
	const struct point *p = a, *q = b;

#define CMP(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)
	CMP(p->k->family, q->k->family);
	CMP(p->k, q->k);
	CMP(p->cache, q->cache);
	CMP(p->mode, q->mode);
	/* Fixed sizes, then csum_diff shapes, then distributions. */
	CMP(p->dist != NULL, q->dist != NULL);
	CMP(p->has_from, q->has_from);
	CMP(p->size, q->size);
	CMP(p->from_size, q->from_size);
	CMP(p->src_off, q->src_off);
	CMP(p->dst_off, q->dst_off);
	CMP(p->distance, q->distance);
#undef CMP
	if (p->dist != NULL && q->dist != NULL)
		return strcmp(p->dist->name, q->dist->name);
	return 0;
}

/* The kernel objects loaded (--load), in order: load_1, load_2, ... */
static void
run_provenance_loads(struct provenance *pv, const struct run *r)
{
	size_t i;
	char key[32];

	for (i = 0; i < r->nloads; i++) {
		snprintf(key, sizeof(key), "load_%zu", i + 1);
		provenance_set(pv, key, "%s", r->loads[i]);
	}
}

/* What a run records beside its results, besides provenance_collect's. */
static void
run_provenance(struct provenance *pv, const struct run *r)
{
	const struct engine_opts *eo = &r->eo;
	const struct engine_report *er = &r->er;

	provenance_collect(pv);
	ctx_tune_provenance(pv);
	provenance_set(pv, "sizes", "%s", r->sizes);
	provenance_set(pv, "align", "%s", r->align);
	run_provenance_loads(pv, r);
	/* What the main columns hold, and where the buffers were placed. */
	provenance_set(pv, "cost", "whole");
	provenance_set(pv, "page_size", "%ld", sysconf(_SC_PAGESIZE));
	if (r->distance != NULL)
		provenance_set(pv, "distance", "%s", r->distance);
	else
		provenance_set(pv, "distance", "default: %d (0 for destination "
		    "offsets of 64 and more)", ARENA_APART);
	provenance_set(pv, "reps", "%llu", r->reps);
	provenance_set(pv, "cache", "%s%s%s", r->caches & 1 ? "hot" : "",
	    r->caches == 3 ? "," : "", r->caches & 2 ? "cold" : "");
	provenance_set(pv, "mode", "%s%s%s", r->modes & 1 ? "throughput" : "",
	    r->modes == 3 ? "," : "", r->modes & 2 ? "latency" : "");
	provenance_set(pv, "sample_time_us", "%g", eo->sample_time * 1e6);
	provenance_set(pv, "warmup", "%zu", eo->warmup);
	provenance_set(pv, "seed", "%llu",
	    (unsigned long long)(eo->seed ? eo->seed : 0x5eed));
	provenance_set(pv, "target_ci_pct", "%g", eo->target_ci * 100);
	provenance_set(pv, "min_time_s", "%g", eo->min_time);
	provenance_set(pv, "max_time_s", "%g", eo->max_time);
	provenance_set(pv, "samples_min", "%zu", er->min_samples);
	provenance_set(pv, "samples_max", "%zu", er->max_samples);
	provenance_set(pv, "points_short_of_target_ci", "%zu",
	    er->unconverged);
	provenance_set(pv, "run_seconds", "%.2f", er->seconds);
	if (r->caches & 2) {
		provenance_set(pv, "cold_pool_bytes", "%zu", er->cold_pool);
		provenance_set(pv, "cold_order", "random");
		provenance_set(pv, "cold_hugepages", "%s",
		    er->cold_hugepages ? "requested" : "no");
	}
	if (r->core_hz_end > 0)
		provenance_set(pv, "est_core_hz_end", "%.0f", r->core_hz_end);
}

/* The table's last line: the kernels' tuning in force, and from where. */
static void
run_emit_tuning(void)
{
	char src[1400], vals[1024];

	tuning_source(&ctx.tuning, src, sizeof(src));
	tuning_values(&ctx.tuning, 0, vals, sizeof(vals));
	printf("Tuning: %s: %s.\n", src, vals);
}
static void	run_emit_footer(const struct run *r);
static void	run_emit_brief(const struct run *r);

/* The results as a table for a terminal, and how they were measured. */
static void
run_emit_table(const struct run *r, const struct rset *rs, int table)
{
	struct rset v;
	int net = r->co.cost == CMP_COST_NET;

	if (net)
		rset_net_view(&v, rs);
	if (table == 2 || table == 3) {
		struct summary_opts so = { .alpha = r->co.alpha,
		    .cost = net ? "net: the empty call's cost subtracted" :
		    "whole call" };

		if (table == 3)
			pivot_write(stdout, net ? &v : rs, &so);
		else
			summary_write(stdout, net ? &v : rs, &so);
		if (r->verbose)
			putchar('\n');
	}
	if (table == 1 || r->verbose)
		rset_table_write(stdout, net ? &v : rs, NULL, rs->n);
	if (net)
		rset_free(&v);
	if (table >= 2 && !r->verbose)
		run_emit_brief(r);
	else
		run_emit_footer(r);
}

/* Under the table or summary: how the numbers were measured. */
static void
run_emit_footer(const struct run *r)
{
	int net = r->co.cost == CMP_COST_NET;

	printf("\n%s per call, %s (median of %zu", ctx.timer.unit, net ?
	    "net: the empty call's cost subtracted" : "whole call",
	    r->er.min_samples);
	if (r->er.max_samples != r->er.min_samples)
		printf(" to %zu", r->er.max_samples);
	printf(" samples), timer %s at %.3f GHz", ctx.timer.name,
	    ctx.timer.hz / 1e9);
	if (ctx.timer.est_core_hz > 0 && ctx.timer.kind != TIMER_CYCLES)
		printf(", core clock ~%.2f GHz (estimated)",
		    ctx.timer.est_core_hz / 1e9);
	printf(".\nPlacement: destination %s bytes past the source, mod the "
	    "%ld-byte page%s.\n", r->distance != NULL ? r->distance :
	    "2048", sysconf(_SC_PAGESIZE), r->distance != NULL ?
	    " (--distance)" : " (the default; 0 for destination offsets of 64 "
	    "and more)");
	run_emit_tuning();
}

/* Under the summary: the same, in two lines of a terminal's width. */
static void
run_emit_brief(const struct run *r)
{
	printf("\n%s of %s at %.3f GHz", ctx.timer.unit, ctx.timer.name,
	    ctx.timer.hz / 1e9);
	if (ctx.timer.est_core_hz > 0 && ctx.timer.kind != TIMER_CYCLES)
		printf(" (core ~%.2f GHz, estimated)",
		    ctx.timer.est_core_hz / 1e9);
	printf("; medians of %zu", r->er.min_samples);
	if (r->er.max_samples != r->er.min_samples)
		printf("-%zu", r->er.max_samples);
	printf(" samples; %s.\n%s. Destination %s B past the source%s.\n",
	    r->co.cost == CMP_COST_NET ? "net cost" : "whole calls",
	    ctx.cpu.brand, r->distance != NULL ? r->distance :
	    "2048", r->distance != NULL ? "" : " (the default)");
	printf("Every point: -v. Every column: -o FILE.csv.\n");
}

/*
 * Say what the checks of every point found: floor-limited points (no
 * throughput derived), throughputs above the physical bound (impossible:
 * a measurement error). Both are marked in every output, not hidden.
 */
static void
warn_checks(const struct rset *rs, int summary)
{
	size_t i, nfloor = 0, nbound = 0;
	const struct rpoint *worst = NULL;

	for (i = 0; i < rs->n; i++) {
		const struct rpoint *p = &rs->p[i];

		nfloor += rset_floor_limited(p);
		if (bound_exceeded(p, rs)) {
			nbound++;
			if (worst == NULL || rset_bytes_per_unit(p) /
			    bound_bytes_per_unit(p, rs) >
			    rset_bytes_per_unit(worst) /
			    bound_bytes_per_unit(worst, rs))
				worst = p;
		}
	}
	/* The summary shows no throughput: nothing to explain there. */
	if (nfloor > 0 && !summary)
		talk("csumbench: %zu point%s floor-limited: the call costs what "
		    "an empty call does, so no throughput is given for %s "
		    "(floor_limited=1)\n", nfloor, nfloor == 1 ? " is" : "s are",
		    nfloor == 1 ? "it" : "them");
	if (nbound > 0)
		warn_once(WARN_BOUND, "%zu point%s above the physical bound of "
		    "bytes per %s (above_bound=1; %s at %zu bytes: %.1f, bound %.1f): a "
		    "measurement error, not a result", nbound, nbound == 1 ?
		    " is" : "s are", worst->unit, worst->kernel, worst->size,
		    rset_bytes_per_unit(worst), bound_bytes_per_unit(worst, rs));
}

/* The results as JSON, or as CSV with the provenance in FILE.meta. */
static void
run_emit_file(struct run *r, const struct rset *rs)
{
	int named = r->output != NULL && strcmp(r->output, "-") != 0;
	char err[1024];

	r->fmt->write(r->of.fp, rs, NULL, rs->n);
	if (r->has_meta) {
		provenance_write(r->meta.fp, &rs->prov);
		if (outfile_commit_pair(&r->of, &r->meta, err,
		    sizeof(err)) != 0)
			usage_error("%s", err);
	} else if (outfile_commit(&r->of, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (named)
		talk("csumbench: wrote %zu points to %s\n", rs->n, r->output);
}

/*
 * After a signal ended the sampling: only the points that have samples,
 * marked partial in the provenance and on stderr; none at all ends the
 * process at once.
 */
static void
run_partial(struct run *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->npts; i++)
		if (r->pts[i].nsamples > 0)
			r->pts[n++] = r->pts[i];
		else
			engine_free(&r->pts[i], 1);
	if (n == 0) {
		fprintf(stderr, "%s: %s before anything was measured: nothing "
		    "written\n", progname, intr_name(intr_caught()));
		intr_exit();
	}
	/* Even with -q: these results are not what was asked for. */
	fprintf(stderr, "%s: %s: sampling stopped early: %zu of %zu points "
	    "measured, with fewer samples than asked; the results are marked "
	    "partial\n", progname, intr_name(intr_caught()), n, r->npts);
	r->npts = n;
}

/* The results, then --baseline's deltas; the exit status. */
static int
run_emit(struct run *r)
{
	struct rset rs;
	char err[512];
	int rc = 0;

	if (r->er.stopped)
		run_partial(r);
	qsort(r->pts, r->npts, sizeof(*r->pts), point_order);
	rset_from_points(&rs, r->pts, r->npts, &ctx.timer);
	run_provenance(&rs.prov, r);
	warn_checks(&rs, (r->table >= 2 || r->aside) && !r->verbose);
	if (r->er.stopped) {
		provenance_set(&rs.prov, "partial", "yes");
		provenance_set(&rs.prov, "stopped_by", "%s",
		    intr_name(intr_caught()));
	}
	if (r->table > 0)
		run_emit_table(r, &rs, r->table);
	else if (r->table == 0)
		run_emit_file(r, &rs);
	if (r->aside)
		run_emit_table(r, &rs, 2);
	/* --replicas of loaded objects: what their layout did to each. */
	if (r->replicas > 1 && r->ab[0] == NULL && (r->table > 0 ||
	    r->aside || verbose_level > 0)) {
		if (r->table > 0 || r->aside)
			putchar('\n');
		layout_write(r->table > 0 || r->aside ? stdout : stderr, &rs,
		    10);
	}
	if ((r->baseline != NULL || r->ab[0] != NULL) &&
	    (rc = compare_sets(&rs, &rs, &r->co, stdout, err, sizeof(err))) < 0)
		usage_error("%s", err);
	gatefile_commit(&r->gf);
	rset_free(&rs);
	/* Written what was measured; now end as the signal asked. */
	if (intr_caught())
		intr_exit();
	return rc;
}

static int
run_exec(struct options *o)
{
	struct run r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.def_cpu = cpu_first_allowed();
	run_parse(&r, o);
	run_defaults(&r, o);
	run_points(&r);
	run_gate_reps(&r);
	/* A loaded kernel is timed only once it is known to be right. */
	ctx_verify_loaded(r.ks, r.nk);
	run_open(&r);
	run_summary_reps(&r);
	run_measure(&r);
	rc = run_emit(&r);
	engine_free(r.pts, r.npts);
	free(r.pts);
	select_free(&r.sel);
	free(r.ab[0]);
	free(r.ab[1]);
	free(r.copy_patterns);
	grid_free(&r.sg);
	grid_free_align(&r.ag);
	grid_free(&r.dg);
	return rc;
}

CMD_ENTRY(run, "measure a sweep (the default subcommand)",
    .synopsis = "csumbench [run] [-f FAMILY] [-k PATTERN] [-s SIZES] [-a ALIGN]\n"
	"                 [-r REPS] [-o FILE] [--quick] [more options]",
    .about = "Measure the cost of one call of each selected kernel at every "
	"point of the size x alignment grid. Kernels of one grid point are "
	"interleaved in a shuffled order in every repetition.",
    .footer = "Sizes and presets: see csumbench(1).",
    .alt_when = "--quick or no grid");
