/*
 * compare.h - delta tables of two sets of results, and the regression gate.
 *
 * Rows pair a point of A with the point of B at the same grid position.
 * Each row carries a two-sided significance test of "no difference"
 * (shown in the table), and, with a gate, a one-sided test of "B is more
 * than PCT slower than A" (see signif.h and csumbench(1), COMPARE).
 */
#ifndef CSUMBENCH_COMPARE_H
#define CSUMBENCH_COMPARE_H

#include "cmp.h"
#include "cmp_match.h"
#include "cmp_print.h"
#include "cmp_style.h"
#include "cmp_test.h"
#include "gate.h"

/*
 * Match the points of a and b on their grid key (rkey.h), test each pair
 * (and judge it with the gate when o->fail_above >= 0). Unmatched points
 * are listed on stderr. Returns 0, or -1 with a one-line message in err
 * (no point matches, a point twice, units that cannot be converted, an
 * unknown --a-kernel, different cost bases or placements without
 * allow_mixed); res is then empty. The rows point into a and b (or into
 * res's net views), so those must outlive res.
 */
int	compare_match(const struct rset *a, const struct rset *b,
	    const struct cmp_opts *o, struct cmp_result *res, char *err,
	    size_t errlen);
void	compare_result_free(struct cmp_result *res);
/* All of the above: match, print on out, verdict (0 or EXIT_CHECK), or -1
 * with err as compare_match. */
int	compare_sets(const struct rset *a, const struct rset *b,
	    const struct cmp_opts *o, FILE *out, char *err, size_t errlen);

#endif
