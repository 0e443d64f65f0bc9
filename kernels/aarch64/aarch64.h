/*
 * aarch64.h - included first by every AArch64 kernel (kernels/aarch64/).
 *
 * Each kernel lives in its own file, wrapped in #if defined(__aarch64__).
 * AdvSIMD (NEON) is baseline on AArch64: no target attributes or flags.
 * The kernels are declared, with every other built-in one, by builtin.h
 * from kernels.def.
 */
#ifndef CSUMBENCH_AARCH64_H
#define CSUMBENCH_AARCH64_H

#include "../builtin.h"

#endif
