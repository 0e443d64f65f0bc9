/*
 * cmd.h - subcommands and the context they share.
 */
#ifndef CSUMBENCH_CMD_H
#define CSUMBENCH_CMD_H

#include "cpu.h"
#include "timer.h"

struct context {
	struct cpuinfo	 cpu;
	struct timer_info timer;
	int		 have_cpu;
	int		 have_timer;
	const char	*cmdline;	/* the whole command line, for provenance */
};

extern struct context ctx;

/* Identify the CPU (once) and set up the kernel registry's view of it. */
void	ctx_cpu(void);
/*
 * Pin to --cpu's CPU (cpu_arg: a number, "any" or NULL for start_cpu, the
 * CPU the process started on), after ctx_cpu and before ctx_timer, and
 * read that CPU's state. A CPU asked for that cannot be used exits 2.
 */
void	ctx_pin(const char *cpu_arg, int start_cpu);
/* Set up the timer (once); exit 2 on an unusable choice. */
void	ctx_timer(const char *name);

int	cmd_run(int argc, char **argv);
int	cmd_list(int argc, char **argv);
int	cmd_info(int argc, char **argv);
int	cmd_verify(int argc, char **argv);
int	cmd_csum(int argc, char **argv);
int	cmd_compare(int argc, char **argv);
int	cmd_plot(int argc, char **argv);
int	cmd_report(int argc, char **argv);

/* Compiler and flags, for provenance. */
extern const char csb_compiler[];
extern const char csb_cflags[];

#endif
