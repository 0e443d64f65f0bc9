/*
 * kobj_asm_x86_64.S - an assembler copy kernel with exact fault recovery,
 * loadable as any kernel object (its table is in kobj_asm.c).
 *
 * size_t asm_copy_erms(void *dst, const void *src, size_t n)
 *
 * One rep movsb. A fault stops it with rsi, rdi and rcx describing what is
 * left, but a fast-string copy may stop short of the first inaccessible
 * byte, so the rest goes byte by byte, each access with its own table
 * entry, until it is done or a byte faults: rcx is then the exact count
 * not copied.
 */
#include <csumbench/fault.h>

	.text
	.globl	asm_copy_erms
	.hidden	asm_copy_erms
	.type	asm_copy_erms, @function
asm_copy_erms:
	movq	%rdx, %rcx
.Lrep:	rep movsb
	xorl	%eax, %eax
	ret
.Lbytes:
	testq	%rcx, %rcx
	jz	.Ldone
.Lload:	movb	(%rsi), %al
.Lstore:
	movb	%al, (%rdi)
	incq	%rsi
	incq	%rdi
	decq	%rcx
	jnz	.Lload
.Ldone:	movq	%rcx, %rax
	ret
	.size	asm_copy_erms, . - asm_copy_erms

	KFAULT_ENTRY_ASM .Lrep, .Lbytes
	KFAULT_ENTRY_ASM .Lload, .Ldone
	KFAULT_ENTRY_ASM .Lstore, .Ldone

	.section .note.GNU-stack, "", @progbits
