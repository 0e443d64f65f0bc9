/*
 * tunefile.h - the tuning file: the crossovers csumbench tune measured on
 * this machine, as "key=value" lines a user can read and edit, keyed by
 * the CPU they were measured on.
 *
 *   # comments and blank lines are ignored
 *   format=1
 *   cpu=AuthenticAMD/26/2/1f0c9a3e    vendor/family/model/hash, required
 *   brand=...                         for the reader (not checked)
 *   measured=2026-11-30T19:40:00Z     when (not checked)
 *   memcpy_rep=32K                    any threshold of kernels/tune.c;
 *   memcpy_nt=max                     one left out takes the built-in rule
 *   ceiling_unit=ticks                the ceilings measured with it
 *   ceiling_l1_load=91.08             (ceilings.h), in bytes per unit
 *
 * Values as tuning_parse_value reads them (a byte count with an optional
 * K, M or G suffix, or max: never).
 */
#ifndef CSUMBENCH_TUNEFILE_H
#define CSUMBENCH_TUNEFILE_H

#include <stddef.h>
#include <stdio.h>

#include "ceilings.h"
#include "tuning.h"

struct cpuinfo;

#define TUNEFILE_FORMAT	1

struct tunefile {
	char	 cpu[128];		/* the CPU key */
	char	 brand[128];
	char	 measured[64];
	size_t	 value[TUNING_MAX];	/* by tuning_name index */
	int	 set[TUNING_MAX];	/* given in the file */
	struct ceilings ceil;		/* ceil.known: given in the file */
};

/*
 * The CPU key of c: "vendor/family/model/hash", the hash (8 hex digits)
 * over the features the kernels may use (masked ones left out, so a tuning
 * measured with CSUMBENCH_CPU_MASK is keyed apart) and the cache sizes.
 */
void	 tunefile_key(const struct cpuinfo *c, char *buf, size_t len);
/*
 * The default path: $XDG_CACHE_HOME/csumbench/tune, or
 * $HOME/.cache/csumbench/tune; NULL when neither is set (caller frees).
 */
char	*tunefile_default_path(void);
/*
 * Read path into tf. Returns 0; 1 when path does not exist; -1 with one
 * line naming the file, the line and the problem in err.
 */
int	 tunefile_read(const char *path, struct tunefile *tf, char *err,
	    size_t errlen);
/*
 * Write tf as a tuning file to fp, each threshold set after a comment
 * line saying what it chooses and, when notes[i] is not NULL, why.
 */
void	 tunefile_write(FILE *fp, const struct tunefile *tf,
	    const char *const *notes);

#endif
