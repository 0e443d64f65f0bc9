/*
 * copy_shift.S - copy.rv64_shift: the shift copy of the riscv uaccess
 * cover letter ("bulk copy while shifting misaligned data"). Bytes until
 * dst is 8-aligned; then, when src is aligned too, aligned words; when it
 * is not, two aligned loads, shifts and an or for each aligned store, so
 * no access is ever misaligned.
 */
#if defined(__riscv) && __riscv_xlen == 64
#include "rv64_asm.h"

RV_FUNC copy_rv64_shift
	RV_START
	RV_ALIGN_DST
	andi	t0, a1, 7
	bnez	t0, .Lmisaligned
	RV_WORDS
	j	.Lbytes
.Lmisaligned:
	RV_SHIFT
	RV_BYTES
RV_ENDFUNC copy_rv64_shift

#endif
	.section .note.GNU-stack, "", @progbits
