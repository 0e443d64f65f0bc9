/*
 * cpu.h - CPU identification and the machine's state.
 */
#ifndef CSUMBENCH_CPU_H
#define CSUMBENCH_CPU_H

#include <stddef.h>
#include <stdint.h>

struct cpuinfo {
	char	 arch[16];		/* "x86_64", "aarch64", ... */
	char	 vendor[32];
	char	 brand[128];
	int	 family, model, stepping;	/* display family/model where known */
	int	 cores, threads;		/* per package, where known */
	int	 online_cpus;
	size_t	 l1d, l2, l3;		/* bytes; 0 if unknown */
	size_t	 line;			/* cache line bytes */
	uint64_t have;			/* CPU_* bits usable (CPU and OS) */
	char	 features[512];		/* space-separated names of notable features */
	char	 ident_source[48];	/* "libcpuid 0.6.2", "/proc/cpuinfo", ... */
	char	 hypervisor[32];	/* "" when none detected */
	char	 governor[32];		/* scaling governor of the pinned CPU, "" unknown */
	int	 turbo;			/* 1 on, 0 off, -1 unknown */
	double	 loadavg1;		/* 1-minute load average, -1 unknown */
	int	 osxsave_avx, osxsave_avx512;	/* XGETBV says the OS saves the state */
	int	 pinned_cpu;		/* the CPU the thread is pinned to; -1 none */
	char	 isa[512];		/* riscv64: the ISA string and its source; "" elsewhere */
	char	 misaligned[96];	/* riscv64: misaligned scalar access speed and its source */
};

/*
 * Identify the CPU. Must run before pinning: the calling thread's CPU
 * affinity is saved before identification and restored after it.
 */
void	cpu_probe(struct cpuinfo *ci);
/* Names of the CPU_* bits in mask, space-separated, into buf. */
char	*cpu_have_str(uint64_t mask, char *buf, size_t len);
/* The first CPU_* bit in needs missing from have, as a feature name. */
const char *cpu_missing(uint64_t needs, uint64_t have);
/*
 * Take away the features named in the environment variable
 * CSUMBENCH_CPU_MASK (comma- or space-separated names as cpu_have_str
 * writes them, or "avx512" for the whole group; masking a feature also
 * masks those built on it, e.g. avx2 takes AVX-512 with it), so that the
 * kernels take the paths of a CPU without them. Call after cpu_probe and
 * after adding CPU_FAULTS; rewrites ci->features, naming the masked bits.
 * Returns 0, or -1 with a one-line reason in err (an unknown name).
 */
int	cpu_mask_env(struct cpuinfo *ci, char *err, size_t errlen);
/*
 * The lowest-numbered CPU the process may run on (its affinity mask), or
 * -1 if unknown: the default CPU to pin to, the same in every run, where
 * the CPU a process happens to start on is not (vCPUs of one guest can
 * differ by tens of percent). Call before cpu_probe.
 */
int	cpu_first_allowed(void);
/*
 * Pin the calling thread to cpu (call after cpu_probe). Returns 0, or -1
 * with a one-line reason in err (not a CPU this process may run on).
 */
int	cpu_pin(int cpu, char *err, size_t errlen);
/* Refresh governor/turbo/load for cpu (after pinning). */
void	cpu_state(struct cpuinfo *ci, int cpu);

#endif
