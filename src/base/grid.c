/*
 * grid.c - size and alignment grid specifications.
 *
 * The grammar is in grid.h. Choices made here that the header leaves open:
 *
 * - Blanks around an item are ignored ("1, 2" is "1,2"); blanks inside an
 *   item are not.
 * - Suffixes K, M, G (or k, m, g) multiply by 1024, 1024^2, 1024^3; they
 *   apply to every number, including range ends and steps ("4K-1M:+4K").
 * - A geometric range must start at 1 or more: 0 * F never reaches B.
 * - Preset names are matched exactly (lower case) and may be mixed with
 *   other items ("quick,1500").
 * - GRID_MAX_POINTS bounds the points an expansion generates before
 *   duplicates are removed, so memory is bounded whatever the spec.
 *   "0-99999,0-99999" is refused even though it has only 100000 distinct
 *   points.
 * - An alignment spec may be a ';'-separated union of groups, each either
 *   SPEC or SRC/DST ("1-7/0;0/1-7"). This is a superset of the grammar in
 *   grid.h; the "unaligned" preset needs it. The two lists of an alignment
 *   group take numbers and ranges but no presets (a size preset means
 *   nothing as an offset), and alignment presets name a whole spec only.
 *
 * Every error message is one line, starts with "bad size spec" or "bad
 * alignment spec" and quotes the offending item, so the CLI can print it
 * as is.
 */

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "util.h"

/* What one parse is for: sizes or offsets. */
struct ctx {
	const char	*kind;		/* "size" or "alignment", for messages */
	const char	*what;		/* "size" or "offset" */
	size_t		 max;		/* largest value allowed */
	int		 presets;	/* size presets allowed as items */
	const struct grid_preset *table; /* which presets; NULL: the sizes' */
	char		*err;
	size_t		 errlen;
	struct grid	*g;		/* sizes: where shapes and dists go */
	size_t		 pcap;		/* shapes allocated */
};

struct vec {
	size_t	*v;
	size_t	 n, cap;
};

static void
fail(struct ctx *c, const char *item, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Write 'bad KIND spec "ITEM": REASON' into the caller's buffer. */
static void
fail(struct ctx *c, const char *item, size_t len, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (c->err == NULL || c->errlen == 0)
		return;
	n = snprintf(c->err, c->errlen, "bad %s spec \"%.*s\": ", c->kind,
	    (int)len, item);
	if (n >= 0 && (size_t)n < c->errlen) {
		va_start(ap, fmt);
		vsnprintf(c->err + n, c->errlen - n, fmt, ap);
		va_end(ap);
	}
	/* The spec is echoed: never its control characters. */
	plain_line(c->err);
}

/*
 * Room for element n of an array of cap elements of size bytes: v itself,
 * or v grown to twice its capacity; NULL when out of memory.
 */
static void *
grow(void *v, size_t n, size_t *cap, size_t size)
{
	void	*nv;
	size_t	 ncap;

	if (n < *cap)
		return v;
	ncap = *cap ? *cap * 2 : 32;
	if ((nv = realloc(v, ncap * size)) != NULL)
		*cap = ncap;
	return nv;
}

static int
vec_push(struct vec *vec, size_t v)
{
	size_t	*nv = grow(vec->v, vec->n, &vec->cap, sizeof *nv);

	if (nv == NULL)
		return -1;
	vec->v = nv;
	vec->v[vec->n++] = v;
	return 0;
}

static int
push(struct ctx *c, const char *item, size_t ilen, struct vec *out, size_t v)
{
	if (vec_push(out, v) != 0) {
		fail(c, item, ilen, "out of memory");
		return -1;
	}
	return 0;
}

static int
cmp_size(const void *a, const void *b)
{
	size_t	x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* Sort n elements of size bytes and drop duplicates; the count left. */
static size_t
sort_unique(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	unsigned char	*v = base;
	size_t		 i, j;

	if (n == 0)
		return 0;
	qsort(base, n, size, cmp);
	for (i = 1, j = 1; i < n; i++)
		if (cmp(v + i * size, v + (j - 1) * size) != 0) {
			if (i != j)
				memcpy(v + j * size, v + i * size, size);
			j++;
		}
	return j;
}

/* A parsed list of numbers, sorted, without duplicates. */
static void
vec_sort(struct vec *vec)
{
	vec->n = sort_unique(vec->v, vec->n, sizeof *vec->v, cmp_size);
}

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

/* Shrink [*s, *s + *len) to drop blanks at both ends. */
static void
trim(const char **s, size_t *len)
{
	while (*len > 0 && is_blank((unsigned char)**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len > 0 && is_blank((unsigned char)(*s)[*len - 1]))
		(*len)--;
}

enum num_result { NUM_OK, NUM_EMPTY, NUM_BAD, NUM_OVERFLOW };

/*
 * Parse a decimal number with an optional K/M/G suffix from exactly
 * [s, s + len). Written by hand rather than with strtoull because strtoull
 * accepts signs, blanks and hex, and wraps "-1" to a huge value.
 */
static enum num_result
parse_num(const char *s, size_t len, size_t *out)
{
	size_t	v = 0, d, mul = 1, i = 0;

	if (len == 0)
		return NUM_EMPTY;
	if (!isdigit((unsigned char)s[0]))
		return NUM_BAD;
	for (; i < len && isdigit((unsigned char)s[i]); i++) {
		d = s[i] - '0';
		if (v > (SIZE_MAX - d) / 10)
			return NUM_OVERFLOW;
		v = v * 10 + d;
	}
	if (i < len) {
		switch (s[i]) {
		case 'k':
		case 'K':
			mul = (size_t)1 << 10;
			break;
		case 'm':
		case 'M':
			mul = (size_t)1 << 20;
			break;
		case 'g':
		case 'G':
			mul = (size_t)1 << 30;
			break;
		default:
			return NUM_BAD;
		}
		if (++i != len)
			return NUM_BAD;
		if (v > SIZE_MAX / mul)
			return NUM_OVERFLOW;
		v *= mul;
	}
	*out = v;
	return NUM_OK;
}

/*
 * "size \"64..1500\" is not a number": with the range it looks like
 * ("did you mean 64-1500?") when it has "..".
 */
static void
grid_bad_num(struct ctx *c, const char *item, size_t ilen, const char *role,
    const char *s, size_t len)
{
	char fix[64];
	size_t i, j;

	for (i = 0; i + 1 < len && !(s[i] == '.' && s[i + 1] == '.'); i++)
		;
	if (i + 1 >= len || len >= sizeof(fix)) {
		fail(c, item, ilen, "%s \"%.*s\" is not a number", role,
		    (int)len, s);
		return;
	}
	for (j = i + 2; j < len && s[j] == '.'; j++)
		;
	snprintf(fix, sizeof(fix), "%.*s-%.*s", (int)i, s, (int)(len - j),
	    s + j);
	fail(c, item, ilen, "%s \"%.*s\" is not a number (a range is A-B: "
	    "did you mean %s?)", role, (int)len, s, fix);
}

/*
 * Parse one number of an item; 'role' says which ("range start", "step",
 * ...) for the message. 'limit' applies the context's maximum; steps and
 * factors are not sizes and are not limited.
 */
static int
item_num(struct ctx *c, const char *item, size_t ilen, const char *role,
    const char *s, size_t len, int limit, size_t *out)
{
	switch (parse_num(s, len, out)) {
	case NUM_OK:
		break;
	case NUM_EMPTY:
		fail(c, item, ilen, "missing %s", role);
		return -1;
	case NUM_BAD:
		grid_bad_num(c, item, ilen, role, s, len);
		return -1;
	case NUM_OVERFLOW:
		fail(c, item, ilen, "%s \"%.*s\" is too large", role, (int)len,
		    s);
		return -1;
	}
	if (limit && *out > c->max) {
		fail(c, item, ilen, "%s %zu exceeds the maximum %s %zu", role,
		    *out, c->what, c->max);
		return -1;
	}
	return 0;
}

static int	parse_list(struct ctx *, const char *, size_t, int,
		    struct vec *);

/* Refuse an item that would take the expansion past GRID_MAX_POINTS. */
static int
check_points(struct ctx *c, const char *item, size_t ilen, struct vec *out,
    size_t count)
{
	if (count > GRID_MAX_POINTS || out->n > GRID_MAX_POINTS - count) {
		if (out->n == 0)
			fail(c, item, ilen, "expands to %zu points, more than "
			    "%d", count, GRID_MAX_POINTS);
		else
			fail(c, item, ilen, "brings the spec to more than %d "
			    "points", GRID_MAX_POINTS);
		return -1;
	}
	return 0;
}

/* A preset item: its spec, parsed in place of the name. */
static int
parse_preset_item(struct ctx *c, const char *s, size_t len, int depth,
    struct vec *out)
{
	const struct grid_preset *p;
	char	 names[256];

	if (!c->presets) {
		fail(c, s, len, "not a number");
		return -1;
	}
	p = grid_preset_find(c->table != NULL ? c->table : grid_presets, s, len);
	if (p == NULL) {
		grid_preset_names(c->table != NULL ? c->table : grid_presets, names,
		    sizeof names);
		fail(c, s, len, "no such preset (known: %s)", names);
		return -1;
	}
	/* Presets name no presets; the guard is against a bad edit. */
	if (depth > 4) {
		fail(c, s, len, "presets nest too deeply");
		return -1;
	}
	return parse_list(c, p->spec, strlen(p->spec), depth + 1, out);
}

/*
 * The step of a range item s (of len bytes), [step, end) after its ':':
 * xF (geometric, F >= 2, the range starting at a >= 1) or +S (S >= 1).
 */
static int
parse_step(struct ctx *c, const char *s, size_t len, const char *step,
    size_t a, size_t *st, int *geometric)
{
	const char *end = s + len;

	*geometric = 0;
	if (step == end) {
		fail(c, s, len, "missing step after ':' (want :xF or :+S)");
		return -1;
	}
	if (*step != 'x' && *step != '+') {
		fail(c, s, len, "unknown step \"%.*s\" (want :xF or :+S)",
		    (int)(end - step), step);
		return -1;
	}
	*geometric = *step == 'x';
	if (item_num(c, s, len, *geometric ? "factor" : "step", step + 1,
	    end - step - 1, 0, st) != 0)
		return -1;
	if (*geometric && *st < 2) {
		fail(c, s, len, "factor %zu is below 2", *st);
		return -1;
	}
	if (*geometric && a == 0) {
		fail(c, s, len, "a geometric range cannot start at 0");
		return -1;
	}
	if (!*geometric && *st == 0) {
		fail(c, s, len, "step must be at least 1");
		return -1;
	}
	return 0;
}

/*
 * Every value of the range a..b by st (times st if geometric). Counted
 * first, so that "0-1G" is refused before anything is allocated. The
 * loops compare against the room left below b instead of adding, so they
 * cannot overflow whatever the step.
 */
static int
expand_range(struct ctx *c, const char *s, size_t len, size_t a, size_t b,
    size_t st, int geometric, struct vec *out)
{
	size_t	 v, count;

	if (geometric) {
		for (count = 1, v = a; v <= b / st; v *= st)
			count++;
	} else
		count = (b - a) / st + 1;
	if (check_points(c, s, len, out, count) != 0)
		return -1;
	for (v = a;; ) {
		if (push(c, s, len, out, v) != 0)
			return -1;
		if (geometric) {
			if (v > b / st)
				break;
			v *= st;
		} else {
			if (st > b - v)
				break;
			v += st;
		}
	}
	return 0;
}

/* A distribution item: parsed (its file read) unless named already. */
static int
parse_dist_item(struct ctx *c, const char *s, size_t len)
{
	struct grid	*g = c->g;
	struct dist	 d;
	char		 why[200];
	size_t		 i;

	for (i = 0; i < g->ndist; i++)
		if (strlen(g->dist[i].name) == len &&
		    memcmp(g->dist[i].name, s, len) == 0)
			return 0;
	if (g->ndist == GRID_MAX_DISTS) {
		fail(c, s, len, "more than %d distributions", GRID_MAX_DISTS);
		return -1;
	}
	if (dist_parse(s, len, &d, why, sizeof why) != 0) {
		fail(c, s, len, "%s", why);
		return -1;
	}
	if (g->dist == NULL &&
	    (g->dist = calloc(GRID_MAX_DISTS, sizeof *g->dist)) == NULL) {
		dist_free(&d);
		fail(c, s, len, "out of memory");
		return -1;
	}
	g->dist[g->ndist++] = d;
	return 0;
}

/* F/T, a csum_diff shape; F = T is the size F. */
static int
parse_pair_item(struct ctx *c, const char *s, size_t len, const char *slash,
    struct vec *out)
{
	struct grid	*g = c->g;
	struct size_pair *np;
	size_t		 f, t;

	if (item_num(c, s, len, "from size", s, slash - s, 1, &f) != 0 ||
	    item_num(c, s, len, "to size", slash + 1, s + len - slash - 1, 1,
	    &t) != 0)
		return -1;
	if (f == t)
		return push(c, s, len, out, f);
	if (g->npair == GRID_MAX_POINTS) {
		fail(c, s, len, "more than %d shapes", GRID_MAX_POINTS);
		return -1;
	}
	if ((np = grow(g->pair, g->npair, &c->pcap, sizeof *np)) == NULL) {
		fail(c, s, len, "out of memory");
		return -1;
	}
	g->pair = np;
	g->pair[g->npair].from = f;
	g->pair[g->npair++].to = t;
	return 0;
}

/* Parse one item of a list (already trimmed, not empty). */
static int
parse_item(struct ctx *c, const char *s, size_t len, int depth,
    struct vec *out)
{
	const char	*dash, *colon, *slash, *end = s + len;
	size_t		 a, b, st = 1;
	int		 geometric = 0;

	if (c->g != NULL && depth == 0 && dist_item(s, len))
		return parse_dist_item(c, s, len);
	if (c->g != NULL && (slash = memchr(s, '/', len)) != NULL)
		return parse_pair_item(c, s, len, slash, out);
	if (isalpha((unsigned char)s[0]))
		return parse_preset_item(c, s, len, depth, out);
	dash = memchr(s, '-', len);
	colon = memchr(s, ':', len);
	if (colon != NULL && (dash == NULL || colon < dash)) {
		fail(c, s, len, "a step needs a range A-B before it");
		return -1;
	}
	if (dash == NULL) {
		if (item_num(c, s, len, c->what, s, len, 1, &a) != 0 ||
		    check_points(c, s, len, out, 1) != 0)
			return -1;
		return push(c, s, len, out, a);
	}
	if (colon == NULL)
		colon = end;
	if (item_num(c, s, len, "range start", s, dash - s, 1, &a) != 0 ||
	    item_num(c, s, len, "range end", dash + 1, colon - dash - 1, 1,
	    &b) != 0)
		return -1;
	if (b < a) {
		fail(c, s, len, "range end %zu is below start %zu", b, a);
		return -1;
	}
	if (colon != end &&
	    parse_step(c, s, len, colon + 1, a, &st, &geometric) != 0)
		return -1;
	return expand_range(c, s, len, a, b, st, geometric, out);
}

/* Parse a comma-separated list into out (unsorted). */
static int
parse_list(struct ctx *c, const char *spec, size_t len, int depth,
    struct vec *out)
{
	const char	*s = spec, *end = spec + len, *comma, *item;
	size_t		 ilen, index = 1;

	for (;; index++) {
		comma = memchr(s, ',', end - s);
		if (comma == NULL)
			comma = end;
		item = s;
		ilen = comma - s;
		trim(&item, &ilen);
		if (ilen == 0) {
			fail(c, spec, len, "item %zu is empty", index);
			return -1;
		}
		if (parse_item(c, item, ilen, depth, out) != 0)
			return -1;
		if (comma == end)
			break;
		s = comma + 1;
	}
	return 0;
}

static int
cmp_size_pair(const void *a, const void *b)
{
	const struct size_pair *x = a, *y = b;

	if (x->to != y->to)
		return (x->to > y->to) - (x->to < y->to);
	return (x->from > y->from) - (x->from < y->from);
}

int
grid_parse(const char *spec, struct grid *g, char *err, size_t errlen)
{
	struct ctx	 c = { .kind = "size", .what = "size",
			    .max = GRID_MAX_SIZE, .presets = 1,
			    .err = err, .errlen = errlen, .g = g };
	struct vec	 vec = { NULL, 0, 0 };

	memset(g, 0, sizeof(*g));
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	if (spec == NULL)
		spec = "";
	if (strspn(spec, " \t") == strlen(spec)) {
		fail(&c, spec, strlen(spec), "empty");
		return -1;
	}
	if (parse_list(&c, spec, strlen(spec), 0, &vec) != 0) {
		free(vec.v);
		grid_free(g);
		return -1;
	}
	vec_sort(&vec);
	g->v = vec.v;
	g->n = vec.n;
	g->npair = sort_unique(g->pair, g->npair, sizeof *g->pair,
	    cmp_size_pair);
	return 0;
}

int
grid_parse_distance(const char *spec, size_t page, struct grid *g, char *err,
    size_t errlen)
{
	struct ctx	 c = { .kind = "distance", .what = "distance",
			    .max = page - 1, .presets = 1,
			    .table = grid_distance_presets,
			    .err = err, .errlen = errlen };
	struct vec	 vec = { NULL, 0, 0 };

	g->v = NULL;
	g->n = 0;
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	if (spec == NULL || strspn(spec, " \t") == strlen(spec)) {
		fail(&c, spec != NULL ? spec : "", spec != NULL ?
		    strlen(spec) : 0, "empty");
		return -1;
	}
	if (parse_list(&c, spec, strlen(spec), 0, &vec) != 0) {
		free(vec.v);
		return -1;
	}
	vec_sort(&vec);
	g->v = vec.v;
	g->n = vec.n;
	return 0;
}

void
grid_free(struct grid *g)
{
	size_t i;

	for (i = 0; i < g->ndist; i++)
		dist_free(&g->dist[i]);
	free(g->dist);
	free(g->pair);
	free(g->v);
	memset(g, 0, sizeof(*g));
}

struct pairs {
	struct align_pair *v;
	size_t	 n, cap;
};

static int
pairs_push(struct pairs *p, size_t src, size_t dst)
{
	struct align_pair *nv = grow(p->v, p->n, &p->cap, sizeof *nv);

	if (nv == NULL)
		return -1;
	p->v = nv;
	p->v[p->n].src = src;
	p->v[p->n].dst = dst;
	p->n++;
	return 0;
}

static int
cmp_pair(const void *a, const void *b)
{
	const struct align_pair *x = a, *y = b;

	if (x->src != y->src)
		return (x->src > y->src) - (x->src < y->src);
	return (x->dst > y->dst) - (x->dst < y->dst);
}

/* One alignment group: SPEC or SRC/DST. */
static int
parse_group(struct ctx *c, const char *s, size_t len, struct pairs *out)
{
	struct vec	 src = { NULL, 0, 0 }, dst = { NULL, 0, 0 };
	const char	*slash, *l;
	size_t		 i, j, llen;
	int		 rc = -1;

	slash = memchr(s, '/', len);
	if (slash != NULL && memchr(slash + 1, '/', s + len - slash - 1)) {
		fail(c, s, len, "more than one '/'");
		return -1;
	}
	l = s;
	llen = slash != NULL ? (size_t)(slash - s) : len;
	trim(&l, &llen);
	if (llen == 0) {
		fail(c, s, len, "missing source offsets before '/'");
		goto out;
	}
	if (parse_list(c, l, llen, 0, &src) != 0)
		goto out;
	vec_sort(&src);
	if (slash != NULL) {
		l = slash + 1;
		llen = s + len - l;
		trim(&l, &llen);
		if (llen == 0) {
			fail(c, s, len, "missing destination offsets after "
			    "'/'");
			goto out;
		}
		if (parse_list(c, l, llen, 0, &dst) != 0)
			goto out;
		vec_sort(&dst);
		if (src.n > (GRID_MAX_POINTS - out->n) / dst.n) {
			fail(c, s, len, "more than %d pairs", GRID_MAX_POINTS);
			goto out;
		}
		for (i = 0; i < src.n; i++) {
			for (j = 0; j < dst.n; j++) {
				if (pairs_push(out, src.v[i], dst.v[j]) != 0)
					goto nomem;
			}
		}
	} else {
		if (src.n > GRID_MAX_POINTS - out->n) {
			fail(c, s, len, "more than %d pairs", GRID_MAX_POINTS);
			goto out;
		}
		for (i = 0; i < src.n; i++) {
			if (pairs_push(out, src.v[i], src.v[i]) != 0)
				goto nomem;
		}
	}
	rc = 0;
	goto out;
nomem:
	fail(c, s, len, "out of memory");
out:
	free(src.v);
	free(dst.v);
	return rc;
}

static int
parse_align(struct ctx *c, const char *spec, size_t len, int depth,
    struct align_grid *a)
{
	const struct grid_preset *p;
	struct pairs	 out = { NULL, 0, 0 };
	const char	*s, *t, *end, *semi;
	size_t		 tlen, index;
	char		 names[256];

	t = spec;
	tlen = len;
	trim(&t, &tlen);
	if (tlen > 0 && isalpha((unsigned char)t[0]) &&
	    strcspn(t, ",/;-:") >= tlen) {
		p = grid_preset_find(grid_align_presets, t, tlen);
		if (p == NULL || depth > 0) {
			grid_preset_names(grid_align_presets, names, sizeof names);
			fail(c, t, tlen, "no such alignment preset (known: %s)",
			    names);
			return -1;
		}
		return parse_align(c, p->spec, strlen(p->spec), depth + 1, a);
	}

	end = spec + len;
	for (s = spec, index = 1;; index++) {
		semi = memchr(s, ';', end - s);
		if (semi == NULL)
			semi = end;
		t = s;
		tlen = semi - s;
		trim(&t, &tlen);
		if (tlen == 0) {
			fail(c, spec, len, "group %zu is empty", index);
			goto fail;
		}
		if (parse_group(c, t, tlen, &out) != 0)
			goto fail;
		if (semi == end)
			break;
		s = semi + 1;
	}

	a->v = out.v;
	a->n = sort_unique(out.v, out.n, sizeof *out.v, cmp_pair);
	return 0;
fail:
	free(out.v);
	return -1;
}

int
grid_parse_align(const char *spec, struct align_grid *a, char *err,
    size_t errlen)
{
	struct ctx	 c = { .kind = "alignment", .what = "offset",
			    .max = GRID_MAX_OFFSET, .presets = 0,
			    .err = err, .errlen = errlen };

	a->v = NULL;
	a->n = 0;
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	if (spec == NULL)
		spec = "";
	if (strspn(spec, " \t") == strlen(spec)) {
		fail(&c, spec, strlen(spec), "empty");
		return -1;
	}
	if (parse_align(&c, spec, strlen(spec), 0, a) != 0)
		return -1;
	return 0;
}

void
grid_free_align(struct align_grid *a)
{
	free(a->v);
	a->v = NULL;
	a->n = 0;
}
