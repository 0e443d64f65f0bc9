/*
 * verify.c - every kernel against its family's reference.
 *
 * Sources live in read-only buffers that end at a PROT_NONE page; each
 * source is placed with the requested offset modulo 64 as close to that
 * page as the offset allows, so a read past the end faults whenever the
 * length and offset put the end at the page. Destinations are placed the
 * same way in writable buffers whose bytes around [dst, dst+n) hold a
 * canary that must survive the call. Each kernel runs in its own process,
 * so a kernel that faults is reported with the case it faulted on.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "guard.h"
#include "select.h"
#include "util.h"
#include "verify.h"
#include "verify_copy.h"
#include "watch.h"

#define CANARY_PAD	64

const struct kernel *
verify_reference(enum kfamily f)
{
	return select_reference(f);
}

/* The lengths to test: every one up to dense, then a sampled set. */
static size_t
make_lengths(size_t **out, int exhaustive, uint64_t *seed)
{
	size_t dense = exhaustive > 0 ? 4096 : exhaustive < 0 ? 256 : 1024;
	size_t max = exhaustive > 0 ? ((size_t)4 << 20) : exhaustive < 0 ?
	    ((size_t)64 << 10) : ((size_t)1 << 20);
	size_t cap = dense + 1 + 512, n = 0, p, d, i;
	size_t *v = xcalloc(cap, sizeof(*v));

	for (i = 0; i <= dense; i++)
		v[n++] = i;
	/* Around every power of two, where paths change. */
	for (p = dense * 2; p <= max; p *= 2)
		for (d = 0; d < 7 && n < cap; d++) {
			static const long delta[7] = { -65, -7, -1, 0, 1, 9, 63 };
			long x = (long)p + delta[d];

			if (x > (long)dense && (size_t)x <= max)
				v[n++] = (size_t)x;
		}
	/* And random lengths, odd and even. */
	for (i = 0; i < (exhaustive > 0 ? 64u : exhaustive < 0 ? 8u : 24u) &&
	    n < cap; i++)
		v[n++] = dense + 1 + (size_t)(rng_next(seed) % (max - dense));
	*out = v;
	return n;
}

/* The (src, dst) offset pairs to test at length n. */
static size_t
make_offsets(size_t n, int exhaustive, int two_buffers, size_t (*pairs)[2],
    size_t cap)
{
	size_t k = 0, s, d, i;
	static const size_t some[] = { 0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 63 };
	const size_t nsome = sizeof(some) / sizeof(some[0]);

#define ADD(a, b) do {							\
		size_t a_ = (a), b_ = (b), j_;				\
		for (j_ = 0; j_ < k; j_++)				\
			if (pairs[j_][0] == a_ && pairs[j_][1] == b_)	\
				break;					\
		if (j_ == k && k < cap) {				\
			pairs[k][0] = a_;				\
			pairs[k][1] = b_;				\
			k++;						\
		}							\
	} while (0)

	if (exhaustive < 0)
		n = SIZE_MAX;	/* light: the sampled offsets at every length */
	if (!two_buffers) {
		if (n <= 256 || exhaustive > 0)
			for (s = 0; s < 64; s++)
				ADD(s, 0);
		else
			for (i = 0; i < nsome; i++)
				ADD(some[i], 0);
		return k;
	}
	if (n <= 256 && exhaustive > 0) {
		for (s = 0; s < 64; s++)
			for (d = 0; d < 64; d++)
				ADD(s, d);
	} else if (n <= 256) {
		/* Every offset on each side, and every relative misalignment. */
		for (s = 0; s < 64; s++) {
			ADD(s, 0);
			ADD(0, s);
			ADD(s, s);
			ADD(s, (s + 1) & 63);
			ADD((s * 7 + 3) & 63, (s * 13 + 5) & 63);
		}
	} else {
		for (i = 0; i < nsome; i++) {
			ADD(some[i], 0);
			ADD(0, some[i]);
			ADD(some[i], some[i]);
		}
		if (exhaustive > 0)
			for (s = 0; s < 8; s++)
				for (d = 0; d < 8; d++)
					ADD(s, d);
	}
#undef ADD
	return k;
}

static void
fill_pattern(unsigned char *p, size_t n, int pat, uint64_t *seed)
{
	size_t i;

	switch (pat) {
	case PAT_ONES:
		memset(p, 0xff, n);
		break;
	case PAT_ZEROS:
		memset(p, 0, n);
		break;
	default:
		for (i = 0; i < n; i++)
			p[i] = (unsigned char)rng_next(seed);
		break;
	}
}

/* Check that [lo, hi) outside [d, d+n) still holds the canary byte. */
static int
canary_ok(const unsigned char *lo, const unsigned char *d, size_t n,
    const unsigned char *hi, unsigned char c, size_t *where)
{
	const unsigned char *p;

	for (p = lo; p < d; p++)
		if (*p != c) {
			*where = (size_t)(d - p);
			return -1;
		}
	for (p = d + n; p < hi; p++)
		if (*p != c) {
			*where = (size_t)(p - (d + n));
			return 1;
		}
	return 0;
}

struct vctx {
	const struct kernel	*k, *ref;
	struct vreport		*rep;
	struct guard		 src, src2, dst, exp;
	size_t			*lens, nlens;	/* the lengths to test */
	size_t			(*pairs)[2];	/* offset pairs, 64 x 64 room */
	int			 two;		/* the family takes two buffers */
	char			 label[96];	/* a failing case's name */
};

/* One case: n bytes at src offset so (s) and dst offset dof (d). */
struct vcase {
	size_t			 n, so, dof;
	int			 pat;
	uint32_t		 sum;
	unsigned char		*s, *d;
};

static const char *
pname(int pat)
{
	return vreport_pattern_names[pat];
}

/* How the copy families name a case in a message. */
static const char *
copy_label(struct vctx *c, const struct vcase *v)
{
	snprintf(c->label, sizeof(c->label), "size %zu src+%zu dst+%zu %s",
	    v->n, v->so, v->dof, pname(v->pat));
	return c->label;
}

/* Bytes around [d, d+n) in [lo, hi) must still hold the canary. */
static void
check_canary(struct vctx *c, const char *(*label)(struct vctx *,
    const struct vcase *), const struct vcase *v, unsigned char *lo,
    unsigned char canary)
{
	size_t where = 0;
	int side = canary_ok(lo, v->d, v->n, c->dst.end, canary, &where);

	if (side != 0)
		vreport_fail(c->rep, "%s: wrote %zu byte(s) %s dst",
		    label(c, v), where + (side < 0 ? 0 : 1),
		    side < 0 ? "before" : "after the end of");
}

/* memcpy, copy and csum_copy: dst must equal src, nothing else written. */
static void
check_copy(struct vctx *c, const struct vcase *v)
{
	const struct kernel *k = c->k;
	unsigned char *lo = v->d - CANARY_PAD, *s = v->s, *d = v->d;
	unsigned char canary = v->pat == PAT_ONES ? 0x5a : 0xa5;
	uint32_t want = 0, got = 0;
	size_t left = 0, n = v->n, i;
	void *ret = NULL;

	memset(lo, canary, (size_t)(c->dst.end - lo));
	if (k->family == K_MEMCPY)
		ret = k->fn.memcpy(d, s, n);
	else if (k->family == K_COPY)
		left = k->fn.copy(d, s, n);
	else {
		got = k->fn.csum_copy(s, d, n, v->sum);
		want = c->ref->fn.csum_copy(s, c->exp.start, n, v->sum);
	}
	if (k->family == K_MEMCPY && ret != d)
		vreport_fail(c->rep, "%s: returned dst%+td, not dst",
		    copy_label(c, v), (unsigned char *)ret - d);
	if (k->family == K_COPY && left != 0)
		vreport_fail(c->rep, "%s: returned %zu bytes not copied, "
		    "expected 0", copy_label(c, v), left);
	if (k->family == K_CSUM_COPY && kfold(got) != kfold(want))
		vreport_fail(c->rep, "%s sum 0x%08x: expected 0x%04x, got "
		    "0x%04x (unfolded 0x%08x)", copy_label(c, v), v->sum,
		    kfold(want), kfold(got), got);
	if (memcmp(d, s, n) != 0) {
		for (i = 0; i < n && d[i] == s[i]; i++)
			;
		vreport_fail(c->rep, "%s: byte %zu of dst is 0x%02x, expected "
		    "0x%02x", copy_label(c, v), i, d[i], s[i]);
	}
	check_canary(c, copy_label, v, lo, canary);
}

/* The byte memset writes in a case. */
static unsigned char
memset_byte(const struct vcase *v)
{
	return v->pat == PAT_ZEROS ? 0 : v->pat == PAT_ONES ? 0xff :
	    (unsigned char)((v->n * 31 + v->so) & 0xff);
}

static const char *
memset_label(struct vctx *c, const struct vcase *v)
{
	snprintf(c->label, sizeof(c->label), "size %zu dst+%zu c=0x%02x",
	    v->n, v->dof, memset_byte(v));
	return c->label;
}

/* memset: dst holds the byte, nothing else written. */
static void
check_memset(struct vctx *c, const struct vcase *v)
{
	unsigned char cb = memset_byte(v), canary = (unsigned char)~cb;
	unsigned char *lo = v->d - CANARY_PAD, *d = v->d;
	void *ret;
	size_t i;

	memset(lo, canary, (size_t)(c->dst.end - lo));
	ret = c->k->fn.memset(d, cb, v->n);
	if (ret != d)
		vreport_fail(c->rep, "%s: returned dst%+td, not dst",
		    memset_label(c, v), (unsigned char *)ret - d);
	for (i = 0; i < v->n && d[i] == cb; i++)
		;
	if (i < v->n)
		vreport_fail(c->rep, "%s: byte %zu is 0x%02x",
		    memset_label(c, v), i, d[i]);
	check_canary(c, memset_label, v, lo, canary);
}

/* csum: the fold of the sum equals the reference's. */
static void
check_csum(struct vctx *c, const struct vcase *v)
{
	uint32_t got = c->k->fn.csum(v->s, v->n, v->sum);
	uint32_t want = c->ref->fn.csum(v->s, v->n, v->sum);

	if (kfold(got) != kfold(want))
		vreport_fail(c->rep, "size %zu src+%zu %s sum 0x%08x: "
		    "expected 0x%04x, got 0x%04x (unfolded 0x%08x)", v->n,
		    v->so, pname(v->pat), v->sum, kfold(want), kfold(got),
		    got);
}

/*
 * csum_diff: from at the src offset, to at the dst offset in a second
 * source buffer; the residues must equal the reference's. The to lengths:
 * as long as from, none, half, and one, three and five words longer (the
 * shapes bpf's header rewrites use: 4 -> 8, 4 -> 16, 20 -> 40, and from
 * nothing, a push).
 */
#define NTOS	6

static void
check_csum_diff(struct vctx *c, const struct vcase *v)
{
	struct vreport *rep = c->rep;
	size_t nf = v->n & ~(size_t)3, tos[NTOS], i;

	tos[0] = nf;
	tos[1] = 0;
	tos[2] = (nf / 2) & ~(size_t)3;
	tos[3] = nf + 4;
	tos[4] = nf + 12;
	tos[5] = nf + 20;
	for (i = 0; i < NTOS; i++) {
		unsigned char *f = guard_near_end(&c->src, nf, v->so);
		unsigned char *t = guard_near_end(&c->src2, tos[i], v->dof);
		uint32_t got, want;

		rep->cur_n2 = tos[i];
		got = c->k->fn.csum_diff(f, nf, t, tos[i], v->sum);
		want = c->ref->fn.csum_diff(f, nf, t, tos[i], v->sum);
		if (kcanon(kfold(got)) != kcanon(kfold(want)))
			vreport_fail(rep, "from %zu (src+%zu) to %zu (+%zu) %s "
			    "seed 0x%08x: expected 0x%04x, got 0x%04x "
			    "(unfolded 0x%08x)", nf, v->so, tos[i], v->dof,
			    pname(v->pat), v->sum, kcanon(kfold(want)),
			    kcanon(kfold(got)), got);
		if (i > 0)
			rep->cases++;
	}
}

/* The check of each family. */
static void (*const family_check[K_NFAMILIES])(struct vctx *,
    const struct vcase *) = {
	[K_MEMCPY] = check_copy,
	[K_COPY] = check_copy,
	[K_CSUM_COPY] = check_copy,
	[K_MEMSET] = check_memset,
	[K_CSUM] = check_csum,
	[K_CSUM_DIFF] = check_csum_diff,
};

/* One case. Failures go to the report. */
static void
check_case(struct vctx *c, size_t n, size_t so, size_t dof, int pat,
    uint32_t sum)
{
	struct vcase v = { .n = n, .so = so, .dof = dof, .pat = pat,
	    .sum = sum };
	enum kfamily f = c->k->family;

	v.s = guard_near_end(&c->src, n, so);
	v.d = guard_near_end(&c->dst, n, dof);
	vreport_case(c->rep, "copy", n, so, dof);
	c->rep->cur_pattern = pat;
	if ((unsigned)f < K_NFAMILIES && family_check[f] != NULL)
		family_check[f](c, &v);
}

/* Initial sums: zero data with zero sum must fold to 0x0000; vary the rest. */
static uint32_t
initial_sum(int pat, size_t n, size_t pi, uint64_t *seed)
{
	switch (pat == PAT_ZEROS ? (n + pi) % 2 : (n + pi) % 4) {
	case 0:
		return 0;
	case 1:
		return pat == PAT_ZEROS ? 0xffff : 0xffffffffu;
	case 2:
		return 0xffff;
	default:
		return (uint32_t)rng_next(seed);
	}
}

/* The lengths, and guarded buffers for the longest. */
static int
vctx_setup(struct vctx *c, int exhaustive, uint64_t *seed)
{
	struct vreport *rep = c->rep;
	size_t i, max = 0, e = sizeof(rep->error);
	enum kfamily f = c->k->family;

	c->nlens = make_lengths(&c->lens, exhaustive, seed);
	for (i = 0; i < c->nlens; i++)
		if (c->lens[i] > max)
			max = c->lens[i];
	c->pairs = xcalloc(64 * 64, sizeof(*c->pairs));
	c->two = f == K_MEMCPY || f == K_COPY || f == K_CSUM_COPY ||
	    f == K_CSUM_DIFF;
	if (guard_alloc(&c->src, max + 128, rep->error, e) != 0 ||
	    guard_alloc(&c->src2, max + 128, rep->error, e) != 0 ||
	    guard_alloc(&c->dst, max + 128 + CANARY_PAD, rep->error, e) != 0 ||
	    guard_alloc(&c->exp, max + 128, rep->error, e) != 0)
		return -1;
	return 0;
}

static void
vctx_free(struct vctx *c)
{
	free(c->pairs);
	free(c->lens);
	guard_free(&c->src);
	guard_free(&c->src2);
	guard_free(&c->dst);
	guard_free(&c->exp);
}

/* Fill a source buffer with a pattern, then make it read-only. */
static int
fill_source(struct vctx *c, struct guard *g, int pat, uint64_t *seed)
{
	struct vreport *rep = c->rep;

	if (guard_readonly(g, 0, rep->error, sizeof(rep->error)) != 0)
		return -1;
	fill_pattern(g->start, (size_t)(g->end - g->start), pat, seed);
	return 0;
}

/* Every length and offset pair with the sources holding one pattern. */
static int
verify_pattern(struct vctx *c, int pat, int exhaustive, uint64_t *seed)
{
	struct vreport *rep = c->rep;
	size_t li, pi, np, n, e = sizeof(rep->error);

	if (fill_source(c, &c->src, pat, seed) != 0 ||
	    fill_source(c, &c->src2, pat, seed) != 0)
		return -1;
	/* Sources are read-only: a kernel that writes to one faults. */
	if (guard_readonly(&c->src, 1, rep->error, e) != 0 ||
	    guard_readonly(&c->src2, 1, rep->error, e) != 0)
		return -1;
	for (li = 0; li < c->nlens; li++) {
		n = c->lens[li];
		if (c->k->family == K_CSUM_DIFF && n % 4 != 0)
			continue;
		np = make_offsets(n, exhaustive, c->two, c->pairs, 64 * 64);
		for (pi = 0; pi < np; pi++)
			check_case(c, n, c->pairs[pi][0], c->pairs[pi][1], pat,
			    initial_sum(pat, n, pi, seed));
	}
	return 0;
}

int
verify_one(const struct kernel *k, const struct verify_opts *o,
    struct vreport *rep)
{
	struct vctx c;
	uint64_t seed = o->seed ? o->seed : UINT64_C(0xc5b0);
	int pat, rc = -1;

	memset(&c, 0, sizeof(c));
	c.k = k;
	c.ref = verify_reference(k->family);
	c.rep = rep;
	if (c.ref == NULL) {
		vreport_fail(rep, "family %s has no reference kernel",
		    family_name(k->family));
		return 0;
	}
	if (vctx_setup(&c, o->exhaustive, &seed) != 0)
		goto out;
	for (pat = 0; pat < PAT_N; pat++)
		if (verify_pattern(&c, pat, o->exhaustive, &seed) != 0)
			goto out;
	if (k->family == K_COPY && (k->needs & CPU_FAULTS) &&
	    verify_copy_faults(k, rep, &seed) != 0)
		goto out;
	rep->done = 1;
	rc = 0;
out:
	vctx_free(&c);
	return rc;
}

/* The child processes of one verify_run, one kernel each. */
struct vrun {
	const struct kernel	**ks;
	size_t			 n;
	const struct verify_opts *o;
	struct vreport		*reps;		/* shared with the children */
	pid_t			*pids;		/* -1 once reaped */
	int			*status;
	unsigned long		*seen;		/* cases when last polled */
	double			*since;		/* and since when */
	size_t			 next, running, printed;
	int			 failed;
	int			 width;		/* of the names' column */
	char			 error[256];	/* the first kernel not judged */
	sigset_t		 mask;		/* the signal mask before */
};

static double
verify_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The watchdog: a child whose count of cases has not moved for longer
 * than one call of its case may take (watch.h) hung; it is killed and
 * reported as hung, and the other kernels go on.
 */
static void
vrun_watch(struct vrun *v)
{
	struct vreport *r;
	unsigned long c;
	double now = verify_now(), bound;
	size_t i;

	for (i = 0; i < v->next; i++) {
		if (v->pids[i] <= 0)
			continue;
		r = &v->reps[i];
		c = __atomic_load_n(&r->cases, __ATOMIC_RELAXED);
		if (c != v->seen[i]) {
			v->seen[i] = c;
			v->since[i] = now;
			continue;
		}
		bound = watch_bound(1, r->cur_n + r->cur_n2);
		if (now - v->since[i] > bound && r->hung == 0) {
			r->hung = bound;
			kill(v->pids[i], SIGKILL);
		}
	}
}

/* Start children until jobs run at once or every kernel has one. */
static int
vrun_spawn(struct vrun *v, char *err, size_t errlen)
{
	int jobs = v->o->jobs > 0 ? v->o->jobs : 1;
	pid_t pid;

	while (v->running < (size_t)jobs && v->next < v->n) {
		if ((pid = fork()) < 0) {
			snprintf(err, errlen, "fork: %s", strerror(errno));
			return -1;
		}
		if (pid == 0) {
			sigprocmask(SIG_SETMASK, &v->mask, NULL);
			_exit(verify_one(v->ks[v->next], v->o,
			    &v->reps[v->next]) == 0 ? 0 : EXIT_USAGE);
		}
		v->seen[v->next] = 0;
		v->since[v->next] = verify_now();
		v->pids[v->next++] = pid;
		v->running++;
	}
	return 0;
}

/*
 * Wait for one child to end, watching the others (SIGCHLD is blocked, so
 * sigtimedwait wakes as soon as one ends).
 */
static int
vrun_reap(struct vrun *v, char *err, size_t errlen)
{
	struct timespec poll = { 0, 100000000L };
	sigset_t chld;
	size_t i;
	int st;
	pid_t pid;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	while ((pid = waitpid(-1, &st, WNOHANG)) <= 0) {
		if (pid < 0 && errno != EINTR) {
			snprintf(err, errlen, "wait: %s", strerror(errno));
			return -1;
		}
		vrun_watch(v);
		if (v->o->progress != NULL)
			v->o->progress(v->printed, v->n, v->o->progress_arg);
		(void)sigtimedwait(&chld, NULL, &poll);
	}
	for (i = 0; i < v->next; i++)
		if (v->pids[i] == pid) {
			v->status[i] = st;
			v->pids[i] = -1;
			v->running--;
			break;
		}
	return 0;
}

/* Print finished kernels, in order. */
static void
vrun_print(struct vrun *v, FILE *out)
{
	while (v->printed < v->next && v->pids[v->printed] == -1) {
		const struct vreport *r = &v->reps[v->printed];
		const struct kernel *k = v->ks[v->printed];
		int st = v->status[v->printed];

		if (r->error[0] != '\0') {
			if (v->error[0] == '\0')
				snprintf(v->error, sizeof(v->error),
				    "verifying %s: %s", k->name, r->error);
		} else {
			/* -q: the failures only. */
			if (!v->o->quiet || !vreport_passed(r, st))
				vreport_print(out, k, r, st, v->o->max_report,
				    v->width);
			if (!vreport_passed(r, st))
				v->failed++;
		}
		fflush(out);
		v->printed++;
	}
}

/* After an error: stop the children still running. */
static void
vrun_stop(struct vrun *v)
{
	size_t i;

	for (i = 0; i < v->next; i++)
		if (v->pids[i] > 0) {
			kill(v->pids[i], SIGKILL);
			waitpid(v->pids[i], NULL, 0);
		}
}

int
verify_run(const struct kernel **ks, size_t n, const struct verify_opts *o,
    FILE *out, char *err, size_t errlen)
{
	struct vrun v = { .ks = ks, .n = n, .o = o };
	sigset_t chld;
	size_t len = n * sizeof(*v.reps);
	int rc = 0;

	if (n == 0)
		return 0;
	/* One column for every name, the longest included. */
	v.width = 24;
	for (size_t i = 0; i < n; i++)
		if (strlen(ks[i]->name) + 1 > (size_t)v.width)
			v.width = (int)strlen(ks[i]->name) + 1;
	v.reps = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (v.reps == MAP_FAILED) {
		snprintf(err, errlen, "cannot map shared memory: %s",
		    strerror(errno));
		return -1;
	}
	memset(v.reps, 0, len);
	v.pids = xcalloc(n, sizeof(*v.pids));
	v.status = xcalloc(n, sizeof(*v.status));
	v.seen = xcalloc(n, sizeof(*v.seen));
	v.since = xcalloc(n, sizeof(*v.since));
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &v.mask);
	fflush(out);
	fflush(stderr);
	while (rc == 0 && v.printed < n) {
		if (vrun_spawn(&v, err, errlen) != 0 ||
		    vrun_reap(&v, err, errlen) != 0) {
			vrun_stop(&v);
			rc = -1;
		} else {
			vrun_print(&v, out);
			if (o->progress != NULL)
				o->progress(v.printed, n, o->progress_arg);
		}
	}
	if (rc == 0 && v.error[0] != '\0') {
		snprintf(err, errlen, "%s", v.error);
		rc = -1;
	}
	sigprocmask(SIG_SETMASK, &v.mask, NULL);
	munmap(v.reps, len);
	free(v.pids);
	free(v.status);
	free(v.seen);
	free(v.since);
	return rc == 0 ? v.failed : rc;
}
