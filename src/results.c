/*
 * results.c - writing measured points: CSV and the terminal summary.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "results.h"
#include "util.h"

const char *const results_columns[] = {
	"family", "kernel", "isa", "size", "src_align", "dst_align",
	"rel_align", "cache", "mode", "unit", "samples", "batch", "min",
	"median", "mean", "stddev", "mad", "ci_lo", "ci_hi", "q1", "q3", "max",
	"overhead", "bytes_per_unit", "gbps", "mops", "timer_hz", NULL
};

double
point_bytes_per_unit(const struct point *p)
{
	return p->st.median > 0 ? (double)p->size / p->st.median : NAN;
}

double
point_gbps(const struct point *p, const struct timer_info *ti)
{
	if (!(p->st.median > 0) || !(ti->hz > 0))
		return NAN;
	return (double)p->size / (p->st.median / ti->hz) / 1e9;
}

double
point_mops(const struct point *p, const struct timer_info *ti)
{
	if (!(p->st.median > 0) || !(ti->hz > 0))
		return NAN;
	return ti->hz / p->st.median / 1e6;
}

size_t
point_rel_align(const struct point *p)
{
	return (size_t)((p->src_off - p->dst_off) & 7);
}

void
results_write_csv(FILE *fp, const struct point *pts, size_t n,
    const struct timer_info *ti)
{
	struct csv_writer w;
	size_t i;

	csv_init(&w, fp);
	for (i = 0; results_columns[i] != NULL; i++)
		csv_str(&w, results_columns[i]);
	csv_end(&w);
	for (i = 0; i < n; i++) {
		const struct point *p = &pts[i];

		csv_str(&w, family_name(p->k->family));
		csv_str(&w, p->k->name);
		csv_str(&w, p->k->isa);
		csv_ulong(&w, p->size);
		csv_ulong(&w, p->src_off);
		csv_ulong(&w, p->dst_off);
		csv_ulong(&w, point_rel_align(p));
		csv_str(&w, cache_name(p->cache));
		csv_str(&w, mode_name(p->mode));
		csv_str(&w, ti->unit);
		csv_ulong(&w, p->nsamples);
		csv_ulong(&w, p->batch);
		csv_double(&w, p->st.min);
		csv_double(&w, p->st.median);
		csv_double(&w, p->st.mean);
		csv_double(&w, p->st.stddev);
		csv_double(&w, p->st.mad);
		csv_double(&w, p->st.ci_lo);
		csv_double(&w, p->st.ci_hi);
		csv_double(&w, p->st.q1);
		csv_double(&w, p->st.q3);
		csv_double(&w, p->st.max);
		csv_double(&w, p->overhead);
		csv_double(&w, point_bytes_per_unit(p));
		csv_double(&w, point_gbps(p, ti));
		csv_double(&w, point_mops(p, ti));
		csv_double(&w, ti->hz);
		csv_end(&w);
	}
}

void
results_write_summary(FILE *fp, const struct point *pts, size_t n,
    const struct timer_info *ti)
{
	size_t i;
	int last_family = -1;
	char sz[32], al[48];

	for (i = 0; i < n; i++) {
		const struct point *p = &pts[i];
		double ci = p->st.median > 0 ?
		    (p->st.ci_hi - p->st.ci_lo) / 2 / p->st.median * 100 : 0;

		if ((int)p->k->family != last_family) {
			fprintf(fp, "%s%-10s %-22s %8s %9s %12s %8s %10s %9s\n",
			    last_family < 0 ? "" : "\n",
			    family_name(p->k->family), "kernel", "size",
			    "src/dst", ti->unit, "ci95", "bytes/unit", "GB/s");
			last_family = (int)p->k->family;
		}
		snprintf(al, sizeof(al), "%zu/%zu", p->src_off, p->dst_off);
		fprintf(fp, "%-10s %-22s %8s %9s %12.2f %7.1f%% %10.2f %9.2f\n",
		    "", p->k->name, fmt_size(p->size, sz, sizeof(sz)), al,
		    p->st.median, ci, point_bytes_per_unit(p),
		    point_gbps(p, ti));
	}
}
