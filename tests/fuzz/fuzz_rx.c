/*
 * fuzz_rx.c - the reader of csumbench rx's CSV (rx_report.c, through the
 * rx schema of rfield.c and rtable.c) on arbitrary bytes.
 *
 * A file it refuses gets a one-line message; what it reads, it writes
 * back and reads again to the same rows.
 */
#include "config.h"

#include <math.h>

#include "../../src/results/rfield.h"
#include "../../src/results/rtable.h"
#include "../../src/report/rx_report.h"
#include "fuzz.h"

/* Are rows a and b the same, field by field? */
static int
fuzz_rx_same(const struct rxrow *a, const struct rxrow *b)
{
	size_t f;

	for (f = 0; f < nrxfields; f++) {
		const struct rfield *fd = &rxfields[f];
		const char *pa = (const char *)a + fd->off;
		const char *pb = (const char *)b + fd->off;
		double x, y;

		if (fd->type == RT_STR) {
			if (strcmp(*(char *const *)(const void *)pa,
			    *(char *const *)(const void *)pb) != 0)
				return 0;
		} else if (fd->type == RT_NUM) {
			x = *(const double *)(const void *)pa;
			y = *(const double *)(const void *)pb;
			if (!(x == y || (isnan(x) && isnan(y))))
				return 0;
		} else if (*(const size_t *)(const void *)pa !=
		    *(const size_t *)(const void *)pb)
			return 0;
	}
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rxfile *f, *again;
	struct csv_writer w;
	char err[512], *out = NULL;
	size_t outlen = 0, i;
	FILE *fp;

	err[0] = '\0';
	if (rx_results_read((const char *)data, size, "fuzz.csv", &f, err,
	    sizeof(err)) != 0) {
		fuzz_check_message(err);
		return 0;
	}
	fuzz_check(f != NULL && f->n > 0, "read, and no rows");
	fp = open_memstream(&out, &outlen);
	fuzz_check(fp != NULL, "open_memstream");
	csv_init(&w, fp);
	rtable_csv_header(&w, rxfields, nrxfields);
	for (i = 0; i < f->n; i++)
		rtable_csv_row(&w, rxfields, nrxfields, &f->row[i]);
	fclose(fp);
	fuzz_check(rx_results_read(out, outlen, "again.csv", &again, err,
	    sizeof(err)) == 0, "what the rx writer wrote, its reader refused");
	fuzz_check(again->n == f->n, "a round trip changed the rows");
	for (i = 0; i < f->n; i++)
		fuzz_check(fuzz_rx_same(&f->row[i], &again->row[i]),
		    "a round trip changed a value");
	rx_results_free(again);
	rx_results_free(f);
	free(out);
	return 0;
}
