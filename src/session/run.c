/*
 * run.c - one run of a sweep (run.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "context.h"
#include "layout.h"
#include "provenance.h"
#include "rset.h"
#include "rset_points.h"
#include "run.h"
#include "runout.h"
#include "select.h"
#include "util.h"


/* Where each kernel came from: its object, copy and base, as fields. */
static const struct rset_origin run_origin = {
	.object = select_origin, .copy = select_copy, .base = select_base,
};

/* The kernels and the points, grouped by position; the samples the
 * comparison within the run needs. */
/* The kernels compared with --baseline's: of its family, less itself. */
static size_t
run_rivals(const struct run_plan *p)
{
	const struct kernel *b = NULL;
	size_t i, n = 0;

	for (i = 0; i < p->nk; i++)
		if (strcmp(p->ks[i]->name, p->baseline) == 0)
			b = p->ks[i];
	for (i = 0; b != NULL && i < p->nk; i++)
		n += p->ks[i] != b && p->ks[i]->family == b->family;
	return n;
}

int
run_points(struct run *r, char *err, size_t errlen)
{
	struct run_plan *p = &r->p;
	size_t m, need;

	p->seed = r->s.eo.seed;
	p->draw_seed = session_seed(&r->s);
	if (runplan_kernels(p, err, errlen) != 0 ||
	    runplan_points(p, err, errlen) != 0)
		return -1;
	r->s.nkernels = p->nk;
	r->co.placed = p->placed;
	r->co.ab_a = p->ab[0];
	r->co.ab_b = p->ab[1];
	/* The copies of a point in one row, unless -v or a cover letter's
	 * style asks for a table per copy. */
	r->co.copies_table = p->ab[0] != NULL && p->replicas > 1 &&
	    !r->verbose && r->co.style == CMP_MARKDOWN;
	if (p->baseline != NULL)
		r->co.a_kernel = p->baseline;
	/* A baseline against two or more kernels, on a terminal: the wide
	 * view (a table per kernel was some 300 lines a family), unless
	 * --style asks for the tables. */
	if (p->baseline != NULL && !r->style_given &&
	    isatty(STDOUT_FILENO) && run_rivals(p) >= 2)
		r->co.style = CMP_WIDE;
	if (p->skipped[2])
		talk("csumbench: %zu csum_diff point%s skipped: sizes must be "
		    "multiples of 4\n", p->skipped[2], p->skipped[2] == 1 ? "" :
		    "s");
	if (p->skipped[1])
		talk("csumbench: %zu point%s skipped: F/T sizes are csum_diff's "
		    "only\n", p->skipped[1], p->skipped[1] == 1 ? "" : "s");
	/* A delta table within one run tests segments of paired samples
	 * (compare.h): enough for the test to reach alpha, under a gate
	 * alpha / m. */
	need = runplan_cmp_samples(p, r->co.alpha, &m);
	if (r->s.reps >= need)
		return 0;
	if (!p->gate || !r->reps_given) {
		if (p->gate)
			talk("csumbench: --fail-above over %zu points: %zu "
			    "samples per point (%zu segments of the run for the "
			    "gate's test)\n", m, need, need / ENGINE_ROUND);
		if (!r->reps_given)
			r->s.reps = need;
		return 0;
	}
	warnx_("--fail-above over %zu points needs %zu samples per point (-r "
	    "%zu) to judge each: with -r %llu, a slower point may be one it "
	    "cannot judge", m, need, need, r->s.reps);
	return 0;
}

void
run_outputs(struct run *r)
{
	int to_stdout = r->output == NULL || strcmp(r->output, "-") == 0;
	int cmp = r->p.baseline != NULL || r->p.ab[0] != NULL;
	size_t need = compare_table_samples(r->co.alpha);

	/* --format decides; without it, a terminal gets the summary. */
	if (r->format != NULL)
		r->fmt = rformat_find(r->format);
	else if (r->output == NULL ||
	    (r->fmt = rformat_for_path(r->output)) == NULL)
		r->fmt = rformat_find(r->output == NULL &&
		    isatty(STDOUT_FILENO) ? "summary" : "csv");
	r->table = !r->fmt->terminal ? 0 :
	    strcmp(r->fmt->name, "table") == 0 ? 1 :
	    strcmp(r->fmt->name, "wide") == 0 ? 3 : 2;
	if (cmp)
		r->table = to_stdout ? -1 : 0;
	/* Results to a file: the terminal still shows the summary. */
	r->aside = r->table == 0 && !to_stdout && verbose_level > 0 && !cmp &&
	    isatty(STDOUT_FILENO);
	/* The summary tells kernels apart with the test of a delta table
	 * of one run (summary.h): without -r, the samples it needs. */
	if ((r->table >= 2 || r->aside) && !r->reps_given && r->s.reps < need)
		r->s.reps = need;
}

int
run_open(struct run *r, char *err, size_t errlen)
{
	gatefile_open(&r->gf, r->junit, r->gate_md, &r->co);
	if (r->table == 0 && session_open(&r->s, r->output != NULL ?
	    r->output : "-", r->fmt->sidecar, err, errlen) != 0)
		return -1;
	return 0;
}

/* The terminal's view number view of the results, to out. */
static void
run_show(const struct run *r, FILE *out, const struct rset *rs, int view)
{
	struct runout_view v = { .view = view, .alpha = r->co.alpha,
	    .net = r->co.cost == CMP_COST_NET, .verbose = r->verbose,
	    .distance = r->p.distance, .min_samples = r->s.er.min_samples,
	    .max_samples = r->s.er.max_samples };

	runout_write(out, rs, &v);
}

/* The results, then --baseline's deltas; the exit status. */
int
run_emit(struct run *r, FILE *out, int *status, char *err, size_t errlen)
{
	struct rset rs;
	int rc = 0, cmp = r->p.baseline != NULL || r->p.ab[0] != NULL;

	*status = 0;
	runplan_sort(&r->p);
	rset_from_points(&rs, r->p.pts, r->p.npts, &ctx.timer, &run_origin);
	session_provenance(&r->s, &rs.prov);
	runplan_provenance(&r->p, &rs.prov);
	session_provenance_sampling(&r->s, &rs.prov);
	if (r->p.caches & 4)
		provenance_set(&rs.prov, "llc_pool_bytes", "%zu",
		    arena_pool_bytes(CACHE_LLC, r->s.eo.llc));
	if (r->p.caches & 2) {
		provenance_set(&rs.prov, "cold_pool_bytes", "%zu",
		    arena_pool_bytes(CACHE_COLD, r->s.eo.llc));
		provenance_set(&rs.prov, "cold_order", "random");
		provenance_set(&rs.prov, "cold_hugepages", "%s",
		    r->s.er.cold_hugepages ? "requested" : "no");
	}
	runout_checks(&rs, (r->table >= 2 || r->aside) && !r->verbose);
	if (r->table > 0)
		run_show(r, out, &rs, r->table);
	else if (r->table == 0) {
		r->fmt->write(r->s.of.fp, &rs, NULL, rs.n);
		if ((rc = session_commit(&r->s, &rs.prov, err, errlen)) != 0)
			goto out;
		if (r->output != NULL && strcmp(r->output, "-") != 0)
			talk("csumbench: wrote %zu points to %s\n", rs.n,
			    r->output);
	}
	if (r->aside)
		run_show(r, out, &rs, 2);
	/* --replicas of loaded objects: what their layout did to each. */
	if (r->p.replicas > 1 && r->p.ab[0] == NULL && (r->table > 0 ||
	    r->aside || verbose_level > 0)) {
		if (r->table > 0 || r->aside)
			putc('\n', out);
		layout_write(r->table > 0 || r->aside ? out : stderr, &rs,
		    10);
	}
	if (cmp && (*status = compare_sets(&rs, &rs, &r->co, out, err,
	    errlen)) < 0)
		rc = -1;
	gatefile_commit(&r->gf);
out:
	rset_free(&rs);
	return rc;
}

