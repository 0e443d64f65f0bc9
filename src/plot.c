/*
 * plot.c - figures from results with gnuplot, for plot and report.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "csv.h"
#include "plot.h"
#include "results.h"
#include "stats.h"
#include "util.h"

#ifndef CSB_ABS_SRCDIR
#define CSB_ABS_SRCDIR ""
#endif
#ifndef CSB_ABS_BUILDDIR
#define CSB_ABS_BUILDDIR ""
#endif

static char *gnuplot_bin;	/* the gnuplot to run */
static char *script_dir;	/* where throughput.gp and friends are */
static char *tmp_dir;		/* data files of figures not kept */
static char *tmp_fig;		/* a figure gnuplot is writing */

/* Leave nothing behind, also when fatal() exits. */
static void
plot_cleanup(void)
{
	if (tmp_fig != NULL)
		unlink(tmp_fig);
	if (tmp_dir != NULL) {
		char *cmd = xasprintf("%s/gnuplot.log", tmp_dir);

		unlink(cmd);
		free(cmd);
		rmdir(tmp_dir);
	}
}

static int
is_exec(const char *path)
{
	struct stat st;

	return path != NULL && *path != '\0' && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int
has_scripts(const char *dir)
{
	char *p = xasprintf("%s/throughput.gp", dir);
	int ok = access(p, R_OK) == 0;

	free(p);
	return ok;
}

static char *
find_in_path(const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *p, *found = NULL;

	if (path == NULL)
		return NULL;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir != NULL && found == NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		p = xasprintf("%s/%s", *dir ? dir : ".", name);
		if (is_exec(p))
			found = p;
		else
			free(p);
	}
	free(copy);
	return found;
}

/* Is this binary the one in the build tree (so the scripts are in the
 * source tree, not yet installed)? */
static int
running_from_build_tree(void)
{
	char exe[PATH_MAX], bdir[PATH_MAX], *slash;
	ssize_t len;

	if (CSB_ABS_BUILDDIR[0] == '\0')
		return 0;
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len <= 0)
		return 0;
	exe[len] = '\0';
	if ((slash = strrchr(exe, '/')) != NULL)
		*slash = '\0';
	if (realpath(CSB_ABS_BUILDDIR, bdir) == NULL)
		return 0;
	return strcmp(exe, bdir) == 0;
}

void
plot_setup(void)
{
	const char *env;

	if (gnuplot_bin != NULL)
		return;
	/* gnuplot: $CSUMBENCH_GNUPLOT alone when set; else the one found at
	 * configure time; else the first on PATH. */
	if ((env = getenv("CSUMBENCH_GNUPLOT")) != NULL) {
		if (is_exec(env))
			gnuplot_bin = xstrdup(env);
		else if (*env != '\0' && strchr(env, '/') == NULL)
			gnuplot_bin = find_in_path(env);
	} else if (is_exec(GNUPLOT_PATH))
		gnuplot_bin = xstrdup(GNUPLOT_PATH);
	else
		gnuplot_bin = find_in_path("gnuplot");
	if (gnuplot_bin == NULL)
		usage_error("gnuplot not found: install it (Debian/Ubuntu: "
		    "apt-get install gnuplot-nox; Fedora: dnf install "
		    "gnuplot-minimal) or set CSUMBENCH_GNUPLOT to its path");

	/* Scripts: $CSUMBENCH_DATADIR; the source tree when running from the
	 * build tree; the installed package data directory. */
	if ((env = getenv("CSUMBENCH_DATADIR")) != NULL && *env != '\0') {
		if (!has_scripts(env))
			usage_error("CSUMBENCH_DATADIR=%s: no throughput.gp "
			    "there", env);
		script_dir = xstrdup(env);
	} else if (running_from_build_tree() &&
	    has_scripts(CSB_ABS_SRCDIR "/scripts"))
		script_dir = xstrdup(CSB_ABS_SRCDIR "/scripts");
	else if (has_scripts(CSB_PKGDATADIR))
		script_dir = xstrdup(CSB_PKGDATADIR);
	else
		usage_error("cannot find the gnuplot scripts (throughput.gp) "
		    "in %s: install csumbench, or set CSUMBENCH_DATADIR to "
		    "their directory", CSB_PKGDATADIR);
	atexit(plot_cleanup);
}

int
plot_row_selected(const struct plot_opts *o, const struct rpoint *r)
{
	return match_patterns(o->families, r->family) &&
	    match_patterns(o->patterns, r->kernel);
}

void
plot_mkdir(const char *dir)
{
	char *p = xstrdup(dir), *s;
	struct stat st;

	for (s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST)
				usage_error("cannot create directory %s: %s", p,
				    strerror(errno));
			*s = c;
			if (c == '\0')
				break;
		}
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		usage_error("%s is not a directory", dir);
	free(p);
}

/* A file name from parts: letters, digits, '.', '-' and '_' only. */
static char *
safe_name(const char *s)
{
	char *p = xstrdup(s), *c;

	for (c = p; *c != '\0'; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' ||
		    *c == '_'))
			*c = '_';
	return p;
}

/* "-hot" or "-cold", and "-latency" unless the mode is throughput. */
static char *
group_suffix(const char *cache, const char *mode)
{
	char *c = safe_name(cache), *m = safe_name(mode), *s;

	if (*mode == '\0' || strcmp(mode, "throughput") == 0)
		s = xasprintf("%s%s", *c ? "-" : "", c);
	else
		s = xasprintf("%s%s-%s", *c ? "-" : "", c, m);
	free(c);
	free(m);
	return s;
}

/* Where a figure's data goes: beside it when kept, else a private
 * temporary directory. */
static char *
data_path(const struct plot_opts *o, const char *stem)
{
	if (o->keep_data)
		return xasprintf("%s/%s.csv", o->dir, stem);
	if (tmp_dir == NULL) {
		const char *t = getenv("TMPDIR");

		tmp_dir = xasprintf("%s/csumbench-plot.XXXXXX",
		    t != NULL && *t != '\0' ? t : "/tmp");
		if (mkdtemp(tmp_dir) == NULL)
			usage_error("cannot create a temporary directory %s: %s",
			    tmp_dir, strerror(errno));
	}
	return xasprintf("%s/%s.csv", tmp_dir, stem);
}

static void
data_done(const struct plot_opts *o, const char *path)
{
	if (!o->keep_data)
		unlink(path);
}

/* The last non-empty line of a file (gnuplot's error is at its end). */
static char *
last_line(const char *path)
{
	FILE *fp = fopen(path, "r");
	char buf[512], *last = NULL;

	if (fp == NULL)
		return xstrdup("no message");
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		buf[strcspn(buf, "\r\n")] = '\0';
		if (buf[strspn(buf, " \t^")] != '\0') {
			free(last);
			last = xstrdup(buf + strspn(buf, " \t"));
		}
	}
	fclose(fp);
	return last != NULL ? last : xstrdup("no message");
}

/*
 * Run gnuplot -c DIR/script DATA TMPOUT args..., then rename TMPOUT to
 * o->dir/name. A failure is reported in one line and exits 2.
 */
static void
run_gnuplot(const struct plot_opts *o, const char *script, const char *data,
    const char *name, const char *const *args)
{
	char *spath = xasprintf("%s/%s", script_dir, script);
	char *final = xasprintf("%s/%s", o->dir, name);
	char *log, *argv[16];
	const char *ext = strrchr(name, '.');
	struct stat st;
	pid_t pid;
	int fd, status, argc = 0, i;

	if (tmp_dir == NULL)
		(void)data_path(o, "unused");	/* for the log */
	log = xasprintf("%s/gnuplot.log", tmp_dir);
	tmp_fig = xasprintf("%s/.csumbench.XXXXXX%s", o->dir, ext);
	fd = mkstemps(tmp_fig, (int)strlen(ext));
	if (fd < 0)
		usage_error("cannot write %s: %s", final, strerror(errno));
	{
		/* mkstemps makes 0600; figures are ordinary files. */
		mode_t um = umask(0);

		umask(um);
		(void)fchmod(fd, 0666 & ~um);
	}
	close(fd);

	argv[argc++] = gnuplot_bin;
	argv[argc++] = "-c";
	argv[argc++] = spath;
	argv[argc++] = (char *)data;
	argv[argc++] = tmp_fig;
	for (i = 0; args != NULL && args[i] != NULL && argc < 15; i++)
		argv[argc++] = (char *)args[i];
	argv[argc] = NULL;

	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0)
		usage_error("cannot run %s: %s", gnuplot_bin, strerror(errno));
	if (pid == 0) {
		int lfd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int nfd = open("/dev/null", O_RDWR);

		if (nfd >= 0)
			dup2(nfd, STDIN_FILENO);
		if (lfd >= 0) {
			dup2(lfd, STDOUT_FILENO);
			dup2(lfd, STDERR_FILENO);
		}
		execv(gnuplot_bin, argv);
		fprintf(stderr, "cannot run %s: %s\n", gnuplot_bin,
		    strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			usage_error("waiting for gnuplot: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    stat(tmp_fig, &st) != 0 || st.st_size == 0) {
		char *msg = last_line(log);

		usage_error("gnuplot failed to make %s (%s): %s", final,
		    spath, msg);
	}
	if (rename(tmp_fig, final) != 0)
		usage_error("cannot write %s: %s", final, strerror(errno));
	free(tmp_fig);
	tmp_fig = NULL;
	unlink(log);
	free(log);
	free(spath);
	free(final);
}

static void
fig_add(struct figlist *figs, const struct plot_opts *o, const char *kind,
    const struct rpoint *r, const char *kernel, double size, const char *name)
{
	struct figure *f;

	figs->v = xreallocarray(figs->v, figs->n + 1, sizeof(*figs->v));
	f = &figs->v[figs->n++];
	f->kind = xstrdup(kind);
	f->family = xstrdup(r->family);
	f->kernel = xstrdup(kernel != NULL ? kernel : "");
	f->cache = xstrdup(r->cache);
	f->mode = xstrdup(r->mode);
	f->size = size;
	f->name = xstrdup(name);
	f->path = xasprintf("%s/%s", o->dir, name);
	if (!o->quiet)
		printf("%s\n", f->path);
}

void
plot_figlist_free(struct figlist *figs)
{
	size_t i;

	for (i = 0; i < figs->n; i++) {
		struct figure *f = &figs->v[i];

		free(f->kind);
		free(f->family);
		free(f->kernel);
		free(f->cache);
		free(f->mode);
		free(f->name);
		free(f->path);
	}
	free(figs->v);
	figs->v = NULL;
	figs->n = 0;
}

static int
same_group(const struct rpoint *p, const struct rpoint *q)
{
	return strcmp(p->family, q->family) == 0 &&
	    strcmp(p->cache, q->cache) == 0 && strcmp(p->mode, q->mode) == 0;
}

/* Sort rows by kernel (in order of first appearance), then size. */
static const struct rset *sort_rs;
static const size_t *sort_rank;

static int
by_kernel_size(const void *a, const void *b)
{
	const struct rpoint *p = &sort_rs->p[*(const size_t *)a];
	const struct rpoint *q = &sort_rs->p[*(const size_t *)b];
	size_t rp = sort_rank[*(const size_t *)a], rq = sort_rank[*(const size_t *)b];

	if (rp != rq)
		return rp < rq ? -1 : 1;
	if (p->size != q->size)
		return p->size < q->size ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* rank[i]: the index of the first row with row i's kernel. */
static size_t *
kernel_ranks(const struct rset *rs)
{
	size_t *rank = xcalloc(rs->n, sizeof(size_t)), i, j;

	for (i = 0; i < rs->n; i++) {
		rank[i] = i;
		for (j = 0; j < i; j++)
			if (rank[j] == j &&
			    strcmp(rs->p[j].kernel, rs->p[i].kernel) == 0) {
				rank[i] = j;
				break;
			}
	}
	return rank;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static size_t
count_distinct(double *v, size_t n)
{
	size_t i, d = 0;

	qsort(v, n, sizeof(*v), cmp_double);
	for (i = 0; i < n; i++)
		if (i == 0 || v[i] != v[i - 1])
			d++;
	return d;
}

static void
write_rows(const struct plot_opts *o, const char *path,
    const struct rset *rs, const size_t *idx, size_t n)
{
	struct outfile of;

	outfile_open(&of, path);
	results_write_rset(of.fp, rs, idx, n);
	outfile_commit(&of);
	(void)o;
}

/* The relative-misalignment view of one kernel at one size: one row per
 * (rel_align, dst_align) cell, the median of the medians in it. */
static void
write_rel_cells(const char *path, const struct rset *rs,
    const size_t *idx, size_t n)
{
	struct outfile of;
	struct csv_writer w;
	double *m = xcalloc(n, sizeof(double));
	char *done = xcalloc(n, 1);
	size_t i, j, k;

	outfile_open(&of, path);
	csv_init(&w, of.fp);
	csv_str(&w, "family"); csv_str(&w, "kernel"); csv_str(&w, "size");
	csv_str(&w, "rel_align"); csv_str(&w, "dst_align");
	csv_str(&w, "cache"); csv_str(&w, "mode"); csv_str(&w, "unit");
	csv_str(&w, "median"); csv_str(&w, "cells");
	csv_end(&w);
	for (i = 0; i < n; i++) {
		const struct rpoint *r = &rs->p[idx[i]];

		if (done[i])
			continue;
		for (j = i, k = 0; j < n; j++) {
			const struct rpoint *q = &rs->p[idx[j]];

			if (!done[j] && load_rel_align(q) == load_rel_align(r) &&
			    q->dst_align == r->dst_align) {
				m[k++] = q->st.median;
				done[j] = 1;
			}
		}
		csv_str(&w, r->family);
		csv_str(&w, r->kernel);
		csv_ulong(&w, r->size);
		csv_ulong(&w, load_rel_align(r));
		csv_ulong(&w, r->dst_align);
		csv_str(&w, r->cache);
		csv_str(&w, r->mode);
		csv_str(&w, r->unit);
		csv_double(&w, stats_median(m, k));
		csv_ulong(&w, k);
		csv_end(&w);
	}
	outfile_commit(&of);
	free(m);
	free(done);
}

/* Heatmaps of one group: every kernel and size measured at two or more
 * source and two or more destination offsets. */
static void
plot_heatmaps(const struct plot_opts *o, const struct rset *rs,
    const size_t *g, size_t ng, const char *sfx, const char *cpu,
    struct figlist *figs)
{
	size_t *cell = xcalloc(ng, sizeof(size_t));
	double *sv = xcalloc(ng, sizeof(double)), *dv = xcalloc(ng, sizeof(double));
	char *seen = xcalloc(ng, 1);
	size_t i, j, n;

	for (i = 0; i < ng; i++) {
		const struct rpoint *r = &rs->p[g[i]];
		char szs[32], *stem, *name, *data, *kn;
		const char *args[5];
		int is_copy = strcmp(r->family, "copy") == 0;

		if (seen[i])
			continue;
		for (j = i, n = 0; j < ng; j++) {
			const struct rpoint *q = &rs->p[g[j]];

			if (!seen[j] && q->size == r->size &&
			    strcmp(q->kernel, r->kernel) == 0) {
				seen[j] = 1;
				cell[n] = g[j];
				sv[n] = (double)q->src_align;
				dv[n] = (double)q->dst_align;
				n++;
			}
		}
		if (n < 4 || count_distinct(sv, n) < 2 ||
		    count_distinct(dv, n) < 2)
			continue;
		snprintf(szs, sizeof(szs), "%zu", r->size);
		kn = safe_name(r->kernel);
		args[0] = r->kernel;
		args[1] = szs;
		args[2] = cpu;
		args[3] = NULL;
		args[4] = NULL;
		stem = xasprintf("heatmap-%s-%s%s", kn, szs, sfx);
		name = xasprintf("%s.%s", stem, o->format);
		data = data_path(o, stem);
		write_rows(o, data, rs, cell, n);
		run_gnuplot(o, "heatmap.gp", data, name, args);
		data_done(o, data);
		fig_add(figs, o, "heatmap", r, r->kernel, (double)r->size, name);
		free(stem);
		free(name);
		free(data);
		if (is_copy) {
			args[3] = "rel";
			stem = xasprintf("heatmap-%s-%s-rel%s", kn, szs, sfx);
			name = xasprintf("%s.%s", stem, o->format);
			data = data_path(o, stem);
			write_rel_cells(data, rs, cell, n);
			run_gnuplot(o, "heatmap.gp", data, name, args);
			data_done(o, data);
			fig_add(figs, o, "heatmap-rel", r, r->kernel,
			    (double)r->size, name);
			free(stem);
			free(name);
			free(data);
		}
		free(kn);
	}
	free(cell);
	free(sv);
	free(dv);
	free(seen);
}

void
plot_results(const struct plot_opts *o, const struct rset *rs,
    struct figlist *figs)
{
	size_t *g = xcalloc(rs->n, sizeof(size_t));
	size_t *sl = xcalloc(rs->n, sizeof(size_t));
	double *sizes = xcalloc(rs->n, sizeof(double));
	char *done = xcalloc(rs->n, 1);
	size_t *rank = kernel_ranks(rs);
	const char *cpu = load_meta(rs, "cpu_brand");
	size_t i, j, ng, ns;

	plot_setup();
	plot_mkdir(o->dir);
	for (i = 0; i < rs->n; i++) {
		const struct rpoint *r = &rs->p[i];
		size_t s0, d0;
		int have00 = 0;
		char *sfx, *fam, *stem, *name, *data;
		const char *args[2];

		if (done[i] || !plot_row_selected(o, r))
			continue;
		for (j = i, ng = 0; j < rs->n; j++)
			if (!done[j] && same_group(&rs->p[j], r) &&
			    plot_row_selected(o, &rs->p[j])) {
				done[j] = 1;
				g[ng++] = j;
				if (rs->p[j].src_align == 0 &&
				    rs->p[j].dst_align == 0)
					have00 = 1;
			}
		/* The throughput curve: offsets 0/0 when measured, else the
		 * first pair of offsets in the file. */
		s0 = have00 ? 0 : r->src_align;
		d0 = have00 ? 0 : r->dst_align;
		for (j = 0, ns = 0; j < ng; j++) {
			const struct rpoint *q = &rs->p[g[j]];

			if (q->src_align == s0 && q->dst_align == d0 &&
			    q->size > 0) {
				sizes[ns] = (double)q->size;
				sl[ns++] = g[j];
			}
		}
		sfx = group_suffix(r->cache, r->mode);
		if (ns > 0 && count_distinct(sizes, ns) >= 2) {
			sort_rs = rs;
			sort_rank = rank;
			qsort(sl, ns, sizeof(*sl), by_kernel_size);
			fam = safe_name(r->family);
			stem = xasprintf("throughput-%s%s", fam, sfx);
			name = xasprintf("%s.%s", stem, o->format);
			data = data_path(o, stem);
			write_rows(o, data, rs, sl, ns);
			args[0] = cpu;
			args[1] = NULL;
			run_gnuplot(o, "throughput.gp", data, name, args);
			data_done(o, data);
			fig_add(figs, o, "throughput", r, NULL, 0, name);
			free(fam);
			free(stem);
			free(name);
			free(data);
		}
		plot_heatmaps(o, rs, g, ng, sfx, cpu, figs);
		free(sfx);
	}
	free(g);
	free(sl);
	free(sizes);
	free(done);
	free(rank);
}

/* Rows of one family, cache state and mode make one delta chart. */
static int
same_delta_group(const struct cmp_row *p, const struct cmp_row *q)
{
	return same_group(p->b, q->b);
}

void
plot_delta_offsets(const struct cmp_result *res, size_t first, size_t *s0,
    size_t *d0)
{
	const struct cmp_row *r = &res->rows[first];
	size_t j;

	*s0 = r->b->src_align;
	*d0 = r->b->dst_align;
	for (j = first; j < res->n; j++)
		if (same_delta_group(&res->rows[j], r) &&
		    res->rows[j].b->src_align == 0 &&
		    res->rows[j].b->dst_align == 0)
			*s0 = *d0 = 0;
}

size_t
plot_delta_rows(const struct cmp_result *res, size_t first, char *done,
    struct cmp_row *out)
{
	size_t j, s0, d0, n = 0;

	plot_delta_offsets(res, first, &s0, &d0);
	for (j = first; j < res->n; j++) {
		const struct rpoint *q = res->rows[j].b;

		if (done[j] || !same_delta_group(&res->rows[j],
		    &res->rows[first]))
			continue;
		done[j] = 1;
		if (q->src_align == s0 && q->dst_align == d0 && q->size > 0)
			out[n++] = res->rows[j];
	}
	return n;
}

void
plot_deltas(const struct plot_opts *o, const struct cmp_result *res,
    const struct cmp_opts *co, const char *title_note, struct figlist *figs)
{
	struct cmp_row *g = xcalloc(res->n + 1, sizeof(*g));
	char *done = xcalloc(res->n + 1, 1);
	struct cmp_opts csv = *co;
	size_t i, ng;

	csv.style = CMP_CSV;
	plot_setup();
	plot_mkdir(o->dir);
	for (i = 0; i < res->n; i++) {
		const struct rpoint *r = res->rows[i].b;
		char *sfx, *fam, *stem, *name, *data;
		const char *args[2];
		struct outfile of;

		if (done[i] || (ng = plot_delta_rows(res, i, done, g)) == 0)
			continue;
		sfx = group_suffix(r->cache, r->mode);
		fam = safe_name(r->family);
		stem = xasprintf("delta-%s%s", fam, sfx);
		name = xasprintf("%s.%s", stem, o->format);
		data = data_path(o, stem);
		/* The chart's data is compare's own CSV of these rows. */
		outfile_open(&of, data);
		compare_print(of.fp, g, ng, res->unit, &csv);
		outfile_commit(&of);
		args[0] = title_note;
		args[1] = NULL;
		run_gnuplot(o, "delta.gp", data, name, args);
		data_done(o, data);
		fig_add(figs, o, "delta", r, NULL, 0, name);
		free(sfx);
		free(fam);
		free(stem);
		free(name);
		free(data);
	}
	free(g);
	free(done);
}

/*
 * The glue plot and report share: their settings from their options, and
 * the results (and baseline) they draw from. Errors come back in err.
 */
int
plot_opts_from(struct plot_opts *o, const char *dir, const char *format,
    const char *families, const char *patterns, int keep_data, char *err,
    size_t errlen)
{
	memset(o, 0, sizeof(*o));
	if (strcmp(format, "png") != 0 && strcmp(format, "svg") != 0) {
		snprintf(err, errlen, "--format: expected png or svg, got \"%s\"",
		    format);
		return -1;
	}
	o->dir = dir;
	o->format = format;
	o->families = families;
	o->patterns = patterns;
	o->keep_data = keep_data;
	return 0;
}

/* Does any row of rs pass -f and -k? */
static int
plot_input_selected(const struct plot_opts *o, const struct rset *rs,
    char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (plot_row_selected(o, &rs->p[i]))
			return 0;
	snprintf(err, errlen, "%s: no results match%s%s%s%s", rs->path,
	    o->families ? " -f " : "", o->families ? o->families : "",
	    o->patterns ? " -k " : "", o->patterns ? o->patterns : "");
	return -1;
}

int
plot_input_load(struct plot_input *in, const struct plot_opts *o,
    const char *path, const char *compare, char *err, size_t errlen)
{
	const char *pb, *cb;

	memset(in, 0, sizeof(*in));
	if (load_results(path, &in->rs, err, errlen) != 0)
		return -1;
	in->loaded = 1;
	if (plot_input_selected(o, &in->rs, err, errlen) != 0)
		return -1;
	if (compare == NULL)
		return 0;
	if (load_results(compare, &in->base, err, errlen) != 0)
		return -1;
	in->has_base = 1;
	/* As 'csumbench compare BASE RESULTS -f ... -k ...' finds them. */
	compare_opts_init(&in->co);
	in->co.families = o->families;
	in->co.kernels = o->patterns;
	in->co.same_run = strcmp(in->base.path, in->rs.path) == 0;
	compare_match(&in->base, &in->rs, &in->co, &in->res);
	/* For the delta charts' titles: "new.csv against old.csv". */
	pb = strrchr(path, '/');
	cb = strrchr(compare, '/');
	in->note = xasprintf("%s against %s", pb ? pb + 1 : path,
	    cb ? cb + 1 : compare);
	return 0;
}

void
plot_input_free(struct plot_input *in)
{
	if (in->has_base) {
		compare_result_free(&in->res);
		load_free(&in->base);
	}
	if (in->loaded)
		load_free(&in->rs);
	free(in->note);
	memset(in, 0, sizeof(*in));
}

void
plot_input_draw(const struct plot_opts *o, const struct plot_input *in,
    struct figlist *figs)
{
	plot_setup();
	plot_results(o, &in->rs, figs);
	if (in->has_base)
		plot_deltas(o, &in->res, &in->co, in->note, figs);
}
