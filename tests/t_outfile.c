/*
 * t_outfile.c - results and their .meta committed as one unit: writers
 * racing to commit a pair to one path leave one writer's results beside
 * that writer's .meta, and through a symbolic link the .meta lands beside
 * the file written, where readers look for it (provenance_path).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../src/base/outfile.h"
#include "../src/results/provenance.h"
#include "../src/base/util.h"
#include "tap.h"

#define WRITERS	6
#define TRIALS	40


/* Commit "id" as results and as .meta of path, once the gate opens. */
static int
writer(const char *path, int id, int gate)
{
	struct outfile d, m;
	char err[512], c;
	char *mpath = provenance_path(path);
	int i, rc;

	if (outfile_open(&d, path, err, sizeof(err)) != 0 ||
	    outfile_open(&m, mpath, err, sizeof(err)) != 0) {
		free(mpath);
		return 1;
	}
	free(mpath);
	/* Enough data for the commit to take a while. */
	for (i = 0; i < 2000; i++)
		fprintf(d.fp, "%d,%d\n", id, i);
	fprintf(m.fp, "%d\n", id);
	(void)!read(gate, &c, 1);
	rc = outfile_commit_pair(&d, &m, err, sizeof(err)) != 0;
	return rc;
}

static int
first_int(const char *path)
{
	FILE *fp = fopen(path, "r");
	int v = -1;

	if (fp != NULL) {
		if (fscanf(fp, "%d", &v) != 1)
			v = -1;
		fclose(fp);
	}
	return v;
}

/* One race: the writers commit at once; 1 when the pair is one writer's. */
static int
race(const char *path, const char *mpath)
{
	int p[2], i, st, bad = 0;
	pid_t pid[WRITERS];

	if (pipe(p) != 0)
		return 0;
	for (i = 0; i < WRITERS; i++)
		if ((pid[i] = fork()) == 0) {
			close(p[1]);
			_exit(writer(path, i, p[0]));
		}
	close(p[0]);
	usleep(20000);
	close(p[1]);		/* the gate opens for all at once */
	for (i = 0; i < WRITERS; i++)
		if (waitpid(pid[i], &st, 0) < 0 || st != 0)
			bad = 1;
	return !bad && first_int(path) >= 0 &&
	    first_int(path) == first_int(mpath);
}

int
main(void)
{
	const char *t = getenv("TMPDIR");
	char dir[512], *path, *mpath, *link, *real, *pl, *rm, *lm;
	int i, good = 0;

	snprintf(dir, sizeof(dir), "%s/t_outfile.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(dir) == NULL)
		return 99;
	path = xasprintf("%s/r.csv", dir);
	mpath = xasprintf("%s/r.csv.meta", dir);
	for (i = 0; i < TRIALS; i++)
		good += race(path, mpath);
	tap_ok(good == TRIALS, "%d writers racing to one path: results and "
	    ".meta of one writer in %d of %d races", WRITERS, good, TRIALS);

	/* Through a link: the .meta beside its target. */
	link = xasprintf("%s/link.csv", dir);
	real = xasprintf("%s/sub", dir);
	(void)!mkdir(real, 0777);
	free(real);
	real = xasprintf("%s/sub/real.csv", dir);
	(void)!symlink("sub/real.csv", link);
	pl = provenance_path(link);
	rm = xasprintf("%s.meta", real);
	lm = xasprintf("%s.meta", link);
	tap_ok(strcmp(pl, rm) == 0,
	    "provenance_path of a link: beside its target (%s)", pl);
	tap_ok(writer(link, 7, open("/dev/null", 0)) == 0 &&
	    first_int(rm) == 7 && access(lm, F_OK) != 0,
	    "a pair written through a link: the .meta beside the file written");
	tap_plan(tap_n);
	free(pl);
	free(rm);
	free(lm);
	pl = xasprintf("rm -rf '%s'", dir);
	(void)!system(pl);
	free(pl);
	free(link);
	free(real);
	free(path);
	free(mpath);
	return tap_failed != 0;
}
