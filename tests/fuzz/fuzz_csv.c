/*
 * fuzz_csv.c - the CSV results reader on arbitrary bytes.
 *
 * What it reads, it writes back and reads again to the same points: a
 * file csumbench accepts is one it can reproduce.
 */
#include "config.h"

#include "../../src/rformat.h"
#include "../../src/rset.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rset rs, again;
	char err[512], *text = fuzz_text(data, size), *out = NULL;
	size_t outlen = 0;
	FILE *fp;

	rset_init(&rs, "fuzz.csv");
	err[0] = '\0';
	if (rset_csv_read(text, size, &rs, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		goto done;
	}
	rset_finish(&rs);
	fp = open_memstream(&out, &outlen);
	fuzz_check(fp != NULL, "open_memstream");
	rset_csv_write(fp, &rs, NULL, rs.n);
	fclose(fp);
	rset_init(&again, "again.csv");
	if (rset_csv_read(out, outlen, &again, err, sizeof(err)) != 0) {
		fprintf(stderr, "fuzz: re-reading what was written: %s\n", err);
		fuzz_check(0, "what the CSV writer wrote, its reader refused");
	}
	fuzz_check(again.n == rs.n, "a CSV round trip changed the points");
	rset_free(&again);
	free(out);
done:
	rset_free(&rs);
	free(text);
	return 0;
}
