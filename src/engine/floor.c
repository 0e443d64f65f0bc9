/*
 * floor.c - the empty-call floor: empty kernels, primers, and the floor of
 * each repetition.
 *
 * The placement attributes below are part of the measurement: keep the
 * empty sets apart and the primers page aligned (see the comments).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "floor.h"
#include "stats.h"
#include "util.h"

/* Empty kernels and primers ignore their arguments: that is their job. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

/*
 * Empty kernels, FLOOR_NEMPTY per family, at different places in the
 * code: the floor subtracted from every sample is the median of their
 * costs in the same repetition. Several, because a call through the
 * loop's pointer costs about 5 or about 8 cycles depending on the target
 * and on the process (see the primers below), and the median of three
 * places is what a typical function pays, where one alone would be a
 * lottery.
 */
#define EMPTY_SET(K)							\
static void *								\
empty_memcpy_##K(void *d, const void *s, size_t n)			\
{									\
	__asm__ volatile("" ::: "memory");				\
	return d;							\
}									\
static void *								\
empty_memset_##K(void *d, int c, size_t n)				\
{									\
	__asm__ volatile("" ::: "memory");				\
	return d;							\
}									\
static size_t								\
empty_copy_##K(void *d, const void *s, size_t n)			\
{									\
	__asm__ volatile("" ::: "memory");				\
	return 0;							\
}									\
static uint32_t								\
empty_csum_##K(const void *b, size_t n, uint32_t sum)			\
{									\
	__asm__ volatile("" ::: "memory");				\
	return sum;							\
}									\
static uint32_t								\
empty_csum_copy_##K(const void *s, void *d, size_t n, uint32_t sum)	\
{									\
	__asm__ volatile("" ::: "memory");				\
	return sum;							\
}									\
static uint32_t								\
empty_csum_diff_##K(const void *f, size_t fn, const void *t, size_t tn,	\
    uint32_t seed)							\
{									\
	__asm__ volatile("" ::: "memory");				\
	return seed;							\
}

EMPTY_SET(0)
/* Some distance between the sets (a different page, another alignment). */
__attribute__((used, aligned(4096))) static void empty_gap1(void) { }
EMPTY_SET(1)
__attribute__((used, aligned(2048))) static void empty_gap2(void) { }
EMPTY_SET(2)

#define EMPTY_CASE(K)							\
	case K:								\
		switch (f) {						\
		case K_MEMCPY: u.memcpy = empty_memcpy_##K; break;	\
		case K_MEMSET: u.memset = empty_memset_##K; break;	\
		case K_COPY: u.copy = empty_copy_##K; break;		\
		case K_CSUM: u.csum = empty_csum_##K; break;		\
		case K_CSUM_COPY: u.csum_copy = empty_csum_copy_##K; break; \
		default: u.csum_diff = empty_csum_diff_##K; break;	\
		}							\
		break;

union kfn
floor_empty(enum kfamily f, int k)
{
	union kfn u;

	switch (k) {
	EMPTY_CASE(0)
	EMPTY_CASE(1)
	default:
	EMPTY_CASE(2)
	}
	return u;
}

/*
 * Priming functions: one call of the family's primer, through the same
 * call instruction, goes before every timed batch, and every loop is
 * trained with its primer before anything is measured. Why: on the
 * machine this was developed on (AMD Zen 4 under KVM, sharing its cores),
 * a call through the batch loop's function pointer costs either about 5 or
 * about 8 cycles depending on the target function, and which targets pay
 * the 3 extra cycles changes from process to process (a predictor effect;
 * two identical empty functions were measured 3 cycles apart); the few
 * fast ones tended to be the first targets the loop met. The primer, never
 * measured, is the first; with the floor taken as the median of
 * FLOOR_NEMPTY empty functions, an empty kernel measured 0 in 24 of 24
 * processes, where one floor function alone gave 3 cycles in most of them.
 */
#define PRIMER __attribute__((aligned(4096), noinline))

static PRIMER void *
prime_memcpy(void *d, const void *s, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return d;
}

static PRIMER void *
prime_memset(void *d, int c, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return d;
}

static PRIMER size_t
prime_copy(void *d, const void *s, size_t n)
{
	__asm__ volatile("" ::: "memory");
	return 0;
}

static PRIMER uint32_t
prime_csum(const void *b, size_t n, uint32_t sum)
{
	__asm__ volatile("" ::: "memory");
	return sum;
}

static PRIMER uint32_t
prime_csum_copy(const void *s, void *d, size_t n, uint32_t sum)
{
	__asm__ volatile("" ::: "memory");
	return sum;
}

static PRIMER uint32_t
prime_csum_diff(const void *f, size_t fn, const void *t, size_t tn,
    uint32_t seed)
{
	__asm__ volatile("" ::: "memory");
	return seed;
}

union kfn
floor_primer(enum kfamily f)
{
	union kfn u;

	switch (f) {
	case K_MEMCPY:
		u.memcpy = prime_memcpy;
		break;
	case K_MEMSET:
		u.memset = prime_memset;
		break;
	case K_COPY:
		u.copy = prime_copy;
		break;
	case K_CSUM:
		u.csum = prime_csum;
		break;
	case K_CSUM_COPY:
		u.csum_copy = prime_csum_copy;
		break;
	default:
		u.csum_diff = prime_csum_diff;
		break;
	}
	return u;
}

void
floor_init(struct floor *fl)
{
	int f;

	fl->ne = 0;
	fl->reps = 0;
	for (f = 0; f < K_NFAMILIES; f++) {
		fl->first[f] = -1;
		fl->now[f] = 0;
		fl->hist[f].v = NULL;
		fl->hist[f].n = fl->hist[f].cap = 0;
	}
}

void
floor_add_family(struct floor *fl, enum kfamily f)
{
	int k;

	if (fl->first[f] >= 0)
		return;
	fl->first[f] = fl->ne;
	for (k = 0; k < FLOOR_NEMPTY; k++) {
		fl->e[fl->ne].fam = f;
		fl->e[fl->ne++].k = k;
	}
}

/*
 * The floor's empties in turn: measuring all FLOOR_NEMPTY every
 * repetition, each for as long as a kernel's sample, made a one-point run
 * spend three quarters of its time on the floor (--min-time 1s took 4 s).
 * One fresh empty a repetition, with the other two from the one or two
 * before, keeps the floor the median of three places, from the same
 * stretch of the run, at a third of the cost.
 */
int
floor_due(const struct floor *fl, int i)
{
	return fl->reps == 0 ||
	    (size_t)fl->e[i].k == fl->reps % FLOOR_NEMPTY;
}

void
floor_close_rep(struct floor *fl)
{
	int f, k;

	for (f = 0; f < K_NFAMILIES; f++) {
		double c[FLOOR_NEMPTY];

		if (fl->first[f] < 0)
			continue;
		for (k = 0; k < FLOOR_NEMPTY; k++)
			c[k] = fl->e[fl->first[f] + k].cur;
		fl->now[f] = stats_median(c, FLOOR_NEMPTY);
		if (fl->hist[f].n == fl->hist[f].cap) {
			fl->hist[f].cap = fl->hist[f].cap ? fl->hist[f].cap * 2 : 32;
			fl->hist[f].v = xreallocarray(fl->hist[f].v,
			    fl->hist[f].cap, sizeof(double));
		}
		fl->hist[f].v[fl->hist[f].n++] = fl->now[f];
	}
	fl->reps++;
}

double
floor_median(const struct floor *fl, enum kfamily f)
{
	return stats_median(fl->hist[f].v, fl->hist[f].n);
}

void
floor_free(struct floor *fl)
{
	int f;

	for (f = 0; f < K_NFAMILIES; f++) {
		free(fl->hist[f].v);
		fl->hist[f].v = NULL;
		fl->hist[f].n = fl->hist[f].cap = 0;
	}
}
