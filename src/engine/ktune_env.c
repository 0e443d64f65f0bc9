/*
 * ktune_env.c - CSUMBENCH_KTUNE: tuning thresholds forced from the
 * environment.
 *
 * A tuning may change a kernel's speed, never its result. The way to
 * show it is to force each threshold the kernels read to its extremes (0:
 * the path from the first byte; "max": never) and verify every kernel
 * under each setting; this is the knob the tests turn. The values reach
 * the kernels the way measured thresholds do: through the objects' init
 * hooks (tuning_apply), and win over a tuning file.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktune_env.h"
#include "tuning.h"

/* "memcpy_rep, memcpy_nt, ... or csum_avx2", for messages. */
static void
ktune_env_known(char *buf, size_t len)
{
	size_t i, n = tuning_count(), off = 0;

	for (i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
		    i == 0 ? "" : i + 1 == n ? " or " : ", ", tuning_name(i));
}

int
ktune_env_read(struct tuning *t, char *err, size_t errlen)
{
	const char *env = getenv("CSUMBENCH_KTUNE");
	char spec[256], known[256], *tok, *save = NULL, *eq;
	size_t off = 0, val;
	uint64_t given = 0;
	int i;

	t->env[0] = '\0';
	if (env == NULL || *env == '\0')
		return 0;
	if (strlen(env) >= sizeof(spec)) {
		snprintf(err, errlen, "CSUMBENCH_KTUNE: too long");
		return -1;
	}
	snprintf(spec, sizeof(spec), "%s", env);
	for (tok = strtok_r(spec, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save)) {
		if ((eq = strchr(tok, '=')) != NULL)
			*eq = '\0';
		if ((i = tuning_find(tok)) < 0) {
			ktune_env_known(known, sizeof(known));
			snprintf(err, errlen, "CSUMBENCH_KTUNE: unknown "
			    "threshold \"%s\" (expected %s)", tok, known);
			return -1;
		}
		if (eq == NULL || tuning_parse_value(eq + 1, &val) != 0) {
			snprintf(err, errlen, "CSUMBENCH_KTUNE: %s wants a "
			    "byte count (K, M, G suffixes) or \"max\", not "
			    "\"%s\"", tok, eq != NULL ? eq + 1 : "");
			return -1;
		}
		/* As in a tuning file: a name given twice is refused. */
		if (given & (UINT64_C(1) << i)) {
			snprintf(err, errlen, "CSUMBENCH_KTUNE: %s given "
			    "twice", tok);
			return -1;
		}
		given |= UINT64_C(1) << i;
		t->value[i] = val;
		t->from[i] = TUNING_ENV;
		off += (size_t)snprintf(t->env + off, off < sizeof(t->env) ?
		    sizeof(t->env) - off : 0, "%s%s=%s", off ? " " : "", tok,
		    eq + 1);
	}
	return 0;
}
