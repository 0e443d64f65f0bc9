/*
 * warn.c - warnings printed once, each with a switch (warn.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "summary.h"
#include "util.h"
#include "warn.h"

static const char *const warn_name[WARN_N] = {
	[WARN_VM] = "vm", [WARN_LOAD] = "load", [WARN_GOVERNOR] = "governor",
	[WARN_TURBO] = "turbo", [WARN_CI] = "ci", [WARN_CLOCK] = "clock",
	[WARN_FEW] = "few", [WARN_BOUND] = "bound",
};

const char warn_names[] = "vm, load, governor, turbo, ci, clock, few, bound";

static unsigned warn_off;	/* bit id: turned off */
static unsigned warn_done;	/* bit id: printed */

/* One word of a list: NAME or no-NAME. */
static int
warn_word(const char *opt, const char *w, size_t len, char *err,
    size_t errlen)
{
	int off = len > 3 && strncmp(w, "no-", 3) == 0;
	size_t i;

	if (off) {
		w += 3;
		len -= 3;
	}
	if (len == 3 && strncmp(w, "all", 3) == 0) {
		warn_off = off ? (1u << WARN_N) - 1 : 0;
		return 0;
	}
	for (i = 0; i < WARN_N; i++)
		if (strlen(warn_name[i]) == len &&
		    strncmp(warn_name[i], w, len) == 0) {
			if (off)
				warn_off |= 1u << i;
			else
				warn_off &= ~(1u << i);
			return 0;
		}
	snprintf(err, errlen, "%s: unknown warning \"%.*s\" (known: %s, all; "
	    "no-NAME turns one off)", opt, (int)len, w, warn_names);
	return -1;
}

int
warn_parse(const char *opt, const char *list, char *err, size_t errlen)
{
	const char *p, *e;

	/* Never e + 1 past the last word: e is NULL there. */
	for (p = list;; p = e + 1) {
		e = strchr(p, ',');
		if (warn_word(opt, p, e ? (size_t)(e - p) : strlen(p), err,
		    errlen) != 0)
			return -1;
		if (e == NULL)
			return 0;
	}
}

int
warn_env(char *err, size_t errlen)
{
	const char *v = getenv("CSUMBENCH_WARN");

	if (v == NULL || *v == '\0')
		return 0;
	return warn_parse("CSUMBENCH_WARN", v, err, errlen);
}

int
warn_on(enum warn_id id)
{
	return !(warn_off & (1u << id)) && verbose_level > 0;
}

int
warn_once(enum warn_id id, const char *fmt, ...)
{
	va_list ap;

	if (!warn_on(id) || (warn_done & (1u << id)))
		return 0;
	warn_done |= 1u << id;
	fprintf(stderr, "%s: warning: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (-W no-%s)\n", warn_name[id]);
	return 1;
}

static int
warn_dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The relative half-width of p's 95% CI, in percent (inf: unknown). */
static double
warn_hw(const struct point *p)
{
	double hw = (p->st.ci_hi - p->st.ci_lo) / 2 / p->st.median * 100;

	return isfinite(hw) && hw >= 0 ? hw : INFINITY;
}

/*
 * A CI half-width in percent ("+-0.4%", "+-38%"), or "none" where there is
 * no interval.
 */
static void
warn_pct(char *buf, size_t len, double hw)
{
	if (!isfinite(hw))
		snprintf(buf, len, "none (too few samples)");
	else
		snprintf(buf, len, "+-%.*f%%", hw < 10 ? 1 : 0, hw);
}

void
warn_unconverged(const struct point *pts, size_t n, double target,
    double max_time)
{
	double *hw = xcalloc(n + 1, sizeof(*hw));
	const struct point *worst = NULL;
	size_t i, miss = 0, far = 0;
	char sz[32];

	for (i = 0; i < n; i++) {
		if (pts[i].converged)
			continue;
		hw[miss++] = warn_hw(&pts[i]);
		far += warn_hw(&pts[i]) > 2 * target * 100;
		if (worst == NULL || warn_hw(&pts[i]) > warn_hw(worst))
			worst = &pts[i];
	}
	/* A point a little short of the target is as good as converged. */
	if (far > 0) {
		char med[48], wide[48];

		qsort(hw, miss, sizeof(*hw), warn_dbl_cmp);
		/* Too few samples for an interval: say so, not "+-inf%". */
		warn_pct(med, sizeof(med), hw[miss / 2]);
		warn_pct(wide, sizeof(wide), warn_hw(worst));
		warn_once(WARN_CI, "%zu of %zu points short of --target-ci "
		    "%g%%, %zu by over twice: median CI %s, widest %s (%s, "
		    "%s); raise --max-time %gms", miss, n, target * 100, far,
		    med, wide, worst->k->name,
		    summary_size(worst->size, sz, sizeof(sz)), max_time * 1e3);
	}
	free(hw);
}
