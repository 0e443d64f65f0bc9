/*
 * preset.c - named sweeps for `csumbench run --preset`.
 *
 * A preset only supplies defaults: -f, -s and -a given on the command line
 * win over it.
 */
#include "config.h"

#include <stdio.h>
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
	/*
	 * The bpf_csum_diff() cover letter's helper as bpf programs call
	 * it: the sizes of from and to differ when a rewrite changes a
	 * header's length. F/T is from F bytes to T bytes.
	 */
	{ .name = "bpf-rewrite",
	  .families = "csum_diff",
	  .sizes = "4/4,16/16,4/8,8/4,16/20,20/16,4/16,16/4,20/40,40/20,"
	      "0/4,0/20,20/0",
	  .align = "0",
	  .about = "csum_diff from/to shapes of bpf header rewrites: an "
	      "address (4/4, 16/16), a word more or less (4/8, 8/4, 16/20, "
	      "20/16), IPv4 to IPv6 and back (4/16, 16/4, 20/40, 40/20), a "
	      "push or a pull (0/4, 0/20, 20/0)" },
	/*
	 * The benchmark of that cover letter calls the helper with no from
	 * buffer at all, bpf_csum_diff(0, 0, buf, len, 0), at its table's
	 * sizes: a push of len bytes.
	 */
	{ .name = "bpf-push",
	  .families = "csum_diff",
	  .sizes = "0/4,0/8,0/16,0/20,0/32,0/40,0/64,0/128,0/256,0/512",
	  .align = "0",
	  .about = "csum_diff from nothing to 4..512 bytes: the call of the "
	      "bpf_csum_diff() cover letter's benchmark, at its sizes" },
	{ .name = NULL, .families = NULL, .sizes = NULL, .align = NULL,
	  .about = NULL }
};

const struct run_preset *
preset_find(const char *name, char *err, size_t errlen)
{
	const struct run_preset *p;
	char known[256] = "";
	size_t n;

	for (p = run_presets; p->name != NULL; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	for (p = run_presets; p->name != NULL; p++) {
		n = strlen(known);
		snprintf(known + n, sizeof(known) - n, "%s%s", n ? ", " : "",
		    p->name);
	}
	snprintf(err, errlen, "--preset: unknown preset \"%s\" (known: %s)",
	    name, known);
	return NULL;
}
