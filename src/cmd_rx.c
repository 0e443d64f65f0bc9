/*
 * cmd_rx.c - csumbench rx: what verifying receive checksums in software
 * costs per packet, and as a share of one core at a line rate, against
 * the CHECKSUM_COMPLETE path and the fused copy and checksum (rx.h has
 * the model).
 *
 * In phases: rx_parse (options, traffic, rates), rx_points (the engine's
 * points: each traffic's segments through every csum, csum_copy and copy
 * kernel, and the Ethernet header's 14 bytes through every csum kernel),
 * rx_measure (engine_run), rx_emit (a table, or CSV with its .meta). Every
 * figure is a whole call's median cost: what the kernel adds plus the
 * empty-call floor, as the receive path pays it.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "cmd.h"
#include "csv.h"
#include "engine.h"
#include "grid.h"
#include "optval.h"
#include "outfile.h"
#include "progress.h"
#include "provenance.h"
#include "rformat.h"
#include "rx.h"
#include "select.h"
#include "util.h"
#include "warn.h"

enum {
	X_SIZES, X_RATE, X_KERNEL, X_ALIGN, X_CACHE, X_REPS, X_OUTPUT,
	X_FORMAT, X_SEED, X_TIMER, X_CPU, X_TARGET_CI, X_MAX_TIME, X_TUNE_FILE,
	X_QUIET, X_WARN
};

static const struct opt_row rx_rows[] = {
	[X_SIZES] = { .name = "sizes", .letter = 's', .arg = "SPEC",
	    .help = "the traffic as Ethernet frame lengths, FCS included: "
	    "sizes, presets (imix, tcp-bulk, jumbo, tcp-ack), mix:SIZExW+..., "
	    "@FILE or pcap:FILE (each packet's own segment)",
	    .def = "1518" },
	[X_RATE] = { .name = "line-rate", .arg = "LIST",
	    .help = "line rates in bits per second, K/M/G/T (powers of 1000)",
	    .def = "1G,10G,100G" },
	[X_KERNEL] = { .like = &opt_kernel,
	    .help = "csum, csum_copy and copy kernels matching these globs "
	    "(default: the auto kernel of each, or the best there is)" },
	[X_ALIGN] = { .name = "align", .letter = 'a', .arg = "SRC/DST",
	    .help = "offsets of the segment and of the user buffer from a "
	    "64-byte aligned address",
	    .def = "34/0" },
	[X_CACHE] = { .name = "cache", .arg = "STATE",
	    .help = "hot (the packet in cache) or cold (from memory, as after "
	    "DMA into memory the core has not cached)",
	    .def = "hot" },
	[X_REPS] = { .name = "reps", .letter = 'r', .arg = "N",
	    .help = "samples per point, at least", .def = "31" },
	[X_OUTPUT] = { .like = &opt_output,
	    .help = "write CSV to FILE (with FILE.meta) instead of a table" },
	[X_FORMAT] = { .name = "format", .arg = "FMT",
	    .help = "csv or table (default: table on a terminal, else csv)" },
	[X_SEED] = { .like = &opt_seed,
	    .help = "seed of the data, the order and the size sequences" },
	[X_TIMER] = { .like = &opt_timer },
	[X_CPU] = { .like = &opt_cpu },
	[X_TARGET_CI] = { .name = "target-ci", .arg = "PCT",
	    .help = "sample a point until the 95% CI of its median is within "
	    "PCT% of it; 0: off", .def = "1%" },
	[X_MAX_TIME] = { .name = "max-time", .arg = "T",
	    .help = "stop refining a point after T of sampling",
	    .def = "30ms" },
	[X_TUNE_FILE] = { .like = &opt_tune_file },
	[X_QUIET] = { .like = &opt_quiet },
	[X_WARN] = { .like = &opt_warn },
};

enum rx_path { P_SOFTWARE, P_COMPLETE, P_FUSED, P_COPY, P_NPATHS };

static const char *const path_names[P_NPATHS] = {
	"software", "complete", "fused", "copy",
};

#define MAX_RATES	16
#define MAX_TRAFFIC	64

struct rx {
	const char	*patterns, *output, *cpu_arg, *timer, *sizes;
	const char	*tune_file;	/* --tune-file, or NULL: the default */
	int		 cache, table, start_cpu;
	size_t		 src_off, dst_off;
	double		 rate[MAX_RATES];
	size_t		 nrates;
	struct rx_traffic *t;
	size_t		 nt;
	struct selection sel;		/* the kernels */
	const struct kernel **ks;	/* sel.k, sel.n */
	size_t		 nk;
	struct point	*pts;
	size_t		 npts;
	/* The point of traffic t through kernel k: at[t * nk + k]; of the
	 * Ethernet header through csum kernel k: hdr[k]. */
	size_t		*at, *hdr;
	struct engine_opts eo;
	struct engine_report er;
	unsigned long long reps;
};

/* -a: one SRC/DST pair. */
static void
rx_parse_align(struct rx *x, const char *spec)
{
	struct align_grid ag;
	char err[256];

	if (grid_parse_align(spec, &ag, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (ag.n != 1)
		usage_error("--align: rx takes one SRC/DST pair, not \"%s\"",
		    spec);
	x->src_off = ag.v[0].src;
	x->dst_off = ag.v[0].dst;
	grid_free_align(&ag);
}

/* The options of how precisely and where it runs. */
static void
rx_parse_measure(struct rx *x, struct options *o)
{
	static const char *const caches[] = { "hot", "cold", NULL };
	unsigned long long seed = 0;
	double ci;
	char err[256];

	if (optval_uint(OPTVAL_OF(o, X_REPS), 1, 100000, &x->reps, err,
	    sizeof(err)) != 0 ||
	    optval_choice(OPTVAL_OF(o, X_CACHE), caches, "hot or cold",
	    &x->cache, err, sizeof(err)) != 0 ||
	    optval_timer(OPTVAL_OF(o, X_TIMER), err, sizeof(err)) != 0 ||
	    (options_given(o, X_CPU) &&
	    optval_cpu(OPTVAL_OF(o, X_CPU), err, sizeof(err)) != 0) ||
	    optval_percent(OPTVAL_OF(o, X_TARGET_CI), 100, &ci, err,
	    sizeof(err)) != 0 ||
	    optval_duration(OPTVAL_OF(o, X_MAX_TIME), &x->eo.max_time, err,
	    sizeof(err)) != 0 ||
	    (options_given(o, X_SEED) && optval_uint(OPTVAL_OF(o, X_SEED), 1,
	    UINT64_MAX, &seed, err, sizeof(err)) != 0))
		usage_error("%s", err);
	x->eo.target_ci = ci / 100;
	x->eo.seed = seed;
	x->eo.sample_time = 20e-6;
	x->eo.warmup = 3;
	x->timer = options_value(o, X_TIMER);
	x->cpu_arg = options_value(o, X_CPU);
	x->tune_file = o->val[X_TUNE_FILE];
}

static void
rx_parse(struct rx *x, struct options *o)
{
	static const char *const formats[] = { "csv", "table", NULL };
	char err[256];
	int fmt = -1;

	x->patterns = o->val[X_KERNEL];
	x->output = o->val[X_OUTPUT];
	x->sizes = options_value(o, X_SIZES);
	if (options_given(o, X_QUIET))
		verbose_level = 0;
	if (warn_env(err, sizeof(err)) != 0 || (options_given(o, X_WARN) &&
	    warn_parse("-W", o->val[X_WARN], err, sizeof(err)) != 0))
		usage_error("%s", err);
	if (options_given(o, X_FORMAT) && optval_choice(OPTVAL_OF(o,
	    X_FORMAT), formats, "csv or table", &fmt, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (fmt == 1 && x->output != NULL && strcmp(x->output, "-") != 0)
		usage_error("--format table writes to the terminal only");
	if (fmt < 0 && x->output != NULL && rformat_for_path(x->output) !=
	    NULL && strcmp(rformat_for_path(x->output)->name, "csv") != 0)
		usage_error("--output: rx writes CSV (or a table), not %s: use "
		    "a .csv name, or --format csv", rformat_for_path(
		    x->output)->name);
	x->table = fmt >= 0 ? fmt == 1 : x->output == NULL &&
	    isatty(STDOUT_FILENO);
	rx_parse_align(x, options_value(o, X_ALIGN));
	rx_parse_measure(x, o);
	if (rx_rates_parse(options_value(o, X_RATE), x->rate, MAX_RATES,
	    &x->nrates, err, sizeof(err)) != 0 ||
	    rx_traffic_parse(x->sizes, &x->t, &x->nt, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (x->nt > MAX_TRAFFIC)
		usage_error("rx: \"%s\" names %zu traffics, more than %d",
		    x->sizes, x->nt, MAX_TRAFFIC);
}

/* The default kernels: per family, the first available of a list. */
static char *
rx_default_patterns(void)
{
	static const char *const pref[] = {
		"csum.auto", "csum.neon", "csum.generic64", NULL,
		"csum_copy.auto", "csum_copy.neon", "csum_copy.fused", NULL,
		"copy.erms", "copy.unaligned", NULL, NULL,
	};
	char *pats = xstrdup(""), *t, why[64];
	const struct kernel *k;
	size_t i;

	for (i = 0; pref[i] != NULL || pref[i + 1] != NULL; i++) {
		if (pref[i] == NULL)
			continue;
		k = select_by_name(pref[i]);
		if (k == NULL || select_unavailable(k, why, sizeof(why)))
			continue;
		t = xasprintf("%s%s%s", pats, *pats ? "," : "", pref[i]);
		free(pats);
		pats = t;
		while (pref[i + 1] != NULL)	/* the family is done */
			i++;
	}
	return pats;
}

/* Add a point; its index. */
static size_t
rx_add(struct rx *x, const struct kernel *k, size_t size,
    const struct dist *d, size_t so, size_t dof)
{
	struct point *p = &x->pts[x->npts];

	p->k = k;
	p->size = size;
	p->dist = d;
	p->src_off = so;
	p->dst_off = dof;
	p->distance = arena_default_distance(dof);
	p->cache = x->cache;
	p->mode = MODE_THROUGHPUT;
	return x->npts++;
}

/*
 * The kernels, then the points: each traffic's segments through every
 * kernel (one group, interleaved), then the Ethernet header through every
 * csum kernel (another).
 */
static void
rx_points(struct rx *x)
{
	char *pats, err[256];
	size_t i, k, ncsum = 0;
	int rc;

	ctx_cpu();
	ctx_tune(x->tune_file);
	pats = x->patterns != NULL ? NULL : rx_default_patterns();
	rc = select_kernels("csum,csum_copy,copy", pats != NULL ? pats :
	    x->patterns, 0, &x->sel, err, sizeof(err));
	free(pats);
	if (rc != 0)
		usage_error("%s", err);
	x->ks = x->sel.k;
	x->nk = x->sel.n;
	for (k = 0; k < x->nk; k++)
		ncsum += x->ks[k]->family == K_CSUM;
	if (ncsum == 0)
		usage_error("rx: no csum kernel selected (-k must match one)");
	for (i = 0; i < x->nt; i++)
		if (x->t[i].seg_dist != NULL)
			dist_draw(x->t[i].seg_dist, x->eo.seed ? x->eo.seed :
			    0x5eed);
	x->pts = xcalloc((x->nt + 1) * x->nk, sizeof(*x->pts));
	x->at = xcalloc(x->nt * x->nk, sizeof(*x->at));
	x->hdr = xcalloc(x->nk, sizeof(*x->hdr));
	for (i = 0; i < x->nt; i++)
		for (k = 0; k < x->nk; k++)
			x->at[i * x->nk + k] = rx_add(x, x->ks[k],
			    x->t[i].seg_dist != NULL ?
			    (size_t)llround(x->t[i].seg_dist->seq_mean) :
			    x->t[i].seg, x->t[i].seg_dist, x->src_off,
			    x->dst_off);
	for (k = 0; k < x->nk; k++)
		x->hdr[k] = x->ks[k]->family == K_CSUM ? rx_add(x, x->ks[k],
		    RX_ETH_HDR, NULL, 0, 0) : (size_t)-1;
}

/* Pin, set up the timer, measure. */
static void
rx_measure(struct rx *x)
{
	static struct progress_line pl;
	char err[256];

	ctx_pin(x->cpu_arg, x->start_cpu);
	ctx_timer(x->timer);
	warn_machine(&ctx.cpu);
	warn_few(x->reps);
	x->eo.ti = &ctx.timer;
	x->eo.reps = (size_t)x->reps;
	x->eo.llc = ctx.cpu.l3 ? ctx.cpu.l3 : ctx.cpu.l2;
	if (verbose_level > 0) {
		progress_line_init(&pl, stderr, isatty(STDERR_FILENO), &x->eo);
		x->eo.progress = progress_line;
		x->eo.progress_arg = &pl;
	}
	if (engine_run(x->pts, x->npts, &x->eo, &x->er, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (x->er.unconverged > 0)
		warn_unconverged(x->pts, x->npts, x->eo.target_ci,
		    x->eo.max_time);
}

/* The CPU's brand string without the blanks some CPUs pad it with. */
static const char *
rx_cpu_name(void)
{
	static char name[sizeof(ctx.cpu.brand)];
	size_t n;

	snprintf(name, sizeof(name), "%s", ctx.cpu.brand);
	for (n = strlen(name); n > 0 && name[n - 1] == ' '; n--)
		name[n - 1] = '\0';
	return name;
}

/* One figure: a path of a traffic through a kernel, whole calls. */
struct fig {
	double	 ticks, lo, hi;	/* median and its 95% CI, timer units */
	double	 ns, mpps;	/* ns per packet, million packets/s a core */
};

/* The point behind (traffic i, path, kernel k), or -1 if k has no part. */
static size_t
rx_point_of(const struct rx *x, size_t i, enum rx_path path, size_t k)
{
	static const enum kfamily fam[P_NPATHS] = {
		[P_SOFTWARE] = K_CSUM, [P_COMPLETE] = K_CSUM,
		[P_FUSED] = K_CSUM_COPY, [P_COPY] = K_COPY,
	};

	if (x->ks[k]->family != fam[path])
		return (size_t)-1;
	return path == P_COMPLETE ? x->hdr[k] : x->at[i * x->nk + k];
}

static void
rx_fig(const struct point *p, struct fig *f)
{
	double hz = ctx.timer.hz;

	f->ticks = p->st.median;
	f->lo = p->st.ci_lo;
	f->hi = p->st.ci_hi;
	f->ns = f->ticks / hz * 1e9;
	f->mpps = f->ns > 0 ? 1e3 / f->ns : NAN;
}

/* Percent of one core the path takes at rate r. */
static double
rx_pct(const struct rx_traffic *t, double r, const struct fig *f)
{
	return rx_pps(t, r) * f->ns / 1e9 * 100;
}

/* The heading of one traffic in the table. */
static void
rx_table_head(const struct rx *x, const struct rx_traffic *t)
{
	char lab[32];
	size_t j;

	if (t->seg_dist == NULL)
		printf("\n%s: frames of %.0f bytes, segments of %zu, %.0f on "
		    "the wire\n", t->name, t->frame_mean, t->seg, t->wire);
	else
		printf("\n%s: frames of %.2f bytes on average, segments of "
		    "%.2f, %.2f on the wire\n  (segments: -s %s)\n", t->name,
		    t->frame_mean, t->seg_dist->seq_mean, t->wire, t->run_spec);
	if (t->skipped > 0)
		printf("  (%zu of %zu packets have no transport segment and "
		    "are left out)\n", t->skipped, t->packets);
	printf("  %-9s %-18s %9s %8s %11s", "path", "kernel", ctx.timer.unit,
	    "ns/pkt", "Mpkt/s/core");
	for (j = 0; j < x->nrates; j++)
		printf(" %*s%%", 7, rx_rate_label(x->rate[j], lab, sizeof(lab)));
	putchar('\n');
}

/* How a reader gets every figure of the table from run's results. */
static void
rx_table_check(const struct rx *x)
{
	char lab[32];

	printf("\n%% is of one core at each line rate (over 100: more than "
	    "one core).\nEvery %s figure is a whole call's median: the "
	    "median column of\n'csumbench run -o r.csv -k "
	    "KERNEL -a %zu/%zu --cache %s -s SEGMENTS'\n(software, fused, "
	    "copy) or '-s %d -a 0' (complete). ns/pkt = %s / %.4f;\n"
	    "Mpkt/s = 1000 / ns; %% = rate / 8 / wire bytes x ns / 1e7 "
	    "(%s: %.0f packets/s\nof %.0f-byte frames).\n", ctx.timer.unit,
	    x->src_off, x->dst_off, x->cache ? "cold" : "hot", RX_ETH_HDR,
	    ctx.timer.unit, ctx.timer.hz / 1e9, rx_rate_label(x->rate[0],
	    lab, sizeof(lab)), rx_pps(&x->t[0], x->rate[0]),
	    x->t[0].frame_mean);
}

/* A row of traffic i: a path through kernel k, its figures f. */
typedef void rx_row_fn(const struct rx *x, size_t i, int path, size_t k,
    const struct fig *f, void *arg);

/* Every row of traffic i, in the tables' order: by path, then kernel. */
static void
rx_each_row(const struct rx *x, size_t i, rx_row_fn *fn, void *arg)
{
	struct fig f;
	size_t k, pt;
	int path;

	for (path = 0; path < P_NPATHS; path++)
		for (k = 0; k < x->nk; k++) {
			if ((pt = rx_point_of(x, i, path, k)) == (size_t)-1)
				continue;
			rx_fig(&x->pts[pt], &f);
			fn(x, i, path, k, &f, arg);
		}
}

static void
rx_table_row(const struct rx *x, size_t i, int path, size_t k,
    const struct fig *f, void *arg)
{
	size_t j;

	(void)arg;
	printf("  %-9s %-18s %9.2f %8.2f %11.2f", path_names[path],
	    x->ks[k]->name, f->ticks, f->ns, f->mpps);
	for (j = 0; j < x->nrates; j++)
		printf(" %8.3g", rx_pct(&x->t[i], x->rate[j], f));
	putchar('\n');
}

static void
rx_table(const struct rx *x)
{
	size_t i;

	printf("Receive checksum per packet: whole calls, medians, %s cache\n"
	    "%s (family %d model %d), timer %s at %.3f GHz\n",
	    x->cache ? "cold" : "hot", rx_cpu_name(), ctx.cpu.family,
	    ctx.cpu.model, ctx.timer.name, ctx.timer.hz / 1e9);
	for (i = 0; i < x->nt; i++) {
		rx_table_head(x, &x->t[i]);
		rx_each_row(x, i, rx_table_row, NULL);
	}
	rx_table_check(x);
}

static const char *const rx_columns[] = {
	"cpu", "traffic", "segments", "frame_bytes", "segment_bytes",
	"wire_bytes", "path", "kernel", "cache", "src_align", "dst_align",
	"unit", "timer_hz", "median", "ci_lo", "ci_hi", "ns_per_packet",
	"packets_per_s", "line_rate", "line_packets_per_s", "core_pct", NULL
};

/* One CSV row: traffic i, a path through kernel k, at rate j. */
static void
rx_csv_row(struct csv_writer *w, const struct rx *x, size_t i, int path,
    size_t k, size_t j, const struct fig *f)
{
	const struct rx_traffic *t = &x->t[i];

	csv_str(w, rx_cpu_name());
	csv_str(w, t->name);
	csv_str(w, t->run_spec);
	csv_double(w, t->frame_mean);
	csv_double(w, t->seg_dist != NULL ? t->seg_dist->seq_mean : t->seg_mean);
	csv_double(w, t->wire);
	csv_str(w, path_names[path]);
	csv_str(w, x->ks[k]->name);
	csv_str(w, x->cache ? "cold" : "hot");
	csv_ulong(w, path == P_COMPLETE ? 0 : x->src_off);
	csv_ulong(w, path == P_COMPLETE ? 0 : x->dst_off);
	csv_str(w, ctx.timer.unit);
	csv_double(w, ctx.timer.hz);
	csv_double(w, f->ticks);
	csv_double(w, f->lo);
	csv_double(w, f->hi);
	csv_double(w, f->ns);
	csv_double(w, f->mpps * 1e6);
	csv_double(w, x->rate[j]);
	csv_double(w, rx_pps(t, x->rate[j]));
	csv_double(w, rx_pct(t, x->rate[j], f));
	csv_end(w);
}

/* The CSV rows of one path: one per rate. */
static void
rx_csv_rows(const struct rx *x, size_t i, int path, size_t k,
    const struct fig *f, void *arg)
{
	size_t j;

	for (j = 0; j < x->nrates; j++)
		rx_csv_row(arg, x, i, path, k, j, f);
}

static void
rx_csv(FILE *fp, const struct rx *x)
{
	struct csv_writer w;
	size_t i;

	csv_init(&w, fp);
	for (i = 0; rx_columns[i] != NULL; i++)
		csv_str(&w, rx_columns[i]);
	csv_end(&w);
	for (i = 0; i < x->nt; i++)
		rx_each_row(x, i, rx_csv_rows, &w);
}

/* What rx records beside its CSV. */
static void
rx_provenance(struct provenance *pv, const struct rx *x)
{
	size_t i;

	provenance_collect(pv);
	ctx_tune_provenance(pv);
	provenance_set(pv, "sizes", "%s", x->sizes);
	provenance_set(pv, "align", "%zu/%zu", x->src_off, x->dst_off);
	provenance_set(pv, "cache", "%s", x->cache ? "cold" : "hot");
	provenance_set(pv, "reps", "%llu", x->reps);
	provenance_set(pv, "seed", "%llu", (unsigned long long)(x->eo.seed ?
	    x->eo.seed : 0x5eed));
	provenance_set(pv, "target_ci_pct", "%g", x->eo.target_ci * 100);
	provenance_set(pv, "max_time_s", "%g", x->eo.max_time);
	provenance_set(pv, "samples_min", "%zu", x->er.min_samples);
	provenance_set(pv, "samples_max", "%zu", x->er.max_samples);
	for (i = 0; i < x->nt; i++) {
		char key[32];

		snprintf(key, sizeof(key), "segments_%zu", i + 1);
		provenance_set(pv, key, "%s", x->t[i].run_spec);
	}
}

static void
rx_emit(const struct rx *x)
{
	struct outfile of, mf;
	struct provenance pv;
	char *mpath, err[1024];

	if (x->table) {
		rx_table(x);
		return;
	}
	if (outfile_open(&of, x->output != NULL ? x->output : "-", err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	rx_csv(of.fp, x);
	if (!of.regular) {
		if (outfile_commit(&of, err, sizeof(err)) != 0)
			usage_error("%s", err);
		return;
	}
	/* The provenance goes beside a results file, committed after it. */
	mpath = provenance_path(x->output);
	if (outfile_open(&mf, mpath, err, sizeof(err)) != 0)
		usage_error("%s", err);
	free(mpath);
	rx_provenance(&pv, x);
	provenance_write(mf.fp, &pv);
	provenance_free(&pv);
	if (outfile_commit_pair(&of, &mf, err, sizeof(err)) != 0)
		usage_error("%s", err);
}

static int
rx_exec(struct options *o)
{
	struct rx x;

	memset(&x, 0, sizeof(x));
	x.start_cpu = cpu_first_allowed();
	rx_parse(&x, o);
	rx_points(&x);
	rx_measure(&x);
	rx_emit(&x);
	engine_free(x.pts, x.npts);
	free(x.pts);
	free(x.at);
	free(x.hdr);
	select_free(&x.sel);
	rx_traffic_free(x.t, x.nt);
	return 0;
}

CMD_ENTRY(rx, "the receive checksum's cost per packet at line rates",
    .synopsis = "csumbench rx [-s FRAMES] [--line-rate LIST] [-k PATTERN]\n"
	"                 [-o FILE] [more options]",
    .about = "Measure the receive paths of a TCP or UDP checksum per packet "
	"of the traffic given as Ethernet frames: software csum_partial over "
	"each transport segment, the CHECKSUM_COMPLETE fixup (the sum of the "
	"14-byte Ethernet header, subtracted), and the fused copy and "
	"checksum; with the copy alone for reference. Each is given in timer "
	"units, ns and packets per second per core, and as the percentage of "
	"one core it takes at each line rate.",
    .footer = "Traffic specs and the model: see csumbench(1), rx.");
