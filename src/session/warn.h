/*
 * warn.h - warnings about the conditions of a measurement, each printed
 * at most once per process, each with what to do about it, each with a
 * name that turns it off: -W no-NAME on the command line, or the same
 * list in the environment variable CSUMBENCH_WARN (e.g. CSUMBENCH_WARN=
 * no-vm on a virtual machine one knows about); -W wins over the
 * environment, and -q silences them all.
 */
#ifndef CSUMBENCH_WARN_H
#define CSUMBENCH_WARN_H

#include <stddef.h>

enum warn_id {
	WARN_VM,	/* running under a hypervisor */
	WARN_LOAD,	/* the machine is busy */
	WARN_GOVERNOR,	/* a frequency governor other than performance */
	WARN_TURBO,	/* turbo/boost on */
	WARN_CI,	/* points short of --target-ci */
	WARN_CLOCK,	/* the core clock moved during the run */
	WARN_FEW,	/* too few samples per point */
	WARN_BOUND,	/* a throughput above the physical bound */
	WARN_LAYOUT,	/* kernels of an --ab object not at a fixed offset */
	WARN_N
};

/* "vm, load, ..., layout": for the help. */
extern const char warn_names[];

/*
 * Apply a list: comma-separated NAME (on) or no-NAME (off), NAME may be
 * "all". opt names where it came from, for the message ("-W",
 * "CSUMBENCH_WARN"). 0, or -1 with one line in err.
 */
int	warn_parse(const char *opt, const char *list, char *err, size_t errlen);
/* CSUMBENCH_WARN, if set: 0, or -1 with one line in err. */
int	warn_env(char *err, size_t errlen);
/* Is warning id on? */
int	warn_on(enum warn_id id);
/*
 * "csumbench: warning: MESSAGE (-W no-NAME)" on stderr, unless id is off,
 * already printed, or the run is quiet. Returns 1 if printed.
 */
int	warn_once(enum warn_id id, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * The conditions of the machine that make numbers less trustworthy (a
 * VM, a frequency governor, turbo, load), each its warning: the same
 * words in every command that measures.
 */
struct cpuinfo;
void	warn_machine(const struct cpuinfo *ci);

/* Fewer than 10 samples a point (reps): too few for a sound median. */
void	warn_few(unsigned long long reps);

/*
 * The points of pts[0..n-1] that stopped short of target (a fraction)
 * under --max-time, in one warning that says how far and the --max-time
 * to set; only when some missed it by more than twice (a point a little
 * short is as good) and their interval overlaps another kernel's at the
 * same position (else more samples would change no conclusion).
 */
struct point;
void	warn_unconverged(const struct point *pts, size_t n, double target,
	    double max_time);

#endif
