/*
 * copy_nofault.c - test-only twins of copy.unaligned, copy.shift and
 * copy.unrolled without fault support, to measure what it costs.
 *
 * The same sources are compiled with KFAULT_NONE, which turns every
 * accessor into a plain load or store (fault.h), under other names. A
 * fault in a twin is an ordinary crash, so the twins need nothing and skip
 * the fault tests; they are hidden unless CSUMBENCH_TEST_KERNELS=1.
 *
 * Auto-vectorisation is off here: the accessors' asm cannot be vectorised,
 * so a vectorised twin would measure the compiler, not the mechanism (GCC
 * turns copy.unrolled's eight-word block into 16-byte vectors).
 */
#define KFAULT_NONE	1
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif

/* Declares the twins: the sources below only rename their definitions. */
#include "../builtin.h"

#define copy_unaligned	copy_test_unaligned_nofault
#include "copy_unaligned.c"
#undef copy_unaligned

#define copy_shift	copy_test_shift_nofault
#include "copy_shift.c"
#undef copy_shift

#define copy_unrolled	copy_test_unrolled_nofault
#include "copy_unrolled.c"
#undef copy_unrolled
