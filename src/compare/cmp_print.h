/*
 * cmp_print.h - the parts every style of compare's tables is made of
 * (cmp_print.c): headings, marks, cells with their 95% CIs, the legend.
 * The styles themselves are cmp_style.c.
 */
#ifndef CSUMBENCH_CMP_PRINT_H
#define CSUMBENCH_CMP_PRINT_H

#include <stdio.h>

#include "cmp.h"

/* What a table's legend explains: the tests behind its rows and their marks. */
struct cmp_legend {
	int	tests[CMP_NTESTS];
	int	insig;
	int	na;
	int	floor;
	int	untested;
	int	few;		/* a row with too few runs to test */
	int	fewblocks;	/* a row with too few blocks of paired samples */
	size_t	runs[2][2];	/* CMP_RUNS: fewest and most runs of A, B */
	int	pm;		/* the style shows 95% CIs as "±" */
	int	subcycle;	/* a row within one core cycle ... */
	double	cycle;		/* ... of this many units (the largest) */
	int	overlap;	/* a row with p < alpha, yet within the CIs */
};

/* "77.3 ± 0.4" (value v, half-interval h), the parts apart for aligning. */
struct cmp_pm {
	char	 v[40], h[40];
};

/* "KERNEL[ vs KERNEL], offsets X/Y, distance D, CACHE cache, MODE". */
void	cmp_print_group_label(const struct cmp_row *r, char *buf, size_t len);
/* "tsc in ticks at 2.096 GHz": the timer of p's set, as recorded. */
void	cmp_print_timer_desc(const struct rset *rs, const struct rpoint *p,
	    const char *unit, char *buf, size_t len);
/* The CPU a set was measured on, as recorded, or "not recorded". */
void	cmp_print_cpu_desc(const struct rset *rs, char *buf, size_t len);
/* "Environment: ..." of both sides, named apart where they differ. */
void	cmp_print_env_line(const struct cmp_result *res, char *buf,
	    size_t len);
/*
 * What one table compares, on one line: the samples per point, the timer,
 * the CPU and the cost. A and B are named apart where they differ.
 */
void	cmp_print_table_info(const struct cmp_row *rows, size_t n,
	    const struct cmp_result *res, char *buf, size_t len);
/* Row r into the legend lg; the legend on out, each line after indent. */
void	cmp_print_legend_add(struct cmp_legend *lg, const struct cmp_row *r);
void	cmp_print_legend(FILE *out, const struct cmp_legend *lg,
	    const char *indent, double alpha);
/*
 * The mark after a delta: sig when significant, insig when within noise,
 * untested when the row could not be tested.
 */
const char *cmp_print_mark(const struct cmp_row *r, const char *sig,
	    const char *insig, const char *untested);
/* Why a row is not significant, for the row itself; "" when it is. */
const char *cmp_print_why_not(const struct cmp_row *r);
/* Half the 95% CI of p's median in the common unit (factor f), or NaN. */
double	cmp_print_half(const struct rpoint *p, double f);
/*
 * The decimals a value with half-interval h has: down to h's first
 * digit, at most 3; dflt when h is unknown, none when it is 0.
 */
int	cmp_print_digits(double h, int dflt);
/* Cell c of value v and half-interval h, with d decimals. */
void	cmp_print_pm(struct cmp_pm *c, double v, double h, int d);
/* Half the 95% CI of a row's Delta, in percent of A; NaN if unknown. */
double	cmp_print_delta_half(const struct cmp_row *r);

/* Truncate toward zero to two decimals, as the cover letters do. */
double	cmp_trunc2(double pct);

#endif
