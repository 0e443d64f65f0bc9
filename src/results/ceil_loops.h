/*
 * ceil_loops.h - the loops the ceilings are measured with: a load-only, a
 * store-only and a copy loop over a buffer, with the widest vectors the
 * CPU features allow, eight independent vectors in flight per iteration.
 *
 * They are not kernels under test (nothing is verified against a
 * reference): each touches every byte of its buffer once a pass, in
 * address order, aligned, and does nothing else.
 */
#ifndef CSUMBENCH_CEIL_LOOPS_H
#define CSUMBENCH_CEIL_LOOPS_H

#include <stddef.h>
#include <stdint.h>

/* Every buffer length is a multiple of this (8 vectors of 64 bytes). */
#define CEIL_LOOP_STEP	512

enum ceil_pattern { CEIL_LOAD, CEIL_STORE, CEIL_COPY, CEIL_NPATTERNS };

/*
 * passes passes over n bytes (a multiple of CEIL_LOOP_STEP; src and dst
 * 64-byte aligned): CEIL_LOAD reads src, CEIL_STORE writes dst, CEIL_COPY
 * copies src to dst. Returns a value that depends on every byte loaded,
 * for the caller to consume.
 */
typedef uint64_t (*ceil_loop_fn)(void *dst, const void *src, size_t n,
	    size_t passes);

struct ceil_loop {
	ceil_loop_fn	 fn;
	unsigned	 vec;		/* bytes per load or store */
	const char	*isa;		/* "avx512f", "avx2", "sse2", "scalar" */
	int		 nt;		/* non-temporal stores */
};

/*
 * The loop of pattern for a CPU with the CPU_* bits have (the mask
 * applied): with the widest vectors those allow when rank is 0, the next
 * narrower when 1, and so on; nt asks for non-temporal stores (store and
 * copy only). Returns 0, or -1 when there is no such loop here.
 */
int	ceil_loop_pick(int pattern, uint64_t have, int nt, int rank,
	    struct ceil_loop *out);

#endif
