/*
 * verify_copy.c - the copy family's fault tests.
 *
 * A user-copy kernel that meets an inaccessible page must copy every byte
 * before the first inaccessible one, return exactly the number of bytes
 * left, and touch nothing beyond. For every length 0..FAULT_MAXLEN and every
 * position of a PROT_NONE page boundary inside the range, four cases:
 *
 *   src-end   src runs into an inaccessible page after k bytes (src = the
 *             end of a guarded buffer - k): returns n - k, dst[0..k) copied,
 *             the rest of dst and the canary around it untouched;
 *   src-start src starts k bytes inside the inaccessible page before a
 *             guarded buffer: the first byte faults, returns n, dst untouched;
 *   dst-end   dst runs into an inaccessible page after k bytes: returns
 *             n - k, dst[0..k) copied, the canary before dst untouched;
 *   dst-start dst starts k bytes inside an inaccessible page: returns n,
 *             nothing written.
 *
 * The offset of the other buffer varies over 0..7 for short lengths and
 * cycles through them beyond. Canaries: source bytes are never equal to
 * the canary byte, so a copied byte where none belongs always shows.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "engine.h"
#include "guard.h"
#include "verify_copy.h"

#define FAULT_MAXLEN	256	/* every length up to this */
#define FAULT_ALLOFF	64	/* every other-buffer offset 0..7 up to this */
#define FAULT_PAD	64	/* canary bytes each side of dst */
#define FAULT_CANARY	0xa5

struct fctx {
	const struct kernel	*k;
	struct vreport	*rep;
	struct guard		 src, dst;
};

/* First i in [from, to) with p[i] != c, or to. */
static size_t
first_not(const unsigned char *p, size_t from, size_t to, unsigned char c)
{
	for (; from < to && p[from] == c; from++)
		;
	return from;
}

/* First i in [0, n) with a[i] != b[i], or n. */
static size_t
first_diff(const unsigned char *a, const unsigned char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n && a[i] == b[i]; i++)
		;
	return i;
}

/*
 * A src case: copy n bytes from s to dst + dof, with FAULT_PAD canary
 * bytes each side of the destination; the copy's return value.
 */
static size_t
src_case(struct fctx *c, const char *what, const unsigned char *s, size_t n,
    size_t dof)
{
	vreport_case(c->rep, what, n, (uintptr_t)s & 63, dof);
	memset(c->dst.start, FAULT_CANARY, FAULT_PAD + dof + n + FAULT_PAD);
	return c->k->fn.copy(c->dst.start + FAULT_PAD + dof, s, n);
}

/*
 * A case whose side ("src" or "dst") starts k bytes inside the
 * inaccessible page must return n: nothing could be copied. other is the
 * other side's offset.
 */
static void
start_returned(struct fctx *c, const char *side, size_t n, size_t k,
    size_t other, size_t got)
{
	if (got != n)
		vreport_fail(c->rep, "size %zu %s+%zu, %s starts %zu bytes "
		    "inside an inaccessible page: returned %zu, expected %zu",
		    n, side[0] == 's' ? "dst" : "src", other, side, k, got, n);
}

/* src runs into the inaccessible page after k of its n bytes. */
static void
src_end(struct fctx *c, size_t n, size_t k, size_t dof)
{
	const unsigned char *s = c->src.end - k;
	unsigned char *area = c->dst.start, *d = area + FAULT_PAD + dof;
	size_t span = FAULT_PAD + dof + n + FAULT_PAD, i;
	size_t got = src_case(c, "src fault", s, n, dof);

	if (got != n - k)
		vreport_fail(c->rep, "size %zu src+%zu dst+%zu, src faults "
		    "after %zu bytes: returned %zu, expected %zu", n,
		    (size_t)((uintptr_t)s & 63), dof, k, got, n - k);
	if ((i = first_diff(d, s, k)) < k)
		vreport_fail(c->rep, "size %zu dst+%zu, src faults after %zu "
		    "bytes: byte %zu not copied", n, dof, k, i);
	if ((i = first_not(area, 0, FAULT_PAD + dof, FAULT_CANARY)) <
	    FAULT_PAD + dof)
		vreport_fail(c->rep, "size %zu dst+%zu, src faults after %zu "
		    "bytes: wrote %zu byte(s) before dst", n, dof, k,
		    FAULT_PAD + dof - i);
	if ((i = first_not(area, FAULT_PAD + dof + k, span, FAULT_CANARY)) <
	    span)
		vreport_fail(c->rep, "size %zu dst+%zu, src faults after %zu "
		    "bytes: wrote dst byte %zu, past the fault", n, dof, k,
		    i - FAULT_PAD - dof);
}

/* src starts k bytes before the first accessible byte: nothing is copied. */
static void
src_start(struct fctx *c, size_t n, size_t k, size_t dof)
{
	const unsigned char *s = c->src.start - k;
	unsigned char *area = c->dst.start;
	size_t span = FAULT_PAD + dof + n + FAULT_PAD, i;
	size_t got = src_case(c, "src fault at start", s, n, dof);

	start_returned(c, "src", n, k, dof, got);
	if ((i = first_not(area, 0, span, FAULT_CANARY)) < span)
		vreport_fail(c->rep, "size %zu dst+%zu, src starts %zu bytes "
		    "inside an inaccessible page: wrote dst%+td", n, dof, k,
		    (ptrdiff_t)i - (ptrdiff_t)(FAULT_PAD + dof));
}

/* dst runs into the inaccessible page after k of its n bytes. */
static void
dst_end(struct fctx *c, size_t n, size_t k, size_t so)
{
	const unsigned char *s = c->src.start + FAULT_PAD + so;
	unsigned char *d = c->dst.end - k, *area = d - FAULT_PAD;
	size_t got, i;

	vreport_case(c->rep, "dst fault", n, so, (uintptr_t)d & 63);
	memset(area, FAULT_CANARY, FAULT_PAD + k);
	got = c->k->fn.copy(d, s, n);
	if (got != n - k)
		vreport_fail(c->rep, "size %zu src+%zu dst+%zu, dst faults "
		    "after %zu bytes: returned %zu, expected %zu", n, so,
		    (size_t)((uintptr_t)d & 63), k, got, n - k);
	if ((i = first_diff(d, s, k)) < k)
		vreport_fail(c->rep, "size %zu src+%zu, dst faults after %zu "
		    "bytes: byte %zu not copied", n, so, k, i);
	if ((i = first_not(area, 0, FAULT_PAD, FAULT_CANARY)) < FAULT_PAD)
		vreport_fail(c->rep, "size %zu src+%zu, dst faults after %zu "
		    "bytes: wrote %zu byte(s) before dst", n, so, k,
		    FAULT_PAD - i);
}

/* dst starts k bytes before the first writable byte: nothing is written. */
static void
dst_start(struct fctx *c, size_t n, size_t k, size_t so)
{
	const unsigned char *s = c->src.start + FAULT_PAD + so;
	unsigned char *d = c->dst.start - k, *area = c->dst.start;
	size_t span = n - k + FAULT_PAD, got, i;

	vreport_case(c->rep, "dst fault at start", n, so, (uintptr_t)d & 63);
	memset(area, FAULT_CANARY, span);
	got = c->k->fn.copy(d, s, n);
	start_returned(c, "dst", n, k, so, got);
	if ((i = first_not(area, 0, span, FAULT_CANARY)) < span)
		vreport_fail(c->rep, "size %zu src+%zu, dst starts %zu bytes "
		    "inside an inaccessible page: wrote dst byte %zu", n, so,
		    k, i + k);
}

/* Every length up to FAULT_MAXLEN, every position of the fault in it. */
static void
all_cases(struct fctx *c)
{
	size_t n, f, off;

	for (n = 0; n <= FAULT_MAXLEN; n++)
		for (f = 0; f <= n; f++)
			for (off = 0; off < 8; off++) {
				/* Short lengths: every offset; then one. */
				if (n > FAULT_ALLOFF && off != ((n + f) & 7))
					continue;
				src_end(c, n, f, off);
				dst_end(c, n, f, off);
				if (f > 0) {
					src_start(c, n, f, off);
					dst_start(c, n, f, off);
				}
			}
}

int
verify_copy_faults(const struct kernel *k, struct vreport *rep,
    uint64_t *seed)
{
	struct fctx c;
	size_t i, len = 2 * FAULT_PAD + 8 + FAULT_MAXLEN;
	int rc = -1;

	memset(&c, 0, sizeof(c));
	c.k = k;
	c.rep = rep;
	if (guard_alloc(&c.src, len, rep->error, sizeof(rep->error)) != 0 ||
	    guard_alloc(&c.dst, len, rep->error, sizeof(rep->error)) != 0)
		goto out;
	for (i = 0; i < (size_t)(c.src.end - c.src.start); i++) {
		unsigned char b = (unsigned char)rng_next(seed);

		c.src.start[i] = b == FAULT_CANARY ? (unsigned char)~b : b;
	}
	if (guard_readonly(&c.src, 1, rep->error, sizeof(rep->error)) != 0)
		goto out;
	all_cases(&c);
	rc = 0;
out:
	guard_free(&c.src);
	guard_free(&c.dst);
	return rc;
}
