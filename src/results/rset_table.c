/*
 * rset_table.c - results as a table for a terminal: one block per family,
 * one line per point with its median, the half-width of its confidence
 * interval, and the throughput.
 *
 * Nothing impossible is printed as a number: a floor-limited point (its
 * call costs what an empty call does) shows "<floor" instead of a
 * throughput, and a throughput above the physical bound of the CPU (bound.h)
 * carries a "!"; both are explained under the table.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ceilings.h"
#include "names.h"
#include "rset_io.h"
#include "util.h"

/* What the table marked, for the notes under it. */
struct marks {
	int	floor, bound, net;
	double	bound_lo, bound_hi;	/* the bounds of the points marked */
};

/* A cost: its median, or "<floor" for a net cost not told from 0. */
static void
put_cost(FILE *fp, const struct rpoint *p, struct marks *m)
{
	if (strcmp(p->cost, "net") == 0 && rset_floor_limited(p)) {
		fprintf(fp, " %12s", "<floor");
		m->floor = 1;
	} else if (isfinite(p->st.median))
		fprintf(fp, " %12.2f", p->st.median);
	else
		fprintf(fp, " %12s", "-");
}

/* A throughput cell of width w: the value (with "!" above the bound),
 * "<floor", or "-" when there is none. */
static void
put_rate(FILE *fp, double v, int w, int above, const struct rpoint *p,
    struct marks *m)
{
	char buf[48];

	if (rset_floor_limited(p)) {
		fprintf(fp, " %*s", w, "<floor");
		m->floor = 1;
	} else if (!isfinite(v))
		fprintf(fp, " %*s", w, "-");
	else {
		snprintf(buf, sizeof(buf), "%.2f%s", v, above ? "!" : "");
		fprintf(fp, " %*s", w, buf);
	}
}

static void
put_notes(FILE *fp, const struct marks *m)
{
	if (m->floor)
		fprintf(fp, "<floor: the call costs what an empty call does "
		    "(the 95%% CI of its net cost reaches below half a core "
		    "cycle): no throughput%s.\n", m->net ? ", and no net cost" :
		    "");
	if (m->bound && m->bound_hi > m->bound_lo)
		fprintf(fp, "!: above the physical bound of this CPU (%.0f to "
		    "%.0f bytes/unit; see csumbench(1), OUTPUT): a measurement "
		    "error, not a result.\n", m->bound_lo, m->bound_hi);
	else if (m->bound)
		fprintf(fp, "!: above the physical bound of this CPU (%.0f "
		    "bytes/unit; see csumbench(1), OUTPUT): a measurement "
		    "error, not a result.\n", m->bound_lo);
}

void
rset_table_write(FILE *fp, const struct rset *rs, const size_t *idx,
    size_t n)
{
	const char *last_family = NULL;
	size_t i;
	int states = 0, dists = 0;
	struct marks m = { 0, 0, 0, INFINITY, 0 };
	struct ceilings ceil;
	int peak = ceilings_from_provenance(&rs->prov, &ceil) == 0;
	char sz[32], al[48];

	/* Name the cache state and mode only when the run has others; the
	 * distance only when it varies. */
	for (i = 0; i < n; i++) {
		const struct rpoint *p = &rs->p[idx != NULL ? idx[i] : i];

		if (p->pos.cache != CACHE_HOT || p->pos.mode != MODE_THROUGHPUT)
			states = 1;
		if (p->pos.distance != rs->p[idx != NULL ? idx[0] :
		    0].pos.distance)
			dists = 1;
	}
	for (i = 0; i < n; i++) {
		const struct rpoint *p = &rs->p[idx != NULL ? idx[i] : i];
		double ci = p->st.median > 0 ?
		    (p->st.ci_hi - p->st.ci_lo) / 2 / p->st.median * 100 : NAN;
		double bpu = rset_bytes_per_unit(p);
		int above = rset_bound_exceeded(p, rs);

		if (last_family == NULL || strcmp(p->family, last_family) != 0) {
			fprintf(fp, "%s%-10s %-22s %8s %9s%s %12s %8s %10s %9s%s"
			    "%s\n", last_family == NULL ? "" : "\n", p->family,
			    "kernel", "size", "src/dst", dists ? "  distance" :
			    "", p->unit, "ci95", "bytes/unit", "GB/s",
			    peak ? "   %peak" : "", states ? "  cache mode" : "");
			last_family = p->family;
		}
		snprintf(al, sizeof(al), "%zu/%zu", p->pos.src_off,
		    p->pos.dst_off);
		fprintf(fp, "%-10s %-22s %8s %9s", "", p->kernel,
		    rset_shape(p)[0] != '\0' ? rset_shape(p) :
		    fmt_size(p->pos.size, sz, sizeof(sz)), al);
		if (dists)
			fprintf(fp, " %9zu", p->pos.distance);
		put_cost(fp, p, &m);
		if (isfinite(ci))
			fprintf(fp, " %7.1f%%", ci);
		else
			fprintf(fp, " %8s", "-");
		put_rate(fp, bpu, 10, above, p, &m);
		put_rate(fp, rset_gbps(p), 9, above, p, &m);
		if (peak)
			put_rate(fp, ceilings_pct(&ceil, p->family,
			    rset_bytes(p), p->pos.cache,
			    p->unit, p->hz, bpu), 7, 0, p, &m);
		if (states)
			fprintf(fp, "  %-5s %s", cache_name(p->pos.cache),
			    mode_name(p->pos.mode));
		fputc('\n', fp);
		m.net |= strcmp(p->cost, "net") == 0;
		if (above) {
			double b = rset_bound_bytes_per_unit(p, rs);

			m.bound = 1;
			m.bound_lo = fmin(m.bound_lo, b);
			m.bound_hi = fmax(m.bound_hi, b);
		}
	}
	if (m.floor || m.bound || peak)
		fputc('\n', fp);
	put_notes(fp, &m);
	if (peak)
		fprintf(fp, "%%peak: bytes/unit over the ceiling of the "
		    "kernel's pattern at the level its working set fits "
		    "(memory when cold); see csumbench ceilings.\n");
}
