/*
 * runout.c - a run's results for a terminal (runout.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "context.h"
#include "pivot.h"
#include "rformat.h"
#include "rset.h"
#include "summary.h"
#include "tuning.h"
#include "util.h"
#include "warn.h"
#include "runout.h"

/* The table's last line: the kernels' tuning in force, and from where. */
static void
runout_tuning(FILE *fp)
{
	char src[1400], vals[1024];

	tuning_source(&ctx.tuning, src, sizeof(src));
	tuning_values(&ctx.tuning, 0, vals, sizeof(vals));
	fprintf(fp, "Tuning: %s: %s.\n", src, vals);
}

/* Under the table or summary: how the numbers were measured. */
static void
runout_footer(FILE *fp, const struct runout_view *v)
{
	fprintf(fp, "\n%s per call, %s (median of %zu", ctx.timer.unit,
	    v->net ? "net: the empty call's cost subtracted" : "whole call",
	    v->min_samples);
	if (v->max_samples != v->min_samples)
		fprintf(fp, " to %zu", v->max_samples);
	fprintf(fp, " samples), timer %s at %.3f GHz", ctx.timer.name,
	    ctx.timer.hz / 1e9);
	if (ctx.timer.est_core_hz > 0 && ctx.timer.kind != TIMER_CYCLES)
		fprintf(fp, ", core clock ~%.2f GHz (estimated)",
		    ctx.timer.est_core_hz / 1e9);
	fprintf(fp, ".\nPlacement: destination %s bytes past the source, mod "
	    "the %ld-byte page%s.\n", v->distance != NULL ? v->distance :
	    "2048", sysconf(_SC_PAGESIZE), v->distance != NULL ?
	    " (--distance)" : " (the default; 0 for destination offsets of 64 "
	    "and more)");
	runout_tuning(fp);
}

/*
 * Under the summary: the same, in one line of a terminal's width when it
 * fits (the title says the unit and the median), else two; no blank
 * line. The quick sweep's summary, this and three warnings above fit
 * 80 x 24: the samples, the timer, the core clock; the CPU, a
 * --distance, and where to find the rest when there is room.
 */
static void
runout_brief(FILE *fp, const struct runout_view *v)
{
	static const char more[] = " Every point: -v; every column: -o FILE.csv.";
	char smp[48], tim[96], who[320];
	size_t n;

	if (v->max_samples != v->min_samples)
		snprintf(smp, sizeof(smp), "%zu-%zu samples", v->min_samples,
		    v->max_samples);
	else
		snprintf(smp, sizeof(smp), "%zu samples", v->min_samples);
	n = (size_t)snprintf(tim, sizeof(tim), "%s at %.3f GHz", ctx.timer.name,
	    ctx.timer.hz / 1e9);
	if (ctx.timer.est_core_hz > 0 && ctx.timer.kind != TIMER_CYCLES &&
	    n < sizeof(tim))
		snprintf(tim + n, sizeof(tim) - n, ", core ~%.2f GHz (est.)",
		    ctx.timer.est_core_hz / 1e9);
	snprintf(who, sizeof(who), "%s%s%s%s.", ctx.cpu.brand,
	    v->distance != NULL ? "; destination " : "",
	    v->distance != NULL ? v->distance : "",
	    v->distance != NULL ? " B past the source" : "");
	if (strlen(smp) + strlen(tim) + strlen(who) + 4 <= 79) {
		n = (size_t)fprintf(fp, "%s; %s; %s", smp, tim, who);
	} else {
		fprintf(fp, "%s of %s; medians of %s.\n", ctx.timer.unit, tim,
		    smp);
		n = (size_t)fprintf(fp, "%s", who);
	}
	if (n + strlen(more) <= 79)
		fputs(more, fp);
	else if (n + 17 <= 79)
		fputs(" Every point: -v.", fp);
	fputc('\n', fp);
}

void
runout_write(FILE *fp, const struct rset *rs, const struct runout_view *v)
{
	struct rset net;
	const struct rset *shown = rs;

	if (v->net) {
		rset_net_view(&net, rs);
		shown = &net;
	}
	if (v->view == 2 || v->view == 3) {
		struct summary_opts so = { .alpha = v->alpha,
		    .cost = v->net ? "net: the empty call's cost subtracted" :
		    "whole call" };

		if (v->view == 3)
			pivot_write(fp, shown, &so);
		else
			summary_write(fp, shown, &so);
		if (v->verbose)
			putc('\n', fp);
	}
	if (v->view == 1 || v->verbose)
		rset_table_write(fp, shown, NULL, rs->n);
	if (v->net)
		rset_free(&net);
	if (v->view >= 2 && !v->verbose)
		runout_brief(fp, v);
	else
		runout_footer(fp, v);
}

void
runout_checks(const struct rset *rs, int summary)
{
	size_t i, nfloor = 0, nbound = 0;
	const struct rpoint *worst = NULL;

	for (i = 0; i < rs->n; i++) {
		const struct rpoint *p = &rs->p[i];

		nfloor += rset_floor_limited(p);
		if (rset_bound_exceeded(p, rs)) {
			nbound++;
			if (worst == NULL || rset_bytes_per_unit(p) /
			    rset_bound_bytes_per_unit(p, rs) >
			    rset_bytes_per_unit(worst) /
			    rset_bound_bytes_per_unit(worst, rs))
				worst = p;
		}
	}
	/* The summary shows no throughput: nothing to explain there. */
	if (nfloor > 0 && !summary)
		talk("csumbench: %zu point%s at the empty call's cost: no "
		    "throughput given (floor_limited=1)\n", nfloor,
		    nfloor == 1 ? "" : "s");
	if (nbound > 0)
		warn_once(WARN_BOUND, "%zu point%s above the physical bound of "
		    "bytes per %s (above_bound=1; %s at %zu bytes: %.1f, bound %.1f): a "
		    "measurement error, not a result", nbound, nbound == 1 ?
		    " is" : "s are", worst->unit, worst->kernel,
		    worst->pos.size,
		    rset_bytes_per_unit(worst), rset_bound_bytes_per_unit(worst, rs));
}
