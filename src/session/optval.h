/*
 * optval.h - the values of options that commands share: numbers,
 * percentages, durations, sizes, lists of names, and compare's --style,
 * --alpha, --min-delta and --cost.
 *
 * Each parser takes the option's long name (without "--", for the
 * message) and the text given, stores the value and returns 0, or returns
 * -1 with one line in err naming the option and the bad value.
 */
#ifndef CSUMBENCH_OPTVAL_H
#define CSUMBENCH_OPTVAL_H

#include <stddef.h>

#include "options.h"

/* Row i's long name and value: the first two arguments of a parser. */
#define OPTVAL_OF(o, i)	(o)->rows[(i)].name, options_value((o), (i))

/*
 * Row i's value, parsed as its row's type (OPT_UINT; OPT_NUM, OPT_PCT or
 * OPT_TIME) and checked against its range. A row not given and without a
 * default leaves *v alone. 0, or -1 with one line in err.
 */
int	optval_row_uint(const struct options *o, size_t i,
	    unsigned long long *v, char *err, size_t errlen);
int	optval_row_num(const struct options *o, size_t i, double *v, char *err,
	    size_t errlen);

/* A decimal integer in [min, max]. */
int	optval_uint(const char *name, const char *arg, unsigned long long min,
	    unsigned long long max, unsigned long long *v, char *err,
	    size_t errlen);
/* A finite number >= 0. */
int	optval_double(const char *name, const char *arg, double *v, char *err,
	    size_t errlen);
/* A percentage >= 0, "%" allowed after it, at most max (max < 0: none). */
int	optval_percent(const char *name, const char *arg, double max, double *v,
	    char *err, size_t errlen);
/* A duration in seconds: a number with an optional s, ms or us suffix. */
int	optval_duration(const char *name, const char *arg, double *v, char *err,
	    size_t errlen);
/* One size in bytes, with an optional K, M or G suffix. */
int	optval_size(const char *name, const char *arg, size_t *v, char *err,
	    size_t errlen);
/*
 * A directory name, not empty, as a copy for the caller to free without
 * its trailing slashes ("rep/" and "rep" alike: no "rep//report.md").
 */
int	optval_dir(const char *name, const char *arg, char **v, char *err,
	    size_t errlen);
/* One of names[] (NULL-terminated): its index. expect says what is. */
int	optval_choice(const char *name, const char *arg,
	    const char *const *names, const char *expect, int *v, char *err,
	    size_t errlen);
/* A comma-separated list of names[]: a bit mask of their indexes. */
int	optval_set(const char *name, const char *arg, const char *const *names,
	    const char *expect, unsigned *v, char *err, size_t errlen);
/* --timer: auto, cycles, tsc or ns. */
int	optval_timer(const char *name, const char *arg, char *err,
	    size_t errlen);
/* --cpu: a CPU number or "any". */
int	optval_cpu(const char *name, const char *arg, char *err, size_t errlen);
/* --style: bpf, ticks, markdown, csv or wide (enum cmp_style). */
int	optval_style(const char *name, const char *arg, int *v, char *err,
	    size_t errlen);
/* --alpha: a significance level, strictly between 0 and 1. */
int	optval_alpha(const char *name, const char *arg, double *v, char *err,
	    size_t errlen);
/* --min-delta: "auto" (-1) or a number of units >= 0. */
int	optval_min_delta(const char *name, const char *arg, double *v,
	    char *err, size_t errlen);
/* --cost: auto, net or gross (CMP_COST_*). */
int	optval_cost(const char *name, const char *arg, int *v, char *err,
	    size_t errlen);

#endif
