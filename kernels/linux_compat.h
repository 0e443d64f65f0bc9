/*
 * linux_compat.h - what a routine lifted from the Linux kernel's
 * lib/checksum.c, arch/x86/lib/csum-partial_64.c or the like expects
 * around it, so it compiles in a kernel object with few edits. Installed
 * as <csumbench/linux_compat.h>.
 *
 * Types (u8..u64, s8..s64, __u8..__u64, __le/__be, __wsum, __sum16),
 * annotations (sparse's __force and __bitwise expand to nothing), branch
 * hints, rotations and the checksum helpers of include/net/checksum.h and
 * asm-generic/checksum.h, with their Linux meaning: csum_fold() returns
 * the complemented 16-bit checksum, as in the kernel (kfold() of
 * <csumbench/kernel.h> does not complement).
 *
 * A Linux csum_partial(const void *buff, int len, __wsum sum) becomes a
 * csum kernel through a one-line wrapper:
 *
 *	static uint32_t
 *	my_csum(const void *buf, size_t n, uint32_t sum)
 *	{
 *		return (__force u32)csum_partial(buf, (int)n, (__force __wsum)sum);
 *	}
 */
#ifndef CSUMBENCH_LINUX_COMPAT_H
#define CSUMBENCH_LINUX_COMPAT_H

#include <stdint.h>

#include "kernel.h"

typedef uint8_t		u8;
typedef uint16_t	u16;
typedef uint32_t	u32;
typedef uint64_t	u64;
typedef int8_t		s8;
typedef int16_t		s16;
typedef int32_t		s32;
typedef int64_t		s64;
typedef uint8_t		__u8;
typedef uint16_t	__u16;
typedef uint32_t	__u32;
typedef uint64_t	__u64;
typedef int8_t		__s8;
typedef int16_t		__s16;
typedef int32_t		__s32;
typedef int64_t		__s64;

#ifndef __bitwise
#define __bitwise
#endif
#ifndef __force
#define __force
#endif
typedef u16 __bitwise	__le16;
typedef u16 __bitwise	__be16;
typedef u32 __bitwise	__le32;
typedef u32 __bitwise	__be32;
typedef u64 __bitwise	__le64;
typedef u64 __bitwise	__be64;
/* An unfolded 32-bit partial sum, and a folded, complemented checksum. */
typedef u32 __bitwise	__wsum;
typedef u16 __bitwise	__sum16;

#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
#ifndef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#endif
#ifndef noinline
#define noinline	__attribute__((__noinline__))
#endif
#ifndef __maybe_unused
#define __maybe_unused	__attribute__((__unused__))
#endif
#ifndef __must_check
#define __must_check	__attribute__((__warn_unused_result__))
#endif
#ifndef __aligned
#define __aligned(x)	__attribute__((__aligned__(x)))
#endif
#ifndef IS_ENABLED
#define IS_ENABLED(option)	0
#endif

static __always_inline u32
ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << (-shift & 31));
}

static __always_inline u32
rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> (-shift & 31));
}

/* Fold to 16 bits and complement: the checksum field's value. */
static __always_inline __sum16
csum_fold(__wsum csum)
{
	return (__force __sum16)(u16)~kfold((__force u32)csum);
}

static __always_inline __wsum
csum_add(__wsum csum, __wsum addend)
{
	u32 res = (__force u32)csum + (__force u32)addend;

	return (__force __wsum)(res + (res < (__force u32)addend));
}

static __always_inline __wsum
csum_sub(__wsum csum, __wsum addend)
{
	return csum_add(csum, (__force __wsum)~(__force u32)addend);
}

static __always_inline __wsum
csum_unfold(__sum16 n)
{
	return (__force __wsum)(u32)(__force u16)n;
}

#endif
