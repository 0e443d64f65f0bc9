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
	 * rep movsb: a vector loop wins while source and destination both
	 * fit in L1d; once they do not, the loop's loads and stores evict
	 * each other's lines and rep movsb (which moves whole lines) wins,
	 * from there through L2 (Zen 5: rep movsb 1.5-1.9x ahead at 32-64
	 * KiB, level at L1d / 2, the vector loop 1.5x ahead below; the C
	 * library uses rep movsb there too). rep stosb has no source to
	 * lose: the vector loop keeps up while the destination fits in L2
	 * (Zen 5: 1.4x ahead from 32 KiB to 512 KiB) and rep stosb wins once
	 * it does not (no read for ownership).
	 */
	t->memcpy_rep = kenv_tuned(env, "memcpy_rep", t->l1d / 2 + 1);
	t->memset_rep = kenv_tuned(env, "memset_rep", t->l2);
	/*
	 * Non-temporal stores pay off once the operation would evict most of
	 * the last-level cache.
	 */
	t->memcpy_nt = kenv_tuned(env, "memcpy_nt", t->l3 * 3 / 4);
	t->memset_nt = kenv_tuned(env, "memset_nt", t->l3 * 3 / 4);
}
