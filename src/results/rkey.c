/*
 * rkey.c - the grid key (see rkey.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rfield.h"
#include "rkey.h"
#include "util.h"

static int
cmp_size(size_t x, size_t y)
{
	return x < y ? -1 : x > y;
}

/* A text field a caller left unset (NULL) compares as "". */
static const char *
str_or_empty(const char *s)
{
	return s != NULL ? s : "";
}

int
rkey_cmp(const struct rpoint *a, const struct rpoint *b, unsigned mask)
{
	int part, c;

	/* Who: the text of its rows. */
	for (part = 0; part < RK_POS0; part++) {
		const struct rfield *f;

		if (!(mask & RK(part)))
			continue;
		f = rfield_key(part);
		c = strcmp(str_or_empty(rfield_text(f, a)),
		    str_or_empty(rfield_text(f, b)));
		if (c != 0)
			return c;
	}
	/* Where: the position's axes, in their order (pos.h). */
	return pos_cmp(&a->pos, &b->pos, mask >> RK_POS0);
}

static void
msort_rec(size_t *v, size_t *tmp, size_t n,
    int (*cmp)(size_t, size_t, const void *), const void *arg)
{
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	msort_rec(v, tmp, h, cmp, arg);
	msort_rec(v + h, tmp, n - h, cmp, arg);
	if (cmp(v[h - 1], v[h], arg) <= 0)
		return;		/* already in order */
	while (i < h && j < n)
		tmp[k++] = cmp(v[j], v[i], arg) < 0 ? v[j++] : v[i++];
	while (i < h)
		tmp[k++] = v[i++];
	memcpy(v, tmp, k * sizeof(*v));	/* v[j..n-1] are in place */
}

void
rkey_msort(size_t *idx, size_t n, int (*cmp)(size_t, size_t, const void *),
    const void *arg)
{
	size_t *tmp = xcalloc(n + 1, sizeof(*tmp));

	msort_rec(idx, tmp, n, cmp, arg);
	free(tmp);
}

static int
by_value(size_t x, size_t y, const void *arg)
{
	const size_t *first = arg;

	return cmp_size(first[x], first[y]);
}

size_t
rkey_group_by(size_t n, int (*cmp)(size_t, size_t, const void *),
    const void *arg, size_t *perm, size_t *start)
{
	size_t *pos = xcalloc(n + 1, sizeof(size_t));
	size_t *first = xcalloc(n + 1, sizeof(size_t));	/* of run r */
	size_t *r0 = xcalloc(n + 1, sizeof(size_t));	/* where r starts in pos */
	size_t *order = xcalloc(n + 1, sizeof(size_t));
	size_t i, j, g, ng = 0, m = 0;

	for (i = 0; i < n; i++)
		pos[i] = i;
	rkey_msort(pos, n, cmp, arg);	/* stable: a run's first is its least */
	for (i = 0; i < n; i++)
		if (i == 0 || cmp(pos[i - 1], pos[i], arg) != 0) {
			first[ng] = pos[i];
			r0[ng++] = i;
		}
	r0[ng] = n;
	for (g = 0; g < ng; g++)
		order[g] = g;
	rkey_msort(order, ng, by_value, first);	/* by first appearance */
	for (g = 0; g < ng; g++) {
		start[g] = m;
		for (j = r0[order[g]]; j < r0[order[g] + 1]; j++)
			perm[m++] = pos[j];
	}
	start[ng] = n;
	free(pos);
	free(first);
	free(r0);
	free(order);
	return ng;
}

struct by_ptr {
	const struct rpoint *const *v;
	unsigned mask;
};

static int
by_ptr_key(size_t x, size_t y, const void *arg)
{
	const struct by_ptr *k = arg;

	return rkey_cmp(k->v[x], k->v[y], k->mask);
}

size_t
rkey_group(const struct rpoint *const *v, size_t n, unsigned mask,
    size_t *perm, size_t *start)
{
	struct by_ptr k = { v, mask };

	return rkey_group_by(n, by_ptr_key, &k, perm, start);
}
