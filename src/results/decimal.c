/*
 * decimal.c - strict decimal numbers (see decimal.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "util.h"

static size_t
digits(const char *s)
{
	size_t n = 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	return n;
}

size_t
decimal_span(const char *s, int neg)
{
	size_t i = 0, d, f = 0, e;

	if (neg && s[i] == '-')
		i++;
	d = digits(s + i);
	i += d;
	if (s[i] == '.') {
		f = digits(s + i + 1);
		if (d + f == 0)
			return 0;
		i += 1 + f;
	} else if (d == 0)
		return 0;
	if (s[i] == 'e' || s[i] == 'E') {
		e = s[i + 1] == '+' || s[i + 1] == '-' ? 2 : 1;
		if (digits(s + i + e) > 0)
			i += e + digits(s + i + e);
	}
	return i;
}

int
decimal_parse(const char *s, size_t len, int neg, double *v)
{
	char buf[64], *copy = buf, *end;
	int rc = -1;

	if (len == (size_t)-1)
		len = strlen(s);
	if (len == 0 || memchr(s, '\0', len) != NULL ||
	    decimal_span(s, neg) != len)
		return -1;
	if (len >= sizeof(buf))
		copy = xmalloc(len + 1);
	memcpy(copy, s, len);
	copy[len] = '\0';
	/* The process runs in the C locale (main sets it): '.' is right. */
	*v = strtod(copy, &end);
	if (*end == '\0' && isfinite(*v))
		rc = 0;
	if (copy != buf)
		free(copy);
	return rc;
}
