/*
 * cleanup.c - temporary files, temporary directories and a child process
 * that must not outlive an early end (see cleanup.h).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cleanup.h"
#include "util.h"

struct cleanup {
	char		*path;
	int		 dir;
	volatile sig_atomic_t done;	/* undone by cleanup_run already */
	struct cleanup	*volatile next;
};

/* Newest first; walked by cleanup_run at any instant. */
static struct cleanup *volatile head;
static volatile pid_t child;
/* The process that registered them: a forked child undoes nothing. */
static pid_t owner;

/*
 * cleanup_run is an atexit handler from the first thing to undo on, so
 * every exit (fatal and usage_error too) undoes what is registered.
 */
static void
at_exit(void)
{
	static int registered;

	if (!registered && atexit(cleanup_run) == 0) {
		registered = 1;
		owner = getpid();
	}
}

static struct cleanup *
add(const char *path, int dir)
{
	struct cleanup *c;

	at_exit();
	c = xcalloc(1, sizeof(*c));
	c->path = xstrdup(path);
	c->dir = dir;
	c->next = head;
	/* Complete before it is reachable from head. */
	atomic_signal_fence(memory_order_seq_cst);
	head = c;
	return c;
}

struct cleanup *
cleanup_file(const char *path)
{
	return add(path, 0);
}

/* Hold off (block 1) or let through (0) the signals that end the process
 * early, keeping the mask as it was in *old. */
static void
hold(int block, sigset_t *old)
{
	sigset_t set;

	if (!block) {
		sigprocmask(SIG_SETMASK, old, NULL);
		return;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

struct cleanup *
cleanup_mkstemp(char *tmpl, int suffixlen, int *fd)
{
	struct cleanup *c = NULL;
	sigset_t old;
	int e;

	hold(1, &old);
	if ((*fd = mkstemps(tmpl, suffixlen)) >= 0)
		c = add(tmpl, 0);
	e = errno;
	hold(0, &old);
	errno = e;
	return c;
}

struct cleanup *
cleanup_mkdtemp(char *tmpl)
{
	struct cleanup *c = NULL;
	sigset_t old;
	int e;

	hold(1, &old);
	if (mkdtemp(tmpl) != NULL)
		c = add(tmpl, 1);
	e = errno;
	hold(0, &old);
	errno = e;
	return c;
}

void
cleanup_release(struct cleanup *c)
{
	struct cleanup *volatile *pp;

	if (c == NULL)
		return;
	for (pp = &head; *pp != NULL; pp = &(*pp)->next)
		if (*pp == c) {
			*pp = c->next;
			atomic_signal_fence(memory_order_seq_cst);
			free(c->path);
			free(c);
			return;
		}
}

void
cleanup_child(pid_t pid)
{
	if (pid > 0)
		at_exit();
	child = pid;
}

void
cleanup_run(void)
{
	struct cleanup *c;
	pid_t pid = child;
	int e = errno, pass;

	if (getpid() != owner && owner != 0)
		return;
	if (pid > 0) {
		child = 0;
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	/* Files first, so that the directories they were in are empty. */
	for (pass = 0; pass < 2; pass++)
		for (c = head; c != NULL; c = c->next) {
			if (c->done || c->dir != pass)
				continue;
			c->done = 1;
			if (c->dir)
				rmdir(c->path);
			else
				unlink(c->path);
		}
	errno = e;
}
