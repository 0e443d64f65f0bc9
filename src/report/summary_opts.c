/*
 * summary_opts.c - what the summary and its wide view share (see
 * summary_opts.h).
 */
#include "config.h"

#include <stdio.h>

#include "summary_opts.h"

char *
summary_size(size_t n, char *buf, size_t len)
{
	if (n >= (1u << 20) && n % (1u << 20) == 0)
		snprintf(buf, len, "%zu MiB", n >> 20);
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%zu KiB", n >> 10);
	else
		snprintf(buf, len, "%zu B", n);
	return buf;
}
