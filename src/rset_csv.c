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
#include "decimal.h"
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
	else if (f->type == RT_COUNT && v->u == 0 && rfield_stored(f))
		csv_str(arg, "");	/* unknown, as the reader takes it */
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
	if (*s == '\0') {
		*out = NAN;
		return 0;
	}
	return decimal_parse(s, (size_t)-1, 1, out);
}

/* Digits only: a whole number as the writers write it. */
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

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is any column named twice? Its name, or NULL. */
static const char *
duplicate_column(struct csv_reader *r, int nf)
{
	char **names = xcalloc((size_t)nf + 1, sizeof(char *));
	const char *dup = NULL;
	int j;

	memcpy(names, r->fields, (size_t)nf * sizeof(char *));
	qsort(names, (size_t)nf, sizeof(char *), by_name);
	for (j = 1; j < nf && dup == NULL; j++)
		if (strcmp(names[j - 1], names[j]) == 0)
			dup = names[j];
	free(names);
	return dup;
}

/* The header: col[f] is the column of field f, or -1. A name twice is an
 * error (which of the two would be meant?). A UTF-8 byte order mark, as
 * spreadsheets write, was skipped by rformat_read. */
static int
read_header(struct csv_reader *r, struct rset *rs, int *col, int *nf,
    char *err, size_t errlen)
{
	char cerr[160];
	const char *dup;
	size_t f;
	int j;

	*nf = csv_read_record(r, cerr, sizeof(cerr));
	if (*nf < 0)
		return rset_error(err, errlen, rs->path, "%s", cerr);
	if (*nf == 0)
		return rset_error(err, errlen, rs->path, "empty file");
	if ((dup = duplicate_column(r, *nf)) != NULL)
		return rset_error(err, errlen, rs->path, "line 1: column \"%s\" "
		    "twice", dup);
	for (f = 0; f < nrfields; f++) {
		const struct rfield *fd = &rfields[f];

		col[f] = -1;
		if (fd->csv == NULL || !rfield_stored(fd))
			continue;
		for (j = 0; j < *nf && col[f] < 0; j++)
			if (strcmp(r->fields[j], fd->csv) == 0)
				col[f] = j;
		if (col[f] < 0 && (fd->flags & RF_REQUIRED))
			return rset_error(err, errlen, rs->path, "not a "
			    "csumbench results file: no column \"%s\"", fd->csv);
	}
	return 0;
}

/*
 * One stored field of the row just read into p: the one place where the
 * cells of a CSV are checked against the field table (rfield_check_*).
 * A value echoed in a message has its control characters replaced
 * (rset_error).
 */
static int
read_cell(const struct rfield *f, const char *s, struct rpoint *p,
    const struct csv_reader *r, struct rset *rs, char *err, size_t errlen)
{
	const char *why = NULL;
	size_t u;
	double x;

	switch (f->type) {
	case RT_STR:
		*rfield_str(f, p) = xstrdup(s != NULL ? s :
		    f->absent != NULL ? f->absent : "");
		if ((f->flags & RF_NONEMPTY) && **rfield_str(f, p) == '\0')
			why = "empty";
		else if (s != NULL)
			why = rfield_check_str(f, s);
		break;
	case RT_SIZE:
	case RT_COUNT:
		if (s == NULL || *s == '\0') {
			if (f->type == RT_SIZE && s != NULL)
				why = "not a whole number";
			break;
		}
		if (parse_size(s, &u) != 0)
			why = f->type == RT_SIZE ? "not a whole number" :
			    "not a whole number of at least 1";
		else if ((why = rfield_check_num(f, (double)u)) == NULL)
			*rfield_size(f, p) = u;
		break;
	case RT_NUM:
		if (s == NULL)
			break;
		if (parse_num(s, &x) != 0)
			why = "not a number";
		else if (isfinite(x) && (why = rfield_check_num(f, x)) == NULL)
			*rfield_num(f, p) = x;
		break;
	case RT_SAMPLES:
		break;
	}
	if (why == NULL)
		return 0;
	if (s == NULL || *s == '\0')
		return rset_error(err, errlen, rs->path, "line %lu: column %s: "
		    "%s", r->line, f->csv, why);
	return rset_error(err, errlen, rs->path, "line %lu: column %s: %s, "
	    "got \"%.40s%s\"", r->line, f->csv, why, s,
	    strlen(s) > 40 ? "..." : "");
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
