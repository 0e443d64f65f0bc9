/*
 * tuning.c - the tuning in force: which thresholds are forced and from
 * where, their values, and handing them to the kernels.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"
#include "tuning.h"
#include "../../kernels/builtin.h"

size_t
tuning_count(void)
{
	size_t n = 0;

	while (ktune_names[n].name != NULL)
		n++;
	return n;
}

const char *
tuning_name(size_t i)
{
	return ktune_names[i].name;
}

const char *
tuning_about(size_t i)
{
	return ktune_names[i].about;
}

int
tuning_find(const char *name)
{
	size_t i;

	for (i = 0; ktune_names[i].name != NULL; i++)
		if (strcmp(ktune_names[i].name, name) == 0)
			return (int)i;
	return -1;
}

int
tuning_parse_value(const char *s, size_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	if (strcmp(s, "max") == 0) {
		*out = SIZE_MAX;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	if (*end == 'K')
		shift = 10;
	else if (*end == 'M')
		shift = 20;
	else if (*end == 'G')
		shift = 30;
	if (shift != 0)
		end++;
	if (*end != '\0' || v > (SIZE_MAX >> shift))
		return -1;
	*out = (size_t)v << shift;
	return 0;
}

char *
tuning_format_value(size_t v, char *buf, size_t len)
{
	if (v == SIZE_MAX)
		snprintf(buf, len, "max");
	else if (v != 0 && v % ((size_t)1 << 30) == 0)
		snprintf(buf, len, "%zuG", v >> 30);
	else if (v != 0 && v % ((size_t)1 << 20) == 0)
		snprintf(buf, len, "%zuM", v >> 20);
	else if (v != 0 && v % ((size_t)1 << 10) == 0)
		snprintf(buf, len, "%zuK", v >> 10);
	else
		snprintf(buf, len, "%zu", v);
	return buf;
}

int
tuning_apply(const struct tuning *t, char *err, size_t errlen)
{
	struct ktuned v[TUNING_MAX];
	size_t i, n = 0;

	for (i = 0; i < tuning_count(); i++)
		if (t->from[i] != TUNING_BUILTIN) {
			v[n].name = tuning_name(i);
			v[n++].value = t->value[i];
		}
	return select_tune(v, n, err, errlen);
}

size_t
tuning_value(size_t i)
{
	struct ktune kt;

	/* What the built-in object's init hook computed from the same facts. */
	ktune_compute(&kt, select_env());
	return *(const size_t *)(const void *)((const char *)&kt +
	    ktune_names[i].off);
}

/* How many thresholds come from source from. */
static size_t
tuning_nfrom(const struct tuning *t, int from)
{
	size_t i, n = 0;

	for (i = 0; i < tuning_count(); i++)
		n += t->from[i] == from;
	return n;
}

void
tuning_source(const struct tuning *t, char *buf, size_t len)
{
	size_t nf = tuning_nfrom(t, TUNING_FILE);
	size_t ne = tuning_nfrom(t, TUNING_ENV);
	int off = 0;

	buf[0] = '\0';
	if (t->file[0] != '\0')
		off = snprintf(buf, len, "file %s%s%s%s", t->file,
		    t->measured[0] ? " (measured " : "", t->measured,
		    t->measured[0] ? ")" : "");
	if (ne > 0 && off >= 0 && (size_t)off < len)
		off += snprintf(buf + off, len - (size_t)off, "%sCSUMBENCH_KTUNE "
		    "(%s)", off ? ", overridden by " : "", t->env);
	if (off >= 0 && (size_t)off < len && nf + ne < tuning_count())
		snprintf(buf + off, len - (size_t)off, "%sbuilt-in defaults%s",
		    off ? "; " : "", off ? " for the rest" : "");
}

void
tuning_values(const struct tuning *t, int mark, char *buf, size_t len)
{
	static const char *const tag[] = { "", " (file)", " (env)" };
	char v[32];
	size_t i, off = 0;

	buf[0] = '\0';
	for (i = 0; i < tuning_count() && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s=%s%s",
		    i ? " " : "", tuning_name(i),
		    tuning_format_value(tuning_value(i), v, sizeof(v)),
		    mark ? tag[t->from[i]] : "");
}
