/* kobj_abi.c - a kernel object built for another ABI version. */
#include <string.h>

#include <csumbench/kernel.h>

static const struct kernel kernels[] = {
	{ .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy },
};

const struct kernel_table csumbench_kernel_table = {
	.abi = CSUMBENCH_KERNEL_ABI + 1,
	.kernel_size = sizeof(struct kernel),
	.kernels = kernels,
	.nkernels = 1,
};
