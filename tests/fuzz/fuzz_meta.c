/*
 * fuzz_meta.c - the provenance reader (a results file's .meta sidecar) on
 * arbitrary bytes.
 *
 * Every key it keeps is found again, and what it reads it writes back and
 * reads again to the same keys and values.
 */
#include "config.h"

#include "../../src/results/decimal.h"
#include "../../src/results/provenance.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct provenance p, again;
	char err[512], *out = NULL;
	const char *v;
	size_t outlen = 0, i;
	double hz;
	FILE *fp;

	fp = fmemopen((void *)data, size, "r");
	if (fp == NULL)		/* glibc refuses an empty buffer */
		return 0;
	err[0] = '\0';
	if (provenance_read(fp, &p, err, sizeof(err)) != 0) {
		fclose(fp);
		fuzz_check_message(err);
		provenance_free(&p);
		return 0;
	}
	fclose(fp);
	for (i = 0; i < p.n; i++)
		fuzz_check(provenance_get(&p, p.v[i].key) == p.v[i].value,
		    "a key read is not found");
	/* What the reader of a sidecar does with the timer frequency. */
	if ((v = provenance_get(&p, "timer_hz")) != NULL)
		(void)decimal_parse(v, (size_t)-1, 0, &hz);
	fp = open_memstream(&out, &outlen);
	fuzz_check(fp != NULL, "open_memstream");
	provenance_write(fp, &p);
	fclose(fp);
	fp = fmemopen(out, outlen, "r");
	if (fp == NULL) {
		fuzz_check(p.n == 0, "keys written, nothing to read");
	} else {
		fuzz_check(provenance_read(fp, &again, err, sizeof(err)) == 0,
		    "what the provenance writer wrote, its reader refused");
		fclose(fp);
		fuzz_check(again.n == p.n, "a round trip changed the keys");
		for (i = 0; i < p.n; i++) {
			v = provenance_get(&again, p.v[i].key);
			fuzz_check(v != NULL && strcmp(v, p.v[i].value) == 0,
			    "a round trip changed a value");
		}
		provenance_free(&again);
	}
	free(out);
	provenance_free(&p);
	return 0;
}
