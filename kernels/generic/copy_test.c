/*
 * copy_test.c - deliberately wrong copy kernel, for testing verify.
 *
 * copy.test_wordfault copies 8-byte words and, when one faults, reports
 * the whole word as not copied without finding the exact fault byte: the
 * mistake the "accurate exception reporting" patch of the sparc M7/M8
 * memcpy cover letter fixes. It is right on every copy without a fault, so
 * only the fault tests can catch it.
 */
#include "../builtin.h"
#include "../fault.h"

size_t
copy_test_wordfault(void *dst, const void *src, size_t n)
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
	return n - i;		/* wrong: bytes before the fault byte are lost */
}
