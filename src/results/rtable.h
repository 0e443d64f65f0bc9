/*
 * rtable.h - records described by a schema table (struct rfield rows,
 * rfield.h), read from and written to CSV: the one machinery of the CSV
 * readers and writers of results (run's points, rset_csv.c; rx's rows,
 * rx_report.c and rxrun.c).
 *
 * A stored field of a record lives at its row's off in the record.
 * Reading finds columns by name (extra or reordered columns are fine, a
 * column named twice is not, an RF_REQUIRED one must be there) and checks
 * every cell against its row (rfield_check_str, rfield_check_num): text
 * without control characters, numbers parsed in full as decimals, whole
 * numbers whole; an empty RT_NUM cell is NaN (how the writers write a
 * number that is not finite).
 */
#ifndef CSUMBENCH_RTABLE_H
#define CSUMBENCH_RTABLE_H

#include <stddef.h>

#include "csv.h"
#include "rfield.h"

/* One value of field f as a CSV cell. */
void	rtable_csv_put(struct csv_writer *w, const struct rfield *f,
	    const struct rval *v);
/* The header: the columns of t[0..n-1] that have one, in order. */
void	rtable_csv_header(struct csv_writer *w, const struct rfield *t,
	    size_t n);
/* Record rec as a row (every field with a column: stored ones only). */
void	rtable_csv_row(struct csv_writer *w, const struct rfield *t, size_t n,
	    const void *rec);
/*
 * Read the header line of a file of path: col[f] the column of stored
 * field t[f], or -1; *nf its columns. A required field without its
 * column: "not a WHAT: no column ...". 0, or -1 with err.
 */
int	rtable_csv_header_read(struct csv_reader *r, const char *path,
	    const char *what, const struct rfield *t, size_t n, int *col,
	    int *nf, char *err, size_t errlen);
/*
 * The stored fields of the row just read by r into rec (a field whose
 * column is missing: RT_STR its absent text, others left as they are).
 * 0, or -1 with err naming the line and the column.
 */
int	rtable_csv_row_read(const struct csv_reader *r, const char *path,
	    const struct rfield *t, size_t n, const int *col, void *rec,
	    char *err, size_t errlen);
/* Free the text fields of record rec. */
void	rtable_free(const struct rfield *t, size_t n, void *rec);

#endif
