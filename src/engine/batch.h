/*
 * batch.h - the timed loop: one batch of calls of a kernel, timed.
 *
 * A sample is one timed batch of calls through one indirect call site per
 * family and mode; the result of every call ends in batch_sink. Throughput
 * mode calls the kernel on independent inputs; latency mode chains each
 * call's addresses (and, for checksums, its sum) to the previous result.
 */
#ifndef CSUMBENCH_BATCH_H
#define CSUMBENCH_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "../../kernels/kernel.h"
#include "arena.h"
#include "timer.h"

/* A sink no compiler can see through: every result is folded into it. */
extern volatile uint64_t batch_sink;

/*
 * What each call of a batch processes: n bytes (a csum_diff call goes from
 * `from` bytes to n); or, in distribution mode (seq set), call i of a
 * batch takes seq[(start + i) mod nseq] bytes, a batch being whole blocks
 * from start, so batches that start at the same block take the same sizes
 * in the same order. Each shape has its own loop: fixed sizes, csum_diff
 * with from != n, distribution mode.
 */
struct batch_shape {
	size_t		 n;
	size_t		 from;
	const uint32_t	*seq;
	size_t		 nseq;		/* a multiple of block */
	size_t		 block;
	size_t		 start;		/* a multiple of block */
};

/* Which loop a shape of family fam goes through: 0, 1 or 2. */
int	batch_loop_kind(enum kfamily fam, const struct batch_shape *sh);
/*
 * Timer units of `batch` calls of fn of shape sh at b's slots (a cold view
 * rotates), after one call of the family's primer through the same loop.
 * The primer runs on a copy of the view whose slots are all the first one,
 * so a cold rotation does not move.
 */
uint64_t batch_time(enum kfamily fam, union kfn fn, struct arena_view *b,
	    const struct batch_shape *sh, size_t batch, int mode,
	    const struct timer_info *ti);
/*
 * Train the loop of (family, loop kind, view kind, mode) with the family's
 * primer: a call site keeps the first target it has learned well.
 */
void	batch_train(enum kfamily fam, struct arena_view *b,
	    const struct batch_shape *sh, int mode,
	    const struct timer_info *ti);
/*
 * The batch for a sample of about target units: find a batch that reaches
 * it, time that batch a few times, and from the median per-call cost pick
 * the batch that fits, rounded to the nearest power of two (from 8 calls
 * up). Kernels of about the same cost then get the same batch size, so the
 * fixed cost of a batch weighs the same per call for both, and noise in
 * calibrating cannot tell two identical kernels apart. In distribution
 * mode the batch is a power of two of whole blocks of the sequence.
 * *units gets the timer units of one such batch.
 */
size_t	batch_calibrate(enum kfamily fam, union kfn fn, struct arena_view *b,
	    const struct batch_shape *sh, int mode, double target,
	    const struct timer_info *ti, double *units);

#endif
