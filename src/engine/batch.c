/*
 * batch.c - the timed loop: one batch of calls of a kernel, timed.
 *
 * The code generated for batch_loop is part of the measurement: keep its
 * loops as they are (one indirect call per iteration, the timer read
 * around the loop, nothing else inside).
 */
#include "config.h"

#include <stdint.h>

#include "batch.h"
#include "floor.h"
#include "stats.h"
#include "watch.h"

volatile uint64_t batch_sink;

/*
 * Time one batch of `batch` calls. The family, mode and pool choices are
 * outside the loops; each loop body is one indirect call whose result is
 * accumulated into a value that ends in the sink. The first WARM calls go
 * through the same loop but before the clock starts: the first calls of a
 * batch pay for the switch from the last function called (a mispredicted
 * call, the kernel's own branches and lines to warm again), a cost that
 * differs by kernel, so left in the batch it would weigh more per call in
 * short batches than in long ones.
 *
 * In latency mode, `dep` carries the previous call's result into the next
 * call's addresses: dep = result & zero, where zero is 0 but opaque to the
 * compiler, so the AND is a real dependency the CPU must wait for, and the
 * addresses do not change.
 */
#define TIMED(BODY)							\
	do {								\
		unsigned char *s0 = b->src, *d0 = b->dst;		\
		size_t end = batch + WARM;				\
		if (b->npool == 1) {					\
			for (i = 0; i < end; i++) {			\
				unsigned char *S = s0, *D = d0;		\
				(void)S;				\
				(void)D;				\
				if (i == WARM)				\
					t0 = timer_start(ti);		\
				BODY;					\
			}						\
			t1 = timer_stop(ti);				\
		} else {						\
			const size_t *off = b->off;			\
			size_t ix = b->idx, np = b->npool;		\
			for (i = 0; i < end; i++) {			\
				unsigned char *S = s0 + off[ix];	\
				unsigned char *D = d0 + off[ix];	\
				(void)S;				\
				(void)D;				\
				if (i == WARM)				\
					t0 = timer_start(ti);		\
				BODY;					\
				if (++ix == np)				\
					ix = 0;				\
			}						\
			t1 = timer_stop(ti);				\
			b->idx = ix;					\
		}							\
	} while (0)

#define WARM	4

static uint64_t
batch_loop(enum kfamily fam, union kfn fn, struct arena_view *b, size_t n,
    size_t batch, int mode, const struct timer_info *ti)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	size_t i, last = n ? n - 1 : 0, dep = 0, zero = 0;
	uint32_t sum = 0;

	/* Hide the pointer's origin so no call can be devirtualised. */
	__asm__ volatile("" : "+r"(fn.any));
	/* Hide that zero is zero. */
	__asm__ volatile("" : "+r"(zero));
	if (mode == MODE_THROUGHPUT) {
		switch (fam) {
		case K_MEMCPY:
			TIMED(acc += (uintptr_t)fn.memcpy(D, S, n));
			break;
		case K_MEMSET:
			TIMED(acc += (uintptr_t)fn.memset(D, 0xa5, n));
			break;
		case K_COPY:
			TIMED(acc += fn.copy(D, S, n));
			break;
		case K_CSUM:
			TIMED(acc += fn.csum(S, n, 0));
			break;
		case K_CSUM_COPY:
			TIMED(acc += fn.csum_copy(S, D, n, 0));
			break;
		case K_CSUM_DIFF:
			TIMED(acc += fn.csum_diff(S, n, D, n, 0));
			break;
		default:
			break;
		}
	} else {
		switch (fam) {
		case K_MEMCPY:
			TIMED(acc += (uintptr_t)fn.memcpy(D, S + dep, n);
			    dep = (size_t)(D[0] + D[last]) & zero);
			break;
		case K_MEMSET:
			TIMED(acc += (uintptr_t)fn.memset(D + dep, 0xa5, n);
			    dep = (size_t)(D[0] + D[last]) & zero);
			break;
		case K_COPY:
			TIMED(acc += fn.copy(D, S + dep, n);
			    dep = (size_t)(acc + D[0] + D[last]) & zero);
			break;
		case K_CSUM:
			TIMED(sum = fn.csum(S + dep, n, sum);
			    dep = (size_t)sum & zero);
			break;
		case K_CSUM_COPY:
			TIMED(sum = fn.csum_copy(S + dep, D, n, sum);
			    dep = (size_t)(sum + D[0] + D[last]) & zero);
			break;
		case K_CSUM_DIFF:
			TIMED(sum = fn.csum_diff(S + dep, n, D + dep, n, sum);
			    dep = (size_t)sum & zero);
			break;
		default:
			break;
		}
		acc += sum + dep;
	}
	batch_sink += acc;
	return t1 - t0;
}

/*
 * csum_diff from `from` bytes to n bytes, from != n (the shapes of bpf's
 * rewrite helpers): the same loop as batch_loop's csum_diff case, with the
 * from length apart.
 */
static uint64_t
batch_loop_diff(union kfn fn, struct arena_view *b, size_t from, size_t n,
    size_t batch, int mode, const struct timer_info *ti)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	size_t i, dep = 0, zero = 0;
	uint32_t sum = 0;

	__asm__ volatile("" : "+r"(fn.any));
	__asm__ volatile("" : "+r"(zero));
	if (mode == MODE_THROUGHPUT)
		TIMED(acc += fn.csum_diff(S, from, D, n, 0));
	else {
		TIMED(sum = fn.csum_diff(S + dep, from, D + dep, n, sum);
		    dep = (size_t)sum & zero);
		acc += sum + dep;
	}
	batch_sink += acc;
	return t1 - t0;
}

/*
 * Distribution mode: as TIMED, with n, the call's size, the next of the
 * sequence. The index starts WARM calls before `start`, so the timed calls
 * start at seq[start] and a batch of whole blocks takes each block's sizes
 * in its order.
 */
#define TIMED_SEQ(BODY)							\
	do {								\
		unsigned char *s0 = b->src, *d0 = b->dst;		\
		size_t end = batch + WARM;				\
		size_t j = (start + nseq - WARM % nseq) % nseq;		\
		const size_t *off = b->off;				\
		size_t ix = b->idx, np = b->npool;			\
		for (i = 0; i < end; i++) {				\
			size_t n = seq[j];				\
			unsigned char *S = s0, *D = d0;			\
			if (np > 1) {					\
				S += off[ix];				\
				D += off[ix];				\
				if (++ix == np)				\
					ix = 0;				\
			}						\
			if (++j == nseq)				\
				j = 0;					\
			(void)S;					\
			(void)D;					\
			if (i == WARM)					\
				t0 = timer_start(ti);			\
			BODY;						\
		}							\
		t1 = timer_stop(ti);					\
		if (np > 1)						\
			b->idx = ix;					\
	} while (0)

/* The throughput loops of distribution mode. */
static uint64_t
seq_throughput(enum kfamily fam, union kfn fn, struct arena_view *b,
    const uint32_t *seq, size_t nseq, size_t start, size_t batch,
    const struct timer_info *ti)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	size_t i;

	__asm__ volatile("" : "+r"(fn.any));
	switch (fam) {
	case K_MEMCPY:
		TIMED_SEQ(acc += (uintptr_t)fn.memcpy(D, S, n));
		break;
	case K_MEMSET:
		TIMED_SEQ(acc += (uintptr_t)fn.memset(D, 0xa5, n));
		break;
	case K_COPY:
		TIMED_SEQ(acc += fn.copy(D, S, n));
		break;
	case K_CSUM:
		TIMED_SEQ(acc += fn.csum(S, n, 0));
		break;
	case K_CSUM_COPY:
		TIMED_SEQ(acc += fn.csum_copy(S, D, n, 0));
		break;
	case K_CSUM_DIFF:
		TIMED_SEQ(acc += fn.csum_diff(S, n, D, n, 0));
		break;
	default:
		break;
	}
	batch_sink += acc;
	return t1 - t0;
}

/* The latency loops of distribution mode (see batch_loop). */
static uint64_t
seq_latency(enum kfamily fam, union kfn fn, struct arena_view *b,
    const uint32_t *seq, size_t nseq, size_t start, size_t batch,
    const struct timer_info *ti)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	size_t i, dep = 0, zero = 0;
	uint32_t sum = 0;

	__asm__ volatile("" : "+r"(fn.any));
	__asm__ volatile("" : "+r"(zero));
	switch (fam) {
	case K_MEMCPY:
		TIMED_SEQ(acc += (uintptr_t)fn.memcpy(D, S + dep, n);
		    dep = (size_t)(D[0] + D[n - (n != 0)]) & zero);
		break;
	case K_MEMSET:
		TIMED_SEQ(acc += (uintptr_t)fn.memset(D + dep, 0xa5, n);
		    dep = (size_t)(D[0] + D[n - (n != 0)]) & zero);
		break;
	case K_COPY:
		TIMED_SEQ(acc += fn.copy(D, S + dep, n);
		    dep = (size_t)(acc + D[0] + D[n - (n != 0)]) & zero);
		break;
	case K_CSUM:
		TIMED_SEQ(sum = fn.csum(S + dep, n, sum);
		    dep = (size_t)sum & zero);
		break;
	case K_CSUM_COPY:
		TIMED_SEQ(sum = fn.csum_copy(S + dep, D, n, sum);
		    dep = (size_t)(sum + D[0] + D[n - (n != 0)]) & zero);
		break;
	case K_CSUM_DIFF:
		TIMED_SEQ(sum = fn.csum_diff(S + dep, n, D + dep, n, sum);
		    dep = (size_t)sum & zero);
		break;
	default:
		break;
	}
	batch_sink += acc + sum + dep;
	return t1 - t0;
}

int
batch_loop_kind(enum kfamily fam, const struct batch_shape *sh)
{
	if (sh->seq != NULL)
		return 2;
	return fam == K_CSUM_DIFF && sh->from != sh->n;
}

/* The loop of the shape. */
static uint64_t
batch_run(enum kfamily fam, union kfn fn, struct arena_view *b,
    const struct batch_shape *sh, size_t batch, int mode,
    const struct timer_info *ti)
{
	switch (batch_loop_kind(fam, sh)) {
	case 2:
		return mode == MODE_THROUGHPUT ?
		    seq_throughput(fam, fn, b, sh->seq, sh->nseq, sh->start,
		    batch, ti) :
		    seq_latency(fam, fn, b, sh->seq, sh->nseq, sh->start,
		    batch, ti);
	case 1:
		return batch_loop_diff(fn, b, sh->from, sh->n, batch, mode,
		    ti);
	default:
		return batch_loop(fam, fn, b, sh->n, batch, mode, ti);
	}
}

void
batch_train(enum kfamily fam, struct arena_view *b,
    const struct batch_shape *sh, int mode, const struct timer_info *ti)
{
	(void)batch_run(fam, floor_primer(fam), b, sh, 20000, mode, ti);
}

uint64_t
batch_time(enum kfamily fam, union kfn fn, struct arena_view *b,
    const struct batch_shape *sh, size_t batch, int mode,
    const struct timer_info *ti)
{
	static size_t zeros[2];
	struct arena_view pb = *b;
	uint64_t t;

	if (pb.npool > 1) {
		pb.off = zeros;
		pb.npool = 2;	/* keep the pool loop; one call reads slot 0 */
		pb.idx = 0;
	}
	(void)batch_run(fam, floor_primer(fam), &pb, sh, 1, mode, ti);
	/* A distribution's largest size is not at hand here: 64 KiB. */
	watch_enter(batch, sh->seq != NULL ? 65536 : sh->n + sh->from);
	t = batch_run(fam, fn, b, sh, batch, mode, ti);
	watch_leave();
	return t;
}

/*
 * Distribution mode's batch: the median time of one block of the
 * sequence, then the power of two of blocks nearest (in log scale) to the
 * target, at least one and at most the whole sequence.
 */
static size_t
calibrate_blocks(enum kfamily fam, union kfn fn, struct arena_view *b,
    const struct batch_shape *sh, int mode, double target,
    const struct timer_info *ti, double *units)
{
	enum { N = 5 };
	double t[N], per;
	size_t k = 1, most = sh->nseq / sh->block;
	int i;

	(void)batch_time(fam, fn, b, sh, sh->block, mode, ti);
	for (i = 0; i < N; i++)
		t[i] = (double)batch_time(fam, fn, b, sh, sh->block, mode, ti);
	per = stats_median(t, N);
	while ((double)(k * 2) * per <= target && k * 2 <= most)
		k *= 2;
	if (per > 0 && target / per > 1.41421356 * (double)k && k * 2 <= most)
		k *= 2;
	*units = per * (double)k;
	return k * sh->block;
}

size_t
batch_calibrate(enum kfamily fam, union kfn fn, struct arena_view *b,
    const struct batch_shape *sh, int mode, double target,
    const struct timer_info *ti, double *units)
{
	enum { N = 5 };
	size_t batch = 1, p2;
	double el, t[N], per, want;
	int i;

	if (sh->seq != NULL)
		return calibrate_blocks(fam, fn, b, sh, mode, target, ti,
		    units);
	for (;;) {
		el = (double)batch_time(fam, fn, b, sh, batch, mode, ti);
		if (el >= target || batch >= ((size_t)1 << 24))
			break;
		if (el < target / 64)
			batch *= 16;
		else {
			size_t next = (size_t)((double)batch * target * 1.2 / el) + 1;

			batch = next > batch ? next : batch + 1;
		}
	}
	if (batch < 8) {
		*units = el;
		return batch;
	}
	for (i = 0; i < N; i++)
		t[i] = (double)batch_time(fam, fn, b, sh, batch, mode, ti);
	per = stats_median(t, N) / (double)batch;
	want = per > 0 ? target / per : (double)batch;
	for (p2 = 8; (double)(p2 * 2) <= want && p2 < ((size_t)1 << 24); p2 *= 2)
		;
	/* Nearest in log scale: sqrt(2) * p2 is the midpoint. */
	if (want > 1.41421356 * (double)p2 && p2 < ((size_t)1 << 24))
		p2 *= 2;
	*units = per * (double)p2;
	return p2;
}
