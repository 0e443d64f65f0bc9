/*
 * gate_out.h - the gate's verdict for CI servers: JUnit XML (one test case
 * per point) and a Markdown summary (for a job's summary page).
 *
 * Both say what compare_gate says on stderr, from the same rows: a point
 * fails when the gate failed it; a point the gate could not judge is an
 * error; a point a rule kept out of the verdict (--min-delta, or flagged
 * in some copies only) passes with the reason attached, never silently.
 */
#ifndef CSUMBENCH_GATE_OUT_H
#define CSUMBENCH_GATE_OUT_H

#include <stdio.h>

#include "cmp.h"

/* The gate's rows of res as JUnit XML on fp; rc is compare_gate's. */
void	gate_out_junit(FILE *fp, const struct cmp_result *res,
	    const struct cmp_opts *o, int rc);
/* The gate's verdict of res as Markdown on fp; rc is compare_gate's. */
void	gate_out_markdown(FILE *fp, const struct cmp_result *res,
	    const struct cmp_opts *o, int rc);

#endif
