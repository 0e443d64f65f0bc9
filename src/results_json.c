/*
 * results_json.c - the JSON results file (see results_json.h).
 *
 * Google Benchmark's names are used where they mean the same thing, so its
 * tools can read the file: each point is one "aggregate" entry (the median
 * of its samples) whose real_time and cpu_time are the median per-call cost
 * in nanoseconds (the process is single-threaded and busy, so the two are
 * the same figure), iterations is the number of calls timed, repetitions
 * the number of samples. Our own fields keep the native unit (ticks,
 * cycles or ns) and the raw samples.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "results.h"
#include "results_json.h"
#include "util.h"

static void
write_point(struct json_writer *w, const struct point *p,
    const struct timer_info *ti)
{
	char *name;
	double ns, scale = ti->hz > 0 ? 1e9 / ti->hz : NAN;
	size_t i;

	name = xasprintf("%s/%zu/%zu/%zu/%s/%s", p->k->name, p->size,
	    p->src_off, p->dst_off, cache_name(p->cache), mode_name(p->mode));
	ns = p->st.median * scale;
	jw_object_begin(w, NULL);
	jw_string(w, "name", name);
	jw_string(w, "run_name", name);
	jw_string(w, "run_type", "aggregate");
	jw_string(w, "aggregate_name", "median");
	jw_uint(w, "repetitions", p->nsamples);
	jw_uint(w, "threads", 1);
	jw_uint(w, "iterations", (unsigned long long)p->batch * p->nsamples);
	jw_number(w, "real_time", ns);
	jw_number(w, "cpu_time", ns);
	jw_string(w, "time_unit", "ns");
	jw_number(w, "items_per_second", ns > 0 ? 1e9 / ns : NAN);
	jw_number(w, "bytes_per_second", ns > 0 ? 1e9 / ns * (double)p->size :
	    NAN);
	jw_string(w, "family", family_name(p->k->family));
	jw_string(w, "kernel", p->k->name);
	jw_string(w, "isa", p->k->isa);
	jw_uint(w, "size", p->size);
	jw_uint(w, "src_align", p->src_off);
	jw_uint(w, "dst_align", p->dst_off);
	jw_uint(w, "rel_align", point_rel_align(p));
	jw_string(w, "cache", cache_name(p->cache));
	jw_string(w, "mode", mode_name(p->mode));
	jw_string(w, "unit", ti->unit);
	jw_number(w, "timer_hz", ti->hz);
	jw_uint(w, "batch", p->batch);
	jw_number(w, "overhead", p->overhead);
	jw_number(w, "min", p->st.min);
	jw_number(w, "median", p->st.median);
	jw_number(w, "mean", p->st.mean);
	jw_number(w, "stddev", p->st.stddev);
	jw_number(w, "mad", p->st.mad);
	jw_number(w, "ci_lo", p->st.ci_lo);
	jw_number(w, "ci_hi", p->st.ci_hi);
	jw_number(w, "q1", p->st.q1);
	jw_number(w, "q3", p->st.q3);
	jw_number(w, "max", p->st.max);
	jw_number(w, "gbps", point_gbps(p, ti));
	jw_number(w, "mops", point_mops(p, ti));
	jw_array_begin(w, "samples", 1);
	for (i = 0; i < p->nsamples; i++)
		jw_number(w, NULL, p->samples[i]);
	jw_array_end(w);
	jw_object_end(w);
	free(name);
}

void
results_write_json(FILE *fp, const struct point *pts, size_t n,
    const struct timer_info *ti, const struct provenance *pv)
{
	struct json_writer w;
	const char *v;
	size_t i;

	jw_init(&w, fp);
	jw_object_begin(&w, NULL);
	jw_object_begin(&w, "context");
	for (i = 0; i < pv->n; i++)
		jw_string(&w, pv->v[i].key, pv->v[i].value);
	/* Google Benchmark's names for what the provenance already says. */
	if ((v = provenance_get(pv, "host")) != NULL)
		jw_string(&w, "host_name", v);
	jw_string(&w, "executable", "csumbench");
	if ((v = provenance_get(pv, "cpus_online")) != NULL)
		jw_number(&w, "num_cpus", atof(v));
	if (ti->hz > 0)
		jw_number(&w, "mhz_per_cpu", ti->hz / 1e6);
	jw_object_end(&w);
	jw_array_begin(&w, "benchmarks", 0);
	for (i = 0; i < n; i++)
		write_point(&w, &pts[i], ti);
	jw_array_end(&w);
	jw_object_end(&w);
	jw_finish(&w);
}
