/*
 * util.h - errors, allocation, small helpers.
 */
#ifndef CSUMBENCH_UTIL_H
#define CSUMBENCH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define EXIT_CHECK	1	/* a check failed: mismatch, regression */
#define EXIT_USAGE	2	/* bad usage or bad input */

extern const char *progname;

/* Print "csumbench: MESSAGE" on stderr and exit with code. */
void	fatal(int code, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3), noreturn));
/* Bad usage or input: one line, exit 2. */
void	usage_error(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2), noreturn));
/* Format one line into err[0..errlen-1]; returns -1, for error returns. */
int	err_line(char *err, size_t errlen, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* A warning on stderr ("csumbench: warning: ..."). */
void	warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Progress and talk on stderr; suppressed by quiet. */
extern int verbose_level;	/* 0 quiet, 1 normal, 2 verbose */
void	talk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Does a path end with suffix (case-insensitive)? */
int	has_suffix(const char *s, const char *suffix);
/* Glob-match a name against a comma-separated list of fnmatch patterns. */
int	match_patterns(const char *patterns, const char *name);
/*
 * A message that quotes what a user wrote: its control characters (a
 * newline in an argument) as '?', so it stays one line and reaches no
 * terminal raw. Returns s.
 */
char	*plain_line(char *s);
/* Is stderr a terminal (for progress lines, which only a terminal gets)? */
int	stderr_is_tty(void);
/* Format a byte count as 64, 1K, 4K, 1M... for labels (exact when possible). */
/*
 * Optimal string alignment distance of a and b (edits, a transposition of
 * neighbours counting one), or a large number for strings over 32 bytes:
 * for "did you mean".
 */
size_t	str_distance(const char *a, const char *b);
char	*fmt_size(size_t n, char *buf, size_t len);

#endif
