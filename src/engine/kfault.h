/*
 * kfault.h - csumbench's side of the copy family's fault recovery: the
 * signal handler, and the exception tables of the kernel objects it
 * searches. Part of the tool, not of the kernel ABI: a kernel object only
 * ever includes kernels/fault.h, and no kernel calls into this.
 */
#ifndef CSUMBENCH_KFAULT_H
#define CSUMBENCH_KFAULT_H

#include <stddef.h>

#include "../../kernels/fault.h"

/* How many exception tables can be registered at once. */
#define KFAULT_MAX_TABLES	64

/*
 * Install the fault handler (idempotent). Returns 0 when copy kernels may be
 * given inaccessible memory, -1 when this build or system cannot recover.
 */
int	kfault_init(void);
/*
 * Search [start, end) for faulting instructions from now on. An empty
 * table (start == end, or NULLs) is accepted and ignored. Returns 0, or -1
 * when KFAULT_MAX_TABLES tables are registered already. Not to be called
 * while a kernel runs.
 */
int	kfault_register(const struct kfault_entry *start,
	    const struct kfault_entry *end);
/* Stop searching the table that starts at start (before unloading it). */
void	kfault_unregister(const struct kfault_entry *start);
/* Number of entries in every registered table (for the tests). */
size_t	kfault_table_size(void);

#endif
