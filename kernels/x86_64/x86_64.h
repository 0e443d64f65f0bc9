/*
 * x86_64.h - included first by every x86-64 kernel (kernels/x86_64/).
 *
 * Each kernel lives in its own file, wrapped in #if defined(__x86_64__);
 * ISA-specific code is compiled with per-function target attributes, so no
 * file needs ISA flags on its command line. The kernels are declared, with
 * every other built-in one, by builtin.h from kernels.def.
 */
#ifndef CSUMBENCH_X86_64_H
#define CSUMBENCH_X86_64_H

#include "../builtin.h"

#if defined(__x86_64__)

#include <stddef.h>

/*
 * Byte offsets of the ktune fields read by the kernels written in
 * assembly (memcpy_auto.c, memset_auto.c), checked against the C layout.
 */
#define KTUNE_HAVE		0
#define KTUNE_MEMCPY_REP	32
#define KTUNE_MEMCPY_NT		40
#define KTUNE_MEMSET_REP	48
#define KTUNE_MEMSET_NT		56
_Static_assert(offsetof(struct ktune, have) == KTUNE_HAVE &&
    offsetof(struct ktune, memcpy_rep) == KTUNE_MEMCPY_REP &&
    offsetof(struct ktune, memcpy_nt) == KTUNE_MEMCPY_NT &&
    offsetof(struct ktune, memset_rep) == KTUNE_MEMSET_REP &&
    offsetof(struct ktune, memset_nt) == KTUNE_MEMSET_NT,
    "struct ktune changed: fix the KTUNE_* offsets");
/*
 * A ktune field as an assembly operand: KT through %r8 (which holds
 * &ktune, from X86_GOT), KTR PC-relative (ktune is hidden in every
 * build, so a direct reference links in an executable and a shared
 * object alike).
 */
#define KT(f)	X86_STR(KTUNE_##f) "(%r8)"
#define KTR(f)	"ktune+" X86_STR(KTUNE_##f) "(%rip)"
/*
 * The AVX-512 paths need F, BW and VL: bits 5, 6 and 7 of ktune.have,
 * the top three bits of its low byte, so "all three set" is "low byte >=
 * 0xe0", one compare with memory.
 */
_Static_assert(CPU_AVX512F == 0x20 && CPU_AVX512BW == 0x40 &&
    CPU_AVX512VL == 0x80, "AVX-512 bits moved: fix the 0xe0 tests");

#endif /* __x86_64__ */
#endif
