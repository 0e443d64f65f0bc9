/* kobj_refuse.c - a kernel object whose init hook refuses to start. */
#include <string.h>

#include <csumbench/kernel.h>

static int
init(const struct kenv *env)
{
	return 7;
}

static const struct kernel kernels[] = {
	{ .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy },
};

CSUMBENCH_KERNEL_TABLE(kernels, init);
