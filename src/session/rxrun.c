/*
 * rxrun.c - one rx measurement: points, figures, table, CSV (rxrun.h).
 * Every figure is a whole call's median cost: what the kernel adds plus
 * the empty-call floor, as the receive path pays it.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "context.h"
#include "csv.h"
#include "rtable.h"
#include "rxrun.h"
#include "select.h"
#include "util.h"

/*
 * The paths: each kernel's own (software checksum, the CHECKSUM_COMPLETE
 * fix-up, fused copy and checksum, the copy), then the totals per packet
 * of a receive into a user buffer that does not fuse: the copy plus the
 * software checksum, the copy plus the fix-up (to set beside fused).
 */
enum rx_path { P_SOFTWARE, P_COMPLETE, P_FUSED, P_COPY, P_COPY_SOFTWARE,
	P_COPY_COMPLETE, P_NPATHS };
#define P_NKERNEL	P_COPY_SOFTWARE		/* paths of one kernel */

static const char *const path_names[P_NPATHS] = {
	"software", "complete", "fused", "copy", "copy+software",
	"copy+complete",
};

/* The default kernels: per family, the first available of a list. */
char *
rxrun_default_patterns(void)
{
	static const char *const pref[] = {
		"csum.auto", "csum.neon", "csum.generic64", NULL,
		"csum_copy.auto", "csum_copy.neon", "csum_copy.fused", NULL,
		"copy.erms", "copy.unaligned", NULL, NULL,
	};
	char *pats = xstrdup(""), *t, why[64];
	const struct kernel *k;
	size_t i;

	for (i = 0; pref[i] != NULL || pref[i + 1] != NULL; i++) {
		if (pref[i] == NULL)
			continue;
		k = select_by_name(pref[i]);
		if (k == NULL || select_unavailable(k, why, sizeof(why)))
			continue;
		t = xasprintf("%s%s%s", pats, *pats ? "," : "", pref[i]);
		free(pats);
		pats = t;
		while (pref[i + 1] != NULL)	/* the family is done */
			i++;
	}
	return pats;
}

/* Add a point; its index. */
static size_t
rxrun_add(struct rxrun *x, const struct kernel *k, size_t size,
    const struct dist *d, size_t so, size_t dof)
{
	struct point *p = &x->pts[x->npts];

	p->k = k;
	p->pos.size = size;
	p->dist = d;
	p->pos.src_off = so;
	p->pos.dst_off = dof;
	p->pos.distance = arena_default_distance(dof);
	p->pos.cache = x->cache;
	p->pos.mode = MODE_THROUGHPUT;
	return x->npts++;
}

/* Add the point of traffic i's segments through kernel k; its index. */
static size_t
rxrun_seg(struct rxrun *x, size_t i, size_t k)
{
	const struct rx_traffic *t = &x->t[i];

	return rxrun_add(x, x->ks[k], t->seg_dist != NULL ?
	    (size_t)llround(t->seg_dist->seq_mean) : t->seg, t->seg_dist,
	    x->src_off, x->dst_off);
}

int
rxrun_points(struct rxrun *x, uint64_t seed, char *err, size_t errlen)
{
	size_t i, k, ncsum = 0;

	for (k = 0; k < x->nk; k++)
		ncsum += x->ks[k]->family == K_CSUM;
	if (ncsum == 0)
		return err_line(err, errlen, "rx: no csum kernel selected (-k "
		    "must match one)");
	for (i = 0; i < x->nt; i++)
		if (x->t[i].seg_dist != NULL)
			dist_draw(x->t[i].seg_dist, seed);
	x->pts = xcalloc((2 * x->nt + 1) * x->nk, sizeof(*x->pts));
	x->at = xcalloc(x->nt * x->nk, sizeof(*x->at));
	x->warm = xcalloc(x->nt * x->nk, sizeof(*x->warm));
	x->hdr = xcalloc(x->nk, sizeof(*x->hdr));
	for (i = 0; i < x->nt; i++)
		for (k = 0; k < x->nk; k++) {
			x->at[i * x->nk + k] = rxrun_seg(x, i, k);
			/*
			 * Cold, a total's second pass over the packet finds
			 * it in cache (the first just read it): the csum
			 * kernels' segments hot as well.
			 */
			x->warm[i * x->nk + k] = x->at[i * x->nk + k];
			if (x->cache != CACHE_HOT &&
			    x->ks[k]->family == K_CSUM) {
				x->warm[i * x->nk + k] = rxrun_seg(x, i, k);
				x->pts[x->warm[i * x->nk + k]].pos.cache =
				    CACHE_HOT;
			}
		}
	/*
	 * The fix-up's 14 bytes are always hot: the stack reads the
	 * Ethernet header before it (eth_type_trans), so a cold run would
	 * charge the fix-up a miss the receive pays anyway.
	 */
	for (k = 0; k < x->nk; k++)
		if ((x->hdr[k] = x->ks[k]->family == K_CSUM ? rxrun_add(x,
		    x->ks[k], RX_ETH_HDR, NULL, 0, 0) : (size_t)-1) !=
		    (size_t)-1)
			x->pts[x->hdr[k]].pos.cache = CACHE_HOT;
	return 0;
}

/* The CPU's brand string without the blanks some CPUs pad it with. */
static const char *
rxrun_cpu_name(void)
{
	static char name[sizeof(ctx.cpu.brand)];
	size_t n;

	snprintf(name, sizeof(name), "%s", ctx.cpu.brand);
	for (n = strlen(name); n > 0 && name[n - 1] == ' '; n--)
		name[n - 1] = '\0';
	return name;
}

/* One figure: a path of a traffic through a kernel, whole calls. */
struct fig {
	double	 ticks, lo, hi;	/* median and its 95% CI, timer units */
	double	 ns, mpps;	/* ns per packet, million packets/s a core */
};

/* The point behind (traffic i, path, kernel k), or -1 if k has no part. */
static size_t
rxrun_point_of(const struct rxrun *x, size_t i, enum rx_path path, size_t k)
{
	static const enum kfamily fam[P_NPATHS] = {
		[P_SOFTWARE] = K_CSUM, [P_COMPLETE] = K_CSUM,
		[P_FUSED] = K_CSUM_COPY, [P_COPY] = K_COPY,
	};

	if (x->ks[k]->family != fam[path])
		return (size_t)-1;
	return path == P_COMPLETE ? x->hdr[k] : x->at[i * x->nk + k];
}

static void
rxrun_fig(const struct point *p, struct fig *f)
{
	double hz = ctx.timer.hz;

	f->ticks = p->st.median;
	f->lo = p->st.ci_lo;
	f->hi = p->st.ci_hi;
	f->ns = f->ticks / hz * 1e9;
	f->mpps = f->ns > 0 ? 1e3 / f->ns : NAN;
}

/* Percent of one core the path takes at rate r. */
static double
rxrun_pct(const struct rx_traffic *t, double r, const struct fig *f)
{
	return rx_pps(t, r) * f->ns / 1e9 * 100;
}

/* The heading of one traffic in the table. */
static void
rxrun_table_head(FILE *fp, const struct rxrun *x, const struct rx_traffic *t)
{
	char lab[32];
	size_t j;

	if (t->seg_dist == NULL)
		fprintf(fp, "\n%s: frames of %.0f bytes, segments of %zu, %.0f on "
		    "the wire\n", t->name, t->frame_mean, t->seg, t->wire);
	else
		fprintf(fp, "\n%s: frames of %.2f bytes on average, segments of "
		    "%.2f, %.2f on the wire\n  (segments: -s %s)\n", t->name,
		    t->frame_mean, t->seg_dist->seq_mean, t->wire, t->run_spec);
	if (t->skipped > 0)
		fprintf(fp, "  (%zu of %zu packets have no transport segment and "
		    "are left out)\n", t->skipped, t->packets);
	fprintf(fp, "  %-13s %-24s %9s %8s %11s", "path", "kernel", ctx.timer.unit,
	    "ns/pkt", "Mpkt/s/core");
	for (j = 0; j < x->nrates; j++)
		fprintf(fp, " %*s%%", 7, rx_rate_label(x->rate[j], lab, sizeof(lab)));
	putc('\n', fp);
}

/* How a reader gets every figure of the table from run's results. */
static void
rxrun_table_check(FILE *fp, const struct rxrun *x)
{
	char lab[32];

	fprintf(fp, "\n%% is of one core at each line rate (over 100: more than "
	    "one core).\nEvery %s figure is a whole call's median: the "
	    "median column of\n'csumbench run -o r.csv -k "
	    "KERNEL -a %zu/%zu --cache %s -s SEGMENTS'\n(software, fused, "
	    "copy) or '-s %d -a 0 --cache hot' (complete: the stack\nhas "
	    "read the Ethernet header before the fix-up); a total is the sum "
	    "of its\ntwo medians%s.\nns/pkt = %s / %.4f; Mpkt/s = 1000 / ns;\n"
	    "%% = rate / 8 / wire bytes x ns / 1e7 (%s: %.0f packets/s of "
	    "%.0f-byte frames).\n", ctx.timer.unit,
	    x->src_off, x->dst_off, cache_name(x->cache), RX_ETH_HDR,
	    x->cache ? " (the checksum's hot: the copy has just read the "
	    "packet)" : "", ctx.timer.unit, ctx.timer.hz / 1e9, rx_rate_label(x->rate[0],
	    lab, sizeof(lab)), rx_pps(&x->t[0], x->rate[0]),
	    x->t[0].frame_mean);
}

/* A row of traffic i: a path through kernel (or kernels) name, its
 * figures f. */
typedef void rxrun_row_fn(const struct rxrun *x, size_t i, int path,
    const char *name, const struct fig *f, void *arg);

/*
 * The total of two figures: the sum of their medians, and of their
 * intervals' ends (wider than the sum's own 95% interval, never
 * narrower).
 */
static void
rxrun_fig_sum(const struct fig *a, const struct fig *b, struct fig *f)
{
	f->ticks = a->ticks + b->ticks;
	f->lo = a->lo + b->lo;
	f->hi = a->hi + b->hi;
	f->ns = a->ns + b->ns;
	f->mpps = f->ns > 0 ? 1e3 / f->ns : NAN;
}

/* The totals of traffic i: each copy kernel with each csum kernel. */
static void
rxrun_each_total(const struct rxrun *x, size_t i, rxrun_row_fn *fn,
    void *arg)
{
	struct fig fc, fs, f;
	size_t kp, kc, pt;
	char name[160];
	int path;

	for (path = P_COPY_SOFTWARE; path < P_NPATHS; path++)
		for (kp = 0; kp < x->nk; kp++) {
			if ((pt = rxrun_point_of(x, i, P_COPY, kp)) ==
			    (size_t)-1)
				continue;
			rxrun_fig(&x->pts[pt], &fc);
			for (kc = 0; kc < x->nk; kc++) {
				if ((pt = rxrun_point_of(x, i, path ==
				    P_COPY_SOFTWARE ? P_SOFTWARE : P_COMPLETE,
				    kc)) == (size_t)-1)
					continue;
				if (path == P_COPY_SOFTWARE)
					pt = x->warm[i * x->nk + kc];
				rxrun_fig(&x->pts[pt], &fs);
				rxrun_fig_sum(&fc, &fs, &f);
				snprintf(name, sizeof(name), "%s+%s",
				    x->ks[kp]->name, x->ks[kc]->name);
				fn(x, i, path, name, &f, arg);
			}
		}
}

/* The rows of traffic i's kernels, by path, then kernel. */
static void
rxrun_each_kernel(const struct rxrun *x, size_t i, rxrun_row_fn *fn,
    void *arg)
{
	struct fig f;
	size_t k, pt;
	int path;

	for (path = 0; path < P_NKERNEL; path++)
		for (k = 0; k < x->nk; k++) {
			if ((pt = rxrun_point_of(x, i, path, k)) == (size_t)-1)
				continue;
			rxrun_fig(&x->pts[pt], &f);
			fn(x, i, path, x->ks[k]->name, &f, arg);
		}
}

/* Every row of traffic i, in the tables' order: the kernels', then the
 * totals. */
static void
rxrun_each_row(const struct rxrun *x, size_t i, rxrun_row_fn *fn, void *arg)
{
	rxrun_each_kernel(x, i, fn, arg);
	rxrun_each_total(x, i, fn, arg);
}

static void
rxrun_table_row(const struct rxrun *x, size_t i, int path, const char *name,
    const struct fig *f, void *arg)
{
	FILE *fp = arg;
	size_t j;

	fprintf(fp, "  %-13s %-24s %9.2f %8.2f %11.2f", path_names[path],
	    name, f->ticks, f->ns, f->mpps);
	for (j = 0; j < x->nrates; j++)
		fprintf(fp, " %8.3g", rxrun_pct(&x->t[i], x->rate[j], f));
	putc('\n', fp);
}

void
rxrun_table(FILE *fp, const struct rxrun *x)
{
	size_t i;

	fprintf(fp, "Receive checksum per packet: whole calls, medians, %s "
	    "cache%s\n"
	    "%s (family %d model %d), timer %s at %.3f GHz\n",
	    cache_name(x->cache), x->cache ? " (the fix-up: hot)" : "",
	    rxrun_cpu_name(), ctx.cpu.family,
	    ctx.cpu.model, ctx.timer.name, ctx.timer.hz / 1e9);
	for (i = 0; i < x->nt; i++) {
		rxrun_table_head(fp, x, &x->t[i]);
		rxrun_each_kernel(x, i, rxrun_table_row, fp);
		fputs("  a packet into a user buffer, unfused (set beside "
		    "fused):\n", fp);
		rxrun_each_total(x, i, rxrun_table_row, fp);
	}
	rxrun_table_check(fp, x);
}

/*
 * One row of the rx schema (rfield.h): traffic i, a path through kernel
 * k, at rate j. The text fields point at what they show (a row written
 * is not freed: rtable_free is for rows read).
 */
static void
rxrun_csv_row(struct csv_writer *w, const struct rxrun *x, size_t i, int path,
    const char *name, size_t j, const struct fig *f)
{
	const struct rx_traffic *t = &x->t[i];
	struct rxrow row = {
		.cpu = (char *)rxrun_cpu_name(), .traffic = t->name,
		.segments = t->run_spec, .frame_bytes = t->frame_mean,
		.segment_bytes = t->seg_dist != NULL ? t->seg_dist->seq_mean :
		    t->seg_mean,
		.wire_bytes = t->wire, .path = (char *)path_names[path],
		.kernel = (char *)name,
		.cache = (char *)cache_name(path == P_COMPLETE ? CACHE_HOT :
		    x->cache),
		.src_align = path == P_COMPLETE ? 0 : x->src_off,
		.dst_align = path == P_COMPLETE ? 0 : x->dst_off,
		.unit = (char *)ctx.timer.unit, .timer_hz = ctx.timer.hz,
		.median = f->ticks, .ci_lo = f->lo, .ci_hi = f->hi,
		.ns_per_packet = f->ns, .packets_per_s = f->mpps * 1e6,
		.line_rate = x->rate[j],
		.line_packets_per_s = rx_pps(t, x->rate[j]),
		.core_pct = rxrun_pct(t, x->rate[j], f),
	};

	rtable_csv_row(w, rxfields, nrxfields, &row);
}

/* The CSV rows of one path: one per rate. */
static void
rxrun_csv_rows(const struct rxrun *x, size_t i, int path, const char *name,
    const struct fig *f, void *arg)
{
	size_t j;

	for (j = 0; j < x->nrates; j++)
		rxrun_csv_row(arg, x, i, path, name, j, f);
}

void
rxrun_csv(FILE *fp, const struct rxrun *x)
{
	struct csv_writer w;
	size_t i;

	csv_init(&w, fp);
	rtable_csv_header(&w, rxfields, nrxfields);
	for (i = 0; i < x->nt; i++)
		rxrun_each_row(x, i, rxrun_csv_rows, &w);
}

void
rxrun_free(struct rxrun *x)
{
	engine_free(x->pts, x->npts);
	free(x->pts);
	free(x->at);
	free(x->warm);
	free(x->hdr);
}
