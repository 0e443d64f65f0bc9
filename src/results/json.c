/*
 * json.c - a small, strict JSON writer and reader (see json.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "json.h"
#include "util.h"

/* Writer. */

void
jw_init(struct json_writer *w, FILE *fp)
{
	memset(w, 0, sizeof(*w));
	w->fp = fp;
}

static void
jw_indent(struct json_writer *w, int depth)
{
	int i;

	putc('\n', w->fp);
	for (i = 0; i < depth; i++)
		fputs("  ", w->fp);
}

static void
jw_put_string(FILE *fp, const char *s)
{
	const unsigned char *p;

	putc('"', fp);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(fp, "\\u%04x", *p);
			else
				putc(*p, fp);
		}
	}
	putc('"', fp);
}

/* Separator, indentation and key before a value at the current depth. */
static void
jw_member(struct json_writer *w, const char *key)
{
	if (w->depth > 0) {
		if (w->count[w->depth - 1]++ > 0)
			putc(',', w->fp);
		if (w->inline_[w->depth - 1]) {
			if (w->count[w->depth - 1] > 1)
				putc(' ', w->fp);
		} else
			jw_indent(w, w->depth);
	}
	if (key != NULL) {
		jw_put_string(w->fp, key);
		fputs(": ", w->fp);
	}
}

static void
jw_open(struct json_writer *w, const char *key, int c, int inline_)
{
	if (w->depth >= JSON_MAX_DEPTH)
		fatal(EXIT_USAGE, "JSON nesting too deep");
	jw_member(w, key);
	putc(c, w->fp);
	w->count[w->depth] = 0;
	w->inline_[w->depth] = inline_ ||
	    (w->depth > 0 && w->inline_[w->depth - 1]);
	w->depth++;
}

static void
jw_close(struct json_writer *w, int c)
{
	w->depth--;
	if (w->count[w->depth] > 0 && !w->inline_[w->depth])
		jw_indent(w, w->depth);
	putc(c, w->fp);
}

void
jw_object_begin(struct json_writer *w, const char *key)
{
	jw_open(w, key, '{', 0);
}

void
jw_object_end(struct json_writer *w)
{
	jw_close(w, '}');
}

void
jw_array_begin(struct json_writer *w, const char *key, int inline_)
{
	jw_open(w, key, '[', inline_);
}

void
jw_array_end(struct json_writer *w)
{
	jw_close(w, ']');
}

void
jw_string(struct json_writer *w, const char *key, const char *s)
{
	jw_member(w, key);
	if (s == NULL)
		fputs("null", w->fp);
	else
		jw_put_string(w->fp, s);
}

void
jw_number(struct json_writer *w, const char *key, double v)
{
	char buf[64];

	jw_member(w, key);
	if (!isfinite(v))
		fputs("null", w->fp);
	else
		fputs(csv_format_double(v, buf, sizeof(buf)), w->fp);
}

void
jw_uint(struct json_writer *w, const char *key, unsigned long long v)
{
	jw_member(w, key);
	fprintf(w->fp, "%llu", v);
}

void
jw_bool(struct json_writer *w, const char *key, int v)
{
	jw_member(w, key);
	fputs(v ? "true" : "false", w->fp);
}

void
jw_null(struct json_writer *w, const char *key)
{
	jw_member(w, key);
	fputs("null", w->fp);
}

void
jw_finish(struct json_writer *w)
{
	putc('\n', w->fp);
}

/* Reader. */

struct jp {
	const char	*s, *end, *p;
	char		*err;
	size_t		 errlen;
	int		 failed;
};

static int
jp_fail(struct jp *j, const char *fmt, ...)
{
	const char *q;
	unsigned long line = 1, col = 1;
	char msg[160];
	va_list ap;

	if (j->failed)
		return -1;
	j->failed = 1;
	for (q = j->s; q < j->p && q < j->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(j->err, j->errlen, "line %lu, column %lu: %s", line, col,
	    msg);
	return -1;
}

static void
jp_ws(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' ||
	    *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static int jp_value(struct jp *j, struct json *v, int depth);

static int
jp_literal(struct jp *j, const char *word, struct json *v, enum json_type t)
{
	size_t n = strlen(word);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
		return jp_fail(j, "unexpected character '%c'", *j->p);
	j->p += n;
	v->type = t;
	return 0;
}

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int
jp_number(struct jp *j, struct json *v)
{
	const char *start = j->p;
	char buf[128], *endp;

	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (j->p >= j->end || !is_digit(*j->p))
		return jp_fail(j, "bad number");
	if (*j->p == '0') {
		j->p++;
		if (j->p < j->end && is_digit(*j->p))
			return jp_fail(j, "number with a leading zero");
	} else
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (j->p >= j->end || !is_digit(*j->p))
			return jp_fail(j, "bad number: no digit after '.'");
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (j->p >= j->end || !is_digit(*j->p))
			return jp_fail(j, "bad number: no exponent digits");
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
	}
	if ((size_t)(j->p - start) >= sizeof(buf))
		return jp_fail(j, "number too long");
	memcpy(buf, start, (size_t)(j->p - start));
	buf[j->p - start] = '\0';
	/* The process runs in the C locale (main sets it), so '.' is right. */
	v->num = strtod(buf, &endp);
	if (*endp != '\0' || !isfinite(v->num)) {
		j->p = start;
		return jp_fail(j, "number out of range");
	}
	v->type = JSON_NUMBER;
	return 0;
}

static int
hex4(const char *p, unsigned *out)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t
put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A string; *out is malloc'd. The output is never longer than the input. */
static int
jp_string(struct jp *j, char **out)
{
	const char *q;
	char *buf, *o;

	j->p++;		/* the opening quote */
	for (q = j->p; q < j->end && *q != '"'; q++)
		if (*q == '\\' && q + 1 < j->end)
			q++;
	if (q >= j->end)
		return jp_fail(j, "unterminated string");
	o = buf = xmalloc((size_t)(q - j->p) + 1);
	while (*j->p != '"') {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20) {
			free(buf);
			return jp_fail(j, "control character in a string");
		}
		if (c != '\\') {
			*o++ = (char)c;
			j->p++;
			continue;
		}
		j->p++;
		switch (*j->p) {
		case '"': *o++ = '"'; break;
		case '\\': *o++ = '\\'; break;
		case '/': *o++ = '/'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u': {
			unsigned cp, lo;

			if (j->end - j->p < 5 || hex4(j->p + 1, &cp) != 0) {
				free(buf);
				return jp_fail(j, "bad \\u escape");
			}
			j->p += 4;
			if (cp >= 0xdc00 && cp <= 0xdfff) {
				free(buf);
				return jp_fail(j, "lone low surrogate");
			}
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (j->end - j->p < 7 || j->p[1] != '\\' ||
				    j->p[2] != 'u' || hex4(j->p + 3, &lo) != 0 ||
				    lo < 0xdc00 || lo > 0xdfff) {
					free(buf);
					return jp_fail(j, "lone high surrogate");
				}
				j->p += 6;
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				    (lo - 0xdc00);
			}
			if (cp == 0) {
				free(buf);
				return jp_fail(j, "NUL in a string");
			}
			o += put_utf8(o, cp);
			break;
		}
		default:
			free(buf);
			return jp_fail(j, "bad escape in a string");
		}
		j->p++;
	}
	j->p++;		/* the closing quote */
	*o = '\0';
	*out = buf;
	return 0;
}

static int
jp_array(struct jp *j, struct json *v, int depth)
{
	size_t cap = 0;

	v->type = JSON_ARRAY;
	j->p++;
	jp_ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		return 0;
	}
	for (;;) {
		if (v->n == cap) {
			cap = cap ? cap * 2 : 8;
			v->items = xreallocarray(v->items, cap,
			    sizeof(*v->items));
		}
		memset(&v->items[v->n], 0, sizeof(v->items[0]));
		v->n++;
		if (jp_value(j, &v->items[v->n - 1], depth + 1) != 0)
			return -1;
		jp_ws(j);
		if (j->p >= j->end)
			return jp_fail(j, "unterminated array");
		if (*j->p == ']') {
			j->p++;
			return 0;
		}
		if (*j->p != ',')
			return jp_fail(j, "expected ',' or ']'");
		j->p++;
	}
}

/* Keys in order for json_get, ties (duplicates) in order of position. */
static const struct json *sort_obj;

static int
key_order(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	int c = strcmp(sort_obj->keys[a], sort_obj->keys[b]);

	return c != 0 ? c : a < b ? -1 : a > b;
}

/*
 * The members of v in key order (v->sorted); a key twice is an error at
 * its second place (pos[i]: where member i's name began). Sorting once
 * keeps an object of n members at n log n, where checking each new key
 * against the ones before would take n^2.
 */
static int
jp_index(struct jp *j, struct json *v, const char *const *pos)
{
	size_t i, k;

	v->sorted = xcalloc(v->n + 1, sizeof(size_t));
	for (i = 0; i < v->n; i++)
		v->sorted[i] = i;
	sort_obj = v;
	qsort(v->sorted, v->n, sizeof(size_t), key_order);
	for (i = 1; i < v->n; i++)
		if (strcmp(v->keys[v->sorted[i - 1]], v->keys[v->sorted[i]]) == 0) {
			k = v->sorted[i];
			j->p = pos[k];
			return jp_fail(j, "duplicate member \"%s\"", v->keys[k]);
		}
	return 0;
}

static int
jp_object(struct jp *j, struct json *v, int depth)
{
	size_t cap = 0;
	const char **pos = NULL;
	char *key;
	int rc = -1;

	v->type = JSON_OBJECT;
	j->p++;
	jp_ws(j);
	if (j->p < j->end && *j->p == '}') {
		j->p++;
		return 0;
	}
	for (;;) {
		jp_ws(j);
		if (j->p >= j->end || *j->p != '"') {
			jp_fail(j, "expected a member name");
			break;
		}
		if (v->n == cap) {
			cap = cap ? cap * 2 : 8;
			v->items = xreallocarray(v->items, cap,
			    sizeof(*v->items));
			v->keys = xreallocarray(v->keys, cap, sizeof(*v->keys));
			pos = xreallocarray(pos, cap, sizeof(*pos));
		}
		pos[v->n] = j->p;
		if (jp_string(j, &key) != 0)
			break;
		memset(&v->items[v->n], 0, sizeof(v->items[0]));
		v->keys[v->n] = key;
		v->n++;
		jp_ws(j);
		if (j->p >= j->end || *j->p != ':') {
			jp_fail(j, "expected ':'");
			break;
		}
		j->p++;
		if (jp_value(j, &v->items[v->n - 1], depth + 1) != 0)
			break;
		jp_ws(j);
		if (j->p >= j->end) {
			jp_fail(j, "unterminated object");
			break;
		}
		if (*j->p == '}') {
			j->p++;
			rc = jp_index(j, v, pos);
			break;
		}
		if (*j->p != ',') {
			jp_fail(j, "expected ',' or '}'");
			break;
		}
		j->p++;
	}
	free(pos);
	return rc;
}

static int
jp_value(struct jp *j, struct json *v, int depth)
{
	if (depth > JSON_MAX_DEPTH)
		return jp_fail(j, "nested deeper than %d", JSON_MAX_DEPTH);
	jp_ws(j);
	if (j->p >= j->end)
		return jp_fail(j, "unexpected end of input");
	switch (*j->p) {
	case '{':
		return jp_object(j, v, depth);
	case '[':
		return jp_array(j, v, depth);
	case '"':
		v->type = JSON_STRING;
		return jp_string(j, &v->str);
	case 't':
		return jp_literal(j, "true", v, JSON_TRUE);
	case 'f':
		return jp_literal(j, "false", v, JSON_FALSE);
	case 'n':
		return jp_literal(j, "null", v, JSON_NULL);
	default:
		if (*j->p == '-' || is_digit(*j->p))
			return jp_number(j, v);
		if (*j->p >= 0x20 && *j->p < 0x7f)
			return jp_fail(j, "unexpected character '%c'", *j->p);
		return jp_fail(j, "unexpected byte 0x%02x",
		    (unsigned char)*j->p);
	}
}

int
json_parse(const char *text, size_t len, struct json *out, char *err,
    size_t errlen)
{
	struct jp j = { text, text + len, text, err, errlen, 0 };

	memset(out, 0, sizeof(*out));
	if (memchr(text, '\0', len) != NULL) {
		snprintf(err, errlen, "NUL byte in the input");
		return -1;
	}
	if (jp_value(&j, out, 1) != 0) {
		json_free(out);
		return -1;
	}
	jp_ws(&j);
	if (j.p != j.end) {
		jp_fail(&j, "trailing data after the value");
		json_free(out);
		return -1;
	}
	return 0;
}

void
json_free(struct json *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys != NULL)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->sorted);
	free(v->str);
	memset(v, 0, sizeof(*v));
}

const struct json *
json_get(const struct json *v, const char *key)
{
	size_t lo = 0, hi, mid;
	int c;

	if (v == NULL || v->type != JSON_OBJECT)
		return NULL;
	if (v->sorted == NULL) {	/* not from json_parse */
		for (lo = 0; lo < v->n; lo++)
			if (strcmp(v->keys[lo], key) == 0)
				return &v->items[lo];
		return NULL;
	}
	for (hi = v->n; lo < hi;) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(v->keys[v->sorted[mid]], key);
		if (c == 0)
			return &v->items[v->sorted[mid]];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const char *
json_type_name(enum json_type t)
{
	static const char *const names[] = {
		"null", "false", "true", "a number", "a string", "an array",
		"an object"
	};

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ?
	    names[t] : "?";
}
