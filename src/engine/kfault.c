/*
 * kfault.c - the exception-table fault handler behind the copy kernels.
 *
 * See kernels/fault.h for the mechanism. The handler only ever redirects a fault
 * raised by an instruction listed in a registered exception table (one per
 * kernel object: the built-in kernels' and each loaded object's); for
 * anything else it puts the previous disposition back and lets the
 * instruction fault again, so the program dies (or a sanitizer reports)
 * exactly as it would without us.
 */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* REG_RIP, REG_PC */
#endif
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

#include "kfault.h"

/*
 * The registered tables. The handler reads them while a kernel runs;
 * they change only between kernel calls (kfault_register's contract), and
 * a slot is filled before the count that makes it visible is raised.
 */
static struct {
	const struct kfault_entry *start, *end;
} kfault_tables[KFAULT_MAX_TABLES];
static volatile sig_atomic_t kfault_ntables;

#ifdef KFAULT_ASM

static struct sigaction kfault_old_segv, kfault_old_bus;
static volatile sig_atomic_t kfault_installed;

static uintptr_t
kfault_insn(const struct kfault_entry *e)
{
	return (uintptr_t)&e->insn + (intptr_t)e->insn;
}

static uintptr_t
kfault_fixup(const struct kfault_entry *e)
{
	return (uintptr_t)&e->fixup + (intptr_t)e->fixup;
}

/* Linear search: the tables are small and only faults pay for it. */
static const struct kfault_entry *
kfault_lookup(uintptr_t ip)
{
	const struct kfault_entry *e;
	int t;

	for (t = 0; t < kfault_ntables; t++)
		for (e = kfault_tables[t].start; e < kfault_tables[t].end; e++)
			if (kfault_insn(e) == ip)
				return e;
	return NULL;
}

static void
kfault_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	const struct kfault_entry *e;
	int saved_errno = errno;

	/* si_code > 0: raised by the hardware, not sent by kill() or raise(). */
	if (si->si_code > 0) {
#if defined(__x86_64__)
		e = kfault_lookup((uintptr_t)uc->uc_mcontext.gregs[REG_RIP]);
		if (e != NULL) {
			uc->uc_mcontext.gregs[REG_RIP] = (greg_t)kfault_fixup(e);
			return;
		}
#elif defined(__aarch64__)
		e = kfault_lookup((uintptr_t)uc->uc_mcontext.pc);
		if (e != NULL) {
			uc->uc_mcontext.pc = (uint64_t)kfault_fixup(e);
			return;
		}
#elif defined(__riscv)
		/* The saved pc is general register slot REG_PC (0). */
		e = kfault_lookup((uintptr_t)uc->uc_mcontext.__gregs[REG_PC]);
		if (e != NULL) {
			uc->uc_mcontext.__gregs[REG_PC] =
			    (unsigned long)kfault_fixup(e);
			return;
		}
#endif
	}

	/*
	 * Not ours. Restore what was there before kfault_init() and let the
	 * fault happen again: returning re-executes the faulting instruction;
	 * a sent signal is sent again (it stays blocked until we return).
	 */
	sigaction(sig, sig == SIGBUS ? &kfault_old_bus : &kfault_old_segv,
	    NULL);
	kfault_installed = 0;
	if (si->si_code <= 0)
		raise(sig);
	errno = saved_errno;
}

int
kfault_init(void)
{
	struct sigaction sa;

	if (kfault_installed)
		return 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = kfault_handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &kfault_old_segv) == -1)
		return -1;
	if (sigaction(SIGBUS, &sa, &kfault_old_bus) == -1) {
		sigaction(SIGSEGV, &kfault_old_segv, NULL);
		return -1;
	}
	kfault_installed = 1;
	return 0;
}

#endif /* KFAULT_ASM */

int
kfault_register(const struct kfault_entry *start,
    const struct kfault_entry *end)
{
	int n = kfault_ntables;

	if (start == NULL || end == NULL || end <= start)
		return 0;
	if (n == KFAULT_MAX_TABLES)
		return -1;
	kfault_tables[n].start = start;
	kfault_tables[n].end = end;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	kfault_ntables = n + 1;
	return 0;
}

void
kfault_unregister(const struct kfault_entry *start)
{
	int n = kfault_ntables, t;

	for (t = 0; t < n; t++)
		if (kfault_tables[t].start == start)
			break;
	if (t == n)
		return;
	kfault_tables[t] = kfault_tables[n - 1];
	kfault_ntables = n - 1;
}

size_t
kfault_table_size(void)
{
	size_t size = 0;
	int t;

	for (t = 0; t < kfault_ntables; t++)
		size += (size_t)(kfault_tables[t].end - kfault_tables[t].start);
	return size;
}

#ifndef KFAULT_ASM

int
kfault_init(void)
{
	return -1;
}

#endif
