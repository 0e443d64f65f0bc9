/*
 * ktune_env.h - tuning thresholds forced from the environment
 * (CSUMBENCH_KTUNE), so that tests can drive every path of the kernels
 * that read them.
 */
#ifndef CSUMBENCH_KTUNE_ENV_H
#define CSUMBENCH_KTUNE_ENV_H

#include <stddef.h>

/*
 * Hand the thresholds named in CSUMBENCH_KTUNE ("name=value,...", names
 * as kernels/tune.c looks them up, values in bytes with an optional K, M
 * or G suffix, or "max" for SIZE_MAX) to every kernel object, as measured
 * ones (select_tune). Call after select_init. Returns 0 and writes what was
 * forced to desc ("" when nothing was), or -1 with a one-line reason in
 * err (an unknown name, a bad value, an object refusing them).
 */
int	ktune_env_apply(char *desc, size_t desclen, char *err, size_t errlen);

#endif
