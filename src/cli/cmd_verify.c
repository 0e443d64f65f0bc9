/*
 * cmd_verify.c - csumbench verify: every kernel against its reference.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "optval.h"
#include "select.h"
#include "tuning.h"
#include "util.h"
#include "verify.h"

enum {
	V_FAMILY, V_KERNEL, V_LOAD, V_EXHAUSTIVE, V_JOBS, V_SEED, V_TUNE_FILE,
	V_QUIET
};

static const struct opt_row verify_rows[] = {
	[V_FAMILY] = { .like = &opt_family },
	[V_KERNEL] = { .like = &opt_kernel },
	[V_LOAD] = { .like = &opt_load },
	[V_EXHAUSTIVE] = { .name = "exhaustive",
	    .help = "every src x dst offset pair, lengths to 4096 and a sampled "
	    "set up to 4 MiB" },
	[V_JOBS] = { .name = "jobs", .letter = 'j', .arg = "N",
	    .help = "kernels checked at once (default: CPUs online)" },
	[V_SEED] = { .like = &opt_seed,
	    .help = "seed of the random data (default: fixed)" },
	[V_TUNE_FILE] = { .like = &opt_tune_file },
	[V_QUIET] = { .like = &opt_quiet,
	    .help = "print only failing kernels and, if any failed, the count; "
	    "no progress or notes on stderr" },
};

static int
verify_exec(struct options *o)
{
	struct selection sel;
	struct verify_opts vo = { 0 };
	const char *const *loads;
	unsigned long long jobs = 0, seed = 0;
	size_t n, i, nloads;
	int failed;
	char err[256], why[64], src[1400];

	vo.max_report = 5;
	vo.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	vo.exhaustive = options_given(o, V_EXHAUSTIVE);
	if ((vo.quiet = options_given(o, V_QUIET)) != 0)
		verbose_level = 0;
	if ((options_given(o, V_JOBS) && optval_uint(OPTVAL_OF(o, V_JOBS), 1,
	    256, &jobs, err, sizeof(err)) != 0) ||
	    optval_row_uint(o, V_SEED, &seed, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (jobs > 0)
		vo.jobs = (int)jobs;
	vo.seed = seed;
	ctx_cpu();
	ctx_tune(o->val[V_TUNE_FILE]);
	/* The built-in defaults go without saying. */
	tuning_source(&ctx.tuning, src, sizeof(src));
	if (ctx.tuning.file[0] != '\0')
		talk("csumbench: tuning in force: %s\n", src);
	loads = options_all(o, V_LOAD, &nloads);
	ctx_load(loads, nloads);
	if (select_kernels(o->val[V_FAMILY], o->val[V_KERNEL], 1, &sel, err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	for (i = 0; i < sel.nskipped; i++)
		warnx_("skipping %s: %s", sel.skipped[i]->name,
		    select_unavailable(sel.skipped[i], why, sizeof(why)));
	n = sel.n;
	/* A whole verify takes a minute or more: say so first. */
	if (n > 8)
		talk("csumbench: verifying %zu kernels, %d at a time, each for a "
		    "few seconds (a line as each ends; -k PATTERN for fewer)\n",
		    n, vo.jobs);
	if ((failed = verify_run(sel.k, n, &vo, stdout, err, sizeof(err))) < 0)
		fatal(EXIT_USAGE, "%s", err);
	/* The seed is part of what was checked: a failure replays with it. */
	if (vo.quiet && failed == 0) {
		select_free(&sel);
		return 0;
	}
	printf("%zu kernel%s verified, %d failed", n, n == 1 ? "" : "s",
	    failed);
	if (seed != 0)
		printf(" (data seed %llu)", seed);
	putchar('\n');
	select_free(&sel);
	return failed ? EXIT_CHECK : 0;
}

CMD_ENTRY(verify, "every kernel against its reference",
    .synopsis = "csumbench verify [-f FAMILY] [-k PATTERN] [--load FILE[=NAME]]\n"
	"                        [--exhaustive] [-q]",
    .about = "Check every available kernel against its family's reference "
	"on every length 0..1024 and a sampled set up to 1 MiB, src and dst "
	"offsets 0..63, random, all-0xff and all-0x00 data, with PROT_NONE "
	"guard pages and canaries around the destination. Exit 1 if any "
	"kernel fails.");
