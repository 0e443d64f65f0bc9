/*
 * runplan.h - the plan of a run: which kernels (selected, paired for
 * --ab, copied for --replicas, the --baseline added), and the points of
 * the sweep, grouped by grid position with the kernels inside.
 */
#ifndef CSUMBENCH_RUNPLAN_H
#define CSUMBENCH_RUNPLAN_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "grid.h"
#include "select.h"

struct size_item;

struct run_plan {
	/* What to measure (the caller's). */
	const char	*families, *patterns;	/* -f, -k */
	const char	*baseline;	/* --baseline K, or NULL */
	char		*ab[2];		/* --ab A,B: the objects, or NULL */
	unsigned	 replicas;	/* copies of each loaded object */
	int		 gate;		/* --fail-above: judge every kernel */
	const char	*sizes, *align;	/* -s, -a as in force */
	const char	*distance;	/* --distance, or NULL */
	const char *const *loads;	/* --load, in order */
	size_t		 nloads;
	struct grid	 sg;		/* sizes */
	struct align_grid ag;		/* offsets */
	struct grid	 dg;		/* --distance; empty: the default */
	unsigned	 caches, modes;	/* bit masks of CACHE_*, MODE_* */
	uint64_t	 seed;		/* --seed, or 0 */
	uint64_t	 draw_seed;	/* of the size sequences: never 0 */
	/* What it built. */
	struct selection sel;		/* the kernels */
	const struct kernel **ks;	/* sel.k, sel.n */
	size_t		 nk;
	struct point	*pts;
	size_t		 npts;
	/* Points left out: [1] shapes of csum_diff only, [2] sizes
	 * csum_diff cannot take. */
	size_t		 skipped[3];
	struct size_item *items;	/* the sizes the points stand at */
	int		 placed;	/* --ab: both objects' code moved */
	char		*copy_patterns;	/* -k with the copies' names */
};

/* Parse p's sizes, align and distance into its grids. 0, or -1 with err. */
int	runplan_grids(struct run_plan *p, char *err, size_t errlen);
/*
 * The kernels of p (after the objects are loaded): selected, paired and
 * placed for --ab, copied for --replicas, with --baseline's kernel. 0,
 * or -1 with one line in err.
 */
int	runplan_kernels(struct run_plan *p, char *err, size_t errlen);
/* The points of every kernel at every grid position. 0, or -1 with err. */
int	runplan_points(struct run_plan *p, char *err, size_t errlen);
/*
 * The samples per point the comparison within the run needs (--baseline,
 * --ab; gate: under --fail-above, over every point it judges), given
 * alpha; *m the points it judges. 0 when there is no comparison.
 */
size_t	runplan_cmp_samples(const struct run_plan *p, double alpha,
	    size_t *m);
/* What the plan records beside the results: -s, -a, the objects, the
 * placement, the caches and modes. */
struct provenance;
void	runplan_provenance(const struct run_plan *p, struct provenance *pv);
/* The points in the order of the results: by kernel, then position. */
void	runplan_sort(struct run_plan *p);
void	runplan_free(struct run_plan *p);

#endif
