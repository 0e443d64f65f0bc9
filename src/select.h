/*
 * select.h - which kernels exist here, which can run, and which the user
 * asked for.
 */
#ifndef CSUMBENCH_SELECT_H
#define CSUMBENCH_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include "../kernels/kernel.h"

/* Set up ktune and the available-feature mask; call once, after cpu_probe. */
void	select_init(uint64_t have, size_t l1d, size_t l2, size_t l3);
/* The features this process can use (CPU, OS, fault recovery). */
uint64_t select_have(void);
/* Are test-only kernels visible (CSUMBENCH_TEST_KERNELS=1)? */
int	select_show_tests(void);
/* Is k listed and selectable (test kernels only when shown)? */
int	select_visible(const struct kernel *k);
/* NULL if k can run here, else why not ("needs avx512bw"). */
const char *select_unavailable(const struct kernel *k, char *buf, size_t len);
/* Look a kernel up by exact name (visible kernels only). */
const struct kernel *select_by_name(const char *name);
/*
 * The available kernels matching families (comma-separated family names, or
 * NULL for all) and patterns (comma-separated globs, or NULL for all), in
 * registry order. A pattern that matches no visible kernel, or matches only
 * unavailable ones, or an unknown family, is an error: exit 2 naming it.
 * When allow_unavailable is set, unavailable kernels are skipped with a
 * warning instead.
 */
size_t	select_kernels(const char *families, const char *patterns,
	    const struct kernel ***out, int allow_unavailable);

#endif
