/*
 * t_json.c - the JSON writer and strict reader.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/results/json.h"
#include "tap.h"

static int
parses(const char *text)
{
	struct json v;
	char err[200];
	int ok = json_parse(text, strlen(text), &v, err, sizeof(err)) == 0;

	if (ok)
		json_free(&v);
	return ok;
}

static int
fails_with(const char *text, const char *want)
{
	struct json v;
	char err[200];

	if (json_parse(text, strlen(text), &v, err, sizeof(err)) == 0) {
		json_free(&v);
		tap_diag("parsed: %s", text);
		return 0;
	}
	if (strstr(err, want) == NULL) {
		tap_diag("error \"%s\" lacks \"%s\"", err, want);
		return 0;
	}
	return 1;
}

int
main(void)
{
	static const char *const bad[][2] = {
		{ "", "unexpected end" },
		{ "{", "member name" },
		{ "[1,]", "unexpected character ']'" },
		{ "{\"a\":1,}", "member name" },
		{ "[01]", "leading zero" },
		{ "[+1]", "unexpected character '+'" },
		{ "[1.]", "no digit after" },
		{ "[1e]", "no exponent" },
		{ "[.5]", "unexpected character '.'" },
		{ "[NaN]", "unexpected character 'N'" },
		{ "[Infinity]", "unexpected character 'I'" },
		{ "[1e999]", "out of range" },
		{ "[tru]", "unexpected character 't'" },
		{ "[\"a\tb\"]", "control character" },
		{ "[\"\\x\"]", "bad escape" },
		{ "[\"\\u12\"]", "bad \\u escape" },
		{ "[\"\\ud800\"]", "lone high surrogate" },
		{ "[\"\\udc00\"]", "lone low surrogate" },
		{ "[\"\\u0000\"]", "NUL" },
		{ "[\"abc]", "unterminated string" },
		{ "{\"a\":1,\"a\":2}", "duplicate member \"a\"" },
		{ "{\"a\" 1}", "expected ':'" },
		{ "[1 2]", "expected ',' or ']'" },
		{ "{} {}", "trailing data" },
		{ "[1] x", "trailing data" },
		{ "// c\n[1]", "unexpected character '/'" },
		{ "[1,\n 2,\n x]", "line 3, column 2" },
	};
	struct json v;
	const struct json *m;
	char err[200], deep[200], *buf = NULL;
	const char *doc;
	size_t i, len = 0;
	FILE *fp;
	struct json_writer w;

	/* Good documents and their values. */
	tap_ok(parses("{}") && parses("[]") && parses(" \n\t[ ] \r\n") &&
	    parses("0") && parses("\"\"") && parses("null"),
	    "minimal documents parse");
	doc = "{\"a\": [1, -2.5e3, true, false, null], "
	    "\"b\": {\"c\": \"d\\\"\\\\\\/\\b\\f\\n\\r\\t\"}}";
	tap_ok(json_parse(doc, strlen(doc), &v, err, sizeof(err)) == 0,
	    "a nested document parses");
	m = json_get(&v, "a");
	tap_ok(m != NULL && m->type == JSON_ARRAY && m->n == 5 &&
	    m->items[0].num == 1 && m->items[1].num == -2500 &&
	    m->items[2].type == JSON_TRUE && m->items[3].type == JSON_FALSE &&
	    m->items[4].type == JSON_NULL, "array values");
	m = json_get(json_get(&v, "b"), "c");
	tap_ok(m != NULL && strcmp(m->str, "d\"\\/\b\f\n\r\t") == 0,
	    "string escapes");
	tap_ok(json_get(&v, "zz") == NULL && json_get(m, "a") == NULL,
	    "json_get of a missing member or a non-object is NULL");
	json_free(&v);
	tap_ok(json_parse("\"\\u00e9\\u20ac\\ud83d\\ude00\"", 26, &v, err,
	    sizeof(err)) == 0 && strcmp(v.str,
	    "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == 0,
	    "\\u escapes and surrogate pairs become UTF-8");
	json_free(&v);
	doc = "[0.1, 1e-300, 123456789012345678]";
	tap_ok(json_parse(doc, strlen(doc), &v, err, sizeof(err)) == 0 &&
	    v.items[0].num == 0.1 &&
	    v.items[1].num == 1e-300 && v.items[2].num == 123456789012345678.0,
	    "numbers");
	json_free(&v);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		tap_ok(fails_with(bad[i][0], bad[i][1]), "refused: %s",
		    bad[i][1]);
	tap_ok(json_parse("[1]\0", 4, &v, err, sizeof(err)) != 0,
	    "refused: NUL byte");
	memset(deep, '[', 70);
	memset(deep + 70, ']', 70);
	deep[140] = '\0';
	tap_ok(fails_with(deep, "nested deeper"), "refused: nesting depth 70");
	memset(deep, '[', 60);
	memset(deep + 60, ']', 60);
	deep[120] = '\0';
	tap_ok(parses(deep), "nesting depth 60 parses");

	/* Writer, then reader: the same values come back. */
	fp = open_memstream(&buf, &len);
	jw_init(&w, fp);
	jw_object_begin(&w, NULL);
	jw_string(&w, "s", "q\"b\\n\n\x01\xc3\xa9");
	jw_number(&w, "pi", 3.141592653589793);
	jw_number(&w, "tiny", 5e-324);
	jw_number(&w, "nan", NAN);
	jw_uint(&w, "big", 18446744073709551615ull);
	jw_bool(&w, "t", 1);
	jw_null(&w, "z");
	jw_object_begin(&w, "empty");
	jw_object_end(&w);
	jw_array_begin(&w, "xs", 1);
	for (i = 0; i < 5; i++)
		jw_number(&w, NULL, (double)i / 3);
	jw_array_end(&w);
	jw_array_begin(&w, "objs", 0);
	jw_object_begin(&w, NULL);
	jw_number(&w, "k", -0.5);
	jw_object_end(&w);
	jw_array_end(&w);
	jw_object_end(&w);
	jw_finish(&w);
	fclose(fp);
	tap_ok(json_parse(buf, len, &v, err, sizeof(err)) == 0,
	    "the writer's output parses");
	if (v.type == JSON_OBJECT) {
		tap_ok(strcmp(json_get(&v, "s")->str,
		    "q\"b\\n\n\x01\xc3\xa9") == 0, "string round trip");
		tap_ok(json_get(&v, "pi")->num == 3.141592653589793 &&
		    json_get(&v, "tiny")->num == 5e-324,
		    "numbers round trip exactly");
		tap_ok(json_get(&v, "nan")->type == JSON_NULL,
		    "NaN is written as null");
		tap_ok(json_get(&v, "big")->num == 18446744073709551615.0 &&
		    json_get(&v, "t")->type == JSON_TRUE &&
		    json_get(&v, "z")->type == JSON_NULL &&
		    json_get(&v, "empty")->n == 0, "other values round trip");
		m = json_get(&v, "xs");
		tap_ok(m->n == 5 && m->items[4].num == 4.0 / 3,
		    "inline array round trip");
		tap_ok(json_get(&json_get(&v, "objs")->items[0], "k")->num ==
		    -0.5, "array of objects round trip");
		tap_ok(strstr(buf, "\"xs\": [0, 0.333") != NULL,
		    "inline arrays are on one line");
		json_free(&v);
	}
	free(buf);
	return tap_done();
}
