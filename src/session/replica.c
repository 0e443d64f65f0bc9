/*
 * replica.c - the names and the placement of copies of kernel objects
 * (replica.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmp_match.h"
#include "kobj.h"
#include "kplace.h"
#include "replica.h"
#include "rng.h"
#include "select.h"
#include "util.h"
#include "warn.h"

/* Pages below a copy: 0-255, so that bits 12-19 of its addresses vary. */
#define REPLICA_PAD_PAGES	256

void
replica_suffix(unsigned k, char *buf, size_t len)
{
	if (k > 1)
		snprintf(buf, len, "%s%u", KOBJ_REPLICA_SEP, k);
	else
		snprintf(buf, len, "%s", "");
}

int
replica_ab_side(char *const ab[2], const struct kernel *k, unsigned *rep)
{
	const char *origin = select_origin(k);
	int s;

	*rep = select_copy(k);
	for (s = 0; s < 2; s++)
		if (strcmp(origin, ab[s]) == 0)
			return s;
	return -1;
}

int
replica_partners(char *const ab[2], const struct kernel *a,
    const struct kernel *b)
{
	unsigned ra, rb;
	int sa = replica_ab_side(ab, a, &ra), sb = replica_ab_side(ab, b, &rb);

	return sa >= 0 && sb >= 0 && sa != sb && ra == rb &&
	    strcmp(select_base(a), select_base(b)) == 0;
}

char *
replica_partner_name(char *const ab[2], const struct kernel *k, int side,
    unsigned rep)
{
	char sfx[16];

	replica_suffix(rep, sfx, sizeof(sfx));
	return xasprintf("%s%s:%s", ab[1 - side], sfx, select_base(k));
}

int
replica_ab_patterns(char *const ab[2], const char *patterns, unsigned n,
    char **out, char *err, size_t errlen)
{
	char *copy = xstrdup(patterns != NULL ? patterns : "*");
	char *p, *tok, *save = NULL, *t, sfx[16];
	unsigned k;

	*out = xstrdup("");
	for (p = copy; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (strchr(tok, ':') != NULL) {
			err_line(err, errlen, "--ab: -k takes globs of "
			    "family.variant, not \"%s\" (the objects are named "
			    "by --ab)", tok);
			free(copy);
			free(*out);
			*out = NULL;
			return -1;
		}
		for (k = 1; k <= n; k++) {
			replica_suffix(k, sfx, sizeof(sfx));
			t = xasprintf("%s%s%s%s:%s,%s%s:%s", *out, **out ? "," :
			    "", ab[0], sfx, tok, ab[1], sfx, tok);
			free(*out);
			*out = t;
		}
	}
	free(copy);
	return 0;
}

char *
replica_copy_patterns(const char *patterns, unsigned n)
{
	char *pats = xstrdup(patterns), *t = xstrdup(patterns);
	char *tok, *save = NULL, *p, *u, sfx[16];
	unsigned k;

	for (p = pats; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL)
		for (k = 2; strchr(tok, ':') != NULL && k <= n; k++) {
			replica_suffix(k, sfx, sizeof(sfx));
			u = xasprintf("%s,%.*s%s%s", t, (int)strcspn(tok, ":"),
			    tok, sfx, strchr(tok, ':'));
			free(t);
			t = u;
		}
	free(pats);
	return t;
}

/*
 * The placement of copy k (1..n): its offset within KPLACE_PERIOD, the
 * same for every object, so that a kernel built at a fixed offset
 * (-falign-functions=4096) lies at the same offset in A's copy k as in
 * B's; the copies stratified over the period in cache-line steps (copy k
 * in its n-th of it), each at a random step within its stratum.
 */
static size_t
replica_shift(unsigned k, unsigned n, uint64_t *rs)
{
	size_t stride = KPLACE_PERIOD / n, steps;

	stride -= stride % KPLACE_STEP;
	if (stride < KPLACE_STEP)
		stride = KPLACE_STEP;
	steps = stride / KPLACE_STEP;
	return ((k - 1) * stride + KPLACE_STEP * (size_t)(rng_next(rs) %
	    steps)) % KPLACE_PERIOD;
}

int
replica_place(const char *const *names, size_t n, unsigned replicas,
    uint64_t seed, size_t **shift, char *why, size_t whylen, char *err,
    size_t errlen)
{
	char e[512], note[512];
	uint64_t rs = seed ? seed ^ UINT64_C(0x1a7047) :
	    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	unsigned k;
	size_t s;
	int moved = 1;

	*shift = xcalloc(replicas, sizeof(**shift));
	for (k = 1; k <= replicas; k++)
		(*shift)[k - 1] = replica_shift(k, replicas, &rs);
	for (s = 0; s < n; s++)
		if (select_move(names[s], (*shift)[0], (size_t)(rng_next(&rs) %
		    REPLICA_PAD_PAGES), why, whylen) != 0)
			moved = 0;
	for (k = 2; k <= replicas; k++)
		for (s = 0; s < n; s++)
			if (select_replicate(names[s], k, moved ?
			    (*shift)[k - 1] : 0, (size_t)(rng_next(&rs) %
			    REPLICA_PAD_PAGES), note, sizeof(note), e,
			    sizeof(e)) == NULL)
				return err_line(err, errlen, "--replicas: %s",
				    e);
	return moved;
}

void
replica_ab_note(char *const ab[2], unsigned replicas, const size_t *shift,
    int moved, const char *why)
{
	const struct kobj *o;
	size_t un[2] = { 0, 0 }, i;
	int s;

	if (!moved) {
		talk("csumbench: --ab: the code of %s cannot be moved (%s): "
		    "its copies differ in their pages only, and a change that "
		    "only moves code may read as a change of cost\n",
		    ab[0], why);
		return;
	}
	if (replicas == 1)
		talk("csumbench: --ab: the code of %s and of %s at one offset "
		    "in the page (", ab[0], ab[1]);
	else
		talk("csumbench: --ab: %u copies of %s and of %s, copy k of "
		    "both at one offset in the page (", replicas, ab[0], ab[1]);
	for (i = 0; i < replicas; i++)
		talk("%s%zu", i ? ", " : "", shift[i]);
	talk(" B)%s\n", replicas > 1 ? "; the gate fails a point only "
	    "when every copy is slower" : "");
	for (s = 0; s < 2; s++)
		if ((o = select_object(ab[s])) != NULL)
			un[s] = kobj_unaligned(o);
	if (un[0] + un[1] > 0)
		warn_once(WARN_LAYOUT, "--ab: %zu kernels of %s and %zu of %s "
		    "do not start a 4 KiB boundary: where other code lands "
		    "moves them within the page, and a move can read as a "
		    "change; build objects with -falign-functions=4096 "
		    "(pkg-config --cflags csumbench)", un[0], ab[0], un[1],
		    ab[1]);
}
