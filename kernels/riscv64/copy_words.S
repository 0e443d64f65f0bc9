/*
 * copy_words.S - copy.rv64_words: the word copy with destination
 * alignment. Bytes until dst is 8-aligned, then 8-byte words: aligned
 * stores, loads wherever src is, so when src and dst disagree modulo 8
 * every load is misaligned. Where the hardware does misaligned loads at
 * full speed this is the cheapest loop; where they trap to the operating
 * system's emulator it is the slowest.
 */
#if defined(__riscv) && __riscv_xlen == 64
#include "rv64_asm.h"

RV_FUNC copy_rv64_words
	RV_START
	RV_ALIGN_DST
	RV_WORDS
	RV_BYTES
RV_ENDFUNC copy_rv64_words

#endif
	.section .note.GNU-stack, "", @progbits
