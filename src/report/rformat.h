/*
 * rformat.h - the results formats: one table (rformats[] in rformat.c) of
 * every way a set of results is written, and read back where it can be.
 *
 *   csv	RFC 4180, one row per point (rset_csv.c); its provenance goes
 *		beside it, to PATH.meta
 *   json	Google Benchmark's layout with csumbench's fields and the raw
 *		samples (rset_json.c); the provenance is its "context"
 *   summary	who is fastest where (summary.c); write only
 *   wide	a row per position, a column per kernel (pivot.c); write only
 *   table	every point, for a terminal (rset_table.c); write only
 *
 * Adding a format is adding a row, and its reader and writer.
 */
#ifndef CSUMBENCH_RFORMAT_H
#define CSUMBENCH_RFORMAT_H

#include <stddef.h>
#include <stdio.h>

#include "rset.h"
#include "rset_io.h"

struct rformat {
	const char	*name;		/* for --format */
	const char	*suffix;	/* files named *SUFFIX are in it, or NULL */
	int		 sidecar;	/* provenance in PATH.meta, not the file */
	int		 terminal;	/* for a terminal only, never a file */
	/* Does text look like this format? NULL: anything (the last resort). */
	int		(*sniff)(const char *text, size_t len);
	/*
	 * Read text[0..len-1] into rs (initialised, named); 0, or -1 with a
	 * one-line message naming the file. NULL: not readable.
	 */
	int		(*read)(const char *text, size_t len, struct rset *rs,
			    char *err, size_t errlen);
	/* Write rs->p[idx[0..n-1]] (the first n when idx is NULL). */
	void		(*write)(FILE *fp, const struct rset *rs,
			    const size_t *idx, size_t n);
};

extern const struct rformat rformats[];

/* The format named name, or NULL. */
const struct rformat *rformat_find(const char *name);
/* The format a file name's suffix says (case-insensitive), or NULL. */
const struct rformat *rformat_for_path(const char *path);
/* "csv, json or table": the names, for messages (terminal: with them). */
const char *rformat_names(int terminal);
/* The names, NULL-terminated, in the table's order. */
const char *const *rformat_name_list(void);
/* ".csv or .json": the suffixes, for messages. */
const char *rformat_suffixes(void);
/*
 * Read a results file of any readable format (found by sniffing) with its
 * sidecar provenance when it has one. Returns 0, or -1 with a one-line
 * message (naming the file) in err.
 */
int	rformat_read(const char *path, struct rset *rs, char *err,
	    size_t errlen);

#endif
