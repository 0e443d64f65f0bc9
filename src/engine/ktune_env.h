/*
 * ktune_env.h - tuning thresholds forced from the environment
 * (CSUMBENCH_KTUNE), so that tests can drive every path of the kernels
 * that read them; they override a tuning file.
 */
#ifndef CSUMBENCH_KTUNE_ENV_H
#define CSUMBENCH_KTUNE_ENV_H

#include <stddef.h>

struct tuning;

/*
 * Read the thresholds named in CSUMBENCH_KTUNE ("name=value,...", names
 * as kernels/tune.c lists them, values as tuning_parse_value reads them)
 * into t, marked TUNING_ENV, and what was forced into t->env ("" when
 * nothing was). Returns 0, or -1 with a one-line reason in err (an
 * unknown name, a bad value).
 */
int	ktune_env_read(struct tuning *t, char *err, size_t errlen);

#endif
