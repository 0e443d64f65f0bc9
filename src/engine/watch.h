/*
 * watch.h - a watchdog on the kernels this process calls: one that does
 * not return within a bound derived from its work, or that ends the
 * process while it runs, is reported by name and size, and the process
 * stops cleanly (cleanup.h) with EXIT_CHECK.
 *
 * A kernel that hangs cannot be unwound from, so a hang stops the
 * process; measuring it again would hang again. A thread of its own
 * (unpinned, signals blocked) polls a sequence number that watch_enter
 * and watch_leave advance with plain stores, so the timed loop makes no
 * system call for it. The exit guard is an atexit handler: a kernel that
 * calls exit while it runs makes the process exit with EXIT_CHECK, not
 * with the status the kernel chose.
 */
#ifndef CSUMBENCH_WATCH_H
#define CSUMBENCH_WATCH_H

#include <stddef.h>

/* Start the watchdog and the exit guard (once). 0, or -1 with err. */
int	watch_init(char *err, size_t errlen);
/* The kernel the next calls are of, and its size (for the report). */
void	watch_kernel(const char *name, size_t size);
/* calls of the kernel, bytes each, start; they end with watch_leave. */
void	watch_enter(size_t calls, size_t bytes);
void	watch_leave(void);
/* The bound in seconds of calls of bytes each. */
double	watch_bound(size_t calls, size_t bytes);

#endif
