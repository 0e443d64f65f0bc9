/*
 * replica.h - the copies of loaded kernel objects (--replicas, --ab): the
 * names a copy's kernels take, and where each copy's code is placed.
 *
 * A kernel of copy k of object NAME is called "NAME.k:family.variant"
 * (copy 1: "NAME:family.variant"). Every name of a copy is built here,
 * and only here.
 */
#ifndef CSUMBENCH_REPLICA_H
#define CSUMBENCH_REPLICA_H

#include <stddef.h>
#include <stdint.h>

/* The suffix of copy k's object name: "" for the first, ".k". */
void	replica_suffix(unsigned k, char *buf, size_t len);
struct kernel;

/*
 * Which of ab[0], ab[1] (object names) kernel k is of: 0, 1 or -1; *rep
 * is set to its copy. From k's object (select.h), never from its name.
 */
int	replica_ab_side(char *const ab[2], const struct kernel *k,
	    unsigned *rep);
/* Are a and b one kernel of the same copy of ab[0] and of ab[1]? */
int	replica_partners(char *const ab[2], const struct kernel *a,
	    const struct kernel *b);
/* The name of k's partner in the other object's same copy (to free). */
char	*replica_partner_name(char *const ab[2], const struct kernel *k,
	    int side, unsigned rep);
/*
 * --ab's -k patterns: "A:P,B:P" for each glob P of patterns (NULL: every
 * kernel) and each copy of n, in *out (to free). 0, or -1 with err.
 */
int	replica_ab_patterns(char *const ab[2], const char *patterns,
	    unsigned n, char **out, char *err, size_t errlen);
/* patterns with each "NAME:GLOB" also as "NAME.k:GLOB" for copies 2..n. */
char	*replica_copy_patterns(const char *patterns, unsigned n);
/*
 * Place the objects names[0..n-1] in replicas copies, copy k of every
 * object at one offset (*shift: the offsets, to free); seed 0: a fresh
 * draw. Returns 1 if every object's code was moved, 0 if some could not
 * be (why says why; the copies differ in their pages only), -1 with err.
 */
int	replica_place(const char *const *names, size_t n, unsigned replicas,
	    uint64_t seed, size_t **shift, char *why, size_t whylen, char *err,
	    size_t errlen);
/* Say once how the copies of --ab's objects lie (stderr). */
void	replica_ab_note(char *const ab[2], unsigned replicas,
	    const size_t *shift, int moved, const char *why);

#endif
