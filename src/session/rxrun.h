/*
 * rxrun.h - one rx measurement: its points (each traffic's segments
 * through every csum, csum_copy and copy kernel, and the Ethernet
 * header's 14 bytes through every csum kernel), and its figures as a
 * table for a terminal or as rows of the rx schema (rfield.h).
 */
#ifndef CSUMBENCH_RXRUN_H
#define CSUMBENCH_RXRUN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine.h"
#include "rx.h"

#define RXRUN_MAX_RATES	16

struct rxrun {
	/* What is measured (the caller's). */
	struct rx_traffic *t;
	size_t		 nt;
	double		 rate[RXRUN_MAX_RATES];
	size_t		 nrates;
	const struct kernel **ks;
	size_t		 nk;
	int		 cache;		/* CACHE_HOT, CACHE_COLD or CACHE_LLC */
	size_t		 src_off, dst_off;
	/* The points (rxrun_points): of traffic t through kernel k at
	 * at[t * nk + k]; of the Ethernet header through csum kernel k at
	 * hdr[k]. */
	struct point	*pts;
	size_t		 npts;
	size_t		*at, *hdr;
	/* Of traffic i through csum kernel k hot (cold runs: a total's
	 * second pass), else as at: warm[i * nk + k]. */
	size_t		*warm;
};

/*
 * The default kernels: per family, the first available of a list, as
 * -k patterns (to free).
 */
char	*rxrun_default_patterns(void);
/*
 * The points of x (the size sequences drawn with seed). 0, or -1 with
 * one line in err (no csum kernel).
 */
int	rxrun_points(struct rxrun *x, uint64_t seed, char *err, size_t errlen);
/* The table for a terminal (after measuring). */
void	rxrun_table(FILE *fp, const struct rxrun *x);
/* The rows of the rx schema (after measuring), as CSV. */
void	rxrun_csv(FILE *fp, const struct rxrun *x);
void	rxrun_free(struct rxrun *x);

#endif
