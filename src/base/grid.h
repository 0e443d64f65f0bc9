/*
 * grid.h - size and alignment grid specifications.
 *
 * A size spec is a comma-separated list of items; each item is
 *   N            a number, optionally with a K/M/G suffix (powers of 1024)
 *   A-B          every integer from A to B inclusive
 *   A-B:xF       A, A*F, A*F*F, ... while <= B   (F >= 2)
 *   A-B:+S       A, A+S, A+2S, ... while <= B    (S >= 1)
 *   NAME         a named preset (see grid_presets)
 *   F/T          a csum_diff call shape: from F bytes to T bytes (F = T is
 *                the size F)
 *   DIST         a size distribution: a preset (imix, ...), @FILE or
 *                pcap:FILE (see dist.h)
 * Sizes are sorted ascending with duplicates removed, and so are shapes;
 * distributions keep the order given, each once.
 *
 * An alignment spec is either SPEC (each offset v gives the pair
 * src=v, dst=v) or SRC/DST (the cartesian product of the two lists), or
 * several such groups joined by ';' (their union), or a named alignment
 * preset.
 */
#ifndef CSUMBENCH_GRID_H
#define CSUMBENCH_GRID_H

#include <stddef.h>

#include "dist.h"

/* A csum_diff call shape: from and to lengths. */
struct size_pair {
	size_t	from;
	size_t	to;
};

struct grid {
	size_t		*v;	/* fixed sizes */
	size_t		 n;
	struct size_pair *pair;	/* F/T shapes, F != T */
	size_t		 npair;
	struct dist	*dist;	/* distributions */
	size_t		 ndist;
};

struct align_pair {
	size_t	src;
	size_t	dst;
};

struct align_grid {
	struct align_pair *v;
	size_t	 n;
};

/* Largest size a spec may name (1 GiB) and largest offset (64 KiB). */
#define GRID_MAX_SIZE	((size_t)1 << 30)
#define GRID_MAX_OFFSET	((size_t)65536)
/* Most points one spec may expand to. */
#define GRID_MAX_POINTS	100000
/* Most distributions one spec may name. */
#define GRID_MAX_DISTS	64

/*
 * Parse a size spec, reading the files its distributions name. Returns 0
 * and fills g (free with grid_free), or -1 and writes a one-line message
 * naming the problem into err.
 */
int	grid_parse(const char *spec, struct grid *g, char *err, size_t errlen);
/* Parse an alignment spec (offsets limited to GRID_MAX_OFFSET). */
int	grid_parse_align(const char *spec, struct align_grid *a, char *err,
	    size_t errlen);
/*
 * Parse a distance spec (--distance): numbers and ranges below page, or
 * the presets of grid_distance_presets. As grid_parse.
 */
int	grid_parse_distance(const char *spec, size_t page, struct grid *g,
	    char *err, size_t errlen);
void	grid_free(struct grid *g);
void	grid_free_align(struct align_grid *a);

struct grid_preset {
	const char *name;
	const char *spec;	/* expanded through grid_parse */
	const char *about;
};
/* Size presets, NULL-terminated by name. */
extern const struct grid_preset grid_presets[];
/* Alignment presets, NULL-terminated by name. */
extern const struct grid_preset grid_align_presets[];
/* Distance presets, NULL-terminated by name. */
extern const struct grid_preset grid_distance_presets[];

/* The preset of table named by s[0..len), or NULL. */
const struct grid_preset *grid_preset_find(const struct grid_preset *table,
	    const char *s, size_t len);
/* The comma-separated names of table (for "unknown preset" messages). */
void	grid_preset_names(const struct grid_preset *table, char *buf,
	    size_t len);

#endif
