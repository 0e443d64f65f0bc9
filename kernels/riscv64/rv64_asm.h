/*
 * rv64_asm.h - assembler macros of the riscv64 copy kernels (included by
 * the *.S files of this directory, never by C).
 *
 * Each kernel is one leaf function, size_t f(void *dst, const void *src,
 * size_t n), built from these macros. Registers (all caller-saved, no
 * stack):
 *   a0  dst position: every byte below it has been copied
 *   a1  src position: the byte that goes to a0
 *   a3  dst + n, the end of dst
 *   t4  the end of the whole 8-byte words of dst (once dst is aligned)
 * a0 and a1 only move past bytes whose stores completed. Every load and
 * store is one instruction with an exception-table entry (KFAULT_ENTRY_ASM
 * of kernels/fault.h), so a fault resumes at a label with a0 and a1 as they were
 * before the access; from there RV_BYTES copies byte by byte up to the
 * first inaccessible byte and returns exactly the number of bytes not
 * copied. Wider accesses that had already completed wrote bytes that the
 * byte loop writes again with the same values.
 *
 * No access touches a page that holds no byte of the two ranges: the word
 * loops stop at t4, and the shift loop loads aligned words each of which
 * holds a byte of the source range (see RV_SHIFT).
 */
#ifndef CSUMBENCH_RV64_ASM_H
#define CSUMBENCH_RV64_ASM_H

#include "../fault.h"

/* One access that may fault; a fault resumes at \fixup. */
.macro UA fixup, insn:vararg
99:	\insn
	KFAULT_ENTRY_ASM 99b, \fixup
.endm

/*
 * Hidden, as builtin.h declares every built-in kernel. On a 4 KiB
 * boundary, as configure's -falign-functions=4096 puts the C kernels: a
 * kernel's offset in its page is its own (see Code layout in csumbench(1)).
 */
.macro RV_FUNC name
	.text
	.balign	4096
	.globl	\name
	.hidden	\name
	.type	\name, @function
\name:
.endm

.macro RV_ENDFUNC name
	.size	\name, . - \name
.endm

/* Below 16 bytes, bytes: too short for the word loops to pay off. */
.macro RV_START
	add	a3, a0, a2
	li	t0, 16
	bltu	a2, t0, .Lbytes
.endm

/*
 * Copy bytes until a0 is 8-aligned (at most 7: RV_START left n >= 16),
 * then set t4. At least one whole word of dst remains (n - 7 >= 9).
 */
.macro RV_ALIGN_DST
	andi	t0, a0, 7
	beqz	t0, 2f
	andi	t1, a0, -8
	addi	t1, t1, 8		/* the next 8-aligned address */
1:
	UA	.Lbyte_fault, lbu t0, 0(a1)
	UA	.Lbyte_fault, sb t0, 0(a0)
	addi	a0, a0, 1
	addi	a1, a1, 1
	bltu	a0, t1, 1b
2:
	sub	t4, a3, a0
	andi	t4, t4, -8
	add	t4, t4, a0
.endm

/*
 * 8-byte words from a1 (any alignment: a misaligned a1 makes every load
 * misaligned) to a0 (8-aligned) up to t4, two per iteration. All loads of
 * an iteration come before its stores, so a load that faults has let no
 * store of its iteration through.
 */
.macro RV_WORDS
	sub	t3, t4, a0
	andi	t3, t3, -16
	add	t3, t3, a0		/* end of the word pairs */
	beq	a0, t3, 2f
1:
	UA	.Lbytes, ld t0, 0(a1)
	UA	.Lbytes, ld t1, 8(a1)
	UA	.Lbytes, sd t0, 0(a0)
	UA	.Lbytes, sd t1, 8(a0)
	addi	a0, a0, 16
	addi	a1, a1, 16
	bltu	a0, t3, 1b
2:
	beq	a0, t4, 3f
	UA	.Lbytes, ld t0, 0(a1)
	UA	.Lbytes, sd t0, 0(a0)
	addi	a0, a0, 8
	addi	a1, a1, 8
3:
.endm

/*
 * a0 and a1 both 8-aligned: 8 words per iteration, eight loads then eight
 * stores, while 64 bytes or more remain before t4. RV_WORDS finishes.
 */
.macro RV_UNROLLED
	sub	t3, t4, a0
	andi	t3, t3, -64
	add	t3, t3, a0		/* end of the 64-byte blocks */
	beq	a0, t3, 2f
1:
	UA	.Lbytes, ld t0, 0(a1)
	UA	.Lbytes, ld t1, 8(a1)
	UA	.Lbytes, ld t2, 16(a1)
	UA	.Lbytes, ld t5, 24(a1)
	UA	.Lbytes, ld t6, 32(a1)
	UA	.Lbytes, ld a4, 40(a1)
	UA	.Lbytes, ld a5, 48(a1)
	UA	.Lbytes, ld a6, 56(a1)
	UA	.Lbytes, sd t0, 0(a0)
	UA	.Lbytes, sd t1, 8(a0)
	UA	.Lbytes, sd t2, 16(a0)
	UA	.Lbytes, sd t5, 24(a0)
	UA	.Lbytes, sd t6, 32(a0)
	UA	.Lbytes, sd a4, 40(a0)
	UA	.Lbytes, sd a5, 48(a0)
	UA	.Lbytes, sd a6, 56(a0)
	addi	a0, a0, 64
	addi	a1, a1, 64
	bltu	a0, t3, 1b
2:
.endm

/*
 * a0 8-aligned, a1 not (r = a1 & 7 in 1..7): every load is the aligned
 * word a4 + 8k, every store an aligned word. The dst word at a0 takes the
 * top 8 - r bytes of the word at a4 (shifted down by 8r bits) and the low
 * r bytes of the word at a4 + 8 (shifted up by 64 - 8r: srl/sll use the
 * low 6 bits of the amount, so t6 = -8r means 64 - 8r). Little-endian.
 *
 * Which words are loaded: the one holding a1 (its bytes below a1 share the
 * aligned word, hence the page), then for the dst word [a0, a0 + 8) the
 * word at a4 + 8, whose first byte a1 + 8 - r lies inside the source bytes
 * of that dst word. Every load therefore holds a byte still to be copied,
 * so a load faults only where a byte of the range is inaccessible, and the
 * byte loop from a0, a1 (a1 = a4 + r) finds that byte. Two words per
 * iteration; t0 carries the last loaded word into the next one.
 */
.macro RV_SHIFT
	andi	t5, a1, 7
	slli	t5, t5, 3		/* 8r */
	neg	t6, t5			/* 64 - 8r, modulo 64 */
	andi	a4, a1, -8
	UA	.Lbytes, ld t0, 0(a4)
	sub	t3, t4, a0
	andi	t3, t3, -16
	add	t3, t3, a0		/* end of the word pairs */
	beq	a0, t3, 2f
1:
	UA	.Lshift_fault, ld t1, 8(a4)
	UA	.Lshift_fault, ld t2, 16(a4)
	srl	a5, t0, t5
	sll	a6, t1, t6
	or	a5, a5, a6
	srl	a6, t1, t5
	sll	a7, t2, t6
	or	a6, a6, a7
	UA	.Lshift_fault, sd a5, 0(a0)
	UA	.Lshift_fault, sd a6, 8(a0)
	mv	t0, t2
	addi	a0, a0, 16
	addi	a4, a4, 16
	bltu	a0, t3, 1b
2:
	beq	a0, t4, .Lshift_fault
	UA	.Lshift_fault, ld t1, 8(a4)
	srl	a5, t0, t5
	sll	a6, t1, t6
	or	a5, a5, a6
	UA	.Lshift_fault, sd a5, 0(a0)
	addi	a0, a0, 8
	addi	a4, a4, 8
.Lshift_fault:				/* also the normal exit */
	srli	t5, t5, 3
	add	a1, a4, t5		/* the src byte that goes to a0 */
	j	.Lbytes
.endm

/*
 * Copy [a0, a3) from a1 one byte at a time and return 0; at the first
 * byte that cannot be read or written, return a3 - a0: the exact number
 * of bytes not copied. The tail of every kernel and its fault path.
 */
.macro RV_BYTES
.Lbytes:
	bgeu	a0, a3, 2f
1:
	UA	.Lbyte_fault, lbu t0, 0(a1)
	UA	.Lbyte_fault, sb t0, 0(a0)
	addi	a0, a0, 1
	addi	a1, a1, 1
	bltu	a0, a3, 1b
2:
	li	a0, 0
	ret
.Lbyte_fault:
	sub	a0, a3, a0
	ret
.endm

#endif
