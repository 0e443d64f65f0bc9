/*
 * kobj_wrong.c - a loadable object with deliberately wrong kernels, which
 * verify must catch as it catches built-in ones: a checksum that drops a
 * trailing odd byte, a memcpy that crashes on one size, and a copy kernel
 * that loses the bytes of a faulting word before the fault.
 */
#include <csumbench/kernel.h>
#include <csumbench/fault.h>

static kfn_csum_t oddbug;
static kfn_memcpy_t crash;
static kfn_copy_t wordfault;

static uint32_t
oddbug(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	uint16_t w;
	size_t i;

	for (i = 0; i + 1 < n; i += 2) {
		memcpy(&w, p + i, 2);
		acc += w;
	}
	return kfold64(acc);
}

static void *
crash(void *dst, const void *src, size_t n)
{
	volatile char *volatile nowhere = NULL;

	if (n == 100)
		*nowhere = 0;
	return memcpy(dst, src, n);
}

/* A whole faulting word counts as not copied: the bytes before are lost. */
static size_t
wordfault(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w;
	size_t i;

	for (i = 0; n - i >= 8; i += 8) {
		KGET64(w, s + i, fault);
		KPUT64(d + i, w, fault);
	}
	return kcopy_bytes(d + i, s + i, n - i);
fault:
	return n - i;
}

static const struct kernel kernels[] = {
	{ .name = "csum.oddbug", .family = K_CSUM, .isa = "c",
	  .fn.csum = oddbug },
	{ .name = "memcpy.crash", .family = K_MEMCPY, .isa = "c",
	  .fn.memcpy = crash },
	{ .name = "copy.wordfault", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = wordfault },
};

CSUMBENCH_KERNEL_TABLE(kernels, NULL);
