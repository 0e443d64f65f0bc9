/*
 * dist.h - size distributions: a grid item that is not one size but a mix
 * of sizes with weights (a named preset such as imix, a file of sizes and
 * weights, or the packet lengths of a capture).
 *
 * A distribution is measured in distribution mode: each timed call takes
 * the next size of a sequence drawn once, before anything is timed, from a
 * fixed seed, and the same sequence serves every kernel of the run. The
 * sequence is a chain of blocks of `block` calls, each block a random
 * order of the sizes in proportion to their weights: exactly, when the
 * weights are whole numbers that sum to DIST_EXACT_MAX or less (the block
 * is then a multiple of their sum); else the whole sequence is apportioned
 * by largest remainders and shuffled. A sample's batch is whole blocks;
 * in each repetition every kernel of a group starts at the same block, and
 * the next repetition at the blocks after them, so no order comes back
 * before DIST_SEQ_LEN calls: a predictor that can learn a sequence of a
 * few thousand branches (Zen 5's learns much of one of 8192 calls seen
 * again and again) cannot learn this one.
 *
 * Item syntax (dist_item recognises them; see csumbench(1), GRID SPECS):
 *   NAME             a preset of dist_presets[]
 *   mix:SIZExWEIGHT+...  sizes and weights inline ("xWEIGHT" may be left
 *                    out: weight 1), e.g. mix:64x7+594x4+1518x1
 *   @FILE            one "SIZE [WEIGHT]" per line
 *   pcap:FILE        the packet lengths of a pcap or pcapng capture
 *   pcap+l4:FILE     their transport segment lengths (IP payload)
 *   pcap+seq:FILE    the capture's own order instead of a shuffled mix
 *   pcap+l4+seq:FILE both
 */
#ifndef CSUMBENCH_DIST_H
#define CSUMBENCH_DIST_H

#include <stddef.h>
#include <stdint.h>

/* A block: at least this many calls. */
#define DIST_BLOCK_MIN	1024
/* Whole weights summing to this much or less make exact blocks. */
#define DIST_EXACT_MAX	8192
/* The sequence: about this many calls (1 MiB of sizes). */
#define DIST_SEQ_LEN	262144
/* Largest size a distribution may hold (a sequence stores 32-bit sizes). */
#define DIST_MAX_SIZE	((size_t)1 << 30)

struct dist_bin {
	size_t	 size;
	double	 weight;	/* > 0 */
};

struct dist {
	char		*name;	/* the item as written: "imix", "@f.txt" */
	struct dist_bin	*bin;	/* ascending sizes, each once */
	size_t		 nbin;
	double		 mean;	/* weighted mean size */
	size_t		 max;	/* largest size */
	/* The source's own order (pcap+seq), or NULL: a shuffled mix. */
	uint32_t	*order;
	size_t		 norder;
	/* The calls' sizes (dist_draw): what is timed; nseq a multiple of
	 * block. */
	uint32_t	*seq;
	size_t		 nseq;
	size_t		 block;
	double		 seq_mean;	/* mean of seq: bytes per call timed */
	size_t		 skipped;	/* capture packets left out (pcap+l4) */
	size_t		 packets;	/* capture packets read (pcap) */
};

struct dist_preset {
	const char *name;
	const char *spec;	/* "mix:..." */
	const char *about;
};
/* NULL-terminated by name. */
extern const struct dist_preset dist_presets[];

/*
 * Is [s, s + len) a capture item: "pcap", "+l4" and "+seq" in any order,
 * ':'? Sets the flags and *skip, where the file name starts.
 */
int	dist_pcap_prefix(const char *s, size_t len, int *l4, int *seq,
	    size_t *skip);
/* Does the item [s, s + len) name a distribution? */
int	dist_item(const char *s, size_t len);
/*
 * Parse a distribution item (reading its file, if any). Returns 0, or -1
 * with a one-line reason (without the item: the caller names it) in err.
 */
int	dist_parse(const char *s, size_t len, struct dist *d, char *err,
	    size_t errlen);
/*
 * A distribution of the lengths len[0..n-1] (a capture's packets), as a
 * mix or, when ordered, in their order. Returns 0, or -1 with err.
 */
int	dist_from_lengths(struct dist *d, const char *name,
	    const uint32_t *len, size_t n, int ordered, char *err,
	    size_t errlen);
/* A distribution of the given bins (a copy). Returns 0, or -1 with err. */
int	dist_from_bins(struct dist *d, const char *name,
	    const struct dist_bin *bin, size_t n, char *err, size_t errlen);
/* Draw the sequence of calls (once; a second call does nothing). */
void	dist_draw(struct dist *d, uint64_t seed);
void	dist_free(struct dist *d);

#endif
