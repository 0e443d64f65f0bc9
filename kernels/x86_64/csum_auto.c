/*
 * csum_auto.c - csum.auto: the best checksum for each size.
 *
 * Short buffers (IPv4/IPv6 headers, TCP options, small packets): the
 * scalar add-with-carry code, straight-line below 128 bytes, with no
 * vector setup and no horizontal reduction. Longer: with AVX-512 the
 * 64-byte vector loop from 192 bytes (three vectors: its reduction costs
 * about as much as the scalar code saves below), and the two-operation
 * VNNI loop from 4 KiB; without it, from 256 bytes, the AVX2 vector loop
 * working with add-with-carry chains on the integer units (csum.avx2adc,
 * the vector loop alone below 512 bytes).
 *
 * Measured on Zen 5 (512-bit datapath): adc ahead to 160 bytes, avx512
 * from 192, avx2 from 256 with AVX-512 masked off; the three-operation
 * avx512 loop already reaches the load ports, so VNNI only ties from
 * 4 KiB and loses up to 15% below. On Zen 4 (512-bit operations split in
 * two) VNNI was level at 1 KiB and ahead by 10% at 4 KiB and 20% at
 * 16 KiB: from 4 KiB it is no loss on either.
 *
 * The vector loops live in their own functions so this one stays baseline
 * code (a function compiled for AVX-512 may use AVX-512 anywhere in its
 * body).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

#define CSUM_AUTO_EVEX_MIN	192	/* three 64-byte vectors */
#define CSUM_AUTO_VEX_MIN	256	/* eight 32-byte vectors */
#define CSUM_AUTO_VNNI_MIN	4096

/*
 * The AVX-512 loop needs F and BW; we also ask for VL (every CPU with F
 * and BW has it) because F, BW and VL are bits 5, 6 and 7 of ktune.have,
 * the top three bits of its low byte, so "all three set" is "low byte >=
 * 0xe0": one compare with memory, which costs less per call than a mask
 * and a compare.
 */
_Static_assert(CPU_AVX512F == 0x20 && CPU_AVX512BW == 0x40 &&
    CPU_AVX512VL == 0x80, "AVX-512 bits moved: fix csum_auto_evex()");

static inline int
csum_auto_evex(void)
{
	return (uint8_t)ktune.have >= 0xe0;
}

__attribute__((noinline)) T512 static uint32_t
csum_auto512(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum512_body(buf, n, sum, 0));
}

__attribute__((noinline)) T512VNNI static uint32_t
csum_auto512vnni(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum512vnni_body(buf, n, sum));
}

__attribute__((noinline)) T256 static uint32_t
csum_auto256(const void *buf, size_t n, uint32_t sum)
{
	return x86_fold64(csum256adc_body(buf, n, sum));
}

/*
 * Baseline x86-64 code. Below the vector minimum a leaf function:
 * add-with-carry code (straight-line below 128 bytes) with no stack frame;
 * longer buffers are a tail call of a vector loop.
 */
__attribute__((aligned(64))) uint32_t
csum_auto(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;

	/* One compare on the path of the shortest buffers. */
	if (__builtin_expect(n >= 128, 0)) {
		_Static_assert(CSUM_AUTO_EVEX_MIN <= CSUM_AUTO_VEX_MIN &&
		    CSUM_AUTO_EVEX_MIN <= CSUM_AUTO_VNNI_MIN, "order");
		if (n >= CSUM_AUTO_EVEX_MIN) {
			if (csum_auto_evex()) {
				if (n >= CSUM_AUTO_VNNI_MIN &&
				    (ktune.have & CPU_AVX512VNNI))
					return csum_auto512vnni(buf, n, sum);
				return csum_auto512(buf, n, sum);
			}
			if (n >= CSUM_AUTO_VEX_MIN)
				return csum_auto256(buf, n, sum);
		}
		return x86_fold64(x86_csum_adc_body(buf, n, sum));
	}
	if (n >= 64) {
		X86_ADC4(acc, x86_ld64(p), x86_ld64(p + 8),
		    x86_ld64(p + 16), x86_ld64(p + 24));
		X86_ADC4(acc, x86_ld64(p + 32), x86_ld64(p + 40),
		    x86_ld64(p + 48), x86_ld64(p + 56));
		p += 64;
		n -= 64;
	}
	return x86_fold64(x86_csum_tail(buf, p, n, acc, 0));
}

#endif /* __x86_64__ */
