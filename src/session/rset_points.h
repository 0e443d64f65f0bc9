/*
 * rset_points.h - the engine's points as results: where what was just
 * measured enters the result model.
 *
 * The result model (rset.h) does not know the engine; the commands that
 * measure come through here, so compare, plot and report, which only read
 * results, never include engine.h.
 */
#ifndef CSUMBENCH_RSET_POINTS_H
#define CSUMBENCH_RSET_POINTS_H

#include <stddef.h>

#include "engine.h"
#include "rset.h"

/*
 * Where a kernel came from (select.h knows): the name --load gave its
 * object ("" built in), its copy, its own name in the object's table.
 */
struct rset_origin {
	const char *(*object)(const struct kernel *);
	unsigned (*copy)(const struct kernel *);
	const char *(*base)(const struct kernel *);
};

/*
 * The points of a run just measured (samples copied), without provenance;
 * each point's object, copy and base from origin (NULL: built in).
 */
void	rset_from_points(struct rset *rs, const struct point *pts, size_t n,
	    const struct timer_info *ti, const struct rset_origin *origin);
/*
 * The grid key (rkey.h) on the engine's points: <0, 0, >0 as a sorts
 * before, with or after b on the parts in mask (family, cache and mode
 * compared by name, as written), so the engine's points group as their
 * results will.
 */
int	rset_points_cmp(const struct point *a, const struct point *b,
	    unsigned mask);

#endif
