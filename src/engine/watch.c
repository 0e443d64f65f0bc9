/*
 * watch.c - the watchdog on kernel calls (see watch.h).
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "util.h"
#include "watch.h"

/*
 * The bound: a base for the machine's hiccups (a shared, loaded host can
 * stall a process for a second), plus per call and per byte about a
 * hundred times what the slowest reference kernel takes.
 */
#define WATCH_BASE_S	2.0
#define WATCH_CALL_S	2e-6
#define WATCH_BYTE_S	2e-8
#define WATCH_POLL_NS	100000000L
#define WATCH_STACK	(256 * 1024)

/* Odd while a kernel runs; advanced by the measuring thread only. */
static unsigned long watch_seq;
static const char *watch_name;
static size_t watch_size;
static double watch_limit;
static pid_t watch_owner;

double
watch_bound(size_t calls, size_t bytes)
{
	return WATCH_BASE_S + (double)calls * (WATCH_CALL_S +
	    (double)bytes * WATCH_BYTE_S);
}

void
watch_kernel(const char *name, size_t size)
{
	watch_name = name;
	watch_size = size;
}

void
watch_enter(size_t calls, size_t bytes)
{
	watch_limit = watch_bound(calls, bytes);
	__atomic_store_n(&watch_seq, watch_seq + 1, __ATOMIC_RELEASE);
}

void
watch_leave(void)
{
	__atomic_store_n(&watch_seq, watch_seq + 1, __ATOMIC_RELEASE);
}

/* The one line of a stop, then cleanup and EXIT_CHECK. */
static void __attribute__((noreturn))
watch_stop(const char *what)
{
	char buf[512];
	int n;

	n = snprintf(buf, sizeof(buf), "%s: %s at size %zu %s: stopped, no "
	    "result\n", progname, watch_name != NULL ? watch_name :
	    "a kernel", watch_size, what);
	cleanup_run();
	if (n > 0)
		(void)!write(STDERR_FILENO, buf, (size_t)n < sizeof(buf) ?
		    (size_t)n : sizeof(buf) - 1);
	_exit(EXIT_CHECK);
}

/* atexit: a kernel called exit while it ran. */
static void
watch_atexit(void)
{
	if (getpid() == watch_owner &&
	    (__atomic_load_n(&watch_seq, __ATOMIC_ACQUIRE) & 1))
		watch_stop("ended the process (exit) while it ran");
}

static double
watch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The watchdog thread: off the measured CPU, deaf to signals. */
static void *
watch_main(void *arg)
{
	struct timespec poll = { 0, WATCH_POLL_NS };
	unsigned long seq, last = 0;
	double since = 0;
	char what[80];
	sigset_t all;
#ifdef __linux__
	cpu_set_t any;
	int i;

	CPU_ZERO(&any);
	for (i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &any);
	(void)sched_setaffinity(0, sizeof(any), &any);
#endif
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	for (;;) {
		nanosleep(&poll, NULL);
		seq = __atomic_load_n(&watch_seq, __ATOMIC_ACQUIRE);
		if (!(seq & 1) || seq != last) {
			last = seq;
			since = watch_now();
			continue;
		}
		if (watch_now() - since > watch_limit) {
			snprintf(what, sizeof(what), "did not return within "
			    "%.1f s (hung)", watch_limit);
			watch_stop(what);
		}
	}
	return arg;
}

int
watch_init(char *err, size_t errlen)
{
	pthread_attr_t at;
	pthread_t t;
	int rc;

	if (watch_owner != 0)
		return 0;
	watch_owner = getpid();
	if (atexit(watch_atexit) != 0) {
		snprintf(err, errlen, "cannot start the watchdog: %s",
		    strerror(errno));
		return -1;
	}
	pthread_attr_init(&at);
	pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
	/* It needs little: no 8 MiB of address space (ulimit -v). */
	pthread_attr_setstacksize(&at, WATCH_STACK);
	rc = pthread_create(&t, &at, watch_main, NULL);
	pthread_attr_destroy(&at);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the watchdog: %s",
		    strerror(rc));
		return -1;
	}
	return 0;
}
