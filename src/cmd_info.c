/*
 * cmd_info.c - csumbench info: CPU, timer and provenance.
 */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "select.h"
#include "util.h"

static void
info_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench info [--timer auto|cycles|tsc|ns] [--cpu N|any]\n"
	    "\n"
	    "Print the CPU identification, the features kernels may use, the\n"
	    "timer and its calibration, and the state of the machine.\n"
	    "\n"
	    "      --timer NAME     the timer to describe (default: auto)\n"
	    "      --cpu N|any      pin to CPU N first (default: the CPU it\n"
	    "                       starts on)\n"
	    "  -h, --help           show this help\n");
}

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

int
cmd_info(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "timer", required_argument, NULL, 't' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *timer = "auto", *cpu_arg = NULL;
	int ch, start_cpu = cpu_current();
	char buf[64];
	time_t now = time(NULL);

	optind = 1;
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			if (!timer_name_valid(optarg))
				usage_error("--timer: unknown timer \"%s\" "
				    "(expected auto, cycles, tsc or ns)", optarg);
			timer = optarg;
			break;
		case 'c':
			cpu_arg = optarg;
			if (strcmp(optarg, "any") != 0)
				(void)parse_uint("--cpu", optarg, 0, 65535);
			break;
		case 'h':
			info_usage(stdout);
			return 0;
		default:
			info_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		usage_error("info: unexpected argument \"%s\"", argv[optind]);
	ctx_cpu();
	ctx_pin(cpu_arg, start_cpu);
	ctx_timer(timer);
	printf("%-14s %s\n", "csumbench", PACKAGE_VERSION);
	printf("%-14s %s\n", "arch", ctx.cpu.arch);
	printf("%-14s %s\n", "vendor", ctx.cpu.vendor);
	printf("%-14s %s\n", "brand", ctx.cpu.brand);
	printf("%-14s family %d (0x%x), model %d (0x%x), stepping %d\n", "cpu",
	    ctx.cpu.family, ctx.cpu.family, ctx.cpu.model, ctx.cpu.model,
	    ctx.cpu.stepping);
	if (ctx.cpu.cores > 0)
		printf("%-14s %d cores, %d threads per package; %d CPUs online\n",
		    "topology", ctx.cpu.cores, ctx.cpu.threads,
		    ctx.cpu.online_cpus);
	else
		printf("%-14s %d CPUs online\n", "topology", ctx.cpu.online_cpus);
	size_line("l1d", ctx.cpu.l1d);
	size_line("l2", ctx.cpu.l2);
	size_line("l3", ctx.cpu.l3);
	printf("%-14s %zu bytes\n", "cache line", ctx.cpu.line);
	printf("%-14s %s\n", "features", ctx.cpu.features);
	printf("%-14s %s\n", "identified by", ctx.cpu.ident_source);
	printf("%-14s %s\n", "hypervisor",
	    ctx.cpu.hypervisor[0] ? ctx.cpu.hypervisor : "none detected");
	printf("%-14s %s\n", "governor",
	    ctx.cpu.governor[0] ? ctx.cpu.governor : "unknown");
	printf("%-14s %s\n", "turbo", ctx.cpu.turbo < 0 ? "unknown" :
	    ctx.cpu.turbo ? "on" : "off");
	if (ctx.cpu.loadavg1 >= 0)
		printf("%-14s %.2f\n", "load (1 min)", ctx.cpu.loadavg1);
	if (ctx.cpu.pinned_cpu >= 0)
		printf("%-14s %d\n", "pinned to CPU", ctx.cpu.pinned_cpu);
	else
		printf("%-14s no\n", "pinned to CPU");
	printf("%-14s %s, unit %s (asked for %s)\n", "timer", ctx.timer.name,
	    ctx.timer.unit, ctx.timer.requested);
	if (ctx.timer.fallback[0] != '\0')
		printf("%-14s %s\n", "timer note", ctx.timer.fallback);
	printf("%-14s %.0f Hz\n", "timer freq", ctx.timer.hz);
	printf("%-14s %.1f %s (empty start/stop pair, median)\n",
	    "timer cost", ctx.timer.overhead, ctx.timer.unit);
	printf("%-14s %.0f %s\n", "resolution", ctx.timer.resolution,
	    ctx.timer.unit);
	if (ctx.timer.est_core_hz > 0)
		printf("%-14s %.3f GHz (estimated with a dependent-add loop; not "
		    "a counter)\n", "core clock", ctx.timer.est_core_hz / 1e9);
	else
		printf("%-14s unknown\n", "core clock");
	printf("%-14s %s\n", "compiler", csb_compiler);
	printf("%-14s %s\n", "cflags", csb_cflags);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	printf("%-14s %s\n", "date", buf);
	return 0;
}
