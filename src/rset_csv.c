/*
 * rset_csv.c - results as CSV: one header row, one row per point, the
 * columns of the field table (rfield.c) in its order.
 *
 * Reading finds columns by name, so files with extra or reordered columns
 * load as long as the required ones are there; derived columns are
 * ignored (they are computed again when written).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "rfield.h"
#include "rformat.h"
#include "util.h"

static void
put_begin(void *arg)
{
}

static void
put_cell(void *arg, const struct rfield *f, const struct rval *v)
{
	if (f->type == RT_STR)
		csv_str(arg, v->s);
	else if (f->type == RT_NUM)
		csv_double(arg, v->d);
	else
		csv_ulong(arg, v->u);
}

static void
put_end(void *arg)
{
	csv_end(arg);
}

void
rset_csv_write(FILE *fp, const struct rset *rs, const size_t *idx, size_t n)
{
	const struct rfield **col = xcalloc(nrfields, sizeof(*col));
	size_t j, ncol = rfield_layout(0, col);
	struct csv_writer w;
	struct rfield_sink s = { put_begin, put_cell, put_end, &w };

	csv_init(&w, fp);
	for (j = 0; j < ncol; j++)
		csv_str(&w, col[j]->csv);
	csv_end(&w);
	free(col);
	rfield_each(rs, idx, n, 0, &s);
}

/* An empty field is the writers' way of saying "not finite". */
static int
parse_num(const char *s, double *out)
{
	char *end;

	if (*s == '\0') {
		*out = NAN;
		return 0;
	}
	errno = 0;
	*out = strtod(s, &end);
	return *end != '\0' || errno == ERANGE ? -1 : 0;
}

static int
parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > (size_t)-1)
		return -1;
	*out = (size_t)v;
	return 0;
}

/* The header: col[f] is the column of field f (the last of that name), or
 * -1. */
static int
read_header(struct csv_reader *r, struct rset *rs, int *col, int *nf,
    char *err, size_t errlen)
{
	char cerr[160];
	size_t f;
	int j;

	*nf = csv_read_record(r, cerr, sizeof(cerr));
	if (*nf < 0)
		return rset_error(err, errlen, rs->path, "%s", cerr);
	if (*nf == 0)
		return rset_error(err, errlen, rs->path, "empty file");
	for (f = 0; f < nrfields; f++) {
		const struct rfield *fd = &rfields[f];

		col[f] = -1;
		if (fd->csv == NULL || !rfield_stored(fd))
			continue;
		for (j = 0; j < *nf; j++)
			if (strcmp(r->fields[j], fd->csv) == 0)
				col[f] = j;
		if (col[f] < 0 && (fd->flags & RF_REQUIRED))
			return rset_error(err, errlen, rs->path, "not a "
			    "csumbench results file: no column \"%s\"", fd->csv);
	}
	return 0;
}

/* One stored field of the row just read into p. */
static int
read_cell(const struct rfield *f, const char *s, struct rpoint *p,
    const struct csv_reader *r, struct rset *rs, char *err, size_t errlen)
{
	double x;

	switch (f->type) {
	case RT_STR:
		*rfield_str(f, p) = xstrdup(s != NULL ? s :
		    f->absent != NULL ? f->absent : "");
		if ((f->flags & RF_NONEMPTY) && **rfield_str(f, p) == '\0')
			return rset_error(err, errlen, rs->path, "line %lu: "
			    "empty %s", r->line, f->csv);
		return 0;
	case RT_SIZE:
		if (s != NULL && parse_size(s, rfield_size(f, p)) != 0)
			return rset_error(err, errlen, rs->path, "line %lu: "
			    "column %s: expected a whole number, got \"%s\"",
			    r->line, f->csv, s);
		return 0;
	case RT_COUNT:
	case RT_NUM:
		if (s == NULL)
			return 0;
		if (parse_num(s, &x) != 0)
			return rset_error(err, errlen, rs->path, "line %lu: "
			    "column %s: expected a number, got \"%s\"",
			    r->line, f->csv, s);
		if (f->type == RT_NUM)
			*rfield_num(f, p) = x;
		else
			*rfield_size(f, p) = x >= 0 ? (size_t)x : 0;
		return 0;
	case RT_SAMPLES:
		break;
	}
	return 0;
}

static int
read_row(struct csv_reader *r, const int *col, struct rset *rs, char *err,
    size_t errlen)
{
	struct rpoint *p = rset_add(rs);
	size_t f;

	for (f = 0; f < nrfields; f++) {
		const struct rfield *fd = &rfields[f];

		if (fd->csv == NULL || !rfield_stored(fd))
			continue;
		if (read_cell(fd, col[f] >= 0 ? r->fields[col[f]] : NULL, p, r,
		    rs, err, errlen) != 0)
			return -1;
	}
	p->st.n = p->n;
	return 0;
}

int
rset_csv_read(const char *text, size_t len, struct rset *rs, char *err,
    size_t errlen)
{
	struct csv_reader r;
	char cerr[160];
	int *col = xcalloc(nrfields, sizeof(int)), nf, header_nf, rc = -1;
	FILE *fp = len > 0 ? fmemopen((void *)text, len, "r") : NULL;

	if (fp == NULL) {
		free(col);
		return rset_error(err, errlen, rs->path, "empty file");
	}
	csv_reader_init(&r, fp);
	if (read_header(&r, rs, col, &header_nf, err, errlen) != 0)
		goto out;
	while ((nf = csv_read_record(&r, cerr, sizeof(cerr))) > 0) {
		if (nf == 1 && r.fields[0][0] == '\0')
			continue;	/* a blank line */
		if (nf != header_nf) {
			rset_error(err, errlen, rs->path, "line %lu has %d "
			    "fields, the header %d", r.line, nf, header_nf);
			goto out;
		}
		if (read_row(&r, col, rs, err, errlen) != 0)
			goto out;
	}
	if (nf < 0)
		rset_error(err, errlen, rs->path, "%s", cerr);
	else if (rs->n == 0)
		rset_error(err, errlen, rs->path, "no results (a header and no "
		    "rows)");
	else
		rc = 0;
out:
	csv_reader_free(&r);
	fclose(fp);
	free(col);
	return rc;
}
