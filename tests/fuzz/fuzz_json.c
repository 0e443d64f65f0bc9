/*
 * fuzz_json.c - the JSON results reader (and under it the JSON parser) on
 * arbitrary bytes.
 *
 * What it reads, it writes back and reads again to the same points and
 * context (the writer may add members to it): a file csumbench accepts is one it can reproduce.
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
	const char *v;
	size_t outlen = 0, i;
	FILE *fp;

	rset_init(&rs, "fuzz.json");
	err[0] = '\0';
	if (rset_json_read(text, size, &rs, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		goto done;
	}
	rset_finish(&rs);
	fp = open_memstream(&out, &outlen);
	fuzz_check(fp != NULL, "open_memstream");
	rset_json_write(fp, &rs, NULL, rs.n);
	fclose(fp);
	rset_init(&again, "again.json");
	if (rset_json_read(out, outlen, &again, err, sizeof(err)) != 0) {
		fprintf(stderr, "fuzz: re-reading what was written: %s\n", err);
		fuzz_check(0, "what the JSON writer wrote, its reader refused");
	}
	fuzz_check(again.n == rs.n, "a JSON round trip changed the points");
	for (i = 0; i < rs.prov.n; i++) {
		v = provenance_get(&again.prov, rs.prov.v[i].key);
		fuzz_check(v != NULL && strcmp(v, rs.prov.v[i].value) == 0,
		    "a JSON round trip changed the context");
	}
	rset_free(&again);
	free(out);
done:
	rset_free(&rs);
	free(text);
	return 0;
}
