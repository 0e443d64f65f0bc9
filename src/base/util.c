/*
 * util.c - errors, allocation, small helpers.
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
 * One line on stderr, nothing left half-written, exit with code: exit
 * runs cleanup_run, which cleanup.c registers with atexit before it has
 * anything to undo (so util, below it, never calls it).
 */
static void vfatal(int, const char *, va_list) __attribute__((noreturn));

static void
vfatal(int code, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
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

int
err_line(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

char *
plain_line(char *s)
{
	char *p;

	for (p = s; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return s;
}
