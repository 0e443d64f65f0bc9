/*
 * context.c - what the subcommands share: the CPU identification, the
 * timer, the command line, and the build's provenance.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "ktune_env.h"
#include "select.h"
#include "util.h"
#include "../kernels/fault_handler.h"
#include "../kernels/kernel.h"

struct context ctx;

#ifdef __VERSION__
const char csb_compiler[] =
#if defined(__clang__)
    "clang " __VERSION__;
#else
    "gcc " __VERSION__;
#endif
#else
const char csb_compiler[] = "unknown";
#endif
#ifdef CSB_BUILD_CFLAGS
const char csb_cflags[] = CSB_BUILD_CFLAGS;
#else
const char csb_cflags[] = "";
#endif

void
ctx_cpu(void)
{
	char err[200], forced[200];

	if (ctx.have_cpu)
		return;
	cpu_probe(&ctx.cpu);
	/* Copy kernels need their fault handler before they may run. */
	if (kfault_init() == 0)
		ctx.cpu.have |= CPU_FAULTS;
	/* Also rewrites the features line, naming what is masked. */
	if (cpu_mask_env(&ctx.cpu, err, sizeof(err)) != 0)
		usage_error("%s", err);
	select_init(ctx.cpu.have, ctx.cpu.l1d, ctx.cpu.l2, ctx.cpu.l3);
	if (ktune_env_apply(forced, sizeof(forced), err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (forced[0] != '\0')
		warnx_("CSUMBENCH_KTUNE in force: %s", forced);
	ctx.have_cpu = 1;
}

void
ctx_timer(const char *name)
{
	char err[160];

	if (ctx.have_timer)
		return;
	if (timer_setup(name, &ctx.timer, err, sizeof(err)) != 0)
		usage_error("%s", err);
	ctx.have_timer = 1;
}


void
ctx_pin(const char *cpu_arg, int start_cpu)
{
	char err[160];
	int cpu = -1;

	if (cpu_arg == NULL || strcmp(cpu_arg, "any") != 0) {
		cpu = cpu_arg != NULL ? atoi(cpu_arg) : start_cpu;
		if (cpu >= 0 && cpu_pin(cpu, err, sizeof(err)) != 0) {
			if (cpu_arg != NULL)
				usage_error("%s", err);
			cpu = -1;	/* the starting CPU went away: run free */
		}
	}
	ctx.cpu.pinned_cpu = cpu;
	cpu_state(&ctx.cpu, cpu);
}
