/*
 * optval.c - the values of options that commands share.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "grid.h"
#include "optval.h"
#include "timer.h"
#include "util.h"

/* Every parser's answer to a missing value (a row without a default). */
static int
no_value(const char *name, const char *arg, char *err, size_t errlen)
{
	if (arg != NULL)
		return 0;
	snprintf(err, errlen, "--%s: no value given", name);
	return -1;
}

int
optval_uint(const char *name, const char *arg, unsigned long long min,
    unsigned long long max, unsigned long long *v, char *err, size_t errlen)
{
	char *end;

	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	errno = 0;
	if (isdigit((unsigned char)*arg))
		*v = strtoull(arg, &end, 10);
	if (!isdigit((unsigned char)*arg) || errno != 0 || *end != '\0') {
		snprintf(err, errlen, "--%s: expected a number, got \"%s\"",
		    name, arg);
		return -1;
	}
	if (*v < min || *v > max) {
		snprintf(err, errlen, "--%s: %llu is out of range %llu..%llu",
		    name, *v, min, max);
		return -1;
	}
	return 0;
}

/* A finite number >= 0, with a "%" after it when pct. */
static int
number(const char *name, const char *arg, int pct, double *v, char *err,
    size_t errlen)
{
	char *end;

	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	errno = 0;
	*v = strtod(arg, &end);
	if (pct && *end == '%')
		end++;
	if (end == arg || *end != '\0' || errno != 0 || !isfinite(*v) ||
	    *v < 0) {
		snprintf(err, errlen, "--%s: expected a non-negative number, "
		    "got \"%s\"", name, arg);
		return -1;
	}
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
	if (max >= 0 && *v > max) {
		snprintf(err, errlen, "--%s: %s is out of range (0 to %g%%)",
		    name, arg, max);
		return -1;
	}
	return 0;
}

int
optval_duration(const char *name, const char *arg, double *v, char *err,
    size_t errlen)
{
	char *end;
	double scale = 1;

	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	errno = 0;
	*v = strtod(arg, &end);
	if (end != arg && strcmp(end, "ms") == 0)
		scale = 1e-3;
	else if (end != arg && strcmp(end, "us") == 0)
		scale = 1e-6;
	else if (end == arg || (*end != '\0' && strcmp(end, "s") != 0)) {
		snprintf(err, errlen, "--%s: expected a duration such as 0.5, "
		    "20ms or 500us, got \"%s\"", name, arg);
		return -1;
	}
	if (errno != 0 || !isfinite(*v) || *v < 0 || *v * scale > 3600) {
		snprintf(err, errlen, "--%s: \"%s\" is out of range (0 to "
		    "3600 s)", name, arg);
		return -1;
	}
	*v *= scale;
	return 0;
}

int
optval_size(const char *name, const char *arg, size_t *v, char *err,
    size_t errlen)
{
	struct grid g;
	char gerr[200];

	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	gerr[0] = '\0';
	if (grid_parse(arg, &g, gerr, sizeof(gerr)) != 0) {
		if (gerr[0] == '\0')
			snprintf(err, errlen, "--%s: expected one size, got "
			    "\"%s\"", name, arg);
		else
			snprintf(err, errlen, "--%s: %s", name, gerr);
		return -1;
	}
	if (g.n != 1) {
		snprintf(err, errlen, "--%s: expected one size, got \"%s\"",
		    name, arg);
		grid_free(&g);
		return -1;
	}
	*v = g.v[0];
	grid_free(&g);
	return 0;
}

int
optval_dir(const char *name, const char *arg, char **v, char *err,
    size_t errlen)
{
	size_t len;

	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	if ((len = strlen(arg)) == 0) {
		snprintf(err, errlen, "--%s: empty directory name", name);
		return -1;
	}
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
	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	if ((*v = name_index(names, arg, strlen(arg))) < 0) {
		snprintf(err, errlen, "--%s: expected %s, got \"%s\"", name,
		    expect, arg);
		return -1;
	}
	return 0;
}

int
optval_set(const char *name, const char *arg, const char *const *names,
    const char *expect, unsigned *v, char *err, size_t errlen)
{
	const char *p = arg, *e;
	size_t len;
	int i;

	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	*v = 0;
	for (;;) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		if ((i = name_index(names, p, len)) < 0) {
			snprintf(err, errlen, "--%s: expected %s, got \"%s\"",
			    name, expect, arg);
			return -1;
		}
		*v |= 1u << i;
		if (e == NULL)
			return 0;
		p = e + 1;
	}
}

int
optval_timer(const char *name, const char *arg, char *err, size_t errlen)
{
	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	if (!timer_name_valid(arg)) {
		snprintf(err, errlen, "--%s: unknown timer \"%s\" (expected "
		    "auto, cycles, tsc or ns)", name, arg);
		return -1;
	}
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
	if (no_value(name, arg, err, errlen) != 0)
		return -1;
	if ((*v = cmp_style_parse(arg)) < 0) {
		snprintf(err, errlen, "--%s: expected bpf, ticks, markdown or "
		    "csv, got \"%s\"", name, arg);
		return -1;
	}
	return 0;
}

int
optval_alpha(const char *name, const char *arg, double *v, char *err,
    size_t errlen)
{
	if (number(name, arg, 0, v, err, errlen) != 0)
		return -1;
	if (!(*v > 0 && *v < 1)) {
		snprintf(err, errlen, "--%s: %s is not between 0 and 1", name,
		    arg);
		return -1;
	}
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
	static const char *const names[] = { "auto", "net", "gross", NULL };
	static const int cost[] = {
		CMP_COST_AUTO, CMP_COST_NET, CMP_COST_GROSS
	};
	int i;

	if (optval_choice(name, arg, names, "auto, net or gross", &i, err,
	    errlen) != 0)
		return -1;
	*v = cost[i];
	return 0;
}
