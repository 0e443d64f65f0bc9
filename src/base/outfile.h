/*
 * outfile.h - output files that are never left half-written and never
 * replace what they should write into.
 */
#ifndef CSUMBENCH_OUTFILE_H
#define CSUMBENCH_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * An output file. A regular file (or a name that does not exist yet) is
 * replaced atomically: data goes to a temporary file beside it, which
 * outfile_commit renames over it; until then a failure (outfile_abort, or
 * any exit, or a signal: cleanup.h) leaves it untouched. Symbolic links
 * are followed first, so a link survives and its target is replaced.
 * Anything else is written directly and never replaced: "-" and the names
 * of open descriptors (/dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N) write to that descriptor; a character device or a FIFO
 * is opened for writing. A directory or a block device is refused. Write
 * errors (ENOSPC on /dev/full) are reported by outfile_commit in every
 * case. Only a regular file gets sidecars (regular is 1).
 */
struct outfile {
	char	*path;		/* as given */
	char	*target;	/* path with its symbolic links resolved */
	char	*tmp;		/* the temporary file beside target, or NULL */
	FILE	*fp;
	int	 regular;	/* replaced atomically (else written directly) */
	struct cleanup *cl;	/* tmp's entry on the cleanup list */
	struct out_sink *sink;	/* fp's descriptor and first write error */
};
/*
 * Is path written directly (a descriptor, a device, a FIFO: no file
 * name to tell its format by, no sidecar)? 0 also when it cannot be
 * written at all (outfile_open says why).
 */
int	outfile_is_stream(const char *path);
/*
 * path with its symbolic links followed (as outfile_open does): the file
 * a results file's sidecar goes beside. To free.
 */
char	*outfile_resolve(const char *path);
/*
 * The sidecar path of a results file, where its provenance goes
 * (provenance.h): PATH.meta beside outfile_resolve(PATH). To free.
 */
char	*provenance_path(const char *results_path);
/* 0, or -1 with "cannot write PATH: why" in err. */
int	outfile_open(struct outfile *o, const char *path, char *err,
	    size_t errlen);
int	outfile_commit(struct outfile *o, char *err, size_t errlen);
void	outfile_abort(struct outfile *o);
/*
 * Commit a results file, then its sidecar (FILE.meta), so the two never
 * disagree: when the results cannot be committed the sidecar is not
 * either (both stay as they were), and when the sidecar cannot be after
 * the results were, the old sidecar is removed. The two are committed
 * with the directory locked (flock), so that of writers racing to one
 * path, one writer's pair is left. 0, or -1 with err.
 */
int	outfile_commit_pair(struct outfile *data, struct outfile *side,
	    char *err, size_t errlen);

#endif
