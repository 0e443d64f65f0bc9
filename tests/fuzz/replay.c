/*
 * replay.c - a fuzz target without libFuzzer: runs it on every file of the
 * directories (or the files) named on the command line, as TAP, one test
 * per directory. Each input must finish within LIMIT seconds (a hang is a
 * failure: SIGALRM ends the process, which the TAP driver reports); a
 * crash or a broken promise aborts.
 *
 * usage: replay [-t LIMIT] DIR|FILE...
 *
 * Without a DIR or FILE (make check), it replays the target's seed corpus
 * and its regression cases, $top_srcdir/tests/fuzz/{corpus,regress}/NAME,
 * where NAME is FUZZ_TARGET (set when it is compiled).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

/* The whole of path, or NULL (with a TAP diagnostic). */
static uint8_t *
replay_slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, r;

	*len = 0;
	if (fp == NULL) {
		printf("# %s: %s\n", path, strerror(errno));
		return NULL;
	}
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 4096;
			if ((buf = realloc(buf, cap)) == NULL)
				abort();
		}
		r = fread(buf + *len, 1, cap - *len, fp);
		*len += r;
	} while (r > 0);
	if (ferror(fp)) {
		printf("# %s: read error\n", path);
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	return buf;
}

/* Run the target on one file; 0 or -1 if it could not be read. */
static int
replay_file(const char *path, unsigned limit)
{
	size_t len;
	uint8_t *data = replay_slurp(path, &len);

	if (data == NULL)
		return -1;
	/* Named before it runs: a crash or a hang is then attributed. */
	printf("# %s\n", path);
	fflush(stdout);
	alarm(limit);
	LLVMFuzzerTestOneInput(data, len);
	alarm(0);
	free(data);
	return 0;
}

static int
replay_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order; the number run, or -1. */
static long
replay_dir(const char *dir, unsigned limit)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	char **names = NULL;
	size_t n = 0, i;
	long done = 0;

	if (d == NULL) {
		printf("# %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if ((names = realloc(names, (n + 1) * sizeof(*names))) == NULL ||
		    (names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2)) == NULL)
			abort();
		sprintf(names[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), replay_name_cmp);
	for (i = 0; i < n; i++) {
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			if (done >= 0 && replay_file(names[i], limit) == 0)
				done++;
			else
				done = -1;
		}
		free(names[i]);
	}
	free(names);
	return done;
}

int
main(int argc, char **argv)
{
	unsigned limit = 10;
	struct stat st;
	long n;
	int i, first = 1, bad = 0;

	if (argc > 2 && strcmp(argv[1], "-t") == 0) {
		limit = (unsigned)atoi(argv[2]);
		first = 3;
	}
	if (first >= argc) {
		static char corpus[4096], regress[4096];
		static char *def[3] = { NULL, corpus, regress };
		const char *top = getenv("top_srcdir");

		if (top == NULL)
			top = ".";
		snprintf(corpus, sizeof(corpus), "%s/tests/fuzz/corpus/%s",
		    top, FUZZ_TARGET);
		snprintf(regress, sizeof(regress), "%s/tests/fuzz/regress/%s",
		    top, FUZZ_TARGET);
		argv = def;
		argc = 3;
		first = 1;
	}
	printf("1..%d\n", argc - first);
	for (i = first; i < argc; i++) {
		if (stat(argv[i], &st) != 0)
			n = -1;
		else if (S_ISDIR(st.st_mode))
			n = replay_dir(argv[i], limit);
		else
			n = replay_file(argv[i], limit) == 0 ? 1 : -1;
		printf("%s %d - %s: %ld inputs, each within %u s\n",
		    n >= 1 ? "ok" : "not ok", i - first + 1, argv[i],
		    n < 0 ? 0 : n, limit);
		bad += n < 1;
	}
	return bad != 0;
}
