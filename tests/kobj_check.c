/*
 * kobj_check.c - load kernel objects and verify every kernel they bring
 * exactly as csumbench verifies its own (guard pages, fault tests). Run by
 * make installcheck on the installed csumbench-kernels.so and on the
 * example kernel compiled against the installed header.
 *
 * usage: kobj_check [-k PATTERNS] FILE[=NAME]...
 * Verifies the kernels of each object, or those matching PATTERNS (as
 * csumbench -k: comma-separated globs of full names). Exit 0 when every
 * one verifies, 1 when one fails, 2 when an object cannot be loaded.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "../src/cli/cmd.h"
#include "../src/engine/kobj.h"
#include "../src/engine/select.h"
#include "../src/engine/verify.h"

int
main(int argc, char **argv)
{
	struct verify_opts vo = { .seed = 1, .max_report = 5, .jobs = 2 };
	const struct kobj *o;
	struct selection sel;
	const char *patterns = NULL;
	char err[512], pat[64];
	int i, rc, failed = 0;

	ctx_cpu();
	if (argc > 2 && strcmp(argv[1], "-k") == 0) {
		patterns = argv[2];
		argv += 2;
		argc -= 2;
	}
	for (i = 1; i < argc; i++) {
		if ((o = select_load(argv[i], err, sizeof(err))) == NULL) {
			fprintf(stderr, "kobj_check: %s\n", err);
			return 2;
		}
		snprintf(pat, sizeof(pat), "%s:*", o->name);
		if (select_kernels(NULL, patterns != NULL ? patterns : pat, 1,
		    &sel, err, sizeof(err)) != 0) {
			fprintf(stderr, "kobj_check: %s\n", err);
			return 2;
		}
		if ((rc = verify_run(sel.k, sel.n, &vo, stdout, err,
		    sizeof(err))) < 0) {
			fprintf(stderr, "kobj_check: %s\n", err);
			return 2;
		}
		failed += rc;
		select_free(&sel);
	}
	return failed ? 1 : 0;
}
