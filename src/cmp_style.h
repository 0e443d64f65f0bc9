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

#endif
