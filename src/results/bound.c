/*
 * bound.c - the physical bound of a throughput (see bound.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"

/* Is word w one of the space-separated words of list? */
static int
has_word(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *s;

	for (s = list; (s = strstr(s, w)) != NULL; s += n)
		if ((s == list || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0'))
			return 1;
	return 0;
}

unsigned
bound_vector_bytes(const char *features)
{
	if (features == NULL || *features == '\0')
		return 64;
	if (has_word(features, "avx512f") || has_word(features, "erms"))
		return 64;
	if (has_word(features, "avx") || has_word(features, "avx2"))
		return 32;
	if (has_word(features, "sse2") || has_word(features, "neon"))
		return 16;
	return 8;
}

double
bound_bytes_per_cycle(const char *family, unsigned vec)
{
	if (strcmp(family, "memcpy") == 0 || strcmp(family, "memset") == 0 ||
	    strcmp(family, "copy") == 0 || strcmp(family, "csum_copy") == 0)
		return (double)BOUND_STORES * vec;
	if (strcmp(family, "csum_diff") == 0)
		return (double)BOUND_LOADS * vec / 2;
	return (double)BOUND_LOADS * vec;
}

double
bound_cycles_per(const char *unit, double hz, double est_core_hz)
{
	double core = est_core_hz > 0 ? est_core_hz * BOUND_CLOCK_MARGIN :
	    BOUND_MAX_CORE_HZ;

	if (strcmp(unit, "cycles") == 0)
		return 1;
	if (strcmp(unit, "ns") == 0)
		return core / 1e9;
	return hz > 0 ? core / hz : NAN;
}
