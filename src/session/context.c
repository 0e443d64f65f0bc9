/*
 * context.c - what the subcommands share: the CPU identification, the
 * timer, the command line, and the build's provenance.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "ceilings.h"
#include "context.h"
#include "ktune_env.h"
#include "progress.h"
#include "provenance.h"
#include "select.h"
#include "tunefile.h"
#include "util.h"
#include "verify.h"
#include "kfault.h"
#include "../../kernels/kernel.h"

struct context ctx;

#ifdef __VERSION__
const char csb_compiler[] =
#if defined(__clang__)
    "clang " __VERSION__;
#else
    "gcc " __VERSION__;
#endif
#else
const char csb_compiler[] = "unknown";
#endif
#ifdef CSB_BUILD_CFLAGS
const char csb_cflags[] = CSB_BUILD_CFLAGS;
#else
const char csb_cflags[] = "";
#endif

void
ctx_cpu(void)
{
	char err[512];

	if (ctx.have_cpu)
		return;
	cpu_probe(&ctx.cpu);
	/* Copy kernels need their fault handler before they may run. */
	if (kfault_init() == 0)
		ctx.cpu.have |= CPU_FAULTS;
	/* Also rewrites the features line, naming what is masked. */
	if (cpu_mask_env(&ctx.cpu, err, sizeof(err)) != 0)
		usage_error("%s", err);
	select_init(ctx.cpu.have, ctx.cpu.l1d, ctx.cpu.l2, ctx.cpu.l3);
	if (ktune_env_read(&ctx.tuning, err, sizeof(err)) != 0 ||
	    tuning_apply(&ctx.tuning, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (ctx.tuning.env[0] != '\0')
		warnx_("CSUMBENCH_KTUNE in force: %s", ctx.tuning.env);
	ctx.have_cpu = 1;
}

/* tf's thresholds, where CSUMBENCH_KTUNE does not force them. */
static void
ctx_tune_take(const struct tunefile *tf, const char *path)
{
	struct tuning *t = &ctx.tuning;
	size_t i;

	snprintf(t->file, sizeof(t->file), "%s", path);
	snprintf(t->measured, sizeof(t->measured), "%s", tf->measured);
	for (i = 0; i < tuning_count(); i++)
		if (tf->set[i] && t->from[i] != TUNING_ENV) {
			t->value[i] = tf->value[i];
			t->from[i] = TUNING_FILE;
		}
	if (tf->ceil.known)
		ctx.ceil = tf->ceil;
}

void
ctx_tune(const char *file)
{
	struct tunefile tf;
	char err[1200], key[128];
	char *path = file != NULL ? xstrdup(file) : tunefile_default_path();
	int rc;

	if (ctx.have_tuning)
		return;
	ctx.have_tuning = 1;
	if (path == NULL) {
		snprintf(ctx.tuning.note, sizeof(ctx.tuning.note), "no tuning "
		    "file: neither XDG_CACHE_HOME nor HOME is set");
		return;
	}
	if ((rc = tunefile_read(path, &tf, err, sizeof(err))) < 0)
		usage_error("tuning file %s", err);
	tunefile_key(&ctx.cpu, key, sizeof(key));
	if (rc == 1 && file != NULL)
		usage_error("--tune-file: %s: no such file", path);
	if (rc == 1)
		snprintf(ctx.tuning.note, sizeof(ctx.tuning.note), "no tuning "
		    "file (%s; csumbench tune makes one)", path);
	else if (strcmp(tf.cpu, key) != 0) {
		snprintf(ctx.tuning.note, sizeof(ctx.tuning.note), "tuning file "
		    "%s ignored: measured on CPU %s, this is %s", path, tf.cpu,
		    key);
		warnx_("%s", ctx.tuning.note);
	} else {
		ctx_tune_take(&tf, path);
		if (tuning_apply(&ctx.tuning, err, sizeof(err)) != 0)
			usage_error("%s", err);
	}
	free(path);
}

/* The ceilings, in the timer's unit, or why there are none. */
static void
ctx_ceilings_provenance(struct provenance *pv)
{
	struct ceilings c;

	if (!ctx.ceil.known) {
		provenance_set(pv, "ceilings_source", "none (csumbench tune "
		    "measures them into the tuning file)");
		return;
	}
	if (!ctx.have_timer || ceilings_convert(&ctx.ceil, ctx.timer.unit,
	    ctx.timer.hz, &c) != 0) {
		provenance_set(pv, "ceilings_source", "none: the tuning "
		    "file's are in %s, which this timer cannot convert",
		    ctx.ceil.unit);
		return;
	}
	provenance_set(pv, "ceilings_source", "tuning file %s (measured %s, "
	    "in %s at %.0f Hz)", ctx.tuning.file, ctx.tuning.measured,
	    ctx.ceil.unit, ctx.ceil.hz);
	provenance_set(pv, "ceilings_method", "best sample of a load-only, "
	    "store-only and copy loop per level; see csumbench(1), MEASURED CEILINGS");
	ceilings_provenance(&c, pv);
}

void
ctx_tune_provenance(struct provenance *pv)
{
	char buf[1400];

	tuning_source(&ctx.tuning, buf, sizeof(buf));
	provenance_set(pv, "tuning", "%s", buf);
	if (ctx.tuning.note[0] != '\0')
		provenance_set(pv, "tuning_note", "%s", ctx.tuning.note);
	tuning_values(&ctx.tuning, 0, buf, sizeof(buf));
	provenance_set(pv, "tuning_values", "%s", buf);
	ctx_ceilings_provenance(pv);
}

void
ctx_load(const char *const *args, size_t n)
{
	char err[512];
	size_t i;

	ctx_cpu();
	for (i = 0; i < n; i++)
		if (select_load(args[i], err, sizeof(err)) == NULL)
			usage_error("--load: %s", err);
}

/* Is line a kernel's "NAME  ok  N cases" line of verify's report? */
static int
ok_line(const char *line)
{
	const char *p = line + strcspn(line, " ");

	return line[0] != ' ' && strncmp(p + strspn(p, " "), "ok ", 3) == 0;
}

/* The progress of verifying the loaded kernels: two verify_runs as one. */
struct ctx_vprogress {
	struct progress_line pl;
	struct timespec	 start;
	size_t		 base, total;
};

static void
ctx_vprogress(size_t done, size_t n, void *arg)
{
	struct ctx_vprogress *p = arg;
	struct timespec now;

	(void)n;
	clock_gettime(CLOCK_MONOTONIC, &now);
	progress_count(&p->pl, "verifying the loaded kernels", p->base + done,
	    p->total, (double)(now.tv_sec - p->start.tv_sec) +
	    (double)(now.tv_nsec - p->start.tv_nsec) / 1e9);
}

void
ctx_verify_loaded(const struct kernel *const *ks, size_t n)
{
	struct ctx_vprogress vp;
	struct verify_opts vo = { .max_report = 5 }, lo;
	const struct kernel **v = xcalloc(n + 1, sizeof(*v));
	size_t i, nv = 0, nc = 0, len = 0;
	char err[512], *buf = NULL, *line, *save = NULL;
	FILE *fp;
	int failed, f2 = 0;

	/*
	 * Copy 1 of each object in full first; copies 2 and up (run
	 * --replicas: the same bytes, relocated as copy 1 was) lightly,
	 * at the end of v.
	 */
	for (i = 0; i < n; i++)
		if (select_loaded(ks[i]) && select_copy(ks[i]) == 1)
			v[nv++] = ks[i];
	for (i = 0; i < n; i++)
		if (select_loaded(ks[i]) && select_copy(ks[i]) > 1)
			v[nv + nc++] = ks[i];
	vo.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	/*
	 * Thousands of kernels take an hour: a count on a terminal, a line
	 * every 10 s in a log, and under -q a line a minute.
	 */
	progress_count_init(&vp.pl, stderr, stderr_is_tty(), verbose_level < 1);
	clock_gettime(CLOCK_MONOTONIC, &vp.start);
	vp.base = 0;
	vp.total = nv + nc;
	vo.progress = ctx_vprogress;
	vo.progress_arg = &vp;
	lo = vo;
	lo.exhaustive = -1;
	if (nv + nc == 0 || (fp = open_memstream(&buf, &len)) == NULL) {
		free(v);
		if (nv + nc > 0)
			usage_error("cannot verify the loaded kernels: out of "
			    "memory");
		return;
	}
	failed = verify_run(v, nv, &vo, fp, err, sizeof(err));
	vp.base = nv;
	if (failed >= 0 && nc > 0)
		f2 = verify_run(v + nv, nc, &lo, fp, err, sizeof(err));
	/* Done, or stopped: the line ends before anything else is said. */
	vp.base = 0;
	ctx_vprogress(vp.total, vp.total, &vp);
	failed = failed < 0 || f2 < 0 ? -1 : failed + f2;
	nv += nc;
	fclose(fp);
	free(v);
	if (failed < 0)
		usage_error("verifying the loaded kernels: %s", err);
	if (failed > 0) {
		fprintf(stderr, "%s: %d of %zu loaded kernel%s failed "
		    "verification, nothing was measured:\n", progname, failed,
		    nv, nv == 1 ? "" : "s");
		for (line = strtok_r(buf, "\n", &save); line != NULL;
		    line = strtok_r(NULL, "\n", &save))
			if (!ok_line(line))
				fprintf(stderr, "  %s\n", line);
		exit(EXIT_CHECK);
	}
	talk("csumbench: %zu loaded kernel%s verified\n", nv,
	    nv == 1 ? "" : "s");
	free(buf);
}

void
ctx_timer(const char *name)
{
	char err[160];

	if (ctx.have_timer)
		return;
	if (timer_setup(name, &ctx.timer, err, sizeof(err)) != 0)
		usage_error("%s", err);
	ctx.have_timer = 1;
}

void
ctx_ceilings_opts(struct ceilings_opts *co)
{
	memset(co, 0, sizeof(*co));
	co->ti = &ctx.timer;
	co->have = ctx.cpu.have;
	co->l1d = ctx.cpu.l1d;
	co->l2 = ctx.cpu.l2;
	co->l3 = ctx.cpu.l3;
}

void
ctx_pin(const char *cpu_arg, int def_cpu)
{
	char err[160];
	int cpu = -1;

	if (cpu_arg == NULL || strcmp(cpu_arg, "any") != 0) {
		cpu = cpu_arg != NULL ? atoi(cpu_arg) : def_cpu;
		if (cpu >= 0 && cpu_pin(cpu, err, sizeof(err)) != 0) {
			if (cpu_arg != NULL)
				usage_error("%s", err);
			cpu = -1;	/* the default CPU went away: run free */
		}
	}
	ctx.cpu.pinned_cpu = cpu;
	cpu_state(&ctx.cpu, cpu);
}

/*
 * What goes with every result from this process: the build, the command
 * line, the date, and the CPU and timer as identified here.
 */
void
provenance_collect(struct provenance *p)
{
	struct utsname un;
	time_t now = time(NULL);
	char buf[64];

	memset(p, 0, sizeof(*p));
	provenance_set(p, "csumbench_version", "%s", PACKAGE_VERSION);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	provenance_set(p, "date", "%s", buf);
	if (ctx.cmdline != NULL)
		provenance_set(p, "command", "%s", ctx.cmdline);
	if (uname(&un) == 0) {
		provenance_set(p, "host", "%s", un.nodename);
		provenance_set(p, "os", "%s %s", un.sysname, un.release);
	}
	if (ctx.have_cpu) {
		provenance_set(p, "arch", "%s", ctx.cpu.arch);
		provenance_set(p, "cpu_vendor", "%s", ctx.cpu.vendor);
		provenance_set(p, "cpu_brand", "%s", ctx.cpu.brand);
		provenance_set(p, "cpu_family", "%d", ctx.cpu.family);
		provenance_set(p, "cpu_model", "%d", ctx.cpu.model);
		provenance_set(p, "cpu_stepping", "%d", ctx.cpu.stepping);
		provenance_set(p, "cpus_online", "%d", ctx.cpu.online_cpus);
		provenance_set(p, "l1d_bytes", "%zu", ctx.cpu.l1d);
		provenance_set(p, "l2_bytes", "%zu", ctx.cpu.l2);
		provenance_set(p, "l3_bytes", "%zu", ctx.cpu.l3);
		provenance_set(p, "features", "%s", ctx.cpu.features);
		if (ctx.cpu.isa[0] != '\0')
			provenance_set(p, "isa", "%s", ctx.cpu.isa);
		if (ctx.cpu.misaligned[0] != '\0')
			provenance_set(p, "misaligned_access", "%s",
			    ctx.cpu.misaligned);
		provenance_set(p, "identified_by", "%s", ctx.cpu.ident_source);
		provenance_set(p, "hypervisor", "%s", ctx.cpu.hypervisor);
		provenance_set(p, "governor", "%s", ctx.cpu.governor[0] ?
		    ctx.cpu.governor : "unknown");
		provenance_set(p, "turbo", "%s", ctx.cpu.turbo < 0 ? "unknown" :
		    ctx.cpu.turbo ? "on" : "off");
		if (ctx.cpu.loadavg1 >= 0)
			provenance_set(p, "load_avg_1min", "%.2f",
			    ctx.cpu.loadavg1);
		if (ctx.cpu.pinned_cpu >= 0)
			provenance_set(p, "cpu_pinned", "%d", ctx.cpu.pinned_cpu);
		else
			provenance_set(p, "cpu_pinned", "none");
	}
	if (ctx.have_timer) {
		provenance_set(p, "timer", "%s", ctx.timer.name);
		provenance_set(p, "unit", "%s", ctx.timer.unit);
		provenance_set(p, "timer_hz", "%.0f", ctx.timer.hz);
		provenance_set(p, "timer_overhead", "%.2f", ctx.timer.overhead);
		provenance_set(p, "timer_resolution", "%.0f",
		    ctx.timer.resolution);
		if (ctx.timer.requested != NULL)
			provenance_set(p, "timer_requested", "%s",
			    ctx.timer.requested);
		provenance_set(p, "timer_fallback", "%s", ctx.timer.fallback);
		/* An estimate, labelled as one: not a counter reading. */
		if (ctx.timer.est_core_hz > 0) {
			provenance_set(p, "est_core_hz", "%.0f",
			    ctx.timer.est_core_hz);
			provenance_set(p, "est_core_hz_method", "%s",
			    "dependent-add loop, 1 add per cycle, median of 21 "
			    "runs; est_cycles = median * est_core_hz / timer_hz");
		}
	}
	provenance_set(p, "compiler", "%s", csb_compiler);
	provenance_set(p, "cflags", "%s", csb_cflags);
}
