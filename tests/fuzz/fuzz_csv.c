/*
 * fuzz_csv.c - the CSV results reader on arbitrary bytes.
 *
 * What it reads, it writes back and reads again to the same points: a
 * file csumbench accepts is one it can reproduce.
 */
#include "config.h"

#include "fuzz_rset.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_round_trip(data, size, "csv", rset_csv_read, rset_csv_write,
	    NULL);
	return 0;
}
