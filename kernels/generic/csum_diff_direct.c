/*
 * csum_diff.direct - the method that replaced the scratch buffer: the
 * ones'-complement sum of the complemented words of `from` is the ones'
 * complement of the sum of the words (0xffffffff is 0 modulo 0xffff), so
 * csum_diff = seed + csum(to) + ~csum(from), with no copy at all.
 */
#include "../builtin.h"

uint32_t
csum_diff_direct(const void *from, size_t from_n, const void *to,
    size_t to_n, uint32_t seed)
{
	uint64_t acc = seed;

	acc += csum_generic64(to, to_n & ~(size_t)3, 0);
	acc += (uint16_t)~kfold(csum_generic64(from, from_n & ~(size_t)3, 0));
	return kcanon(kfold(kfold64(acc)));
}
