/*
 * rset_table.c - results as a table for a terminal: one block per family,
 * one line per point with its median, the half-width of its confidence
 * interval, and the throughput.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rformat.h"
#include "util.h"

void
rset_table_write(FILE *fp, const struct rset *rs, const size_t *idx,
    size_t n)
{
	const char *last_family = NULL;
	size_t i;
	int states = 0;
	char sz[32], al[48];

	/* Name the cache state and mode only when the run has others. */
	for (i = 0; i < n; i++) {
		const struct rpoint *p = &rs->p[idx != NULL ? idx[i] : i];

		if (strcmp(p->cache, "hot") != 0 ||
		    strcmp(p->mode, "throughput") != 0)
			states = 1;
	}
	for (i = 0; i < n; i++) {
		const struct rpoint *p = &rs->p[idx != NULL ? idx[i] : i];
		double ci = p->st.median > 0 ?
		    (p->st.ci_hi - p->st.ci_lo) / 2 / p->st.median * 100 : 0;

		if (last_family == NULL || strcmp(p->family, last_family) != 0) {
			fprintf(fp, "%s%-10s %-22s %8s %9s %12s %8s %10s %9s%s\n",
			    last_family == NULL ? "" : "\n", p->family,
			    "kernel", "size", "src/dst", p->unit, "ci95",
			    "bytes/unit", "GB/s", states ? "  cache mode" : "");
			last_family = p->family;
		}
		snprintf(al, sizeof(al), "%zu/%zu", p->src_align, p->dst_align);
		fprintf(fp, "%-10s %-22s %8s %9s %12.2f %7.1f%% %10.2f %9.2f",
		    "", p->kernel, fmt_size(p->size, sz, sizeof(sz)), al,
		    p->st.median, ci, rset_bytes_per_unit(p), rset_gbps(p));
		if (states)
			fprintf(fp, "  %-5s %s", p->cache, p->mode);
		fputc('\n', fp);
	}
}
