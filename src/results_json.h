/*
 * results_json.h - the JSON results file of `run -o r.json`.
 *
 * { "context": { provenance, plus Google Benchmark's context names },
 *   "benchmarks": [ one object per grid point, with its raw samples ] }
 * The field mapping is documented in csumbench(1), COMPARE.
 */
#ifndef CSUMBENCH_RESULTS_JSON_H
#define CSUMBENCH_RESULTS_JSON_H

#include <stdio.h>

#include "engine.h"
#include "provenance.h"

void	results_write_json(FILE *fp, const struct point *pts, size_t n,
	    const struct timer_info *ti, const struct provenance *pv);

#endif
