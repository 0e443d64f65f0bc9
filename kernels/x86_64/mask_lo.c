/*
 * mask_lo.c - x86_mask_lo, the table of low-bit masks used by the masked
 * short paths of memcpy.auto and memset.auto (see x86_inline.h).
 */
#if defined(__x86_64__)

#include "x86_inline.h"

#define MASK(n)	((UINT64_C(1) << (n)) - 1)

const uint64_t x86_mask_lo[64] = {
	MASK(0), MASK(1), MASK(2), MASK(3),
	MASK(4), MASK(5), MASK(6), MASK(7),
	MASK(8), MASK(9), MASK(10), MASK(11),
	MASK(12), MASK(13), MASK(14), MASK(15),
	MASK(16), MASK(17), MASK(18), MASK(19),
	MASK(20), MASK(21), MASK(22), MASK(23),
	MASK(24), MASK(25), MASK(26), MASK(27),
	MASK(28), MASK(29), MASK(30), MASK(31),
	MASK(32), MASK(33), MASK(34), MASK(35),
	MASK(36), MASK(37), MASK(38), MASK(39),
	MASK(40), MASK(41), MASK(42), MASK(43),
	MASK(44), MASK(45), MASK(46), MASK(47),
	MASK(48), MASK(49), MASK(50), MASK(51),
	MASK(52), MASK(53), MASK(54), MASK(55),
	MASK(56), MASK(57), MASK(58), MASK(59),
	MASK(60), MASK(61), MASK(62), MASK(63)
};

#endif /* __x86_64__ */
