/*
 * bound.h - the physical bound of a throughput: the most bytes per timer
 * unit one core can move for a kernel of a family, on the CPU a result
 * was measured on.
 *
 * A core stores at most BOUND_STORES and loads at most BOUND_LOADS
 * vectors per core cycle, each at most as wide as the widest load or
 * store its features allow; a kernel that stores every byte of its size
 * (memcpy, memset, copy, csum_copy) cannot beat the stores, a checksum
 * the loads (csum_diff reads two buffers of that size). Timer units are
 * turned into core cycles with the estimated core clock (see
 * bound_cycles_per_unit). The bound is generous on purpose: a cell above
 * it is impossible, not merely surprising, and is flagged as such.
 */
#ifndef CSUMBENCH_BOUND_H
#define CSUMBENCH_BOUND_H


/*
 * Loads and stores per cycle: the most any x86-64 or AArch64 core issues
 * (Intel Golden Cove: 3 loads and 2 stores; AMD Zen 5: 4 memory
 * operations, at most 2 of them stores and 2 of them 512-bit loads).
 */
#define BOUND_LOADS	3
#define BOUND_STORES	2
/* Allowance for the error of the estimated core clock. */
#define BOUND_CLOCK_MARGIN	1.15
/* The core clock assumed when none was estimated: above any shipping core. */
#define BOUND_MAX_CORE_HZ	6.5e9

/*
 * The widest load or store, in bytes, that a features list (as `info` and
 * the provenance name them) allows: 64 with AVX-512 and also with ERMS
 * (fast-string microcode writes whole cache lines), 32 with AVX, 16 with
 * SSE2 or NEON, 8 without; 64 when the list is empty (unknown).
 */
unsigned bound_vector_bytes(const char *features);
/*
 * Bytes one core can move per cycle for kernels of family (a family
 * name), with vectors of vec bytes.
 */
double	bound_bytes_per_cycle(const char *family, unsigned vec);
/* The same for a timer of unit at hz, with a core clock estimate (0: none). */
double	bound_cycles_per(const char *unit, double hz, double est_core_hz);

#endif
