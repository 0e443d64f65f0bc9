/* kobj_dup.c - a kernel object with two kernels of the same name. */
#include <string.h>

#include <csumbench/kernel.h>

static const struct kernel kernels[] = {
	{ .name = "memcpy.same", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy },
	{ .name = "memcpy.same", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memmove },
};

CSUMBENCH_KERNEL_TABLE(kernels, NULL);
