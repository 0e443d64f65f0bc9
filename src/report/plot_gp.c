/*
 * plot_gp.c - the gnuplot side of plot and report: find gnuplot and the
 * scripts, and the one pipeline every figure goes through
 * (plot_gp_draw): its rows written to a CSV, gnuplot run on it under a
 * timeout into a temporary file beside the figure, the file checked whole
 * and renamed into place.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "names.h"
#include "outfile.h"
#include "plot_gp.h"
#include "util.h"

static char *gnuplot_bin;	/* the gnuplot to run */
static char *script_dir;	/* where throughput.gp and friends are */
/*
 * The private temporary directory of the data files of figures not kept
 * and of gnuplot's log. Registered for removal (cleanup.h), as is every
 * file in it, so that no exit and no signal leaves it behind.
 */
static char *tmp_dir;

static int
plot_gp_is_exec(const char *path)
{
	struct stat st;

	return path != NULL && *path != '\0' && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int
plot_gp_has_scripts(const char *dir)
{
	char *p = xasprintf("%s/throughput.gp", dir);
	int ok = access(p, R_OK) == 0;

	free(p);
	return ok;
}

static char *
plot_gp_find_in_path(const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *p, *found = NULL;

	if (path == NULL)
		return NULL;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir != NULL && found == NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		p = xasprintf("%s/%s", *dir ? dir : ".", name);
		if (plot_gp_is_exec(p))
			found = p;
		else
			free(p);
	}
	free(copy);
	return found;
}

int
plot_gp_setup(char *err, size_t errlen)
{
	const char *env;

	if (gnuplot_bin != NULL && script_dir != NULL)
		return 0;
	/* gnuplot: $CSUMBENCH_GNUPLOT alone when set; else the one found at
	 * configure time; else the first on PATH. */
	if ((env = getenv("CSUMBENCH_GNUPLOT")) != NULL) {
		if (plot_gp_is_exec(env))
			gnuplot_bin = xstrdup(env);
		else if (*env != '\0' && strchr(env, '/') == NULL)
			gnuplot_bin = plot_gp_find_in_path(env);
	} else if (plot_gp_is_exec(GNUPLOT_PATH))
		gnuplot_bin = xstrdup(GNUPLOT_PATH);
	else
		gnuplot_bin = plot_gp_find_in_path("gnuplot");
	if (gnuplot_bin == NULL)
		return err_line(err, errlen, "gnuplot not found: install "
		    "it (Debian/Ubuntu: apt-get install gnuplot-nox; Fedora: dnf "
		    "install gnuplot-minimal) or set CSUMBENCH_GNUPLOT to its "
		    "path");

	/* Scripts: $CSUMBENCH_DATADIR (the source tree's scripts/ for the
	 * tests and the build tree), else the installed package data. */
	if ((env = getenv("CSUMBENCH_DATADIR")) != NULL && *env != '\0') {
		if (!plot_gp_has_scripts(env))
			return err_line(err, errlen, "CSUMBENCH_DATADIR=%s: "
			    "no throughput.gp there", env);
		script_dir = xstrdup(env);
	} else if (plot_gp_has_scripts(CSB_PKGDATADIR))
		script_dir = xstrdup(CSB_PKGDATADIR);
	else
		return err_line(err, errlen, "cannot find the gnuplot "
		    "scripts (throughput.gp) in %s: install csumbench, or set "
		    "CSUMBENCH_DATADIR to their directory", CSB_PKGDATADIR);
	return 0;
}

/* The private temporary directory (see tmp_dir), made once. */
int
plot_gp_tmp_dir(char *err, size_t errlen)
{
	const char *t = getenv("TMPDIR");
	char *d;

	if (tmp_dir != NULL)
		return 0;
	d = xasprintf("%s/csumbench-plot.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if (cleanup_mkdtemp(d) != NULL) {
		tmp_dir = d;
		return 0;
	}
	err_line(err, errlen, "cannot create a temporary directory %s: %s",
	    d, strerror(errno));
	free(d);
	return -1;
}

/* Where a figure's data goes: beside it when kept, else the temporary
 * directory. */
static char *
plot_gp_data_path(const struct plot_opts *o, const char *stem)
{
	return xasprintf("%s/%s.csv", o->keep_data ? o->dir : tmp_dir, stem);
}

/* The last non-empty line of a file (gnuplot's error is at its end). */
static char *
plot_gp_last_line(const char *path)
{
	FILE *fp = fopen(path, "r");
	char buf[512], *last = NULL;

	if (fp == NULL)
		return xstrdup("no message");
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		buf[strcspn(buf, "\r\n")] = '\0';
		if (buf[strspn(buf, " \t^")] != '\0') {
			free(last);
			last = xstrdup(buf + strspn(buf, " \t"));
		}
	}
	fclose(fp);
	return last != NULL ? last : xstrdup("no message");
}

/*
 * A temporary file in the output directory for gnuplot to write (mode
 * 0666 & ~umask), registered for removal; NULL with err.
 */
static struct cleanup *
plot_gp_tmp_fig(const struct plot_opts *o, const char *final, const char *ext,
    char **tmp, char *err, size_t errlen)
{
	struct cleanup *c;
	mode_t um;
	int fd;

	*tmp = xasprintf("%s/.csumbench.XXXXXX%s", o->dir, ext);
	if ((c = cleanup_mkstemp(*tmp, (int)strlen(ext), &fd)) == NULL) {
		err_line(err, errlen, "cannot write %s: %s", final,
		    strerror(errno));
		free(*tmp);
		*tmp = NULL;
		return NULL;
	}
	um = umask(0);
	umask(um);
	(void)fchmod(fd, 0666 & ~um);
	close(fd);
	return c;
}

/*
 * How long gnuplot may take for one figure: $CSUMBENCH_GNUPLOT_TIMEOUT
 * seconds, else PLOT_GP_TIMEOUT (a figure takes well under a second).
 */
#define PLOT_GP_TIMEOUT	120

static double
plot_gp_timeout(void)
{
	const char *e = getenv("CSUMBENCH_GNUPLOT_TIMEOUT");
	char *end;
	double t;

	if (e == NULL || *e == '\0')
		return PLOT_GP_TIMEOUT;
	t = strtod(e, &end);
	return *end == '\0' && t > 0 && t < 1e6 ? t : PLOT_GP_TIMEOUT;
}

/*
 * Wait for gnuplot (SIGCHLD blocked by the caller, so sigtimedwait wakes
 * when it ends); past the timeout it is killed. Its exit status, or -1
 * with err.
 */
static int
plot_gp_wait(pid_t pid, char *err, size_t errlen)
{
	struct timespec tick = { 0, 200000000L };
	double left = plot_gp_timeout();
	sigset_t chld;
	pid_t r;
	int status;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	while ((r = waitpid(pid, &status, WNOHANG)) == 0 ||
	    (r < 0 && errno == EINTR)) {
		if (left <= 0) {
			kill(pid, SIGKILL);
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
			return err_line(err, errlen, "gnuplot did not "
			    "finish within %g s: stopped (CSUMBENCH_GNUPLOT_TIMEOUT)",
			    plot_gp_timeout());
		}
		(void)sigtimedwait(&chld, NULL, &tick);
		left -= 0.2;
	}
	if (r < 0)
		return err_line(err, errlen, "waiting for gnuplot: %s",
		    strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/*
 * gnuplot -c SCRIPT DATA OUT ARGS... with its output into log; its exit
 * status. While it runs it is the child a signal kills (cleanup.h).
 */
static int
plot_gp_spawn(char *const *argv, const char *log, char *err, size_t errlen)
{
	sigset_t chld, old;
	pid_t pid;
	int status;

	fflush(stdout);
	fflush(stderr);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	if ((pid = fork()) < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return err_line(err, errlen, "cannot run %s: %s",
		    gnuplot_bin, strerror(errno));
	}
	if (pid == 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		int lfd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int nfd = open("/dev/null", O_RDWR);

		if (nfd >= 0)
			dup2(nfd, STDIN_FILENO);
		if (lfd >= 0) {
			dup2(lfd, STDOUT_FILENO);
			dup2(lfd, STDERR_FILENO);
		}
		execv(gnuplot_bin, argv);
		fprintf(stderr, "cannot run %s: %s\n", gnuplot_bin,
		    strerror(errno));
		_exit(127);
	}
	cleanup_child(pid);
	status = plot_gp_wait(pid, err, errlen);
	cleanup_child(0);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return status;
}

/*
 * Whether the figure gnuplot wrote at path is whole: gnuplot exits 0 after
 * a failed write (a full disk leaves a PNG cut short). A PNG begins with
 * its signature and ends with its IEND chunk; an SVG ends with "</svg>"
 * and white space. NULL when whole, else what is wrong.
 */
static const char *
plot_gp_fig_whole(const char *path, const char *ext)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
	    0x1a, '\n' };
	static const unsigned char iend[12] = { 0, 0, 0, 0, 'I', 'E', 'N', 'D',
	    0xae, 0x42, 0x60, 0x82 };
	unsigned char head[8], tail[64];
	const char *why = NULL;
	size_t n;
	FILE *fp;
	long sz;

	if ((fp = fopen(path, "rb")) == NULL)
		return "cannot be read";
	if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0)
		why = "empty";
	else if (strcmp(ext, ".svg") == 0) {
		n = sz < (long)sizeof(tail) ? (size_t)sz : sizeof(tail);
		if (fseek(fp, -(long)n, SEEK_END) != 0 ||
		    fread(tail, 1, n, fp) != n)
			why = "cannot be read";
		else {
			while (n > 0 && strchr(" \t\r\n", tail[n - 1]) != NULL)
				n--;
			if (n < 6 || memcmp(tail + n - 6, "</svg>", 6) != 0)
				why = "cut short (no closing </svg>)";
		}
	} else if (sz < 20 || fseek(fp, 0, SEEK_SET) != 0 ||
	    fread(head, 1, 8, fp) != 8 || memcmp(head, sig, 8) != 0)
		why = "not a PNG";
	else if (fseek(fp, -12, SEEK_END) != 0 || fread(tail, 1, 12, fp) != 12 ||
	    memcmp(tail, iend, 12) != 0)
		why = "cut short (no IEND chunk)";
	fclose(fp);
	return why;
}

/*
 * A path as gnuplot must see it. gnuplot opens a file name that begins
 * with '<' (data, load) or '|' (output) as a pipe to a shell command, so
 * every path (script, data, output; from -o, TMPDIR, CSUMBENCH_DATADIR or
 * the command line) reaches it absolute or "./"-prefixed, never as given.
 */
static char *
plot_gp_path(const char *path)
{
	return path[0] == '/' ? xstrdup(path) : xasprintf("./%s", path);
}

/*
 * Run gnuplot -c DIR/script DATA TMPOUT args..., then rename TMPOUT to
 * o->dir/name. 0, or -1 with a one-line message.
 */
int
plot_gp_run(const struct plot_opts *o, const char *script, const char *data,
    const char *name, const char *const *args, char *err, size_t errlen)
{
	char *spath = xasprintf("%s/%s", script_dir, script);
	char *final = xasprintf("%s/%s", o->dir, name);
	char *log = xasprintf("%s/gnuplot.log", tmp_dir), *argv[16], *msg;
	char *tmp = NULL, *gscript = plot_gp_path(spath);
	const char *why;
	char *gdata = plot_gp_path(data), *gtmp = NULL;
	struct cleanup *ctmp, *clog = cleanup_file(log);
	struct stat st;
	int argc = 0, i, rc = -1, status;

	ctmp = plot_gp_tmp_fig(o, final, strrchr(name, '.'), &tmp, err, errlen);
	if (ctmp == NULL)
		goto out;
	gtmp = plot_gp_path(tmp);
	argv[argc++] = gnuplot_bin;
	argv[argc++] = "-c";
	argv[argc++] = gscript;
	argv[argc++] = gdata;
	argv[argc++] = gtmp;
	for (i = 0; args != NULL && args[i] != NULL && argc < 15; i++)
		argv[argc++] = (char *)args[i];
	argv[argc] = NULL;
	status = plot_gp_spawn(argv, log, err, errlen);
	if (status < 0)
		goto out;
	if (status != 0 || stat(tmp, &st) != 0 || st.st_size == 0) {
		msg = plot_gp_last_line(log);
		err_line(err, errlen, "gnuplot failed to make %s (%s): %s",
		    final, spath, msg);
		free(msg);
	} else if ((why = plot_gp_fig_whole(tmp, strrchr(name, '.'))) != NULL)
		err_line(err, errlen, "gnuplot did not write %s whole: %s "
		    "(is the disk full?)", final, why);
	else if (rename(tmp, final) != 0)
		err_line(err, errlen, "cannot write %s: %s", final,
		    strerror(errno));
	else
		rc = 0;
out:
	if (tmp != NULL && rc != 0)
		unlink(tmp);
	cleanup_release(ctmp);
	free(tmp);
	free(gtmp);
	free(gdata);
	free(gscript);
	unlink(log);
	cleanup_release(clog);
	free(log);
	free(spath);
	free(final);
	return rc;
}

static void
plot_gp_fig_add(struct figlist *figs, const struct plot_opts *o,
    const struct figspec *fs, const char *name)
{
	struct figure *f;

	figs->v = xreallocarray(figs->v, figs->n + 1, sizeof(*figs->v));
	f = &figs->v[figs->n++];
	f->kind = xstrdup(fs->kind);
	f->family = xstrdup(fs->r->family);
	f->kernel = xstrdup(fs->kernel != NULL ? fs->kernel : "");
	f->cache = xstrdup(cache_name(fs->r->pos.cache));
	f->mode = xstrdup(mode_name(fs->r->pos.mode));
	f->size = fs->size;
	f->name = xstrdup(name);
	f->path = xasprintf("%s/%s", o->dir, name);
}

/*
 * The figure pipeline: the data of fs written to STEM.csv (beside the
 * figure with --keep-data, else in a temporary directory), gnuplot's
 * script run on it into STEM.FORMAT, the figure listed in figs.
 */
int
plot_gp_draw(const struct plot_opts *o, const struct figspec *fs,
    const char *stem, struct figlist *figs, char *err, size_t errlen)
{
	char *name = xasprintf("%s.%s", stem, o->format), *data = NULL;
	struct cleanup *cdata = NULL;
	struct outfile of;
	int rc = -1;

	if (plot_gp_tmp_dir(err, errlen) != 0)
		goto out;
	data = plot_gp_data_path(o, stem);
	/* In the temporary directory: registered before it exists. */
	if (!o->keep_data)
		cdata = cleanup_file(data);
	if (outfile_open(&of, data, err, errlen) != 0)
		goto out;
	fs->write(of.fp, fs->arg);
	if (outfile_commit(&of, err, errlen) != 0)
		goto out;
	rc = plot_gp_run(o, fs->script, data, name, fs->args, err, errlen);
	if (rc == 0)
		plot_gp_fig_add(figs, o, fs, name);
out:
	if (cdata != NULL) {
		unlink(data);
		cleanup_release(cdata);
	}
	free(data);
	free(name);
	return rc;
}
