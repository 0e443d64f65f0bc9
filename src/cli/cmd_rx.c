/*
 * cmd_rx.c - csumbench rx: what verifying receive checksums in software
 * costs per packet, and as a share of one core at a line rate, against
 * the CHECKSUM_COMPLETE path and the fused copy and checksum (rx.h has
 * the model).
 *
 * In phases: rx_parse (options, traffic, rates), rx_points (the kernels,
 * then the points of rxrun.h), rx_open (CSV and its .meta opened before
 * anything is measured), session_measure (session.h), rx_emit (a table,
 * or the CSV committed with its .meta).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "grid.h"
#include "interrupt.h"
#include "optval.h"
#include "provenance.h"
#include "rformat.h"
#include "rxrun.h"
#include "select.h"
#include "session.h"
#include "util.h"

enum {
	X_SIZES, X_RATE, X_KERNEL, X_ALIGN, X_CACHE, X_REPS, X_OUTPUT,
	X_FORMAT, X_SEED, X_TIMER, X_CPU, X_SAMPLE_TIME, X_WARMUP,
	X_TARGET_CI, X_MIN_TIME, X_MAX_TIME, X_TUNE_FILE, X_QUIET, X_WARN
};

static const struct opt_row rx_rows[] = {
	[X_SIZES] = { .name = "sizes", .letter = 's', .arg = "SPEC",
	    .help = "the traffic as Ethernet frame lengths, FCS included: "
	    "sizes, presets (imix, tcp-bulk, jumbo, tcp-ack), mix:SIZExW+..., "
	    "@FILE or pcap:FILE (each packet's own segment)",
	    .def = "imix,1518" },
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
	    .help = "hot (the packet in the core's caches), llc (in the "
	    "last-level cache, as a NIC with DDIO leaves it) or cold (from "
	    "memory, as after DMA into memory the core has not cached)",
	    .def = "hot" },
	[X_REPS] = { .like = &opt_reps },
	[X_OUTPUT] = { .like = &opt_output,
	    .help = "write CSV to FILE (with FILE.meta) instead of a table; "
	    "opened before measuring: a FILE that cannot be written fails "
	    "at once" },
	[X_FORMAT] = { .name = "format", .arg = "FMT",
	    .help = "csv or table (default: table on a terminal, else csv)" },
	[X_SEED] = { .like = &opt_seed,
	    .help = "seed of the data, the order and the size sequences" },
	[X_TIMER] = { .like = &opt_timer,
	    .heading = "Measurement control (as for run; see MEASUREMENT "
	    "OPTIONS in csumbench(1)):" },
	[X_CPU] = { .like = &opt_cpu },
	[X_SAMPLE_TIME] = { .like = &opt_sample_time },
	[X_WARMUP] = { .like = &opt_warmup },
	[X_TARGET_CI] = { .like = &opt_target_ci },
	[X_MIN_TIME] = { .like = &opt_min_time },
	[X_MAX_TIME] = { .like = &opt_max_time },
	[X_TUNE_FILE] = { .like = &opt_tune_file },
	[X_QUIET] = { .like = &opt_quiet },
	[X_WARN] = { .like = &opt_warn },
};

#define RX_MAX_TRAFFIC	64

struct rx {
	struct session	 s;
	struct rxrun	 x;
	const char	*patterns, *output, *sizes;
	int		 table;
	struct selection sel;		/* the kernels */
};

/* -a: one SRC/DST pair. */
static void
rx_parse_align(struct rx *r, const char *spec)
{
	struct align_grid ag;
	char err[256];

	if (grid_parse_align(spec, &ag, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (ag.n != 1)
		usage_error("--align: rx takes one SRC/DST pair, not \"%s\"",
		    spec);
	r->x.src_off = ag.v[0].src;
	r->x.dst_off = ag.v[0].dst;
	grid_free_align(&ag);
}

/* Where the results go: a table, or CSV (to a file or stdout). */
static void
rx_parse_output(struct rx *r, const struct options *o)
{
	static const char *const formats[] = { "csv", "table", NULL };
	const struct rformat *f = r->output != NULL ?
	    rformat_for_path(r->output) : NULL;
	char err[256];
	int fmt = -1;

	if (options_given(o, X_FORMAT) && optval_choice(OPTVAL_OF(o,
	    X_FORMAT), formats, "csv or table", &fmt, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (fmt == 1 && r->output != NULL && strcmp(r->output, "-") != 0)
		usage_error("--format table writes to the terminal only");
	if (fmt < 0 && f != NULL && strcmp(f->name, "csv") != 0)
		usage_error("--output: rx writes CSV (or a table), not %s: use "
		    "a .csv name, or --format csv", f->name);
	r->table = fmt >= 0 ? fmt == 1 : r->output == NULL &&
	    isatty(STDOUT_FILENO);
}

static void
rx_parse(struct rx *r, struct options *o)
{
	static const char *const caches[] = { "hot", "cold", "llc", NULL };
	struct rxrun *x = &r->x;
	char err[256];

	if (session_options(&r->s, o, err, sizeof(err)) != 0)
		usage_error("%s", err);
	r->patterns = o->val[X_KERNEL];
	r->output = o->val[X_OUTPUT];
	r->sizes = options_value(o, X_SIZES);
	rx_parse_output(r, o);
	rx_parse_align(r, options_value(o, X_ALIGN));
	if (optval_choice(OPTVAL_OF(o, X_CACHE), caches, "hot, llc or cold",
	    &x->cache, err, sizeof(err)) != 0 ||
	    rx_rates_parse(options_value(o, X_RATE), x->rate, RXRUN_MAX_RATES,
	    &x->nrates, err, sizeof(err)) != 0 ||
	    rx_traffic_parse(r->sizes, &x->t, &x->nt, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (x->nt > RX_MAX_TRAFFIC)
		usage_error("rx: \"%s\" names %zu traffics, more than %d",
		    r->sizes, x->nt, RX_MAX_TRAFFIC);
}

/* The kernels, then the points. */
static void
rx_points(struct rx *r)
{
	char *pats, err[256];
	int rc;

	ctx_cpu();
	ctx_tune(r->s.tune_file);
	pats = r->patterns != NULL ? NULL : rxrun_default_patterns();
	rc = select_kernels("csum,csum_copy,copy", pats != NULL ? pats :
	    r->patterns, 0, &r->sel, err, sizeof(err));
	free(pats);
	if (rc != 0)
		usage_error("%s", err);
	r->x.ks = r->sel.k;
	r->x.nk = r->sel.n;
	r->s.nkernels = r->x.nk;
	if (rxrun_points(&r->x, session_seed(&r->s), err, sizeof(err)) != 0)
		usage_error("%s", err);
}

/* What rx records beside its CSV. */
static void
rx_provenance(const struct rx *r, struct provenance *pv)
{
	const struct rxrun *x = &r->x;
	size_t i;
	char key[32];

	session_provenance(&r->s, pv);
	provenance_set(pv, "sizes", "%s", r->sizes);
	provenance_set(pv, "align", "%zu/%zu", x->src_off, x->dst_off);
	provenance_set(pv, "cache", "%s", cache_name(x->cache));
	session_provenance_sampling(&r->s, pv);
	for (i = 0; i < x->nt; i++) {
		snprintf(key, sizeof(key), "segments_%zu", i + 1);
		provenance_set(pv, key, "%s", x->t[i].run_spec);
	}
}

/* The table, or the CSV committed with its .meta. */
static void
rx_emit(struct rx *r)
{
	struct provenance pv;
	char err[1024];

	if (r->s.er.stopped) {
		/* The figures need every point: nothing half-done is kept. */
		session_abort(&r->s);
		fprintf(stderr, "%s: %s: sampling stopped early: nothing "
		    "written\n", progname, intr_name(intr_caught()));
		intr_exit();
	}
	if (r->table) {
		rxrun_table(stdout, &r->x);
		return;
	}
	rxrun_csv(r->s.of.fp, &r->x);
	rx_provenance(r, &pv);
	if (session_commit(&r->s, &pv, err, sizeof(err)) != 0)
		usage_error("%s", err);
	provenance_free(&pv);
}

static int
rx_exec(struct options *o)
{
	struct rx r;
	int def_cpu = cpu_first_allowed();
	char err[512];

	memset(&r, 0, sizeof(r));
	rx_parse(&r, o);
	r.s.def_cpu = def_cpu;
	rx_points(&r);
	/* The file is opened before measuring, to fail early. */
	if (!r.table && session_open(&r.s, r.output != NULL ? r.output : "-",
	    1, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (session_measure(&r.s, r.x.pts, r.x.npts, err, sizeof(err)) != 0)
		usage_error("%s", err);
	rx_emit(&r);
	rxrun_free(&r.x);
	select_free(&r.sel);
	rx_traffic_free(r.x.t, r.x.nt);
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
