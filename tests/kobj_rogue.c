/*
 * kobj_rogue.c - checksum kernels that misbehave once they are timed: all
 * compute the right sum in a forked child (csumbench verifies there), but
 * in the process that loaded the object csum.exits calls exit(0) and
 * csum.hangs never returns; csum.stuck never returns past 128 bytes
 * anywhere, verification included. csum.words32 and csum.alone behave (the
 * first has a partner in kobj_ok.so, the second none).
 */
#include <stdlib.h>
#include <unistd.h>

#include <csumbench/kernel.h>

static kfn_csum_t words, exits, hangs, stuck;
static pid_t loader;

static uint32_t
words(const void *buf, size_t n, uint32_t sum)
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

static void
forever(void)
{
	static volatile int spin = 1;

	while (spin)
		;
}

static uint32_t
exits(const void *buf, size_t n, uint32_t sum)
{
	if (getpid() == loader)
		exit(0);
	return words(buf, n, sum);
}

static uint32_t
hangs(const void *buf, size_t n, uint32_t sum)
{
	if (getpid() == loader)
		forever();
	return words(buf, n, sum);
}

static uint32_t
stuck(const void *buf, size_t n, uint32_t sum)
{
	if (n > 128)
		forever();
	return words(buf, n, sum);
}

static int
rogue_init(const struct kenv *env)
{
	(void)env;
	if (loader == 0)
		loader = getpid();
	return 0;
}

static const struct kernel kernels[] = {
	{ .name = "csum.words32", .family = K_CSUM, .isa = "c",
	  .fn.csum = words, .about = "16-bit words, 64-bit sum" },
	{ .name = "csum.alone", .family = K_CSUM, .isa = "c",
	  .fn.csum = words, .about = "as csum.words32" },
	{ .name = "csum.exits", .family = K_CSUM, .isa = "c",
	  .fn.csum = exits, .about = "exit(0) when timed" },
	{ .name = "csum.hangs", .family = K_CSUM, .isa = "c",
	  .fn.csum = hangs, .about = "never returns when timed" },
	{ .name = "csum.stuck", .family = K_CSUM, .isa = "c",
	  .fn.csum = stuck, .about = "never returns past 128 bytes" },
};

CSUMBENCH_KERNEL_TABLE(kernels, rogue_init);
