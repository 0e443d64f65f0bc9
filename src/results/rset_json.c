/*
 * rset_json.c - results as JSON:
 *
 * { "context": { provenance, plus Google Benchmark's context names },
 *   "benchmarks": [ one object per point: the JSON fields of the field
 *                   table (rfield.c) in jpos order, raw samples last ] }
 *
 * The field mapping is documented in csumbench(1), COMPARE. Reading
 * recomputes every statistic from the raw samples when a point has them.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "json.h"
#include "rfield.h"
#include "rset_io.h"
#include "util.h"

static void
write_context(struct json_writer *w, const struct rset *rs)
{
	const struct provenance *pv = &rs->prov;
	const char *v;
	size_t i;

	jw_object_begin(w, "context");
	for (i = 0; i < pv->n; i++)
		jw_string(w, pv->v[i].key, pv->v[i].value);
	/*
	 * Google Benchmark's names for what the provenance already says,
	 * unless it has them (a context read back): a member twice is an
	 * error to JSON readers, ours included.
	 */
	if ((v = provenance_get(pv, "host")) != NULL &&
	    provenance_get(pv, "host_name") == NULL)
		jw_string(w, "host_name", v);
	if (provenance_get(pv, "executable") == NULL)
		jw_string(w, "executable", "csumbench");
	if ((v = provenance_get(pv, "cpus_online")) != NULL &&
	    provenance_get(pv, "num_cpus") == NULL)
		jw_number(w, "num_cpus", atof(v));
	if (rs->n > 0 && rs->p[0].hz > 0 &&
	    provenance_get(pv, "mhz_per_cpu") == NULL)
		jw_number(w, "mhz_per_cpu", rs->p[0].hz / 1e6);
	jw_object_end(w);
}

static void
put_begin(void *arg)
{
	jw_object_begin(arg, NULL);
}

static void
put_member(void *arg, const struct rfield *f, const struct rval *v)
{
	struct json_writer *w = arg;
	size_t i;

	switch (f->type) {
	case RT_STR:
		jw_string(w, f->json, v->s);
		break;
	case RT_SIZE:
		jw_uint(w, f->json, v->u);
		break;
	case RT_COUNT:
		/*
		 * A stored count is at least 1; 0 is unknown, as the reader
		 * takes null. (Derived ones, floor_limited, are 0 or 1.)
		 */
		if (v->u == 0 && rfield_stored(f))
			jw_null(w, f->json);
		else
			jw_uint(w, f->json, v->u);
		break;
	case RT_NUM:
		jw_number(w, f->json, v->d);
		break;
	case RT_SAMPLES:
		jw_array_begin(w, f->json, 1);
		for (i = 0; i < v->u; i++)
			jw_number(w, NULL, v->v[i]);
		jw_array_end(w);
		break;
	}
}

static void
put_end(void *arg)
{
	jw_object_end(arg);
}

void
rset_json_write(FILE *fp, const struct rset *rs, const size_t *idx, size_t n)
{
	struct json_writer w;
	struct rfield_sink s = { put_begin, put_member, put_end, &w };

	jw_init(&w, fp);
	jw_object_begin(&w, NULL);
	write_context(&w, rs);
	jw_array_begin(&w, "benchmarks", 0);
	rfield_each(rs, idx, n, 1, &s);
	jw_array_end(&w);
	jw_object_end(&w);
	jw_finish(&w);
}

int
rset_json_sniff(const char *text, size_t len)
{
	size_t i;

	for (i = 0; i < len && strchr(" \t\r\n", text[i]) != NULL; i++)
		;
	return i < len && text[i] == '{';
}

/* The context's strings and numbers become the provenance. */
static int
read_context(const struct json *doc, struct rset *rs, char *err,
    size_t errlen)
{
	const struct json *ctx = json_get(doc, "context");
	char buf[64];
	size_t i;

	if (ctx == NULL)
		return 0;
	if (ctx->type != JSON_OBJECT)
		return rset_error(err, errlen, rs->path, "\"context\" is not an "
		    "object");
	for (i = 0; i < ctx->n; i++) {
		const struct json *v = &ctx->items[i];

		if (v->type == JSON_STRING)
			provenance_set(&rs->prov, ctx->keys[i], "%s", v->str);
		else if (v->type == JSON_NUMBER)
			provenance_set(&rs->prov, ctx->keys[i], "%s",
			    csv_format_double(v->num, buf, sizeof(buf)));
	}
	return 0;
}

/*
 * One stored field of benchmark i (object o) into p; NULL, or what is
 * wrong with it: the one place where the members of a JSON benchmark are
 * checked against the field table (rfield_check_*).
 */
static const char *
read_member(const struct rfield *f, const struct json *o, struct rpoint *p)
{
	const struct json *v = json_get(o, f->json);
	int absent = v == NULL || v->type == JSON_NULL;
	const char *why;

	switch (f->type) {
	case RT_STR:
		if (v == NULL && (f->flags & RF_REQUIRED))
			return "missing";
		if (v != NULL && v->type != JSON_STRING)
			return "not a string";
		return rfield_set_str(f, p, v != NULL ? v->str : NULL);
	case RT_SIZE:
		if (v == NULL && !(f->flags & RF_REQUIRED))
			return NULL;
		if (v == NULL || v->type != JSON_NUMBER)
			return "missing or not a whole number";
		if ((why = rfield_check_num(f, v->num)) != NULL)
			return why;
		*rfield_size(f, p) = (size_t)v->num;
		return NULL;
	case RT_COUNT:
	case RT_NUM:
		if (absent)
			return NULL;
		if (v->type != JSON_NUMBER)
			return "not a number";
		if ((why = rfield_check_num(f, v->num)) != NULL)
			return why;
		if (f->type == RT_NUM)
			*rfield_num(f, p) = v->num;
		else
			*rfield_size(f, p) = (size_t)v->num;
		return NULL;
	case RT_SAMPLES:
		break;
	}
	return NULL;
}

/*
 * The raw samples of benchmark i, when it has them: every statistic is
 * computed from them, as the engine does. Without them, the required
 * statistics must be in the file.
 */
static int
read_samples(const struct rfield *f, const struct json *o, size_t i,
    struct rpoint *p, struct rset *rs, char *err, size_t errlen)
{
	const struct json *s = json_get(o, f->json);
	double *v;
	size_t k;

	if (s != NULL && s->type != JSON_ARRAY)
		return rset_error(err, errlen, rs->path, "benchmarks[%zu]: "
		    "\"%s\" is not an array", i, f->json);
	/* The costs' companion (each sample's floor): as many, or none. */
	if (!(f->flags & RF_FLOOR)) {
		if (s == NULL || s->n == 0)
			return 0;
		if (s->n != p->n || p->samples == NULL)
			return rset_error(err, errlen, rs->path, "benchmarks"
			    "[%zu]: %zu %s for %zu samples", i, s->n, f->json,
			    p->n);
	}
	if ((f->flags & RF_FLOOR) && (s == NULL || s->n == 0)) {
		rs->has_samples = 0;
		for (k = 0; k < nrfields; k++)
			if ((rfields[k].flags & (RF_REQUIRED | RF_STAT)) ==
			    (RF_REQUIRED | RF_STAT) &&
			    isnan(*rfield_num(&rfields[k], p)))
				return rset_error(err, errlen, rs->path,
				    "benchmarks[%zu]: neither samples nor a %s",
				    i, rfields[k].json);
		return 0;
	}
	/* A count given beside the samples must be theirs. */
	if (p->n != 0 && p->n != s->n)
		return rset_error(err, errlen, rs->path, "benchmarks[%zu]: %zu "
		    "samples, but \"repetitions\" says %zu", i, s->n, p->n);
	p->n = s->n;
	v = *rfield_samples(f, p) = xcalloc(s->n + 1, sizeof(double));
	for (k = 0; k < s->n; k++) {
		if (s->items[k].type != JSON_NUMBER)
			return rset_error(err, errlen, rs->path,
			    "benchmarks[%zu]: %s[%zu] is %s, not a number", i,
			    f->json, k, json_type_name(s->items[k].type));
		v[k] = s->items[k].num;
	}
	if (f->flags & RF_FLOOR)
		stats_compute_series(v, p->n, &p->st);
	return 0;
}

static int
read_point(const struct json *o, size_t i, struct rset *rs, char *err,
    size_t errlen)
{
	struct rpoint *p;
	const char *why;
	size_t f;

	if (o->type != JSON_OBJECT)
		return rset_error(err, errlen, rs->path, "benchmarks[%zu] is not "
		    "an object", i);
	p = rset_add(rs);
	for (f = 0; f < nrfields; f++) {
		const struct rfield *fd = &rfields[f];

		if (fd->json == NULL || !rfield_stored(fd) ||
		    fd->type == RT_SAMPLES)
			continue;
		if ((why = read_member(fd, o, p)) != NULL)
			return rset_error(err, errlen, rs->path,
			    "benchmarks[%zu]: \"%s\" is %s", i, fd->json, why);
	}
	p->st.n = p->n;
	for (f = 0; f < nrfields; f++)
		if (rfields[f].type == RT_SAMPLES && rfields[f].json != NULL &&
		    read_samples(&rfields[f], o, i, p, rs, err, errlen) != 0)
			return -1;
	return 0;
}

int
rset_json_read(const char *text, size_t len, struct rset *rs, char *err,
    size_t errlen)
{
	struct json doc;
	const struct json *bm;
	char jerr[200];
	size_t i;
	int rc = -1;

	if (json_parse(text, len, &doc, jerr, sizeof(jerr)) != 0)
		return rset_error(err, errlen, rs->path, "malformed JSON: %s",
		    jerr);
	if (doc.type != JSON_OBJECT) {
		rset_error(err, errlen, rs->path, "the top level is %s, not an "
		    "object", json_type_name(doc.type));
		goto out;
	}
	if (read_context(&doc, rs, err, errlen) != 0)
		goto out;
	bm = json_get(&doc, "benchmarks");
	if (bm == NULL || bm->type != JSON_ARRAY) {
		rset_error(err, errlen, rs->path, "no \"benchmarks\" array");
		goto out;
	}
	rs->has_samples = bm->n > 0;
	for (i = 0; i < bm->n; i++)
		if (read_point(&bm->items[i], i, rs, err, errlen) != 0)
			goto out;
	if (rs->n == 0) {
		rset_error(err, errlen, rs->path, "no benchmarks");
		goto out;
	}
	if (!rs->has_samples)
		talk("csumbench: %s: some points have no raw samples\n",
		    rs->path);
	rc = 0;
out:
	json_free(&doc);
	return rc;
}
