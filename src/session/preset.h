/*
 * preset.h - named sweeps for `csumbench run --preset`: a family, sizes
 * and alignments that reproduce the comparison of a cover letter.
 */
#ifndef CSUMBENCH_PRESET_H
#define CSUMBENCH_PRESET_H

#include <stddef.h>

struct run_preset {
	const char *name;
	const char *families;	/* default -f */
	const char *sizes;	/* default -s (a grid spec) */
	const char *align;	/* default -a (an alignment spec) */
	const char *about;
};

/* NULL-terminated by name. */
extern const struct run_preset run_presets[];

/* The preset called name, or NULL with one line in err naming the
 * known ones. */
const struct run_preset *preset_find(const char *name, char *err,
	    size_t errlen);

#endif
