/*
 * csum_diff.scratch - the method bpf_csum_diff() used before it was
 * optimised: write the ones' complement of every 32-bit word of `from`, then
 * the words of `to`, into a scratch buffer, and checksum the buffer. The
 * scratch buffer is, like the original per-CPU scratchpad, small: longer
 * inputs are processed in scratch-sized pieces. There is one per kernel
 * object, not one per thread (csumbench calls kernels from one thread):
 * thread-local storage in a dlopen()ed object costs a __tls_get_addr call
 * per access, which would time the loading, not the method.
 */
#include <string.h>

#include "../builtin.h"

#define SCRATCH_WORDS	128	/* 512 bytes, the size of bpf's scratchpad */

static uint32_t scratch[SCRATCH_WORDS];

uint32_t
csum_diff_scratch(const void *from, size_t from_n, const void *to,
    size_t to_n, uint32_t seed)
{
	const unsigned char *f = from, *t = to;
	size_t nf = from_n / 4, nt = to_n / 4, k;
	uint32_t sum = seed, w;

	while (nf > 0 || nt > 0) {
		k = 0;
		for (; nf > 0 && k < SCRATCH_WORDS; nf--, k++, f += 4) {
			memcpy(&w, f, 4);
			scratch[k] = ~w;
		}
		for (; nt > 0 && k < SCRATCH_WORDS; nt--, k++, t += 4) {
			memcpy(&w, t, 4);
			scratch[k] = w;
		}
		sum = csum_generic64(scratch, k * 4, sum);
	}
	return sum;
}
