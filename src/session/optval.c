/*
 * optval.c - the values of options that commands share.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp_style.h"
#include "decimal.h"
#include "grid.h"
#include "optval.h"
#include "timer.h"
#include "util.h"

static int	bad(char *, size_t, const char *, const char *, ...)
		    __attribute__((format(printf, 4, 5)));

/* "--NAME: MESSAGE" in err; -1. A NULL arg (a row without a default
 * that was not given) is told apart by every parser. */
static int
bad(char *err, size_t errlen, const char *name, const char *fmt, ...)
{
	va_list ap;
	char *c;
	int n = snprintf(err, errlen, "--%s: ", name);

	if (n >= 0 && (size_t)n < errlen) {
		va_start(ap, fmt);
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	/* The value is echoed: never its control characters. */
	for (c = err; errlen > 0 && *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return -1;
}

int
optval_uint(const char *name, const char *arg, unsigned long long min,
    unsigned long long max, unsigned long long *v, char *err, size_t errlen)
{
	char *end;

	if (arg == NULL)
		return bad(err, errlen, name, "no value given");
	errno = 0;
	if (!isdigit((unsigned char)*arg) ||
	    (*v = strtoull(arg, &end, 10), errno != 0 || *end != '\0'))
		return bad(err, errlen, name, "expected a number, got \"%s\"",
		    arg);
	if (*v < min || *v > max)
		return bad(err, errlen, name, "%llu is out of range %llu..%llu",
		    *v, min, max);
	return 0;
}

int
optval_row_uint(const struct options *o, size_t i, unsigned long long *v,
    char *err, size_t errlen)
{
	const struct opt_row *r = &o->rows[i];
	const char *arg = options_value(o, i);

	if (arg == NULL)
		return 0;
	return optval_uint(r->name, arg, (unsigned long long)r->lo,
	    r->hi > 0 ? (unsigned long long)r->hi : ULLONG_MAX, v, err, errlen);
}

int
optval_row_num(const struct options *o, size_t i, double *v, char *err,
    size_t errlen)
{
	const struct opt_row *r = &o->rows[i];
	const char *arg = options_value(o, i);

	if (arg == NULL)
		return 0;
	switch (r->type) {
	case OPT_PCT:
		return optval_percent(r->name, arg, r->hi, v, err, errlen);
	case OPT_TIME:
		return optval_duration(r->name, arg, v, err, errlen);
	default:
		break;
	}
	if (optval_double(r->name, arg, v, err, errlen) != 0)
		return -1;
	if (*v < r->lo || (r->lo_open && *v == r->lo) || *v > r->hi)
		return bad(err, errlen, r->name, "%s is out of range %c%.15g, %.15g]",
		    arg, r->lo_open ? '(' : '[', r->lo, r->hi);
	return 0;
}

/*
 * A number, then nothing (0) or one of sfx[] (NULL-terminated: its index
 * + 1); -1 if arg is not that. errno tells an overflow.
 */
static int
scan(const char *arg, const char *const *sfx, double *v)
{
	size_t len = decimal_span(arg, 0);
	const char *end = arg + len;
	int i;

	/* Decimal only: no hexadecimal, space, sign, inf or nan. */
	errno = 0;
	if (len == 0)
		return -1;
	if (decimal_parse(arg, len, 0, v) != 0) {
		*v = INFINITY;		/* beyond a double */
		errno = ERANGE;
		return 0;
	}
	if (*end == '\0')
		return 0;
	for (i = 0; sfx != NULL && sfx[i] != NULL; i++)
		if (strcmp(end, sfx[i]) == 0)
			return i + 1;
	return -1;
}

/* A finite number >= 0, with a "%" after it when pct. */
static int
number(const char *name, const char *arg, int pct, double *v, char *err,
    size_t errlen)
{
	static const char *const percent[] = { "%", NULL };

	if (arg == NULL)
		return bad(err, errlen, name, "no value given");
	if (scan(arg, pct ? percent : NULL, v) < 0 || errno != 0 ||
	    !isfinite(*v) || *v < 0)
		return bad(err, errlen, name, "expected a non-negative number, "
		    "got \"%s\"", arg);
	return 0;
}

int
optval_double(const char *name, const char *arg, double *v, char *err,
    size_t errlen)
{
	return number(name, arg, 0, v, err, errlen);
}

int
optval_percent(const char *name, const char *arg, double max, double *v,
    char *err, size_t errlen)
{
	if (number(name, arg, 1, v, err, errlen) != 0)
		return -1;
	if (max >= 0 && *v > max)
		return bad(err, errlen, name, "%s is out of range (0 to %g%%)",
		    arg, max);
	return 0;
}

int
optval_duration(const char *name, const char *arg, double *v, char *err,
    size_t errlen)
{
	static const char *const units[] = { "s", "ms", "us", NULL };
	static const double scale[] = { 1, 1, 1e-3, 1e-6 };
	int u;

	if (arg == NULL)
		return bad(err, errlen, name, "no value given");
	if ((u = scan(arg, units, v)) < 0)
		return bad(err, errlen, name, "expected a duration such as 0.5, "
		    "20ms or 500us, got \"%s\"", arg);
	if (errno != 0 || !isfinite(*v) || *v < 0 || *v * scale[u] > 3600)
		return bad(err, errlen, name, "\"%s\" is out of range (0 to "
		    "3600 s)", arg);
	*v *= scale[u];
	return 0;
}

int
optval_size(const char *name, const char *arg, size_t *v, char *err,
    size_t errlen)
{
	struct grid g;
	char gerr[200] = "";
	int rc;
	size_t n;

	if (arg == NULL)
		return bad(err, errlen, name, "no value given");
	rc = grid_parse(arg, &g, gerr, sizeof(gerr));
	n = rc == 0 ? g.n : 0;
	if (n == 1)
		*v = g.v[0];
	grid_free(&g);
	if (rc != 0 && gerr[0] != '\0')
		return bad(err, errlen, name, "%s", gerr);
	if (n != 1)
		return bad(err, errlen, name, "expected one size, got \"%s\"",
		    arg);
	return 0;
}

int
optval_dir(const char *name, const char *arg, char **v, char *err,
    size_t errlen)
{
	size_t len;

	if (arg == NULL || (len = strlen(arg)) == 0)
		return bad(err, errlen, name, "empty directory name");
	while (len > 1 && arg[len - 1] == '/')
		len--;
	*v = xmalloc(len + 1);
	memcpy(*v, arg, len);
	(*v)[len] = '\0';
	return 0;
}

/* The index of the len bytes at s in names[], or -1. */
static int
name_index(const char *const *names, const char *s, size_t len)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0)
			return i;
	return -1;
}

int
optval_choice(const char *name, const char *arg, const char *const *names,
    const char *expect, int *v, char *err, size_t errlen)
{
	if (arg == NULL)
		return bad(err, errlen, name, "no value given");
	if ((*v = name_index(names, arg, strlen(arg))) < 0)
		return bad(err, errlen, name, "expected %s, got \"%s\"", expect,
		    arg);
	return 0;
}

int
optval_set(const char *name, const char *arg, const char *const *names,
    const char *expect, unsigned *v, char *err, size_t errlen)
{
	const char *p = arg, *e;
	size_t len;
	int i;

	if (arg == NULL)
		return bad(err, errlen, name, "no value given");
	for (*v = 0;; p = e + 1) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		if ((i = name_index(names, p, len)) < 0)
			return bad(err, errlen, name, "expected %s, got \"%s\"",
			    expect, arg);
		*v |= 1u << i;
		if (e == NULL)
			return 0;
	}
}

int
optval_timer(const char *name, const char *arg, char *err, size_t errlen)
{
	if (arg == NULL || !timer_name_valid(arg))
		return bad(err, errlen, name, "unknown timer \"%s\" (expected "
		    "auto, cycles, tsc or ns)", arg != NULL ? arg : "");
	return 0;
}

int
optval_cpu(const char *name, const char *arg, char *err, size_t errlen)
{
	unsigned long long cpu;

	if (arg != NULL && strcmp(arg, "any") == 0)
		return 0;
	return optval_uint(name, arg, 0, 65535, &cpu, err, errlen);
}

int
optval_style(const char *name, const char *arg, int *v, char *err,
    size_t errlen)
{
	if (arg == NULL || (*v = cmp_style_parse(arg)) < 0)
		return bad(err, errlen, name, "expected bpf, ticks, markdown, "
		    "csv or wide, got \"%s\"", arg != NULL ? arg : "");
	return 0;
}

int
optval_alpha(const char *name, const char *arg, double *v, char *err,
    size_t errlen)
{
	if (number(name, arg, 0, v, err, errlen) != 0)
		return -1;
	if (!(*v > 0 && *v < 1))
		return bad(err, errlen, name, "%s is not between 0 and 1", arg);
	return 0;
}

int
optval_min_delta(const char *name, const char *arg, double *v, char *err,
    size_t errlen)
{
	if (arg != NULL && strcmp(arg, "auto") == 0) {
		*v = -1;
		return 0;
	}
	return number(name, arg, 0, v, err, errlen);
}

int
optval_cost(const char *name, const char *arg, int *v, char *err,
    size_t errlen)
{
	/* gross: the name whole calls had before they were the default. */
	static const char *const names[] = { "whole", "net", "gross", NULL };
	static const int cost[] = {
		CMP_COST_WHOLE, CMP_COST_NET, CMP_COST_WHOLE
	};
	int i;

	if (optval_choice(name, arg, names, "whole or net", &i, err,
	    errlen) != 0)
		return -1;
	*v = cost[i];
	return 0;
}
