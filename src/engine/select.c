/*
 * select.c - which kernels exist here (built in, or loaded from kernel
 * objects), which can run, and which the user asked for.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "kobj.h"
#include "names.h"
#include "select.h"
#include "util.h"

/* The facts every object's init hook receives. */
static struct kenv sel_env;
static struct ktuned *sel_tuned;
/* The objects: [0] is the built-in one. */
static struct kobj **sel_objs;
static size_t sel_nobjs;
/* Every kernel of every object, in list order. */
static const struct kernel **sel_list;
static size_t sel_n;

/* Append o's kernels to the list. */
static void
select_add(struct kobj *o)
{
	size_t i;

	sel_objs = xreallocarray(sel_objs, sel_nobjs + 1, sizeof(*sel_objs));
	sel_objs[sel_nobjs++] = o;
	sel_list = xreallocarray(sel_list, sel_n + o->n, sizeof(*sel_list));
	for (i = 0; i < o->n; i++)
		sel_list[sel_n++] = &o->kernels[i];
}

void
select_init(uint64_t have, size_t l1d, size_t l2, size_t l3)
{
	char err[256];
	struct kobj *o;

	if (sel_nobjs > 0)
		return;
	sel_env.abi = CSUMBENCH_KERNEL_ABI;
	sel_env.have = have;
	sel_env.l1d = l1d;
	sel_env.l2 = l2;
	sel_env.l3 = l3;
	/*
	 * The built-in table is checked by the unit tests and its init hook
	 * accepts any facts: this cannot fail short of a broken build.
	 */
	if ((o = kobj_builtin(&sel_env, err, sizeof(err))) == NULL) {
		fprintf(stderr, "csumbench: internal error: %s\n", err);
		abort();
	}
	select_add(o);
}

int
select_tune(const struct ktuned *v, size_t n, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < sel_env.ntuned; i++)
		free((char *)sel_tuned[i].name);
	free(sel_tuned);
	sel_tuned = n ? xcalloc(n, sizeof(*sel_tuned)) : NULL;
	for (i = 0; i < n; i++) {
		sel_tuned[i].name = xstrdup(v[i].name);
		sel_tuned[i].value = v[i].value;
	}
	sel_env.tuned = sel_tuned;
	sel_env.ntuned = n;
	for (i = 0; i < sel_nobjs; i++)
		if (kobj_init(sel_objs[i], &sel_env, err, errlen) != 0)
			return -1;
	return 0;
}

const struct kobj *
select_load(const char *arg, char *err, size_t errlen)
{
	struct kobj *o;
	size_t i;

	if (sel_nobjs == 0) {
		snprintf(err, errlen, "internal error: %s loaded before the "
		    "CPU was identified", arg);
		return NULL;
	}
	if ((o = kobj_load(arg, &sel_env, err, errlen)) == NULL)
		return NULL;
	for (i = 1; i < sel_nobjs; i++)
		if (strcmp(sel_objs[i]->name, o->name) == 0) {
			snprintf(err, errlen, "%s: the name \"%s\" is taken by "
			    "%s (use FILE=NAME)", o->path, o->name,
			    sel_objs[i]->path);
			kobj_close(o);
			return NULL;
		}
	select_add(o);
	return o;
}

const struct kobj *
select_replicate(const char *name, unsigned k, size_t shift, size_t pad,
    char *note, size_t notelen, char *err, size_t errlen)
{
	const struct kobj *src = select_object(name);
	struct kobj *o;

	if (src == NULL) {
		snprintf(err, errlen, "no object is loaded as \"%s\"", name);
		return NULL;
	}
	if ((o = kobj_replica(src, k, shift, pad, &sel_env, note, notelen,
	    err, errlen)) == NULL)
		return NULL;
	select_add(o);
	return o;
}

int
select_move(const char *name, size_t shift, size_t pad, char *err,
    size_t errlen)
{
	size_t i, j;

	for (i = 1; i < sel_nobjs; i++)
		if (strcmp(sel_objs[i]->name, name) == 0)
			break;
	if (i == sel_nobjs) {
		snprintf(err, errlen, "no object is loaded as \"%s\"", name);
		return -1;
	}
	if (kobj_move(sel_objs[i], shift, pad, &sel_env, err, errlen) != 0)
		return -1;
	/* Its kernels have new entries: the list again, in its order. */
	for (i = sel_n = 0; i < sel_nobjs; i++)
		for (j = 0; j < sel_objs[i]->n; j++)
			sel_list[sel_n++] = &sel_objs[i]->kernels[j];
	return 0;
}

size_t
select_nobjects(void)
{
	return sel_nobjs;
}

const struct kobj *
select_object_at(size_t i)
{
	return i < sel_nobjs ? sel_objs[i] : NULL;
}

const struct kobj *
select_object(const char *name)
{
	size_t i;

	for (i = 1; i < sel_nobjs; i++)
		if (strcmp(sel_objs[i]->name, name) == 0)
			return sel_objs[i];
	return NULL;
}

int
select_loaded(const struct kernel *k)
{
	const struct kobj *b = sel_nobjs > 0 ? sel_objs[0] : NULL;

	return b == NULL || k < b->kernels || k >= b->kernels + b->n;
}

const struct kobj *
select_object_of(const struct kernel *k)
{
	size_t i;

	for (i = 1; i < sel_nobjs; i++)
		if (k >= sel_objs[i]->kernels &&
		    k < sel_objs[i]->kernels + sel_objs[i]->n)
			return sel_objs[i];
	return NULL;
}

unsigned
select_copy(const struct kernel *k)
{
	const struct kobj *o = select_object_of(k);

	return o != NULL && o->copy > 1 ? o->copy : 1;
}

const char *
select_origin(const struct kernel *k)
{
	const struct kobj *o = select_object_of(k);

	return o != NULL && o->origin != NULL ? o->origin : "";
}

const char *
select_base(const struct kernel *k)
{
	const struct kobj *o = select_object_of(k);

	return o != NULL ? o->table->kernels[k - o->kernels].name : k->name;
}

void
select_unload(void)
{
	while (sel_nobjs > 1) {
		struct kobj *o = sel_objs[--sel_nobjs];

		sel_n -= o->n;
		kobj_close(o);
	}
}

const struct kenv *
select_env(void)
{
	return &sel_env;
}

uint64_t
select_have(void)
{
	return sel_env.have;
}

const struct kernel *const *
select_all(size_t *n)
{
	*n = sel_n;
	return sel_list;
}

int
select_show_tests(void)
{
	const char *e = getenv("CSUMBENCH_TEST_KERNELS");

	return e != NULL && strcmp(e, "1") == 0;
}

int
select_visible(const struct kernel *k)
{
	return !(k->flags & KF_TEST) || select_show_tests();
}

const char *
select_unavailable(const struct kernel *k, char *buf, size_t len)
{
	const char *miss = cpu_missing(k->needs, sel_env.have);

	if (miss == NULL)
		return NULL;
	snprintf(buf, len, "needs %s", miss);
	return buf;
}

const struct kernel *
select_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < sel_n; i++)
		if (select_visible(sel_list[i]) &&
		    strcmp(sel_list[i]->name, name) == 0)
			return sel_list[i];
	return NULL;
}

const struct kernel *
select_reference(enum kfamily f)
{
	size_t i;

	for (i = 0; sel_nobjs > 0 && i < sel_objs[0]->n; i++)
		if (sel_objs[0]->kernels[i].family == f &&
		    (sel_objs[0]->kernels[i].flags & KF_REFERENCE))
			return &sel_objs[0]->kernels[i];
	return NULL;
}

/* Is every family of the comma-separated list known? */
static int
select_check_families(const char *families, char *err, size_t errlen)
{
	char *copy, *p, *tok, *save = NULL;
	int rc = 0;

	if (families == NULL)
		return 0;
	copy = xstrdup(families);
	for (p = copy; rc == 0 && (tok = strtok_r(p, ",", &save)) != NULL;
	    p = NULL)
		if (family_parse(tok) < 0) {
			snprintf(err, errlen, "unknown family \"%s\" (expected "
			    "memcpy, memset, copy, csum, csum_copy or "
			    "csum_diff)", tok);
			rc = -1;
		}
	free(copy);
	return rc;
}

static int
select_family_wanted(const char *families, enum kfamily f)
{
	char *copy, *p, *tok, *save = NULL;
	int hit = 0;

	if (families == NULL)
		return 1;
	copy = xstrdup(families);
	for (p = copy; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL)
		if (family_parse(tok) == (int)f)
			hit = 1;
	free(copy);
	return hit;
}

/*
 * A glob whose family is misspelt ("cusm.*"): ", did you mean csum.*?"
 * with the family within 2 edits, or "".
 */
static void
select_suggest_family(const char *tok, char *buf, size_t len)
{
	const char *dot = strchr(tok, '.');
	char fam[32];
	size_t d, best = 3;
	int f, pick = -1;

	if (dot == NULL || (size_t)(dot - tok) >= sizeof(fam) ||
	    strchr(tok, ':') != NULL)
		return;
	snprintf(fam, sizeof(fam), "%.*s", (int)(dot - tok), tok);
	if (strpbrk(fam, "*?[") != NULL || family_parse(fam) >= 0)
		return;
	for (f = 0; f < K_NFAMILIES; f++) {
		d = str_distance(fam, family_name((enum kfamily)f));
		if (d < best && 2 * d < strlen(fam)) {
			best = d;
			pick = f;
		}
	}
	if (pick >= 0)
		snprintf(buf, len, ", did you mean %s%s?",
		    family_name((enum kfamily)pick), dot);
}

/*
 * The visible kernel names closest to tok (a misspelt name, not a glob):
 * ", did you mean csum.adc?", or "" when none is within 2 edits and
 * under half of tok.
 */
static void
select_suggest(const char *tok, char *buf, size_t len)
{
	size_t i, d, best = (size_t)-1, n = strlen(tok), used;

	buf[0] = '\0';
	if (strpbrk(tok, "*?[") != NULL) {
		select_suggest_family(tok, buf, len);
		return;
	}
	for (i = 0; i < sel_n; i++) {
		d = str_distance(tok, sel_list[i]->name);
		if (select_visible(sel_list[i]) && d <= 2 && 2 * d < n &&
		    d < best)
			best = d;
	}
	for (i = 0; best != (size_t)-1 && i < sel_n; i++) {
		if (!select_visible(sel_list[i]) ||
		    str_distance(tok, sel_list[i]->name) != best)
			continue;
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", used ? " or " :
		    ", did you mean ", sel_list[i]->name);
	}
	if (buf[0] != '\0') {
		used = strlen(buf);
		snprintf(buf + used, len - used, "?");
	}
}

/*
 * Does pattern tok name a visible kernel, and an available one unless
 * allow_unavailable?
 */
static int
select_check_pattern(const char *tok, int allow_unavailable, char *err,
    size_t errlen)
{
	const struct kernel *first = NULL;
	char why[64];
	size_t i;

	for (i = 0; i < sel_n; i++) {
		if (!select_visible(sel_list[i]) ||
		    fnmatch(tok, sel_list[i]->name, 0) != 0)
			continue;
		if (select_unavailable(sel_list[i], why, sizeof(why)) == NULL)
			return 0;
		if (first == NULL)
			first = sel_list[i];
	}
	if (first == NULL) {
		char alts[160];

		select_suggest(tok, alts, sizeof(alts));
		snprintf(err, errlen, "no kernel matches \"%s\"%s (see "
		    "'csumbench list')", tok, alts);
	}
	else if (!allow_unavailable)
		snprintf(err, errlen, "kernel %s is not available here: %s",
		    first->name, select_unavailable(first, why, sizeof(why)));
	else
		return 0;
	return -1;
}

static int
select_check_patterns(const char *patterns, int allow_unavailable,
    char *err, size_t errlen)
{
	char *copy, *p, *tok, *save = NULL;
	int rc = 0;

	if (patterns == NULL)
		return 0;
	if (*patterns == '\0') {
		snprintf(err, errlen, "empty kernel pattern");
		return -1;
	}
	copy = xstrdup(patterns);
	for (p = copy; rc == 0 && (tok = strtok_r(p, ",", &save)) != NULL;
	    p = NULL)
		rc = select_check_pattern(tok, allow_unavailable, err, errlen);
	free(copy);
	return rc;
}

int
select_kernels(const char *families, const char *patterns,
    int allow_unavailable, struct selection *sel, char *err, size_t errlen)
{
	char why[64];
	size_t i;

	memset(sel, 0, sizeof(*sel));
	if (select_check_families(families, err, errlen) != 0 ||
	    select_check_patterns(patterns, allow_unavailable, err,
	    errlen) != 0)
		return -1;
	sel->k = xcalloc(sel_n + 1, sizeof(*sel->k));
	sel->skipped = xcalloc(sel_n + 1, sizeof(*sel->skipped));
	for (i = 0; i < sel_n; i++) {
		const struct kernel *k = sel_list[i];

		if (!select_visible(k) ||
		    !select_family_wanted(families, k->family) ||
		    !match_patterns(patterns, k->name))
			continue;
		if (select_unavailable(k, why, sizeof(why)) == NULL)
			sel->k[sel->n++] = k;
		else if (patterns != NULL && allow_unavailable)
			sel->skipped[sel->nskipped++] = k;
	}
	if (sel->n == 0) {
		snprintf(err, errlen, "no available kernel matches the "
		    "selection");
		select_free(sel);
		return -1;
	}
	return 0;
}

void
select_free(struct selection *sel)
{
	free(sel->k);
	free(sel->skipped);
	memset(sel, 0, sizeof(*sel));
}
