/*
 * load.c - reading results files back (see load.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "json.h"
#include "load.h"
#include "stats.h"
#include "util.h"

static int
load_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
load_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s: %s", path, msg);
	return -1;
}

static void
rpoint_free(struct rpoint *p)
{
	free(p->family);
	free(p->kernel);
	free(p->isa);
	free(p->cache);
	free(p->mode);
	free(p->unit);
	free(p->samples);
}

void
load_free(struct rset *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		rpoint_free(&rs->p[i]);
	free(rs->p);
	free(rs->path);
	provenance_free(&rs->prov);
	memset(rs, 0, sizeof(*rs));
}

static void	load_finish(struct rset *);

static struct rpoint *
load_add_point(struct rset *rs)
{
	struct rpoint *p;

	rs->p = xreallocarray(rs->p, rs->n + 1, sizeof(*rs->p));
	p = &rs->p[rs->n++];
	memset(p, 0, sizeof(*p));
	stats_compute(NULL, 0, &p->st);		/* every statistic NaN */
	p->hz = p->overhead = p->floor = NAN;
	p->run_lo = p->run_hi = NAN;
	return p;
}

/* dst: a copy of src that owns its strings and samples. */
static void
rpoint_copy(struct rpoint *dst, const struct rpoint *src)
{
	*dst = *src;
	dst->family = xstrdup(src->family);
	dst->kernel = xstrdup(src->kernel);
	dst->isa = xstrdup(src->isa);
	dst->cache = xstrdup(src->cache);
	dst->mode = xstrdup(src->mode);
	dst->unit = xstrdup(src->unit);
	if (src->samples != NULL) {
		dst->samples = xcalloc(src->n + 1, sizeof(double));
		memcpy(dst->samples, src->samples, src->n * sizeof(double));
	}
}

void
load_copy(struct rset *dst, const struct rset *src)
{
	size_t i, k;

	memset(dst, 0, sizeof(*dst));
	dst->path = xstrdup(src->path);
	dst->has_samples = src->has_samples;
	dst->p = xcalloc(src->n + 1, sizeof(*dst->p));
	dst->n = src->n;
	for (i = 0; i < src->n; i++)
		rpoint_copy(&dst->p[i], &src->p[i]);
	for (k = 0; k < src->prov.n; k++)
		provenance_set(&dst->prov, src->prov.v[k].key, "%s",
		    src->prov.v[k].value);
}

const char *
load_meta(const struct rset *rs, const char *key)
{
	const char *v = provenance_get(&rs->prov, key);

	return v != NULL ? v : "";
}

size_t
load_rel_align(const struct rpoint *p)
{
	return (p->src_align - p->dst_align) & 7;
}

double
load_gbps(const struct rpoint *p)
{
	double med = p->st.median;

	if (!(med > 0))
		return NAN;
	if (strcmp(p->unit, "ns") == 0)
		return (double)p->size / med;
	if (!(p->hz > 0))
		return NAN;
	return (double)p->size / (med / p->hz) / 1e9;
}

void
load_from_points(struct rset *rs, const struct point *pts, size_t n,
    const struct timer_info *ti)
{
	size_t i;

	memset(rs, 0, sizeof(*rs));
	rs->path = xstrdup("this run");
	rs->has_samples = 1;
	for (i = 0; i < n; i++) {
		const struct point *q = &pts[i];
		struct rpoint *p = load_add_point(rs);

		p->family = xstrdup(family_name(q->k->family));
		p->kernel = xstrdup(q->k->name);
		p->isa = xstrdup(q->k->isa);
		p->size = q->size;
		p->src_align = q->src_off;
		p->dst_align = q->dst_off;
		p->cache = xstrdup(cache_name(q->cache));
		p->mode = xstrdup(mode_name(q->mode));
		p->unit = xstrdup(ti->unit);
		p->hz = ti->hz > 0 ? ti->hz : NAN;
		p->n = q->nsamples;
		p->batch = q->batch;
		p->samples = xcalloc(q->nsamples, sizeof(double));
		memcpy(p->samples, q->samples, q->nsamples * sizeof(double));
		p->st = q->st;
		p->overhead = q->overhead;
	}
	load_finish(rs);
}

static int
parse_num(const char *s, double *out)
{
	char *end;

	if (*s == '\0') {
		*out = NAN;	/* the writers' way of saying "not finite" */
		return 0;
	}
	errno = 0;
	*out = strtod(s, &end);
	return *end != '\0' || errno == ERANGE ? -1 : 0;
}

static int
parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > (size_t)-1)
		return -1;
	*out = (size_t)v;
	return 0;
}

enum {
	C_FAMILY, C_KERNEL, C_ISA, C_SIZE, C_SRC, C_DST, C_CACHE, C_MODE,
	C_UNIT, C_N, C_BATCH, C_MIN, C_MEDIAN, C_MEAN, C_STDDEV, C_MAD, C_CILO, C_CIHI,
	C_Q1, C_Q3, C_MAX, C_HZ, C_OVERHEAD, C_NCOLS
};

static const struct {
	const char *name;
	int required;
} csv_cols[C_NCOLS] = {
	[C_FAMILY] = { "family", 1 }, [C_KERNEL] = { "kernel", 1 },
	[C_ISA] = { "isa", 0 }, [C_SIZE] = { "size", 1 },
	[C_SRC] = { "src_align", 1 }, [C_DST] = { "dst_align", 1 },
	[C_CACHE] = { "cache", 1 }, [C_MODE] = { "mode", 0 },
	[C_UNIT] = { "unit", 1 }, [C_N] = { "samples", 0 },
	[C_BATCH] = { "batch", 0 },
	[C_MIN] = { "min", 0 }, [C_MEDIAN] = { "median", 1 },
	[C_MEAN] = { "mean", 0 }, [C_STDDEV] = { "stddev", 0 },
	[C_MAD] = { "mad", 0 }, [C_CILO] = { "ci_lo", 0 },
	[C_CIHI] = { "ci_hi", 0 }, [C_Q1] = { "q1", 0 }, [C_Q3] = { "q3", 0 },
	[C_MAX] = { "max", 0 },
	[C_HZ] = { "timer_hz", 0 }, [C_OVERHEAD] = { "overhead", 0 },
};

static int
load_csv(FILE *fp, struct rset *rs, char *err, size_t errlen)
{
	struct csv_reader r;
	char cerr[160];
	int col[C_NCOLS], nf, header_nf, i, j, rc = -1;

	csv_reader_init(&r, fp);
	nf = csv_read_record(&r, cerr, sizeof(cerr));
	if (nf < 0) {
		load_fail(err, errlen, rs->path, "%s", cerr);
		goto out;
	}
	if (nf == 0) {
		load_fail(err, errlen, rs->path, "empty file");
		goto out;
	}
	header_nf = nf;
	for (i = 0; i < C_NCOLS; i++) {
		col[i] = -1;
		for (j = 0; j < nf; j++)
			if (strcmp(r.fields[j], csv_cols[i].name) == 0)
				col[i] = j;
		if (col[i] < 0 && csv_cols[i].required) {
			load_fail(err, errlen, rs->path, "not a csumbench "
			    "results file: no column \"%s\"", csv_cols[i].name);
			goto out;
		}
	}
	while ((nf = csv_read_record(&r, cerr, sizeof(cerr))) > 0) {
		struct rpoint *p;
		double n = NAN, batch = NAN;

		if (nf == 1 && r.fields[0][0] == '\0')
			continue;	/* a blank line */
		if (nf != header_nf) {
			load_fail(err, errlen, rs->path, "line %lu has %d "
			    "fields, the header %d", r.line, nf, header_nf);
			goto out;
		}
		p = load_add_point(rs);
		p->family = xstrdup(r.fields[col[C_FAMILY]]);
		p->kernel = xstrdup(r.fields[col[C_KERNEL]]);
		p->isa = xstrdup(col[C_ISA] >= 0 ? r.fields[col[C_ISA]] : "");
		p->cache = xstrdup(r.fields[col[C_CACHE]]);
		p->mode = xstrdup(col[C_MODE] >= 0 ? r.fields[col[C_MODE]] :
		    "throughput");
		p->unit = xstrdup(r.fields[col[C_UNIT]]);
		if (parse_size(r.fields[col[C_SIZE]], &p->size) != 0 ||
		    parse_size(r.fields[col[C_SRC]], &p->src_align) != 0 ||
		    parse_size(r.fields[col[C_DST]], &p->dst_align) != 0) {
			load_fail(err, errlen, rs->path, "line %lu: size or "
			    "alignment is not a whole number", r.line);
			goto out;
		}
#define NUM(c, dst) do {						\
		if (col[c] >= 0 &&					\
		    parse_num(r.fields[col[c]], &(dst)) != 0) {		\
			load_fail(err, errlen, rs->path, "line %lu: "	\
			    "column %s: expected a number, got \"%s\"",	\
			    r.line, csv_cols[c].name, r.fields[col[c]]); \
			goto out;					\
		}							\
	} while (0)
		NUM(C_N, n);
		NUM(C_BATCH, batch);
		NUM(C_MIN, p->st.min);
		NUM(C_MEDIAN, p->st.median);
		NUM(C_MEAN, p->st.mean);
		NUM(C_STDDEV, p->st.stddev);
		NUM(C_MAD, p->st.mad);
		NUM(C_CILO, p->st.ci_lo);
		NUM(C_CIHI, p->st.ci_hi);
		NUM(C_Q1, p->st.q1);
		NUM(C_Q3, p->st.q3);
		NUM(C_MAX, p->st.max);
		NUM(C_HZ, p->hz);
		NUM(C_OVERHEAD, p->overhead);
#undef NUM
		p->n = n >= 0 ? (size_t)n : 0;
		p->batch = batch >= 0 ? (size_t)batch : 0;
		p->st.n = p->n;
		if (p->family[0] == '\0' || p->kernel[0] == '\0') {
			load_fail(err, errlen, rs->path, "line %lu: empty "
			    "family or kernel", r.line);
			goto out;
		}
	}
	if (nf < 0) {
		load_fail(err, errlen, rs->path, "%s", cerr);
		goto out;
	}
	rc = 0;
out:
	csv_reader_free(&r);
	return rc;
}

/* Members of one benchmark entry. */
static const char *
jstr(const struct json *o, const char *key, int required, const char **why)
{
	const struct json *v = json_get(o, key);

	if (v == NULL) {
		if (required)
			*why = "missing";
		return NULL;
	}
	if (v->type != JSON_STRING) {
		*why = "not a string";
		return NULL;
	}
	return v->str;
}

static int
jnum(const struct json *o, const char *key, double *out)
{
	const struct json *v = json_get(o, key);

	*out = NAN;
	if (v == NULL || v->type == JSON_NULL)
		return 0;
	if (v->type != JSON_NUMBER)
		return -1;
	*out = v->num;
	return 0;
}

static int
jsize(const struct json *o, const char *key, size_t *out)
{
	const struct json *v = json_get(o, key);

	if (v == NULL || v->type != JSON_NUMBER || v->num < 0 ||
	    v->num != floor(v->num) || v->num > 1e18)
		return -1;
	*out = (size_t)v->num;
	return 0;
}

static int
load_json_doc(const struct json *doc, struct rset *rs, char *err,
    size_t errlen)
{
	const struct json *ctx, *bm;
	size_t i, k;
	char buf[64];

	if (doc->type != JSON_OBJECT)
		return load_fail(err, errlen, rs->path, "the top level is %s, "
		    "not an object", json_type_name(doc->type));
	ctx = json_get(doc, "context");
	if (ctx != NULL) {
		if (ctx->type != JSON_OBJECT)
			return load_fail(err, errlen, rs->path, "\"context\" "
			    "is not an object");
		for (i = 0; i < ctx->n; i++) {
			const struct json *v = &ctx->items[i];

			if (v->type == JSON_STRING)
				provenance_set(&rs->prov, ctx->keys[i], "%s",
				    v->str);
			else if (v->type == JSON_NUMBER)
				provenance_set(&rs->prov, ctx->keys[i], "%s",
				    csv_format_double(v->num, buf,
				    sizeof(buf)));
		}
	}
	bm = json_get(doc, "benchmarks");
	if (bm == NULL || bm->type != JSON_ARRAY)
		return load_fail(err, errlen, rs->path, "no \"benchmarks\" "
		    "array");
	rs->has_samples = bm->n > 0;
	for (i = 0; i < bm->n; i++) {
		const struct json *o = &bm->items[i], *s;
		const char *why = NULL, *f, *kn, *isa, *cache, *mode, *unit;
		struct rpoint *p;
		double n, batch;

		if (o->type != JSON_OBJECT)
			return load_fail(err, errlen, rs->path, "benchmarks[%zu] "
			    "is not an object", i);
#define STR(var, key, req) do {						\
		var = jstr(o, key, req, &why);				\
		if (why != NULL)					\
			return load_fail(err, errlen, rs->path,		\
			    "benchmarks[%zu]: \"%s\" is %s", i, key, why); \
	} while (0)
		STR(f, "family", 1);
		STR(kn, "kernel", 1);
		STR(isa, "isa", 0);
		STR(cache, "cache", 1);
		STR(mode, "mode", 0);
		STR(unit, "unit", 1);
#undef STR
		p = load_add_point(rs);
		p->family = xstrdup(f);
		p->kernel = xstrdup(kn);
		p->isa = xstrdup(isa ? isa : "");
		p->cache = xstrdup(cache);
		p->mode = xstrdup(mode ? mode : "throughput");
		p->unit = xstrdup(unit);
		if (jsize(o, "size", &p->size) != 0 ||
		    jsize(o, "src_align", &p->src_align) != 0 ||
		    jsize(o, "dst_align", &p->dst_align) != 0)
			return load_fail(err, errlen, rs->path, "benchmarks[%zu]:"
			    " size, src_align or dst_align missing or not a "
			    "whole number", i);
		if (jnum(o, "timer_hz", &p->hz) != 0 ||
		    jnum(o, "repetitions", &n) != 0 ||
		    jnum(o, "batch", &batch) != 0 ||
		    jnum(o, "min", &p->st.min) != 0 ||
		    jnum(o, "median", &p->st.median) != 0 ||
		    jnum(o, "mean", &p->st.mean) != 0 ||
		    jnum(o, "stddev", &p->st.stddev) != 0 ||
		    jnum(o, "mad", &p->st.mad) != 0 ||
		    jnum(o, "ci_lo", &p->st.ci_lo) != 0 ||
		    jnum(o, "ci_hi", &p->st.ci_hi) != 0 ||
		    jnum(o, "q1", &p->st.q1) != 0 ||
		    jnum(o, "q3", &p->st.q3) != 0 ||
		    jnum(o, "max", &p->st.max) != 0 ||
		    jnum(o, "overhead", &p->overhead) != 0)
			return load_fail(err, errlen, rs->path, "benchmarks[%zu]:"
			    " a statistic is not a number", i);
		p->n = n >= 0 ? (size_t)n : 0;
		p->batch = batch >= 0 ? (size_t)batch : 0;
		p->st.n = p->n;
		s = json_get(o, "samples");
		if (s != NULL && s->type != JSON_ARRAY)
			return load_fail(err, errlen, rs->path, "benchmarks[%zu]:"
			    " \"samples\" is not an array", i);
		if (s == NULL || s->n == 0) {
			rs->has_samples = 0;
			if (isnan(p->st.median))
				return load_fail(err, errlen, rs->path,
				    "benchmarks[%zu]: neither samples nor a "
				    "median", i);
			continue;
		}
		p->n = s->n;
		p->samples = xcalloc(s->n, sizeof(double));
		for (k = 0; k < s->n; k++) {
			if (s->items[k].type != JSON_NUMBER)
				return load_fail(err, errlen, rs->path,
				    "benchmarks[%zu]: samples[%zu] is %s, not "
				    "a number", i, k,
				    json_type_name(s->items[k].type));
			p->samples[k] = s->items[k].num;
		}
		/* The statistics from the samples, as the engine computes them. */
		stats_compute(p->samples, p->n, &p->st);
	}
	if (rs->has_samples == 0 && bm->n > 0)
		talk("csumbench: %s: some points have no raw samples\n",
		    rs->path);
	return 0;
}

/* One run's points: its floor, and its median as the range of run medians. */
static void
load_finish(struct rset *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		struct rpoint *p = &rs->p[i];

		p->floor = p->overhead;
		p->runs = 1;
		p->run_lo = p->run_hi = p->st.median;
	}
}

static int	load_results_1(const char *, struct rset *, char *, size_t);

int
load_results(const char *path, struct rset *rs, char *err, size_t errlen)
{
	int rc = load_results_1(path, rs, err, errlen);

	if (rc == 0)
		load_finish(rs);
	return rc;
}

static int
load_results_1(const char *path, struct rset *rs, char *err, size_t errlen)
{
	FILE *fp;
	char *text = NULL, *meta, jerr[200];
	size_t len = 0, cap = 0, i, r;
	int rc;

	memset(rs, 0, sizeof(*rs));
	rs->path = xstrdup(path);
	if ((fp = fopen(path, "r")) == NULL)
		return load_fail(err, errlen, path, "%s", strerror(errno));
	/* Read it all: JSON is parsed whole, CSV is sniffed first. */
	for (;;) {
		if (len + 65536 > cap) {
			cap = cap ? cap * 2 : 65536;
			text = xrealloc(text, cap);
		}
		r = fread(text + len, 1, cap - len, fp);
		len += r;
		if (r == 0)
			break;
	}
	if (ferror(fp)) {
		fclose(fp);
		free(text);
		return load_fail(err, errlen, path, "read error");
	}
	fclose(fp);
	for (i = 0; i < len && strchr(" \t\r\n", text[i]) != NULL; i++)
		;
	if (i < len && text[i] == '{') {
		struct json doc;

		if (json_parse(text, len, &doc, jerr, sizeof(jerr)) != 0) {
			free(text);
			return load_fail(err, errlen, path, "malformed JSON: "
			    "%s", jerr);
		}
		free(text);
		rc = load_json_doc(&doc, rs, err, errlen);
		json_free(&doc);
		if (rc == 0 && rs->n == 0)
			rc = load_fail(err, errlen, path, "no benchmarks");
		return rc;
	}
	fp = fmemopen(text, len ? len : 1, "r");
	if (fp == NULL || len == 0) {
		if (fp != NULL)
			fclose(fp);
		free(text);
		return load_fail(err, errlen, path, "empty file");
	}
	rc = load_csv(fp, rs, err, errlen);
	fclose(fp);
	free(text);
	if (rc != 0)
		return rc;
	if (rs->n == 0)
		return load_fail(err, errlen, path, "no results (a header and "
		    "no rows)");
	/* The provenance sidecar, when there is one. */
	meta = provenance_path(path);
	if ((fp = fopen(meta, "r")) != NULL) {
		if (provenance_read(fp, &rs->prov, jerr, sizeof(jerr)) != 0) {
			fclose(fp);
			rc = load_fail(err, errlen, meta, "%s", jerr);
			free(meta);
			return rc;
		}
		fclose(fp);
		{
			const char *hz = provenance_get(&rs->prov, "timer_hz");

			for (i = 0; hz != NULL && i < rs->n; i++)
				if (isnan(rs->p[i].hz))
					rs->p[i].hz = atof(hz);
		}
	}
	free(meta);
	return 0;
}

void
load_add_overhead(struct rset *rs)
{
	size_t i, k;

	for (i = 0; i < rs->n; i++) {
		struct rpoint *p = &rs->p[i];
		double ov = p->overhead;

		if (!isfinite(ov))
			continue;
		p->st.min += ov;
		p->st.max += ov;
		p->st.median += ov;
		p->st.mean += ov;
		p->st.q1 += ov;
		p->st.q3 += ov;
		p->st.ci_lo += ov;
		p->st.ci_hi += ov;
		p->run_lo += ov;
		p->run_hi += ov;
		for (k = 0; p->samples != NULL && k < p->n; k++)
			p->samples[k] += ov;
		p->overhead = 0;
	}
}

static int
same_point(const struct rpoint *x, const struct rpoint *y)
{
	return strcmp(x->family, y->family) == 0 &&
	    strcmp(x->kernel, y->kernel) == 0 && x->size == y->size &&
	    x->src_align == y->src_align && x->dst_align == y->dst_align &&
	    strcmp(x->cache, y->cache) == 0 && strcmp(x->mode, y->mode) == 0;
}

int
load_merge(struct rset *into, const struct rset *from, char *err,
    size_t errlen)
{
	size_t i, j;
	char *path;

	if (!into->has_samples || !from->has_samples)
		return load_fail(err, errlen, !from->has_samples ? from->path :
		    into->path, "pooling several runs needs their raw samples "
		    "(JSON results)");
	for (j = 0; j < from->n; j++) {
		const struct rpoint *q = &from->p[j];
		struct rpoint *p = NULL;

		for (i = 0; i < into->n; i++)
			if (same_point(&into->p[i], q)) {
				p = &into->p[i];
				break;
			}
		if (p != NULL && strcmp(p->unit, q->unit) != 0)
			return load_fail(err, errlen, from->path, "unit %s, "
			    "not %s as in %s", q->unit, p->unit, into->path);
		if (p == NULL) {
			rpoint_copy(load_add_point(into), q);
			continue;
		}
		p->samples = xreallocarray(p->samples, p->n + q->n + 1,
		    sizeof(double));
		memcpy(p->samples + p->n, q->samples, q->n * sizeof(double));
		p->n += q->n;
		p->floor = isfinite(p->floor) && isfinite(q->floor) ?
		    (p->floor * (double)p->runs + q->floor * (double)q->runs) /
		    (double)(p->runs + q->runs) : NAN;
		p->runs += q->runs;
		p->run_lo = fmin(p->run_lo, q->run_lo);
		p->run_hi = fmax(p->run_hi, q->run_hi);
		/* The overheads were added back, or the user chose net costs. */
		p->overhead = isfinite(p->overhead) && isfinite(q->overhead) ?
		    (p->overhead + q->overhead) / 2 : NAN;
		stats_compute(p->samples, p->n, &p->st);
	}
	path = xasprintf("%s,%s", into->path, from->path);
	free(into->path);
	into->path = path;
	return 0;
}
