/*
 * memset_auto.c - memset.auto: our own composition, by size.
 *
 *   n <= 256                   straight-line 8/16/32-byte stores, no loop
 *   256 < n < rep threshold    32-byte vector loop, aligned stores
 *   rep <= n < nt threshold    rep stosb (only with ERMS)
 *   n >= nt threshold          non-temporal vector loop + sfence
 *
 * Thresholds from ktune (set by the tool from the cache sizes); when 0:
 *   rep threshold: 2 x L2 (L2 unknown: 2 MiB);
 *   nt threshold:  L3 (L3 unknown: 32 MiB) -- a memset has no source, so
 *   its destination alone must outgrow the last-level cache before
 *   streaming stores pay (measured on Zen 4: at half of L3 they lose).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "set_vec.h"

#define MEMSET_AUTO_REP_DEFAULT	((size_t)2 << 20)
#define MEMSET_AUTO_NT_DEFAULT	((size_t)32 << 20)

static size_t
memset_auto_rep(void)
{
	if (ktune.rep_threshold != 0)
		return ktune.rep_threshold;
	return ktune.l2 != 0 ? 2 * ktune.l2 : MEMSET_AUTO_REP_DEFAULT;
}

static size_t
memset_auto_nt(void)
{
	if (ktune.nt_threshold != 0)
		return ktune.nt_threshold;
	return ktune.l3 != 0 ? ktune.l3 : MEMSET_AUTO_NT_DEFAULT;
}

T256 void *
memset_auto(void *dst, int c, size_t n)
{
	if (n <= 256) {
		x86_set_0_256(dst, c, n);
		return dst;
	}
	if (n >= memset_auto_nt()) {
		x86_set_loop256(dst, c, n, 1);
		_mm_sfence();
	} else if (n >= memset_auto_rep() && (ktune.have & CPU_ERMS)) {
		void *d = dst;

		__asm__ volatile("rep stosb"
		    : "+D" (d), "+c" (n)
		    : "a" (c)
		    : "memory");
	} else
		x86_set_loop256(dst, c, n, 0);
	return dst;
}

#endif /* __x86_64__ */
