/*
 * plot.c - figures from results with gnuplot, for plot and report: which
 * figures a results file makes (throughput curves, alignment and placement
 * heatmaps, delta charts) and the rows each one shows. Rows are grouped by
 * sorting once on the grid key (rkey.h); plot_data.c writes each figure's
 * data and plot_gp.c runs gnuplot on it.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "names.h"
#include "plot.h"
#include "plot_data.h"
#include "plot_gp.h"
#include "rformat.h"
#include "rkey.h"
#include "util.h"

/*
 * Text from a results file for a gnuplot argument (a title's CPU brand or
 * note): at most len - 1 bytes, cut at a character boundary, control
 * characters as spaces. The scripts print it as it is (no enhanced text,
 * no shell), and an argument of a megabyte would not even start gnuplot.
 */
static char *
plot_text(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s), i;

	if (n >= len) {
		n = len - 4;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;		/* not inside a UTF-8 sequence */
		snprintf(buf, len, "%.*s...", (int)n, s);
	} else
		snprintf(buf, len, "%s", s);
	for (i = 0; buf[i] != '\0'; i++)
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			buf[i] = ' ';
	return buf;
}

/* A file name from parts: letters, digits, '.', '-' and '_' only. */
static char *
plot_safe_name(const char *s)
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
plot_group_suffix(const char *cache, const char *mode)
{
	char *c = plot_safe_name(cache), *m = plot_safe_name(mode), *s;

	if (*mode == '\0' || strcmp(mode, "throughput") == 0)
		s = xasprintf("%s%s", *c ? "-" : "", c);
	else
		s = xasprintf("%s%s-%s", *c ? "-" : "", c, m);
	free(c);
	free(m);
	return s;
}

int
plot_row_selected(const struct plot_opts *o, const struct rpoint *r)
{
	return match_patterns(o->families, r->family) &&
	    match_patterns(o->patterns, r->kernel);
}

int
plot_mkdir(const char *dir, char *err, size_t errlen)
{
	char *p = xstrdup(dir), *s;
	struct stat st;
	int rc = 0;

	for (s = p + 1; rc == 0; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST)
				rc = err_line(err, errlen, "cannot create "
				    "directory %s: %s", p, strerror(errno));
			*s = c;
			if (c == '\0')
				break;
		}
	}
	free(p);
	if (rc == 0 && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)))
		rc = err_line(err, errlen, "%s is not a directory", dir);
	return rc;
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

int
plot_rx(const struct plot_opts *o, const char *csv, const char *traffic,
    struct figlist *figs, char *err, size_t errlen)
{
	const char *args[] = { traffic, NULL };
	char *stem = plot_safe_name(traffic), *name;
	struct figure *f;
	int rc;

	name = xasprintf("rx-%s.%s", stem, o->format);
	rc = plot_gp_setup(err, errlen);
	if (rc == 0)
		rc = plot_mkdir(o->dir, err, errlen);
	if (rc == 0)
		rc = plot_gp_tmp_dir(err, errlen);
	if (rc == 0)
		rc = plot_gp_run(o, "rx.gp", csv, name, args, err, errlen);
	if (rc == 0) {
		figs->v = xreallocarray(figs->v, figs->n + 1, sizeof(*figs->v));
		f = &figs->v[figs->n++];
		memset(f, 0, sizeof(*f));
		f->kind = xstrdup("rx");
		f->family = xstrdup("rx");
		f->kernel = xstrdup(traffic);
		f->cache = xstrdup("");
		f->mode = xstrdup("");
		f->name = xstrdup(name);
		f->path = xasprintf("%s/%s", o->dir, name);
	}
	free(name);
	free(stem);
	return rc;
}

/* Does v hold two or more distinct values? */
static int
plot_two_distinct(const size_t *v, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] != v[0])
			return 1;
	return 0;
}

/*
 * The heatmaps of one cell set: one kernel at one size measured at two or
 * more source and two or more destination offsets (and for copies also by
 * relative misalignment).
 */
static int
plot_heatmap(const struct plot_opts *o, const struct rset *rs,
    const size_t *cell, size_t n, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint *r = &rs->p[cell[0]];
	size_t *sv = xcalloc(n + 1, sizeof(size_t)), *dv = xcalloc(n + 1,
	    sizeof(size_t)), i;
	struct plot_rows rows = { rs, cell, n };
	struct figspec fs = { "heatmap", "heatmap.gp", plot_data_rows, &rows,
	    { NULL }, r, r->kernel, (double)r->pos.size };
	char szs[32], *kn, *stem;
	int rc = 0;

	for (i = 0; i < n; i++) {
		sv[i] = rs->p[cell[i]].pos.src_off;
		dv[i] = rs->p[cell[i]].pos.dst_off;
	}
	if (n < 4 || !plot_two_distinct(sv, n) ||
	    !plot_two_distinct(dv, n))
		goto out;
	snprintf(szs, sizeof(szs), "%zu", r->pos.size);
	/* The data holds this kernel alone: the script names it from there. */
	fs.args[0] = "";
	fs.args[1] = szs;
	fs.args[2] = cpu;
	kn = plot_safe_name(r->kernel);
	stem = xasprintf("heatmap-%s-%s%s", kn, szs, sfx);
	rc = plot_gp_draw(o, &fs, stem, figs, err, errlen);
	free(stem);
	if (rc == 0 && strcmp(r->family, "copy") == 0) {
		fs.kind = "heatmap-rel";
		fs.write = plot_data_rel_cells;
		fs.args[3] = "rel";
		stem = xasprintf("heatmap-%s-%s-rel%s", kn, szs, sfx);
		rc = plot_gp_draw(o, &fs, stem, figs, err, errlen);
		free(stem);
	}
	free(kn);
out:
	free(sv);
	free(dv);
	return rc;
}

/* rank[i]: the index of the first point with point i's kernel. */
static size_t *
plot_kernel_ranks(const struct rset *rs)
{
	const struct rpoint **v = xcalloc(rs->n + 1, sizeof(*v));
	size_t *rank = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *perm = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *start = xcalloc(rs->n + 1, sizeof(size_t));
	size_t i, g, ng;

	for (i = 0; i < rs->n; i++)
		v[i] = &rs->p[i];
	ng = rkey_group(v, rs->n, RK(RK_KERNEL), perm, start);
	for (g = 0; g < ng; g++)
		for (i = start[g]; i < start[g + 1]; i++)
			rank[perm[i]] = perm[start[g]];
	free(v);
	free(perm);
	free(start);
	return rank;
}

struct plot_by_kernel_size {
	const struct rset *rs;
	const size_t *rank;
};

/* Points by kernel (in order of first appearance), then size. */
static int
plot_by_kernel_size(size_t x, size_t y, const void *arg)
{
	const struct plot_by_kernel_size *k = arg;

	if (k->rank[x] != k->rank[y])
		return k->rank[x] < k->rank[y] ? -1 : 1;
	if (k->rs->p[x].pos.size != k->rs->p[y].pos.size)
		return k->rs->p[x].pos.size < k->rs->p[y].pos.size ? -1 : 1;
	return 0;
}

size_t
plot_ref_distance(const struct rset *rs, const size_t *g, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (rs->p[g[j]].pos.distance == ARENA_APART)
			return ARENA_APART;
	return n > 0 ? rs->p[g[0]].pos.distance : 0;
}

/*
 * The placement heatmap of one kernel in a group: size up, distance across,
 * at the group's reference offsets (0/0, else the first measured); drawn
 * when the kernel was measured at two distances or more.
 */
static int
plot_distance(const struct plot_opts *o, const struct rset *rs,
    const size_t *cell, size_t n, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint *r = &rs->p[cell[0]];
	size_t *sel = xcalloc(n + 1, sizeof(size_t)), *dv = xcalloc(n + 1,
	    sizeof(size_t)), s0 = r->pos.src_off, d0 = r->pos.dst_off, i, k = 0;
	struct plot_rows rows = { rs, sel, 0 };
	struct figspec fs = { "distance", "distance.gp", plot_data_dist_cells,
	    &rows, { NULL }, r, r->kernel, 0 };
	char *kn, *stem;
	int rc = 0;

	for (i = 0; i < n; i++)
		if (rs->p[cell[i]].pos.src_off == 0 &&
		    rs->p[cell[i]].pos.dst_off == 0)
			s0 = d0 = 0;
	for (i = 0; i < n; i++) {
		const struct rpoint *q = &rs->p[cell[i]];

		if (q->pos.src_off == s0 && q->pos.dst_off == d0 &&
		    q->st.median > 0) {
			dv[k] = q->pos.distance;
			sel[k++] = cell[i];
		}
	}
	if (plot_two_distinct(dv, k)) {
		rows.n = k;
		fs.args[0] = r->kernel;
		fs.args[1] = cpu;
		kn = plot_safe_name(r->kernel);
		stem = xasprintf("distance-%s%s", kn, sfx);
		rc = plot_gp_draw(o, &fs, stem, figs, err, errlen);
		free(kn);
		free(stem);
	}
	free(sel);
	free(dv);
	return rc;
}

/*
 * The throughput curve of one group (family, cache state, mode): its
 * points at offsets 0/0 when measured there, else at the group's first
 * offsets, and at one placement (the default distance when measured,
 * else the group's first), by kernel and size; drawn when they have two
 * sizes or more.
 */
/* How many distinct keys (rkey.h's mask) the points rs->p[g[0..n-1]] have. */
static size_t
plot_distinct(const struct rset *rs, const size_t *g, size_t n,
    unsigned mask)
{
	const struct rpoint **v = xcalloc(n + 1, sizeof(*v));
	size_t *perm = xcalloc(n + 1, sizeof(size_t));
	size_t *start = xcalloc(n + 1, sizeof(size_t));
	size_t i, k;

	for (i = 0; i < n; i++)
		v[i] = &rs->p[g[i]];
	k = rkey_group(v, n, mask, perm, start);
	free(v);
	free(perm);
	free(start);
	return k;
}

/*
 * What a curve holds fixed of group g[0..ng-1]: "offsets 0/0 (1 of 8
 * pairs measured: see the heatmaps), distance 2048", the counts only when
 * there were others.
 */
static void
plot_fixed(const struct rset *rs, const size_t *g, size_t ng, size_t s0,
    size_t d0, size_t dist, char *buf, size_t len)
{
	size_t npair, ndist, at;

	npair = plot_distinct(rs, g, ng, RK(RK_SRC) | RK(RK_DST));
	ndist = plot_distinct(rs, g, ng, RK(RK_DIST));
	at = (size_t)snprintf(buf, len, "source/destination offsets %zu/%zu",
	    s0, d0);
	if (npair > 1 && at < len)
		at += (size_t)snprintf(buf + at, len - at, " (1 of %zu pairs "
		    "measured: see the heatmaps)", npair);
	if (at < len)
		at += (size_t)snprintf(buf + at, len - at, ", destination %zu "
		    "B past the source", dist);
	if (ndist > 1 && at < len)
		snprintf(buf + at, len - at, " (1 of %zu placements)", ndist);
}

static int
plot_curve(const struct plot_opts *o, const struct rset *rs, const size_t *g,
    size_t ng, const size_t *rank, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint *r = &rs->p[g[0]];
	struct plot_by_kernel_size k = { rs, rank };
	size_t *sl = xcalloc(ng + 1, sizeof(size_t)), *sz = xcalloc(ng + 1,
	    sizeof(size_t)), s0 = r->pos.src_off, d0 = r->pos.dst_off, j;
	size_t ns = 0;
	struct plot_rows rows = { rs, sl, 0 };
	struct figspec fs = { "throughput", "throughput.gp", plot_data_rows,
	    &rows,
	    { cpu, NULL, NULL }, r, NULL, 0 };
	char *fam, *stem, fixed[256];
	int rc = 0;

	size_t dist = plot_ref_distance(rs, g, ng);

	for (j = 0; j < ng; j++)
		if (rs->p[g[j]].pos.src_off == 0 &&
		    rs->p[g[j]].pos.dst_off == 0)
			s0 = d0 = 0;
	for (j = 0; j < ng; j++) {
		const struct rpoint *q = &rs->p[g[j]];

		/* A throughput needs a size and a cost above 0. */
		if (q->pos.src_off == s0 && q->pos.dst_off == d0 &&
		    q->pos.size > 0 &&
		    q->pos.distance == dist && q->st.median > 0) {
			sz[ns] = q->pos.size;
			sl[ns++] = g[j];
		}
	}
	if (ns > 0 && plot_two_distinct(sz, ns)) {
		plot_fixed(rs, g, ng, s0, d0, dist, fixed, sizeof(fixed));
		fs.args[1] = fixed;
		rkey_msort(sl, ns, plot_by_kernel_size, &k);
		rows.n = ns;
		fam = plot_safe_name(r->family);
		stem = xasprintf("throughput-%s%s", fam, sfx);
		rc = plot_gp_draw(o, &fs, stem, figs, err, errlen);
		free(fam);
		free(stem);
	}
	free(sl);
	free(sz);
	return rc;
}

/* The heatmaps of one group, one per kernel and size, in file order. */
static int
plot_heatmaps(const struct plot_opts *o, const struct rset *rs,
    const size_t *g, size_t ng, const char *sfx, const char *cpu,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint **v = xcalloc(ng + 1, sizeof(*v));
	size_t *perm = xcalloc(ng + 1, sizeof(size_t));
	size_t *start = xcalloc(ng + 1, sizeof(size_t));
	size_t *cell = xcalloc(ng + 1, sizeof(size_t));
	size_t *at = xcalloc(ng + 1, sizeof(size_t));
	size_t c, nc, j, na = 0, dist = plot_ref_distance(rs, g, ng);
	int rc = 0;

	/* Alignment maps at one placement, so each cell is one point. */
	for (j = 0; j < ng; j++)
		if (rs->p[g[j]].pos.distance == dist) {
			at[na] = g[j];
			v[na++] = &rs->p[g[j]];
		}
	nc = rkey_group(v, na, RK(RK_KERNEL) | RK(RK_SIZE), perm, start);
	for (c = 0; c < nc && rc == 0; c++) {
		for (j = start[c]; j < start[c + 1]; j++)
			cell[j - start[c]] = at[perm[j]];
		rc = plot_heatmap(o, rs, cell, start[c + 1] - start[c], sfx,
		    cpu, figs, err, errlen);
	}
	/* Placement maps: every distance of a kernel. */
	for (j = 0; j < ng; j++)
		v[j] = &rs->p[g[j]];
	nc = rkey_group(v, ng, RK(RK_KERNEL), perm, start);
	for (c = 0; c < nc && rc == 0; c++) {
		for (j = start[c]; j < start[c + 1]; j++)
			cell[j - start[c]] = g[perm[j]];
		rc = plot_distance(o, rs, cell, start[c + 1] - start[c], sfx,
		    cpu, figs, err, errlen);
	}
	free(at);
	free(v);
	free(perm);
	free(start);
	free(cell);
	return rc;
}

int
plot_results(const struct plot_opts *o, const struct rset *rs,
    struct figlist *figs, char *err, size_t errlen)
{
	const struct rpoint **v = xcalloc(rs->n + 1, sizeof(*v));
	size_t *sel = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *perm = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *start = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *g = xcalloc(rs->n + 1, sizeof(size_t));
	size_t *rank = plot_kernel_ranks(rs), i, j, n = 0, k, ng;
	char cpu[128];
	int rc;

	plot_text(cpu, sizeof(cpu), rset_meta(rs, "cpu_brand"));
	/* Brands come padded with blanks (CPUID's 48 bytes). */
	for (i = strlen(cpu); i > 0 && cpu[i - 1] == ' '; i--)
		cpu[i - 1] = '\0';
	rc = plot_gp_setup(err, errlen);
	if (rc == 0)
		rc = plot_mkdir(o->dir, err, errlen);
	/* Distributions and csum_diff F/T shapes are not on a size axis. */
	for (i = 0; i < rs->n; i++)
		if (plot_row_selected(o, &rs->p[i]) &&
		    rset_shape(&rs->p[i])[0] == '\0') {
			v[n] = &rs->p[i];
			sel[n++] = i;
		}
	/* One group per family, cache state and mode, in file order. */
	ng = rkey_group(v, n, RK(RK_FAMILY) | RK(RK_CACHE) | RK(RK_MODE),
	    perm, start);
	for (k = 0; k < ng && rc == 0; k++) {
		const struct rpoint *r = v[perm[start[k]]];
		char *sfx = plot_group_suffix(cache_name(r->pos.cache),
		    mode_name(r->pos.mode));

		for (j = start[k]; j < start[k + 1]; j++)
			g[j - start[k]] = sel[perm[j]];
		rc = plot_curve(o, rs, g, start[k + 1] - start[k], rank, sfx,
		    cpu, figs, err, errlen);
		if (rc == 0)
			rc = plot_heatmaps(o, rs, g, start[k + 1] - start[k],
			    sfx, cpu, figs, err, errlen);
		free(sfx);
	}
	free(v);
	free(sel);
	free(perm);
	free(start);
	free(g);
	free(rank);
	return rc;
}

void
plot_delta_charts(const struct cmp_result *res, struct plot_charts *ch)
{
	const struct rpoint **v = xcalloc(res->n + 1, sizeof(*v));
	size_t *perm = xcalloc(res->n + 1, sizeof(size_t));
	size_t *start = xcalloc(res->n + 1, sizeof(size_t));
	size_t g, ng, j, s0, d0, dist;

	memset(ch, 0, sizeof(*ch));
	ch->rows = xcalloc(res->n + 1, sizeof(*ch->rows));
	ch->start = xcalloc(res->n + 2, sizeof(size_t));
	for (j = 0; j < res->n; j++)
		v[j] = res->rows[j].b;
	ng = rkey_group(v, res->n, RK(RK_FAMILY) | RK(RK_CACHE) | RK(RK_MODE),
	    perm, start);
	for (g = 0; g < ng; g++) {
		size_t at = ch->start[ch->n];

		/*
		 * Offsets 0/0 when compared there, else the group's first;
		 * the default placement when compared there, else the first.
		 */
		s0 = v[perm[start[g]]]->pos.src_off;
		d0 = v[perm[start[g]]]->pos.dst_off;
		dist = v[perm[start[g]]]->pos.distance;
		for (j = start[g]; j < start[g + 1]; j++) {
			if (v[perm[j]]->pos.src_off == 0 &&
			    v[perm[j]]->pos.dst_off == 0)
				s0 = d0 = 0;
			if (v[perm[j]]->pos.distance == ARENA_APART)
				dist = ARENA_APART;
		}
		for (j = start[g]; j < start[g + 1]; j++)
			if (v[perm[j]]->pos.src_off == s0 &&
			    v[perm[j]]->pos.dst_off == d0 &&
			    v[perm[j]]->pos.distance == dist &&
			    v[perm[j]]->pos.size > 0 &&
			    rset_shape(v[perm[j]])[0] == '\0')
				ch->rows[at++] = res->rows[perm[j]];
		if (at > ch->start[ch->n])
			ch->start[++ch->n] = at;
	}
	free(v);
	free(perm);
	free(start);
}

void
plot_charts_free(struct plot_charts *ch)
{
	free(ch->rows);
	free(ch->start);
	memset(ch, 0, sizeof(*ch));
}

int
plot_deltas(const struct plot_opts *o, const struct cmp_result *res,
    const struct cmp_opts *co, const char *title_note, struct figlist *figs,
    char *err, size_t errlen)
{
	struct plot_charts ch;
	struct cmp_opts csv = *co;
	struct plot_delta_data d = { NULL, 0, res, &csv };
	struct figspec fs = { "delta", "delta.gp", plot_data_delta, &d,
	    { title_note, NULL }, NULL, NULL, 0 };
	size_t c;
	int rc;

	csv.style = CMP_CSV;
	rc = plot_gp_setup(err, errlen);
	if (rc == 0)
		rc = plot_mkdir(o->dir, err, errlen);
	plot_delta_charts(res, &ch);
	for (c = 0; c < ch.n && rc == 0; c++) {
		char *sfx, *fam, *stem;

		d.rows = ch.rows + ch.start[c];
		d.n = ch.start[c + 1] - ch.start[c];
		fs.r = d.rows[0].b;
		sfx = plot_group_suffix(cache_name(fs.r->pos.cache),
		    mode_name(fs.r->pos.mode));
		fam = plot_safe_name(fs.r->family);
		stem = xasprintf("delta-%s%s", fam, sfx);
		rc = plot_gp_draw(o, &fs, stem, figs, err, errlen);
		free(sfx);
		free(fam);
		free(stem);
	}
	plot_charts_free(&ch);
	return rc;
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
	if (rformat_read(path, &in->rs, err, errlen) != 0)
		return -1;
	in->loaded = 1;
	if (o->cost == CMP_COST_NET) {	/* every figure of net costs */
		struct rset v;

		rset_net_view(&v, &in->rs);
		rset_free(&in->rs);
		in->rs = v;
	}
	if (plot_input_selected(o, &in->rs, err, errlen) != 0)
		return -1;
	if (compare == NULL)
		return 0;
	if (rformat_read(compare, &in->base, err, errlen) != 0)
		return -1;
	/* As 'csumbench compare BASE RESULTS -f ... -k ...' finds them. */
	compare_opts_init(&in->co);
	in->co.cost = o->cost;
	in->co.families = o->families;
	in->co.kernels = o->patterns;
	in->co.same_run = strcmp(in->base.path, in->rs.path) == 0;
	if (compare_match(&in->base, &in->rs, &in->co, &in->res, err,
	    errlen) != 0) {
		rset_free(&in->base);
		return -1;
	}
	in->has_base = 1;
	/* For the delta charts' titles: "new.csv against old.csv". */
	pb = strrchr(path, '/');
	cb = strrchr(compare, '/');
	{
		char a[64], b[64];

		in->note = xasprintf("%s against %s", plot_text(a, sizeof(a),
		    pb ? pb + 1 : path), plot_text(b, sizeof(b),
		    cb ? cb + 1 : compare));
	}
	return 0;
}

void
plot_input_free(struct plot_input *in)
{
	if (in->has_base) {
		compare_result_free(&in->res);
		rset_free(&in->base);
	}
	if (in->loaded)
		rset_free(&in->rs);
	free(in->note);
	memset(in, 0, sizeof(*in));
}

int
plot_input_draw(const struct plot_opts *o, const struct plot_input *in,
    struct figlist *figs, char *err, size_t errlen)
{
	if (plot_gp_setup(err, errlen) != 0 ||
	    plot_results(o, &in->rs, figs, err, errlen) != 0)
		return -1;
	if (in->has_base)
		return plot_deltas(o, &in->res, &in->co, in->note, figs, err,
		    errlen);
	return 0;
}
