/*
 * kobj_overrun.c - a kernel table that claims 1000 kernels and holds one:
 * what follows it in memory is not kernels (here, words whose "name"
 * points nowhere, so reading the second name faults).
 */
#include <stdint.h>
#include <string.h>

#include <csumbench/kernel.h>

static const struct {
	struct kernel	 k[1];
	uintptr_t	 junk[64];
} held = {
	.k = { { .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	    .fn.memcpy = memcpy } },
	.junk = { [0 ... 63] = 8 },
};

const struct kernel_table csumbench_kernel_table = {
	.abi = CSUMBENCH_KERNEL_ABI,
	.kernel_size = sizeof(struct kernel),
	.kernels = held.k,
	.nkernels = 1000,
};
