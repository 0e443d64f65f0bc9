/*
 * tunefile.c - the tuning file: its CPU key, where it lives, reading and
 * writing it (tunefile.h has the format).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "tunefile.h"
#include "util.h"
#include "../../kernels/kernel.h"

void
tunefile_key(const struct cpuinfo *c, char *buf, size_t len)
{
	char facts[160];
	uint32_t h = 2166136261u;	/* FNV-1a */
	const char *p;

	snprintf(facts, sizeof(facts), "%llx %zu %zu %zu",
	    (unsigned long long)(c->have & ~CPU_FAULTS), c->l1d, c->l2, c->l3);
	for (p = facts; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	snprintf(buf, len, "%s/%d/%d/%08x", c->vendor[0] ? c->vendor :
	    c->arch, c->family, c->model, (unsigned)h);
}

char *
tunefile_default_path(void)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");

	/* The XDG base directory rules: a relative path is to be ignored. */
	if (x != NULL && x[0] == '/')
		return xasprintf("%s/csumbench/tune", x);
	if (h != NULL && h[0] != '\0')
		return xasprintf("%s/.cache/csumbench/tune", h);
	return NULL;
}

/* Strip leading and trailing blanks in place. */
static char *
tunefile_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * A text key (cpu, brand, measured): printable, and short enough to be
 * kept whole, so that what is written back reads back the same.
 */
static int
tunefile_text(struct tunefile *tf, const char *key, const char *val,
    char *err, size_t errlen)
{
	char *dst = tf->measured;
	size_t len = sizeof(tf->measured);
	const unsigned char *c;

	if (strcmp(key, "cpu") == 0) {
		dst = tf->cpu;
		len = sizeof(tf->cpu);
	} else if (strcmp(key, "brand") == 0) {
		dst = tf->brand;
		len = sizeof(tf->brand);
	}

	for (c = (const unsigned char *)val; *c != '\0'; c++)
		if (*c < 0x20 || *c == 0x7f) {
			snprintf(err, errlen, "%s has a control character",
			    key);
			return -1;
		}
	if (strlen(val) >= len) {
		snprintf(err, errlen, "%s is longer than %zu bytes", key,
		    len - 1);
		return -1;
	}
	memcpy(dst, val, strlen(val) + 1);
	return 0;
}

/* One "key=value" line; 0, or -1 with the problem in err. */
static int
tunefile_line(struct tunefile *tf, char *key, char *val, char *err,
    size_t errlen)
{
	int i;

	if ((i = ceilings_set_key(&tf->ceil, key, val, err, errlen)) <= 0)
		return i;
	if (strcmp(key, "format") == 0) {
		if (strcmp(val, "1") != 0) {
			snprintf(err, errlen, "format %s is not one this "
			    "csumbench reads (%d)", val, TUNEFILE_FORMAT);
			return -1;
		}
	} else if (strcmp(key, "cpu") == 0 || strcmp(key, "brand") == 0 ||
	    strcmp(key, "measured") == 0)
		return tunefile_text(tf, key, val, err, errlen);
	else if ((i = tuning_find(key)) < 0) {
		snprintf(err, errlen, "unknown key \"%s\"", key);
		return -1;
	} else if (tf->set[i]) {
		snprintf(err, errlen, "%s given twice", key);
		return -1;
	} else if (tuning_parse_value(val, &tf->value[i]) != 0) {
		snprintf(err, errlen, "%s wants a byte count (K, M, G "
		    "suffixes) or \"max\", not \"%s\"", key, val);
		return -1;
	} else
		tf->set[i] = 1;
	return 0;
}

/* Every line of fp; 0, or -1 with "PATH:LINE: problem" in err. */
static int
tunefile_parse(FILE *fp, const char *path, struct tunefile *tf, char *err,
    size_t errlen)
{
	char line[512], why[256], *s, *eq;
	unsigned ln = 0;
	size_t n;

	while (fgets(line, sizeof(line), fp) != NULL) {
		ln++;
		/* fgets stops at no NUL: a line with one ends early. */
		n = strlen(line);
		if ((n == 0 || line[n - 1] != '\n') && !feof(fp)) {
			snprintf(err, errlen, "%s:%u: %s", path, ln,
			    n + 1 < sizeof(line) ? "a NUL byte (not a text "
			    "file?)" : "line too long");
			return -1;
		}
		s = tunefile_trim(line);
		if (*s == '\0' || *s == '#')
			continue;
		if ((eq = strchr(s, '=')) == NULL) {
			snprintf(err, errlen, "%s:%u: not a key=value line",
			    path, ln);
			return -1;
		}
		*eq = '\0';
		if (tunefile_line(tf, tunefile_trim(s), tunefile_trim(eq + 1),
		    why, sizeof(why)) != 0) {
			snprintf(err, errlen, "%s:%u: %s", path, ln, why);
			return -1;
		}
	}
	if (ferror(fp)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* A message quoting the file: control characters as '?', one line. */
static void
tunefile_plain(char *err)
{
	for (; *err != '\0'; err++)
		if ((unsigned char)*err < 0x20 || *err == 0x7f)
			*err = '?';
}

int
tunefile_read(const char *path, struct tunefile *tf, char *err,
    size_t errlen)
{
	FILE *fp;
	int rc;

	memset(tf, 0, sizeof(*tf));
	if ((fp = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 1;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = tunefile_parse(fp, path, tf, err, errlen);
	fclose(fp);
	if (rc != 0)
		tunefile_plain(err);
	ceilings_init(&tf->ceil);
	if (rc == 0 && tf->ceil.known && (tf->ceil.unit[0] == '\0' ||
	    !(tf->ceil.hz > 0))) {
		snprintf(err, errlen, "%s: ceilings without ceiling_unit and "
		    "ceiling_hz", path);
		rc = -1;
	}
	if (rc == 0 && tf->cpu[0] == '\0') {
		snprintf(err, errlen, "%s: no cpu= line: not a csumbench "
		    "tuning file", path);
		rc = -1;
	}
	return rc;
}

static void
tunefile_put(void *arg, const char *key, const char *value)
{
	fprintf(arg, "%s=%s\n", key, value);
}

void
tunefile_write(FILE *fp, const struct tunefile *tf, const char *const *notes)
{
	char v[32];
	size_t i;

	fprintf(fp, "# csumbench tuning: the crossovers of the auto kernels, "
	    "measured by\n# 'csumbench tune'. run, verify and info use it on "
	    "the CPU named by\n# cpu= only. Values: bytes, with an optional K, "
	    "M or G suffix, or max\n# (never); a threshold left out takes the "
	    "built-in rule. See csumbench(1).\n");
	fprintf(fp, "format=%d\ncpu=%s\n", TUNEFILE_FORMAT, tf->cpu);
	if (tf->brand[0] != '\0')
		fprintf(fp, "brand=%s\n", tf->brand);
	if (tf->measured[0] != '\0')
		fprintf(fp, "measured=%s\n", tf->measured);
	for (i = 0; i < tuning_count(); i++) {
		if (!tf->set[i] && (notes == NULL || notes[i] == NULL))
			continue;
		fprintf(fp, "\n# %s", tuning_about(i));
		if (notes != NULL && notes[i] != NULL)
			fprintf(fp, ":\n# %s", notes[i]);
		fputc('\n', fp);
		if (tf->set[i])
			fprintf(fp, "%s=%s\n", tuning_name(i),
			    tuning_format_value(tf->value[i], v, sizeof(v)));
	}
	if (tf->ceil.known) {
		fprintf(fp, "\n# The ceilings: the most bytes per unit a load, "
		    "a store and a copy loop\n# reached in each cache level and "
		    "in memory (csumbench ceilings).\n");
		ceilings_put(&tf->ceil, tunefile_put, fp);
	}
}
