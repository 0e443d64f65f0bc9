/*
 * t_csum.c - checksum vectors with known answers, through every csum,
 * csum_copy and csum_diff kernel that can run here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../kernels/kernel.h"
#include "../src/cli/cmd.h"
#include "../src/engine/select.h"
#include "tap.h"

/* RFC 1071 checksum (big-endian words) from a native-endian csum result. */
static uint16_t
rfc1071(uint32_t native_sum)
{
	uint16_t c = (uint16_t)~kfold(native_sum), one = 1;
	unsigned char b;

	memcpy(&b, &one, 1);
	if (b == 1)
		c = (uint16_t)((c >> 8) | (c << 8));
	return c;
}

/* A straightforward big-endian RFC 1071 checksum, independent of kernels. */
static uint16_t
rfc1071_plain(const unsigned char *p, size_t n)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		s += (uint32_t)(p[i] << 8 | p[i + 1]);
	if (n & 1)
		s += (uint32_t)p[n - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

int
main(void)
{
	static const unsigned char rfc[] = {
		0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7
	};
	/* An IPv4 header (20 bytes) whose checksum field holds 0xb861. */
	static const unsigned char ip[] = {
		0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
		0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7
	};
	unsigned char buf[4096 + 1], dst[4096 + 1];
	uint64_t seed = 12345;
	const struct kernel *const *all;
	size_t i, n, nall;
	char why[64];

	cpu_probe(&ctx.cpu);
	select_init(ctx.cpu.have, ctx.cpu.l1d, ctx.cpu.l2, ctx.cpu.l3);
	for (i = 0; i < sizeof(buf); i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		buf[i] = (unsigned char)(seed >> 56);
	}

	tap_ok(rfc1071_plain(rfc, 8) == 0x220d,
	    "independent RFC 1071 sum of the RFC's example is 0x220d");
	all = select_all(&nall);
	for (i = 0; i < nall; i++) {
		const struct kernel *k = all[i];
		int bad = 0;

		if (k->flags & KF_TEST)
			continue;
		if (select_unavailable(k, why, sizeof(why)) != NULL) {
			tap_skip(k->name);
			continue;
		}
		if (k->family == K_CSUM) {
			tap_ok(rfc1071(k->fn.csum(rfc, 8, 0)) == 0x220d,
			    "%s: RFC 1071 example gives 0x220d", k->name);
			tap_ok(rfc1071(k->fn.csum(ip, 20, 0)) == 0x0000,
			    "%s: a valid IPv4 header sums to 0 (checksum 0x0000)",
			    k->name);
			tap_ok(kfold(k->fn.csum(buf, 0, 0)) == 0x0000,
			    "%s: empty buffer, zero sum folds to 0x0000", k->name);
			memset(dst, 0, 64);
			tap_ok(kfold(k->fn.csum(dst, 64, 0)) == 0x0000,
			    "%s: 64 zero bytes fold to 0x0000", k->name);
			memset(dst, 0xff, 64);
			tap_ok(kfold(k->fn.csum(dst, 64, 0)) == 0xffff,
			    "%s: 64 0xff bytes fold to 0xffff", k->name);
			for (n = 0; n <= 300 && !bad; n++)
				if (rfc1071(k->fn.csum(buf + 1, n, 0)) !=
				    rfc1071_plain(buf + 1, n))
					bad = 1;
			tap_ok(!bad, "%s: agrees with the independent sum on "
			    "lengths 0..300 at an odd address (first bad %zu)",
			    k->name, bad ? n - 1 : 0);
		} else if (k->family == K_CSUM_COPY) {
			for (n = 0; n <= 300 && !bad; n++) {
				uint32_t s = k->fn.csum_copy(buf + 3, dst + 1,
				    n, 0);

				if (rfc1071(s) != rfc1071_plain(buf + 3, n) ||
				    memcmp(dst + 1, buf + 3, n) != 0)
					bad = 1;
			}
			tap_ok(!bad, "%s: copies and sums like the independent "
			    "sum on lengths 0..300", k->name);
		} else if (k->family == K_CSUM_DIFF) {
			/*
			 * Replacing `from` by `to` in a packet changes its
			 * checksum by csum_diff: the checksum of the new packet
			 * equals the one computed from the old sum plus the
			 * diff.
			 */
			unsigned char pkt[64];
			uint32_t d;
			uint16_t want, got;

			memcpy(pkt, buf, 64);
			/* Old packet sum (native), plus diff, vs new packet. */
			{
				uint32_t old = 0;
				size_t j;

				for (j = 0; j < 64; j += 2) {
					uint16_t w;

					memcpy(&w, pkt + j, 2);
					old += w;
				}
				d = k->fn.csum_diff(pkt + 16, 8, buf + 100, 8,
				    kfold(old));
				memcpy(pkt + 16, buf + 100, 8);
				want = rfc1071_plain(pkt, 64);
				got = rfc1071(d);
				/* Both zeros of ones' complement are one value. */
				if (want == 0xffff)
					want = 0;
				if (got == 0xffff)
					got = 0;
				tap_ok(got == want, "%s: old sum + diff gives the "
				    "new packet's checksum (0x%04x vs 0x%04x)",
				    k->name, got, want);
			}
		}
	}
	return tap_done();
}
