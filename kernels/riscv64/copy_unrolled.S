/*
 * copy_unrolled.S - copy.rv64_unrolled: the complete composition of the
 * riscv uaccess cover letter. Bytes until dst is 8-aligned; src aligned
 * too: 8 words per iteration ("bulk copy when both src dst are aligned"),
 * then single words; src misaligned: the shift loop of copy.rv64_shift.
 */
#if defined(__riscv) && __riscv_xlen == 64
#include "rv64_asm.h"

RV_FUNC copy_rv64_unrolled
	RV_START
	RV_ALIGN_DST
	andi	t0, a1, 7
	bnez	t0, .Lmisaligned
	RV_UNROLLED
	RV_WORDS
	j	.Lbytes
.Lmisaligned:
	RV_SHIFT
	RV_BYTES
RV_ENDFUNC copy_rv64_unrolled

#endif
	.section .note.GNU-stack, "", @progbits
