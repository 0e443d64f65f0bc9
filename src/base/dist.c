/*
 * dist.c - size distributions (see dist.h): presets, distribution files,
 * captures, and the sequence of sizes the timed calls take.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "dist.h"
#include "rng.h"
#include "util.h"

/*
 * The presets are lists of Ethernet frame lengths in bytes, FCS included
 * (64 is the minimum frame, 1518 the largest at a 1500-byte MTU), each with
 * its weight: the sizes a call of `run` takes. `rx` reads them as the
 * frames of the traffic and checksums the transport segments they carry.
 * Frame arithmetic: 14 bytes of Ethernet header, 20 of IPv4 header, 4 of
 * FCS; a TCP header is 20 bytes, 32 with the timestamp option Linux uses.
 */
const struct dist_preset dist_presets[] = {
	{ .name = "imix",
	  .spec = "mix:64x7+594x4+1518x1",
	  .about = "the simple IMIX: 64, 594 and 1518-byte frames 7:4:1 (IP "
	      "packets of 40, 576 and 1500 bytes); mean 361.83 bytes" },
	{ .name = "tcp-bulk",
	  .spec = "mix:1518x2+70",
	  .about = "both directions of a bulk TCP transfer at a 1500-byte MTU "
	      "with delayed ACKs: two 1518-byte data frames per 70-byte ACK "
	      "(timestamps on); mean 1035.33 bytes" },
	{ .name = "jumbo",
	  .spec = "mix:9018x2+70",
	  .about = "the same at a 9000-byte MTU: two 9018-byte jumbo frames "
	      "per 70-byte ACK; mean 6035.33 bytes" },
	{ .name = "tcp-ack",
	  .spec = "mix:64+70x8+82",
	  .about = "pure ACKs, what a bulk sender receives: 70 bytes with "
	      "timestamps, a tenth with one SACK block (82), a tenth without "
	      "options (64, padded); mean 70.6 bytes" },
	{ .name = NULL, .spec = NULL, .about = NULL }
};

static const struct dist_preset *
find_preset(const char *s, size_t len)
{
	const struct dist_preset *p;

	for (p = dist_presets; p->name != NULL; p++)
		if (strlen(p->name) == len && memcmp(p->name, s, len) == 0)
			return p;
	return NULL;
}

int
dist_pcap_prefix(const char *s, size_t len, int *l4, int *seq, size_t *skip)
{
	size_t i = 4;

	*l4 = *seq = 0;
	if (len < 5 || memcmp(s, "pcap", 4) != 0)
		return 0;
	for (;;) {
		if (i < len && s[i] == ':') {
			*skip = i + 1;
			return 1;
		}
		if (len - i >= 3 && memcmp(s + i, "+l4", 3) == 0 && !*l4) {
			*l4 = 1;
			i += 3;
		} else if (len - i >= 4 && memcmp(s + i, "+seq", 4) == 0 &&
		    !*seq) {
			*seq = 1;
			i += 4;
		} else
			return 0;
	}
}

int
dist_item(const char *s, size_t len)
{
	int l4, seq;
	size_t skip;

	return (len > 0 && s[0] == '@') || find_preset(s, len) != NULL ||
	    (len >= 4 && memcmp(s, "mix:", 4) == 0) ||
	    dist_pcap_prefix(s, len, &l4, &seq, &skip);
}

static int
cmp_bin(const void *a, const void *b)
{
	const struct dist_bin *x = a, *y = b;

	return (x->size > y->size) - (x->size < y->size);
}

#define DIST_WEIGHT_BIG	1e200
#define DIST_LINE_MAX	1023	/* bytes of an @FILE line, its newline too */

/*
 * Sort the bins, merge equal sizes, drop zero weights, and compute the
 * mean and the largest size. -1 with err if no weight is left.
 */
static int
finish_bins(struct dist *d, char *err, size_t errlen)
{
	size_t i, j;
	double w = 0, sum = 0, most = 0;

	/*
	 * Weights are relative: huge ones are scaled down to at most 1, so
	 * that their sums stay finite (1e308 + 1e308 is inf, and a mean of
	 * inf / inf no size at all). Weights of usual sizes stay exact.
	 */
	for (i = 0; i < d->nbin; i++)
		if (d->bin[i].weight > most)
			most = d->bin[i].weight;
	if (most > DIST_WEIGHT_BIG)
		for (i = 0; i < d->nbin; i++)
			d->bin[i].weight /= most;
	qsort(d->bin, d->nbin, sizeof(*d->bin), cmp_bin);
	for (i = 0, j = 0; i < d->nbin; i++) {
		if (!(d->bin[i].weight > 0))
			continue;
		if (j > 0 && d->bin[j - 1].size == d->bin[i].size)
			d->bin[j - 1].weight += d->bin[i].weight;
		else
			d->bin[j++] = d->bin[i];
	}
	d->nbin = j;
	if (j == 0) {
		snprintf(err, errlen, "no size has a weight above 0");
		return -1;
	}
	for (i = 0; i < d->nbin; i++) {
		w += d->bin[i].weight;
		sum += d->bin[i].weight * (double)d->bin[i].size;
	}
	/* Rounding can put sum / w an ulp outside the sizes (one size of
	 * weight 0.6415): the mean of sizes is never outside them. */
	d->max = d->bin[d->nbin - 1].size;
	d->mean = fmin(fmax(sum / w, (double)d->bin[0].size), (double)d->max);
	return 0;
}

static void
add_bin(struct dist *d, size_t *cap, size_t size, double weight)
{
	if (d->nbin == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		d->bin = xreallocarray(d->bin, *cap, sizeof(*d->bin));
	}
	d->bin[d->nbin].size = size;
	d->bin[d->nbin++].weight = weight;
}

/* A size: decimal digits only, at most DIST_MAX_SIZE. */
static int
parse_size(const char *s, size_t len, size_t *v)
{
	size_t i, x = 0;

	if (len == 0)
		return -1;
	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		x = x * 10 + (size_t)(s[i] - '0');
		if (x > DIST_MAX_SIZE)
			return -2;
	}
	*v = x;
	return 0;
}

/* A weight: a plain decimal number >= 0 (no sign, hex, inf or nan). */
static int
parse_weight(const char *s, size_t len, double *v)
{
	char buf[64], *end;
	size_t i;

	if (len == 0 || len >= sizeof(buf) ||
	    !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return -1;
	for (i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]) && strchr(".eE+-", s[i]) ==
		    NULL)
			return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*v = strtod(buf, &end);
	return *end == '\0' && errno == 0 && isfinite(*v) ? 0 : -1;
}

/* mix:SIZE[xWEIGHT]+...: the sizes and weights written inline. */
static int
mix_bins(struct dist *d, const char *s, size_t len, char *err, size_t errlen)
{
	const char *end = s + len, *t, *x;
	size_t cap = 0, size;
	double w;
	int rc;

	for (s += 4; ; s = t + 1) {
		t = memchr(s, '+', (size_t)(end - s));
		if (t == NULL)
			t = end;
		x = memchr(s, 'x', (size_t)(t - s));
		w = 1;
		if ((rc = parse_size(s, (size_t)((x ? x : t) - s), &size)) != 0) {
			snprintf(err, errlen, "size \"%.*s\" %s", (int)((x ? x :
			    t) - s), s, rc == -2 ? "is above 1G" :
			    "is not a whole number");
			return -1;
		}
		if (x != NULL && parse_weight(x + 1, (size_t)(t - x - 1), &w) !=
		    0) {
			snprintf(err, errlen, "weight \"%.*s\" is not a number "
			    ">= 0", (int)(t - x - 1), x + 1);
			return -1;
		}
		add_bin(d, &cap, size, w);
		if (t == end)
			return 0;
	}
}

/* One line of a distribution file: "SIZE [WEIGHT]", blanks or a comma. */
static int
file_line(struct dist *d, size_t *cap, const char *path, size_t lineno,
    char *line, char *err, size_t errlen)
{
	char *f[3], *p = line, *h = strchr(line, '#');
	size_t nf = 0, size;
	double w = 1;
	int rc;

	if (h != NULL)
		*h = '\0';
	while (nf < 3) {
		p += strspn(p, " \t\r\n,");
		if (*p == '\0')
			break;
		f[nf++] = p;
		p += strcspn(p, " \t\r\n,");
		if (*p != '\0')
			*p++ = '\0';
	}
	if (nf == 0)
		return 0;
	if (nf == 3) {
		snprintf(err, errlen, "%s:%zu: more than a size and a weight",
		    path, lineno);
		return -1;
	}
	if ((rc = parse_size(f[0], strlen(f[0]), &size)) != 0) {
		snprintf(err, errlen, "%s:%zu: size \"%s\" %s", path, lineno,
		    f[0], rc == -2 ? "is above 1G" : "is not a whole number");
		return -1;
	}
	if (nf == 2 && parse_weight(f[1], strlen(f[1]), &w) != 0) {
		snprintf(err, errlen, "%s:%zu: weight \"%s\" is not a number "
		    ">= 0", path, lineno, f[1]);
		return -1;
	}
	add_bin(d, cap, size, w);
	return 0;
}

/* @FILE: one "SIZE [WEIGHT]" per line; '#' starts a comment. */
static int
file_bins(struct dist *d, const char *path, char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0, lcap = 0;
	ssize_t len;
	FILE *fp = fopen(path, "r");
	int rc = 0;

	if (fp == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (rc == 0 && (len = getline(&line, &lcap, fp)) >= 0) {
		lineno++;
		if (memchr(line, '\0', (size_t)len) != NULL) {
			snprintf(err, errlen, "%s:%zu: a NUL byte (not a text "
			    "file?)", path, lineno);
			rc = -1;
		} else if (len > DIST_LINE_MAX) {
			snprintf(err, errlen, "%s:%zu: line longer than %d "
			    "bytes", path, lineno, DIST_LINE_MAX - 1);
			rc = -1;
		} else
			rc = file_line(d, &cap, path, lineno, line, err,
			    errlen);
	}
	free(line);
	if (rc == 0 && ferror(fp)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	fclose(fp);
	if (rc == 0 && d->nbin == 0) {
		snprintf(err, errlen, "%s: no sizes", path);
		rc = -1;
	}
	return rc;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

int
dist_from_lengths(struct dist *d, const char *name, const uint32_t *len,
    size_t n, int ordered, char *err, size_t errlen)
{
	uint32_t *s = xcalloc(n ? n : 1, sizeof(*s));
	size_t i, cap = 0, run;

	memset(d, 0, sizeof(*d));
	d->name = xstrdup(name);
	memcpy(s, len, n * sizeof(*s));
	if (ordered) {
		/* The first DIST_SEQ_LEN, in order. */
		d->norder = n < DIST_SEQ_LEN ? n : DIST_SEQ_LEN;
		d->order = xcalloc(d->norder ? d->norder : 1, sizeof(*s));
		memcpy(d->order, len, d->norder * sizeof(*s));
		n = d->norder;
	}
	qsort(s, n, sizeof(*s), cmp_u32);
	for (i = 0; i < n; i += run) {
		for (run = 1; i + run < n && s[i + run] == s[i]; run++)
			;
		add_bin(d, &cap, s[i], (double)run);
	}
	free(s);
	if (finish_bins(d, err, errlen) != 0 || d->max > DIST_MAX_SIZE) {
		if (d->nbin > 0)
			snprintf(err, errlen, "a length is above 1G");
		dist_free(d);
		return -1;
	}
	return 0;
}

int
dist_from_bins(struct dist *d, const char *name, const struct dist_bin *bin,
    size_t n, char *err, size_t errlen)
{
	size_t i, cap = 0;

	memset(d, 0, sizeof(*d));
	d->name = xstrdup(name);
	for (i = 0; i < n; i++)
		add_bin(d, &cap, bin[i].size, bin[i].weight);
	if (finish_bins(d, err, errlen) != 0) {
		dist_free(d);
		return -1;
	}
	return 0;
}

/* pcap[+l4][+seq]:FILE */
static int
pcap_dist(struct dist *d, const char *name, const char *path, int l4,
    int seq, char *err, size_t errlen)
{
	struct capture c;
	uint32_t *len;
	size_t i, n = 0;
	int rc;

	if (capture_read(path, &c, err, errlen) != 0)
		return -1;
	len = l4 ? xcalloc(c.n, sizeof(*len)) : c.frame;
	if (l4) {
		for (i = 0; i < c.n; i++)
			if (c.segment[i] != CAPTURE_NO_SEGMENT)
				len[n++] = c.segment[i];
	} else
		n = c.n;
	if (n == 0) {
		snprintf(err, errlen, "%s: none of its %zu packets is an IPv4 "
		    "or IPv6 packet with a whole transport segment", path, c.n);
		rc = -1;
	} else
		rc = dist_from_lengths(d, name, len, n, seq, err, errlen);
	if (rc == 0) {
		d->packets = c.n;
		d->skipped = c.n - n;
	}
	if (l4)
		free(len);
	capture_free(&c);
	return rc;
}

int
dist_parse(const char *s, size_t len, struct dist *d, char *err,
    size_t errlen)
{
	const struct dist_preset *p = find_preset(s, len);
	char *name = xcalloc(len + 1, 1);
	int l4, seq, rc = 0;
	size_t skip;

	memcpy(name, s, len);
	memset(d, 0, sizeof(*d));
	if (dist_pcap_prefix(s, len, &l4, &seq, &skip)) {
		if (skip == len) {
			snprintf(err, errlen, "no file name after ':'");
			rc = -1;
		} else
			rc = pcap_dist(d, name, name + skip, l4, seq, err,
			    errlen);
		if (rc != 0)
			plain_line(err);
		free(name);
		return rc;
	}
	d->name = name;
	if (p != NULL)
		rc = mix_bins(d, p->spec, strlen(p->spec), err, errlen);
	else if (len >= 4 && memcmp(s, "mix:", 4) == 0)
		rc = mix_bins(d, s, len, err, errlen);
	else if (len < 2) {
		snprintf(err, errlen, "no file name after '@'");
		rc = -1;
	} else
		rc = file_bins(d, name + 1, err, errlen);
	if (rc == 0)
		rc = finish_bins(d, err, errlen);
	if (rc != 0) {
		dist_free(d);
		plain_line(err);
	}
	return rc;
}

/* Is every weight whole, and their sum at most DIST_EXACT_MAX? The sum. */
static size_t
whole_weights(const struct dist *d)
{
	double w = 0;
	size_t i;

	for (i = 0; i < d->nbin; i++) {
		if (d->bin[i].weight != floor(d->bin[i].weight))
			return 0;
		w += d->bin[i].weight;
	}
	return w <= DIST_EXACT_MAX ? (size_t)w : 0;
}

/* Largest remainder first; ties to the smaller size (the lower index). */
static const double *rem_order;

static int
cmp_rem(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (rem_order[x] != rem_order[y])
		return rem_order[x] > rem_order[y] ? -1 : 1;
	return (x > y) - (x < y);
}

/* How often each bin appears in len calls, by largest remainders. */
static size_t *
apportion(const struct dist *d, size_t len)
{
	size_t *c = xcalloc(d->nbin, sizeof(*c)), *ix, i, used = 0;
	double w = 0, *rem = xcalloc(d->nbin, sizeof(*rem)), q;

	ix = xcalloc(d->nbin, sizeof(*ix));
	for (i = 0; i < d->nbin; i++)
		w += d->bin[i].weight;
	for (i = 0; i < d->nbin; i++) {
		q = d->bin[i].weight / w * (double)len;
		c[i] = (size_t)floor(q);
		rem[i] = q - floor(q);
		used += c[i];
		ix[i] = i;
	}
	rem_order = rem;
	qsort(ix, d->nbin, sizeof(*ix), cmp_rem);
	for (i = 0; used < len && i < d->nbin; i++, used++)
		c[ix[i]]++;
	free(ix);
	free(rem);
	return c;
}

static void
shuffle(uint32_t *v, size_t n, uint64_t *s)
{
	size_t i, k;
	uint32_t t;

	for (i = n; i > 1; i--) {
		k = (size_t)(rng_next(s) % i);
		t = v[i - 1];
		v[i - 1] = v[k];
		v[k] = t;
	}
}

/* n calls of each bin's counts c[], in a random order, into v. */
static void
fill(const struct dist *d, const size_t *c, uint32_t *v, size_t n,
    uint64_t *s)
{
	size_t i, j, k = 0;

	for (i = 0; i < d->nbin; i++)
		for (j = 0; j < c[i] && k < n; j++)
			v[k++] = (uint32_t)d->bin[i].size;
	shuffle(v, n, s);
}

void
dist_draw(struct dist *d, uint64_t seed)
{
	size_t i, b, wsum = whole_weights(d), *c;
	uint64_t s = seed ^ UINT64_C(0x6469737472696275);	/* "distribu" */
	double sum = 0;

	if (d->seq != NULL)
		return;
	d->block = wsum > 0 && d->order == NULL ?
	    wsum * ((DIST_BLOCK_MIN + wsum - 1) / wsum) : DIST_BLOCK_MIN;
	d->nseq = d->block * ((DIST_SEQ_LEN + d->block - 1) / d->block);
	d->seq = xcalloc(d->nseq, sizeof(*d->seq));
	if (d->order != NULL) {
		/* The source's order, repeated as often as it takes. */
		for (i = 0; i < d->nseq; i++)
			d->seq[i] = d->order[i % d->norder];
	} else if (wsum > 0) {
		/* Every block exactly in proportion, each in its own order. */
		c = xcalloc(d->nbin, sizeof(*c));
		for (i = 0; i < d->nbin; i++)
			c[i] = (size_t)d->bin[i].weight * (d->block / wsum);
		for (b = 0; b < d->nseq; b += d->block)
			fill(d, c, d->seq + b, d->block, &s);
		free(c);
	} else {
		c = apportion(d, d->nseq);
		fill(d, c, d->seq, d->nseq, &s);
		free(c);
	}
	for (i = 0; i < d->nseq; i++)
		sum += d->seq[i];
	d->seq_mean = sum / (double)d->nseq;
}

void
dist_free(struct dist *d)
{
	free(d->name);
	free(d->bin);
	free(d->order);
	free(d->seq);
	memset(d, 0, sizeof(*d));
}
