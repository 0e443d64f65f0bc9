/*
 * kobj_crash.c - a kernel object whose init hook crashes (SIGSEGV): it
 * writes to a page mapped PROT_NONE, a real fault rather than undefined
 * behaviour that a sanitizer would report first.
 */
#include <string.h>
#include <sys/mman.h>

#include <csumbench/kernel.h>

static int
init(const struct kenv *env)
{
	volatile int *p = mmap(NULL, 4096, PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	(void)env;
	if (p != MAP_FAILED)
		*p = 1;
	return 0;
}

static const struct kernel kernels[] = {
	{ .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy },
};

CSUMBENCH_KERNEL_TABLE(kernels, init);
