/*
 * select.c - which kernels exist here, which can run, and which the user
 * asked for.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "engine.h"
#include "select.h"
#include "util.h"

static uint64_t have_mask;

void
select_init(uint64_t have, size_t l1d, size_t l2, size_t l3)
{
	have_mask = have;
	ktune.have = have;
	if (l1d)
		ktune.l1d = l1d;
	if (l2)
		ktune.l2 = l2;
	if (l3)
		ktune.l3 = l3;
	/*
	 * Non-temporal stores pay off once the copy would evict most of the
	 * last-level cache. rep movsb/stosb: on Zen 4 (FSRM, ERMS) a 64-byte
	 * vector loop beats rep movsb from 2 KiB (by 15-35%) until the data
	 * leaves L2, and rep movsb wins only beyond it, so the threshold
	 * follows the L2 size rather than the string engine's startup cost.
	 */
	ktune.nt_threshold = ktune.l3 * 3 / 4;
	ktune.rep_threshold = 2 * ktune.l2;
}

uint64_t
select_have(void)
{
	return have_mask;
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
	const char *miss = cpu_missing(k->needs, have_mask);

	if (miss == NULL)
		return NULL;
	snprintf(buf, len, "needs %s", miss);
	return buf;
}

const struct kernel *
select_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < nkernels; i++)
		if (select_visible(&kernels[i]) && strcmp(kernels[i].name, name) == 0)
			return &kernels[i];
	return NULL;
}

static int
family_wanted(const char *families, enum kfamily f)
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

size_t
select_kernels(const char *families, const char *patterns,
    const struct kernel ***out, int allow_unavailable)
{
	const struct kernel **v = xcalloc(nkernels, sizeof(*v));
	char *copy, *p, *tok, *save = NULL, why[64];
	size_t i, n = 0;

	if (families != NULL) {
		copy = xstrdup(families);
		for (p = copy; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL)
			if (family_parse(tok) < 0)
				usage_error("unknown family \"%s\" (expected "
				    "memcpy, memset, copy, csum, csum_copy or "
				    "csum_diff)", tok);
		free(copy);
	}
	/* Every pattern must name at least one visible kernel. */
	if (patterns != NULL) {
		if (*patterns == '\0')
			usage_error("empty kernel pattern");
		copy = xstrdup(patterns);
		save = NULL;
		for (p = copy; (tok = strtok_r(p, ",", &save)) != NULL;
		    p = NULL) {
			int any = 0, avail = 0;

			for (i = 0; i < nkernels; i++) {
				if (!select_visible(&kernels[i]) ||
				    fnmatch(tok, kernels[i].name, 0) != 0)
					continue;
				any = 1;
				if (select_unavailable(&kernels[i], why,
				    sizeof(why)) == NULL)
					avail = 1;
			}
			if (!any)
				usage_error("no kernel matches \"%s\" (see "
				    "'csumbench list')", tok);
			if (!avail && !allow_unavailable) {
				for (i = 0; i < nkernels; i++)
					if (select_visible(&kernels[i]) &&
					    fnmatch(tok, kernels[i].name, 0) == 0)
						break;
				usage_error("kernel %s is not available here: "
				    "%s", kernels[i].name,
				    select_unavailable(&kernels[i], why,
				    sizeof(why)));
			}
		}
		free(copy);
	}
	for (i = 0; i < nkernels; i++) {
		const struct kernel *k = &kernels[i];

		if (!select_visible(k) || !family_wanted(families, k->family) ||
		    !match_patterns(patterns, k->name))
			continue;
		if (select_unavailable(k, why, sizeof(why)) != NULL) {
			if (patterns != NULL && allow_unavailable)
				warnx_("skipping %s: %s", k->name, why);
			continue;
		}
		v[n++] = k;
	}
	if (n == 0)
		usage_error("no available kernel matches the selection");
	*out = v;
	return n;
}
