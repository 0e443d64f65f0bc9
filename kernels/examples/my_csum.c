/*
 * my_csum.c - an example kernel object: a csum kernel of your own, timed
 * and verified by csumbench beside its built-in kernels.
 *
 *   cc -O2 -shared -fPIC $(pkg-config --cflags csumbench) my_csum.c -o my_csum.so
 *
 * Loaded, its kernel is "my_csum:csum.words32" (the file's stem, then the
 * name below). See csumbench-kernel(3).
 */
#include <string.h>

#include <csumbench/kernel.h>

/*
 * Declared from the family's function type: a definition with another
 * signature is a compile error, not a wrong call.
 */
static kfn_csum_t csum_words32;

/*
 * 32-bit loads into a 64-bit accumulator. A 32-bit word is congruent,
 * modulo 0xffff, to the sum of its two 16-bit halves, so the fold of this
 * sum is the ones'-complement sum of the 16-bit words (the contract:
 * native-endian words, a trailing odd byte padded with zero).
 */
static uint32_t
csum_words32(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	uint32_t w;
	uint16_t h;

	for (; n >= 4; n -= 4, p += 4) {
		memcpy(&w, p, 4);	/* an unaligned load, not a call */
		acc += w;
	}
	if (n >= 2) {
		memcpy(&h, p, 2);
		acc += h;
		p += 2;
		n -= 2;
	}
	if (n == 1) {
		h = 0;
		memcpy(&h, p, 1);	/* the odd byte, first in memory */
		acc += h;
	}
	return kfold64(acc);
}

static const struct kernel kernels[] = {
	{ .name = "csum.words32", .family = K_CSUM, .isa = "c",
	  .fn.csum = csum_words32,
	  .about = "32-bit loads, 64-bit accumulator" },
};

/* The one thing csumbench looks for: the table, with no init hook. */
CSUMBENCH_KERNEL_TABLE(kernels, NULL);
