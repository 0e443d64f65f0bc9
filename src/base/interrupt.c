/*
 * interrupt.c - SIGINT, SIGTERM and SIGHUP (see interrupt.h).
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "interrupt.h"

static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
static volatile sig_atomic_t deferring, caught;
/* The process that installed the handlers; a forked child (gnuplot
 * before its exec, verify's) just dies of a signal, undoing nothing. */
static pid_t owner;

const char *
intr_name(int sig)
{
	switch (sig) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	}
	return "a signal";
}

/* Undo, say so in one line, and die of sig. Async-signal-safe. */
static void __attribute__((noreturn))
die(int sig)
{
	struct sigaction sa;
	sigset_t set;
	const char *name = intr_name(sig);

	if (getpid() == owner) {
		cleanup_run();
		(void)!write(STDERR_FILENO, "csumbench: stopped by ", 22);
		(void)!write(STDERR_FILENO, name, strlen(name));
		(void)!write(STDERR_FILENO, "\n", 1);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

static void
on_signal(int sig)
{
	if (getpid() != owner)
		die(sig);
	if (deferring && !caught) {
		caught = sig;
		return;
	}
	caught = sig;
	die(sig);
}

void
intr_init(void)
{
	struct sigaction sa, old;
	size_t i;

	owner = getpid();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

void
intr_defer(int on)
{
	deferring = on;
}

int
intr_caught(void)
{
	return caught;
}

const volatile sig_atomic_t *
intr_flag(void)
{
	return &caught;
}

void
intr_exit(void)
{
	int sig = caught ? caught : SIGTERM;

	die(sig);
}
