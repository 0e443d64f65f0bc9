/*
 * json.h - a small, strict JSON (RFC 8259) writer and reader.
 *
 * Writing: a streaming writer that keeps track of commas and indentation.
 * Numbers are written in the C locale with the shortest representation
 * that reads back to the same double; non-finite numbers become null.
 *
 * Reading: the whole text is parsed into a tree. The reader is strict:
 * exactly one value, optional surrounding whitespace, no comments, no
 * trailing commas, no NaN/Infinity, no leading zeros or '+' in numbers, no
 * raw control characters in strings, valid escapes only (\uXXXX surrogate
 * pairs are joined into UTF-8; a lone surrogate is refused), no duplicate
 * keys in an object, no NUL in strings, nesting at most JSON_MAX_DEPTH.
 * Errors name the line and column.
 */
#ifndef CSUMBENCH_JSON_H
#define CSUMBENCH_JSON_H

#include <stddef.h>
#include <stdio.h>

#define JSON_MAX_DEPTH	64

/* Writer. */
struct json_writer {
	FILE	*fp;
	int	 depth;
	int	 count[JSON_MAX_DEPTH];	/* members written at each depth */
	int	 inline_[JSON_MAX_DEPTH]; /* this container is on one line */
};

void	jw_init(struct json_writer *w, FILE *fp);
/* key is the member name inside an object, NULL inside an array. */
void	jw_object_begin(struct json_writer *w, const char *key);
void	jw_object_end(struct json_writer *w);
/* An array; inline_ puts all its elements on one line (for numbers). */
void	jw_array_begin(struct json_writer *w, const char *key, int inline_);
void	jw_array_end(struct json_writer *w);
void	jw_string(struct json_writer *w, const char *key, const char *s);
void	jw_number(struct json_writer *w, const char *key, double v);
void	jw_uint(struct json_writer *w, const char *key, unsigned long long v);
void	jw_bool(struct json_writer *w, const char *key, int v);
void	jw_null(struct json_writer *w, const char *key);
/* End the document with a newline. */
void	jw_finish(struct json_writer *w);

/* Reader. */
enum json_type {
	JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING,
	JSON_ARRAY, JSON_OBJECT
};

struct json {
	enum json_type	 type;
	double		 num;		/* JSON_NUMBER */
	char		*str;		/* JSON_STRING: NUL-terminated UTF-8 */
	struct json	*items;		/* JSON_ARRAY elements, JSON_OBJECT values */
	char		**keys;		/* JSON_OBJECT member names */
	size_t		*sorted;	/* JSON_OBJECT: indices in key order */
	size_t		 n;		/* number of items */
};

/* Parse text[0..len-1]; 0, or -1 with "line L, column C: what" in err. */
int	json_parse(const char *text, size_t len, struct json *out, char *err,
	    size_t errlen);
void	json_free(struct json *v);
/* The member of an object named key, or NULL (also when v is no object);
 * by bisection of the keys' order, so objects of many keys cost log n. */
const struct json *json_get(const struct json *v, const char *key);
const char *json_type_name(enum json_type t);

#endif
