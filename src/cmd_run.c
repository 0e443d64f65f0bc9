/*
 * cmd_run.c - csumbench run: measure a sweep.
 *
 * In phases, each filling its part of struct run: run_parse (the option
 * values), run_defaults (a preset, --quick, the checks between options,
 * the grids), run_points (the plan: kernels x sizes x offsets,
 * runplan.h), run_open (where the results go), session_measure, run_emit
 * (the results, or --baseline's delta table).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "compare.h"
#include "gatefile.h"
#include "interrupt.h"
#include "kobj.h"
#include "layout.h"
#include "optval.h"
#include "preset.h"
#include "provenance.h"
#include "rformat.h"
#include "rset.h"
#include "runout.h"
#include "runplan.h"
#include "session.h"
#include "util.h"

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
	[R_REPS] = { .like = &opt_reps,
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
	[R_SAMPLE_TIME] = { .like = &opt_sample_time },
	[R_WARMUP] = { .like = &opt_warmup },
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
	[R_TARGET_CI] = { .like = &opt_target_ci, .alt = "2%" },
	[R_MIN_TIME] = { .like = &opt_min_time },
	[R_MAX_TIME] = { .like = &opt_max_time, .alt = "8ms" },
	[R_TUNE_FILE] = { .like = &opt_tune_file },
	[R_QUIET] = { .like = &opt_quiet },
	[R_VERBOSE] = { .name = "verbose", .letter = 'v',
	    .help = "on a terminal, the full table after the summary" },
	[R_WARN] = { .like = &opt_warn },
};

/* The rows of the measurement session. */
static const struct session_rows run_session_rows = {
	.reps = R_REPS, .seed = R_SEED, .timer = R_TIMER, .cpu = R_CPU,
	.sample_time = R_SAMPLE_TIME, .warmup = R_WARMUP,
	.target_ci = R_TARGET_CI, .min_time = R_MIN_TIME,
	.max_time = R_MAX_TIME, .tune_file = R_TUNE_FILE, .warn = R_WARN,
	.quiet = R_QUIET,
};

/* What one run is asked to do, what it built and what it saw. */
struct run {
	struct session	 s;		/* how it measures, and what it saw */
	struct run_plan	 p;		/* what it measures */
	const char	*output, *junit, *gate_md, *format;
	const struct run_preset *preset;
	int		 quick, reps_given, verbose;
	unsigned long long given;	/* bit R_*: the option was given */
	struct cmp_opts	 co;
	/* Where the results go (run_open): a summary and, with -v, the
	 * table on a terminal (2; 3 the wide view instead of the summary),
	 * a table on stdout (1), a file or stdout as CSV or JSON (0),
	 * nowhere but --baseline's table (-1). aside: a file, and the
	 * summary on the terminal. */
	int		 table, aside;
	const struct rformat *fmt;
	struct gatefile	 gf;		/* --junit, --gate-md */
};

#define GIVEN(r, i)	((r)->given & (1ull << (i)))

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

/* --ab A,B: two different, valid object names. */
static void
run_parse_ab(struct run *r, const char *arg)
{
	const char *comma = strchr(arg, ',');
	char **ab = r->p.ab;

	if (comma == NULL || strchr(comma + 1, ',') != NULL)
		usage_error("--ab: expected two names A,B of loaded objects, "
		    "got \"%s\"", arg);
	ab[0] = xasprintf("%.*s", (int)(comma - arg), arg);
	ab[1] = xstrdup(comma + 1);
	if (!kobj_name_ok(ab[0]) || !kobj_name_ok(ab[1]))
		usage_error("--ab: \"%s\" is not a pair of object names "
		    "(letters, digits, '_' or '-')", arg);
	if (strcmp(ab[0], ab[1]) == 0)
		usage_error("--ab: A and B are both \"%s\": compare two "
		    "different objects", ab[0]);
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

/* The options of what is measured and how it is compared. */
static void
run_parse(struct run *r, struct options *o)
{
	static const char *const caches[] = { "hot", "cold", NULL };
	static const char *const modes[] = { "throughput", "latency", NULL };
	unsigned long long n = 0;
	int style, fmt;
	size_t i;
	char err[256];

	/* --quick, or no grid asked for: the quick sweep. */
	r->quick = options_given(o, R_QUICK) || !run_grid_given(o);
	o->alt = r->quick;
	if (session_options(&r->s, o, &run_session_rows, err, sizeof(err)) != 0)
		usage_error("%s", err);
	r->p.families = o->val[R_FAMILY];
	r->p.patterns = o->val[R_KERNEL];
	r->p.sizes = o->val[R_SIZES];
	r->p.align = o->val[R_ALIGN];
	r->p.distance = o->val[R_DISTANCE];
	r->p.baseline = o->val[R_BASELINE];
	r->p.loads = options_all(o, R_LOAD, &r->p.nloads);
	r->output = o->val[R_OUTPUT];
	r->junit = o->val[R_JUNIT];
	r->gate_md = o->val[R_GATE_MD];
	r->format = o->val[R_FORMAT];
	if (options_given(o, R_AB))
		run_parse_ab(r, o->val[R_AB]);
	if (options_given(o, R_PRESET))
		r->preset = run_preset(o->val[R_PRESET]);
	compare_opts_init(&r->co);
	r->co.same_run = 1;
	if ((options_given(o, R_REPLICAS) && optval_uint(OPTVAL_OF(o,
	    R_REPLICAS), 1, 4, &n, err, sizeof(err)) != 0) ||
	    optval_set(OPTVAL_OF(o, R_CACHE), caches, "hot, cold or hot,cold",
	    &r->p.caches, err, sizeof(err)) != 0 ||
	    optval_set(OPTVAL_OF(o, R_MODE), modes,
	    "throughput, latency or throughput,latency", &r->p.modes, err,
	    sizeof(err)) != 0 ||
	    (r->format != NULL && optval_choice(OPTVAL_OF(o, R_FORMAT),
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
	if (n > 0 && r->p.ab[0] == NULL && r->p.nloads == 0)
		usage_error("--replicas: copies of loaded objects; give --load "
		    "FILE or --ab A,B");
	r->p.replicas = (unsigned)n;
	r->co.style = (enum cmp_style)style;
	r->co.quiet = verbose_level == 0;
	r->verbose = options_given(o, R_VERBOSE);
	r->reps_given = options_given(o, R_REPS);
	for (i = 0; i < o->t->nrows; i++)
		r->given |= (unsigned long long)(options_given(o, i) != 0) << i;
}

/* A preset's and the table's defaults; the rules between options. */
static void
run_defaults(struct run *r, const struct options *o)
{
	struct run_plan *p = &r->p;
	struct engine_opts *eo = &r->s.eo;
	const char *out = r->output;
	int to_stdout = out == NULL || strcmp(out, "-") == 0;
	char err[256];

	if (r->preset != NULL) {
		if (p->families == NULL)
			p->families = r->preset->families;
		if (p->sizes == NULL)
			p->sizes = r->preset->sizes;
		if (p->align == NULL)
			p->align = r->preset->align;
	}
	if (p->sizes == NULL)
		p->sizes = options_value(o, R_SIZES);
	if (p->align == NULL)
		p->align = options_value(o, R_ALIGN);
	/* --min-time alone raises the default --max-time to it. */
	if (!options_given(o, R_MAX_TIME) && eo->max_time > 0 &&
	    eo->min_time > eo->max_time)
		eo->max_time = eo->min_time;
	if (eo->max_time > 0 && eo->min_time > eo->max_time)
		usage_error("--min-time %gs is longer than --max-time %gs",
		    eo->min_time, eo->max_time);
	if (grid_parse(p->sizes, &p->sg, err, sizeof(err)) != 0 ||
	    grid_parse_align(p->align, &p->ag, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (p->distance != NULL && grid_parse_distance(p->distance,
	    (size_t)sysconf(_SC_PAGESIZE), &p->dg, err, sizeof(err)) != 0)
		usage_error("--distance: %s", err);
	if (!to_stdout && rformat_for_path(out) == NULL && r->format == NULL &&
	    !outfile_is_stream(out))
		usage_error("--output: cannot tell the format of \"%s\" (use "
		    "a %s name, or --format)", out, rformat_suffixes());
	if (p->baseline == NULL && p->ab[0] == NULL && r->co.fail_above >= 0)
		usage_error("--fail-above needs --baseline or --ab (or use "
		    "'csumbench compare')");
	if (p->baseline != NULL && p->ab[0] != NULL)
		usage_error("--baseline and --ab: choose one comparison");
	p->gate = r->co.fail_above >= 0;
	if (p->replicas == 0)
		p->replicas = p->ab[0] != NULL && p->gate ? 4 : 1;
	if ((p->baseline != NULL || p->ab[0] != NULL) && to_stdout &&
	    r->format != NULL)
		usage_error("--%s prints its table on stdout: results need "
		    "-o FILE", p->baseline != NULL ? "baseline" : "ab");
	if (r->format != NULL && rformat_find(r->format)->terminal && !to_stdout)
		usage_error("--format %s writes to standard output only (-o "
		    "FILE: csv or json; on a terminal the summary is shown "
		    "too)", r->format);
}

/* The kernels and the points, grouped by position; the samples the
 * comparison within the run needs. */
static void
run_points(struct run *r)
{
	struct run_plan *p = &r->p;
	size_t m, need;
	char err[512];

	ctx_cpu();
	ctx_tune(r->s.tune_file);
	ctx_load(p->loads, p->nloads);
	p->seed = r->s.eo.seed;
	p->draw_seed = session_seed(&r->s);
	if (runplan_kernels(p, err, sizeof(err)) != 0 ||
	    runplan_points(p, err, sizeof(err)) != 0)
		usage_error("%s", err);
	r->co.placed = p->placed;
	r->co.ab_a = p->ab[0];
	r->co.ab_b = p->ab[1];
	if (p->baseline != NULL)
		r->co.a_kernel = p->baseline;
	if (p->skipped[2])
		talk("csumbench: %zu csum_diff point%s skipped: sizes must be "
		    "multiples of 4\n", p->skipped[2], p->skipped[2] == 1 ? "" :
		    "s");
	if (p->skipped[1])
		talk("csumbench: %zu point%s skipped: F/T sizes are csum_diff's "
		    "only\n", p->skipped[1], p->skipped[1] == 1 ? "" : "s");
	/* A delta table within one run tests segments of paired samples
	 * (compare.h): enough for the test to reach alpha, under a gate
	 * alpha / m. */
	need = runplan_cmp_samples(p, r->co.alpha, &m);
	if (r->s.reps >= need)
		return;
	if (!p->gate || !r->reps_given) {
		if (p->gate)
			talk("csumbench: --fail-above over %zu points: %zu "
			    "samples per point (%zu segments of the run for the "
			    "gate's test)\n", m, need, need / ENGINE_ROUND);
		if (!r->reps_given)
			r->s.reps = need;
		return;
	}
	warnx_("--fail-above over %zu points needs %zu samples per point (-r "
	    "%zu) to judge each: with -r %llu, a slower point may be one it "
	    "cannot judge", m, need, need, r->s.reps);
}

/*
 * Options that shape what this run does not print: an error, not a
 * silent no-op. --style and --min-delta shape --baseline's table and
 * gate; --cost and --alpha also the summary, --cost also the table.
 */
static void
run_check_used(const struct run *r)
{
	if (GIVEN(r, R_MIN_DELTA) && r->co.fail_above < 0)
		usage_error("--min-delta qualifies --fail-above");
	if (r->p.baseline != NULL || r->p.ab[0] != NULL)
		return;
	if (GIVEN(r, R_STYLE))
		usage_error("--style is the form of --baseline's or --ab's delta "
		    "table: add --baseline K (or use 'csumbench compare')");
	if (GIVEN(r, R_COST) && r->table == 0 && !r->aside)
		usage_error("--cost chooses what the terminal and --baseline "
		    "show; %s holds both (median, net_median)", r->fmt->name);
	if (GIVEN(r, R_ALPHA) && r->table < 2 && !r->aside)
		usage_error("--alpha is the significance level of --baseline's "
		    "table and of the terminal summary, neither shown here");
}

/* Where the results go; a file is opened before measuring, to fail early. */
static void
run_open(struct run *r)
{
	int to_stdout = r->output == NULL || strcmp(r->output, "-") == 0;
	int cmp = r->p.baseline != NULL || r->p.ab[0] != NULL;
	size_t need = compare_table_samples(r->co.alpha);
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
	if (cmp)
		r->table = to_stdout ? -1 : 0;
	/* Results to a file: the terminal still shows the summary. */
	r->aside = r->table == 0 && !to_stdout && verbose_level > 0 && !cmp &&
	    isatty(STDOUT_FILENO);
	if (r->verbose && r->table < 2 && !r->aside)
		usage_error("--verbose adds the full table to the summary on a "
		    "terminal; here the results are %s", r->table == 1 ?
		    "the table already" : r->table < 0 ? "the delta table" :
		    r->fmt->name);
	run_check_used(r);
	gatefile_open(&r->gf, r->junit, r->gate_md, &r->co);
	/* The summary tells kernels apart with the test of a delta table
	 * of one run (summary.h): without -r, the samples it needs. */
	if ((r->table >= 2 || r->aside) && !r->reps_given && r->s.reps < need)
		r->s.reps = need;
	if (r->table == 0 && session_open(&r->s, r->output != NULL ?
	    r->output : "-", r->fmt->sidecar, err, sizeof(err)) != 0)
		usage_error("%s", err);
}

/* The terminal's view number view of the results. */
static void
run_show(const struct run *r, const struct rset *rs, int view)
{
	struct runout_view v = { .view = view, .alpha = r->co.alpha,
	    .net = r->co.cost == CMP_COST_NET, .verbose = r->verbose,
	    .distance = r->p.distance, .min_samples = r->s.er.min_samples,
	    .max_samples = r->s.er.max_samples };

	runout_write(stdout, rs, &v);
}

/* After a signal ended the sampling: only the points that have samples;
 * none at all ends the process at once. */
static void
run_partial(struct run *r)
{
	size_t n = session_measured(r->p.pts, r->p.npts);

	if (n == 0) {
		fprintf(stderr, "%s: %s before anything was measured: nothing "
		    "written\n", progname, intr_name(intr_caught()));
		intr_exit();
	}
	/* Even with -q: these results are not what was asked for. */
	fprintf(stderr, "%s: %s: sampling stopped early: %zu of %zu points "
	    "measured, with fewer samples than asked; the results are marked "
	    "partial\n", progname, intr_name(intr_caught()), n, r->p.npts);
	r->p.npts = n;
}

/* The results, then --baseline's deltas; the exit status. */
static int
run_emit(struct run *r)
{
	struct rset rs;
	char err[1024];
	int rc = 0, cmp = r->p.baseline != NULL || r->p.ab[0] != NULL;

	if (r->s.er.stopped)
		run_partial(r);
	runplan_sort(&r->p);
	rset_from_points(&rs, r->p.pts, r->p.npts, &ctx.timer);
	session_provenance(&r->s, &rs.prov);
	runplan_provenance(&r->p, &rs.prov);
	session_provenance_sampling(&r->s, &rs.prov);
	if (r->p.caches & 2) {
		provenance_set(&rs.prov, "cold_pool_bytes", "%zu",
		    r->s.er.cold_pool);
		provenance_set(&rs.prov, "cold_order", "random");
		provenance_set(&rs.prov, "cold_hugepages", "%s",
		    r->s.er.cold_hugepages ? "requested" : "no");
	}
	runout_checks(&rs, (r->table >= 2 || r->aside) && !r->verbose);
	if (r->table > 0)
		run_show(r, &rs, r->table);
	else if (r->table == 0) {
		r->fmt->write(r->s.of.fp, &rs, NULL, rs.n);
		if (session_commit(&r->s, &rs.prov, err, sizeof(err)) != 0)
			usage_error("%s", err);
		if (r->output != NULL && strcmp(r->output, "-") != 0)
			talk("csumbench: wrote %zu points to %s\n", rs.n,
			    r->output);
	}
	if (r->aside)
		run_show(r, &rs, 2);
	/* --replicas of loaded objects: what their layout did to each. */
	if (r->p.replicas > 1 && r->p.ab[0] == NULL && (r->table > 0 ||
	    r->aside || verbose_level > 0)) {
		if (r->table > 0 || r->aside)
			putchar('\n');
		layout_write(r->table > 0 || r->aside ? stdout : stderr, &rs,
		    10);
	}
	if (cmp && (rc = compare_sets(&rs, &rs, &r->co, stdout, err,
	    sizeof(err))) < 0)
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
	int rc, def_cpu = cpu_first_allowed();
	char err[256];

	memset(&r, 0, sizeof(r));
	run_parse(&r, o);
	r.s.def_cpu = def_cpu;
	run_defaults(&r, o);
	run_points(&r);
	/* A loaded kernel is timed only once it is known to be right. */
	ctx_verify_loaded(r.p.ks, r.p.nk);
	run_open(&r);
	r.s.nkernels = r.p.nk;
	if (session_measure(&r.s, r.p.pts, r.p.npts, err, sizeof(err)) != 0)
		usage_error("%s", err);
	rc = run_emit(&r);
	runplan_free(&r.p);
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
