/*
 * kobj_nofault.c - a copy kernel that claims fault recovery (CPU_FAULTS)
 * in an object without a single exception-table entry: it cannot recover.
 */
#include <string.h>

#include <csumbench/kernel.h>

static kfn_copy_t plain;

static size_t
plain(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	return 0;
}

static const struct kernel kernels[] = {
	{ .name = "copy.plain", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = plain },
};

CSUMBENCH_KERNEL_TABLE(kernels, NULL);
