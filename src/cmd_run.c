/*
 * cmd_run.c - csumbench run: measure a sweep.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "compare.h"
#include "engine.h"
#include "grid.h"
#include "load.h"
#include "preset.h"
#include "provenance.h"
#include "results.h"
#include "results_json.h"
#include "select.h"
#include "util.h"

static void
run_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench [run] [-f FAMILY] [-k PATTERN] [-s SIZES] [-a ALIGN]\n"
	    "                 [-r REPS] [-o FILE] [--quick] [more options]\n"
	    "\n"
	    "Measure the cost of one call of each selected kernel at every point\n"
	    "of the size x alignment grid. Kernels of one grid point are\n"
	    "interleaved in a shuffled order in every repetition.\n"
	    "\n"
	    "  -f, --family LIST    families (comma-separated): memcpy, memset,\n"
	    "                       copy, csum, csum_copy, csum_diff\n"
	    "  -k, --kernel PATS    kernels matching these globs (e.g.\n"
	    "                       'csum.*,memcpy.libc'); default: all available\n"
	    "  -s, --sizes SPEC     sizes: list, A-B:xF, A-B:+S, K/M suffixes, or a\n"
	    "                       preset (quick, default, bpf, sparc, small, pow2,\n"
	    "                       packet, large); default: default (quick with\n"
	    "                       --quick or no arguments)\n"
	    "  -a, --align SPEC     offsets: SPEC (src=dst) or SRC/DST (every pair),\n"
	    "                       or a preset (aligned, unaligned, byte, cacheline,\n"
	    "                       all64); default: 0\n"
	    "  -p, --preset NAME    defaults for -f, -s and -a from a named sweep:\n"
	    "                       uaccess (copy strategies, src x dst offsets\n"
	    "                       0-7, seed 004); given options win\n"
	    "  -r, --reps N         samples per point, at least (default: 31; 15\n"
	    "                       with --quick; see --target-ci)\n"
	    "  -o, --output FILE    write the results to FILE: CSV (FILE.csv, with\n"
	    "                       FILE.csv.meta) or JSON with the raw samples\n"
	    "                       (FILE.json); default: a table on a terminal,\n"
	    "                       CSV otherwise\n"
	    "      --format FMT     csv, json or table (default: by destination)\n"
	    "      --baseline K     after measuring, print the delta table of every\n"
	    "                       other kernel of K's family against kernel K,\n"
	    "                       from the paired samples of this run (instead of\n"
	    "                       the results, which go to -o FILE if given)\n"
	    "      --style STYLE    of that table: bpf, ticks, markdown or csv\n"
	    "                       (default: markdown)\n"
	    "      --fail-above PCT with --baseline: exit 1 if any kernel is\n"
	    "                       significantly more than PCT%% slower than K\n"
	    "      --min-delta D    ... and more than D units (default: auto)\n"
	    "      --cost WHICH     net (default: what the kernel adds to a call)\n"
	    "                       or gross (the whole call, empty-call cost\n"
	    "                       included: steadier at a few cycles per call)\n"
	    "      --alpha A        significance level (default: 0.05)\n"
	    "      --quick          quick sweep: the quick grid, fewer samples\n"
	    "      --sample-time US target microseconds per sample (default: 20)\n"
	    "      --warmup N       warm-up batches per point (default: 3)\n"
	    "      --seed N         seed of the data and the interleaving order\n"
	    "\n"
	    "Measurement control (see MEASUREMENT OPTIONS in csumbench(1)):\n"
	    "      --timer NAME     auto, cycles (perf_event_open core cycles),\n"
	    "                       tsc (time-stamp counter ticks) or ns\n"
	    "                       (CLOCK_MONOTONIC_RAW); auto takes the first\n"
	    "                       that works, in that order (default: auto)\n"
	    "      --cpu N|any      pin to CPU N (default: the CPU it starts on);\n"
	    "                       any: do not pin\n"
	    "      --cache LIST     hot (same buffers every call), cold (slots over\n"
	    "                       twice the last-level cache, in random order)\n"
	    "                       or hot,cold (default: hot)\n"
	    "      --mode LIST      throughput (independent calls), latency (each\n"
	    "                       call waits for the previous one's result) or\n"
	    "                       throughput,latency (default: throughput)\n"
	    "      --target-ci PCT  sample a point until the 95%% CI of its median\n"
	    "                       is within PCT%% of the median (default: 1%%;\n"
	    "                       2%% with --quick; 0: off)\n"
	    "      --min-time T     sample every point at least T (s, ms or us;\n"
	    "                       default: 0)\n"
	    "      --max-time T     stop refining a point after T of sampling\n"
	    "                       (default: 30ms; 8ms with --quick)\n"
	    "  -q, --quiet          no progress or warnings on stderr\n"
	    "  -h, --help           show this help\n"
	    "\n"
	    "Sizes and presets: see csumbench(1).\n");
}

enum {
	OPT_QUICK = 256, OPT_CACHE, OPT_TIMER, OPT_SAMPLE_TIME, OPT_WARMUP,
	OPT_SEED, OPT_FORMAT, OPT_BASELINE, OPT_STYLE, OPT_FAIL_ABOVE,
	OPT_ALPHA, OPT_MIN_DELTA, OPT_COST, OPT_CPU, OPT_MODE, OPT_MIN_TIME, OPT_MAX_TIME,
	OPT_TARGET_CI,
};

/* A duration: a number with an optional s, ms or us suffix (seconds). */
static double
parse_duration(const char *opt, const char *arg)
{
	char *end;
	double v, scale = 1;

	errno = 0;
	v = strtod(arg, &end);
	if (end != arg && strcmp(end, "ms") == 0)
		scale = 1e-3;
	else if (end != arg && strcmp(end, "us") == 0)
		scale = 1e-6;
	else if (end != arg && strcmp(end, "s") == 0)
		scale = 1;
	else if (end == arg || *end != '\0')
		usage_error("%s: expected a duration such as 0.5, 20ms or "
		    "500us, got \"%s\"", opt, arg);
	if (errno != 0 || !isfinite(v) || v < 0 || v * scale > 3600)
		usage_error("%s: \"%s\" is out of range (0 to 3600 s)", opt,
		    arg);
	return v * scale;
}

/*
 * A comma-separated list of names, as a bit mask of their indexes in
 * names[]; exits 2 naming the option and the bad item.
 */
static unsigned
parse_set(const char *opt, const char *arg, const char *const *names,
    const char *expect)
{
	unsigned mask = 0;
	const char *p = arg, *e;
	size_t i, len;

	for (;;) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		for (i = 0; names[i] != NULL; i++)
			if (strlen(names[i]) == len &&
			    strncmp(p, names[i], len) == 0)
				break;
		if (names[i] == NULL)
			usage_error("%s: expected %s, got \"%s\"", opt, expect,
			    arg);
		mask |= 1u << i;
		if (e == NULL)
			break;
		p = e + 1;
	}
	return mask;
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
	CMP(p->size, q->size);
	CMP(p->src_off, q->src_off);
	CMP(p->dst_off, q->dst_off);
#undef CMP
	return 0;
}

/* Warn about conditions that make the numbers less trustworthy. */
static void
warn_conditions(void)
{
	if (ctx.cpu.hypervisor[0] != '\0')
		warnx_("running under a hypervisor (%s): other tenants and "
		    "the host add noise", ctx.cpu.hypervisor);
	if (ctx.cpu.governor[0] != '\0' &&
	    strcmp(ctx.cpu.governor, "performance") != 0)
		warnx_("CPU frequency governor is \"%s\", not \"performance\"",
		    ctx.cpu.governor);
	if (ctx.cpu.turbo == 1)
		warnx_("turbo/boost is on: the clock varies with load and "
		    "temperature");
	if (ctx.cpu.loadavg1 > 0.5 * ctx.cpu.online_cpus)
		warnx_("load average %.2f on %d CPUs: the machine is busy",
		    ctx.cpu.loadavg1, ctx.cpu.online_cpus);
}

/* Warn about what the run itself showed. */
static void
warn_after(const struct engine_report *er, const struct engine_opts *eo,
    double core_hz_end)
{
	double h0 = ctx.timer.est_core_hz;

	if (er->unconverged > 0)
		warnx_("%zu of %zu points did not reach --target-ci %g%% within "
		    "--max-time %gs: their ci_lo/ci_hi say how precise they are",
		    er->unconverged, er->npoints, eo->target_ci * 100,
		    eo->max_time);
	if (h0 > 0 && core_hz_end > 0 &&
	    fabs(core_hz_end - h0) / h0 > 0.03)
		warnx_("the core clock changed during the run (estimated %.2f "
		    "GHz before, %.2f GHz after): frequency scaling is not "
		    "pinned", h0 / 1e9, core_hz_end / 1e9);
}

/* What a run records beside its results, besides provenance_collect's. */
struct run_record {
	const char	*sizes, *align;
	long		 reps;
	unsigned	 caches, modes;	/* bit masks of CACHE_*, MODE_* */
	const struct engine_opts *eo;
	const struct engine_report *er;
	double		 core_hz_end;
};

static void
run_provenance(struct provenance *pv, const struct run_record *r)
{
	const struct engine_opts *eo = r->eo;
	const struct engine_report *er = r->er;

	provenance_collect(pv);
	provenance_set(pv, "sizes", "%s", r->sizes);
	provenance_set(pv, "align", "%s", r->align);
	provenance_set(pv, "reps", "%ld", r->reps);
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

int
cmd_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "sizes", required_argument, NULL, 's' },
		{ "align", required_argument, NULL, 'a' },
		{ "preset", required_argument, NULL, 'p' },
		{ "reps", required_argument, NULL, 'r' },
		{ "output", required_argument, NULL, 'o' },
		{ "quick", no_argument, NULL, OPT_QUICK },
		{ "cache", required_argument, NULL, OPT_CACHE },
		{ "timer", required_argument, NULL, OPT_TIMER },
		{ "sample-time", required_argument, NULL, OPT_SAMPLE_TIME },
		{ "warmup", required_argument, NULL, OPT_WARMUP },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "baseline", required_argument, NULL, OPT_BASELINE },
		{ "style", required_argument, NULL, OPT_STYLE },
		{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "min-delta", required_argument, NULL, OPT_MIN_DELTA },
		{ "cost", required_argument, NULL, OPT_COST },
		{ "cpu", required_argument, NULL, OPT_CPU },
		{ "mode", required_argument, NULL, OPT_MODE },
		{ "min-time", required_argument, NULL, OPT_MIN_TIME },
		{ "max-time", required_argument, NULL, OPT_MAX_TIME },
		{ "target-ci", required_argument, NULL, OPT_TARGET_CI },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *families = NULL, *patterns = NULL, *sizes = NULL;
	const char *align = NULL, *output = NULL, *timer = "auto";
	const struct run_preset *preset = NULL;
	const char *format = NULL, *baseline = NULL, *cpu_arg = NULL;
	static const char *const cache_names[] = { "hot", "cold", NULL };
	static const char *const mode_names[] = { "throughput", "latency", NULL };
	int ch, quick = argc <= 1, table, json, st, rc = 0;
	int start_cpu = cpu_current();
	unsigned caches = 1u << CACHE_HOT, modes = 1u << MODE_THROUGHPUT;
	unsigned cm;
	struct cmp_opts co = { 0 };
	long reps = -1;
	double target_ci = -1, max_time = -1, core_hz_end;
	struct engine_opts eo = { 0 };
	struct engine_report er;
	struct run_record rp;
	struct grid sg;
	struct align_grid ag;
	const struct kernel **ks;
	struct point *pts;
	size_t nk, npts = 0, i, j, a, skipped = 0;
	char err[256];
	struct outfile of;

	co.style = CMP_MARKDOWN;
	co.alpha = 0.05;
	co.fail_above = -1;
	co.min_delta = -1;
	co.same_run = 1;
	eo.sample_time = 20e-6;
	eo.warmup = 3;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:k:s:a:p:r:o:qh", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			families = optarg;
			break;
		case 'k':
			patterns = optarg;
			break;
		case 's':
			sizes = optarg;
			break;
		case 'a':
			align = optarg;
			break;
		case 'p':
			if ((preset = preset_find(optarg)) == NULL)
				usage_error("--preset: unknown preset \"%s\" "
				    "(known: uaccess)", optarg);
			break;
		case 'r':
			reps = (long)parse_uint("--reps", optarg, 1, 100000);
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_QUICK:
			quick = 1;
			break;
		case OPT_CACHE:
			caches = parse_set("--cache", optarg, cache_names,
			    "hot, cold or hot,cold");
			break;
		case OPT_MODE:
			modes = parse_set("--mode", optarg, mode_names,
			    "throughput, latency or throughput,latency");
			break;
		case OPT_TIMER:
			if (!timer_name_valid(optarg))
				usage_error("--timer: unknown timer \"%s\" "
				    "(expected auto, cycles, tsc or ns)", optarg);
			timer = optarg;
			break;
		case OPT_CPU:
			cpu_arg = optarg;
			if (strcmp(optarg, "any") != 0)
				(void)parse_uint("--cpu", optarg, 0, 65535);
			break;
		case OPT_MIN_TIME:
			eo.min_time = parse_duration("--min-time", optarg);
			break;
		case OPT_MAX_TIME:
			max_time = parse_duration("--max-time", optarg);
			break;
		case OPT_TARGET_CI:
			target_ci = parse_double("--target-ci", optarg, 1);
			if (target_ci > 100)
				usage_error("--target-ci: %s is out of range "
				    "(0 to 100%%)", optarg);
			target_ci /= 100;
			break;
		case OPT_SAMPLE_TIME:
			eo.sample_time = parse_double("--sample-time", optarg,
			    0) * 1e-6;
			if (eo.sample_time <= 0 || eo.sample_time > 1)
				usage_error("--sample-time: %s is out of range "
				    "(0, 1000000] microseconds", optarg);
			break;
		case OPT_WARMUP:
			eo.warmup = parse_uint("--warmup", optarg, 0, 1000);
			break;
		case OPT_SEED:
			eo.seed = parse_uint("--seed", optarg, 1, UINT64_MAX);
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "csv") != 0 &&
			    strcmp(optarg, "json") != 0 &&
			    strcmp(optarg, "table") != 0)
				usage_error("--format: expected csv, json or "
				    "table, got \"%s\"", optarg);
			format = optarg;
			break;
		case OPT_BASELINE:
			baseline = optarg;
			break;
		case OPT_STYLE:
			if ((st = cmp_style_parse(optarg)) < 0)
				usage_error("--style: expected bpf, ticks, "
				    "markdown or csv, got \"%s\"", optarg);
			co.style = (enum cmp_style)st;
			break;
		case OPT_FAIL_ABOVE:
			co.fail_above = parse_double("--fail-above", optarg, 1);
			break;
		case OPT_COST:
			co.cost = compare_parse_cost(optarg);
			break;
		case OPT_MIN_DELTA:
			co.min_delta = compare_parse_min_delta(optarg);
			break;
		case OPT_ALPHA:
			co.alpha = compare_parse_alpha(optarg);
			break;
		case 'q':
			verbose_level = 0;
			co.quiet = 1;
			break;
		case 'h':
			run_usage(stdout);
			return 0;
		default:
			run_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		usage_error("run: unexpected argument \"%s\"", argv[optind]);
	if (preset != NULL) {
		if (families == NULL)
			families = preset->families;
		if (sizes == NULL)
			sizes = preset->sizes;
		if (align == NULL)
			align = preset->align;
	}
	if (sizes == NULL)
		sizes = quick ? "quick" : "default";
	if (align == NULL)
		align = "0";
	if (reps < 0)
		reps = quick ? 15 : 31;
	if (target_ci < 0)
		target_ci = quick ? 0.02 : 0.01;
	if (max_time < 0)
		max_time = quick ? 0.008 : 0.03;
	if (max_time > 0 && eo.min_time > max_time)
		usage_error("--min-time %gs is longer than --max-time %gs",
		    eo.min_time, max_time);
	eo.target_ci = target_ci;
	eo.max_time = max_time;
	if (grid_parse(sizes, &sg, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (grid_parse_align(align, &ag, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (output != NULL && strcmp(output, "-") != 0 &&
	    !has_suffix(output, ".csv") && !has_suffix(output, ".json") &&
	    format == NULL)
		usage_error("--output: cannot tell the format of \"%s\" (use "
		    "a .csv or .json name, or --format)", output);
	if (baseline == NULL && (co.fail_above >= 0))
		usage_error("--fail-above needs --baseline (or use 'csumbench "
		    "compare')");
	if (baseline != NULL && (output == NULL || strcmp(output, "-") == 0) &&
	    format != NULL)
		usage_error("--baseline prints its table on stdout: results "
		    "need -o FILE");
	if (format != NULL && strcmp(format, "table") == 0 && output != NULL &&
	    strcmp(output, "-") != 0)
		usage_error("--format table writes to the terminal only");

	ctx_cpu();
	nk = select_kernels(families, patterns, &ks, 0);
	if (baseline != NULL) {
		/* The baseline is measured with its family, interleaved. */
		for (j = 0; j < nk && strcmp(ks[j]->name, baseline) != 0; j++)
			;
		if (j == nk)
			usage_error("--baseline: kernel \"%s\" is not among "
			    "the selected, available kernels", baseline);
		for (i = 0; i < nk; i++)
			if (i != j && ks[i]->family == ks[j]->family)
				break;
		if (i == nk)
			usage_error("--baseline: no other %s kernel is "
			    "selected to compare with %s",
			    family_name(ks[j]->family), baseline);
		co.a_kernel = baseline;
	}
	/* Build the points grouped by grid position, kernels inside. */
	if ((double)sg.n * (double)ag.n * (double)nk > 5e6)
		usage_error("the sweep has too many points (%zu sizes x %zu "
		    "offsets x %zu kernels)", sg.n, ag.n, nk);
	pts = xcalloc(sg.n * ag.n * nk * 4, sizeof(*pts));
	for (cm = 0; cm < 4; cm++) {
		int cache = (int)(cm >> 1), mode = (int)(cm & 1);

		if (!(caches & (1u << cache)) || !(modes & (1u << mode)))
			continue;
	for (i = 0; i < sg.n; i++)
		for (a = 0; a < ag.n; a++)
			for (j = 0; j < nk; j++) {
				struct point *p = &pts[npts];

				/* csum_diff takes whole 32-bit words only. */
				if (ks[j]->family == K_CSUM_DIFF &&
				    sg.v[i] % 4 != 0) {
					skipped++;
					continue;
				}
				p->k = ks[j];
				p->size = sg.v[i];
				p->src_off = ag.v[a].src;
				p->dst_off = ag.v[a].dst;
				p->cache = cache;
				p->mode = mode;
				npts++;
			}
	}
	if (npts == 0)
		usage_error("nothing to measure: csum_diff needs sizes that "
		    "are multiples of 4");
	if (skipped)
		talk("csumbench: %zu csum_diff point%s skipped: sizes must be "
		    "multiples of 4\n", skipped, skipped == 1 ? "" : "s");

	table = format != NULL ? strcmp(format, "table") == 0 :
	    output == NULL && isatty(STDOUT_FILENO);
	json = format != NULL ? strcmp(format, "json") == 0 :
	    output != NULL && has_suffix(output, ".json");
	if (baseline != NULL)
		table = output == NULL || strcmp(output, "-") == 0 ? -1 : 0;
	/* Open the output before measuring: fail early on a bad path. */
	if (table == 0)
		outfile_open(&of, output != NULL ? output : "-");

	/* Pin before the timer is calibrated, so both see the same CPU. */
	ctx_pin(cpu_arg, start_cpu);
	ctx_timer(timer);
	warn_conditions();
	eo.ti = &ctx.timer;
	eo.reps = (size_t)reps;
	eo.llc = ctx.cpu.l3 ? ctx.cpu.l3 : ctx.cpu.l2;
	eo.progress = verbose_level > 0 && stderr_is_tty();
	if (reps < 10)
		warnx_("%ld samples per point is too few for a reliable median "
		    "and its confidence interval", reps);
	engine_run(pts, npts, &eo, &er);
	/* Did the clock move while we measured? */
	core_hz_end = timer_est_core_hz(&ctx.timer);
	warn_after(&er, &eo, core_hz_end);
	rp.sizes = sizes;
	rp.align = align;
	rp.reps = reps;
	rp.caches = caches;
	rp.modes = modes;
	rp.eo = &eo;
	rp.er = &er;
	rp.core_hz_end = core_hz_end;
	qsort(pts, npts, sizeof(*pts), point_order);
	if (table < 0) {
		/* --baseline without -o: the delta table only. */
	} else if (table) {
		results_write_summary(stdout, pts, npts, &ctx.timer);
		printf("\n%s per call (median of %zu", ctx.timer.unit,
		    er.min_samples);
		if (er.max_samples != er.min_samples)
			printf(" to %zu", er.max_samples);
		printf(" samples), timer %s at %.3f GHz", ctx.timer.name,
		    ctx.timer.hz / 1e9);
		if (ctx.timer.est_core_hz > 0 && ctx.timer.kind != TIMER_CYCLES)
			printf(", core clock ~%.2f GHz (estimated)",
			    ctx.timer.est_core_hz / 1e9);
		printf(".\n");
	} else if (json) {
		struct provenance pv;

		run_provenance(&pv, &rp);
		results_write_json(of.fp, pts, npts, &ctx.timer, &pv);
		provenance_free(&pv);
		outfile_commit(&of);
		if (output != NULL && strcmp(output, "-") != 0)
			talk("csumbench: wrote %zu points to %s\n", npts, output);
	} else {
		results_write_csv(of.fp, pts, npts, &ctx.timer);
		if (output != NULL && strcmp(output, "-") != 0) {
			/* The provenance goes beside the CSV, not into it. */
			struct provenance pv;
			struct outfile mf;
			char *mpath = provenance_path(output);

			run_provenance(&pv, &rp);
			outfile_open(&mf, mpath);
			provenance_write(mf.fp, &pv);
			outfile_commit(&mf);
			provenance_free(&pv);
			free(mpath);
		}
		outfile_commit(&of);
		if (output != NULL && strcmp(output, "-") != 0)
			talk("csumbench: wrote %zu points to %s\n", npts, output);
	}
	if (baseline != NULL) {
		struct rset rs;

		load_from_points(&rs, pts, npts, &ctx.timer);
		rc = compare_sets(&rs, &rs, &co, stdout);
		load_free(&rs);
	}
	engine_free(pts, npts);
	free(pts);
	free(ks);
	grid_free(&sg);
	grid_free_align(&ag);
	return rc;
}
