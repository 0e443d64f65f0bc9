/*
 * rx.c - the receive-checksum scenario's traffic model (see rx.h).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "grid.h"
#include "rx.h"
#include "util.h"

size_t
rx_segment(size_t frame)
{
	if (frame <= RX_MIN_FRAME)
		return RX_ACK_SEGMENT;
	return frame - RX_ETH_HDR - RX_IPV4_HDR - RX_FCS;
}

double
rx_pps(const struct rx_traffic *t, double rate)
{
	return rate / (8 * t->wire);
}

/*
 * Room for one more traffic. The array holds the power of two at or
 * above *n, doubled when *n reaches it: a range of ten thousand frame
 * sizes is not ten thousand copies of a growing array.
 */
static struct rx_traffic *
add(struct rx_traffic **t, size_t *n, const char *name)
{
	struct rx_traffic *x;

	if ((*n & (*n - 1)) == 0)
		*t = xreallocarray(*t, *n ? 2 * *n : 1, sizeof(**t));
	x = &(*t)[(*n)++];
	memset(x, 0, sizeof(*x));
	x->name = xstrdup(name);
	return x;
}

/* A capture: each packet's own segment and frame. */
static int
capture_traffic(struct rx_traffic *x, const char *item, size_t skip, int seq,
    char *err, size_t errlen)
{
	struct capture c;
	uint32_t *seg;
	size_t i, n = 0;
	double frames = 0, f;
	int rc = -1;

	if (capture_read(item + skip, &c, err, errlen) != 0)
		return -1;
	seg = xcalloc(c.n, sizeof(*seg));
	for (i = 0; i < c.n; i++) {
		if (c.segment[i] == CAPTURE_NO_SEGMENT)
			continue;
		seg[n++] = c.segment[i];
		/* Captures leave the FCS out; short frames were padded. */
		f = (double)c.frame[i] + RX_FCS;
		frames += f < RX_MIN_FRAME ? RX_MIN_FRAME : f;
	}
	x->run_spec = xasprintf("pcap+l4%s:%s", seq ? "+seq" : "",
	    item + skip);
	x->seg_dist = xcalloc(1, sizeof(*x->seg_dist));
	if (n == 0)
		snprintf(err, errlen, "%s: none of its %zu packets is an IPv4 "
		    "or IPv6 packet with a whole transport segment",
		    item + skip, c.n);
	else if (dist_from_lengths(x->seg_dist, x->run_spec, seg, n, seq, err,
	    errlen) == 0) {
		x->seg_mean = x->seg_dist->mean;
		x->frame_mean = frames / (double)n;
		x->wire = x->frame_mean + RX_WIRE_EXTRA;
		x->packets = c.n;
		x->skipped = c.n - n;
		rc = 0;
	}
	free(seg);
	capture_free(&c);
	return rc;
}

/* A distribution of frames: the same weights on the segments. */
static int
dist_traffic(struct rx_traffic *x, const struct dist *d, char *err,
    size_t errlen)
{
	struct dist_bin *b = xcalloc(d->nbin, sizeof(*b));
	char *spec = xstrdup("mix:"), *t;
	size_t i;
	int rc;

	for (i = 0; i < d->nbin; i++) {
		b[i].size = rx_segment(d->bin[i].size);
		b[i].weight = d->bin[i].weight;
		t = xasprintf("%s%s%zux%.17g", spec, i ? "+" : "", b[i].size,
		    b[i].weight);
		free(spec);
		spec = t;
	}
	x->seg_dist = xcalloc(1, sizeof(*x->seg_dist));
	rc = dist_from_bins(x->seg_dist, spec, b, d->nbin, err, errlen);
	x->run_spec = spec;
	if (rc == 0) {
		x->seg_mean = x->seg_dist->mean;
		x->frame_mean = d->mean;
		x->wire = d->mean + RX_WIRE_EXTRA;
	}
	free(b);
	return rc;
}

/* The smallest frame of a grid item, for the 64-byte check. */
static size_t
smallest_frame(const struct grid *g)
{
	size_t i, min = (size_t)-1;

	if (g->n > 0)
		min = g->v[0];
	for (i = 0; i < g->ndist; i++)
		if (g->dist[i].bin[0].size < min)
			min = g->dist[i].bin[0].size;
	return min;
}

/* One item that is not a capture: frame sizes and distributions. */
static int
frame_item(struct rx_traffic **t, size_t *n, const char *item, char *err,
    size_t errlen)
{
	struct grid g;
	struct rx_traffic *x;
	char name[32];
	size_t i;
	int rc = 0;

	if (grid_parse(item, &g, err, errlen) != 0)
		return -1;
	if (g.npair > 0)
		snprintf(err, errlen, "rx: \"%s\": F/T shapes are csum_diff's, "
		    "not traffic", item);
	else if (smallest_frame(&g) < RX_MIN_FRAME)
		snprintf(err, errlen, "rx: \"%s\": a frame of %zu bytes is "
		    "shorter than Ethernet's minimum of %d (frames count the "
		    "FCS)", item, smallest_frame(&g), RX_MIN_FRAME);
	if (g.npair > 0 || smallest_frame(&g) < RX_MIN_FRAME) {
		grid_free(&g);
		return -1;
	}
	for (i = 0; i < g.n; i++) {
		snprintf(name, sizeof(name), "%zu", g.v[i]);
		x = add(t, n, name);
		x->seg = rx_segment(g.v[i]);
		x->seg_mean = (double)x->seg;
		x->frame_mean = (double)g.v[i];
		x->wire = x->frame_mean + RX_WIRE_EXTRA;
		x->run_spec = xasprintf("%zu", x->seg);
	}
	for (i = 0; i < g.ndist && rc == 0; i++)
		rc = dist_traffic(add(t, n, g.dist[i].name), &g.dist[i], err,
		    errlen);
	grid_free(&g);
	return rc;
}

int
rx_traffic_parse(const char *spec, struct rx_traffic **t, size_t *n,
    char *err, size_t errlen)
{
	char *copy = xstrdup(spec), *item, *save = NULL, *e;
	size_t skip;
	int l4, seq, rc = 0;

	*t = NULL;
	*n = 0;
	for (item = strtok_r(copy, ",", &save); item != NULL && rc == 0;
	    item = strtok_r(NULL, ",", &save)) {
		while (isblank((unsigned char)*item))
			item++;
		for (e = item + strlen(item); e > item &&
		    isblank((unsigned char)e[-1]); )
			*--e = '\0';
		if (dist_pcap_prefix(item, strlen(item), &l4, &seq, &skip))
			rc = capture_traffic(add(t, n, item), item, skip, seq,
			    err, errlen);
		else
			rc = frame_item(t, n, item, err, errlen);
	}
	if (rc == 0 && *n == 0) {
		snprintf(err, errlen, "rx: no traffic in \"%s\"", spec);
		rc = -1;
	}
	free(copy);
	if (rc != 0) {
		plain_line(err);	/* it quotes the spec */
		rx_traffic_free(*t, *n);
		*t = NULL;
		*n = 0;
	}
	return rc;
}

void
rx_traffic_free(struct rx_traffic *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(t[i].name);
		free(t[i].run_spec);
		if (t[i].seg_dist != NULL)
			dist_free(t[i].seg_dist);
		free(t[i].seg_dist);
	}
	free(t);
}

/* One rate: a number, then k, M, G or T (powers of 1000). */
static int
rate_item(const char *s, double *r)
{
	static const char units[] = "kMGT";
	char *end;
	const char *u;
	double mul = 1;

	if (!isdigit((unsigned char)*s) && *s != '.')
		return -1;
	errno = 0;
	*r = strtod(s, &end);
	if (end == s || errno != 0)
		return -1;
	if (*end != '\0') {
		u = strchr(units, *end == 'K' ? 'k' : *end);
		if (u == NULL || end[1] != '\0')
			return -1;
		mul = pow(1000, (double)(u - units + 1));
	}
	*r *= mul;
	return isfinite(*r) && *r > 0 && *r <= 1e15 ? 0 : -1;
}

int
rx_rates_parse(const char *spec, double *r, size_t max, size_t *n, char *err,
    size_t errlen)
{
	char *copy = xstrdup(spec), *item, *save = NULL;
	int rc = 0;

	*n = 0;
	for (item = strtok_r(copy, ",", &save); item != NULL && rc == 0;
	    item = strtok_r(NULL, ",", &save)) {
		if (*n == max) {
			snprintf(err, errlen, "--line-rate: more than %zu rates",
			    max);
			rc = -1;
		} else if (rate_item(item, &r[*n]) != 0) {
			snprintf(err, errlen, "--line-rate: \"%s\" is not a rate "
			    "in bits per second (e.g. 1G, 2.5G, 100M)", item);
			rc = -1;
		} else
			(*n)++;
	}
	if (rc == 0 && *n == 0) {
		snprintf(err, errlen, "--line-rate: no rate in \"%s\"", spec);
		rc = -1;
	}
	if (rc != 0)
		plain_line(err);	/* it quotes the argument */
	free(copy);
	return rc;
}

const char *
rx_rate_label(double rate, char *buf, size_t len)
{
	static const char units[] = " kMGT";
	int u = 0;

	while (u < 4 && rate >= 1000) {
		rate /= 1000;
		u++;
	}
	snprintf(buf, len, "%g%.*s", rate, u > 0, units + u);
	return buf;
}
