/*
 * plot_data.h - the CSV each figure's gnuplot script reads (plot.c,
 * plot_data.c). Each writer has the signature of struct figspec's write.
 */
#ifndef CSUMBENCH_PLOT_DATA_H
#define CSUMBENCH_PLOT_DATA_H

#include <stdio.h>

#include "compare.h"
#include "rset.h"

/* Rows rs->p[idx[0..n-1]]: a throughput curve, a heatmap, a placement map. */
struct plot_rows {
	const struct rset *rs;
	const size_t	*idx;
	size_t		 n;
};

/* The rows as a results CSV (arg: struct plot_rows). */
void	plot_data_rows(FILE *fp, const void *arg);
/*
 * The relative-misalignment view of one kernel at one size: one row per
 * (rel_align, dst_align) cell, the median of the medians in it, and as its
 * interval the lowest ci_lo to the highest ci_hi of its points (empty when
 * one of them has none): at least as wide as any of theirs, so that a
 * cell never looks surer than the points it stands for (arg: struct
 * plot_rows).
 */
void	plot_data_rel_cells(FILE *fp, const void *arg);
/*
 * A placement heatmap's data: one row per (size, distance) of one kernel
 * at one pair of offsets, with its median cost and 95% CI, that cost
 * relative to the cheapest distance at the same size (1: the best
 * placement), and noise: 1 when its CI overlaps the cheapest's (the ratio
 * is within noise), 0 when it lies wholly above it, empty when a CI is
 * unknown (arg: struct plot_rows).
 */
void	plot_data_dist_cells(FILE *fp, const void *arg);

/* A delta chart's data is compare's own CSV of its rows. */
struct plot_delta_data {
	const struct cmp_row	*rows;
	size_t			 n;
	const struct cmp_result	*res;
	const struct cmp_opts	*co;
};

/* compare_print() of the rows (arg: struct plot_delta_data). */
void	plot_data_delta(FILE *fp, const void *arg);

#endif
