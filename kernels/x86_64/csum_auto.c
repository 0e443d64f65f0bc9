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
 * The crossovers are ktune's (kernels/tune.c: built-in values measured on
 * Zen 5 and Zen 4, or what csumbench tune measured here), each read as
 * it is: 0 means from the first byte, SIZE_MAX never.
 *
 * The vector loops live in their own functions so this one stays baseline
 * code (a function compiled for AVX-512 may use AVX-512 anywhere in its
 * body).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "csum_vec.h"

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
 * 0 to 7 bytes: at most two loads that overlap inside the buffer, the
 * second shifted right past the bytes the first holds. A byte keeps the
 * parity of its offset, and that is all a 16-bit ones'-complement sum
 * asks of its place in a 64-bit word. Never reads outside buf[0..n).
 */
__attribute__((noinline)) static uint32_t
csum_auto_tiny(const unsigned char *p, size_t n, uint32_t sum)
{
	uint64_t acc = sum, t;

	if (n >= 4)
		t = (uint64_t)x86_ld32(p) +
		    ((uint64_t)x86_ld32(p + n - 4) >> (64 - 8 * n));
	else if (n >= 2)
		t = (uint64_t)x86_ld16(p) +
		    ((uint32_t)x86_ld16(p + n - 2) >> (32 - 8 * n));
	else if (n != 0)
		t = p[0];
	else
		return sum;
	X86_ADC1(acc, t);
	return x86_fold64(acc);
}

/*
 * Baseline x86-64 code. Below the vector minimum a leaf function:
 * add-with-carry code (straight-line below 128 bytes) with no stack frame;
 * longer buffers are a tail call of a vector loop.
 */
uint32_t
csum_auto(const void *buf, size_t n, uint32_t sum)
{
	const unsigned char *p = buf;
	uint64_t acc = sum;

	/*
	 * One compare on the path from 8 bytes to csum_long (128 or the
	 * lowest threshold, if lower): n - 8 wraps below 8, so the
	 * shortest buffers leave with the long ones (csum_span is
	 * csum_long - 8, or 0 when csum_long is under 8) and take their
	 * own code first there. Over 4 code placements on Zen 4 (run --ab
	 * --replicas 4) that took 1 to 7 B about 25% off what passing every
	 * block below had cost them (seven taken jumps); tested first
	 * instead, it cost 20, 40 or 128 B a cycle, by where it moved the
	 * other paths.
	 */
	if (__builtin_expect(n - 8 >= ktune.csum_span, 0)) {
		/*
		 * Below the CPU's lowest vector threshold (csum_vec) the
		 * scalar code, falling through: one jump fewer than after
		 * the ISA tests took 128 and 160 B 6% and 1 to 7 B 16% off
		 * (4 placements), and cost 192 and 256 B 3%, where a jump
		 * weighs least.
		 */
		if (n < ktune.csum_vec) {
			if (n < 8)
				return csum_auto_tiny(p, n, sum);
			return x86_fold64(x86_csum_adc_body(buf, n, sum));
		}
		if (csum_auto_evex()) {
			if (__builtin_expect(n >= ktune.csum_vnni_at, 0))
				return csum_auto512vnni(buf, n, sum);
			return csum_auto512(buf, n, sum);
		}
		return csum_auto256(buf, n, sum);
	}
	/*
	 * IPv4 and IPv6 headers: one chain of adds each, as the Linux
	 * kernel's own csum_partial special-cases 40 bytes. Over 4 code
	 * placements on Zen 4 (run --ab --replicas 4) this took 20 and 40 B
	 * from about 9.0 and 9.8 ticks to 7.5 and 8.2, and cost a cycle at
	 * 16 and 64 B; placed after the 64-byte block it cost 64 B a
	 * quarter instead.
	 */
	if (n == 20) {
		X86_ADC3(acc, x86_ld64(p), x86_ld64(p + 8), x86_ld32(p + 16));
		return x86_fold64(acc);
	}
	if (n == 40) {
		X86_ADC5(acc, x86_ld64(p), x86_ld64(p + 8), x86_ld64(p + 16),
		    x86_ld64(p + 24), x86_ld64(p + 32));
		return x86_fold64(acc);
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
