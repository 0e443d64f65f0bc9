/*
 * util.c - errors, allocation, atomic output files, small helpers.
 */
#include "config.h"

#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

const char *progname = "csumbench";
int verbose_level = 1;

/*
 * The temporary output files in flight, newest first. Each entry owns a
 * copy of its path, so the list never points into a caller's struct
 * outfile (which may be gone by the time exit runs the cleanup). An entry
 * is complete before it is linked and leaves the list by one pointer
 * store, so the list stays walkable at any instant (a signal handler may
 * walk it).
 */
struct outfile_pending {
	char			*tmp;
	struct outfile_pending	*next;
};
static struct outfile_pending *pending;

/* Remove every temporary file still pending (at exit, however reached). */
static void
pending_cleanup(void)
{
	struct outfile_pending *p;

	while ((p = pending) != NULL) {
		pending = p->next;
		unlink(p->tmp);
		free(p->tmp);
		free(p);
	}
}

static struct outfile_pending *
pending_add(const char *tmp)
{
	static int registered;
	struct outfile_pending *p;

	if (!registered && atexit(pending_cleanup) == 0)
		registered = 1;
	p = xmalloc(sizeof(*p));
	p->tmp = xstrdup(tmp);
	p->next = pending;
	pending = p;
	return p;
}

/* Take p off the list (its file was renamed into place or removed). */
static void
pending_remove(struct outfile_pending *p)
{
	struct outfile_pending **pp;

	for (pp = &pending; *pp != NULL; pp = &(*pp)->next)
		if (*pp == p) {
			*pp = p->next;
			free(p->tmp);
			free(p);
			return;
		}
}

/* One line on stderr, nothing left half-written, exit with code. */
static void vfatal(int, const char *, va_list) __attribute__((noreturn));

static void
vfatal(int code, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	pending_cleanup();
	exit(code);
}

void
fatal(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfatal(code, fmt, ap);
}

void
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfatal(EXIT_USAGE, fmt, ap);
}

void
warnx_(const char *fmt, ...)
{
	va_list ap;

	if (verbose_level < 1)
		return;
	fprintf(stderr, "%s: warning: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
talk(const char *fmt, ...)
{
	va_list ap;

	if (verbose_level < 1)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		fatal(EXIT_USAGE, "out of memory (%zu bytes)", n);
	return p;
}

void *
xcalloc(size_t a, size_t b)
{
	void *p = calloc(a ? a : 1, b ? b : 1);

	if (p == NULL)
		fatal(EXIT_USAGE, "out of memory");
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		fatal(EXIT_USAGE, "out of memory (%zu bytes)", n);
	return p;
}

void *
xreallocarray(void *p, size_t a, size_t b)
{
	if (b != 0 && a > SIZE_MAX / b)
		fatal(EXIT_USAGE, "out of memory");
	return xrealloc(p, a * b);
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		fatal(EXIT_USAGE, "out of memory");
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (r < 0)
		fatal(EXIT_USAGE, "out of memory");
	return s;
}

int
outfile_open(struct outfile *o, const char *path)
{
	char *dir, *slash;
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = xstrdup(path);
	if (strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash == NULL)
		o->tmp = xasprintf(".csumbench.XXXXXX");
	else {
		slash[1] = '\0';
		o->tmp = xasprintf("%s.csumbench.XXXXXX", dir);
	}
	free(dir);
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		int e = errno;

		free(o->tmp);
		o->tmp = NULL;
		usage_error("cannot write %s: %s", path, strerror(e));
	}
	/* On the list before anything else can fail. */
	o->pend = pending_add(o->tmp);
	/* mkstemp makes 0600; results are ordinary files. */
	{
		mode_t um = umask(0);

		umask(um);
		(void)fchmod(fd, 0666 & ~um);
	}
	o->fp = fdopen(fd, "w");
	if (o->fp == NULL)
		usage_error("cannot write %s: %s", path, strerror(errno));
	return 0;
}

/* The file is renamed into place or removed: forget it. */
static void
outfile_forget(struct outfile *o)
{
	if (o->pend != NULL)
		pending_remove(o->pend);
	o->pend = NULL;
	free(o->tmp);
	o->tmp = NULL;
	free(o->path);
	o->path = NULL;
}

void
outfile_commit(struct outfile *o)
{
	int e;

	if (o->fp == stdout) {
		if (fflush(stdout) != 0 || ferror(stdout))
			usage_error("cannot write to standard output: %s",
			    strerror(errno));
		outfile_forget(o);
		return;
	}
	/* Any failure exits, and the exit removes the temporary file. */
	if (fflush(o->fp) != 0 || ferror(o->fp) || fsync(fileno(o->fp)) != 0) {
		e = errno;
		fclose(o->fp);
		o->fp = NULL;
		usage_error("cannot write %s: %s", o->path, strerror(e));
	}
	e = fclose(o->fp) != 0 ? errno : 0;
	o->fp = NULL;
	if (e != 0 || rename(o->tmp, o->path) != 0)
		usage_error("cannot write %s: %s", o->path,
		    strerror(e != 0 ? e : errno));
	outfile_forget(o);
}

void
outfile_abort(struct outfile *o)
{
	if (o->fp != NULL && o->fp != stdout)
		fclose(o->fp);
	o->fp = NULL;
	if (o->tmp != NULL)
		unlink(o->tmp);
	outfile_forget(o);
}

int
has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcasecmp(s + a - b, suffix) == 0;
}

int
match_patterns(const char *patterns, const char *name)
{
	char *copy, *p, *tok, *save = NULL;
	int hit = 0;

	if (patterns == NULL || *patterns == '\0')
		return 1;
	copy = xstrdup(patterns);
	for (p = copy; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (fnmatch(tok, name, 0) == 0) {
			hit = 1;
			break;
		}
	}
	free(copy);
	return hit;
}

int
stderr_is_tty(void)
{
	return isatty(STDERR_FILENO);
}

int
color_ok(FILE *fp)
{
	const char *nc = getenv("NO_COLOR");

	if (nc != NULL && *nc != '\0')
		return 0;
	return isatty(fileno(fp));
}

char *
fmt_size(size_t n, char *buf, size_t len)
{
	if (n >= (1u << 30) && n % (1u << 30) == 0)
		snprintf(buf, len, "%zuG", n >> 30);
	else if (n >= (1u << 20) && n % (1u << 20) == 0)
		snprintf(buf, len, "%zuM", n >> 20);
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%zuK", n >> 10);
	else
		snprintf(buf, len, "%zu", n);
	return buf;
}

/*
 * Optimal string alignment distance of a and b (edits, a transposition of
 * neighbours counting one), or a large number for long strings.
 */
size_t
str_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[33][33];

	if (la > 32 || lb > 32)
		return (size_t)-1 / 2;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < c)
				c = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < c)
				c = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
				c = d[i - 2][j - 2] + 1;
			d[i][j] = c;
		}
	return d[la][lb];
}
