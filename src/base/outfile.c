/*
 * outfile.c - output files (see outfile.h).
 *
 * Where an output goes is decided once, at open (outfile_where): the
 * path's symbolic links are followed one by one (at most OUT_MAXLINKS), and
 * the first of them that names an open descriptor, or is not a link,
 * decides. Only a regular file or a name that does not exist is replaced
 * by rename; the check is repeated just before the rename, so a device or
 * FIFO that took the name in the meantime is not replaced either.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"
#include "outfile.h"
#include "util.h"

#define OUT_MAXLINKS	40	/* as the kernel's limit on a path */

enum where { W_REPLACE, W_DEVICE, W_FD };

static int
out_fail(struct outfile *o, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "cannot write PATH: MESSAGE" in err; -1. */
static int
out_fail(struct outfile *o, char *err, size_t errlen, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "cannot write %s: %s", o->path, msg);
	return -1;
}

/* The descriptor a path names (/dev/stdout, /dev/fd/2, ...), or -1. */
static int
fd_name(const char *p)
{
	static const char *const dirs[] = { "/dev/fd/", "/proc/self/fd/" };
	char *end;
	long n;
	size_t i;

	if (strcmp(p, "-") == 0 || strcmp(p, "/dev/stdout") == 0)
		return STDOUT_FILENO;
	if (strcmp(p, "/dev/stderr") == 0)
		return STDERR_FILENO;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		size_t len = strlen(dirs[i]);

		if (strncmp(p, dirs[i], len) != 0 || p[len] < '0' ||
		    p[len] > '9')
			continue;
		n = strtol(p + len, &end, 10);
		if (*end == '\0' && n >= 0 && n <= INT_MAX)
			return (int)n;
	}
	return -1;
}

/* The target of the link at p, as a path from where p is. */
static char *
link_target(const char *p)
{
	char buf[PATH_MAX], *slash;
	ssize_t len = readlink(p, buf, sizeof(buf) - 1);

	if (len < 0)
		return NULL;
	buf[len] = '\0';
	if (buf[0] == '/' || (slash = strrchr(p, '/')) == NULL)
		return xstrdup(buf);
	return xasprintf("%.*s/%s", (int)(slash - p), p, buf);
}

char *
outfile_resolve(const char *path)
{
	struct stat st;
	char *t = xstrdup(path), *next;
	int hops;

	for (hops = 0; hops < OUT_MAXLINKS; hops++) {
		if (fd_name(t) >= 0 || lstat(t, &st) != 0 ||
		    !S_ISLNK(st.st_mode) || (next = link_target(t)) == NULL)
			break;
		free(t);
		t = next;
	}
	return t;
}

/*
 * Where o->path leads: o->target (the last link's target) and how it is
 * written; *fd for W_FD. -1 with err when it cannot be written at all.
 */
static int
outfile_where(struct outfile *o, enum where *w, int *fd, char *err,
    size_t errlen)
{
	struct stat st;
	char *next;
	int hops;

	o->target = xstrdup(o->path);
	for (hops = 0; hops <= OUT_MAXLINKS; hops++) {
		if ((*fd = fd_name(o->target)) >= 0) {
			*w = W_FD;
			return 0;
		}
		if (lstat(o->target, &st) != 0) {
			if (errno != ENOENT)
				return out_fail(o, err, errlen, "%s",
				    strerror(errno));
			*w = W_REPLACE;		/* a new file */
			return 0;
		}
		if (S_ISREG(st.st_mode)) {
			*w = W_REPLACE;
			return 0;
		}
		if (S_ISDIR(st.st_mode))
			return out_fail(o, err, errlen, "is a directory");
		if (S_ISBLK(st.st_mode))
			return out_fail(o, err, errlen, "is a block device");
		if (!S_ISLNK(st.st_mode)) {
			*w = W_DEVICE;		/* a character device, a FIFO */
			return 0;
		}
		if ((next = link_target(o->target)) == NULL)
			return out_fail(o, err, errlen, "%s", strerror(errno));
		free(o->target);
		o->target = next;
	}
	return out_fail(o, err, errlen, "%s", strerror(ELOOP));
}

/*
 * The stream of an output: stdio over fd, through a write function that
 * keeps the first write error. A write error is often met while stdio
 * empties its buffer in the middle of the output, and errno is long gone
 * by the commit: without it /dev/full said "Input/output error", not "No
 * space left on device".
 */
struct out_sink {
	int	fd;
	int	err;		/* the first write's errno, or 0 */
};

static ssize_t
out_sink_write(void *cookie, const char *buf, size_t n)
{
	struct out_sink *k = cookie;
	size_t done = 0;
	ssize_t w;

	while (done < n) {
		if ((w = write(k->fd, buf + done, n - done)) < 0) {
			if (errno == EINTR)
				continue;
			if (k->err == 0)
				k->err = errno;
			return done > 0 ? (ssize_t)done : -1;
		}
		done += (size_t)w;
	}
	return (ssize_t)done;
}

static int
out_sink_close(void *cookie)
{
	struct out_sink *k = cookie;
	int rc = close(k->fd);

	free(k);
	return rc;
}

/* o->fp over fd (closed with it); -1 with errno. */
static int
out_stream(struct outfile *o, int fd)
{
	cookie_io_functions_t io = { NULL, out_sink_write, NULL,
	    out_sink_close };
	struct out_sink *k = xcalloc(1, sizeof(*k));

	k->fd = fd;
	if ((o->fp = fopencookie(k, "w", io)) == NULL) {
		free(k);
		return -1;
	}
	o->sink = k;
	return 0;
}

/* A temporary file beside o->target, with the mode the target has (or a
 * new file would get). */
static int
open_tmp(struct outfile *o, char *err, size_t errlen)
{
	const char *slash = strrchr(o->target, '/');
	struct stat st;
	mode_t mode, um;
	int fd;

	o->tmp = slash == NULL ? xstrdup(".csumbench.XXXXXX") :
	    xasprintf("%.*s/.csumbench.XXXXXX", (int)(slash - o->target),
	    o->target);
	if ((o->cl = cleanup_mkstemp(o->tmp, 0, &fd)) == NULL) {
		free(o->tmp);
		o->tmp = NULL;
		return out_fail(o, err, errlen, "%s", strerror(errno));
	}
	/* mkstemp makes 0600: keep the old file's mode, or the umask's. */
	if (stat(o->target, &st) == 0)
		mode = st.st_mode & 07777;
	else {
		um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	(void)fchmod(fd, mode);
	if (out_stream(o, fd) != 0) {
		close(fd);
		return out_fail(o, err, errlen, "%s", strerror(errno));
	}
	o->regular = 1;
	return 0;
}

int
outfile_is_stream(const char *path)
{
	struct outfile o;
	enum where w = W_REPLACE;
	char err[8];
	int fd, rc;

	memset(&o, 0, sizeof(o));
	o.path = (char *)path;
	rc = outfile_where(&o, &w, &fd, err, sizeof(err)) == 0 &&
	    w != W_REPLACE;
	free(o.target);
	return rc;
}

int
outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
	enum where w = W_REPLACE;
	int fd = -1, nfd;

	memset(o, 0, sizeof(*o));
	o->path = xstrdup(path);
	if (outfile_where(o, &w, &fd, err, errlen) != 0)
		goto fail;
	if (w == W_REPLACE) {
		if (open_tmp(o, err, errlen) != 0)
			goto fail;
		return 0;
	}
	if (w == W_FD && fd == STDOUT_FILENO) {
		o->fp = stdout;		/* shares stdout's buffer and errors */
		return 0;
	}
	nfd = w == W_FD ? fcntl(fd, F_DUPFD_CLOEXEC, 3) :
	    open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (nfd < 0 || out_stream(o, nfd) != 0) {
		out_fail(o, err, errlen, "%s", strerror(errno));
		if (nfd >= 0)
			close(nfd);
		goto fail;
	}
	return 0;
fail:
	outfile_abort(o);
	return -1;
}

/* The file is renamed into place, written or removed: forget it. */
static void
outfile_forget(struct outfile *o)
{
	cleanup_release(o->cl);
	o->cl = NULL;
	free(o->tmp);
	free(o->target);
	free(o->path);
	o->tmp = o->target = o->path = NULL;
}

/* Flush and close o->fp (flush only, for stdout); 0 or an errno. */
static int
finish(struct outfile *o)
{
	int e = 0;

	if (fflush(o->fp) != 0 || ferror(o->fp))
		e = o->sink != NULL && o->sink->err != 0 ? o->sink->err :
		    errno ? errno : EIO;
	if (e == 0 && o->regular && fsync(o->sink->fd) != 0)
		e = errno;
	if (o->fp != stdout && fclose(o->fp) != 0 && e == 0)
		e = errno;
	o->fp = NULL;
	o->sink = NULL;		/* freed by fclose */
	return e;
}

int
outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	struct stat st;
	int e;

	errno = 0;
	if ((e = finish(o)) != 0) {
		out_fail(o, err, errlen, "%s", strerror(e));
		outfile_abort(o);
		return -1;
	}
	if (o->regular) {
		/* Still a regular file, or nothing? Never replace anything
		 * else that took the name meanwhile. */
		if (lstat(o->target, &st) == 0 && !S_ISREG(st.st_mode)) {
			out_fail(o, err, errlen, "%s is no longer a regular "
			    "file: not replaced", o->target);
			outfile_abort(o);
			return -1;
		}
		if (rename(o->tmp, o->target) != 0) {
			out_fail(o, err, errlen, "%s", strerror(errno));
			outfile_abort(o);
			return -1;
		}
	}
	outfile_forget(o);
	return 0;
}

void
outfile_abort(struct outfile *o)
{
	if (o->fp != NULL && o->fp != stdout)
		fclose(o->fp);
	o->fp = NULL;
	o->sink = NULL;
	if (o->tmp != NULL)
		unlink(o->tmp);
	outfile_forget(o);
}

/* outfile_commit_pair, the directory locked. */
static int
outfile_commit_pair_locked(struct outfile *data, struct outfile *side,
    char *err, size_t errlen)
{
	char why[400], *target;

	if (outfile_commit(data, err, errlen) != 0) {
		outfile_abort(side);
		return -1;
	}
	target = xstrdup(side->target);
	if (outfile_commit(side, why, sizeof(why)) != 0) {
		/* The results are new: an old sidecar would describe
		 * another run. */
		int gone = unlink(target) == 0 || errno == ENOENT;

		snprintf(err, errlen, "%s; the results were written without "
		    "it%s", why, gone ? "" : " (and the old one could not be "
		    "removed)");
		free(target);
		return -1;
	}
	free(target);
	return 0;
}

/*
 * Lock the directory of target (flock), so that the pairs committed into
 * it are committed one at a time: concurrent writers of one -o leave the
 * results and the .meta of one of them. The descriptor to close, or -1
 * (no lock: committed as before).
 */
static int
outfile_lock_dir(const char *target)
{
	const char *slash = strrchr(target, '/');
	char *dir;
	int fd;

	if (slash == NULL)
		dir = xstrdup(".");
	else
		dir = xasprintf("%.*s", slash == target ? 1 :
		    (int)(slash - target), target);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd >= 0)
		while (flock(fd, LOCK_EX) != 0)
			if (errno != EINTR) {
				close(fd);
				return -1;
			}
	return fd;
}

int
outfile_commit_pair(struct outfile *data, struct outfile *side, char *err,
    size_t errlen)
{
	int lock = data->regular ? outfile_lock_dir(data->target) : -1;
	int rc;

	rc = outfile_commit_pair_locked(data, side, err, errlen);
	if (lock >= 0)
		close(lock);	/* and its lock with it */
	return rc;
}

/* Beside the file written: a symbolic link's target, not the link. */
char *
provenance_path(const char *results_path)
{
	char *t = outfile_resolve(results_path), *p;

	p = xasprintf("%s.meta", t);
	free(t);
	return p;
}
