/*
 * preset.c - named sweeps for `csumbench run --preset`.
 *
 * A preset only supplies defaults: -f, -s and -a given on the command line
 * win over it.
 */
#include "config.h"

#include <string.h>

#include "preset.h"

const struct run_preset run_presets[] = {
	/*
	 * The riscv uaccess cover letter: byte copy, then "copy until dst is
	 * aligned", "shift copy of misaligned data", "unrolled copy when both
	 * are aligned". Every src offset x dst offset within a word, so each
	 * relative misalignment ((src - dst) mod 8, the rel_align column) is
	 * seen from eight absolute placements; sizes from a header to a
	 * page, with the Ethernet MTU.
	 */
	{ .name = "uaccess",
	  .families = "copy",
	  .sizes = "16,64,256,1024,1500,4096",
	  .align = "0-7/0-7",
	  .about = "user-copy strategies: every src x dst offset 0-7, "
	      "16 B to 4 KiB (the riscv uaccess cover letter)" },
	{ .name = NULL, .families = NULL, .sizes = NULL, .align = NULL,
	  .about = NULL }
};

const struct run_preset *
preset_find(const char *name)
{
	const struct run_preset *p;

	for (p = run_presets; p->name != NULL; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}
