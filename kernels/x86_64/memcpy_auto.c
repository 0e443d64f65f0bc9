/*
 * memcpy_auto.c - memcpy.auto: our own composition, by size.
 *
 *   n <= 256                   straight-line 8/16/32-byte moves, no loop
 *   256 < n < rep threshold    32-byte vector loop, aligned stores
 *   rep <= n < nt threshold    rep movsb (only with ERMS)
 *   n >= nt threshold          non-temporal vector loop + sfence
 *
 * The thresholds come from ktune (set by the tool from the cache sizes).
 * When ktune leaves one at 0 we use, measured on Zen 4 (1 MiB L2 per core,
 * 32 MiB L3) where the 32-byte loop matches or beats rep movsb until the
 * copy leaves L2 and streaming stores win once source plus destination no
 * longer fit in L3:
 *   rep threshold: 2 x L2 (L2 unknown: 2 MiB);
 *   nt threshold:  L3 / 2 (L3 unknown: 16 MiB).
 * 64-byte vectors are no faster than 32-byte ones here (Zen 4 splits
 * them), so this kernel needs only AVX2.
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "copy_vec.h"

#define MEMCPY_AUTO_REP_DEFAULT	((size_t)2 << 20)
#define MEMCPY_AUTO_NT_DEFAULT	((size_t)16 << 20)

static size_t
memcpy_auto_rep(void)
{
	if (ktune.rep_threshold != 0)
		return ktune.rep_threshold;
	return ktune.l2 != 0 ? 2 * ktune.l2 : MEMCPY_AUTO_REP_DEFAULT;
}

static size_t
memcpy_auto_nt(void)
{
	if (ktune.nt_threshold != 0)
		return ktune.nt_threshold;
	return ktune.l3 != 0 ? ktune.l3 / 2 : MEMCPY_AUTO_NT_DEFAULT;
}

T256 void *
memcpy_auto(void *dst, const void *src, size_t n)
{
	if (n <= 256) {
		x86_copy_0_256(dst, src, n);
		return dst;
	}
	if (n >= memcpy_auto_nt()) {
		x86_copy_loop256(dst, src, n, 1);
		_mm_sfence();
	} else if (n >= memcpy_auto_rep() && (ktune.have & CPU_ERMS)) {
		void *d = dst;

		__asm__ volatile("rep movsb"
		    : "+D" (d), "+S" (src), "+c" (n)
		    :
		    : "memory");
	} else
		x86_copy_loop256(dst, src, n, 0);
	return dst;
}

#endif /* __x86_64__ */
