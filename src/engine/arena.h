/*
 * arena.h - the buffers every kernel call reads and writes.
 *
 * One mapping for sources and one for destinations, shared by every group
 * of points. Hot points use the first slot only. Cold points visit slots
 * spread over twice the last-level cache in a random order fixed by the
 * seed: a slot has been evicted by the time the rotation comes back to it,
 * and no prefetcher can learn a stride from one call to the next (a
 * sequential rotation through small slots is a stream the prefetchers
 * follow, so it would not be cold at all).
 */
#ifndef CSUMBENCH_ARENA_H
#define CSUMBENCH_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include "names.h"	/* ARENA_APART, arena_default_distance */
#include "point.h"

struct arena {
	unsigned char	*src_map, *dst_map;
	size_t		 map_len;
	int		 hugepages;	/* madvise(MADV_HUGEPAGE) accepted */
};

/* One group's view of the arena: where each call's buffers are. */
struct arena_view {
	unsigned char	*src, *dst;	/* first slot, offsets applied */
	size_t		 stride;	/* bytes between slots */
	size_t		 npool;		/* slots; 1 when hot */
	size_t		*off;		/* byte offset of each visit, npool long */
	size_t		 idx;		/* next visit (cold rotation) */
};

/*
 * Map and fill (from the seed) buffers for every point: cold points get a
 * pool over twice llc bytes (the last-level cache; 0: unknown). Returns 0,
 * or -1 with a one-line message in err.
 */
int	arena_setup(struct arena *ar, const struct point *pts, size_t npts,
	    size_t llc, uint64_t *seed, char *err, size_t errlen);
void	arena_free(struct arena *ar);
/* The view of point p's position; a cold one draws its order from seed. */
void	arena_view(struct arena_view *b, const struct arena *ar,
	    const struct point *p, size_t llc, uint64_t *seed);
/* b's first slot only, through the same loop (the empty kernels' view). */
void	arena_view_hot(struct arena_view *hot, const struct arena_view *b);
void	arena_view_free(struct arena_view *b);

/*
 * The bytes the slots of a point in cache state cache rotate through, of
 * each of source and destination (llc: the last-level cache's size, 0 if
 * unknown): cold, twice the LLC (16 MiB at least); llc, a quarter of it
 * (source and destination together half of it).
 */
size_t	arena_pool_bytes(int cache, size_t llc);

#endif
