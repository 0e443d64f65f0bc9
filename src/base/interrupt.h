/*
 * interrupt.h - SIGINT, SIGTERM and SIGHUP: nothing left behind.
 *
 * A signal ends the process at once, after cleanup_run (cleanup.h) has
 * stopped a running gnuplot and removed every temporary file and
 * directory; the process then dies of the signal, so a shell sees exit
 * status 128 + its number (130 for SIGINT, 143 for SIGTERM, 129 for
 * SIGHUP) and a script running it stops as well.
 *
 * Except while a caller defers: then the first signal only raises a flag
 * (intr_flag) that the caller polls at safe points (run's engine, between
 * repetitions), so it can keep what it measured; it then calls intr_exit.
 * A second signal ends the process at once, deferred or not.
 *
 * A signal ignored when the process started (nohup, a background job of
 * a non-interactive shell) stays ignored.
 */
#ifndef CSUMBENCH_INTERRUPT_H
#define CSUMBENCH_INTERRUPT_H

#include <signal.h>

/* Install the handlers (once, before any temporary file exists). */
void	intr_init(void);
/* Defer the first signal (on), or stop deferring (off). */
void	intr_defer(int on);
/* The signal caught while deferring, or 0; the flag to poll. */
int	intr_caught(void);
const volatile sig_atomic_t *intr_flag(void);
/* "SIGINT", "SIGTERM" or "SIGHUP". */
const char *intr_name(int sig);
/* After a deferred signal: clean up and die of it. */
void	intr_exit(void) __attribute__((noreturn));

#endif
