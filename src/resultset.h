/*
 * resultset.h - a results CSV read back into memory, for plot and report.
 *
 * Columns are found by name, so files from other versions (extra or
 * reordered columns) load as long as the columns used here are present.
 * Every field of every row is kept, so a subset can be written back out in
 * the same form (the gnuplot scripts read that form).
 */
#ifndef CSUMBENCH_RESULTSET_H
#define CSUMBENCH_RESULTSET_H

#include <stddef.h>
#include <stdio.h>

#include "provenance.h"

struct rrow {
	const char	*family, *kernel, *cache, *mode, *unit;
	double		 size, src_align, dst_align, rel_align;
	double		 median, q1, q3, ci_lo, ci_hi, timer_hz;
	char		**fields;	/* all fields, in header order */
};

struct resultset {
	char		*path;
	char		**header;
	size_t		 ncol;
	struct rrow	*rows;
	size_t		 n;
	struct provenance meta;		/* PATH.meta; empty when absent */
	int		 have_meta;
};

/* Load path; on bad input print one line and exit 2. */
void	rset_load(struct resultset *rs, const char *path);
void	rset_free(struct resultset *rs);
/* The header and the rows idx[0..n-1], as CSV. */
void	rset_write(FILE *fp, const struct resultset *rs, const size_t *idx,
	    size_t n);
/* A provenance value, or "" when unknown. */
const char *rset_meta(const struct resultset *rs, const char *key);
/* GB/s (10^9 bytes per second) at the median, or NaN without a time base. */
double	rrow_gbps(const struct rrow *r);

#endif
