/*
 * tune.c - the one place the built-in kernels' thresholds are chosen.
 *
 * From csumbench's facts (cache sizes, features) and, where csumbench tune
 * measured one on this machine, the measured value, which always wins.
 * A threshold only picks among paths that all give the same result, so a
 * tuning changes speed, never results.
 */
#include <stddef.h>

#include "builtin.h"

/* When the CPU identification gives no cache size. */
#define TUNE_L1D_UNKNOWN	((size_t)32 << 10)
#define TUNE_L2_UNKNOWN		((size_t)512 << 10)
#define TUNE_L3_UNKNOWN		((size_t)8 << 20)

/*
 * csum.auto's crossovers. Measured on Zen 5 (512-bit datapath): adc ahead
 * to 160 bytes, avx512 from 192 (three 64-byte vectors: below, its
 * reduction costs about what it saves), avx2adc from 256 with AVX-512
 * masked off; the three-operation avx512 loop already reaches the load
 * ports, so VNNI only ties from 4 KiB and loses up to 15% below. On Zen 4
 * (512-bit operations split in two) VNNI was level at 1 KiB and ahead by
 * 10% at 4 KiB and 20% at 16 KiB: from 4 KiB it is no loss on either.
 * Below 128 bytes csum.auto runs straight-line add-with-carry code unless
 * a threshold says otherwise.
 */
#define TUNE_CSUM_AVX512	192
#define TUNE_CSUM_AVX2		256
#define TUNE_CSUM_VNNI		4096
#define TUNE_CSUM_STRAIGHT	128

static size_t
tune_min(size_t a, size_t b)
{
	return a < b ? a : b;
}

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

	t->csum_avx512 = kenv_tuned(env, "csum_avx512", TUNE_CSUM_AVX512);
	t->csum_vnni = kenv_tuned(env, "csum_vnni", TUNE_CSUM_VNNI);
	t->csum_avx2 = kenv_tuned(env, "csum_avx2", TUNE_CSUM_AVX2);
	/* The one compare on csum.auto's shortest path. */
	t->csum_long = tune_min(TUNE_CSUM_STRAIGHT, tune_min(t->csum_avx512,
	    tune_min(t->csum_vnni, t->csum_avx2)));
	t->csum_span = t->csum_long >= 8 ? t->csum_long - 8 : 0;
	/*
	 * What csum.auto's long path compares with, on this CPU; the
	 * AVX-512 test is csum_auto_evex()'s (F, BW and VL).
	 */
	t->csum_vnni_at = t->have & CPU_AVX512VNNI ? t->csum_vnni : SIZE_MAX;
	if ((t->have & CPU_AVX512F) && (t->have & CPU_AVX512BW) &&
	    (t->have & CPU_AVX512VL))
		t->csum_vec = tune_min(t->csum_avx512, t->csum_vnni_at);
	else
		t->csum_vec = t->have & CPU_AVX2 ? t->csum_avx2 : SIZE_MAX;
}

const struct ktune_name ktune_names[] = {
	{ "memcpy_rep", offsetof(struct ktune, memcpy_rep),
	    "memcpy.auto: rep movsb from this size" },
	{ "memcpy_nt", offsetof(struct ktune, memcpy_nt),
	    "memcpy.auto: non-temporal stores from this size" },
	{ "memset_rep", offsetof(struct ktune, memset_rep),
	    "memset.auto: rep stosb from this size" },
	{ "memset_nt", offsetof(struct ktune, memset_nt),
	    "memset.auto: non-temporal stores from this size" },
	{ "csum_avx512", offsetof(struct ktune, csum_avx512),
	    "csum.auto: the AVX-512 loop from this size" },
	{ "csum_vnni", offsetof(struct ktune, csum_vnni),
	    "csum.auto: the AVX-512 VNNI loop from this size" },
	{ "csum_avx2", offsetof(struct ktune, csum_avx2),
	    "csum.auto without AVX-512: the avx2adc loop from this size" },
	{ NULL, 0, NULL }
};
