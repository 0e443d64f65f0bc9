/*
 * memset_auto.c - memset.auto: our own composition, by size.
 *
 *   0..63              AVX-512: one byte-masked zmm store;
 *                      AVX2: 2 ymm stores from both ends (32..63), else
 *                      16/8/4/2/1-byte stores from both ends
 *   64..128            4 ymm stores from both ends (both ISAs)
 *   129..256           8 ymm stores from both ends (both ISAs)
 *   257..512 (AVX-512) 8 zmm stores from both ends
 *   above, below both thresholds: an aligned-store loop, 256 (zmm) or
 *                      128 (ymm) bytes per iteration, unaligned stores at
 *                      both ends
 *   memset_rep <= n < memset_nt: rep stosb (with ERMS)
 *   n >= memset_nt: non-temporal 32-byte loop + sfence
 * (both thresholds are ktune's, read as they are: 0 means from the first
 * byte, SIZE_MAX never).
 *
 * The straight-line paths are assembly, because at these sizes a call
 * costs a few cycles and every taken branch and every instruction shows.
 * Measured: each taken branch on the way to a short store costs about a
 * core cycle, a tenth of the call (Zen 5 and Zen 4), and so does a path
 * from entry (or branch target) to ret that crosses a 64-byte block (Zen
 * 4; memcpy_auto.c gives the figures). So
 * each size class starts a 64-byte block; 64..128 bytes take no branch
 * (as glibc's own AVX-512 code; five stores spread over 32..128 bytes
 * took none either, but cost a cycle more than two at 64 bytes on Zen 4);
 * the ISA is looked at only below 64 bytes and above 256, so on 64..256
 * bytes an AVX2-only CPU runs the same instructions as an AVX-512 one.
 * Below 64 bytes one of the two ISAs takes a second branch; it is
 * AVX-512, whose one masked store covers all of 0..63. Each size class
 * returns on its own; ymm paths end in vzeroupper, and the AVX-512 ones
 * use zmm16 (no VEX encoding, so no vzeroupper). Sets past the
 * thresholds go on in C (memset_auto_long).
 */
#if defined(__x86_64__)

#include "x86_64.h"
#include "set_vec.h"

void	*memset_auto_long(void *, int, size_t)
	    __attribute__((visibility("hidden")));

/*
 * Past the thresholds: streaming stores from memset_nt, rep stosb from
 * memset_rep (with ERMS), else (no ERMS) the 32-byte loop.
 */
__attribute__((noinline)) T256 void *
memset_auto_long(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	if (n >= ktune.memset_nt) {
		x86_set_loop256(d, c, n, 1);
		_mm_sfence();
	} else if (ktune.have & CPU_ERMS) {
		__asm__ volatile("rep stosb"
		    : "+D" (d), "+c" (n)
		    : "a" (c)
		    : "memory");
	} else
		x86_set_loop256(d, c, n, 0);
	return dst;
}

/*
 * void *memset_auto(void *d (rdi), int c (esi), size_t n (rdx)).
 * rax is the return value; r8 holds &ktune where it is needed.
 */
__asm__(
X86_ASM_FUNC(memset_auto)
	/*
	 * 64..128 bytes, both ISAs: four ymm stores from both ends, no
	 * branch taken, entry to ret in one 64-byte block.
	 */
	"vmovd	%esi, %xmm0\n\t"
	"movq	%rdi, %rax\n\t"
	"cmpq	$64, %rdx\n\t"
	"jb	.Lms_lt64\n\t"
	"cmpq	$128, %rdx\n\t"
	"ja	.Lms_129\n\t"
	"vpbroadcastb %xmm0, %ymm0\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm0, 32(%rdi)\n\t"
	"vmovdqu %ymm0, -64(%rdi,%rdx)\n\t"
	"vmovdqu %ymm0, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n\t"
	".p2align 6\n"
".Lms_lt64:\n\t"
	"cmpb	$0xdf, " KTR(HAVE) "\n\t"
	"ja	.Lms_e0\n\t"
	/* AVX2, 32..63 bytes: two ymm stores from both ends. */
	"cmpq	$32, %rdx\n\t"
	"jb	.Lms_v0_31\n\t"
	"vpbroadcastb %xmm0, %ymm0\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm0, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n\t"
	".p2align 6\n"
".Lms_129:\n\t"
	/*
	 * 129..256 bytes, both ISAs: eight ymm stores from both ends; the
	 * byte is broadcast first, for the longer sets too.
	 */
	"vpbroadcastb %xmm0, %ymm0\n\t"
	"cmpq	$256, %rdx\n\t"
	"ja	.Lms_big\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm0, 32(%rdi)\n\t"
	"vmovdqu %ymm0, 64(%rdi)\n\t"
	"vmovdqu %ymm0, 96(%rdi)\n\t"
	"vmovdqu %ymm0, -128(%rdi,%rdx)\n\t"
	"vmovdqu %ymm0, -96(%rdi,%rdx)\n\t"
	"vmovdqu %ymm0, -64(%rdi,%rdx)\n\t"
	"vmovdqu %ymm0, -32(%rdi,%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n"
".Lms_big:\n\t"
	/* More than 256 bytes: the thresholds, then the ISA. */
	X86_GOT(ktune, "%r8")
	"cmpq	" KT(MEMSET_REP) ", %rdx\n\t"
	"jae	.Lms_long\n\t"
	"cmpq	" KT(MEMSET_NT) ", %rdx\n\t"
	"jae	.Lms_long\n\t"
	"cmpb	$0xdf, " KT(HAVE) "\n\t"
	"ja	.Lms_ebig\n\t"
	/*
	 * AVX2: four unaligned stores, aligned 128-byte iterations from the
	 * 32-byte-aligned address at or below d + 128 (rcx) while below
	 * d + n - 128 (rdx), four unaligned stores ending at d + n.
	 */
	"leaq	-128(%rdi,%rdx), %rdx\n\t"
	"movq	%rdi, %rcx\n\t"
	"andq	$-32, %rcx\n\t"
	"subq	$-128, %rcx\n\t"
	"vmovdqu %ymm0, (%rdi)\n\t"
	"vmovdqu %ymm0, 32(%rdi)\n\t"
	"vmovdqu %ymm0, 64(%rdi)\n\t"
	"vmovdqu %ymm0, 96(%rdi)\n\t"
	"cmpq	%rdx, %rcx\n\t"
	"jae	2f\n\t"
	".p2align 4\n"
"1:\n\t"
	"vmovdqa %ymm0, (%rcx)\n\t"
	"vmovdqa %ymm0, 32(%rcx)\n\t"
	"vmovdqa %ymm0, 64(%rcx)\n\t"
	"vmovdqa %ymm0, 96(%rcx)\n\t"
	"subq	$-128, %rcx\n\t"
	"cmpq	%rdx, %rcx\n\t"
	"jb	1b\n"
"2:\n\t"
	"vmovdqu %ymm0, (%rdx)\n\t"
	"vmovdqu %ymm0, 32(%rdx)\n\t"
	"vmovdqu %ymm0, 64(%rdx)\n\t"
	"vmovdqu %ymm0, 96(%rdx)\n\t"
	"vzeroupper\n\t"
	"ret\n"
".Lms_ebig:\n\t"
	/* AVX-512 (zmm16: no vzeroupper needed once ymm0 is let go). */
	"vzeroupper\n\t"
	"vpbroadcastb %esi, %zmm16\n\t"
	"cmpq	$512, %rdx\n\t"
	"ja	.Lms_e513\n\t"
	"vmovdqu64 %zmm16, (%rdi)\n\t"
	"vmovdqu64 %zmm16, 64(%rdi)\n\t"
	"vmovdqu64 %zmm16, 128(%rdi)\n\t"
	"vmovdqu64 %zmm16, 192(%rdi)\n\t"
	"vmovdqu64 %zmm16, -256(%rdi,%rdx)\n\t"
	"vmovdqu64 %zmm16, -192(%rdi,%rdx)\n\t"
	"vmovdqu64 %zmm16, -128(%rdi,%rdx)\n\t"
	"vmovdqu64 %zmm16, -64(%rdi,%rdx)\n\t"
	"ret\n"
".Lms_e513:\n\t"
	/*
	 * Four unaligned stores at the start; aligned 256-byte iterations
	 * from the 64-byte-aligned address at or below d + 256 (rcx) while
	 * below d + n - 256 (rdx); four unaligned stores ending at d + n.
	 */
	"leaq	-256(%rdi,%rdx), %rdx\n\t"
	"movq	%rdi, %rcx\n\t"
	"andq	$-64, %rcx\n\t"
	"addq	$256, %rcx\n\t"
	"vmovdqu64 %zmm16, (%rdi)\n\t"
	"vmovdqu64 %zmm16, 64(%rdi)\n\t"
	"vmovdqu64 %zmm16, 128(%rdi)\n\t"
	"vmovdqu64 %zmm16, 192(%rdi)\n\t"
	"cmpq	%rdx, %rcx\n\t"
	"jae	2f\n\t"
	".p2align 4\n"
"1:\n\t"
	"vmovdqa64 %zmm16, (%rcx)\n\t"
	"vmovdqa64 %zmm16, 64(%rcx)\n\t"
	"vmovdqa64 %zmm16, 128(%rcx)\n\t"
	"vmovdqa64 %zmm16, 192(%rcx)\n\t"
	"addq	$256, %rcx\n\t"
	"cmpq	%rdx, %rcx\n\t"
	"jb	1b\n"
"2:\n\t"
	"vmovdqu64 %zmm16, (%rdx)\n\t"
	"vmovdqu64 %zmm16, 64(%rdx)\n\t"
	"vmovdqu64 %zmm16, 128(%rdx)\n\t"
	"vmovdqu64 %zmm16, 192(%rdx)\n\t"
	"ret\n"
".Lms_long:\n\t"
	"vzeroupper\n\t"
	"jmp	memset_auto_long\n"
".p2align 6\n"
".Lms_e0:\n\t"
	/*
	 * AVX-512, 0..63 bytes: one byte-masked store. Masked-off bytes are
	 * neither written nor able to fault.
	 */
	"vpbroadcastb %esi, %zmm16\n\t"
	X86_GOT(x86_mask_lo, "%rcx")
	"kmovq	(%rcx,%rdx,8), %k1\n\t"
	"vmovdqu8 %zmm16, (%rdi){%k1}\n\t"
	"ret\n"
".Lms_v0_31:\n\t"
	/* AVX2, 0..31 bytes. */
	"vpbroadcastb %xmm0, %xmm0\n\t"
	"cmpl	$16, %edx\n\t"
	"jb	.Lms_0_15\n\t"
	"vmovdqu %xmm0, (%rdi)\n\t"
	"vmovdqu %xmm0, -16(%rdi,%rdx)\n\t"
	"ret\n"
".Lms_0_15:\n\t"
	"vmovq	%xmm0, %rcx\n\t"
	"cmpl	$8, %edx\n\t"
	"jb	1f\n\t"
	"movq	%rcx, (%rdi)\n\t"
	"movq	%rcx, -8(%rdi,%rdx)\n\t"
	"ret\n"
"1:\n\t"
	"cmpl	$4, %edx\n\t"
	"jb	2f\n\t"
	"movl	%ecx, (%rdi)\n\t"
	"movl	%ecx, -4(%rdi,%rdx)\n\t"
	"ret\n"
"2:\n\t"
	"cmpl	$1, %edx\n\t"
	"ja	3f\n\t"
	"jb	4f\n\t"
	"movb	%cl, (%rdi)\n"
"4:\n\t"
	"ret\n"
"3:\n\t"
	"movw	%cx, (%rdi)\n\t"
	"movw	%cx, -2(%rdi,%rdx)\n\t"
	"ret\n\t"
X86_ASM_END(memset_auto)
);

#endif /* __x86_64__ */
