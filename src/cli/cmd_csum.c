/*
 * cmd_csum.c - csumbench csum: the RFC 1071 Internet checksum of files.
 *
 * Files are streamed through a buffer whose size is even, so that every
 * chunk but the last starts on a 16-bit word boundary of the file and the
 * running sum can be carried from one chunk to the next unfolded.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "select.h"
#include "util.h"
#include "watch.h"

#define CHUNK	((size_t)1 << 20)

enum { C_KERNEL, C_LOAD };

static const struct opt_row csum_rows[] = {
	[C_KERNEL] = { .like = &opt_kernel, .arg = "NAME",
	    .help = "the csum kernel to use (default: the best available)" },
	[C_LOAD] = { .like = &opt_load,
	    .help = "load the kernels of a kernel object as NAME:family.variant "
	    "(for -k); repeatable. A loaded kernel is verified before it sums "
	    "anything" },
};

/* The best available csum kernel: csum.auto, else the baseline. */
static const struct kernel *
best_csum(void)
{
	const struct kernel *k;
	char why[64];

	k = select_by_name("csum.auto");
	if (k != NULL && select_unavailable(k, why, sizeof(why)) == NULL)
		return k;
	return select_by_name("csum.generic64");
}

static int
is_little_endian(void)
{
	uint16_t one = 1;
	unsigned char b;

	memcpy(&b, &one, 1);
	return b == 1;
}

/* Sum one open file; returns 0, or errno. */
static int
sum_fd(int fd, const struct kernel *k, unsigned char *buf, uint16_t *out)
{
	uint32_t sum = 0;
	size_t have = 0;
	ssize_t r;
	uint16_t folded;

	for (;;) {
		r = read(fd, buf + have, CHUNK - have);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		have += (size_t)r;
		if (have == CHUNK || r == 0) {
			/* Only the final chunk may be odd; CHUNK is even. */
			watch_kernel(k->name, have);
			watch_enter(1, have);
			sum = k->fn.csum(buf, have, sum);
			watch_leave();
			/* Keep the carry bounded for the next call. */
			sum = kfold(sum);
			have = 0;
		}
		if (r == 0)
			break;
	}
	folded = (uint16_t)~kfold(sum);
	/* The kernel summed native-endian words; RFC 1071 means big-endian. */
	if (is_little_endian())
		folded = (uint16_t)((folded >> 8) | (folded << 8));
	*out = folded;
	return 0;
}

/* -k's kernel, or the best available; exit 2 if it cannot sum. */
static const struct kernel *
csum_kernel(const char *kname)
{
	const struct kernel *k;
	char why[64];

	if (kname == NULL)
		return best_csum();
	k = select_by_name(kname);
	if (k == NULL)
		usage_error("unknown kernel \"%s\" (see 'csumbench list')",
		    kname);
	if (k->family != K_CSUM)
		usage_error("kernel %s is not a csum kernel", kname);
	if (select_unavailable(k, why, sizeof(why)) != NULL)
		usage_error("kernel %s is not available here: %s", kname, why);
	return k;
}

static int
csum_exec(struct options *o)
{
	const struct kernel *k;
	const char *const *loads;
	unsigned char *buf;
	char err[256];
	size_t nloads;
	int i, status = 0;

	loads = options_all(o, C_LOAD, &nloads);
	ctx_load(loads, nloads);
	k = csum_kernel(o->val[C_KERNEL]);
	ctx_verify_loaded(&k, 1);
	if (watch_init(err, sizeof(err)) != 0)
		fatal(EXIT_CHECK, "%s", err);
	buf = xmalloc(CHUNK);
	if (o->argc == 0) {
		uint16_t c;
		int e = sum_fd(STDIN_FILENO, k, buf, &c);

		if (e != 0)
			usage_error("cannot read standard input: %s", strerror(e));
		printf("0x%04x  -\n", c);
	}
	for (i = 0; i < o->argc; i++) {
		int fd, e;
		uint16_t c;

		if (strcmp(o->argv[i], "-") == 0)
			fd = STDIN_FILENO;
		else if ((fd = open(o->argv[i], O_RDONLY)) < 0) {
			fprintf(stderr, "%s: cannot open %s: %s\n", progname,
			    o->argv[i], strerror(errno));
			status = EXIT_USAGE;
			continue;
		}
		e = sum_fd(fd, k, buf, &c);
		if (fd != STDIN_FILENO)
			close(fd);
		if (e != 0) {
			fprintf(stderr, "%s: cannot read %s: %s\n", progname,
			    o->argv[i], strerror(e));
			status = EXIT_USAGE;
			continue;
		}
		printf("0x%04x  %s\n", c, o->argv[i]);
	}
	free(buf);
	if (fflush(stdout) != 0)
		usage_error("cannot write to standard output: %s", strerror(errno));
	return status;
}

CMD_ENTRY(csum, "RFC 1071 checksum of files or stdin",
    .synopsis = "csumbench csum [-k KERNEL] [--load FILE[=NAME]] [FILE...]",
    .about = "Print the RFC 1071 Internet checksum of each FILE (standard "
	"input when none, or for \"-\") as \"0xNNNN  FILE\": the ones' "
	"complement of the ones'-complement sum of the data as big-endian "
	"16-bit words, an odd last byte padded with zero.",
    .max_args = -1);
