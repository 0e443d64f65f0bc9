/*
 * gatefile.c - the gate's extra outputs of compare and run (gatefile.h).
 */
#include "config.h"

#include <string.h>

#include "gatefile.h"
#include "util.h"

static void
gatefile_one(struct outfile *of, int *has, const char *path, FILE **fp)
{
	char err[512];

	*has = 0;
	*fp = NULL;
	if (path == NULL)
		return;
	if (outfile_open(of, path, err, sizeof(err)) != 0)
		usage_error("%s", err);
	*has = 1;
	*fp = of->fp;
}

void
gatefile_open(struct gatefile *g, const char *junit, const char *md,
    struct cmp_opts *co)
{
	memset(g, 0, sizeof(*g));
	if ((junit != NULL || md != NULL) && co->fail_above < 0)
		usage_error("--%s is the verdict of --fail-above, which is not "
		    "given", junit != NULL ? "junit" : "gate-md");
	gatefile_one(&g->junit, &g->has_junit, junit, &co->junit);
	gatefile_one(&g->md, &g->has_md, md, &co->gate_md);
}

void
gatefile_commit(struct gatefile *g)
{
	char err[512];

	if (g->has_junit && outfile_commit(&g->junit, err, sizeof(err)) != 0)
		usage_error("%s", err);
	if (g->has_md && outfile_commit(&g->md, err, sizeof(err)) != 0)
		usage_error("%s", err);
	g->has_junit = g->has_md = 0;
}
