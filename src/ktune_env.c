/*
 * ktune_env.c - CSUMBENCH_KTUNE: tuning thresholds forced from the
 * environment.
 *
 * A tuning may change a kernel's speed, never its result. The way to
 * show it is to force each threshold the kernels read to its extremes (0:
 * the path from the first byte; "max": never) and verify every kernel
 * under each setting; this is the knob the tests turn. The values reach
 * the kernels the way measured thresholds do: through the objects' init
 * hooks (select_tune).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktune_env.h"
#include "select.h"

/* The thresholds the built-in kernels read (kernels/tune.c). */
static const char *const ktune_env_names[] = {
	"memcpy_rep", "memcpy_nt", "memset_rep", "memset_nt",
};
#define NNAMES	(sizeof(ktune_env_names) / sizeof(ktune_env_names[0]))

/* "max", or a byte count with an optional K/M/G (binary) suffix. */
static int
ktune_env_value(const char *s, size_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	if (strcmp(s, "max") == 0) {
		*out = SIZE_MAX;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	if (*end == 'K')
		shift = 10;
	else if (*end == 'M')
		shift = 20;
	else if (*end == 'G')
		shift = 30;
	if (shift != 0)
		end++;
	if (*end != '\0' || v > (SIZE_MAX >> shift))
		return -1;
	*out = (size_t)v << shift;
	return 0;
}

int
ktune_env_apply(char *desc, size_t desclen, char *err, size_t errlen)
{
	const char *env = getenv("CSUMBENCH_KTUNE");
	char spec[256], *tok, *save = NULL, *eq;
	struct ktuned v[NNAMES];
	size_t i, j, n = 0, off = 0, val;

	desc[0] = '\0';
	if (env == NULL || *env == '\0')
		return 0;
	if (strlen(env) >= sizeof(spec)) {
		snprintf(err, errlen, "CSUMBENCH_KTUNE: too long");
		return -1;
	}
	snprintf(spec, sizeof(spec), "%s", env);
	for (tok = strtok_r(spec, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save)) {
		eq = strchr(tok, '=');
		if (eq != NULL)
			*eq = '\0';
		for (i = 0; i < NNAMES; i++)
			if (strcmp(tok, ktune_env_names[i]) == 0)
				break;
		if (i == NNAMES) {
			snprintf(err, errlen, "CSUMBENCH_KTUNE: unknown "
			    "threshold \"%s\" (expected memcpy_rep, memcpy_nt, "
			    "memset_rep or memset_nt)", tok);
			return -1;
		}
		if (eq == NULL || ktune_env_value(eq + 1, &val) != 0) {
			snprintf(err, errlen, "CSUMBENCH_KTUNE: %s wants a "
			    "byte count (K, M, G suffixes) or \"max\", not "
			    "\"%s\"", tok, eq != NULL ? eq + 1 : "");
			return -1;
		}
		/* A name given twice: the last value counts. */
		for (j = 0; j < n && v[j].name != ktune_env_names[i]; j++)
			;
		v[j].name = ktune_env_names[i];
		v[j].value = val;
		if (j == n)
			n++;
		off += (size_t)snprintf(desc + off, off < desclen ?
		    desclen - off : 0, "%s%s=%s", off ? " " : "", tok,
		    eq + 1);
	}
	if (off >= desclen && desclen > 0)
		desc[desclen - 1] = '\0';
	return n ? select_tune(v, n, err, errlen) : 0;
}
