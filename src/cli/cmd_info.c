/*
 * cmd_info.c - csumbench info: CPU, timer and provenance.
 */
#include "config.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "bound.h"
#include "cmd.h"
#include "optval.h"
#include "select.h"
#include "tunefile.h"
#include "tuning.h"
#include "util.h"

enum { I_TIMER, I_CPU, I_TUNE_FILE };

static const struct opt_row info_rows[] = {
	[I_TIMER] = { .like = &opt_timer, .help = "the timer to describe" },
	[I_CPU] = { .like = &opt_cpu,
	    .help = "pin to CPU N first (default: the CPU it starts on)" },
	[I_TUNE_FILE] = { .like = &opt_tune_file },
};

static void
size_line(const char *label, size_t n)
{
	if (n == 0)
		printf("%-14s unknown\n", label);
	else if (n % (1024 * 1024) == 0)
		printf("%-14s %zu MiB\n", label, n >> 20);
	else
		printf("%-14s %zu KiB\n", label, n >> 10);
}

/* What the CPU is and what state it is in. */
static void
info_cpu(void)
{
	const struct cpuinfo *c = &ctx.cpu;

	printf("%-14s %s\n", "csumbench", PACKAGE_VERSION);
	printf("%-14s %s\n", "arch", c->arch);
	printf("%-14s %s\n", "vendor", c->vendor);
	printf("%-14s %s\n", "brand", c->brand);
	if (c->family == 0 && c->model == 0 && c->stepping == 0)
		printf("%-14s unknown\n", "cpu");	/* riscv64: no such ids */
	else
		printf("%-14s family %d (0x%x), model %d (0x%x), stepping %d\n",
		    "cpu", c->family, c->family, c->model, c->model,
		    c->stepping);
	if (c->cores > 0)
		printf("%-14s %d cores, %d threads per package; %d CPUs online\n",
		    "topology", c->cores, c->threads, c->online_cpus);
	else
		printf("%-14s %d CPUs online\n", "topology", c->online_cpus);
	size_line("l1d", c->l1d);
	size_line("l2", c->l2);
	size_line("l3", c->l3);
	printf("%-14s %zu bytes\n", "cache line", c->line);
	printf("%-14s %s\n", "features", c->features);
	if (c->isa[0] != '\0')
		printf("%-14s %s\n", "isa", c->isa);
	if (c->misaligned[0] != '\0')
		printf("%-14s %s\n", "misaligned", c->misaligned);
	printf("%-14s %s\n", "identified by", c->ident_source);
	printf("%-14s %s\n", "hypervisor",
	    c->hypervisor[0] ? c->hypervisor : "none detected");
	printf("%-14s %s\n", "governor",
	    c->governor[0] ? c->governor : "unknown");
	printf("%-14s %s\n", "turbo", c->turbo < 0 ? "unknown" :
	    c->turbo ? "on" : "off");
	if (c->loadavg1 >= 0)
		printf("%-14s %.2f\n", "load (1 min)", c->loadavg1);
	if (c->pinned_cpu >= 0)
		printf("%-14s %d\n", "pinned to CPU", c->pinned_cpu);
	else
		printf("%-14s no\n", "pinned to CPU");
}

/*
 * What results are measured against: the cost basis, the placement of
 * the buffers, and the physical bound a throughput is checked against.
 */
static void
info_measure(const struct timer_info *t)
{
	unsigned vec = bound_vector_bytes(ctx.cpu.features);
	double cpu = bound_cycles_per(t->unit, t->hz, t->est_core_hz);

	printf("%-14s whole call (run, compare, plot and report; --cost net: "
	    "the empty call's cost subtracted)\n", "cost basis");
	printf("%-14s destination %d bytes past the source, mod the %ld-byte "
	    "page (run --distance to sweep)\n", "placement", ARENA_APART,
	    sysconf(_SC_PAGESIZE));
	printf("%-14s at most %.0f bytes stored and %.0f loaded per unit (%s): "
	    "%d stores and %d loads of %u bytes a cycle, %.2f cycles a unit\n",
	    "bound", bound_bytes_per_cycle("memcpy", vec) * cpu,
	    bound_bytes_per_cycle("csum", vec) * cpu, t->unit, BOUND_STORES,
	    BOUND_LOADS, vec, cpu);
}

/* The ceilings of the tuning file: load/store/copy bytes per unit. */
static void
info_ceilings(void)
{
	const struct ceilings *c = &ctx.ceil;
	int l;

	if (!c->known) {
		printf("%-14s unknown (csumbench tune measures them)\n",
		    "ceilings");
		return;
	}
	printf("%-14s load/store/copy bytes per unit (%s), up to %s:",
	    "ceilings", c->unit, c->isa);
	for (l = 0; l < CEIL_NLEVELS; l++)
		if (c->ws[l] != 0)
			printf("%s %s %.2f/%.2f/%.2f", l == 0 ? "" : ";",
			    ceilings_level_name(l), c->bpu[l][CEIL_LOAD],
			    c->bpu[l][CEIL_STORE], c->bpu[l][CEIL_COPY]);
	putchar('\n');
}

/* The kernels' tuning: where it came from, what is in force, the key. */
static void
info_tuning(void)
{
	char buf[1400], key[128];

	tunefile_key(&ctx.cpu, key, sizeof(key));
	printf("%-14s %s\n", "cpu key", key);
	tuning_source(&ctx.tuning, buf, sizeof(buf));
	printf("%-14s %s\n", "tuning", buf);
	if (ctx.tuning.note[0] != '\0')
		printf("%-14s %s\n", "tuning note", ctx.tuning.note);
	tuning_values(&ctx.tuning, 1, buf, sizeof(buf));
	printf("%-14s %s\n", "thresholds", buf);
	info_ceilings();
}

/* The timer, its calibration, and the build. */
static void
info_timer(void)
{
	const struct timer_info *t = &ctx.timer;
	char buf[64];
	time_t now = time(NULL);

	printf("%-14s %s, unit %s (asked for %s)\n", "timer", t->name,
	    t->unit, t->requested);
	if (t->fallback[0] != '\0')
		printf("%-14s %s\n", "timer note", t->fallback);
	printf("%-14s %.0f Hz\n", "timer freq", t->hz);
	printf("%-14s %.1f %s (empty start/stop pair, median)\n",
	    "timer cost", t->overhead, t->unit);
	printf("%-14s %.0f %s\n", "resolution", t->resolution, t->unit);
	if (t->est_core_hz > 0)
		printf("%-14s %.3f GHz (estimated with a dependent-add loop; not "
		    "a counter)\n", "core clock", t->est_core_hz / 1e9);
	else
		printf("%-14s unknown\n", "core clock");
	info_measure(t);
	printf("%-14s %s\n", "compiler", csb_compiler);
	printf("%-14s %s\n", "cflags", csb_cflags);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	printf("%-14s %s\n", "date", buf);
}

static int
info_exec(struct options *o)
{
	int def_cpu = cpu_first_allowed();
	char err[256];

	if (optval_timer(OPTVAL_OF(o, I_TIMER), err, sizeof(err)) != 0 ||
	    (options_given(o, I_CPU) &&
	    optval_cpu(OPTVAL_OF(o, I_CPU), err, sizeof(err)) != 0))
		usage_error("%s", err);
	ctx_cpu();
	ctx_tune(o->val[I_TUNE_FILE]);
	ctx_pin(o->val[I_CPU], def_cpu);
	ctx_timer(options_value(o, I_TIMER));
	info_cpu();
	info_tuning();
	info_timer();
	return 0;
}

CMD_ENTRY(info, "CPU, timer and provenance",
    .synopsis = "csumbench info [--timer auto|cycles|tsc|ns] [--cpu N|any]\n"
	"                      [--tune-file FILE]",
    .about = "Print the CPU identification, the features kernels may use, "
	"the timer and its calibration, and the state of the machine.");
