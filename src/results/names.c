/*
 * names.c - the words a grid position is written in (see names.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "names.h"

static const char *const family_names[K_NFAMILIES] = {
	[K_MEMCPY] = "memcpy",
	[K_MEMSET] = "memset",
	[K_COPY] = "copy",
	[K_CSUM] = "csum",
	[K_CSUM_COPY] = "csum_copy",
	[K_CSUM_DIFF] = "csum_diff",
};

const char *
family_name(enum kfamily f)
{
	return (unsigned)f < K_NFAMILIES ? family_names[f] : "?";
}

/* The index of s among names[0..n-1], or -1. */
static int
names_index(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

int
family_parse(const char *s)
{
	return names_index(family_names, K_NFAMILIES, s);
}

const char *
family_variant(const char *kernel)
{
	const char *dot = strchr(kernel, '.');
	char fam[32];

	if (dot == NULL || (size_t)(dot - kernel) >= sizeof(fam))
		return kernel;
	snprintf(fam, sizeof(fam), "%.*s", (int)(dot - kernel), kernel);
	return family_parse(fam) >= 0 ? dot + 1 : kernel;
}

static const char *const cache_names[CACHE_NSTATES] = {
	[CACHE_HOT] = "hot", [CACHE_COLD] = "cold", [CACHE_LLC] = "llc",
};

const char *
cache_name(int cache)
{
	return cache >= 0 && cache < CACHE_NSTATES ? cache_names[cache] :
	    "hot";
}

int
cache_parse(const char *s)
{
	return names_index(cache_names, CACHE_NSTATES, s);
}

const char *
mode_name(int mode)
{
	return mode == MODE_LATENCY ? "latency" : "throughput";
}

size_t
arena_default_distance(size_t dst_off)
{
	/*
	 * Half a page apart; offsets of 64 and more are about the position
	 * in the page (page-crossing points) and count from the page itself.
	 */
	return dst_off < 64 ? ARENA_APART : 0;
}
