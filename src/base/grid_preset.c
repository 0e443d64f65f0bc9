/*
 * grid_preset.c - the named grids (grid.h): the size, alignment and
 * distance presets, and looking them up by name.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "grid.h"

const struct grid_preset grid_presets[] = {
	{ .name = "quick",
	  .spec = "16,64,256,1024,4096,16384",
	  .about = "six sizes from 16 B to 16 KiB, for a fast look" },
	{ .name = "default",
	  .spec = "1-64K:x2,3,7,20,40,1500",
	  .about = "powers of two to 64 KiB, odd sizes, IP/TCP headers, MTU" },
	{ .name = "bpf",
	  .spec = "4,8,16,20,32,40,64,128,256,512",
	  .about = "the sizes of the bpf_csum_diff() cover letter" },
	{ .name = "sparc",
	  .spec = "3,7,32,128-64K:x2",
	  .about = "the sizes of the SPARC M7 memcpy/memset cover letter" },
	{ .name = "small",
	  .spec = "0-64:+1",
	  .about = "every size from 0 to 64, where head/tail code lives" },
	{ .name = "pow2",
	  .spec = "1-1M:x2",
	  .about = "powers of two from 1 B to 1 MiB" },
	{ .name = "packet",
	  .spec = "20,40,64,128,256,576,1500,4096,9000",
	  .about = "header sizes, minimum IPv4 MTU, Ethernet and jumbo MTUs" },
	{ .name = "large",
	  .spec = "64K-64M:x2",
	  .about = "powers of two from 64 KiB to 64 MiB, beyond the caches" },
	{ .name = NULL, .spec = NULL, .about = NULL }
};

/*
 * "unaligned": misaligned source with aligned destination (1-7/0, what a
 * csum or load-bound kernel sees), aligned source with misaligned
 * destination (0/1-7, what memset and store-bound code sees), both
 * misaligned by the same amount (3/3: a kernel can align both heads at
 * once) and three mutually misaligned pairs (1/2, 3/5, 7/1) that force a
 * shift copy. 18 pairs; "byte" is the exhaustive 64.
 */
const struct grid_preset grid_align_presets[] = {
	{ .name = "aligned",
	  .spec = "0",
	  .about = "source and destination at offset 0" },
	{ .name = "unaligned",
	  .spec = "1-7/0;0/1-7;3/3;1/2;3/5;7/1",
	  .about = "each side misaligned alone, together, and relative to "
	      "each other" },
	{ .name = "byte",
	  .spec = "0-7/0-7",
	  .about = "every source and destination offset within 8 bytes" },
	{ .name = "cacheline",
	  .spec = "0-63/0",
	  .about = "every source offset in a 64-byte line, destination 0" },
	{ .name = "all64",
	  .spec = "0-63/0-63",
	  .about = "every source and destination offset in a 64-byte line" },
	{ .name = NULL, .spec = NULL, .about = NULL }
};

/*
 * Placements (--distance): where the destination's base sits past the
 * source's, modulo the page. "aliased" puts it where 4K aliasing bites
 * (the same position in the page, 16 bytes on as perf bench's two
 * malloc'ed buffers usually are, one cache line on); "apart" half a page
 * away, csumbench's default.
 */
const struct grid_preset grid_distance_presets[] = {
	{ .name = "aliased",
	  .spec = "0,16,64",
	  .about = "the destination 0, 16 or 64 bytes past the source, mod the "
	      "page (4K aliasing)" },
	{ .name = "apart",
	  .spec = "2048",
	  .about = "half a page apart (the default)" },
	{ .name = NULL, .spec = NULL, .about = NULL }
};

const struct grid_preset *
grid_preset_find(const struct grid_preset *table, const char *s, size_t len)
{
	const struct grid_preset *p;

	for (p = table; p->name != NULL; p++) {
		if (strlen(p->name) == len && memcmp(p->name, s, len) == 0)
			return p;
	}
	return NULL;
}

/* Comma-separated names of a preset table, for "unknown preset" messages. */
void
grid_preset_names(const struct grid_preset *table, char *buf, size_t len)
{
	const struct grid_preset *p;
	size_t	 used = 0;
	int	 n;

	buf[0] = '\0';
	for (p = table; p->name != NULL && used < len; p++) {
		n = snprintf(buf + used, len - used, "%s%s",
		    p == table ? "" : ", ", p->name);
		if (n < 0)
			break;
		used += n;
	}
}
