/*
 * rformat.c - the results formats (see rformat.h), and reading a results
 * file of any of them.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decimal.h"
#include "outfile.h"
#include "provenance.h"
#include "pivot.h"
#include "rformat.h"
#include "summary.h"
#include "util.h"

/*
 * A file is read by the first format whose sniff recognises it, else by
 * the first readable one without a sniff.
 */
const struct rformat rformats[] = {
	{ "csv", ".csv", 1, 0, NULL, rset_csv_read, rset_csv_write },
	{ "json", ".json", 0, 0, rset_json_sniff, rset_json_read,
	    rset_json_write },
	{ "summary", NULL, 0, 1, NULL, NULL, summary_rformat_write },
	{ "wide", NULL, 0, 1, NULL, NULL, pivot_rformat_write },
	{ "table", NULL, 0, 1, NULL, NULL, rset_table_write },
	{ NULL, NULL, 0, 0, NULL, NULL, NULL }
};

const struct rformat *
rformat_find(const char *name)
{
	const struct rformat *f;

	for (f = rformats; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

const struct rformat *
rformat_for_path(const char *path)
{
	const struct rformat *f;

	for (f = rformats; f->name != NULL; f++)
		if (f->suffix != NULL && has_suffix(path, f->suffix))
			return f;
	return NULL;
}

/* "a, b or c" of the names (or suffixes) of the formats that qualify. */
static const char *
join(char *buf, size_t len, int suffixes, int terminal)
{
	const struct rformat *f;
	size_t n = 0, k = 0;

	for (f = rformats; f->name != NULL; f++)
		n += (suffixes ? f->suffix != NULL : terminal || !f->terminal);
	buf[0] = '\0';
	for (f = rformats; f->name != NULL; f++) {
		const char *s = suffixes ? f->suffix : f->name;
		size_t at = strlen(buf);

		if (s == NULL || (!suffixes && !terminal && f->terminal))
			continue;
		snprintf(buf + at, len - at, "%s%s", k == 0 ? "" :
		    k + 1 == n ? " or " : ", ", s);
		k++;
	}
	return buf;
}

const char *
rformat_names(int terminal)
{
	static char buf[2][128];

	return join(buf[terminal != 0], sizeof(buf[0]), 0, terminal);
}

const char *const *
rformat_name_list(void)
{
	static const char *names[sizeof(rformats) / sizeof(rformats[0])];
	size_t i;

	for (i = 0; rformats[i].name != NULL; i++)
		names[i] = rformats[i].name;
	return names;
}

const char *
rformat_suffixes(void)
{
	static char buf[128];

	return join(buf, sizeof(buf), 1, 0);
}

/* The whole file, NUL-terminated; NULL with err on failure. */
static char *
slurp(const char *path, size_t *lenp, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "r");
	char *text = NULL;
	size_t len = 0, cap = 0, r;
	struct stat st;

	if (fp == NULL) {
		rset_error(err, errlen, path, "%s", strerror(errno));
		return NULL;
	}
	/* A regular file in one piece (a pipe grows as it comes). */
	if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (unsigned long long)st.st_size < SIZE_MAX / 2) {
		cap = (size_t)st.st_size + 1;
		text = xmalloc(cap + 1);
	}
	do {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			text = xrealloc(text, cap + 1);
		}
		r = fread(text + len, 1, cap - len, fp);
		len += r;
	} while (r > 0);
	if (ferror(fp)) {
		fclose(fp);
		free(text);
		rset_error(err, errlen, path, "read error");
		return NULL;
	}
	fclose(fp);
	text[len] = '\0';
	*lenp = len;
	return text;
}

/*
 * The provenance sidecar PATH.meta, when there is one; it also gives the
 * timer frequency to points whose file does not.
 */
static int
read_sidecar(struct rset *rs, char *err, size_t errlen)
{
	char *meta = provenance_path(rs->path), perr[200];
	const char *hz;
	double x = NAN;
	FILE *fp;
	size_t i;
	int rc = 0;

	if ((fp = fopen(meta, "r")) != NULL) {
		if (provenance_read(fp, &rs->prov, perr, sizeof(perr)) != 0)
			rc = rset_error(err, errlen, meta, "%s", perr);
		fclose(fp);
	}
	/* The timer frequency of points whose file lacks it: a number
	 * above 0, or the pair is refused. */
	if (rc == 0 && (hz = provenance_get(&rs->prov, "timer_hz")) != NULL &&
	    (decimal_parse(hz, (size_t)-1, 0, &x) != 0 || !(x > 0)))
		rc = rset_error(err, errlen, meta, "timer_hz=%.40s is not a "
		    "frequency above 0", hz);
	for (i = 0; rc == 0 && hz != NULL && i < rs->n; i++)
		if (isnan(rs->p[i].hz))
			rs->p[i].hz = x;
	free(meta);
	return rc;
}

/*
 * text[0..len-1] (NUL-terminated) into rs, by the first format whose sniff
 * recognises it, else the first readable one without a sniff; *used is
 * that format. A UTF-8 byte order mark (spreadsheets write one) is
 * skipped.
 */
static int
rformat_read_text(const char *text, size_t len, struct rset *rs,
    const struct rformat **used, char *err, size_t errlen)
{
	const struct rformat *f;

	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	for (f = rformats; f->name != NULL; f++)
		if (f->read != NULL && f->sniff != NULL && f->sniff(text, len))
			break;
	if (f->name == NULL)
		for (f = rformats; f->name != NULL; f++)
			if (f->read != NULL && f->sniff == NULL)
				break;
	*used = f;
	if (f->name == NULL)
		return rset_error(err, errlen, rs->path, "not a results file");
	return f->read(text, len, rs, err, errlen);
}

int
rformat_read(const char *path, struct rset *rs, char *err, size_t errlen)
{
	const struct rformat *f;
	size_t len;
	char *text;
	int rc = -1;

	rset_init(rs, path);
	if ((text = slurp(path, &len, err, errlen)) == NULL) {
		rset_free(rs);
		return -1;
	}
	rc = rformat_read_text(text, len, rs, &f, err, errlen);
	free(text);
	if (rc == 0 && f->sidecar)
		rc = read_sidecar(rs, err, errlen);
	if (rc != 0) {
		rset_free(rs);
		return -1;
	}
	rset_finish(rs);
	return 0;
}
