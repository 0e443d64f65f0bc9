/*
 * cmp_match.h - the rows of a comparison: points of A and B paired
 * (cmp_match.c), and the orders of rows and of kernel names.
 */
#ifndef CSUMBENCH_CMP_MATCH_H
#define CSUMBENCH_CMP_MATCH_H

#include <stddef.h>

#include "cmp.h"

/*
 * Pair the points of a and b that o selects into res->rows, in the
 * tables' order, filtered by -k; points without a partner are listed on
 * stderr and counted in res (res->missing_a names the first of A's).
 * Returns 0, or -1 with a one-line message in err (no point matches, a
 * point twice, an unknown --a-kernel, different placements without
 * allow_mixed); res->rows is then NULL.
 */
int	cmp_match_points(const struct rset *a, const struct rset *b,
	    const struct cmp_opts *o, struct cmp_result *res, char *err,
	    size_t errlen);
/* "KERNEL size S offsets X/Y distance D CACHE MODE", for messages. */
void	cmp_match_desc(const struct rpoint *p, char *buf, size_t len);
/* Points as one kernel of one object, whatever their copies (fields). */
int	cmp_match_base_cmp(const struct rpoint *x, const struct rpoint *y);
/*
 * Rows compare on the grid key of their A point, with B's kernel right
 * after A's. On RK_ALL: the tables' order; on RK_SERIES: one table.
 */
int	cmp_match_rows_cmp(const struct cmp_row *r, const struct cmp_row *s,
	    unsigned mask);


#endif
