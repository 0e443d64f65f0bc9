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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine.h"
#include "guard.h"
#include "util.h"
#include "verify.h"

const char *const verify_pattern_names[PAT_N] = { "random", "0xff", "0x00" };

#define CANARY_PAD	64

const struct kernel *
verify_reference(enum kfamily f)
{
	size_t i;

	for (i = 0; i < nkernels; i++)
		if (kernels[i].family == f && (kernels[i].flags & KF_REFERENCE))
			return &kernels[i];
	return NULL;
}

void
verify_fail(struct verify_report *rep, const char *fmt, ...)
{
	va_list ap;

	rep->failures++;
	if (rep->nfirst >= VERIFY_MAX_REPORT)
		return;
	va_start(ap, fmt);
	vsnprintf(rep->first[rep->nfirst], sizeof(rep->first[0]), fmt, ap);
	va_end(ap);
	rep->nfirst++;
}

/* The lengths to test: every one up to dense, then a sampled set. */
static size_t
make_lengths(size_t **out, int exhaustive, uint64_t *seed)
{
	size_t dense = exhaustive ? 4096 : 1024;
	size_t max = exhaustive ? ((size_t)4 << 20) : ((size_t)1 << 20);
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
	for (i = 0; i < (exhaustive ? 64u : 24u) && n < cap; i++)
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

	if (!two_buffers) {
		if (n <= 256 || exhaustive)
			for (s = 0; s < 64; s++)
				ADD(s, 0);
		else
			for (i = 0; i < nsome; i++)
				ADD(some[i], 0);
		return k;
	}
	if (n <= 256 && exhaustive) {
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
		if (exhaustive)
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
	struct verify_report	*rep;
	struct guard		 src, src2, dst, exp;
	size_t			 maxlen;
	uint64_t		 seed;
};

static const char *
pname(int pat)
{
	return verify_pattern_names[pat];
}

/* One case. Returns nothing; failures go to the report. */
static void
check_case(struct vctx *c, size_t n, size_t so, size_t dof, int pat,
    uint32_t sum)
{
	const struct kernel *k = c->k, *ref = c->ref;
	struct verify_report *rep = c->rep;
	unsigned char *s = guard_near_end(&c->src, n, so);
	unsigned char *d = guard_near_end(&c->dst, n, dof);
	unsigned char *lo = d - CANARY_PAD, *hi = c->dst.end;
	unsigned char canary = pat == PAT_ONES ? 0x5a : 0xa5;
	size_t where = 0;
	int side;

	rep->cases++;
	rep->cur_n = n;
	rep->cur_src = so;
	rep->cur_dst = dof;
	rep->cur_pattern = pat;

	switch (k->family) {
	case K_MEMCPY:
	case K_COPY:
	case K_CSUM_COPY: {
		uint32_t want = 0, got = 0;
		size_t left = 0;
		void *ret = NULL;

		memset(lo, canary, (size_t)(hi - lo));
		if (k->family == K_MEMCPY)
			ret = k->fn.memcpy(d, s, n);
		else if (k->family == K_COPY)
			left = k->fn.copy(d, s, n);
		else {
			got = k->fn.csum_copy(s, d, n, sum);
			want = ref->fn.csum_copy(s, c->exp.start, n, sum);
		}
		if (k->family == K_MEMCPY && ret != d)
			verify_fail(rep, "size %zu src+%zu dst+%zu %s: returned "
			    "dst%+td, not dst", n, so, dof, pname(pat),
			    (unsigned char *)ret - d);
		if (k->family == K_COPY && left != 0)
			verify_fail(rep, "size %zu src+%zu dst+%zu %s: returned "
			    "%zu bytes not copied, expected 0", n, so, dof,
			    pname(pat), left);
		if (k->family == K_CSUM_COPY && kfold(got) != kfold(want))
			verify_fail(rep, "size %zu src+%zu dst+%zu %s sum "
			    "0x%08x: expected 0x%04x, got 0x%04x (unfolded "
			    "0x%08x)", n, so, dof, pname(pat), sum,
			    kfold(want), kfold(got), got);
		if (memcmp(d, s, n) != 0) {
			size_t i;

			for (i = 0; i < n && d[i] == s[i]; i++)
				;
			verify_fail(rep, "size %zu src+%zu dst+%zu %s: byte "
			    "%zu of dst is 0x%02x, expected 0x%02x", n, so,
			    dof, pname(pat), i, d[i], s[i]);
		}
		side = canary_ok(lo, d, n, hi, canary, &where);
		if (side != 0)
			verify_fail(rep, "size %zu src+%zu dst+%zu %s: wrote "
			    "%zu byte(s) %s dst", n, so, dof, pname(pat),
			    where + (side < 0 ? 0 : 1),
			    side < 0 ? "before" : "after the end of");
		break;
	}
	case K_MEMSET: {
		int cv = pat == PAT_ZEROS ? 0 : pat == PAT_ONES ? 0xff :
		    (int)(n * 31 + so) & 0xff;
		unsigned char cb = (unsigned char)cv;
		void *ret;
		size_t i;

		canary = (unsigned char)~cb;
		memset(lo, canary, (size_t)(hi - lo));
		ret = k->fn.memset(d, cv, n);
		if (ret != d)
			verify_fail(rep, "size %zu dst+%zu c=0x%02x: returned "
			    "dst%+td, not dst", n, dof, cb,
			    (unsigned char *)ret - d);
		for (i = 0; i < n && d[i] == cb; i++)
			;
		if (i < n)
			verify_fail(rep, "size %zu dst+%zu c=0x%02x: byte %zu is "
			    "0x%02x", n, dof, cb, i, d[i]);
		side = canary_ok(lo, d, n, hi, canary, &where);
		if (side != 0)
			verify_fail(rep, "size %zu dst+%zu c=0x%02x: wrote %zu "
			    "byte(s) %s dst", n, dof, cb,
			    where + (side < 0 ? 0 : 1),
			    side < 0 ? "before" : "after the end of");
		break;
	}
	case K_CSUM: {
		uint32_t got = k->fn.csum(s, n, sum);
		uint32_t want = ref->fn.csum(s, n, sum);

		if (kfold(got) != kfold(want))
			verify_fail(rep, "size %zu src+%zu %s sum 0x%08x: "
			    "expected 0x%04x, got 0x%04x (unfolded 0x%08x)",
			    n, so, pname(pat), sum, kfold(want), kfold(got),
			    got);
		break;
	}
	case K_CSUM_DIFF: {
		/* from at the src offset, to in a second source buffer. */
		size_t nf = n & ~(size_t)3, tos[3], i;

		tos[0] = nf;
		tos[1] = 0;
		tos[2] = (nf / 2) & ~(size_t)3;
		for (i = 0; i < 3; i++) {
			unsigned char *f = guard_near_end(&c->src, nf, so);
			unsigned char *t = guard_near_end(&c->src2, tos[i], dof);
			uint32_t got, want;

			rep->cur_n2 = tos[i];
			got = k->fn.csum_diff(f, nf, t, tos[i], sum);
			want = ref->fn.csum_diff(f, nf, t, tos[i], sum);
			if (kcanon(kfold(got)) != kcanon(kfold(want)))
				verify_fail(rep, "from %zu (src+%zu) to %zu "
				    "(+%zu) %s seed 0x%08x: expected 0x%04x, "
				    "got 0x%04x (unfolded 0x%08x)", nf, so,
				    tos[i], dof, pname(pat), sum,
				    kcanon(kfold(want)), kcanon(kfold(got)),
				    got);
			if (i > 0)
				rep->cases++;
		}
		break;
	}
	default:
		break;
	}
}

void
verify_one(const struct kernel *k, const struct verify_opts *o,
    struct verify_report *rep)
{
	struct vctx c;
	size_t *lens, nlens, li, npairs, pi;
	size_t (*pairs)[2];
	int pat, two;
	uint64_t seed = o->seed ? o->seed : UINT64_C(0xc5b0);
	uint32_t sum;

	memset(&c, 0, sizeof(c));
	c.k = k;
	c.ref = verify_reference(k->family);
	c.rep = rep;
	if (c.ref == NULL) {
		verify_fail(rep, "family %s has no reference kernel",
		    family_name(k->family));
		return;
	}
	nlens = make_lengths(&lens, o->exhaustive, &seed);
	c.maxlen = 0;
	for (li = 0; li < nlens; li++)
		if (lens[li] > c.maxlen)
			c.maxlen = lens[li];
	guard_alloc(&c.src, c.maxlen + 128);
	guard_alloc(&c.src2, c.maxlen + 128);
	guard_alloc(&c.dst, c.maxlen + 128 + CANARY_PAD);
	guard_alloc(&c.exp, c.maxlen + 128);
	pairs = xcalloc(64 * 64, sizeof(*pairs));
	two = k->family == K_MEMCPY || k->family == K_COPY ||
	    k->family == K_CSUM_COPY || k->family == K_CSUM_DIFF;
	rep->cur_what = "copy";
	for (pat = 0; pat < PAT_N; pat++) {
		guard_readonly(&c.src, 0);
		guard_readonly(&c.src2, 0);
		fill_pattern(c.src.start, (size_t)(c.src.end - c.src.start),
		    pat, &seed);
		fill_pattern(c.src2.start, (size_t)(c.src2.end - c.src2.start),
		    pat, &seed);
		/* Sources are read-only: a kernel that writes to one faults. */
		guard_readonly(&c.src, 1);
		guard_readonly(&c.src2, 1);
		for (li = 0; li < nlens; li++) {
			size_t n = lens[li];

			if (k->family == K_CSUM_DIFF && n % 4 != 0)
				continue;
			npairs = make_offsets(n, o->exhaustive, two, pairs,
			    64 * 64);
			for (pi = 0; pi < npairs; pi++) {
				/*
				 * Initial sums: zero data with zero sum must
				 * fold to 0x0000; vary the rest.
				 */
				switch (pat == PAT_ZEROS ? (n + pi) % 2 :
				    (n + pi) % 4) {
				case 0:
					sum = 0;
					break;
				case 1:
					sum = pat == PAT_ZEROS ? 0xffff :
					    0xffffffffu;
					break;
				case 2:
					sum = 0xffff;
					break;
				default:
					sum = (uint32_t)rng_next(&seed);
					break;
				}
				check_case(&c, n, pairs[pi][0], pairs[pi][1],
				    pat, sum);
			}
		}
	}
	if (k->family == K_COPY && (k->needs & CPU_FAULTS))
		verify_copy_faults(k, rep, &seed);
	free(pairs);
	free(lens);
	guard_free(&c.src);
	guard_free(&c.src2);
	guard_free(&c.dst);
	guard_free(&c.exp);
	rep->done = 1;
}

static void
print_report(FILE *out, const struct kernel *k, const struct verify_report *r,
    int status, int max_report)
{
	int i;

	if (r->done && r->failures == 0 && status == 0) {
		fprintf(out, "%-24s ok      %lu cases\n", k->name, r->cases);
		return;
	}
	if (!r->done) {
		if (WIFSIGNALED(status))
			fprintf(out, "%-24s FAILED  killed by %s after %lu "
			    "cases, at size %zu src+%zu dst+%zu %s (%s)\n",
			    k->name, strsignal(WTERMSIG(status)), r->cases,
			    r->cur_n, r->cur_src, r->cur_dst,
			    verify_pattern_names[r->cur_pattern % PAT_N],
			    r->cur_what != NULL ? r->cur_what : "copy");
		else
			/* e.g. a sanitizer caught the fault and exited */
			fprintf(out, "%-24s FAILED  did not finish (exit %d) "
			    "after %lu cases, at size %zu src+%zu dst+%zu %s\n",
			    k->name, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
			    r->cases, r->cur_n, r->cur_src, r->cur_dst,
			    verify_pattern_names[r->cur_pattern % PAT_N]);
	} else
		fprintf(out, "%-24s FAILED  %lu of %lu cases\n", k->name,
		    r->failures, r->cases);
	for (i = 0; i < r->nfirst && i < max_report; i++)
		fprintf(out, "  %s: %s\n", k->name, r->first[i]);
}

int
verify_run(const struct kernel **ks, size_t n, const struct verify_opts *o,
    FILE *out)
{
	struct verify_report *reps;
	pid_t *pids;
	int *status, failed = 0, jobs = o->jobs > 0 ? o->jobs : 1;
	size_t next = 0, running = 0, printed = 0, i;
	size_t len = n * sizeof(*reps);

	if (n == 0)
		return 0;
	reps = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (reps == MAP_FAILED)
		fatal(EXIT_USAGE, "cannot map shared memory: %s",
		    strerror(errno));
	memset(reps, 0, len);
	pids = xcalloc(n, sizeof(*pids));
	status = xcalloc(n, sizeof(*status));
	fflush(out);
	fflush(stderr);
	while (printed < n) {
		while (running < (size_t)jobs && next < n) {
			pid_t pid = fork();

			if (pid < 0)
				fatal(EXIT_USAGE, "fork: %s", strerror(errno));
			if (pid == 0) {
				verify_one(ks[next], o, &reps[next]);
				_exit(0);
			}
			pids[next++] = pid;
			running++;
		}
		{
			int st;
			pid_t pid = wait(&st);

			if (pid < 0)
				fatal(EXIT_USAGE, "wait: %s", strerror(errno));
			for (i = 0; i < next; i++)
				if (pids[i] == pid) {
					status[i] = st;
					pids[i] = -1;
					running--;
					break;
				}
		}
		/* Print finished kernels in order. */
		while (printed < next && pids[printed] == -1) {
			const struct verify_report *r = &reps[printed];
			int st = status[printed];

			print_report(out, ks[printed], r, st, o->max_report);
			if (!(r->done && r->failures == 0 && st == 0))
				failed++;
			fflush(out);
			printed++;
		}
	}
	munmap(reps, len);
	free(pids);
	free(status);
	return failed;
}
