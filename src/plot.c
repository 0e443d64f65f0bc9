/*
 * plot.c - figures from results with gnuplot, for plot and report.
 *
 * Every figure goes through one pipeline (draw): its rows are written to a
 * CSV, gnuplot draws it into a temporary file beside the figure, which is
 * renamed into place when gnuplot succeeds. Rows are grouped by sorting
 * once on the grid key (rkey.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "names.h"
#include "cleanup.h"
#include "csv.h"
#include "outfile.h"
#include "plot.h"
#include "rformat.h"
#include "rkey.h"
#include "stats.h"
#include "util.h"

static char *gnuplot_bin;	/* the gnuplot to run */
static char *script_dir;	/* where throughput.gp and friends are */
/*
 * The private temporary directory of the data files of figures not kept
 * and of gnuplot's log. Registered for removal (cleanup.h), as is every
 * file in it, so that no exit and no signal leaves it behind.
 */
static char *tmp_dir;

/* One figure: what it is, its data, the script that draws it. */
struct figspec {
	const char	*kind;		/* as struct figure's */
	const char	*script;	/* in the scripts directory */
	void		(*write)(FILE *, const void *);	/* its data, as CSV */
	const void	*arg;
	const char	*args[5];	/* the script's after DATA OUT; NULL-ended */
	const struct rpoint *r;		/* its family, cache state and mode */
	const char	*kernel;	/* a heatmap's kernel, or NULL */
	double		 size;		/* and size */
};

static int
plot_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
plot_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int
is_exec(const char *path)
{
	struct stat st;

	return path != NULL && *path != '\0' && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int
has_scripts(const char *dir)
{
	char *p = xasprintf("%s/throughput.gp", dir);
	int ok = access(p, R_OK) == 0;

	free(p);
	return ok;
}

static char *
find_in_path(const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *p, *found = NULL;

	if (path == NULL)
		return NULL;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir != NULL && found == NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		p = xasprintf("%s/%s", *dir ? dir : ".", name);
		if (is_exec(p))
			found = p;
		else
			free(p);
	}
	free(copy);
	return found;
}

int
plot_setup(char *err, size_t errlen)
{
	const char *env;

	if (gnuplot_bin != NULL && script_dir != NULL)
		return 0;
	/* gnuplot: $CSUMBENCH_GNUPLOT alone when set; else the one found at
	 * configure time; else the first on PATH. */
	if ((env = getenv("CSUMBENCH_GNUPLOT")) != NULL) {
		if (is_exec(env))
			gnuplot_bin = xstrdup(env);
		else if (*env != '\0' && strchr(env, '/') == NULL)
			gnuplot_bin = find_in_path(env);
	} else if (is_exec(GNUPLOT_PATH))
		gnuplot_bin = xstrdup(GNUPLOT_PATH);
	else
		gnuplot_bin = find_in_path("gnuplot");
	if (gnuplot_bin == NULL)
		return plot_fail(err, errlen, "gnuplot not found: install it "
		    "(Debian/Ubuntu: apt-get install gnuplot-nox; Fedora: dnf "
		    "install gnuplot-minimal) or set CSUMBENCH_GNUPLOT to its "
		    "path");

	/* Scripts: $CSUMBENCH_DATADIR (the source tree's scripts/ for the
	 * tests and the build tree), else the installed package data. */
	if ((env = getenv("CSUMBENCH_DATADIR")) != NULL && *env != '\0') {
		if (!has_scripts(env))
			return plot_fail(err, errlen, "CSUMBENCH_DATADIR=%s: no "
			    "throughput.gp there", env);
		script_dir = xstrdup(env);
	} else if (has_scripts(CSB_PKGDATADIR))
		script_dir = xstrdup(CSB_PKGDATADIR);
	else
		return plot_fail(err, errlen, "cannot find the gnuplot scripts "
		    "(throughput.gp) in %s: install csumbench, or set "
		    "CSUMBENCH_DATADIR to their directory", CSB_PKGDATADIR);
	return 0;
}

int
plot_row_selected(const struct plot_opts *o, const struct rpoint *r)
{
	return match_patterns(o->families, r->family) &&
	    match_patterns(o->patterns, r->kernel);
}

int
plot_mkdir(const char *dir, char *err, size_t errlen)
{
	char *p = xstrdup(dir), *s;
	struct stat st;
	int rc = 0;

	for (s = p + 1; rc == 0; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST)
				rc = plot_fail(err, errlen, "cannot create "
				    "directory %s: %s", p, strerror(errno));
			*s = c;
			if (c == '\0')
				break;
		}
	}
	free(p);
	if (rc == 0 && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)))
		rc = plot_fail(err, errlen, "%s is not a directory", dir);
	return rc;
}

/*
 * Text from a results file for a gnuplot argument (a title's CPU brand or
 * note): at most len - 1 bytes, cut at a character boundary, control
 * characters as spaces. The scripts print it as it is (no enhanced text,
 * no shell), and an argument of a megabyte would not even start gnuplot.
 */
static char *
plot_text(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s), i;

	if (n >= len) {
		n = len - 4;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;		/* not inside a UTF-8 sequence */
		snprintf(buf, len, "%.*s...", (int)n, s);
	} else
		snprintf(buf, len, "%s", s);
	for (i = 0; buf[i] != '\0'; i++)
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			buf[i] = ' ';
	return buf;
}

/* A file name from parts: letters, digits, '.', '-' and '_' only. */
static char *
safe_name(const char *s)
{
	char *p = xstrdup(s), *c;

	for (c = p; *c != '\0'; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' ||
		    *c == '_'))
			*c = '_';
	return p;
}

/* "-hot" or "-cold", and "-latency" unless the mode is throughput. */
static char *
group_suffix(const char *cache, const char *mode)
{
	char *c = safe_name(cache), *m = safe_name(mode), *s;

	if (*mode == '\0' || strcmp(mode, "throughput") == 0)
		s = xasprintf("%s%s", *c ? "-" : "", c);
	else
		s = xasprintf("%s%s-%s", *c ? "-" : "", c, m);
	free(c);
	free(m);
	return s;
}

/* The private temporary directory (see tmp_dir), made once. */
static int
make_tmp_dir(char *err, size_t errlen)
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
	plot_fail(err, errlen, "cannot create a temporary directory %s: %s",
	    d, strerror(errno));
	free(d);
	return -1;
}

/* Where a figure's data goes: beside it when kept, else the temporary
 * directory. */
static char *
data_path(const struct plot_opts *o, const char *stem)
{
	return xasprintf("%s/%s.csv", o->keep_data ? o->dir : tmp_dir, stem);
}

/* The last non-empty line of a file (gnuplot's error is at its end). */
static char *
last_line(const char *path)
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
make_tmp_fig(const struct plot_opts *o, const char *final, const char *ext,
    char **tmp, char *err, size_t errlen)
{
	struct cleanup *c;
	mode_t um;
	int fd;

	*tmp = xasprintf("%s/.csumbench.XXXXXX%s", o->dir, ext);
	if ((c = cleanup_mkstemp(*tmp, (int)strlen(ext), &fd)) == NULL) {
		plot_fail(err, errlen, "cannot write %s: %s", final,
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
 * seconds, else PLOT_TIMEOUT (a figure takes well under a second).
 */
#define PLOT_TIMEOUT	120

static double
plot_timeout(void)
{
	const char *e = getenv("CSUMBENCH_GNUPLOT_TIMEOUT");
	char *end;
	double t;

	if (e == NULL || *e == '\0')
		return PLOT_TIMEOUT;
	t = strtod(e, &end);
	return *end == '\0' && t > 0 && t < 1e6 ? t : PLOT_TIMEOUT;
}

/*
 * Wait for gnuplot (SIGCHLD blocked by the caller, so sigtimedwait wakes
 * when it ends); past the timeout it is killed. Its exit status, or -1
 * with err.
 */
static int
plot_wait(pid_t pid, char *err, size_t errlen)
{
	struct timespec tick = { 0, 200000000L };
	double left = plot_timeout();
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
			return plot_fail(err, errlen, "gnuplot did not finish "
			    "within %g s: stopped (CSUMBENCH_GNUPLOT_TIMEOUT)",
			    plot_timeout());
		}
		(void)sigtimedwait(&chld, NULL, &tick);
		left -= 0.2;
	}
	if (r < 0)
		return plot_fail(err, errlen, "waiting for gnuplot: %s",
		    strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/*
 * gnuplot -c SCRIPT DATA OUT ARGS... with its output into log; its exit
 * status. While it runs it is the child a signal kills (cleanup.h).
 */
static int
spawn_gnuplot(char *const *argv, const char *log, char *err, size_t errlen)
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
		return plot_fail(err, errlen, "cannot run %s: %s", gnuplot_bin,
		    strerror(errno));
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
	status = plot_wait(pid, err, errlen);
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
plot_fig_whole(const char *path, const char *ext)
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
static int
run_gnuplot(const struct plot_opts *o, const char *script, const char *data,
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

	ctmp = make_tmp_fig(o, final, strrchr(name, '.'), &tmp, err, errlen);
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
	status = spawn_gnuplot(argv, log, err, errlen);
	if (status < 0)
		goto out;
	if (status != 0 || stat(tmp, &st) != 0 || st.st_size == 0) {
		msg = last_line(log);
		plot_fail(err, errlen, "gnuplot failed to make %s (%s): %s",
		    final, spath, msg);
		free(msg);
	} else if ((why = plot_fig_whole(tmp, strrchr(name, '.'))) != NULL)
		plot_fail(err, errlen, "gnuplot did not write %s whole: %s "
		    "(is the disk full?)", final, why);
	else if (rename(tmp, final) != 0)
		plot_fail(err, errlen, "cannot write %s: %s", final,
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
fig_add(struct figlist *figs, const struct plot_opts *o,
    const struct figspec *fs, const char *name)
{
	struct figure *f;

	figs->v = xreallocarray(figs->v, figs->n + 1, sizeof(*figs->v));
	f = &figs->v[figs->n++];
	f->kind = xstrdup(fs->kind);
	f->family = xstrdup(fs->r->family);
	f->kernel = xstrdup(fs->kernel != NULL ? fs->kernel : "");
	f->cache = xstrdup(fs->r->cache);
	f->mode = xstrdup(fs->r->mode);
	f->size = fs->size;
	f->name = xstrdup(name);
	f->path = xasprintf("%s/%s", o->dir, name);
}

void
plot_figlist_free(struct figlist *figs)
{
	size_t i;

	for (i = 0; i < figs->n; i++) {
		struct figure *f = &figs->v[i];

		free(f->kind);
		free(f->family);
		free(f->kernel);
		free(f->cache);
		free(f->mode);
		free(f->name);
		free(f->path);
	}
	free(figs->v);
	figs->v = NULL;
	figs->n = 0;
}

/*
 * The figure pipeline: the data of fs written to STEM.csv (beside the
 * figure with --keep-data, else in a temporary directory), gnuplot's
 * script run on it into STEM.FORMAT, the figure listed in figs.
 */
static int
draw(const struct plot_opts *o, const struct figspec *fs, const char *stem,
    struct figlist *figs, char *err, size_t errlen)
{
	char *name = xasprintf("%s.%s", stem, o->format), *data = NULL;
	struct cleanup *cdata = NULL;
	struct outfile of;
	int rc = -1;

	if (make_tmp_dir(err, errlen) != 0)
		goto out;
	data = data_path(o, stem);
	/* In the temporary directory: registered before it exists. */
	if (!o->keep_data)
		cdata = cleanup_file(data);
	if (outfile_open(&of, data, err, errlen) != 0)
		goto out;
	fs->write(of.fp, fs->arg);
	if (outfile_commit(&of, err, errlen) != 0)
		goto out;
	rc = run_gnuplot(o, fs->script, data, name, fs->args, err, errlen);
	if (rc == 0)
		fig_add(figs, o, fs, name);
out:
	if (cdata != NULL) {
		unlink(data);
		cleanup_release(cdata);
	}
	free(data);
	free(name);
	return rc;
}

int
plot_rx(const struct plot_opts *o, const char *csv, const char *traffic,
    struct figlist *figs, char *err, size_t errlen)
{
	const char *args[] = { traffic, NULL };
	char *stem = safe_name(traffic), *name;
	struct figure *f;
	int rc;

	name = xasprintf("rx-%s.%s", stem, o->format);
	rc = plot_setup(err, errlen);
	if (rc == 0)
		rc = plot_mkdir(o->dir, err, errlen);
	if (rc == 0)
		rc = make_tmp_dir(err, errlen);
	if (rc == 0)
		rc = run_gnuplot(o, "rx.gp", csv, name, args, err, errlen);
	if (rc == 0) {
		figs->v = xreallocarray(figs->v, figs->n + 1, sizeof(*figs->v));
		f = &figs->v[figs->n++];
		memset(f, 0, sizeof(*f));
		f->kind = xstrdup("rx");
		f->family = xstrdup("rx");
		f->kernel = xstrdup(traffic);
		f->cache = xstrdup("");
		f->mode = xstrdup("");
		f->name = xstrdup(name);
		f->path = xasprintf("%s/%s", o->dir, name);
	}
	free(name);
	free(stem);
	return rc;
}

/* Rows rs->p[idx[0..n-1]] as a results CSV: a throughput curve, a heatmap. */
struct rows {
	const struct rset *rs;
	const size_t	*idx;
	size_t		 n;
};

static void
write_rows(FILE *fp, const void *arg)
{
	const struct rows *r = arg;

	rset_csv_write(fp, r->rs, r->idx, r->n);
}

/* Positions into rows->idx by (rel_align, dst_align). */
static int
by_rel_cell(size_t x, size_t y, const void *arg)
{
	const struct rows *r = arg;
	const struct rpoint *p = &r->rs->p[r->idx[x]], *q = &r->rs->p[r->idx[y]];
	size_t a = rset_rel_align(p), b = rset_rel_align(q);

	if (a != b)
		return a < b ? -1 : 1;
	if (p->dst_align != q->dst_align)
		return p->dst_align < q->dst_align ? -1 : 1;
	return 0;
}

/*
 * The relative-misalignment view of one kernel at one size: one row per
 * (rel_align, dst_align) cell, the median of the medians in it, and as its
 * interval the lowest ci_lo to the highest ci_hi of its points (empty when
 * one of them has none): at least as wide as any of theirs, so that a
 * cell never looks surer than the points it stands for.
 */
static void
write_rel_cells(FILE *fp, const void *arg)
{
	const struct rows *r = arg;
	size_t *perm = xcalloc(r->n + 1, sizeof(size_t));
	size_t *start = xcalloc(r->n + 1, sizeof(size_t));
	double *m = xcalloc(r->n + 1, sizeof(double)), lo, hi;
	size_t g, ng, j, k;
	struct csv_writer w;

	ng = rkey_group_by(r->n, by_rel_cell, r, perm, start);
	csv_init(&w, fp);
	csv_str(&w, "family"); csv_str(&w, "kernel"); csv_str(&w, "size");
	csv_str(&w, "rel_align"); csv_str(&w, "dst_align");
	csv_str(&w, "cache"); csv_str(&w, "mode"); csv_str(&w, "unit");
	csv_str(&w, "median"); csv_str(&w, "ci_lo"); csv_str(&w, "ci_hi");
	csv_str(&w, "cells");
	csv_end(&w);
	for (g = 0; g < ng; g++) {
		const struct rpoint *p = &r->rs->p[r->idx[perm[start[g]]]];

		lo = INFINITY;
		hi = -INFINITY;
		for (j = start[g], k = 0; j < start[g + 1]; j++) {
			const struct stats *st = &r->rs->p[r->idx[perm[j]]].st;

			m[k++] = st->median;
			/* fmin/fmax would skip a NaN: one unknown, all. */
			lo = isnan(st->ci_lo) || st->ci_lo < lo ? st->ci_lo : lo;
			hi = isnan(st->ci_hi) || st->ci_hi > hi ? st->ci_hi : hi;
			if (isnan(lo) || isnan(hi))
				lo = hi = NAN;
		}
		csv_str(&w, p->family);
		csv_str(&w, p->kernel);
		csv_ulong(&w, p->size);
		csv_ulong(&w, rset_rel_align(p));
		csv_ulong(&w, p->dst_align);
		csv_str(&w, p->cache);
		csv_str(&w, p->mode);
		csv_str(&w, p->unit);
		csv_double(&w, stats_median(m, k));
		csv_double(&w, lo);
		csv_double(&w, hi);
		csv_ulong(&w, k);
		csv_end(&w);
	}
	free(perm);
	free(start);
	free(m);
}

/* Does v hold two or more distinct values? */
static int
two_distinct(const size_t *v, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] != v[0])
			return 1;
	return 0;
}

/*
 * The heatmaps of one cell set: one kernel at one size measured at two or
 * more source and two or more destination offsets (and for copies also by
 * relative misalignment).
 */
static int
plot_heatmap(const struct plot_opts *o, const struct rset *rs,
    const size_t *cell, size_t n, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint *r = &rs->p[cell[0]];
	size_t *sv = xcalloc(n + 1, sizeof(size_t)), *dv = xcalloc(n + 1,
	    sizeof(size_t)), i;
	struct rows rows = { rs, cell, n };
	struct figspec fs = { "heatmap", "heatmap.gp", write_rows, &rows,
	    { NULL }, r, r->kernel, (double)r->size };
	char szs[32], *kn, *stem;
	int rc = 0;

	for (i = 0; i < n; i++) {
		sv[i] = rs->p[cell[i]].src_align;
		dv[i] = rs->p[cell[i]].dst_align;
	}
	if (n < 4 || !two_distinct(sv, n) ||
	    !two_distinct(dv, n))
		goto out;
	snprintf(szs, sizeof(szs), "%zu", r->size);
	/* The data holds this kernel alone: the script names it from there. */
	fs.args[0] = "";
	fs.args[1] = szs;
	fs.args[2] = cpu;
	kn = safe_name(r->kernel);
	stem = xasprintf("heatmap-%s-%s%s", kn, szs, sfx);
	rc = draw(o, &fs, stem, figs, err, errlen);
	free(stem);
	if (rc == 0 && strcmp(r->family, "copy") == 0) {
		fs.kind = "heatmap-rel";
		fs.write = write_rel_cells;
		fs.args[3] = "rel";
		stem = xasprintf("heatmap-%s-%s-rel%s", kn, szs, sfx);
		rc = draw(o, &fs, stem, figs, err, errlen);
		free(stem);
	}
	free(kn);
out:
	free(sv);
	free(dv);
	return rc;
}

/* rank[i]: the index of the first point with point i's kernel. */
static size_t *
kernel_ranks(const struct rset *rs)
{
	const struct rpoint **v = xcalloc(rs->n + 1, sizeof(*v));
	size_t *rank = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *perm = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *start = xcalloc(rs->n + 1, sizeof(size_t));
	size_t i, g, ng;

	for (i = 0; i < rs->n; i++)
		v[i] = &rs->p[i];
	ng = rkey_group(v, rs->n, RK(RK_KERNEL), perm, start);
	for (g = 0; g < ng; g++)
		for (i = start[g]; i < start[g + 1]; i++)
			rank[perm[i]] = perm[start[g]];
	free(v);
	free(perm);
	free(start);
	return rank;
}

struct by_kernel_size {
	const struct rset *rs;
	const size_t *rank;
};

/* Points by kernel (in order of first appearance), then size. */
static int
by_kernel_size(size_t x, size_t y, const void *arg)
{
	const struct by_kernel_size *k = arg;

	if (k->rank[x] != k->rank[y])
		return k->rank[x] < k->rank[y] ? -1 : 1;
	if (k->rs->p[x].size != k->rs->p[y].size)
		return k->rs->p[x].size < k->rs->p[y].size ? -1 : 1;
	return 0;
}

size_t
plot_ref_distance(const struct rset *rs, const size_t *g, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (rs->p[g[j]].distance == ARENA_APART)
			return ARENA_APART;
	return n > 0 ? rs->p[g[0]].distance : 0;
}

/*
 * The cheapest median at p's size among r's rows, and in *best_hi the
 * upper end of its 95% CI: where rows tie on that median, the highest of
 * theirs, NaN when one of them has none.
 */
static double
dist_best(const struct rows *r, const struct rpoint *p, double *best_hi)
{
	double best = p->st.median, hi = -INFINITY;
	size_t j;

	for (j = 0; j < r->n; j++) {
		const struct rpoint *q = &r->rs->p[r->idx[j]];

		if (q->size == p->size && q->st.median < best)
			best = q->st.median;
	}
	for (j = 0; j < r->n; j++) {
		const struct rpoint *q = &r->rs->p[r->idx[j]];

		if (q->size == p->size && q->st.median == best)
			hi = isnan(q->st.ci_hi) || q->st.ci_hi > hi ?
			    q->st.ci_hi : hi;
		if (isnan(hi))
			break;
	}
	*best_hi = hi;
	return best;
}

/*
 * A placement heatmap's data: one row per (size, distance) of one kernel
 * at one pair of offsets, with its median cost and 95% CI, that cost
 * relative to the cheapest distance at the same size (1: the best
 * placement), and noise: 1 when its CI overlaps the cheapest's (the ratio
 * is within noise), 0 when it lies wholly above it, empty when a CI is
 * unknown.
 */
static void
write_dist_cells(FILE *fp, const void *arg)
{
	const struct rows *r = arg;
	struct csv_writer w;
	size_t i;
	static const char *const cols[] = { "family", "kernel", "size",
	    "distance", "src_align", "dst_align", "cache", "mode", "unit",
	    "cost", "median", "ci_lo", "ci_hi", "relative", "noise", NULL };

	csv_init(&w, fp);
	for (i = 0; cols[i] != NULL; i++)
		csv_str(&w, cols[i]);
	csv_end(&w);
	for (i = 0; i < r->n; i++) {
		const struct rpoint *p = &r->rs->p[r->idx[i]];
		double best_hi, best = dist_best(r, p, &best_hi);

		csv_str(&w, p->family);
		csv_str(&w, p->kernel);
		csv_ulong(&w, p->size);
		csv_ulong(&w, p->distance);
		csv_ulong(&w, p->src_align);
		csv_ulong(&w, p->dst_align);
		csv_str(&w, p->cache);
		csv_str(&w, p->mode);
		csv_str(&w, p->unit);
		csv_str(&w, p->cost);
		csv_double(&w, p->st.median);
		csv_double(&w, p->st.ci_lo);
		csv_double(&w, p->st.ci_hi);
		csv_double(&w, best > 0 ? p->st.median / best : NAN);
		if (isnan(best_hi) || isnan(p->st.ci_lo))
			csv_str(&w, "");
		else
			csv_ulong(&w, !(p->st.ci_lo > best_hi));
		csv_end(&w);
	}
}

/*
 * The placement heatmap of one kernel in a group: size up, distance across,
 * at the group's reference offsets (0/0, else the first measured); drawn
 * when the kernel was measured at two distances or more.
 */
static int
plot_distance(const struct plot_opts *o, const struct rset *rs,
    const size_t *cell, size_t n, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint *r = &rs->p[cell[0]];
	size_t *sel = xcalloc(n + 1, sizeof(size_t)), *dv = xcalloc(n + 1,
	    sizeof(size_t)), s0 = r->src_align, d0 = r->dst_align, i, k = 0;
	struct rows rows = { rs, sel, 0 };
	struct figspec fs = { "distance", "distance.gp", write_dist_cells,
	    &rows, { NULL }, r, r->kernel, 0 };
	char *kn, *stem;
	int rc = 0;

	for (i = 0; i < n; i++)
		if (rs->p[cell[i]].src_align == 0 &&
		    rs->p[cell[i]].dst_align == 0)
			s0 = d0 = 0;
	for (i = 0; i < n; i++) {
		const struct rpoint *q = &rs->p[cell[i]];

		if (q->src_align == s0 && q->dst_align == d0 &&
		    q->st.median > 0) {
			dv[k] = q->distance;
			sel[k++] = cell[i];
		}
	}
	if (two_distinct(dv, k)) {
		rows.n = k;
		fs.args[0] = r->kernel;
		fs.args[1] = cpu;
		kn = safe_name(r->kernel);
		stem = xasprintf("distance-%s%s", kn, sfx);
		rc = draw(o, &fs, stem, figs, err, errlen);
		free(kn);
		free(stem);
	}
	free(sel);
	free(dv);
	return rc;
}

/*
 * The throughput curve of one group (family, cache state, mode): its
 * points at offsets 0/0 when measured there, else at the group's first
 * offsets, and at one placement (the default distance when measured,
 * else the group's first), by kernel and size; drawn when they have two
 * sizes or more.
 */
/*
 * What a curve holds fixed of group g[0..ng-1]: "offsets 0/0 (1 of 8
 * pairs measured: see the heatmaps), distance 2048", the counts only when
 * there were others.
 */
static void
plot_fixed(const struct rset *rs, const size_t *g, size_t ng, size_t s0,
    size_t d0, size_t dist, char *buf, size_t len)
{
	size_t i, j, npair = 0, ndist = 0, at;

	for (i = 0; i < ng; i++) {
		const struct rpoint *p = &rs->p[g[i]];
		int pair = 1, dnew = 1;

		for (j = 0; j < i; j++) {
			const struct rpoint *q = &rs->p[g[j]];

			if (q->src_align == p->src_align &&
			    q->dst_align == p->dst_align)
				pair = 0;
			if (q->distance == p->distance)
				dnew = 0;
		}
		npair += pair;
		ndist += dnew;
	}
	at = (size_t)snprintf(buf, len, "source/destination offsets %zu/%zu",
	    s0, d0);
	if (npair > 1 && at < len)
		at += (size_t)snprintf(buf + at, len - at, " (1 of %zu pairs "
		    "measured: see the heatmaps)", npair);
	if (at < len)
		at += (size_t)snprintf(buf + at, len - at, ", destination %zu "
		    "B past the source", dist);
	if (ndist > 1 && at < len)
		snprintf(buf + at, len - at, " (1 of %zu placements)", ndist);
}

static int
plot_curve(const struct plot_opts *o, const struct rset *rs, const size_t *g,
    size_t ng, const size_t *rank, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint *r = &rs->p[g[0]];
	struct by_kernel_size k = { rs, rank };
	size_t *sl = xcalloc(ng + 1, sizeof(size_t)), *sz = xcalloc(ng + 1,
	    sizeof(size_t)), s0 = r->src_align, d0 = r->dst_align, j, ns = 0;
	struct rows rows = { rs, sl, 0 };
	struct figspec fs = { "throughput", "throughput.gp", write_rows, &rows,
	    { cpu, NULL, NULL }, r, NULL, 0 };
	char *fam, *stem, fixed[256];
	int rc = 0;

	size_t dist = plot_ref_distance(rs, g, ng);

	for (j = 0; j < ng; j++)
		if (rs->p[g[j]].src_align == 0 && rs->p[g[j]].dst_align == 0)
			s0 = d0 = 0;
	for (j = 0; j < ng; j++) {
		const struct rpoint *q = &rs->p[g[j]];

		/* A throughput needs a size and a cost above 0. */
		if (q->src_align == s0 && q->dst_align == d0 && q->size > 0 &&
		    q->distance == dist && q->st.median > 0) {
			sz[ns] = q->size;
			sl[ns++] = g[j];
		}
	}
	if (ns > 0 && two_distinct(sz, ns)) {
		plot_fixed(rs, g, ng, s0, d0, dist, fixed, sizeof(fixed));
		fs.args[1] = fixed;
		rkey_msort(sl, ns, by_kernel_size, &k);
		rows.n = ns;
		fam = safe_name(r->family);
		stem = xasprintf("throughput-%s%s", fam, sfx);
		rc = draw(o, &fs, stem, figs, err, errlen);
		free(fam);
		free(stem);
	}
	free(sl);
	free(sz);
	return rc;
}

/* The heatmaps of one group, one per kernel and size, in file order. */
static int
plot_heatmaps(const struct plot_opts *o, const struct rset *rs,
    const size_t *g, size_t ng, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint **v = xcalloc(ng + 1, sizeof(*v));
	size_t *perm = xcalloc(ng + 1, sizeof(size_t));
	size_t *start = xcalloc(ng + 1, sizeof(size_t));
	size_t *cell = xcalloc(ng + 1, sizeof(size_t));
	size_t *at = xcalloc(ng + 1, sizeof(size_t));
	size_t c, nc, j, na = 0, dist = plot_ref_distance(rs, g, ng);
	int rc = 0;

	/* Alignment maps at one placement, so each cell is one point. */
	for (j = 0; j < ng; j++)
		if (rs->p[g[j]].distance == dist) {
			at[na] = g[j];
			v[na++] = &rs->p[g[j]];
		}
	nc = rkey_group(v, na, RK(RK_KERNEL) | RK(RK_SIZE), perm, start);
	for (c = 0; c < nc && rc == 0; c++) {
		for (j = start[c]; j < start[c + 1]; j++)
			cell[j - start[c]] = at[perm[j]];
		rc = plot_heatmap(o, rs, cell, start[c + 1] - start[c], sfx,
		    cpu, figs, err, errlen);
	}
	/* Placement maps: every distance of a kernel. */
	for (j = 0; j < ng; j++)
		v[j] = &rs->p[g[j]];
	nc = rkey_group(v, ng, RK(RK_KERNEL), perm, start);
	for (c = 0; c < nc && rc == 0; c++) {
		for (j = start[c]; j < start[c + 1]; j++)
			cell[j - start[c]] = g[perm[j]];
		rc = plot_distance(o, rs, cell, start[c + 1] - start[c], sfx,
		    cpu, figs, err, errlen);
	}
	free(at);
	free(v);
	free(perm);
	free(start);
	free(cell);
	return rc;
}

int
plot_results(const struct plot_opts *o, const struct rset *rs,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint **v = xcalloc(rs->n + 1, sizeof(*v));
	size_t *sel = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *perm = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *start = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *g = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *rank = kernel_ranks(rs), i, j, n = 0, k, ng;
	char cpu[128];
	int rc;

	plot_text(cpu, sizeof(cpu), rset_meta(rs, "cpu_brand"));
	/* Brands come padded with blanks (CPUID's 48 bytes). */
	for (i = strlen(cpu); i > 0 && cpu[i - 1] == ' '; i--)
		cpu[i - 1] = '\0';
	rc = plot_setup(err, errlen);
	if (rc == 0)
		rc = plot_mkdir(o->dir, err, errlen);
	/* Distributions and csum_diff F/T shapes are not on a size axis. */
	for (i = 0; i < rs->n; i++)
		if (plot_row_selected(o, &rs->p[i]) &&
		    rset_shape(&rs->p[i])[0] == '\0') {
			v[n] = &rs->p[i];
			sel[n++] = i;
		}
	/* One group per family, cache state and mode, in file order. */
	ng = rkey_group(v, n, RK(RK_FAMILY) | RK(RK_CACHE) | RK(RK_MODE),
	    perm, start);
	for (k = 0; k < ng && rc == 0; k++) {
		const struct rpoint *r = v[perm[start[k]]];
		char *sfx = group_suffix(r->cache, r->mode);

		for (j = start[k]; j < start[k + 1]; j++)
			g[j - start[k]] = sel[perm[j]];
		rc = plot_curve(o, rs, g, start[k + 1] - start[k], rank, sfx,
		    cpu, figs, err, errlen);
		if (rc == 0)
			rc = plot_heatmaps(o, rs, g, start[k + 1] - start[k],
			    sfx, cpu, figs, err, errlen);
		free(sfx);
	}
	free(v);
	free(sel);
	free(perm);
	free(start);
	free(g);
	free(rank);
	return rc;
}

void
plot_delta_charts(const struct cmp_result *res, struct plot_charts *ch)
{
	const struct rpoint **v = xcalloc(res->n + 1, sizeof(*v));
	size_t *perm = xcalloc(res->n + 1, sizeof(size_t));
	size_t *start = xcalloc(res->n + 1, sizeof(size_t));
	size_t g, ng, j, s0, d0, dist;

	memset(ch, 0, sizeof(*ch));
	ch->rows = xcalloc(res->n + 1, sizeof(*ch->rows));
	ch->start = xcalloc(res->n + 2, sizeof(size_t));
	for (j = 0; j < res->n; j++)
		v[j] = res->rows[j].b;
	ng = rkey_group(v, res->n, RK(RK_FAMILY) | RK(RK_CACHE) | RK(RK_MODE),
	    perm, start);
	for (g = 0; g < ng; g++) {
		size_t at = ch->start[ch->n];

		/*
		 * Offsets 0/0 when compared there, else the group's first;
		 * the default placement when compared there, else the first.
		 */
		s0 = v[perm[start[g]]]->src_align;
		d0 = v[perm[start[g]]]->dst_align;
		dist = v[perm[start[g]]]->distance;
		for (j = start[g]; j < start[g + 1]; j++) {
			if (v[perm[j]]->src_align == 0 &&
			    v[perm[j]]->dst_align == 0)
				s0 = d0 = 0;
			if (v[perm[j]]->distance == ARENA_APART)
				dist = ARENA_APART;
		}
		for (j = start[g]; j < start[g + 1]; j++)
			if (v[perm[j]]->src_align == s0 &&
			    v[perm[j]]->dst_align == d0 &&
			    v[perm[j]]->distance == dist && v[perm[j]]->size > 0 &&
			    rset_shape(v[perm[j]])[0] == '\0')
				ch->rows[at++] = res->rows[perm[j]];
		if (at > ch->start[ch->n])
			ch->start[++ch->n] = at;
	}
	free(v);
	free(perm);
	free(start);
}

void
plot_charts_free(struct plot_charts *ch)
{
	free(ch->rows);
	free(ch->start);
	memset(ch, 0, sizeof(*ch));
}

/* A delta chart's data is compare's own CSV of its rows. */
struct delta_data {
	const struct cmp_row	*rows;
	size_t			 n;
	const struct cmp_result	*res;
	const struct cmp_opts	*co;
};

static void
write_delta(FILE *fp, const void *arg)
{
	const struct delta_data *d = arg;

	compare_print(fp, d->rows, d->n, d->res, d->co);
}

int
plot_deltas(const struct plot_opts *o, const struct cmp_result *res,
    const struct cmp_opts *co, const char *title_note, struct figlist *figs,
    char *err, size_t errlen)
{
	struct plot_charts ch;
	struct cmp_opts csv = *co;
	struct delta_data d = { NULL, 0, res, &csv };
	struct figspec fs = { "delta", "delta.gp", write_delta, &d,
	    { title_note, NULL }, NULL, NULL, 0 };
	size_t c;
	int rc;

	csv.style = CMP_CSV;
	rc = plot_setup(err, errlen);
	if (rc == 0)
		rc = plot_mkdir(o->dir, err, errlen);
	plot_delta_charts(res, &ch);
	for (c = 0; c < ch.n && rc == 0; c++) {
		char *sfx, *fam, *stem;

		d.rows = ch.rows + ch.start[c];
		d.n = ch.start[c + 1] - ch.start[c];
		fs.r = d.rows[0].b;
		sfx = group_suffix(fs.r->cache, fs.r->mode);
		fam = safe_name(fs.r->family);
		stem = xasprintf("delta-%s%s", fam, sfx);
		rc = draw(o, &fs, stem, figs, err, errlen);
		free(sfx);
		free(fam);
		free(stem);
	}
	plot_charts_free(&ch);
	return rc;
}

/*
 * The glue plot and report share: their settings from their options, and
 * the results (and baseline) they draw from. Errors come back in err.
 */
int
plot_opts_from(struct plot_opts *o, const char *dir, const char *format,
    const char *families, const char *patterns, int keep_data, char *err,
    size_t errlen)
{
	memset(o, 0, sizeof(*o));
	if (strcmp(format, "png") != 0 && strcmp(format, "svg") != 0) {
		snprintf(err, errlen, "--format: expected png or svg, got \"%s\"",
		    format);
		return -1;
	}
	o->dir = dir;
	o->format = format;
	o->families = families;
	o->patterns = patterns;
	o->keep_data = keep_data;
	return 0;
}

/* Does any row of rs pass -f and -k? */
static int
plot_input_selected(const struct plot_opts *o, const struct rset *rs,
    char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (plot_row_selected(o, &rs->p[i]))
			return 0;
	snprintf(err, errlen, "%s: no results match%s%s%s%s", rs->path,
	    o->families ? " -f " : "", o->families ? o->families : "",
	    o->patterns ? " -k " : "", o->patterns ? o->patterns : "");
	return -1;
}

int
plot_input_load(struct plot_input *in, const struct plot_opts *o,
    const char *path, const char *compare, char *err, size_t errlen)
{
	const char *pb, *cb;

	memset(in, 0, sizeof(*in));
	if (rformat_read(path, &in->rs, err, errlen) != 0)
		return -1;
	in->loaded = 1;
	if (o->cost == CMP_COST_NET) {	/* every figure of net costs */
		struct rset v;

		rset_net_view(&v, &in->rs);
		rset_free(&in->rs);
		in->rs = v;
	}
	if (plot_input_selected(o, &in->rs, err, errlen) != 0)
		return -1;
	if (compare == NULL)
		return 0;
	if (rformat_read(compare, &in->base, err, errlen) != 0)
		return -1;
	/* As 'csumbench compare BASE RESULTS -f ... -k ...' finds them. */
	compare_opts_init(&in->co);
	in->co.cost = o->cost;
	in->co.families = o->families;
	in->co.kernels = o->patterns;
	in->co.same_run = strcmp(in->base.path, in->rs.path) == 0;
	if (compare_match(&in->base, &in->rs, &in->co, &in->res, err,
	    errlen) != 0) {
		rset_free(&in->base);
		return -1;
	}
	in->has_base = 1;
	/* For the delta charts' titles: "new.csv against old.csv". */
	pb = strrchr(path, '/');
	cb = strrchr(compare, '/');
	{
		char a[64], b[64];

		in->note = xasprintf("%s against %s", plot_text(a, sizeof(a),
		    pb ? pb + 1 : path), plot_text(b, sizeof(b),
		    cb ? cb + 1 : compare));
	}
	return 0;
}

void
plot_input_free(struct plot_input *in)
{
	if (in->has_base) {
		compare_result_free(&in->res);
		rset_free(&in->base);
	}
	if (in->loaded)
		rset_free(&in->rs);
	free(in->note);
	memset(in, 0, sizeof(*in));
}

int
plot_input_draw(const struct plot_opts *o, const struct plot_input *in,
    struct figlist *figs, char *err, size_t errlen)
{
	if (plot_setup(err, errlen) != 0 ||
	    plot_results(o, &in->rs, figs, err, errlen) != 0)
		return -1;
	if (in->has_base)
		return plot_deltas(o, &in->res, &in->co, in->note, figs, err,
		    errlen);
	return 0;
}
