/*
 * provenance.c - what goes with every result.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "cmd.h"
#include "outfile.h"
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
provenance_collect(struct provenance *p)
{
	struct utsname un;
	time_t now = time(NULL);
	char buf[64];

	memset(p, 0, sizeof(*p));
	provenance_set(p, "csumbench_version", "%s", PACKAGE_VERSION);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	provenance_set(p, "date", "%s", buf);
	if (ctx.cmdline != NULL)
		provenance_set(p, "command", "%s", ctx.cmdline);
	if (uname(&un) == 0) {
		provenance_set(p, "host", "%s", un.nodename);
		provenance_set(p, "os", "%s %s", un.sysname, un.release);
	}
	if (ctx.have_cpu) {
		provenance_set(p, "arch", "%s", ctx.cpu.arch);
		provenance_set(p, "cpu_vendor", "%s", ctx.cpu.vendor);
		provenance_set(p, "cpu_brand", "%s", ctx.cpu.brand);
		provenance_set(p, "cpu_family", "%d", ctx.cpu.family);
		provenance_set(p, "cpu_model", "%d", ctx.cpu.model);
		provenance_set(p, "cpu_stepping", "%d", ctx.cpu.stepping);
		provenance_set(p, "cpus_online", "%d", ctx.cpu.online_cpus);
		provenance_set(p, "l1d_bytes", "%zu", ctx.cpu.l1d);
		provenance_set(p, "l2_bytes", "%zu", ctx.cpu.l2);
		provenance_set(p, "l3_bytes", "%zu", ctx.cpu.l3);
		provenance_set(p, "features", "%s", ctx.cpu.features);
		if (ctx.cpu.isa[0] != '\0')
			provenance_set(p, "isa", "%s", ctx.cpu.isa);
		if (ctx.cpu.misaligned[0] != '\0')
			provenance_set(p, "misaligned_access", "%s",
			    ctx.cpu.misaligned);
		provenance_set(p, "identified_by", "%s", ctx.cpu.ident_source);
		provenance_set(p, "hypervisor", "%s", ctx.cpu.hypervisor);
		provenance_set(p, "governor", "%s", ctx.cpu.governor[0] ?
		    ctx.cpu.governor : "unknown");
		provenance_set(p, "turbo", "%s", ctx.cpu.turbo < 0 ? "unknown" :
		    ctx.cpu.turbo ? "on" : "off");
		if (ctx.cpu.loadavg1 >= 0)
			provenance_set(p, "load_avg_1min", "%.2f",
			    ctx.cpu.loadavg1);
		if (ctx.cpu.pinned_cpu >= 0)
			provenance_set(p, "cpu_pinned", "%d", ctx.cpu.pinned_cpu);
		else
			provenance_set(p, "cpu_pinned", "none");
	}
	if (ctx.have_timer) {
		provenance_set(p, "timer", "%s", ctx.timer.name);
		provenance_set(p, "unit", "%s", ctx.timer.unit);
		provenance_set(p, "timer_hz", "%.0f", ctx.timer.hz);
		provenance_set(p, "timer_overhead", "%.2f", ctx.timer.overhead);
		provenance_set(p, "timer_resolution", "%.0f",
		    ctx.timer.resolution);
		if (ctx.timer.requested != NULL)
			provenance_set(p, "timer_requested", "%s",
			    ctx.timer.requested);
		provenance_set(p, "timer_fallback", "%s", ctx.timer.fallback);
		/* An estimate, labelled as one: not a counter reading. */
		if (ctx.timer.est_core_hz > 0) {
			provenance_set(p, "est_core_hz", "%.0f",
			    ctx.timer.est_core_hz);
			provenance_set(p, "est_core_hz_method", "%s",
			    "dependent-add loop, 1 add per cycle, median of 21 "
			    "runs; est_cycles = median * est_core_hz / timer_hz");
		}
	}
	provenance_set(p, "compiler", "%s", csb_compiler);
	provenance_set(p, "cflags", "%s", csb_cflags);
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

/* Beside the file written: a symbolic link's target, not the link. */
char *
provenance_path(const char *results_path)
{
	char *t = outfile_resolve(results_path), *p;

	p = xasprintf("%s.meta", t);
	free(t);
	return p;
}
