/*
 * provenance.h - what goes with every result: where, how and when it was
 * measured.
 *
 * The provenance is an ordered list of key/value strings. `run -o r.csv`
 * writes it beside the CSV as r.csv.meta, one "key=value" line each (values
 * have no newlines; keys are [a-z0-9_]), so the CSV itself stays a plain
 * table that every CSV reader loads without options.
 */
#ifndef CSUMBENCH_PROVENANCE_H
#define CSUMBENCH_PROVENANCE_H

#include <stddef.h>
#include <stdio.h>

struct kv {
	char	*key;
	char	*value;
};

/*
 * The pairs in the order first set, and a hash index of the keys (open
 * addressing, slot[h] = index + 1, 0 empty, at most half full), so that
 * setting and finding a key take constant time however many there are (a
 * .meta of 100k keys). A zeroed struct is an empty provenance.
 */
struct provenance {
	struct kv	*v;
	size_t		 n, cap;
	size_t		*slot;
	size_t		 nslot;		/* a power of two, or 0 */
};

/* Add or replace a key. Control characters (newlines too) in the key or
 * the value become spaces: one line per key, nothing echoed raw. */
void	provenance_set(struct provenance *p, const char *key, const char *fmt,
	    ...) __attribute__((format(printf, 3, 4)));
const char *provenance_get(const struct provenance *p, const char *key);
/* Write "key=value" lines. */
void	provenance_write(FILE *fp, const struct provenance *p);
/* Read "key=value" lines; returns 0, or -1 with a message in err. */
int	provenance_read(FILE *fp, struct provenance *p, char *err, size_t errlen);
void	provenance_free(struct provenance *p);

#endif
