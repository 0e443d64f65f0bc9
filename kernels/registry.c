/*
 * registry.c - the one table of every built-in kernel (kernels.def), and
 * the init hook through which csumbench hands them their tuning.
 *
 * The same file makes the table of the csumbench binary and of
 * csumbench-kernels.so: each has its own copy of ktune, set by its own
 * init hook, so two builds loaded side by side each run with the
 * thresholds their own kernels/tune.c chooses.
 */
#include <string.h>

#include "builtin.h"

static const struct kernel kernels[] = {
#define KERNEL(fam, var, isa_, needs_, flags_, about_)			\
	{ .name = #fam "." #var, .family = KFAMILY_##fam, .isa = isa_,	\
	  .needs = needs_, .fn.fam = fam##_##var, .flags = flags_,	\
	  .about = about_ },
#define KERNEL_LIBC(fam, var, fn_, flags_, about_)			\
	{ .name = #fam "." #var, .family = KFAMILY_##fam, .isa = "libc",	\
	  .fn.fam = fn_, .flags = flags_, .about = about_ },
#define KFAMILY_memcpy		K_MEMCPY
#define KFAMILY_memset		K_MEMSET
#define KFAMILY_copy		K_COPY
#define KFAMILY_csum		K_CSUM
#define KFAMILY_csum_copy	K_CSUM_COPY
#define KFAMILY_csum_diff	K_CSUM_DIFF
#include "kernels.def"
};

struct ktune ktune;

static int
registry_init(const struct kenv *env)
{
	ktune_compute(&ktune, env);
	return 0;
}

CSUMBENCH_KERNEL_TABLE(kernels, registry_init);
