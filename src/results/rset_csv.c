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
#include "rset_io.h"
#include "rtable.h"
#include "util.h"

static void
put_begin(void *arg)
{
}

static void
put_cell(void *arg, const struct rfield *f, const struct rval *v)
{
	rtable_csv_put(arg, f, v);
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

static int
read_row(struct csv_reader *r, const int *col, struct rset *rs, char *err,
    size_t errlen)
{
	struct rpoint *p = rset_add(rs);

	if (rtable_csv_row_read(r, rs->path, rfields, nrfields, col, p, err,
	    errlen) != 0)
		return -1;
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
	if (rtable_csv_header_read(&r, rs->path, "csumbench results file",
	    rfields, nrfields, col, &header_nf, err, errlen) != 0)
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
