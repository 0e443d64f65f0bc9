/*
 * kobj_linux.c - a kernel object written the way a Linux checksum file
 * is, to show that <csumbench/linux_compat.h> is all it needs: the
 * byte order tested with #ifdef __LITTLE_ENDIAN, EXPORT_SYMBOL, __user,
 * ror64(), and a tail read with load_unaligned_zeropad() that may reach
 * past the end of the buffer. Our own code, in the style of lib/ and
 * arch/x86/lib/; csumbench verify --load checks it (tests/linux_compat.sh).
 */
#include <csumbench/linux_compat.h>

__wsum csum_partial(const void *buff, int len, __wsum sum);
__wsum csum_partial_copy_from_user(const void __user *src, void *dst,
    int len, __wsum sum);

/* 64 bits to 32 with the end-around carry: the top half of x + ror(x). */
static inline u32
from64to32(u64 x)
{
	x += ror64(x, 32);
	return (u32)(x >> 32);
}

static inline u64
add64_carry(u64 a, u64 b)
{
	a += b;
	return a + (a < b);
}

/*
 * The sum of buff as 16-bit words at even addresses, folded to 16 bits;
 * an odd start is summed one byte on, and swapped back at the end.
 */
static unsigned int
do_csum(const unsigned char *buff, int len)
{
	unsigned int odd, result;
	u64 sum = 0, w;

	if (len <= 0)
		return 0;
	odd = 1 & (unsigned long)buff;
	if (odd) {
#ifdef __LITTLE_ENDIAN
		sum = (u64)*buff << 8;
#else
		sum = *buff;
#endif
		len--;
		buff++;
	}
	while (len >= 8) {
		memcpy(&w, buff, 8);
		sum = add64_carry(sum, w);
		buff += 8;
		len -= 8;
	}
	if (len > 0) {
		/* 1 to 7 bytes: one word, the bytes past the end dropped. */
		unsigned int shift = (8 - len) * 8;

		w = load_unaligned_zeropad(buff);
#ifdef __LITTLE_ENDIAN
		w = (w << shift) >> shift;
#else
		w = (w >> shift) << shift;
#endif
		sum = add64_carry(sum, w);
	}
	result = from64to32(sum);
	result = (result & 0xffff) + (result >> 16);
	result = (result & 0xffff) + (result >> 16);
	if (odd)
		result = ((result >> 8) & 0xff) | ((result & 0xff) << 8);
	return result;
}

__wsum
csum_partial(const void *buff, int len, __wsum sum)
{
	return csum_add(sum, (__force __wsum)do_csum(buff, len));
}
EXPORT_SYMBOL(csum_partial);

__wsum
csum_partial_copy_from_user(const void __user *src, void *dst, int len,
    __wsum sum)
{
	memcpy(dst, (__force const void *)src, (size_t)len);
	return csum_partial(dst, len, sum);
}
EXPORT_SYMBOL(csum_partial_copy_from_user);

/* The one-line wrappers: Linux's signatures to csumbench's. */
static uint32_t
lx_csum(const void *buf, size_t n, uint32_t sum)
{
	return (__force u32)csum_partial(buf, (int)n, (__force __wsum)sum);
}

static uint32_t
lx_csum_copy(const void *src, void *dst, size_t n, uint32_t sum)
{
	return (__force u32)csum_partial_copy_from_user(
	    (const void __user *)src, dst, (int)n, (__force __wsum)sum);
}

static const struct kernel kernels[] = {
	{ .name = "csum.linux", .family = K_CSUM, .isa = "c",
	  .needs = CPU_FAULTS, .fn.csum = lx_csum,
	  .about = "Linux style: odd start, 8-byte words, zero-padded tail" },
	{ .name = "csum_copy.linux", .family = K_CSUM_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.csum_copy = lx_csum_copy,
	  .about = "Linux style: copy from a __user pointer, then the sum" },
};
CSUMBENCH_KERNEL_TABLE(kernels, NULL);
