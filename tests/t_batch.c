/*
 * t_batch.c - unit tests of the timed loops (src/batch.c) with kernels that
 * record their calls: what each call of a batch is given, in distribution
 * mode (the sizes of the sequence, whole passes from its start, the cold
 * rotation), for csum_diff's from/to shapes, and for fixed sizes. No
 * timing is asserted: only what the loops pass to the kernels.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/engine/batch.h"
#include "../src/engine/engine.h"
#include "../src/base/timer.h"
#include "tap.h"

#define MAXLOG	(1 << 16)

static size_t log_n[MAXLOG], log_from[MAXLOG], log_off[MAXLOG], nlog;
static const unsigned char *base;

static uint32_t
rec_csum(const void *b, size_t n, uint32_t sum)
{
	if (nlog < MAXLOG) {
		log_off[nlog] = (size_t)((const unsigned char *)b - base);
		log_n[nlog++] = n;
	}
	return sum + 1;
}

static uint32_t
rec_diff(const void *f, size_t fn, const void *t, size_t tn, uint32_t seed)
{
	if (nlog < MAXLOG) {
		log_from[nlog] = fn;
		log_n[nlog++] = tn;
	}
	return seed;
}

/*
 * The last `batch` calls logged are seq from seq[start] on (wrapping), and
 * the warm-up calls before them the entries just before start.
 */
static int
from_start(const uint32_t *seq, size_t nseq, size_t start, size_t batch)
{
	size_t i, first;

	if (nlog < batch)
		return 0;
	first = nlog - batch;
	for (i = 0; i < batch; i++)
		if (log_n[first + i] != seq[(start + i) % nseq])
			return 0;
	for (i = 0; i < first; i++)
		if (log_n[i] != seq[(start + nseq - first + i) % nseq])
			return 0;
	return 1;
}

int
main(void)
{
	static unsigned char src[3 * 4096 + 256], dst[3 * 4096 + 256];
	static size_t off[3] = { 8192, 0, 4096 };
	uint32_t seq[14] = { 64, 594, 64, 1518, 64, 594, 20,
	    594, 64, 20, 64, 1518, 64, 594 };
	struct arena_view v = { .src = src, .dst = dst, .npool = 1 };
	struct batch_shape sh = { .n = 0, .from = 0, .seq = seq, .nseq = 14,
	    .block = 7 };
	struct timer_info ti;
	union kfn fn;
	char err[256];
	size_t i, b;
	int ok;

	if (timer_setup("ns", &ti, err, sizeof(err)) != 0) {
		printf("Bail out! %s\n", err);
		return 99;
	}
	base = src;
	fn.csum = rec_csum;
	tap_ok(batch_loop_kind(K_CSUM, &sh) == 2,
	    "a shape with a sequence takes the distribution loop");

	nlog = 0;
	(void)batch_time(K_CSUM, fn, &v, &sh, 14, MODE_THROUGHPUT, &ti);
	tap_ok(from_start(seq, 14, 0, 14) && nlog < 14 + 7,
	    "throughput: a batch of 14 calls is the two blocks from seq[0] "
	    "(%zu calls logged)", nlog);
	sh.start = 7;
	nlog = 0;
	(void)batch_time(K_CSUM, fn, &v, &sh, 7, MODE_THROUGHPUT, &ti);
	tap_ok(from_start(seq, 14, 7, 7), "a batch from the second block "
	    "takes it, after the end of the first");
	nlog = 0;
	(void)batch_time(K_CSUM, fn, &v, &sh, 21, MODE_LATENCY, &ti);
	tap_ok(from_start(seq, 14, 7, 21), "latency: three blocks from the "
	    "second, wrapping");
	sh.start = 0;

	/* A cold view: each call at the next slot of the rotation. */
	v.npool = 3;
	v.off = off;
	v.idx = 1;
	nlog = 0;
	(void)batch_time(K_CSUM, fn, &v, &sh, 7, MODE_THROUGHPUT, &ti);
	for (i = 0, ok = from_start(seq, 14, 0, 7); ok && i < nlog; i++)
		ok = log_off[i] == off[(1 + i) % 3];
	tap_ok(ok && v.idx == (1 + nlog) % 3,
	    "cold: calls go round the slots in order and the view keeps "
	    "its place (%zu)", v.idx);
	v.npool = 1;
	v.off = NULL;
	v.idx = 0;

	b = batch_calibrate(K_CSUM, fn, &v, &sh, MODE_THROUGHPUT, 1e5, &ti,
	    &(double){ 0 });
	tap_ok(b >= 7 && b <= 14 && b % 7 == 0, "calibrated batches are whole "
	    "blocks, at most the sequence (%zu calls)", b);

	/* csum_diff from F to T bytes, and the usual equal shape. */
	fn.csum_diff = rec_diff;
	sh = (struct batch_shape){ .n = 8, .from = 4 };
	nlog = 0;
	(void)batch_time(K_CSUM_DIFF, fn, &v, &sh, 16, MODE_THROUGHPUT, &ti);
	for (i = 0, ok = nlog >= 16 && batch_loop_kind(K_CSUM_DIFF, &sh) == 1;
	    ok && i < nlog; i++)
		ok = log_from[i] == 4 && log_n[i] == 8;
	tap_ok(ok, "csum_diff 4/8: every call from 4 bytes to 8");
	nlog = 0;
	(void)batch_time(K_CSUM_DIFF, fn, &v, &sh, 16, MODE_LATENCY, &ti);
	for (i = 0, ok = nlog >= 16; ok && i < nlog; i++)
		ok = log_from[i] == 4 && log_n[i] == 8;
	tap_ok(ok, "csum_diff 4/8 in latency mode too");
	sh.from = 8;
	nlog = 0;
	(void)batch_time(K_CSUM_DIFF, fn, &v, &sh, 16, MODE_THROUGHPUT, &ti);
	for (i = 0, ok = nlog >= 16 && batch_loop_kind(K_CSUM_DIFF, &sh) == 0;
	    ok && i < nlog; i++)
		ok = log_from[i] == 8 && log_n[i] == 8;
	tap_ok(ok, "csum_diff 8/8 takes the fixed loop: from and to 8");

	/* A fixed size through the fixed loop. */
	fn.csum = rec_csum;
	sh = (struct batch_shape){ .n = 1500, .from = 1500 };
	nlog = 0;
	(void)batch_time(K_CSUM, fn, &v, &sh, 16, MODE_THROUGHPUT, &ti);
	for (i = 0, ok = nlog >= 16 && batch_loop_kind(K_CSUM, &sh) == 0;
	    ok && i < nlog; i++)
		ok = log_n[i] == 1500;
	tap_ok(ok, "a fixed size: every call 1500 bytes");
	return tap_done();
}
