/*
 * t_rset.c - the results writers and readers on a fixed set of points.
 *
 * The same synthetic points (no timing involved) are written as CSV, JSON
 * and the terminal table, under a TSC-like timer and under the ns timer,
 * and compared byte for byte with the files in tests/data/golden/. The CSV
 * files are then read back and written again, which must give the same
 * bytes. `t_rset --write DIR` writes the files instead (to review a
 * deliberate change of the schema).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/results/bound.h"
#include "../src/engine/engine.h"
#include "../src/results/provenance.h"
#include "../src/results/rfield.h"
#include "../src/report/rformat.h"
#include "../src/results/rkey.h"
#include "../src/results/rset.h"
#include "../src/session/rset_points.h"
#include "../src/base/stats.h"
#include "tap.h"

static const struct kernel kx[] = {
	{ .name = "memcpy.test_a", .family = K_MEMCPY, .isa = "c" },
	{ .name = "copy.test_c", .family = K_COPY, .isa = "sse2" },
	{ .name = "csum.test_b", .family = K_CSUM, .isa = "avx2" },
};

#define NPTS	7

/*
 * Samples with ties, an outlier, one point at or below the floor (its net
 * cost not above 0), and one impossibly fast (64 KiB in about 15 units,
 * far above any core's bound), at another placement. Each sample is a
 * whole call: its floor (the overhead, jittered by an eighth of a unit)
 * plus the net cost first + step * k, as the engine records them.
 */
static void
make_points(struct point *pts)
{
	static const struct {
		int k;
		size_t size, src, dst, dist;
		int cache, mode;
		size_t batch;
		double overhead, first, step;
		size_t n;
	} d[NPTS] = {
		{ 0, 64, 0, 0, 2048, CACHE_HOT, MODE_THROUGHPUT, 1024, 4.25, 10.5, 0.125, 9 },
		{ 0, 4096, 3, 5, 2048, CACHE_COLD, MODE_LATENCY, 16, 6.5, 812.75, 3.5, 12 },
		{ 0, 4096, 0, 0, 2048, CACHE_HOT, MODE_THROUGHPUT, 64, 4.0, 100.0 / 3, 0.1, 7 },
		{ 0, 65536, 0, 0, 16, CACHE_HOT, MODE_THROUGHPUT, 64, 4.0, 10.0, 0.5, 9 },
		{ 1, 1500, 7, 1, 2048, CACHE_HOT, MODE_THROUGHPUT, 256, 5.125, 61.0, 0.75, 10 },
		{ 2, 20, 0, 0, 2048, CACHE_HOT, MODE_THROUGHPUT, 2048, 7.5, -0.5, 0.0625, 8 },
		{ 2, 1500, 2, 2, 2048, CACHE_HOT, MODE_LATENCY, 128, 7.5, 95.0, 1.0 / 7, 11 },
	};
	size_t i, j;

	for (i = 0; i < NPTS; i++) {
		struct point *p = &pts[i];
		double *net;

		memset(p, 0, sizeof(*p));
		p->k = &kx[d[i].k];
		p->pos.size = d[i].size;
		p->pos.src_off = d[i].src;
		p->pos.dst_off = d[i].dst;
		p->pos.distance = d[i].dist;
		p->pos.cache = d[i].cache;
		p->pos.mode = d[i].mode;
		p->batch = d[i].batch;
		p->overhead = d[i].overhead;
		p->nsamples = p->cap = d[i].n;
		p->samples = calloc(d[i].n, sizeof(double));
		p->floors = calloc(d[i].n, sizeof(double));
		net = calloc(d[i].n, sizeof(double));
		for (j = 0; j < d[i].n; j++) {
			net[j] = d[i].first + d[i].step *
			    (double)((j * 5) % d[i].n);
			if (d[i].n > 8 && j == 3)
				net[j] = d[i].first * 7;	/* an outlier */
			p->floors[j] = d[i].overhead + 0.125 *
			    (double)((int)((j * 2) % 3) - 1);
			p->samples[j] = p->floors[j] + net[j];
		}
		stats_compute_series(p->samples, p->nsamples, &p->st);
		stats_compute_series(net, p->nsamples, &p->net);
		free(net);
	}
}

static void
make_timer(struct timer_info *ti, int ns)
{
	memset(ti, 0, sizeof(*ti));
	ti->name = ns ? "clock_gettime" : "tsc";
	ti->unit = ns ? "ns" : "ticks";
	ti->hz = ns ? 1e9 : 2596137371.910474;
	ti->est_core_hz = ns ? 0 : 3712345678;
}

static char *
slurp_fp(FILE *fp, size_t *len)
{
	char *buf;
	long n;

	fflush(fp);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		perror("slurp");
		exit(99);
	}
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static const char *wdir;	/* --write DIR */

/* What fp holds against the golden file name; or write it to wdir. */
static int
same_as(FILE *fp, const char *name)
{
	size_t len, glen = 0;
	char *got = slurp_fp(fp, &len), *want = NULL, *path;
	const char *top = getenv("top_srcdir");
	FILE *g;
	int ok;

	if (wdir != NULL) {
		path = malloc(strlen(wdir) + strlen(name) + 2);
		sprintf(path, "%s/%s", wdir, name);
		g = fopen(path, "w");
		if (g == NULL || fwrite(got, 1, len, g) != len || fclose(g)) {
			perror(path);
			exit(99);
		}
		free(path);
		free(got);
		return 1;
	}
	if (top == NULL)
		top = ".";
	path = malloc(strlen(top) + strlen(name) + 32);
	sprintf(path, "%s/tests/data/golden/%s", top, name);
	if ((g = fopen(path, "r")) != NULL) {
		fseek(g, 0, SEEK_END);
		want = slurp_fp(g, &glen);
		fclose(g);
	} else
		tap_diag("%s: cannot open", path);
	ok = want != NULL && glen == len && memcmp(got, want, len) == 0;
	if (!ok && want != NULL) {
		size_t i, line = 1;

		for (i = 0; i < len && i < glen && got[i] == want[i]; i++)
			line += got[i] == '\n';
		tap_diag("%s differs from line %zu", name, line);
	}
	free(path);
	free(got);
	free(want);
	return ok;
}

static FILE *
tmp(void)
{
	FILE *fp = tmpfile();

	if (fp == NULL) {
		perror("tmpfile");
		exit(99);
	}
	return fp;
}

/* The field table is consistent: what "a column is one row" relies on. */
static void
check_schema(void)
{
	const struct rfield **col = calloc(nrfields, sizeof(*col));
	size_t i, j, n, bad = 0;
	int part;

	n = rfield_layout(1, col);
	for (i = 0; i < n; i++)
		bad += col[i]->jpos <= (i > 0 ? col[i - 1]->jpos : 0);
	tap_ok(bad == 0 && n > 0, "the %zu JSON positions are positive, each "
	    "once", n);
	for (i = bad = 0; i < nrfields; i++)
		for (j = 0; j < i; j++)
			bad += (rfields[i].csv != NULL && rfields[j].csv != NULL &&
			    strcmp(rfields[i].csv, rfields[j].csv) == 0) ||
			    (rfields[i].json != NULL && rfields[j].json != NULL &&
			    strcmp(rfields[i].json, rfields[j].json) == 0);
	tap_ok(bad == 0, "no CSV column or JSON member named twice");
	for (part = bad = 0; part < RK_NPARTS; part++) {
		for (i = n = 0; i < nrfields; i++)
			n += (rfields[i].flags & RF_KEY) && rfields[i].part == part;
		bad += n != 1 || !rfield_stored(rfield_key(part)) ||
		    (rfield_key(part)->type != RT_STR &&
		    rfield_key(part)->type != RT_SIZE);
	}
	tap_ok(bad == 0, "each part of the grid key is one stored text or "
	    "size field");
	for (i = bad = 0; i < nrfields; i++) {
		const struct rfield *f = &rfields[i];

		bad += !rfield_stored(f) && (f->flags & (RF_REQUIRED |
		    RF_FLOOR | RF_STAT | RF_KEY));
		bad += (f->flags & RF_FLOOR) && f->type != RT_NUM &&
		    f->type != RT_SAMPLES;
		bad += f->csv == NULL && f->json == NULL;
	}
	tap_ok(bad == 0, "derived fields are neither read nor floor-added; "
	    "every field is in a format");
	free(col);
}

/* Each format of rs against its golden file. */
static void
check_formats(const struct rset *rs, const char *u)
{
	static const char *const fmts[] = { "csv", "json", "table" };
	const struct rformat *f;
	char name[64];
	size_t i;
	FILE *fp;

	for (i = 0; i < 3; i++) {
		f = rformat_find(fmts[i]);
		snprintf(name, sizeof(name), "points_%s.%s", u, fmts[i]);
		fp = tmp();
		f->write(fp, rs, NULL, rs->n);
		tap_ok(same_as(fp, name), "%s of known points (%s) as golden",
		    fmts[i], u);
		fclose(fp);
	}
}

/*
 * The checks of every point: the impossible one (64 KiB in 16 units) is
 * above the physical bound and no other is; the one at the floor is
 * floor-limited and no other is, and has no throughput.
 */
static void
check_checks(const struct rset *rs, const char *u)
{
	size_t i, above = 0, fl = 0, bad = 0;

	for (i = 0; i < rs->n; i++) {
		const struct rpoint *p = &rs->p[i];
		int imp = p->pos.size == 65536, flo = p->pos.size == 20;

		above += rset_bound_exceeded(p, rs);
		fl += rset_floor_limited(p);
		bad += rset_bound_exceeded(p, rs) != imp;
		bad += rset_floor_limited(p) != flo;
		bad += flo && !isnan(rset_bytes_per_unit(p) + rset_gbps(p) +
		    rset_mops(p));
	}
	tap_ok(bad == 0 && above == 1 && fl == 1, "%s: the impossible cell "
	    "flagged above the bound (%zu), the floor-limited point without "
	    "a throughput (%zu), no other", u, above, fl);
}

/* Ceilings as a tuning file puts them into run's provenance (ticks). */
static void
add_ceilings(struct rset *rs)
{
	static const char *const kv[] = {
		"l1d_bytes", "32768", "l2_bytes", "1048576",
		"l3_bytes", "33554432", "ceiling_unit", "ticks",
		"ceiling_hz", "2596137372", "ceiling_l1_load", "90.5",
		"ceiling_l1_store", "45.25", "ceiling_l1_copy", "45",
		"ceiling_l2_load", "45.5", "ceiling_l2_store", "44",
		"ceiling_l2_copy", "22.5", "ceiling_l3_load", "38",
		"ceiling_l3_store", "38", "ceiling_l3_copy", "18.5",
		"ceiling_mem_load", "9", "ceiling_mem_store", "10.5",
		"ceiling_mem_copy", "8", NULL
	};
	size_t i;

	for (i = 0; kv[i] != NULL; i += 2)
		provenance_set(&rs->prov, kv[i], "%s", kv[i + 1]);
}

/* The golden CSV read back and written again: the same bytes. */
static void
check_round_trip(const char *u, const char *est_hz)
{
	const char *top = getenv("top_srcdir");
	char path[4096], err[512];
	struct rset rs;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/tests/data/golden/points_%s.csv",
	    top != NULL ? top : ".", u);
	if (!tap_ok(rformat_read(path, &rs, err, sizeof(err)) == 0,
	    "golden CSV (%s) reads back", u)) {
		tap_diag("%s", err);
		return;
	}
	if (est_hz != NULL) {	/* what the .meta beside a run's CSV says */
		provenance_set(&rs.prov, "est_core_hz", "%s", est_hz);
		add_ceilings(&rs);
	}
	snprintf(path, sizeof(path), "points_%s.csv", u);
	fp = tmp();
	rset_csv_write(fp, &rs, NULL, rs.n);
	tap_ok(wdir != NULL || same_as(fp, path),
	    "golden CSV (%s) read and written again: the same", u);
	fclose(fp);
	rset_free(&rs);
}

int
main(int argc, char **argv)
{
	struct point pts[NPTS];
	struct timer_info ti;
	struct rset rs;
	int ns;

	if (argc == 3 && strcmp(argv[1], "--write") == 0)
		wdir = argv[2];
	check_schema();
	make_points(pts);
	for (ns = 0; ns < 2; ns++) {
		const char *u = ns ? "ns" : "ticks";

		make_timer(&ti, ns);
		rset_from_points(&rs, pts, NPTS, &ti, NULL);
		/* As run's provenance would have it. */
		provenance_set(&rs.prov, "host", "testhost");
		provenance_set(&rs.prov, "cpus_online", "2");
		provenance_set(&rs.prov, "unit", "%s", ti.unit);
		if (ti.est_core_hz > 0) {
			provenance_set(&rs.prov, "est_core_hz", "%.0f",
			    ti.est_core_hz);
			add_ceilings(&rs);
		}
		check_formats(&rs, u);
		check_checks(&rs, u);
		rset_free(&rs);
		check_round_trip(u, ns ? NULL : "3712345678");
	}
	engine_free(pts, NPTS);
	return tap_done();
}
