/*
 * layout.h - code layout as a result: how far one kernel's cost moved
 * between copies of its object placed at other offsets (run --replicas;
 * kplace.h). A point's copies are the points whose kernel names differ
 * only by the copy ("k:csum.avx2", "k.2:csum.avx2") at one position.
 */
#ifndef CSUMBENCH_LAYOUT_H
#define CSUMBENCH_LAYOUT_H

#include <stdio.h>

#include "rset.h"

/*
 * The top points of rs by how far their median moved between copies
 * (dearest / cheapest - 1), as a table on out. Returns the number of
 * points with more than one copy (0: nothing written).
 */
size_t	layout_write(FILE *out, const struct rset *rs, size_t top);

#endif
