/*
 * guard.h - buffers fenced by PROT_NONE pages, for verification.
 */
#ifndef CSUMBENCH_GUARD_H
#define CSUMBENCH_GUARD_H

#include <stddef.h>

struct guard {
	unsigned char	*map;		/* whole mapping */
	size_t		 map_len;
	unsigned char	*start;		/* first accessible byte */
	unsigned char	*end;		/* one past the last accessible byte */
	size_t		 page;
};

/*
 * Map len accessible bytes (rounded up to pages) between two PROT_NONE
 * pages. Returns 0, or -1 with a one-line message in err.
 */
int	guard_alloc(struct guard *g, size_t len, char *err, size_t errlen);
/* Unmap; a guard never allocated (all zero) is left alone. */
void	guard_free(struct guard *g);
/* Make the accessible part read-only (1) or read-write (0); 0 or -1. */
int	guard_readonly(struct guard *g, int ro, char *err, size_t errlen);
/*
 * The address p with p % 64 == off that is closest to the end such that
 * p + n <= end (so at most 63 bytes lie between p + n and the guard page).
 */
unsigned char *guard_near_end(const struct guard *g, size_t n, size_t off);

#endif
