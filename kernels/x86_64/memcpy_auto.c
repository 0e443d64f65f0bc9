/*
 * memcpy_auto.c - memcpy.auto: our own composition, by size.
 *
 *   0..63              AVX-512: one byte-masked zmm load and store;
 *                      AVX2: 2 ymm moves from both ends (32..63), else
 *                      16/8/4/2/1-byte moves from both ends
 *   64..128            4 ymm moves from both ends (both ISAs)
 *   129..256           8 ymm moves from both ends (both ISAs)
 *   257..512           8 zmm (AVX-512) or 16 ymm moves from both ends,
 *                      whatever the thresholds (AVX2: behind one more
 *                      branch, so that the loop takes one fewer)
 *   above, below both thresholds: an aligned-store loop, 256 (zmm) or
 *                      128 (ymm) bytes per iteration, the first and last
 *                      bytes moved by unaligned vectors loaded up front
 *   memcpy_rep <= n < memcpy_nt: rep movsb (with ERMS)
 *   n >= memcpy_nt: non-temporal 32-byte loop + sfence
 * (both thresholds are ktune's, read as they are: 0 means from the first
 * byte, SIZE_MAX never).
 *
 * The straight-line paths are assembly, for the reasons given in
 * memset_auto.c. Measured on Zen 4 (a kernel object of eighteen variants
 * of this entry, each loaded in 4 code placements): a short copy costs
 * about a core cycle more for each taken branch on its way, and one more
 * when its path from entry (or branch target) to ret crosses a 64-byte
 * block (four ymm moves took 7.66 ticks from 64 bytes of code and 8.66
 * from 68, one jump being rel32). So each size class starts a 64-byte
 * block, 64..128 bytes take no branch at all (as in glibc, whose 2 zmm
 * moves cost the same as our 4 ymm here), and the ISA is looked at only
 * below 64 bytes and above 256: 64..256 bytes run the same instructions
 * on an AVX2-only CPU as on an AVX-512 one. Below 64 bytes one of the two
 * ISAs takes a second branch; it is AVX-512, whose one masked move for
 * all of 0..63 keeps it ahead of glibc's own AVX-512 code there. src and
 * dst do not overlap (memcpy), so loads and stores may interleave. Copies
 * past the thresholds go on in C (memcpy_auto_long).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "copy_vec.h"

void	*memcpy_auto_long(void *, const void *, size_t)
	    __attribute__((visibility("hidden")));

/*
 * Past the thresholds: streaming stores from memcpy_nt, rep movsb from
 * memcpy_rep (with ERMS), else (no ERMS) the 32-byte loop.
 */
__attribute__((noinline)) T256 void *
memcpy_auto_long(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (n >= ktune.memcpy_nt) {
		x86_copy_loop256(d, s, n, 1);
		_mm_sfence();
	} else if (ktune.have & CPU_ERMS) {
		__asm__ volatile("rep movsb"
		    : "+D" (d), "+S" (s), "+c" (n)
		    :
		    : "memory");
	} else
		x86_copy_loop256(d, s, n, 0);
	return dst;
}

/*
 * void *memcpy_auto(void *d (rdi), const void *s (rsi), size_t n (rdx)).
 * rax is the return value; r8 holds &ktune where it is needed.
 */
__asm__(
X86_ASM_FUNC(memcpy_auto)
	/*
	 * 64..128 bytes, both ISAs: four ymm moves from both ends, no
	 * branch taken, entry to ret exactly one 64-byte block (both jumps
	 * rel8; a CET build's endbr64 adds 4 bytes).
	 */
	"movq	%rdi, %rax\n\t"
	"cmpq	$64, %rdx\n\t"
	"jb	.Lmc_lt64\n\t"
	"cmpq	$128, %rdx\n\t"
	"ja	.Lmc_129\n\t"
	"vmovdqu (%rsi), %ymm0\n\t"
	"vmovdqu 32(%rsi), %ymm1\n\t"
	"vmovdqu -64(%rsi,%rdx), %ymm2\n\t"
	"vmovdqu -32(%rsi,%rdx), %ymm3\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm1, 32(%rdi)\n\t"
	"vmovdqu %ymm2, -64(%rdi,%rdx)\n\t"
	"vmovdqu %ymm3, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n\t"
	".p2align 6\n"
".Lmc_lt64:\n\t"
	"cmpb	$0xdf, " KTR(HAVE) "\n\t"
	"ja	.Lmc_e0\n\t"
	/* AVX2, 32..63 bytes: two ymm moves from both ends. */
	"cmpq	$32, %rdx\n\t"
	"jb	.Lmc_v0_31\n\t"
	"vmovdqu (%rsi), %ymm0\n\t"
	"vmovdqu -32(%rsi,%rdx), %ymm1\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm1, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n\t"
	".p2align 6\n"
".Lmc_129:\n\t"
	/* 129..256 bytes, both ISAs: eight ymm moves from both ends. */
	"cmpq	$256, %rdx\n\t"
	"ja	.Lmc_big\n\t"
	"vmovdqu (%rsi), %ymm0\n\t"
	"vmovdqu 32(%rsi), %ymm1\n\t"
	"vmovdqu 64(%rsi), %ymm2\n\t"
	"vmovdqu 96(%rsi), %ymm3\n\t"
	"vmovdqu -128(%rsi,%rdx), %ymm4\n\t"
	"vmovdqu -96(%rsi,%rdx), %ymm5\n\t"
	"vmovdqu -64(%rsi,%rdx), %ymm6\n\t"
	"vmovdqu -32(%rsi,%rdx), %ymm7\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm1, 32(%rdi)\n\t"
	"vmovdqu %ymm2, 64(%rdi)\n\t"
	"vmovdqu %ymm3, 96(%rdi)\n\t"
	"vmovdqu %ymm4, -128(%rdi,%rdx)\n\t"
	"vmovdqu %ymm5, -96(%rdi,%rdx)\n\t"
	"vmovdqu %ymm6, -64(%rdi,%rdx)\n\t"
	"vmovdqu %ymm7, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n"
".Lmc_big:\n\t"
	/*
	 * More than 256 bytes. AVX-512 falls through: 257..512 bytes in
	 * eight zmm moves; longer copies go by the thresholds.
	 */
	X86_GOT(ktune, "%r8")
	"cmpb	$0xdf, " KT(HAVE) "\n\t"
	"jbe	.Lmc_vbig\n\t"
	"vmovdqu64 (%rsi), %zmm16\n\t"
	"vmovdqu64 64(%rsi), %zmm17\n\t"
	"vmovdqu64 128(%rsi), %zmm18\n\t"
	"vmovdqu64 192(%rsi), %zmm19\n\t"
	"vmovdqu64 -256(%rsi,%rdx), %zmm20\n\t"
	"vmovdqu64 -192(%rsi,%rdx), %zmm21\n\t"
	"vmovdqu64 -128(%rsi,%rdx), %zmm22\n\t"
	"vmovdqu64 -64(%rsi,%rdx), %zmm23\n\t"
	"cmpq	$512, %rdx\n\t"
	"ja	.Lmc_e513\n"
"2:\n\t"
	/* 257..512 bytes, and the head and tail of longer copies. */
	"vmovdqu64 %zmm16, (%rdi)\n\t"
	"vmovdqu64 %zmm17, 64(%rdi)\n\t"
	"vmovdqu64 %zmm18, 128(%rdi)\n\t"
	"vmovdqu64 %zmm19, 192(%rdi)\n\t"
	"vmovdqu64 %zmm20, -256(%rdi,%rdx)\n\t"
	"vmovdqu64 %zmm21, -192(%rdi,%rdx)\n\t"
	"vmovdqu64 %zmm22, -128(%rdi,%rdx)\n\t"
	"vmovdqu64 %zmm23, -64(%rdi,%rdx)\n\t"
	"ret\n"
".Lmc_e513:\n\t"
	"cmpq	" KT(MEMCPY_REP) ", %rdx\n\t"
	"jae	.Lmc_long\n\t"
	"cmpq	" KT(MEMCPY_NT) ", %rdx\n\t"
	"jae	.Lmc_long\n\t"
	/*
	 * With the first and last 256 bytes loaded, the loop copies 256
	 * bytes per iteration with aligned stores from the 64-byte-aligned
	 * destination address at or below d + 256 (rcx, source r9) while
	 * below d + n - 256 (r10), then stores them.
	 */
	"leaq	-256(%rdi,%rdx), %r10\n\t"
	"movq	%rdi, %rcx\n\t"
	"andq	$-64, %rcx\n\t"
	"addq	$256, %rcx\n\t"
	"movq	%rsi, %r9\n\t"
	"subq	%rdi, %r9\n\t"
	"addq	%rcx, %r9\n\t"
	".p2align 4\n"
"1:\n\t"
	"vmovdqu64 (%r9), %zmm24\n\t"
	"vmovdqu64 64(%r9), %zmm25\n\t"
	"vmovdqu64 128(%r9), %zmm26\n\t"
	"vmovdqu64 192(%r9), %zmm27\n\t"
	"addq	$256, %r9\n\t"
	"vmovdqa64 %zmm24, (%rcx)\n\t"
	"vmovdqa64 %zmm25, 64(%rcx)\n\t"
	"vmovdqa64 %zmm26, 128(%rcx)\n\t"
	"vmovdqa64 %zmm27, 192(%rcx)\n\t"
	"addq	$256, %rcx\n\t"
	"cmpq	%r10, %rcx\n\t"
	"jb	1b\n\t"
	"jmp	2b\n"
".Lmc_vbig:\n\t"
	/* AVX2: the loop falls through, 257..512 bytes take one branch. */
	"cmpq	$512, %rdx\n\t"
	"jbe	.Lmc_v257\n\t"
	"cmpq	" KT(MEMCPY_REP) ", %rdx\n\t"
	"jae	.Lmc_long\n\t"
	"cmpq	" KT(MEMCPY_NT) ", %rdx\n\t"
	"jae	.Lmc_long\n\t"
	/*
	 * AVX2: the first and the last 128 bytes are loaded up front; the
	 * loop copies 128 bytes per iteration with aligned stores from the
	 * 32-byte-aligned destination address at or below d + 128 (rcx,
	 * source r9) while below d + n - 128 (r10); the saved head and tail
	 * are stored last.
	 */
	"vmovdqu (%rsi), %ymm0\n\t"
	"vmovdqu 32(%rsi), %ymm1\n\t"
	"vmovdqu 64(%rsi), %ymm2\n\t"
	"vmovdqu 96(%rsi), %ymm3\n\t"
	"vmovdqu -128(%rsi,%rdx), %ymm4\n\t"
	"vmovdqu -96(%rsi,%rdx), %ymm5\n\t"
	"vmovdqu -64(%rsi,%rdx), %ymm6\n\t"
	"vmovdqu -32(%rsi,%rdx), %ymm7\n\t"
	"leaq	-128(%rdi,%rdx), %r10\n\t"
	"movq	%rdi, %rcx\n\t"
	"andq	$-32, %rcx\n\t"
	"subq	$-128, %rcx\n\t"
	"movq	%rsi, %r9\n\t"
	"subq	%rdi, %r9\n\t"
	"addq	%rcx, %r9\n\t"
	".p2align 4\n"
"1:\n\t"
	"vmovdqu (%r9), %ymm8\n\t"
	"vmovdqu 32(%r9), %ymm9\n\t"
	"vmovdqu 64(%r9), %ymm10\n\t"
	"vmovdqu 96(%r9), %ymm11\n\t"
	"subq	$-128, %r9\n\t"
	"vmovdqa %ymm8, (%rcx)\n\t"
	"vmovdqa %ymm9, 32(%rcx)\n\t"
	"vmovdqa %ymm10, 64(%rcx)\n\t"
	"vmovdqa %ymm11, 96(%rcx)\n\t"
	"subq	$-128, %rcx\n\t"
	"cmpq	%r10, %rcx\n\t"
	"jb	1b\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm1, 32(%rdi)\n\t"
	"vmovdqu %ymm2, 64(%rdi)\n\t"
	"vmovdqu %ymm3, 96(%rdi)\n\t"
	"vmovdqu %ymm4, -128(%rdi,%rdx)\n\t"
	"vmovdqu %ymm5, -96(%rdi,%rdx)\n\t"
	"vmovdqu %ymm6, -64(%rdi,%rdx)\n\t"
	"vmovdqu %ymm7, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n"
".Lmc_v257:\n\t"
	/* 257..512 bytes: sixteen ymm moves, the first and last 256. */
	"vmovdqu 0(%rsi), %ymm0\n\t"
	"vmovdqu 32(%rsi), %ymm1\n\t"
	"vmovdqu 64(%rsi), %ymm2\n\t"
	"vmovdqu 96(%rsi), %ymm3\n\t"
	"vmovdqu 128(%rsi), %ymm4\n\t"
	"vmovdqu 160(%rsi), %ymm5\n\t"
	"vmovdqu 192(%rsi), %ymm6\n\t"
	"vmovdqu 224(%rsi), %ymm7\n\t"
	"vmovdqu -256(%rsi,%rdx), %ymm8\n\t"
	"vmovdqu -224(%rsi,%rdx), %ymm9\n\t"
	"vmovdqu -192(%rsi,%rdx), %ymm10\n\t"
	"vmovdqu -160(%rsi,%rdx), %ymm11\n\t"
	"vmovdqu -128(%rsi,%rdx), %ymm12\n\t"
	"vmovdqu -96(%rsi,%rdx), %ymm13\n\t"
	"vmovdqu -64(%rsi,%rdx), %ymm14\n\t"
	"vmovdqu -32(%rsi,%rdx), %ymm15\n\t"
	"vmovdqu %ymm0, 0(%rdi)\n\t"
	"vmovdqu %ymm1, 32(%rdi)\n\t"
	"vmovdqu %ymm2, 64(%rdi)\n\t"
	"vmovdqu %ymm3, 96(%rdi)\n\t"
	"vmovdqu %ymm4, 128(%rdi)\n\t"
	"vmovdqu %ymm5, 160(%rdi)\n\t"
	"vmovdqu %ymm6, 192(%rdi)\n\t"
	"vmovdqu %ymm7, 224(%rdi)\n\t"
	"vmovdqu %ymm8, -256(%rdi,%rdx)\n\t"
	"vmovdqu %ymm9, -224(%rdi,%rdx)\n\t"
	"vmovdqu %ymm10, -192(%rdi,%rdx)\n\t"
	"vmovdqu %ymm11, -160(%rdi,%rdx)\n\t"
	"vmovdqu %ymm12, -128(%rdi,%rdx)\n\t"
	"vmovdqu %ymm13, -96(%rdi,%rdx)\n\t"
	"vmovdqu %ymm14, -64(%rdi,%rdx)\n\t"
	"vmovdqu %ymm15, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n"
".Lmc_long:\n\t"
	"jmp	memcpy_auto_long\n"
".p2align 6\n"
".Lmc_e0:\n\t"
	/*
	 * AVX-512, 0..63 bytes: one byte-masked move. Masked-off bytes are
	 * neither accessed nor able to fault.
	 */
	X86_GOT(x86_mask_lo, "%rcx")
	"kmovq	(%rcx,%rdx,8), %k1\n\t"
	"vmovdqu8 (%rsi), %zmm16{%k1}{z}\n\t"
	"vmovdqu8 %zmm16, (%rdi){%k1}\n\t"
	"ret\n"
".Lmc_v0_31:\n\t"
	/* AVX2, 0..31 bytes. */
	"cmpl	$16, %edx\n\t"
	"jb	.Lmc_0_15\n\t"
	"vmovdqu (%rsi), %xmm0\n\t"
	"vmovdqu -16(%rsi,%rdx), %xmm1\n\t"
	"vmovdqu %xmm0, (%rdi)\n\t"
	"vmovdqu %xmm1, -16(%rdi,%rdx)\n\t"
	"ret\n"
".Lmc_0_15:\n\t"
	"cmpl	$8, %edx\n\t"
	"jb	1f\n\t"
	"movq	(%rsi), %rcx\n\t"
	"movq	-8(%rsi,%rdx), %r9\n\t"
	"movq	%rcx, (%rdi)\n\t"
	"movq	%r9, -8(%rdi,%rdx)\n\t"
	"ret\n"
"1:\n\t"
	"cmpl	$4, %edx\n\t"
	"jb	2f\n\t"
	"movl	(%rsi), %ecx\n\t"
	"movl	-4(%rsi,%rdx), %r9d\n\t"
	"movl	%ecx, (%rdi)\n\t"
	"movl	%r9d, -4(%rdi,%rdx)\n\t"
	"ret\n"
"2:\n\t"
	"cmpl	$1, %edx\n\t"
	"ja	3f\n\t"
	"jb	4f\n\t"
	"movzbl	(%rsi), %ecx\n\t"
	"movb	%cl, (%rdi)\n"
"4:\n\t"
	"ret\n"
"3:\n\t"
	"movzwl	(%rsi), %ecx\n\t"
	"movzwl	-2(%rsi,%rdx), %r9d\n\t"
	"movw	%cx, (%rdi)\n\t"
	"movw	%r9w, -2(%rdi,%rdx)\n\t"
	"ret\n\t"
X86_ASM_END(memcpy_auto)
);

#endif /* __x86_64__ */
