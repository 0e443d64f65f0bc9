/*
 * cmd_verify.c - csumbench verify: every kernel against its reference.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "select.h"
#include "util.h"
#include "verify.h"

static void
verify_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: csumbench verify [-f FAMILY] [-k PATTERN] [--exhaustive]\n"
	    "\n"
	    "Check every available kernel against its family's reference on\n"
	    "every length 0..1024 and a sampled set up to 1 MiB, src and dst\n"
	    "offsets 0..63, random, all-0xff and all-0x00 data, with PROT_NONE\n"
	    "guard pages and canaries around the destination. Exit 1 if any\n"
	    "kernel fails.\n"
	    "\n"
	    "  -f, --family LIST    only these families (comma-separated)\n"
	    "  -k, --kernel PATS    only kernels matching these globs\n"
	    "      --exhaustive     every src x dst offset pair, lengths to 4096\n"
	    "                       and a sampled set up to 4 MiB\n"
	    "  -j, --jobs N         kernels checked at once (default: CPUs online)\n"
	    "      --seed N         seed of the random data (default: fixed)\n"
	    "  -h, --help           show this help\n");
}

int
cmd_verify(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "exhaustive", no_argument, NULL, 'x' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *families = NULL, *patterns = NULL;
	const struct kernel **ks;
	struct verify_opts o = { 0 };
	size_t n;
	int ch, failed;

	o.max_report = 5;
	o.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:k:j:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			families = optarg;
			break;
		case 'k':
			patterns = optarg;
			break;
		case 'x':
			o.exhaustive = 1;
			break;
		case 'j':
			o.jobs = (int)parse_uint("--jobs", optarg, 1, 256);
			break;
		case 's':
			o.seed = parse_uint("--seed", optarg, 1, UINT64_MAX);
			break;
		case 'h':
			verify_usage(stdout);
			return 0;
		default:
			verify_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		usage_error("verify: unexpected argument \"%s\"", argv[optind]);
	ctx_cpu();
	n = select_kernels(families, patterns, &ks, 1);
	failed = verify_run(ks, n, &o, stdout);
	printf("%zu kernel%s verified, %d failed\n", n, n == 1 ? "" : "s",
	    failed);
	free(ks);
	return failed ? EXIT_CHECK : 0;
}
