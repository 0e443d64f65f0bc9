/*
 * rkey.h - the grid key: when two results are the same point.
 *
 * A point is identified by its family, kernel, cache state, call mode,
 * source offset, destination offset, placement (the distance of the
 * destination from the source), shape (a distribution, a csum_diff
 * from/to pair, or "" for one size) and size: the fields flagged RF_KEY
 * in the field table (rfield.c), compared in that order (so sorting on the
 * whole key orders a set as the delta tables list it: by kernel, then
 * offsets, sizes ascending). A mask of parts selects what "same" means:
 * compare matches two files on the whole key (or on the position alone
 * when it compares two named kernels), merge pools runs on the whole key,
 * a delta table or a curve is one series (all but the size), plot draws
 * one figure per family, cache state and mode.
 *
 * Grouping sorts once, stably, on the key: O(n log n).
 */
#ifndef CSUMBENCH_RKEY_H
#define CSUMBENCH_RKEY_H

#include <stddef.h>

#include "rfield.h"	/* enum rkey_part */
#include "rset.h"

#define RK(part)	(1u << (part))
#define RK_ALL		((1u << RK_NPARTS) - 1)
/* Who was measured, and where: the position is every other part. */
#define RK_WHO		(RK(RK_FAMILY) | RK(RK_KERNEL))
#define RK_POSITION	(RK_ALL & ~RK_WHO)
/* One table or curve: every part but the size and its shape. */
#define RK_SERIES	(RK_ALL & ~(RK(RK_SIZE) | RK(RK_SHAPE)))

/* <0, 0, >0 as a sorts before, with or after b on the parts in mask. */
int	rkey_cmp(const struct rpoint *a, const struct rpoint *b, unsigned mask);
/*
 * Group v[0..n-1] by mask: perm[0..n-1] receives positions into v, group
 * after group, the groups in the order of their first point in v and each
 * group's points in their order in v; start[0..g] where each group begins
 * in perm (start[g] = n; start has room for n + 1). Returns g.
 */
size_t	rkey_group(const struct rpoint *const *v, size_t n, unsigned mask,
	    size_t *perm, size_t *start);
/* The same for any equivalence: cmp(x, y, arg) orders positions 0..n-1. */
size_t	rkey_group_by(size_t n, int (*cmp)(size_t, size_t, const void *),
	    const void *arg, size_t *perm, size_t *start);
/* A stable sort of idx[0..n-1] by cmp (O(n log n), for other orders). */
void	rkey_msort(size_t *idx, size_t n,
	    int (*cmp)(size_t, size_t, const void *), const void *arg);

#endif
