/*
 * csum.ref - the specification of csum_partial.
 *
 * The ones'-complement sum of buf read as native-endian 16-bit words; a
 * trailing odd byte is the first byte of a word whose second byte is zero
 * (as Linux does). Added to sum. Every word is added to a 64-bit
 * accumulator, which cannot overflow for any buffer shorter than 2^47 bytes,
 * and the total is folded with end-around carry at the end. The result is
 * returned folded to 16 bits: that fold, including which of the two zeros
 * (0x0000 only for an all-zero input and zero sum, 0xffff for any other
 * multiple of 0xffff), is what every other csum kernel must reproduce.
 */
#include <string.h>

#include "../builtin.h"

uint32_t
csum_ref(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	uint16_t w;

	for (; n >= 2; n -= 2, p += 2) {
		memcpy(&w, p, 2);
		acc += w;
	}
	if (n == 1) {
		unsigned char last[2] = { p[0], 0 };

		memcpy(&w, last, 2);
		acc += w;
	}
	return kfold(kfold64(acc));
}
