/*
 * gatefile.h - the gate's extra outputs (--junit FILE, --gate-md FILE) of
 * the commands that gate (compare, run): opened before anything is
 * measured or read, so a file that cannot be written costs nothing, and
 * committed (or left untouched) after the verdict. CLI layer: failures
 * exit 2 with one line.
 */
#ifndef CSUMBENCH_GATEFILE_H
#define CSUMBENCH_GATEFILE_H

#include "compare.h"
#include "outfile.h"

struct gatefile {
	struct outfile	 junit, md;
	int		 has_junit, has_md;
};

/*
 * Open the files given (NULL: none) and point co at them; --junit and
 * --gate-md without --fail-above (co->fail_above < 0) are a usage error.
 */
void	gatefile_open(struct gatefile *g, const char *junit, const char *md,
	    struct cmp_opts *co);
/* Commit what gatefile_open opened. */
void	gatefile_commit(struct gatefile *g);

#endif
