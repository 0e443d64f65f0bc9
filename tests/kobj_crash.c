/* kobj_crash.c - a kernel object whose init hook crashes (SIGSEGV). */
#include <string.h>

#include <csumbench/kernel.h>

/* volatile: the compiler may not drop or trap the store at build time. */
static int *volatile nowhere;

static int
init(const struct kenv *env)
{
	(void)env;
	*nowhere = 1;
	return 0;
}

static const struct kernel kernels[] = {
	{ .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy },
};

CSUMBENCH_KERNEL_TABLE(kernels, init);
