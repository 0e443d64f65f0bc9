/*
 * pos.h - the grid position: where a kernel is measured, as one type with
 * an axis table.
 *
 * A position is the size, its shape (a distribution, a csum_diff from/to
 * pair, or one size), the source and destination offsets, the placement
 * (the distance of the destination from the source), the cache state and
 * the call mode. The engine's point (point.h) and the result's point
 * (rset.h) each hold one, so the engine, the result model and every
 * printer agree on what a position is.
 *
 * The axis table (pos_axes[], one row per axis, in key order) says what
 * each axis is called (its option, column and key part), where it lives
 * in struct pos, how its value is written, its default, and when a label
 * shows it. Comparing (pos_cmp) and labelling (pos_label) iterate the
 * table, so a new axis is its member here and its row in pos.c: the
 * comparisons, keys, columns (POS_EXTRA_COLUMNS) and labels follow.
 *
 * Bottom layer: nothing of the engine's or of the results' is included.
 */
#ifndef CSUMBENCH_POS_H
#define CSUMBENCH_POS_H

#include <stddef.h>

/* The axes, in the order positions sort (the grid key's, rkey.h). */
enum pos_axis {
	POS_CACHE, POS_MODE, POS_SRC, POS_DST, POS_DIST, POS_SHAPE,
	POS_SIZE, POS_NAXES
};

#define POS(axis)	(1u << (axis))
#define POS_ALL		((1u << POS_NAXES) - 1)
/* One table or curve: every axis but the size and its shape. */
#define POS_SERIES	(POS_ALL & ~(POS(POS_SIZE) | POS(POS_SHAPE)))

struct pos {
	size_t	 size;		/* a distribution: its mean */
	size_t	 src_off, dst_off;
	/* (destination base - source base) mod the page; POS_NO_DISTANCE */
	size_t	 distance;
	/*
	 * What the size is: "" or NULL one fixed size; a distribution's
	 * name; "F/T" a csum_diff call from F bytes to T (size is T). A
	 * result owns it; an engine point borrows it from its plan.
	 */
	char	*shape;
	int	 cache;		/* enum cache_mode (names.h) */
	int	 mode;		/* enum call_mode */
};

/* A distance not recorded (files older than the placement axis). */
#define POS_NO_DISTANCE	((size_t)-1)

/*
 * Columns of axes added after the first seven, for the schema table
 * (rfield.c): X(axis, member, column name, JSON position) each, a whole
 * number each.
 */
#define POS_EXTRA_COLUMNS(X)

enum pos_kind {
	POSK_SIZE,	/* a size_t, written in decimal */
	POSK_TEXT,	/* a char *, NULL as "" */
	POSK_ENUM,	/* an int, written as choices[value] */
};

struct pos_axis_row {
	const char	*name;	/* option, column and key part */
	enum pos_kind	 kind;
	size_t		 off;	/* offsetof(struct pos, ...) */
	const char *const *choices;	/* POSK_ENUM: the names */
	/* Is the value p's default (a label marks it with "!")? */
	int		(*is_default)(const struct pos *p);
	/* Is the value known (a label's "?")? NULL: always. */
	int		(*known)(const struct pos *p);
};

extern const struct pos_axis_row pos_axes[POS_NAXES];
/* The names of the cache states and call modes, in their enums' order. */
extern const char *const pos_cache_names[];
extern const char *const pos_mode_names[];

/* A position at the defaults: size 0, offsets 0, default placement. */
struct pos pos_default(void);
/* <0, 0, >0 as a sorts before, with or after b on the axes in mask
 * (enumerated axes by name, text as text). */
int	pos_cmp(const struct pos *a, const struct pos *b, unsigned mask);
/* The value of axis a of p as written in a column or label. */
const char *pos_value(const struct pos *p, int a, char *buf, size_t len);
/* The shape of p, "" for one fixed size. */
const char *pos_shape(const struct pos *p);
/* The size as a table shows it: the shape when there is one, else size. */
const char *pos_size_label(const struct pos *p, char *buf, size_t len);

/* The labels of a position (pos.c has each one's template). */
enum pos_style {
	POS_LABEL_NAME,		/* JSON name: 64/0/0/hot/throughput */
	POS_LABEL_SERIES,	/* offsets 0/0, distance 2048, hot cache */
	POS_LABEL_DESC,		/* size 64 offsets 0/0 distance ... */
	POS_LABEL_SUMMARY,	/* hot, throughput, offsets 0/0, ... */
	POS_LABEL_GATE,		/* 64 B, offsets 0/0, distance ... */
	POS_NSTYLES
};
/* p's label in style into buf (truncated to len); returns buf. */
char	*pos_label(const struct pos *p, enum pos_style style, char *buf,
	    size_t len);

#endif
