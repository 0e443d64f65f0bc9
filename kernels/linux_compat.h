/*
 * linux_compat.h - what a routine lifted from the Linux kernel's
 * lib/checksum.c, arch/x86/lib/csum-partial_64.c or the like expects
 * around it, so it compiles in a kernel object with few edits. Installed
 * as <csumbench/linux_compat.h>.
 *
 * Types (u8..u64, s8..s64, __u8..__u64, __le/__be, __wsum, __sum16),
 * annotations (sparse's __force, __bitwise and __user expand to nothing;
 * EXPORT_SYMBOL is a declaration that does nothing), branch hints, the
 * byte order as Linux spells it (exactly one of __LITTLE_ENDIAN and
 * __BIG_ENDIAN, from the compiler's __BYTE_ORDER__), rotations,
 * load_unaligned_zeropad() and the checksum helpers of
 * include/net/checksum.h and asm-generic/checksum.h, with their Linux
 * meaning: csum_fold() returns the complemented 16-bit checksum, as in
 * the kernel (kfold() of <csumbench/kernel.h> does not complement).
 *
 * So a file such as lib/checksum.c needs no more than its #include lines
 * replaced by this one, and the wrapper below.
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
#if defined(__has_include)
#if __has_include(<endian.h>)
/* First, so that its byte-order macros are settled below for good. */
#include <endian.h>
#endif
#endif

#include "kernel.h"
#include "fault.h"

/*
 * The byte order, as <asm/byteorder.h> gives it: exactly one of
 * __LITTLE_ENDIAN and __BIG_ENDIAN is defined. The C library's
 * <endian.h> defines both (as the values 1234 and 4321, to compare
 * __BYTE_ORDER with), which would send "#ifdef __BIG_ENDIAN" code down
 * the wrong path; the one that does not hold is undefined (the C
 * library's comparisons still work: an undefined name is 0 in #if).
 * Without either, lib/checksum.c silently sums odd addresses big-endian.
 */
#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__)
#error "linux_compat.h: the compiler does not say its byte order"
#elif __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#undef __BIG_ENDIAN
#ifndef __LITTLE_ENDIAN
#define __LITTLE_ENDIAN	1234
#endif
#elif __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#undef __LITTLE_ENDIAN
#ifndef __BIG_ENDIAN
#define __BIG_ENDIAN	4321
#endif
#else
#error "linux_compat.h: neither little nor big endian"
#endif

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
#ifndef __user
#define __user
#endif
#ifndef __kernel
#define __kernel
#endif

/*
 * A kernel object exports nothing by name but its kernel table:
 * EXPORT_SYMBOL(sym); at file scope declares a name nobody uses.
 */
#ifndef EXPORT_SYMBOL
#define EXPORT_SYMBOL(sym)	extern int csumbench_export_unused_
#endif
#ifndef EXPORT_SYMBOL_GPL
#define EXPORT_SYMBOL_GPL(sym)	EXPORT_SYMBOL(sym)
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

static __always_inline u64
ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << (-shift & 63));
}

static __always_inline u64
rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> (-shift & 63));
}

static __always_inline u16
ror16(u16 word, unsigned int shift)
{
	return (u16)((word >> (shift & 15)) | (word << (-shift & 15)));
}

static __always_inline u16
rol16(u16 word, unsigned int shift)
{
	return (u16)((word << (shift & 15)) | (word >> (-shift & 15)));
}

/*
 * The unsigned long at addr (any alignment), the bytes that cannot be read
 * as zero: Linux's word-at-a-time helper, for a tail that may end inside
 * the word. It reads the aligned word that holds addr (on addr's page,
 * so it cannot fault) and, when addr is not aligned, the next aligned
 * word: directly when it is on the same page, else through a
 * fault-tolerant load (<csumbench/fault.h>) that gives 0 where the page
 * cannot be read. So it never faults past the end of a buffer, and a
 * kernel using it declares .needs = CPU_FAULTS (where fault recovery is
 * not built, the bytes of the next page always read as 0: such a kernel
 * then cannot be right, and is not run). Not instrumented by
 * AddressSanitizer: reading the rest of an aligned word is the point.
 */
#ifndef CSB_ZEROPAD_PAGE
#define CSB_ZEROPAD_PAGE	4096	/* the smallest page of any host */
#endif
static inline __attribute__((__no_sanitize_address__)) unsigned long
load_unaligned_zeropad(const void *addr)
{
	typedef unsigned long __attribute__((__may_alias__)) word_t;
	const unsigned int sz = sizeof(unsigned long);
	uintptr_t a = (uintptr_t)addr, off = a % sz;
	const word_t *w = (const word_t *)(a - off);
	unsigned long lo = w[0], hi = 0;

	if (off == 0)
		return lo;
	if ((a - off + sz) % CSB_ZEROPAD_PAGE != 0)
		hi = w[1];
#if defined(KFAULT_ASM) && __SIZEOF_LONG__ == 8
	else {
		KGET64(hi, &w[1], next_page_unreadable);
		if (0) {
next_page_unreadable:
			hi = 0;
		}
	}
#endif
#ifdef __LITTLE_ENDIAN
	return (lo >> (8 * off)) | (hi << (8 * (sz - off)));
#else
	return (lo << (8 * off)) | (hi >> (8 * (sz - off)));
#endif
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
