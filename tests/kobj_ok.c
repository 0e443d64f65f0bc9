/*
 * kobj_ok.c - a well-formed kernel object for t_kobj: a csum kernel, one
 * written the way Linux code is (through <csumbench/linux_compat.h>), a
 * copy kernel with exact fault recovery through <csumbench/fault.h>, and
 * an init hook whose view of csumbench's facts the test reads back.
 */
#include <csumbench/kernel.h>
#include <csumbench/fault.h>
#include <csumbench/linux_compat.h>

/* What the init hook saw, for the test (not part of the ABI). */
__attribute__((visibility("default"))) uint64_t kobj_ok_have;
__attribute__((visibility("default"))) size_t kobj_ok_probe;
__attribute__((visibility("default"))) int kobj_ok_inits;

static kfn_csum_t words32, lx_csum;
static kfn_copy_t words;

/* 16-bit words into a 64-bit accumulator: plain and obviously right. */
static uint32_t
words32(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;
	uint16_t w;
	size_t i;

	for (i = 0; i + 1 < n; i += 2) {
		memcpy(&w, p + i, 2);
		acc += w;
	}
	if (n & 1) {
		w = 0;
		memcpy(&w, p + n - 1, 1);
		acc += w;
	}
	return kfold64(acc);
}

/* In Linux's types and idioms: the shape of code lifted from lib/. */
static __wsum
lx_csum_partial(const void *buff, int len, __wsum wsum)
{
	const u8 *p = buff;
	u64 sum = (__force u32)wsum;
	u16 w;

	while (likely(len >= 2)) {
		memcpy(&w, p, 2);
		sum += w;
		p += 2;
		len -= 2;
	}
	if (unlikely(len)) {
		w = 0;
		memcpy(&w, p, 1);
		sum += w;
	}
	sum = (sum & 0xffffffff) + (sum >> 32);
	sum = (sum & 0xffffffff) + (sum >> 32);
	return (__force __wsum)(u32)sum;
}

static uint32_t
lx_csum(const void *buf, size_t n, uint32_t sum)
{
	return (__force u32)lx_csum_partial(buf, (int)n, (__force __wsum)sum);
}

/* 8-byte words, each access fault-tolerant; the exact rest byte by byte. */
static size_t
words(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	uint64_t w;
	size_t i;

	for (i = 0; n - i >= 8; i += 8) {
		KGET64(w, s + i, fault);
		KPUT64(d + i, w, fault);
	}
fault:
	return kcopy_bytes(d + i, s + i, n - i);
}

static int
init(const struct kenv *env)
{
	if (env->abi != CSUMBENCH_KERNEL_ABI)
		return 1;
	kobj_ok_have = env->have;
	kobj_ok_probe = kenv_tuned(env, "kobj_ok_probe", 0);
	kobj_ok_inits++;
	return 0;
}

static const struct kernel kernels[] = {
	{ .name = "csum.words32", .family = K_CSUM, .isa = "c",
	  .fn.csum = words32, .about = "16-bit words, 64-bit sum" },
	{ .name = "csum.linux", .family = K_CSUM, .isa = "c",
	  .fn.csum = lx_csum, .about = "written as Linux code" },
	{ .name = "copy.words", .family = K_COPY, .isa = "c",
	  .needs = CPU_FAULTS, .fn.copy = words,
	  .about = "8-byte words, exact fault recovery" },
	{ .name = "memcpy.libc", .family = K_MEMCPY, .isa = "libc",
	  .fn.memcpy = memcpy, .flags = KF_BASELINE },
};

CSUMBENCH_KERNEL_TABLE(kernels, init);
