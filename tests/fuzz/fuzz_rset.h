/*
 * fuzz_rset.h - the round trip of a results format, for the CSV and JSON
 * targets: what the reader accepts, the writer writes back and the reader
 * reads again to the same points.
 */
#ifndef CSUMBENCH_FUZZ_RSET_H
#define CSUMBENCH_FUZZ_RSET_H

#include "../../src/report/rformat.h"
#include "../../src/results/rset.h"
#include "fuzz.h"

typedef int	fuzz_reader(const char *, size_t, struct rset *, char *,
		    size_t);
typedef void	fuzz_writer(FILE *, const struct rset *, const size_t *,
		    size_t);
/* A format's further promise about what a round trip keeps. */
typedef void	fuzz_also(const struct rset *first, const struct rset *again);

/*
 * Reads data with rd (a refusal must be a one-line message); what it
 * accepts, writes with wr and reads again: the reader must take it, to the
 * same number of points, and also (if not NULL) must hold.
 */
static inline void
fuzz_round_trip(const uint8_t *data, size_t size, const char *fmt,
    fuzz_reader *rd, fuzz_writer *wr, fuzz_also *also)
{
	struct rset rs, again;
	char err[512], name[32], *text = fuzz_text(data, size), *out = NULL;
	size_t outlen = 0;
	FILE *fp;

	snprintf(name, sizeof(name), "fuzz.%s", fmt);
	rset_init(&rs, name);
	err[0] = '\0';
	if (rd(text, size, &rs, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		goto done;
	}
	rset_finish(&rs);
	fp = open_memstream(&out, &outlen);
	fuzz_check(fp != NULL, "open_memstream");
	wr(fp, &rs, NULL, rs.n);
	fclose(fp);
	snprintf(name, sizeof(name), "again.%s", fmt);
	rset_init(&again, name);
	if (rd(out, outlen, &again, err, sizeof(err)) != 0) {
		fprintf(stderr, "fuzz: re-reading what the %s writer wrote: "
		    "%s\n", fmt, err);
		fuzz_check(0, "what the writer wrote, its reader refused");
	}
	fuzz_check(again.n == rs.n, "a round trip changed the points");
	if (also != NULL)
		also(&rs, &again);
	rset_free(&again);
	free(out);
done:
	rset_free(&rs);
	free(text);
}

#endif
