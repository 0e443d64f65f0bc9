/*
 * cmd_run.c - csumbench run: measure a sweep.
 *
 * The options into struct run (run.h): run_parse (the values),
 * run_defaults (a preset, --quick, the checks between options, the
 * grids); then run.c's phases: run_points (the plan, runplan.h),
 * run_outputs and run_open (where the results go), session_measure
 * (session.h), run_emit (the results, or the delta table).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "interrupt.h"
#include "kobj.h"
#include "optval.h"
#include "run.h"
#include "util.h"

enum {
	R_FAMILY, R_KERNEL, R_LOAD, R_SIZES, R_ALIGN, R_DISTANCE, R_PRESET,
	R_REPS, R_OUTPUT, R_FORMAT, R_BASELINE, R_AB, R_REPLICAS, R_STYLE,
	R_FAIL_ABOVE, R_MIN_DELTA, R_JUNIT, R_GATE_MD, R_COST, R_ALPHA, R_QUICK, R_SAMPLE_TIME, R_WARMUP, R_SEED, R_TIMER, R_CPU,
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
	    .help = "of that table: bpf, ticks, markdown, csv or wide (default: "
	    "wide for three or more kernels a family on a terminal, else "
	    "markdown)" },
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
	    "last-level cache, in random order), llc (slots over a quarter of "
	    "it: in the LLC, out of L1 and L2), or a list such as hot,cold",
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
	    .help = "on a terminal, the full table after the summary; with "
	    "--ab and copies, a delta table per pair of copies" },
	[R_WARN] = { .like = &opt_warn },
};

#define GIVEN(r, i)	((r)->given & (1ull << (i)))

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
	static const char *const caches[] = { "hot", "cold", "llc", NULL };
	static const char *const modes[] = { "throughput", "latency", NULL };
	unsigned long long n = 0;
	int style, fmt;
	size_t i;
	char err[256];

	/* --quick, or no grid asked for: the quick sweep. */
	r->quick = options_given(o, R_QUICK) || !run_grid_given(o);
	o->alt = r->quick;
	if (session_options(&r->s, o, err, sizeof(err)) != 0)
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
	if (options_given(o, R_PRESET) && (r->preset =
	    preset_find(o->val[R_PRESET], err, sizeof(err))) == NULL)
		usage_error("%s", err);
	compare_opts_init(&r->co);
	r->co.same_run = 1;
	if ((options_given(o, R_REPLICAS) && optval_uint(OPTVAL_OF(o,
	    R_REPLICAS), 1, 4, &n, err, sizeof(err)) != 0) ||
	    optval_set(OPTVAL_OF(o, R_CACHE), caches, "hot, cold, llc or a list",
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
	r->style_given = options_given(o, R_STYLE);
	for (i = 0; i < o->t->nrows; i++)
		r->given |= (unsigned long long)(options_given(o, i) != 0) << i;
}

/* A preset's and the table's defaults; the rules between options. */
static void
run_defaults(struct run *r, const struct options *o)
{
	struct run_plan *p = &r->p;
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
	if (runplan_grids(p, err, sizeof(err)) != 0)
		usage_error("%s", err);
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

/*
 * Options that shape what this run does not print: an error, not a
 * silent no-op. -v adds to the summary; --style and --min-delta shape --baseline's table and
 * gate; --cost and --alpha also the summary, --cost also the table.
 */
static void
run_check_used(const struct run *r)
{
	/* With copies (--ab's gate), -v is a delta table per copy. */
	if (r->verbose && r->table < 2 && !r->aside && !(r->table < 0 &&
	    r->p.ab[0] != NULL && r->p.replicas > 1))
		usage_error("--verbose adds the full table to the summary on a "
		    "terminal; here the results are %s", r->table == 1 ?
		    "the table already" : r->table < 0 ? "the delta table" :
		    r->fmt->name);
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

static int
run_exec(struct options *o)
{
	struct run r;
	int rc, def_cpu = cpu_first_allowed();
	char err[1024];

	memset(&r, 0, sizeof(r));
	run_parse(&r, o);
	r.s.def_cpu = def_cpu;
	run_defaults(&r, o);
	ctx_cpu();
	ctx_tune(r.s.tune_file);
	ctx_load(r.p.loads, r.p.nloads);
	if (run_points(&r, err, sizeof(err)) != 0)
		usage_error("%s", err);
	/* A loaded kernel is timed only once it is known to be right. */
	ctx_verify_loaded(r.p.ks, r.p.nk);
	run_outputs(&r);
	run_check_used(&r);
	/* A file is opened before measuring, to fail early. */
	if (run_open(&r, err, sizeof(err)) != 0 ||
	    session_measure(&r.s, r.p.pts, r.p.npts, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (r.s.er.stopped)
		run_partial(&r);
	if (run_emit(&r, stdout, &rc, err, sizeof(err)) != 0)
		usage_error("%s", err);
	runplan_free(&r.p);
	/* Written what was measured; now end as the signal asked. */
	if (intr_caught())
		intr_exit();
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
