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

#endif
