/*
 * tuning.h - the tuning in force: the thresholds the built-in kernels
 * read (kernels/tune.c names them), each from a tuning file measured on
 * this CPU (tunefile.c), from CSUMBENCH_KTUNE (ktune_env.c, which wins),
 * or the built-in rule, and where each came from.
 *
 * A tuning changes which of several equivalent paths a kernel takes,
 * never a result.
 */
#ifndef CSUMBENCH_TUNING_H
#define CSUMBENCH_TUNING_H

#include <stddef.h>

/* Room for every threshold kernels/tune.c names. */
#define TUNING_MAX	16

enum tuning_from { TUNING_BUILTIN, TUNING_FILE, TUNING_ENV };

struct tuning {
	size_t	 value[TUNING_MAX];	/* forced values, by tuning_name index */
	int	 from[TUNING_MAX];	/* enum tuning_from of each */
	char	 file[1024];		/* the tuning file in force, "" none */
	char	 measured[64];		/* its measured= line */
	char	 note[1200];		/* why no file is in force ("" none) */
	char	 env[256];		/* what CSUMBENCH_KTUNE forced, "" none */
};

/* The thresholds: how many, and each one's name and meaning. */
size_t	 tuning_count(void);
const char *tuning_name(size_t i);
const char *tuning_about(size_t i);
/* The index of a threshold's name, or -1. */
int	 tuning_find(const char *name);
/*
 * A threshold's value: "max" (SIZE_MAX: never), or a byte count with an
 * optional K, M or G (binary) suffix. Returns 0, or -1 when s is not one.
 */
int	 tuning_parse_value(const char *s, size_t *v);
/* v as tuning_parse_value reads it: "max", "32K", "24577". */
char	*tuning_format_value(size_t v, char *buf, size_t len);

/*
 * Hand t's forced thresholds to every kernel object (select_tune); the
 * others take their built-in rule. Returns 0, or -1 with err set.
 */
int	 tuning_apply(const struct tuning *t, char *err, size_t errlen);
/* The value in force of threshold i in the built-in kernels. */
size_t	 tuning_value(size_t i);
/*
 * Where the tuning in force came from, one line: "file PATH (measured
 * DATE)", "CSUMBENCH_KTUNE (...)", "built-in defaults", or the file
 * and CSUMBENCH_KTUNE over it.
 */
void	 tuning_source(const struct tuning *t, char *buf, size_t len);
/*
 * Every threshold in force, "name=value" separated by spaces, a value
 * not from the built-in rule marked with its source ("(file)", "(env)").
 */
void	 tuning_values(const struct tuning *t, int mark, char *buf,
	    size_t len);

#endif
