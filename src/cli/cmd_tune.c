/*
 * cmd_tune.c - csumbench tune: measure this machine's crossovers of the
 * auto kernels and write them to a tuning file (tuner.c measures,
 * tunefile.c writes).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ceilings.h"
#include "cmd.h"
#include "optval.h"
#include "outfile.h"
#include "progress.h"
#include "session.h"
#include "select.h"
#include "tunefile.h"
#include "tuner.h"
#include "tuning.h"
#include "util.h"

enum { T_TUNE_FILE, T_TIME, T_SEED, T_TIMER, T_CPU, T_QUIET };

static const struct opt_row tune_rows[] = {
	[T_TUNE_FILE] = { .like = &opt_tune_file,
	    .help = "write the tuning to FILE (default: "
	    "$XDG_CACHE_HOME/csumbench/tune, or ~/.cache/csumbench/tune), "
	    "replacing it" },
	[T_TIME] = { .name = "time", .arg = "T",
	    .help = "seconds of measuring, in all (ms and us suffixes "
	    "allowed); the largest sizes are left out when it is short",
	    .def = "40" },
	[T_SEED] = { .like = &opt_seed,
	    .help = "seed of the data and the interleaving order" },
	[T_TIMER] = { .like = &opt_timer },
	[T_CPU] = { .like = &opt_cpu },
	[T_QUIET] = { .like = &opt_quiet },
};

/* mkdir -p of path's directory (the default path's may not exist). */
static void
tune_mkdirs(const char *path)
{
	char *d = xstrdup(path), *p;

	for (p = d + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(d, 0777) != 0 && errno != EEXIST)
			usage_error("cannot make %s: %s", d, strerror(errno));
		*p = '/';
	}
	free(d);
}

/* Every auto kernel on its vector loop: what the tuner measures against. */
static void
tune_force_loops(size_t *builtin)
{
	static const char *const loops[] = {
		"memcpy_rep", "memcpy_nt", "memset_rep", "memset_nt", NULL,
	};
	struct tuning t;
	char err[256];
	size_t i;

	memset(&t, 0, sizeof(t));
	if (tuning_apply(&t, err, sizeof(err)) != 0)
		usage_error("%s", err);
	for (i = 0; i < tuning_count(); i++)
		builtin[i] = tuning_value(i);
	for (i = 0; loops[i] != NULL; i++) {
		t.from[tuning_find(loops[i])] = TUNING_ENV;
		t.value[tuning_find(loops[i])] = SIZE_MAX;
	}
	if (tuning_apply(&t, err, sizeof(err)) != 0)
		usage_error("%s", err);
}

/* The file's identity lines: the CPU key, brand and date. */
static void
tune_identity(struct tunefile *tf)
{
	time_t now = time(NULL);
	char *e;

	tunefile_key(&ctx.cpu, tf->cpu, sizeof(tf->cpu));
	snprintf(tf->brand, sizeof(tf->brand), "%s", ctx.cpu.brand);
	for (e = tf->brand + strlen(tf->brand); e > tf->brand && e[-1] == ' ';)
		*--e = '\0';
	strftime(tf->measured, sizeof(tf->measured), "%Y-%m-%dT%H:%M:%SZ",
	    gmtime(&now));
}

/* The ceilings measured, on stdout. */
static void
tune_print_ceilings(const struct ceilings *c)
{
	char sz[32];
	int l;

	printf("\n%-12s %10s %10s %10s  bytes per unit (%s; up to %s; "
	    "%.1f s)\n", "ceiling", "load", "store", "copy", c->unit, c->isa,
	    c->seconds);
	for (l = 0; l < CEIL_NLEVELS; l++)
		if (c->ws[l] != 0)
			printf("%-3s %8s %10.2f %10.2f %10.2f\n",
			    ceilings_level_name(l), fmt_size(c->ws[l], sz,
			    sizeof(sz)), c->bpu[l][CEIL_LOAD],
			    c->bpu[l][CEIL_STORE], c->bpu[l][CEIL_COPY]);
}

/* What was chosen, beside the built-in value, and why: on stdout. */
static void
tune_print(const struct tuner_result *res, const size_t *builtin,
    const char *path, const struct tunefile *tf)
{
	char v[32], b[32];
	size_t i;

	printf("%-12s %8s %8s  %s\n", "threshold", "tuned", "built-in",
	    "measured");
	for (i = 0; i < tuning_count(); i++) {
		if (!res->tried[i])
			continue;
		/* A threshold that stays built-in shows the built-in value. */
		printf("%-12s %8s %8s  %s\n", tuning_name(i),
		    tuning_format_value(res->set[i] ? res->value[i] : builtin[i],
		    v, sizeof(v)),
		    tuning_format_value(builtin[i], b, sizeof(b)),
		    res->note[i]);
	}
	printf("\nmeasured: A / B is the median ratio of A's cost per call to "
	    "B's, from paired\nsamples: below 1x A is cheaper, above 1x A is "
	    "dearer (1.05x: 5%% dearer).\n");
	tune_print_ceilings(&tf->ceil);
	printf("\nWrote %s (%.1f s of measuring on %s).\n", path,
	    res->seconds + tf->ceil.seconds, tf->brand);
}

/* Measure, with the engine's progress line on a terminal. */
static void
tune_measure(struct options *o, struct session *s, const size_t *builtin,
    struct tuner_result *res)
{
	struct tuner_opts to;
	char err[256];

	memset(&to, 0, sizeof(to));
	if (optval_duration(OPTVAL_OF(o, T_TIME), &to.budget, err,
	    sizeof(err)) != 0)
		usage_error("%s", err);
	if (to.budget <= 0 || to.budget > 3600)
		usage_error("--time: %s is out of range (0, 3600] seconds",
		    options_value(o, T_TIME));
	to.ti = &ctx.timer;
	to.llc = ctx.cpu.l3 ? ctx.cpu.l3 : ctx.cpu.l2;
	to.have = select_have();
	to.seed = s->eo.seed;
	to.builtin = builtin;
	to.talk = verbose_level > 0;
	if (verbose_level > 0 && stderr_is_tty()) {
		progress_line_init(&s->pl, stderr, 1, NULL);
		to.progress = progress_line;
		to.progress_arg = &s->pl;
	}
	if (tuner_run(&to, res, err, sizeof(err)) != 0)
		usage_error("%s", err);
}

/* The ceilings beside the thresholds: a share of --time, at most 6 s. */
static void
tune_ceilings(double budget, struct ceilings *c)
{
	struct ceilings_opts co;
	char err[256];

	ctx_ceilings_opts(&co);
	co.budget = budget * 0.15 < 0.2 ? 0.2 : budget * 0.15 > 6 ? 6 :
	    budget * 0.15;
	if (verbose_level > 0)
		fprintf(stderr, "csumbench: tune: the ceilings, about %.1f s\n",
		    co.budget);
	if (ceilings_measure(&co, c, err, sizeof(err)) != 0)
		usage_error("%s", err);
}

static double
tune_budget(struct options *o)
{
	double b = 0;
	char err[256];

	(void)optval_duration(OPTVAL_OF(o, T_TIME), &b, err, sizeof(err));
	return b;
}

static int
tune_exec(struct options *o)
{
	struct tuner_result res;
	struct tunefile tf;
	struct session s;
	size_t builtin[TUNING_MAX], i;
	int def_cpu = cpu_first_allowed();
	char *path, err[256];

	if (session_options(&s, o, err, sizeof(err)) != 0)
		usage_error("%s", err);
	s.def_cpu = def_cpu;
	if ((path = o->val[T_TUNE_FILE] != NULL ?
	    xstrdup(o->val[T_TUNE_FILE]) : tunefile_default_path()) == NULL)
		usage_error("no place for the tuning file: set XDG_CACHE_HOME or "
		    "HOME, or use --tune-file");
	ctx_cpu();
	if (ctx.tuning.env[0] != '\0')
		warnx_("CSUMBENCH_KTUNE is not used while tuning");
	if (o->val[T_TUNE_FILE] == NULL)
		tune_mkdirs(path);
	/* Opened first, so a file that cannot be written fails early. */
	if (session_open(&s, path, 0, err, sizeof(err)) != 0)
		usage_error("%s", err);
	tune_force_loops(builtin);
	session_setup(&s);
	tune_measure(o, &s, builtin, &res);
	memset(&tf, 0, sizeof(tf));
	tune_ceilings(tune_budget(o), &tf.ceil);
	tune_identity(&tf);
	for (i = 0; i < tuning_count(); i++) {
		tf.set[i] = res.set[i];
		tf.value[i] = res.value[i];
	}
	{
		const char *notes[TUNING_MAX];

		for (i = 0; i < tuning_count(); i++)
			notes[i] = res.tried[i] ? res.note[i] : NULL;
		tunefile_write(s.of.fp, &tf, notes);
	}
	if (session_commit(&s, NULL, err, sizeof(err)) != 0)
		usage_error("%s", err);
	tune_print(&res, builtin, path, &tf);
	free(path);
	return 0;
}

CMD_ENTRY(tune, "measure this machine's crossovers into a tuning file",
    .synopsis = "csumbench tune [--tune-file FILE] [--time T] [-q]",
    .about = "Measure, on this machine, the sizes from which each auto "
	"kernel's paths win (rep movsb and rep stosb over the vector loop, "
	"non-temporal stores, the checksum's vector loops), each path timed "
	"against the one below it, interleaved and paired, on a geometric "
	"ladder of sizes; write them to a tuning file keyed by this CPU, which "
	"run, verify and info then use.");
