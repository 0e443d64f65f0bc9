/*
 * tune.c - the one place the built-in kernels' thresholds are chosen.
 *
 * From csumbench's facts (cache sizes, features) and, where csumbench tune
 * measured one on this machine, the measured value, which always wins.
 * A threshold only picks among paths that all give the same result, so a
 * tuning changes speed, never results.
 */
#include "builtin.h"

/* When the CPU identification gives no cache size. */
#define TUNE_L1D_UNKNOWN	((size_t)32 << 10)
#define TUNE_L2_UNKNOWN		((size_t)512 << 10)
#define TUNE_L3_UNKNOWN		((size_t)8 << 20)

void
ktune_compute(struct ktune *t, const struct kenv *env)
{
	t->have = env->have;
	t->l1d = env->l1d != 0 ? env->l1d : TUNE_L1D_UNKNOWN;
	t->l2 = env->l2 != 0 ? env->l2 : TUNE_L2_UNKNOWN;
	t->l3 = env->l3 != 0 ? env->l3 : TUNE_L3_UNKNOWN;

	/*
	 * rep movsb/stosb: on Zen 4 (FSRM, ERMS) a 64-byte vector loop beats
	 * rep movsb from 2 KiB (by 15-35%) until the data leaves L2, and rep
	 * movsb wins only beyond it, so the threshold follows the L2 size
	 * rather than the string engine's startup cost.
	 */
	t->memcpy_rep = kenv_tuned(env, "memcpy_rep", 2 * t->l2);
	t->memset_rep = kenv_tuned(env, "memset_rep", 2 * t->l2);
	/*
	 * Non-temporal stores pay off once the operation would evict most of
	 * the last-level cache.
	 */
	t->memcpy_nt = kenv_tuned(env, "memcpy_nt", t->l3 * 3 / 4);
	t->memset_nt = kenv_tuned(env, "memset_nt", t->l3 * 3 / 4);
}
