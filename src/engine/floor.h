/*
 * floor.h - the empty-call floor.
 *
 * What a call through the batch loop costs when the kernel does nothing:
 * the floor subtracted from every sample of the same repetition. It comes
 * from FLOOR_NEMPTY empty kernels per family, at different places in the
 * code, measured as hidden members of every group; and from a primer per
 * family, never measured, that trains the loop's call site first (see
 * floor.c for why both are needed).
 */
#ifndef CSUMBENCH_FLOOR_H
#define CSUMBENCH_FLOOR_H

#include <stddef.h>

#include "../../kernels/kernel.h"

#define FLOOR_NEMPTY	3

/* Empty kernel number k (0..FLOOR_NEMPTY-1) of a family. */
union kfn floor_empty(enum kfamily f, int k);
/* The family's primer: one call of it goes before every timed batch. */
union kfn floor_primer(enum kfamily f);

/* One empty kernel sampled in a group. */
struct floor_empty {
	enum kfamily	 fam;
	int		 k;		/* which of the family's FLOOR_NEMPTY */
	size_t		 batch;
	double		 units;		/* one batch, at calibration */
	double		 cur;		/* this repetition's per-call cost */
};

/*
 * The floor of one group: the empty kernels of every family the group's
 * points belong to, and the floor of every repetition taken so far.
 */
struct floor {
	struct floor_empty e[K_NFAMILIES * FLOOR_NEMPTY];
	int	 ne;
	int	 first[K_NFAMILIES];	/* family -> its first empty in e, or -1 */
	double	 now[K_NFAMILIES];	/* this repetition's floor, by family */
	size_t	 reps;			/* repetitions closed so far */
	struct {
		double	*v;
		size_t	 n, cap;
	} hist[K_NFAMILIES];		/* every repetition's floor, by family */
};

void	floor_init(struct floor *fl);
/* Add the family's empty kernels, unless it has them already. */
void	floor_add_family(struct floor *fl, enum kfamily f);
/*
 * Is empty i measured in this repetition? All of them in a group's first
 * repetition, then one of each family's FLOOR_NEMPTY in turn: the others
 * keep their latest cost (see floor.c).
 */
int	floor_due(const struct floor *fl, int i);
/*
 * End of a repetition, after every due empty's cur was measured: each
 * family's floor is the median of its empties (now[f]), and is recorded.
 */
void	floor_close_rep(struct floor *fl);
/* The median floor of family f over every repetition. */
double	floor_median(const struct floor *fl, enum kfamily f);
void	floor_free(struct floor *fl);

#endif
