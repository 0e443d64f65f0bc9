/*
 * csum_diff.ref - the specification of bpf_csum_diff(): the ones'-complement
 * sum of seed, of every 32-bit word of `to` and of the ones' complement of
 * every 32-bit word of `from`, one word at a time into a 64-bit
 * accumulator. Sizes are multiples of 4 (a trailing partial word is
 * ignored, as bpf rejects such sizes before computing anything).
 *
 * The value every csum_diff kernel must produce is kcanon(result): the
 * residue modulo 0xffff in [0, 0xfffe]. Which zero a ones'-complement fold
 * ends on depends on the order of the additions (the scratch and the
 * direct methods disagree on it for some inputs), and bpf's
 * "homogenized" result must not.
 */
#include <string.h>

#include "../builtin.h"

uint32_t
csum_diff_ref(const void *from, size_t from_n, const void *to, size_t to_n,
    uint32_t seed)
{
	const unsigned char *f = from, *t = to;
	uint64_t acc = seed;
	uint32_t w;

	for (; from_n >= 4; from_n -= 4, f += 4) {
		memcpy(&w, f, 4);
		acc += (uint32_t)~w;
	}
	for (; to_n >= 4; to_n -= 4, t += 4) {
		memcpy(&w, t, 4);
		acc += w;
	}
	return kcanon(kfold(kfold64(acc)));
}
