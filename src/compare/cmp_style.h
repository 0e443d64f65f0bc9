/*
 * cmp_style.h - compare's tables, a writer per --style (cmp_style.c).
 */
#ifndef CSUMBENCH_CMP_STYLE_H
#define CSUMBENCH_CMP_STYLE_H

#include <stdio.h>

#include "cmp.h"

/* Parse a --style name; -1 if unknown. */
int	cmp_style_parse(const char *s);
/*
 * Tables of rows[0..n-1] (res->rows or a run of them, in its order) in
 * o->style, each headed by a line naming n, the timer, the CPU and the
 * cost compared.
 */
void	compare_print(FILE *out, const struct cmp_row *rows, size_t n,
	    const struct cmp_result *res, const struct cmp_opts *o);

/*
 * --style wide (cmp_wide.c): per family, baseline and series, a row per
 * size and a column per kernel compared, each cell the change of its
 * median, marked as the other styles mark it.
 */
void	cmp_wide_print(FILE *out, const struct cmp_row *rows, size_t n,
	    const struct cmp_result *res, const struct cmp_opts *o);

/*
 * The copies of each point (run --replicas) as one row: the range of A's
 * and B's medians over the copies, the range of their changes, how many
 * copies were more than --fail-above slower, and the gate's word; a table
 * per kernel pair and series. For res with copies (res->replicas > 1).
 */
void	cmp_style_copies(FILE *out, const struct cmp_result *res,
	    const struct cmp_opts *o);

#endif
