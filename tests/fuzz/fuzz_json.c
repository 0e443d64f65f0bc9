/*
 * fuzz_json.c - the JSON results reader (and under it the JSON parser) on
 * arbitrary bytes.
 *
 * What it reads, it writes back and reads again to the same points and
 * context (the writer may add members to it): a file csumbench accepts
 * is one it can reproduce.
 */
#include "config.h"

#include "fuzz_rset.h"

/* The context comes back too (the writer may add members to it). */
static void
same_context(const struct rset *rs, const struct rset *again)
{
	const char *v;
	size_t i;

	for (i = 0; i < rs->prov.n; i++) {
		v = provenance_get(&again->prov, rs->prov.v[i].key);
		fuzz_check(v != NULL && strcmp(v, rs->prov.v[i].value) == 0,
		    "a JSON round trip changed the context");
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_round_trip(data, size, "json", rset_json_read, rset_json_write,
	    same_context);
	return 0;
}
