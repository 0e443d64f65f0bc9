/*
 * fault.h - fault-tolerant memory accesses for the copy family, installed
 * as <csumbench/fault.h>.
 *
 * A user-copy kernel must stop at the first inaccessible byte of either
 * range and report exactly how much it did not copy. The mechanism is an
 * exception table, with no cost on the path without a fault:
 *
 *  - every access that may touch an inaccessible page is one instruction in
 *    an `asm goto`; next to it the asm records the pair (address of that
 *    instruction, address of a C label to resume at) in the section
 *    csb_extable, as two 32-bit offsets relative to the entry itself (so the
 *    table needs no dynamic relocations in a PIE or a shared object);
 *  - each kernel object hands its table to csumbench through its kernel
 *    table (CSUMBENCH_KERNEL_TABLE in kernel.h), and csumbench's SIGSEGV/
 *    SIGBUS handler looks the faulting instruction up in every registered
 *    table and, when found, rewrites the saved instruction pointer to the
 *    label. Any other fault gets the previous disposition back and is
 *    re-executed, so a real crash still crashes (and a sanitizer's handler
 *    still sees it).
 *
 * Because the label is a C label reached through `asm goto`, the compiler
 * knows the edge: the kernel's variables hold, at the label, the values they
 * had when the faulting access was issued. A kernel's fault path therefore
 * restarts from its last committed position with kcopy_bytes(), which copies
 * byte by byte up to the first byte that faults and returns the exact rest.
 *
 * Invariants a kernel using these accessors keeps:
 *  - each accessor is a single instruction, which either completes or faults
 *    without side effects (x86 loads and stores, including unaligned and
 *    page-crossing ones, and masked AVX-512 ones);
 *  - a kernel never accesses a page that holds no byte of its ranges. Wider
 *    aligned loads may read bytes of the same aligned word outside the range
 *    (the shift path does), which can never fault on its own.
 *
 * Where the mechanism is not implemented (not x86-64, AArch64 or riscv64, a compiler without
 * `asm goto` outputs, or KFAULT_NONE defined before inclusion), the
 * accessors are plain loads and stores that always succeed, and csumbench
 * reports that faults are not handled (CPU_FAULTS absent).
 *
 * Assembler sources (.S) include this header too: KFAULT_ENTRY_ASM insn,
 * fixup records that a fault at the instruction labelled insn resumes at
 * fixup, with the same table format.
 */
#ifndef CSUMBENCH_FAULT_H
#define CSUMBENCH_FAULT_H

#ifdef __ASSEMBLER__

/* The exception-table entry for the instruction at insn. */
.macro	KFAULT_ENTRY_ASM insn:req, fixup:req
	.pushsection csb_extable, "a"
	.balign 4
	.long	\insn - .
	.long	\fixup - .
	.popsection
.endm

#else /* C */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* One exception-table entry; both fields are relative to their own address. */
struct kfault_entry {
	int32_t	insn;		/* the instruction that may fault */
	int32_t	fixup;		/* where to resume */
};

#if !defined(KFAULT_NONE) && (defined(__x86_64__) || defined(__aarch64__) || \
    (defined(__riscv) && __riscv_xlen == 64)) && \
    ((defined(__clang__) && __clang_major__ >= 11) || \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 11))
#define KFAULT_ASM	1
#endif

#define KFAULT_INLINE	static inline __attribute__((always_inline))

/* Types for accesses that may alias anything and be misaligned. */
typedef uint64_t __attribute__((may_alias, aligned(1))) kfault_u64;
typedef uint32_t __attribute__((may_alias, aligned(1))) kfault_u32;
typedef uint16_t __attribute__((may_alias, aligned(1))) kfault_u16;
typedef uint8_t  __attribute__((may_alias)) kfault_u8;

#ifdef KFAULT_ASM

/*
 * The table entry for the instruction at local label 1 (which the asm
 * template defines just before its single access) and the C label `lbl`
 * of the asm goto.
 */
#define KFAULT_ENTRY(lbl)						\
	".pushsection csb_extable,\"a\"\n\t"				\
	".balign 4\n\t"							\
	".long 1b - .\n\t"						\
	".long %l[" #lbl "] - .\n\t"					\
	".popsection\n\t"

/*
 * Accessors, after the kernel's own unsafe_get_user(x, ptr, label): each is
 * one instruction that either completes or, when it faults, has read or
 * written nothing and continues at the C label `lbl` of the calling
 * function. They are macros, not inline functions returning a flag: the
 * label must be the caller's for GCC to see the loop around the access as
 * the hot path (with a returned flag GCC weighs every asm goto edge as
 * likely, decides the loop rarely iterates and, among other things, stops
 * aligning it, which on Zen halves the speed of a short loop).
 *   KGETn(v, p, lbl)	v = *(uintn_t *)p
 *   KPUTn(p, v, lbl)	*(uintn_t *)p = v
 * p need not be aligned.
 */
#if defined(__x86_64__)
#define KFAULT_GET(insn, v, type, p, lbl) do {				\
	uint32_t kf_v_;							\
	__asm__ volatile goto("1:\t" insn " %1, %0\n\t" KFAULT_ENTRY(lbl) \
	    : "=r"(kf_v_) : "m"(*(const type *)(p)) : : lbl);		\
	(v) = kf_v_;							\
} while (0)
#define KGET8(v, p, lbl)	KFAULT_GET("movzbl", v, kfault_u8, p, lbl)
#define KGET16(v, p, lbl)	KFAULT_GET("movzwl", v, kfault_u16, p, lbl)
#define KGET32(v, p, lbl)	KFAULT_GET("movl", v, kfault_u32, p, lbl)
#define KGET64(v, p, lbl) do {						\
	uint64_t kf_v_;							\
	__asm__ volatile goto("1:\tmovq %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=r"(kf_v_) : "m"(*(const kfault_u64 *)(p)) : : lbl);	\
	(v) = kf_v_;							\
} while (0)

#define KPUT8(p, v, lbl)						\
	__asm__ volatile goto("1:\tmovb %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=m"(*(kfault_u8 *)(p)) : "q"((uint8_t)(v)) : : lbl)
#define KPUT16(p, v, lbl)						\
	__asm__ volatile goto("1:\tmovw %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=m"(*(kfault_u16 *)(p)) : "r"((uint16_t)(v)) : : lbl)
#define KPUT32(p, v, lbl)						\
	__asm__ volatile goto("1:\tmovl %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=m"(*(kfault_u32 *)(p)) : "r"((uint32_t)(v)) : : lbl)
#define KPUT64(p, v, lbl)						\
	__asm__ volatile goto("1:\tmovq %1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=m"(*(kfault_u64 *)(p)) : "r"((uint64_t)(v)) : : lbl)

#elif defined(__aarch64__)

/*
 * The same accessors as single AArch64 loads and stores through a base
 * register ("Q": no offset, no writeback). A misaligned store that
 * crosses into an inaccessible page may have written the bytes before the
 * page boundary when it faults (the architecture allows it); they are
 * bytes the fault path copies again with the same values, so the result
 * is still exact.
 */
#define KFAULT_GET(insn, v, type, p, lbl) do {				\
	uint32_t kf_v_;							\
	__asm__ volatile goto("1:\t" insn " %w0, %1\n\t" KFAULT_ENTRY(lbl) \
	    : "=r"(kf_v_) : "Q"(*(const type *)(p)) : : lbl);		\
	(v) = kf_v_;							\
} while (0)
#define KGET8(v, p, lbl)	KFAULT_GET("ldrb", v, kfault_u8, p, lbl)
#define KGET16(v, p, lbl)	KFAULT_GET("ldrh", v, kfault_u16, p, lbl)
#define KGET32(v, p, lbl)	KFAULT_GET("ldr", v, kfault_u32, p, lbl)
#define KGET64(v, p, lbl) do {						\
	uint64_t kf_v_;							\
	__asm__ volatile goto("1:\tldr %x0, %1\n\t" KFAULT_ENTRY(lbl)	\
	    : "=r"(kf_v_) : "Q"(*(const kfault_u64 *)(p)) : : lbl);	\
	(v) = kf_v_;							\
} while (0)

#define KPUT8(p, v, lbl)						\
	__asm__ volatile goto("1:\tstrb %w1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=Q"(*(kfault_u8 *)(p)) : "r"((uint32_t)(uint8_t)(v)) : : lbl)
#define KPUT16(p, v, lbl)						\
	__asm__ volatile goto("1:\tstrh %w1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=Q"(*(kfault_u16 *)(p)) : "r"((uint32_t)(uint16_t)(v)) : : lbl)
#define KPUT32(p, v, lbl)						\
	__asm__ volatile goto("1:\tstr %w1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=Q"(*(kfault_u32 *)(p)) : "r"((uint32_t)(v)) : : lbl)
#define KPUT64(p, v, lbl)						\
	__asm__ volatile goto("1:\tstr %x1, %0\n\t" KFAULT_ENTRY(lbl)	\
	    : "=Q"(*(kfault_u64 *)(p)) : "r"((uint64_t)(v)) : : lbl)

#else /* __riscv, 64-bit */

/*
 * The same accessors as single riscv64 loads and stores ("m": a base
 * register and a 12-bit offset, which GCC folds into the instruction, so
 * the unrolled loops need no address arithmetic). Zero-extending loads
 * (lbu, lhu, lwu) into a variable of the access's width. A misaligned
 * access is either done by the hardware, or trapped and emulated by the
 * operating system; an emulated access that meets an inaccessible page
 * raises SIGBUS (or SIGSEGV) at this same instruction, which the handler
 * redirects like any other fault. An emulated store may have written the
 * bytes before the page boundary: as on AArch64, the fault path writes
 * them again with the same values, so the result stays exact. A core that
 * neither supports nor emulates misaligned accesses raises SIGBUS on each
 * of them: the kernel's fault path then copies those bytes one by one,
 * still correctly, but slowly.
 */
#define KFAULT_GET(insn, v, vtype, type, p, lbl) do {			\
	vtype kf_v_;							\
	__asm__ volatile goto("1:\t" insn " %0, %1\n\t" KFAULT_ENTRY(lbl) \
	    : "=r"(kf_v_) : "m"(*(const type *)(p)) : : lbl);		\
	(v) = kf_v_;							\
} while (0)
#define KGET8(v, p, lbl)	KFAULT_GET("lbu", v, uint8_t, kfault_u8, p, lbl)
#define KGET16(v, p, lbl)	KFAULT_GET("lhu", v, uint16_t, kfault_u16, p, lbl)
#define KGET32(v, p, lbl)	KFAULT_GET("lwu", v, uint32_t, kfault_u32, p, lbl)
#define KGET64(v, p, lbl)	KFAULT_GET("ld", v, uint64_t, kfault_u64, p, lbl)

#define KFAULT_PUT(insn, vtype, type, p, v, lbl)			\
	__asm__ volatile goto("1:\t" insn " %1, %0\n\t" KFAULT_ENTRY(lbl) \
	    : "=m"(*(type *)(p)) : "r"((vtype)(v)) : : lbl)
#define KPUT8(p, v, lbl)	KFAULT_PUT("sb", uint8_t, kfault_u8, p, v, lbl)
#define KPUT16(p, v, lbl)	KFAULT_PUT("sh", uint16_t, kfault_u16, p, v, lbl)
#define KPUT32(p, v, lbl)	KFAULT_PUT("sw", uint32_t, kfault_u32, p, v, lbl)
#define KPUT64(p, v, lbl)	KFAULT_PUT("sd", uint64_t, kfault_u64, p, v, lbl)

#endif /* __x86_64__, __aarch64__ or __riscv */

#else /* !KFAULT_ASM: plain accesses that cannot recover */

/* `if (0) goto lbl;` keeps the label used, so callers compile unchanged. */
#define KFAULT_PLAIN(stmt, lbl)	do { stmt; if (0) goto lbl; } while (0)
#define KGET8(v, p, lbl)	KFAULT_PLAIN((v) = *(const kfault_u8 *)(p), lbl)
#define KGET16(v, p, lbl)	KFAULT_PLAIN((v) = *(const kfault_u16 *)(p), lbl)
#define KGET32(v, p, lbl)	KFAULT_PLAIN((v) = *(const kfault_u32 *)(p), lbl)
#define KGET64(v, p, lbl)	KFAULT_PLAIN((v) = *(const kfault_u64 *)(p), lbl)
#define KPUT8(p, v, lbl)	KFAULT_PLAIN(*(kfault_u8 *)(p) = (v), lbl)
#define KPUT16(p, v, lbl)	KFAULT_PLAIN(*(kfault_u16 *)(p) = (v), lbl)
#define KPUT32(p, v, lbl)	KFAULT_PLAIN(*(kfault_u32 *)(p) = (v), lbl)
#define KPUT64(p, v, lbl)	KFAULT_PLAIN(*(kfault_u64 *)(p) = (v), lbl)

#endif /* KFAULT_ASM */

/*
 * Copy n bytes one at a time, stopping at the first byte that cannot be
 * read or written; returns the number of bytes not copied. This is both the
 * tail loop of the word kernels and their fault path: restarted from the
 * last committed position it finds the exact fault point.
 */
KFAULT_INLINE size_t
kcopy_bytes(unsigned char *d, const unsigned char *s, size_t n)
{
	uint8_t b;
	size_t i;

	/* Indexed, not pointer-bumping: one induction variable in the loop. */
	for (i = 0; i < n; i++) {
		KGET8(b, s + i, fault);
		KPUT8(d + i, b, fault);
	}
	return 0;
fault:
	return n - i;
}

#endif /* C */
#endif
