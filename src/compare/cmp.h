/*
 * cmp.h - compare's types: its options, a matched row and the result of a
 * comparison (compare.h drives them; cmp_match, cmp_test, gate,
 * cmp_print and cmp_style fill and show them, below it).
 */
#ifndef CSUMBENCH_CMP_H
#define CSUMBENCH_CMP_H

#include <stdio.h>

#include "rset.h"
#include "signif.h"

enum cmp_style { CMP_BPF, CMP_TICKS, CMP_MARKDOWN, CMP_CSV, CMP_WIDE };
/*
 * The cost compared: the whole call (what the timer saw per call, the
 * default) or net (the empty call's cost subtracted: what the kernel adds
 * to a call), both from the same results (rset.h).
 */
enum { CMP_COST_WHOLE, CMP_COST_NET };

struct cmp_opts {
	enum cmp_style	 style;
	double		 alpha;		/* significance level (two-sided) */
	double		 fail_above;	/* gate threshold in percent; < 0: none */
	/*
	 * The gate's absolute threshold, in the compared unit: a point fails
	 * only if B's median is also more than this above A's. < 0 (auto):
	 * half the empty call's cost at that point (see gate_row).
	 */
	double		 min_delta;
	size_t		 ignore_below;	/* drop points smaller than this */
	const char	*families;	/* comma-separated, NULL for all */
	const char	*kernels;	/* globs on either side's kernel */
	const char	*a_kernel;	/* compare kernel a_kernel of A ... */
	const char	*b_kernel;	/* ... with b_kernel of B */
	/*
	 * run --ab: compare every kernel "ab_b:x" with "ab_a:x" of the same
	 * run (two loaded builds), matched on x and the grid position; and
	 * each replica's "ab_b.K:x" with "ab_a.K:x" (run --replicas), the
	 * replicas of a point judged together by the gate (compare_gate).
	 */
	const char	*ab_a, *ab_b;
	int		 same_run;	/* A and B are one run: samples paired */
	int		 cost;		/* CMP_COST_*: which cost is compared */
	/*
	 * Compare results of different cost bases (as recorded) or
	 * placements: points that differ only in their distance are then
	 * matched. Without it such a comparison is refused.
	 */
	int		 allow_mixed;
	int		 quiet;
	/*
	 * run --ab placed the code of both builds itself (kplace.h): copy k
	 * of A and of B at one offset in the page, so that where the linker
	 * put a kernel does not decide its cost. --min-delta auto is then 0
	 * between the builds as between two kernels of one object.
	 */
	int		 placed;
	/*
	 * Where the gate's verdict also goes, as JUnit XML and as Markdown
	 * (gate_out.h), or NULL; opened and committed by the command.
	 */
	FILE		*junit, *gate_md;
	/*
	 * Copies of a point (run --replicas) in one row each, the range of
	 * their medians and changes (cmp_style_copies), instead of a table
	 * per copy: run --ab's default on a terminal and in a log.
	 */
	int		 copies_table;
};

/* How a row's significance was decided. */
enum cmp_test {
	CMP_PAIRED,	/* signed-rank on blocks of paired samples (one run) */
	CMP_MWU,	/* Mann-Whitney U on samples of one run, unpaired */
	CMP_CI,		/* one run, no samples: the medians' 95% CIs */
	CMP_RUNS,	/* two sets of runs: exact Mann-Whitney on run medians */
	CMP_NONE,	/* cannot be tested: see cmp_row.untestable */
	CMP_NTESTS
};

/* One point of B against the point of A at its grid position. */
struct cmp_row {
	const struct rpoint *a, *b;
	double	 fa, fb;	/* factors to the common unit */
	double	 ratio;		/* median cost B / A; NaN if not comparable */
	double	 p;		/* two-sided p-value; NaN for CMP_CI */
	int	 sig;		/* significant at alpha */
	/*
	 * Within noise: not significant, or the change of the medians no
	 * larger than their 95% CIs' half-widths combined. Such rows are
	 * marked "~" in every style.
	 */
	int	 noise;
	/*
	 * The change of the medians is no larger than one core cycle in the
	 * common unit (the larger of the sides' estimates): below what the
	 * timer and the clock resolve, so within noise whatever the test.
	 */
	int	 subcycle;
	enum cmp_test test;
	/*
	 * Too few observations for any p-value below alpha: runs (CMP_RUNS)
	 * or blocks of paired samples (CMP_PAIRED).
	 */
	int	 few;
	size_t	 nblocks;	/* CMP_PAIRED: blocks tested */
	double	 pg;		/* the gate's one-sided p-value */
	int	 slower;	/* ratio above the gate's threshold */
	double	 delta;		/* median B - median A, common unit */
	double	 min_delta;	/* the absolute threshold applied */
	int	 small;		/* slower, but by no more than min_delta */
	/*
	 * CMP_RUNS: slower beyond both thresholds, but too few runs for the
	 * gate's test to reach its level: neither pass nor fail.
	 */
	int	 cannot;
	int	 gate_fail;
	/*
	 * The gate's test failed this row, but not every replica of its
	 * point (run --replicas): a pass, "not in every replica".
	 */
	int	 replica_pass;
	/* The first row of its point (the replicas of a point are one). */
	int	 lead;
	/*
	 * The lead row's summary of its point's copies (replicas): how many,
	 * how many were more than PCT slower, the range of their changes
	 * (B/A - 1) and of their deltas, and the layout spread: how much the
	 * cost of one build moves between its copies, the largest of
	 * max/min - 1 over A's and over B's medians (NaN with one copy).
	 */
	size_t	 copies, copies_slower;
	size_t	 copies_flagged;	/* whose own test failed */
	size_t	 copies_small;		/* slower by no more than min_delta */
	double	 chg_lo, chg_hi, delta_lo, delta_hi;
	double	 a_lo, a_hi, b_lo, b_hi;	/* the copies' medians */
	double	 layout;
	/*
	 * Why the row cannot be tested, or NULL: a median that is not a
	 * positive number (missing, or a net cost at or below the empty
	 * call's), or neither raw samples nor a confidence interval of the
	 * median. Such a row is never significant, and the gate cannot
	 * judge it (cannot_judge) unless it needs no test: B's median not
	 * above the threshold, or not by more than --min-delta.
	 */
	const char *untestable;
	int	 cannot_judge;
};

struct cmp_result {
	struct cmp_row	*rows;	/* by family, kernels, cache, mode, offsets,
				 * size: the tables' order */
	size_t		 n;
	const char	*unit;	/* the unit every row is shown in */
	size_t		 unmatched_a, unmatched_b;  /* points without a match */
	char		*missing_a;	/* the first of A's, for the gate */
	const struct rset *a, *b;	/* the sets the rows point into */
	struct rset	 va, vb;	/* the net views, when compared */
	int		 views;
	int		 cost;		/* CMP_COST_* compared */
	size_t		 cross_placement; /* rows matched across distances */
	/*
	 * Distinct points (the rows of a point's replicas count once), the
	 * most replicas of one, and the gate's m: points with a ratio.
	 */
	size_t		 points, gate_m;
	size_t		 replicas;
};

/*
 * The defaults: markdown, alpha 0.05, no gate, --min-delta auto, all
 * points, whole-call costs.
 */
void	compare_opts_init(struct cmp_opts *o);

/*
 * Did a rule keep the point whose lead row is r out of the gate's verdict?
 * Rule 0: every copy more than PCT slower, but by no more than
 * --min-delta; rule 1: the own test of some copies failed it, not of
 * every one. Either is named with the verdict, never passed silently.
 */
int	cmp_kept_out(const struct cmp_row *r, int rule);

#endif
