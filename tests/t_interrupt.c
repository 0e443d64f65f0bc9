/*
 * t_interrupt.c - signals leave nothing behind: the cleanup list and the
 * deferred first signal. Each case runs in a child, which must die of
 * the signal (a shell then reports 128 + its number).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../src/base/cleanup.h"
#include "../src/base/interrupt.h"
#include "../src/base/outfile.h"
#include "../src/base/util.h"
#include "tap.h"

static char dir[64];

static int
exists(const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	struct stat st;
	int r = lstat(p, &st) == 0;

	free(p);
	return r;
}

/* Run f in a child with stderr silenced; its wait status. */
static int
in_child(void (*f)(void))
{
	pid_t pid;
	int st;

	fflush(stdout);
	if ((pid = fork()) == 0) {
		freopen("/dev/null", "w", stderr);
		f();
		_exit(0);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return st;
}

/* An output file in flight, then SIGTERM: the temporary file is removed. */
static void
term_with_outfile(void)
{
	struct outfile o;
	char err[256], *p = xasprintf("%s/r.csv", dir);

	intr_init();
	if (outfile_open(&o, p, err, sizeof(err)) != 0)
		_exit(3);
	fputs("partial\n", o.fp);
	fflush(o.fp);
	raise(SIGTERM);
	_exit(4);		/* not reached */
}

/* A temporary directory with a file in it, a child process, SIGINT. */
static pid_t sleeper;

static void
int_with_dir(void)
{
	char *d = xasprintf("%s/tmpdir.XXXXXX", dir), *f;
	int fd;

	intr_init();
	if (cleanup_mkdtemp(d) == NULL)
		_exit(3);
	f = xasprintf("%s/data.XXXXXX", d);
	if (cleanup_mkstemp(f, 0, &fd) == NULL)
		_exit(3);
	close(fd);
	if ((sleeper = fork()) == 0) {
		execlp("sleep", "sleep", "30", (char *)NULL);
		_exit(127);
	}
	cleanup_child(sleeper);
	{
		char *pf = xasprintf("%s/sleeper.pid", dir);
		FILE *fp = fopen(pf, "w");

		fprintf(fp, "%ld\n", (long)sleeper);
		fclose(fp);
		free(pf);
	}
	raise(SIGINT);
	_exit(4);
}

/* Deferred: the first signal only sets the flag, the second ends it all. */
static void
deferred_twice(void)
{
	struct outfile o;
	char err[256], *p = xasprintf("%s/d.csv", dir);

	intr_init();
	if (outfile_open(&o, p, err, sizeof(err)) != 0)
		_exit(3);
	intr_defer(1);
	raise(SIGINT);
	if (intr_caught() != SIGINT || *intr_flag() != SIGINT)
		_exit(5);		/* the first must not end it */
	raise(SIGINT);
	_exit(4);
}

/* Deferred once, then intr_exit: dies of the first signal. */
static void
deferred_once(void)
{
	intr_init();
	intr_defer(1);
	raise(SIGHUP);
	intr_defer(0);
	if (intr_caught() != SIGHUP)
		_exit(5);
	intr_exit();
}

/* A signal ignored at start stays ignored (nohup). */
static void
ignored_stays(void)
{
	signal(SIGHUP, SIG_IGN);
	intr_init();
	raise(SIGHUP);
	_exit(0);
}

/* A forked child of the process undoes nothing of its parent's. */
static void
child_leaves_parent_alone(void)
{
	char *p = xasprintf("%s/keep.XXXXXX", dir), *k;
	int fd;
	pid_t pid;

	intr_init();
	if (cleanup_mkstemp(p, 0, &fd) == NULL)
		_exit(3);
	close(fd);
	if ((pid = fork()) == 0) {
		raise(SIGTERM);
		_exit(4);
	}
	waitpid(pid, NULL, 0);
	k = xasprintf("%s/keep.name", dir);
	if (rename(p, k) != 0)	/* still there: keep it for the parent */
		_exit(6);
	_exit(0);
}

int
main(void)
{
	int st;
	long pid;
	FILE *fp;
	char *pf;

	/*
	 * A test started in the background by a non-interactive shell
	 * inherits SIGINT ignored, which the product rightly keeps ignored:
	 * start from the default dispositions the tests are about.
	 */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	snprintf(dir, sizeof(dir), "%s", "/tmp/t_interrupt.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 99;

	st = in_child(term_with_outfile);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM,
	    "SIGTERM with an output file in flight: the process dies of it");
	tap_ok(!exists("r.csv"), "... r.csv was never written");

	st = in_child(int_with_dir);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT,
	    "SIGINT with a temporary directory and a child: dies of it");
	pf = xasprintf("%s/sleeper.pid", dir);
	pid = 0;
	if ((fp = fopen(pf, "r")) != NULL) {
		if (fscanf(fp, "%ld", &pid) != 1)
			pid = 0;
		fclose(fp);
	}
	unlink(pf);
	free(pf);
	tap_ok(pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH,
	    "... its child was killed (and reaped)");

	st = in_child(deferred_twice);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT,
	    "deferred: the first SIGINT sets the flag, the second ends it "
	    "(status %#x)", st);
	tap_ok(!exists("d.csv"), "... d.csv was never written");

	st = in_child(deferred_once);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGHUP,
	    "deferred SIGHUP, then intr_exit: dies of SIGHUP (status %#x)", st);

	st = in_child(ignored_stays);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	    "a signal ignored at start stays ignored (status %#x)", st);

	st = in_child(child_leaves_parent_alone);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0 && exists("keep.name"),
	    "a forked child dying of SIGTERM removes none of its parent's "
	    "files (status %#x)", st);
	pf = xasprintf("%s/keep.name", dir);
	unlink(pf);
	free(pf);

	/* Everything above left nothing (the files checked are gone). */
	st = rmdir(dir) == 0 ? 0 : errno;
	tap_ok(st == 0, "nothing left in the test directory (%s)",
	    st == 0 ? "empty" : strerror(st));
	return tap_done();
}
