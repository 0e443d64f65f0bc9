/*
 * context.h - the context the subcommands share: the CPU identification,
 * the timer, the tuning in force, the loaded kernels, the command line.
 */
#ifndef CSUMBENCH_CONTEXT_H
#define CSUMBENCH_CONTEXT_H

#include "ceilings.h"
#include "cpu.h"
#include "../../kernels/kernel.h"
#include "timer.h"
#include "tuning.h"

struct context {
	struct cpuinfo	 cpu;
	struct timer_info timer;
	int		 have_cpu;
	int		 have_timer;
	const char	*cmdline;	/* the whole command line, for provenance */
	struct tuning	 tuning;	/* the kernels' thresholds in force */
	int		 have_tuning;	/* ctx_tune ran */
	struct ceilings	 ceil;		/* from the tuning file; .known */
};

extern struct context ctx;

/*
 * Identify the CPU (once) and set up the kernel registry's view of it,
 * with the thresholds CSUMBENCH_KTUNE forces.
 */
void	ctx_cpu(void);
/*
 * After ctx_cpu: use the tuning file (file, or the default path when
 * NULL) if it was measured on this CPU, CSUMBENCH_KTUNE over it; else say
 * in one line why not. A file that cannot be read or parsed, or a file
 * named with --tune-file that does not exist, exits 2.
 */
void	ctx_tune(const char *file);
/*
 * The tuning in force, for provenance: "source" and "values" lines; and
 * the ceilings of the tuning file, in the timer's unit (ceilings.h).
 */
struct provenance;
void	ctx_tune_provenance(struct provenance *pv);
/*
 * A fresh provenance of this process (pv's old contents are not freed):
 * csumbench version, date, command line, host and OS, the CPU (ctx_cpu)
 * and timer (ctx_timer) when set up, compiler and flags.
 */
void	provenance_collect(struct provenance *pv);
/*
 * Identify the CPU (ctx_cpu), then load the kernel objects args[0..n-1]
 * ("FILE[=NAME]", --load), in order; exit 2 with one line when one
 * cannot be loaded.
 */
void	ctx_load(const char *const *args, size_t n);
/*
 * Verify the loaded kernels among ks[0..n-1] as verify does (each in a
 * child process, guard pages, fault tests), before any of them is used.
 * When one fails or crashes: its case on stderr, exit 1 (EXIT_CHECK).
 */
void	ctx_verify_loaded(const struct kernel *const *ks, size_t n);
/*
 * Pin to --cpu's CPU (cpu_arg: a number, "any" or NULL for def_cpu, the
 * lowest CPU of the process's affinity mask as cpu_first_allowed read it
 * before ctx_cpu), after ctx_cpu and before ctx_timer, and
 * read that CPU's state. A CPU asked for that cannot be used exits 2.
 */
void	ctx_pin(const char *cpu_arg, int def_cpu);
/* Set up the timer (once); exit 2 on an unusable choice. */
void	ctx_timer(const char *name);
/*
 * After ctx_timer: what the ceilings are measured with here (the timer,
 * the features left by the mask, the cache sizes), budget and progress
 * left for the caller.
 */
struct ceilings_opts;
void	ctx_ceilings_opts(struct ceilings_opts *co);

/* Compiler and flags, for provenance. */
extern const char csb_compiler[];
extern const char csb_cflags[];

#endif
