/*
 * rtable.c - records by a schema table, to and from CSV (rtable.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "rset.h"
#include "rtable.h"
#include "util.h"

void
rtable_csv_put(struct csv_writer *w, const struct rfield *f,
    const struct rval *v)
{
	if (f->type == RT_STR)
		csv_str(w, v->s);
	else if (f->type == RT_NUM)
		csv_double(w, v->d);
	else if (f->type == RT_COUNT && v->u == 0 && rfield_stored(f))
		csv_str(w, "");	/* unknown, as the reader takes it */
	else
		csv_ulong(w, v->u);
}

void
rtable_csv_header(struct csv_writer *w, const struct rfield *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].csv != NULL)
			csv_str(w, t[i].csv);
	csv_end(w);
}

/* Where stored field f lives in rec. */
static void *
rtable_at(const struct rfield *f, const void *rec)
{
	return (char *)(uintptr_t)rec + f->off;
}

void
rtable_csv_row(struct csv_writer *w, const struct rfield *t, size_t n,
    const void *rec)
{
	struct rval v;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct rfield *f = &t[i];

		if (f->csv == NULL || !rfield_stored(f))
			continue;
		memset(&v, 0, sizeof(v));
		if (f->type == RT_STR)
			v.s = rfield_text(f, rec);
		else if (f->type == RT_NUM)
			v.d = *(double *)rtable_at(f, rec);
		else
			v.u = *(size_t *)rtable_at(f, rec);
		rtable_csv_put(w, f, &v);
	}
	csv_end(w);
}

/* An empty field is the writers' way of saying "not finite". */
static int
rtable_parse_num(const char *s, double *out)
{
	if (*s == '\0') {
		*out = NAN;
		return 0;
	}
	return decimal_parse(s, (size_t)-1, 1, out);
}

/* Digits only: a whole number as the writers write it. */
static int
rtable_parse_size(const char *s, size_t *out)
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
rtable_by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is any column named twice? Its name, or NULL. */
static const char *
rtable_duplicate(struct csv_reader *r, int nf)
{
	char **names = xcalloc((size_t)nf + 1, sizeof(char *));
	const char *dup = NULL;
	int j;

	memcpy(names, r->fields, (size_t)nf * sizeof(char *));
	qsort(names, (size_t)nf, sizeof(char *), rtable_by_name);
	for (j = 1; j < nf && dup == NULL; j++)
		if (strcmp(names[j - 1], names[j]) == 0)
			dup = names[j];
	free(names);
	return dup;
}

int
rtable_csv_header_read(struct csv_reader *r, const char *path,
    const char *what, const struct rfield *t, size_t n, int *col, int *nf,
    char *err, size_t errlen)
{
	char cerr[160];
	const char *dup;
	size_t f;
	int j;

	*nf = csv_read_record(r, cerr, sizeof(cerr));
	if (*nf < 0)
		return rset_error(err, errlen, path, "%s", cerr);
	if (*nf == 0)
		return rset_error(err, errlen, path, "empty file");
	if ((dup = rtable_duplicate(r, *nf)) != NULL)
		return rset_error(err, errlen, path, "line 1: column \"%s\" "
		    "twice", dup);
	for (f = 0; f < n; f++) {
		const struct rfield *fd = &t[f];

		col[f] = -1;
		if (fd->csv == NULL || !rfield_stored(fd))
			continue;
		for (j = 0; j < *nf && col[f] < 0; j++)
			if (strcmp(r->fields[j], fd->csv) == 0)
				col[f] = j;
		if (col[f] < 0 && (fd->flags & RF_REQUIRED))
			return rset_error(err, errlen, path, "not a %s: no "
			    "column \"%s\"", what, fd->csv);
	}
	return 0;
}

/*
 * One stored field of the row just read into rec: the one place where
 * the cells of a CSV are checked against the field table
 * (rfield_check_*). A value echoed in a message has its control
 * characters replaced (rset_error).
 */
static int
rtable_cell(const struct rfield *f, const char *s, void *rec,
    const struct csv_reader *r, const char *path, char *err, size_t errlen)
{
	const char *why = NULL;
	size_t u;
	double x;

	switch (f->type) {
	case RT_STR:
		why = rfield_set_str(f, rec, s);
		break;
	case RT_SIZE:
	case RT_COUNT:
		if (s == NULL || *s == '\0') {
			if (f->type == RT_SIZE && s != NULL)
				why = "not a whole number";
			break;
		}
		if (rtable_parse_size(s, &u) != 0)
			why = f->type == RT_SIZE ? "not a whole number" :
			    "not a whole number of at least 1";
		else if ((why = rfield_check_num(f, (double)u)) == NULL)
			*(size_t *)rtable_at(f, rec) = u;
		break;
	case RT_NUM:
		if (s == NULL)
			break;
		if (rtable_parse_num(s, &x) != 0)
			why = "not a number";
		else if (isfinite(x) && (why = rfield_check_num(f, x)) == NULL)
			*(double *)rtable_at(f, rec) = x;
		break;
	case RT_SAMPLES:
		break;
	}
	if (why == NULL)
		return 0;
	if (s == NULL || *s == '\0')
		return rset_error(err, errlen, path, "line %lu: column %s: "
		    "%s", r->line, f->csv, why);
	return rset_error(err, errlen, path, "line %lu: column %s: %s, "
	    "got \"%.40s%s\"", r->line, f->csv, why, s,
	    strlen(s) > 40 ? "..." : "");
}

int
rtable_csv_row_read(const struct csv_reader *r, const char *path,
    const struct rfield *t, size_t n, const int *col, void *rec, char *err,
    size_t errlen)
{
	size_t f;

	for (f = 0; f < n; f++) {
		const struct rfield *fd = &t[f];

		if (fd->csv == NULL || !rfield_stored(fd))
			continue;
		if (rtable_cell(fd, col[f] >= 0 ? r->fields[col[f]] : NULL, rec,
		    r, path, err, errlen) != 0)
			return -1;
	}
	return 0;
}

void
rtable_free(const struct rfield *t, size_t n, void *rec)
{
	size_t f;

	for (f = 0; f < n; f++)
		if (rfield_owns_text(&t[f])) {
			free(*(char **)rtable_at(&t[f], rec));
			*(char **)rtable_at(&t[f], rec) = NULL;
		}
}
