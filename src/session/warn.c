/*
 * warn.c - warnings printed once, each with a switch (warn.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "engine.h"
#include "rkey.h"
#include "rset_points.h"
#include "summary_opts.h"
#include "util.h"
#include "warn.h"

static const char *const warn_name[WARN_N] = {
	[WARN_VM] = "vm", [WARN_LOAD] = "load", [WARN_GOVERNOR] = "governor",
	[WARN_TURBO] = "turbo", [WARN_CI] = "ci", [WARN_CLOCK] = "clock",
	[WARN_FEW] = "few", [WARN_BOUND] = "bound", [WARN_LAYOUT] = "layout",
};

const char warn_names[] = "vm, load, governor, turbo, ci, clock, few, bound, "
    "layout";

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

/*
 * Does p's interval decide anything? It does when it overlaps the
 * interval of another kernel at p's position (or has none): which of the
 * two is faster is then open, and more samples could settle it.
 */
static int
warn_open(const struct point *pts, size_t n, const struct point *p)
{
	size_t i;

	if (!isfinite(p->st.ci_lo) || !isfinite(p->st.ci_hi))
		return 1;
	for (i = 0; i < n; i++) {
		const struct point *q = &pts[i];

		if (q == p || q->k->family != p->k->family ||
		    rset_points_cmp(p, q, RK_POSITION) != 0)
			continue;
		if (!isfinite(q->st.ci_lo) || !isfinite(q->st.ci_hi) ||
		    (q->st.ci_lo <= p->st.ci_hi && p->st.ci_lo <= q->st.ci_hi))
			return 1;
	}
	return 0;
}

/*
 * The --max-time that would bring a CI of hw percent to target (a
 * fraction), the half-width shrinking as the square root of the time:
 * "60ms", "1.5s"; two digits, rounded up, at most 60 s.
 */
static void
warn_max_time(char *buf, size_t len, double max_time, double hw,
    double target)
{
	double t = max_time * (hw / (target * 100)) * (hw / (target * 100));
	double unit;

	if (!isfinite(t) || t > 60)
		t = 60;
	unit = pow(10, floor(log10(t)) - 1);
	t = ceil(t / unit) * unit;
	if (t < 1)
		snprintf(buf, len, "%gms", round(t * 1e4) / 10);
	else
		snprintf(buf, len, "%gs", t);
}

void
warn_machine(const struct cpuinfo *ci)
{
	if (ci->hypervisor[0] != '\0')
		/* One line of 80 columns for a hypervisor name of up to 14
		 * characters ("Microsoft Hv": WSL2 and many CI runners). */
		warn_once(WARN_VM, "a VM (%.14s): compare within one run",
		    ci->hypervisor);
	/* On a terminal, 80 columns (the quick sweep fits a screen); in a
	 * log, the command and the reason too. */
	if (ci->governor[0] != '\0' &&
	    strcmp(ci->governor, "performance") != 0)
		warn_once(WARN_GOVERNOR, stderr_is_tty() ? "governor %.12s, "
		    "not performance" : "frequency governor \"%s\": cpupower "
		    "frequency-set -g performance", ci->governor);
	if (ci->turbo == 1)
		warn_once(WARN_TURBO, "turbo/boost on: %s", stderr_is_tty() ?
		    "turn it off" : "the clock follows load and heat; turn it "
		    "off");
	if (ci->loadavg1 > 0.5 * ci->online_cpus)
		warn_once(WARN_LOAD, "load %.2f on %d CPUs: measure when idle",
		    ci->loadavg1, ci->online_cpus);
}

void
warn_few(unsigned long long reps)
{
	if (reps > 0 && reps < 10)
		warn_once(WARN_FEW, "only %llu samples a point: --reps 10 or "
		    "more", reps);
}

void
warn_unconverged(const struct point *pts, size_t n, double target,
    double max_time)
{
	double *hw = xcalloc(n + 1, sizeof(*hw));
	const struct point *worst = NULL;
	size_t i, open = 0;
	char sz[32], med[48], wide[48], set[32];

	for (i = 0; i < n; i++) {
		if (pts[i].converged)
			continue;
		/* A point a little short of the target is as good, and one
		 * apart from every other kernel's decides nothing more. */
		if (!(warn_hw(&pts[i]) > 2 * target * 100) ||
		    !warn_open(pts, n, &pts[i]))
			continue;
		hw[open++] = warn_hw(&pts[i]);
		if (worst == NULL || warn_hw(&pts[i]) > warn_hw(worst))
			worst = &pts[i];
	}
	if (open > 0) {
		qsort(hw, open, sizeof(*hw), warn_dbl_cmp);
		/* Too few samples for an interval: say so, not "+-inf%". */
		warn_pct(med, sizeof(med), hw[open / 2]);
		warn_pct(wide, sizeof(wide), warn_hw(worst));
		warn_max_time(set, sizeof(set), max_time, hw[open / 2], target);
		/*
		 * On a terminal one line of 80 columns, in the summary's
		 * words ("~ within noise"), so that a quick sweep with its
		 * warnings fits a screen; in a log, or with -v, also by how
		 * much and which point is widest.
		 */
		if (verbose_level < 2 && stderr_is_tty())
			warn_once(WARN_CI, "%zu of %zu within noise: set "
			    "--max-time %s", open, n, set);
		else
			warn_once(WARN_CI, "%zu of %zu points short of "
			    "--target-ci %g%% overlap another kernel: CI %s, "
			    "widest %s (%s, %s); set --max-time %s",
			    open, n, target * 100, med, wide, worst->k->name,
			    summary_size(worst->pos.size, sz, sizeof(sz)), set);
	}
	free(hw);
}
