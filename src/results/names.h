/*
 * names.h - the words a grid position is written in: the names of the
 * kernel families, cache states and call modes, and the default placement.
 *
 * The engine measures in these terms and the results record them, so they
 * sit below both: compare, plot and report read results without the engine.
 */
#ifndef CSUMBENCH_NAMES_H
#define CSUMBENCH_NAMES_H

#include <stddef.h>

#include "../../kernels/kernel.h"

/*
 * Cache states: hot (the same buffers every call), cold (a pool larger
 * than the last-level cache: from memory) and llc (a pool of a quarter of
 * the last-level cache, far past the L2 and resident in the LLC, as data
 * a NIC placed there with DDIO). Names "hot", "cold", "llc".
 */
enum cache_mode { CACHE_HOT, CACHE_COLD, CACHE_LLC, CACHE_NSTATES };
enum call_mode { MODE_THROUGHPUT, MODE_LATENCY };

const char *cache_name(int cache);
/* Parse a cache state's name; -1 if unknown. */
int	cache_parse(const char *s);
const char *mode_name(int mode);
const char *family_name(enum kfamily f);
/* Parse a family name; -1 if unknown. */
int	family_parse(const char *s);
/*
 * A kernel's name within its family: "avx2" of "memcpy.avx2"; a name
 * not led by a family's ("A:memcpy.avx2", a loaded kernel) whole.
 */
const char *family_variant(const char *kernel);

/* The default placement: the destination half a page past the source. */
#define ARENA_APART	2048
/*
 * The distance (dst - src base, mod the page) a point gets when none is
 * asked for: ARENA_APART for destination offsets below 64, 0 (the page
 * itself) for larger ones, which are positions in the page. (The arena
 * places buffers so; a file that does not record the distance was
 * measured so.)
 */
size_t	arena_default_distance(size_t dst_off);

/*
 * At most this many repetitions of a group are taken in a row (a round);
 * the next round of that group comes after one over the whole sweep.
 * Samples taken in a row share the machine's state, so paired tests
 * treat such a block as one observation (compare.c): the engine's
 * schedule and the results' tests share this number.
 */
#define ENGINE_ROUND	8

#endif
