/* kobj_asm.c - the table of kobj_asm_x86_64.S's copy kernel. */
#include <csumbench/kernel.h>

kfn_copy_t asm_copy_erms;

static const struct kernel kernels[] = {
	{ .name = "copy.asm_erms", .family = K_COPY, .isa = "erms",
	  .needs = CPU_FAULTS | CPU_ERMS, .fn.copy = asm_copy_erms,
	  .about = "rep movsb, then bytes after a fault (assembler)" },
};

CSUMBENCH_KERNEL_TABLE(kernels, NULL);
