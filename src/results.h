/*
 * results.h - writing measured points: CSV and the terminal summary.
 */
#ifndef CSUMBENCH_RESULTS_H
#define CSUMBENCH_RESULTS_H

#include <stdio.h>

#include "engine.h"
#include "load.h"

/* The CSV header, in column order (also documented in csumbench(1)). */
extern const char *const results_columns[];

/* One header row, then one row per point. */
void	results_write_csv(FILE *fp, const struct point *pts, size_t n,
	    const struct timer_info *ti);
/* The same of points read back: rs->p[idx[0..n-1]], or the first n when
 * idx is NULL (plot writes each figure's data so). */
void	results_write_rset(FILE *fp, const struct rset *rs, const size_t *idx,
	    size_t n);
/* A human-readable table, grouped by family and size. */
void	results_write_summary(FILE *fp, const struct point *pts, size_t n,
	    const struct timer_info *ti);

/* Derived figures of a point. */
double	point_bytes_per_unit(const struct point *p);
double	point_gbps(const struct point *p, const struct timer_info *ti);
double	point_mops(const struct point *p, const struct timer_info *ti);
/* (src - dst) mod 8: the relative misalignment of a copy. */
size_t	point_rel_align(const struct point *p);

#endif
