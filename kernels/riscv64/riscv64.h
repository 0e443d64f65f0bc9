/*
 * riscv64.h - included first by the C kernels of kernels/riscv64/.
 *
 * The copy kernels are assembler (*.S, with the macros of rv64_asm.h): the
 * strategies of the riscv uaccess cover letter, written in assembler as
 * that series did, with an exception-table entry for every access.
 * copy.auto (copy_auto.c) chooses between them. Every kernel is declared,
 * with every other built-in one, by builtin.h from kernels.def.
 */
#ifndef CSUMBENCH_RISCV64_H
#define CSUMBENCH_RISCV64_H

#include "../builtin.h"

#endif
