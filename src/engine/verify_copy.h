/*
 * verify_copy.h - the copy family's fault tests.
 */
#ifndef CSUMBENCH_VERIFY_COPY_H
#define CSUMBENCH_VERIFY_COPY_H

#include <stdint.h>

#include "../../kernels/kernel.h"
#include "vreport.h"

/*
 * Exact return value and bytes when src or dst runs into, or starts in, an
 * inaccessible page; for kernels that need CPU_FAULTS. Failures go to rep.
 * Returns 0, or -1 with rep->error set when the buffers could not be set
 * up.
 */
int	verify_copy_faults(const struct kernel *k, struct vreport *rep,
	    uint64_t *seed);

#endif
