/*
 * resultset.c - a results CSV read back into memory, for plot and report.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "resultset.h"
#include "util.h"

/* The columns plot and report need; the others are carried along. */
static const char *const required[] = {
	"family", "kernel", "size", "src_align", "dst_align", "cache", "unit",
	"median", "q1", "q3", NULL
};

static int
col_index(const struct resultset *rs, const char *name)
{
	size_t i;

	for (i = 0; i < rs->ncol; i++)
		if (strcmp(rs->header[i], name) == 0)
			return (int)i;
	return -1;
}

/* A numeric field: empty means NaN (how csv_double writes non-finite). */
static double
num_field(const struct resultset *rs, unsigned long line, int col,
    char **f)
{
	char *end;
	double v;

	if (col < 0 || f[col][0] == '\0')
		return NAN;
	errno = 0;
	v = strtod(f[col], &end);
	if (end == f[col] || *end != '\0' || errno == ERANGE)
		usage_error("%s line %lu: column %s: expected a number, got "
		    "\"%s\"", rs->path, line, rs->header[col], f[col]);
	return v;
}

void
rset_load(struct resultset *rs, const char *path)
{
	struct csv_reader r;
	FILE *fp;
	char err[256], *mpath;
	int nf, c[32];
	size_t i, cap = 0;
	enum { FAM, KER, SIZE, SRC, DST, CACHE, UNIT, MED, Q1, Q3, REL, MODE,
	    CILO, CIHI, HZ };
	static const char *const optional[] = {
		"rel_align", "mode", "ci_lo", "ci_hi", "timer_hz", NULL
	};

	memset(rs, 0, sizeof(*rs));
	rs->path = xstrdup(path);
	if ((fp = fopen(path, "r")) == NULL)
		usage_error("cannot read %s: %s", path, strerror(errno));
	csv_reader_init(&r, fp);
	nf = csv_read_record(&r, err, sizeof(err));
	if (nf < 0)
		usage_error("%s line %lu: %s", path, r.line, err);
	if (nf == 0)
		usage_error("%s: empty file, not a csumbench results CSV", path);
	rs->ncol = (size_t)nf;
	rs->header = xcalloc(rs->ncol, sizeof(char *));
	for (i = 0; i < rs->ncol; i++)
		rs->header[i] = xstrdup(r.fields[i]);
	for (i = 0; required[i] != NULL; i++)
		if ((c[i] = col_index(rs, required[i])) < 0)
			usage_error("%s: not a csumbench results CSV (no column "
			    "\"%s\")", path, required[i]);
	for (i = 0; optional[i] != NULL; i++)
		c[REL + i] = col_index(rs, optional[i]);

	while ((nf = csv_read_record(&r, err, sizeof(err))) != 0) {
		struct rrow *row;
		size_t j;

		if (nf < 0)
			usage_error("%s line %lu: %s", path, r.line, err);
		if (nf == 1 && r.fields[0][0] == '\0')
			continue;	/* a blank line */
		if ((size_t)nf != rs->ncol)
			usage_error("%s line %lu: %d fields, the header has %zu",
			    path, r.line, nf, rs->ncol);
		if (rs->n == cap) {
			cap = cap ? cap * 2 : 256;
			rs->rows = xreallocarray(rs->rows, cap, sizeof(*rs->rows));
		}
		row = &rs->rows[rs->n++];
		row->fields = xcalloc(rs->ncol, sizeof(char *));
		for (j = 0; j < rs->ncol; j++)
			row->fields[j] = xstrdup(r.fields[j]);
		row->family = row->fields[c[FAM]];
		row->kernel = row->fields[c[KER]];
		row->cache = row->fields[c[CACHE]];
		row->unit = row->fields[c[UNIT]];
		row->mode = c[MODE] >= 0 ? row->fields[c[MODE]] : "throughput";
		row->size = num_field(rs, r.line, c[SIZE], row->fields);
		row->src_align = num_field(rs, r.line, c[SRC], row->fields);
		row->dst_align = num_field(rs, r.line, c[DST], row->fields);
		row->median = num_field(rs, r.line, c[MED], row->fields);
		row->q1 = num_field(rs, r.line, c[Q1], row->fields);
		row->q3 = num_field(rs, r.line, c[Q3], row->fields);
		row->ci_lo = num_field(rs, r.line, c[CILO], row->fields);
		row->ci_hi = num_field(rs, r.line, c[CIHI], row->fields);
		row->timer_hz = num_field(rs, r.line, c[HZ], row->fields);
		if (c[REL] >= 0)
			row->rel_align = num_field(rs, r.line, c[REL],
			    row->fields);
		else
			row->rel_align = (double)(((long long)row->src_align -
			    (long long)row->dst_align) & 7);
		if (row->family[0] == '\0' || row->kernel[0] == '\0' ||
		    isnan(row->size) || row->size < 0 ||
		    isnan(row->src_align) || isnan(row->dst_align))
			usage_error("%s line %lu: family, kernel, size and "
			    "offsets must be given", path, r.line);
	}
	csv_reader_free(&r);
	fclose(fp);
	if (rs->n == 0)
		usage_error("%s: no results (a header and no rows)", path);

	mpath = provenance_path(path);
	if ((fp = fopen(mpath, "r")) != NULL) {
		if (provenance_read(fp, &rs->meta, err, sizeof(err)) != 0)
			usage_error("%s: %s", mpath, err);
		rs->have_meta = 1;
		fclose(fp);
	}
	free(mpath);
}

void
rset_free(struct resultset *rs)
{
	size_t i, j;

	for (i = 0; i < rs->n; i++) {
		for (j = 0; j < rs->ncol; j++)
			free(rs->rows[i].fields[j]);
		free(rs->rows[i].fields);
	}
	for (j = 0; j < rs->ncol; j++)
		free(rs->header[j]);
	free(rs->header);
	free(rs->rows);
	free(rs->path);
	if (rs->have_meta)
		provenance_free(&rs->meta);
	memset(rs, 0, sizeof(*rs));
}

void
rset_write(FILE *fp, const struct resultset *rs, const size_t *idx, size_t n)
{
	struct csv_writer w;
	size_t i, j;

	csv_init(&w, fp);
	for (j = 0; j < rs->ncol; j++)
		csv_str(&w, rs->header[j]);
	csv_end(&w);
	for (i = 0; i < n; i++) {
		for (j = 0; j < rs->ncol; j++)
			csv_str(&w, rs->rows[idx[i]].fields[j]);
		csv_end(&w);
	}
}

const char *
rset_meta(const struct resultset *rs, const char *key)
{
	const char *v;

	if (!rs->have_meta)
		return "";
	v = provenance_get(&rs->meta, key);
	return v != NULL ? v : "";
}

double
rrow_gbps(const struct rrow *r)
{
	if (strcmp(r->unit, "ns") == 0)
		return r->median > 0 ? r->size / r->median : NAN;
	if (!(r->timer_hz > 0) || !(r->median > 0))
		return NAN;
	return r->size / (r->median / r->timer_hz) / 1e9;
}
