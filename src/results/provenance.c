/*
 * provenance.c - what goes with every result.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provenance.h"
#include "util.h"

/* FNV-1a: quick, and good enough for an index of short keys. */
static size_t
key_hash(const char *k)
{
	uint64_t h = UINT64_C(14695981039346656037);

	for (; *k != '\0'; k++)
		h = (h ^ (unsigned char)*k) * UINT64_C(1099511628211);
	return (size_t)h;
}

/* The slot of key: where it is, or the empty slot where it would go. */
static size_t *
find_slot(const struct provenance *p, const char *key)
{
	size_t mask = p->nslot - 1, h = key_hash(key) & mask;

	while (p->slot[h] != 0 && strcmp(p->v[p->slot[h] - 1].key, key) != 0)
		h = (h + 1) & mask;
	return &p->slot[h];
}

/* Room for one more key: the index at most half full. */
static void
grow(struct provenance *p)
{
	size_t i;

	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 32;
		p->v = xreallocarray(p->v, p->cap, sizeof(*p->v));
	}
	if (2 * (p->n + 1) <= p->nslot)
		return;
	free(p->slot);
	p->nslot = p->nslot ? p->nslot * 2 : 64;
	p->slot = xcalloc(p->nslot, sizeof(*p->slot));
	for (i = 0; i < p->n; i++)
		*find_slot(p, p->v[i].key) = i + 1;
}

/* Control characters become spaces (in place). */
static char *
printable(char *s)
{
	char *c;

	for (c = s; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
	return s;
}

void
provenance_set(struct provenance *p, const char *key, const char *fmt, ...)
{
	va_list ap;
	char *val, *k = printable(xstrdup(key));
	size_t *sl;

	va_start(ap, fmt);
	if (vasprintf(&val, fmt, ap) < 0)
		fatal(EXIT_USAGE, "out of memory");
	va_end(ap);
	printable(val);
	grow(p);
	sl = find_slot(p, k);
	if (*sl != 0) {
		free(p->v[*sl - 1].value);
		p->v[*sl - 1].value = val;
		free(k);
		return;
	}
	p->v[p->n].key = k;
	p->v[p->n].value = val;
	*sl = ++p->n;
}

const char *
provenance_get(const struct provenance *p, const char *key)
{
	size_t *sl;

	if (p->nslot == 0)
		return NULL;
	sl = find_slot(p, key);
	return *sl != 0 ? p->v[*sl - 1].value : NULL;
}

void
provenance_write(FILE *fp, const struct provenance *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		fprintf(fp, "%s=%s\n", p->v[i].key, p->v[i].value);
}

int
provenance_read(FILE *fp, struct provenance *p, char *err, size_t errlen)
{
	char *line = NULL, *eq;
	size_t cap = 0, lineno = 0;
	ssize_t len;

	memset(p, 0, sizeof(*p));
	while ((len = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		/*
		 * A UTF-8 byte order mark before the first key, and any at
		 * the start of a line: no key starts with one (written first,
		 * it would be taken for the mark when read back).
		 */
		while (len >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0) {
			memmove(line, line + 3, (size_t)len - 2);
			len -= 3;
		}
		if (len == 0 || line[0] == '#')
			continue;
		eq = strchr(line, '=');
		if (eq == NULL || eq == line) {
			snprintf(err, errlen, "line %zu is not key=value", lineno);
			free(line);
			return -1;
		}
		*eq = '\0';
		provenance_set(p, line, "%s", eq + 1);
	}
	free(line);
	return 0;
}

void
provenance_free(struct provenance *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->v[i].key);
		free(p->v[i].value);
	}
	free(p->v);
	free(p->slot);
	memset(p, 0, sizeof(*p));
}
