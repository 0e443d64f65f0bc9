/*
 * results.c - writing measured points: CSV and the terminal summary.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "load.h"
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
	struct rset rs;

	load_from_points(&rs, pts, n, ti);
	results_write_rset(fp, &rs, NULL, n);
	load_free(&rs);
}

void
results_write_rset(FILE *fp, const struct rset *rs, const size_t *idx,
    size_t n)
{
	struct csv_writer w;
	size_t i;

	csv_init(&w, fp);
	for (i = 0; results_columns[i] != NULL; i++)
		csv_str(&w, results_columns[i]);
	csv_end(&w);
	for (i = 0; i < n; i++) {
		const struct rpoint *p = &rs->p[idx != NULL ? idx[i] : i];
		double med = p->st.median;

		csv_str(&w, p->family);
		csv_str(&w, p->kernel);
		csv_str(&w, p->isa);
		csv_ulong(&w, p->size);
		csv_ulong(&w, p->src_align);
		csv_ulong(&w, p->dst_align);
		csv_ulong(&w, load_rel_align(p));
		csv_str(&w, p->cache);
		csv_str(&w, p->mode);
		csv_str(&w, p->unit);
		csv_ulong(&w, p->n);
		csv_ulong(&w, p->batch);
		csv_double(&w, p->st.min);
		csv_double(&w, med);
		csv_double(&w, p->st.mean);
		csv_double(&w, p->st.stddev);
		csv_double(&w, p->st.mad);
		csv_double(&w, p->st.ci_lo);
		csv_double(&w, p->st.ci_hi);
		csv_double(&w, p->st.q1);
		csv_double(&w, p->st.q3);
		csv_double(&w, p->st.max);
		csv_double(&w, p->overhead);
		csv_double(&w, med > 0 ? (double)p->size / med : NAN);
		csv_double(&w, p->hz > 0 ? load_gbps(p) : NAN);
		csv_double(&w, med > 0 && p->hz > 0 ? p->hz / med / 1e6 : NAN);
		csv_double(&w, p->hz);
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
