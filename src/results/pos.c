/*
 * pos.c - the grid position's axis table, and what iterates it (pos.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "names.h"
#include "pos.h"

const char *const pos_cache_names[] = { "hot", "cold", "llc", NULL };
const char *const pos_mode_names[] = { "throughput", "latency", NULL };

/*
 * The placement's default depends on the destination offset
 * (arena_default_distance): a label names the distance only where it
 * differs, so the names of a default sweep stay what they were.
 */
static int
pos_default_distance(const struct pos *p)
{
	return p->distance == arena_default_distance(p->dst_off);
}

static int
pos_known_distance(const struct pos *p)
{
	return p->distance != POS_NO_DISTANCE;
}

#define AT(m)	.off = offsetof(struct pos, m)

/* One row per axis, in key order (enum pos_axis). */
const struct pos_axis_row pos_axes[POS_NAXES] = {
	[POS_CACHE] = { "cache", POSK_ENUM, AT(cache), pos_cache_names },
	[POS_MODE] = { "mode", POSK_ENUM, AT(mode), pos_mode_names },
	[POS_SRC] = { "src_align", POSK_SIZE, AT(src_off) },
	[POS_DST] = { "dst_align", POSK_SIZE, AT(dst_off) },
	[POS_DIST] = { "distance", POSK_SIZE, AT(distance), NULL,
	    pos_default_distance, pos_known_distance },
	[POS_SHAPE] = { "shape", POSK_TEXT, AT(shape) },
	[POS_SIZE] = { "size", POSK_SIZE, AT(size) },
};

#undef AT

/* Where axis a lives in p (the accessors do not write through it). */
static void *
pos_at(const struct pos *p, int a)
{
	return (char *)(void *)(struct pos *)p + pos_axes[a].off;
}

static size_t
pos_size_of(const struct pos *p, int a)
{
	return *(size_t *)pos_at(p, a);
}

static int
pos_int_of(const struct pos *p, int a)
{
	return *(int *)pos_at(p, a);
}

static const char *
pos_text_of(const struct pos *p, int a)
{
	const char *s = *(char **)pos_at(p, a);

	return s != NULL ? s : "";
}

struct pos
pos_default(void)
{
	struct pos p;

	memset(&p, 0, sizeof(p));
	p.distance = arena_default_distance(0);
	return p;
}

/* Every axis but the distance defaults to zero (an enum's first name). */
static int
pos_is_default(const struct pos *p, int a)
{
	if (pos_axes[a].is_default != NULL)
		return pos_axes[a].is_default(p);
	switch (pos_axes[a].kind) {
	case POSK_SIZE:
		return pos_size_of(p, a) == 0;
	case POSK_TEXT:
		return *pos_text_of(p, a) == '\0';
	case POSK_ENUM:
		return pos_int_of(p, a) == 0;
	}
	return 1;
}

static int
pos_is_known(const struct pos *p, int a)
{
	return pos_axes[a].known == NULL || pos_axes[a].known(p);
}

static const char *
pos_enum_name(int a, int v)
{
	const char *const *c = pos_axes[a].choices;
	int i;

	for (i = 0; c[i] != NULL; i++)
		if (i == v)
			return c[i];
	return "?";
}

int
pos_cmp(const struct pos *a, const struct pos *b, unsigned mask)
{
	int ax, c = 0;
	size_t x, y;

	for (ax = 0; ax < POS_NAXES && c == 0; ax++) {
		if (!(mask & POS(ax)))
			continue;
		switch (pos_axes[ax].kind) {
		case POSK_SIZE:
			x = pos_size_of(a, ax);
			y = pos_size_of(b, ax);
			c = x < y ? -1 : x > y;
			break;
		case POSK_TEXT:
			c = strcmp(pos_text_of(a, ax), pos_text_of(b, ax));
			break;
		case POSK_ENUM:
			/* By name, as the results sort them. */
			c = strcmp(pos_enum_name(ax, pos_int_of(a, ax)),
			    pos_enum_name(ax, pos_int_of(b, ax)));
			break;
		}
	}
	return c;
}

const char *
pos_value(const struct pos *p, int a, char *buf, size_t len)
{
	switch (pos_axes[a].kind) {
	case POSK_SIZE:
		snprintf(buf, len, "%zu", pos_size_of(p, a));
		return buf;
	case POSK_TEXT:
		return pos_text_of(p, a);
	case POSK_ENUM:
		return pos_enum_name(a, pos_int_of(p, a));
	}
	return "";
}

const char *
pos_shape(const struct pos *p)
{
	return p->shape != NULL ? p->shape : "";
}

const char *
pos_size_label(const struct pos *p, char *buf, size_t len)
{
	if (*pos_shape(p) != '\0')
		snprintf(buf, len, "%s", p->shape);
	else
		snprintf(buf, len, "%zu", p->size);
	return buf;
}

/*
 * The labels. A template names axes in braces: {name} the value,
 * {name?} the value where known, {name!} where not the default; a
 * bracketed part is left out when one of its conditions fails. Two
 * pseudo-axes stand for the size and its shape together: {sizelabel}
 * (the shape, else the size) and {sizeunit} (the shape, else "N B").
 * An axis the template does not name (nor omits) is added at the end
 * where it is not its default, as sep NAME kv VALUE: so a new axis
 * shows in every label without a template naming it.
 */
struct pos_style_row {
	const char	*tmpl;
	unsigned	 omit;	/* axes never shown */
	const char	*sep, *kv;
};

static const struct pos_style_row pos_styles[POS_NSTYLES] = {
	[POS_LABEL_NAME] = { "{sizelabel}/{src_align}/{dst_align}/{cache}/"
	    "{mode}[/distance:{distance!}]", 0, "/", ":" },
	[POS_LABEL_SERIES] = { "offsets {src_align}/{dst_align}, distance "
	    "{distance}, {cache} cache, {mode}",
	    POS(POS_SIZE) | POS(POS_SHAPE), ", ", " " },
	[POS_LABEL_DESC] = { "size {sizelabel} offsets {src_align}/"
	    "{dst_align} distance {distance} {cache} {mode}", 0, " ", " " },
	[POS_LABEL_SUMMARY] = { "{cache}, {mode}, offsets {src_align}/"
	    "{dst_align}[, distance {distance?}]",
	    POS(POS_SIZE) | POS(POS_SHAPE), ", ", " " },
	[POS_LABEL_GATE] = { "{sizeunit}, offsets {src_align}/{dst_align}, "
	    "distance {distance}, {cache}, {mode}", 0, ", ", " " },
};

/* Text appended to a bounded buffer (truncated, always terminated). */
struct pos_out {
	char	*buf;
	size_t	 len, n;
};

static void
pos_put(struct pos_out *o, const char *s, size_t n)
{
	for (; n > 0 && *s != '\0'; s++, n--) {
		if (o->n + 1 < o->len)
			o->buf[o->n] = *s;
		o->n++;
	}
	if (o->len > 0)
		o->buf[o->n < o->len ? o->n : o->len - 1] = '\0';
}

static int
pos_axis_named(const char *name, size_t n)
{
	int a;

	for (a = 0; a < POS_NAXES; a++)
		if (strlen(pos_axes[a].name) == n &&
		    strncmp(pos_axes[a].name, name, n) == 0)
			return a;
	return -1;
}

/*
 * One {key} of a template at s (past the brace, n long), into o; returns
 * whether its condition held. Sets the axes it names in *named.
 */
static int
pos_key(const struct pos *p, const char *s, size_t n, struct pos_out *o,
    unsigned *named)
{
	char v[64];
	char cond = n > 0 && (s[n - 1] == '?' || s[n - 1] == '!') ?
	    s[n - 1] : 0;
	int a;

	if (cond)
		n--;
	if (n == 9 && strncmp(s, "sizelabel", n) == 0) {
		*named |= POS(POS_SIZE) | POS(POS_SHAPE);
		/* The shape: any length (a file's path). */
		if (*pos_shape(p) != '\0')
			pos_put(o, p->shape, (size_t)-1);
		else
			pos_put(o, pos_size_label(p, v, sizeof(v)), (size_t)-1);
		return 1;
	}
	if (n == 8 && strncmp(s, "sizeunit", n) == 0) {
		*named |= POS(POS_SIZE) | POS(POS_SHAPE);
		if (*pos_shape(p) != '\0')
			pos_put(o, p->shape, (size_t)-1);
		else {
			snprintf(v, sizeof(v), "%zu B", p->size);
			pos_put(o, v, (size_t)-1);
		}
		return 1;
	}
	if ((a = pos_axis_named(s, n)) < 0)
		return 1;
	*named |= POS(a);
	pos_put(o, pos_value(p, a, v, sizeof(v)), (size_t)-1);
	if (cond == '?')
		return pos_is_known(p, a);
	if (cond == '!')
		return pos_is_known(p, a) && !pos_is_default(p, a);
	return 1;
}

/* Back to where a left-out part began. */
static void
pos_unput(struct pos_out *o, size_t n)
{
	o->n = n;
	if (o->len > 0)
		o->buf[n < o->len ? n : o->len - 1] = '\0';
}

char *
pos_label(const struct pos *p, enum pos_style style, char *buf, size_t len)
{
	const struct pos_style_row *st = &pos_styles[style];
	struct pos_out o = { buf, len, 0 };
	const char *s = st->tmpl, *e;
	size_t mark = 0;
	unsigned named = st->omit;
	char v[64];
	int a, ok = 1, in = 0;

	pos_unput(&o, 0);
	while (*s != '\0') {
		if (*s == '[') {
			in = 1;
			ok = 1;
			mark = o.n;
			s++;
		} else if (*s == ']') {
			if (!ok)
				pos_unput(&o, mark);
			in = 0;
			s++;
		} else if (*s == '{' && (e = strchr(s, '}')) != NULL) {
			if (!pos_key(p, s + 1, (size_t)(e - s - 1), &o,
			    &named) && in)
				ok = 0;
			s = e + 1;
		} else
			pos_put(&o, s++, 1);
	}
	for (a = 0; a < POS_NAXES; a++) {
		if ((named & POS(a)) || !pos_is_known(p, a) ||
		    pos_is_default(p, a))
			continue;
		pos_put(&o, st->sep, (size_t)-1);
		pos_put(&o, pos_axes[a].name, (size_t)-1);
		pos_put(&o, st->kv, (size_t)-1);
		pos_put(&o, pos_value(p, a, v, sizeof(v)), (size_t)-1);
	}
	return buf;
}
