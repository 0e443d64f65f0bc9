/*
 * fuzz_files.c - the readers of files a user writes by hand, on arbitrary
 * bytes: a size distribution's @FILE (and the same text as a mix: spec)
 * and the tuning file.
 *
 * A distribution accepted has sizes, finite positive weights and a mean
 * between its smallest and largest size; a tuning file accepted is read
 * back the same from what tunefile_write makes of it; a refusal is one
 * line.
 */
#include "config.h"

#include <math.h>
#include <unistd.h>

#include "../../src/base/dist.h"
#include "../../src/engine/tunefile.h"
#include "fuzz.h"

/* One file, rewritten for every input (removed at exit). */
static char fuzz_path[512];

static void
fuzz_rm(void)
{
	if (fuzz_path[0] != '\0')
		unlink(fuzz_path);
}

static const char *
fuzz_file(const uint8_t *data, size_t size)
{
	const char *t = getenv("TMPDIR");
	FILE *fp;
	int fd;

	if (fuzz_path[0] == '\0') {
		snprintf(fuzz_path, sizeof(fuzz_path), "%s/fuzz_files.XXXXXX",
		    t != NULL && *t != '\0' ? t : "/tmp");
		if ((fd = mkstemp(fuzz_path)) < 0)
			abort();
		close(fd);
		atexit(fuzz_rm);
	}
	if ((fp = fopen(fuzz_path, "wb")) == NULL)
		abort();
	if (size > 0 && fwrite(data, 1, size, fp) != size)
		abort();
	if (fclose(fp) != 0)
		abort();
	return fuzz_path;
}

static void
fuzz_dist(const char *item)
{
	struct dist d;
	char err[512] = "";
	size_t i;

	memset(&d, 0, sizeof(d));
	if (dist_parse(item, strlen(item), &d, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		return;
	}
	fuzz_check(d.nbin >= 1, "a distribution without sizes");
	for (i = 0; i < d.nbin; i++)
		fuzz_check(d.bin[i].weight > 0 && isfinite(d.bin[i].weight),
		    "a weight not finite and above 0");
	fuzz_check(isfinite(d.mean) && d.mean >= (double)d.bin[0].size &&
	    d.mean <= (double)d.max, "a mean outside the sizes");
	dist_free(&d);
}

static void
fuzz_tune(const char *path)
{
	struct tunefile a, b;
	char err[512] = "", back[600];
	FILE *fp;
	size_t i;

	memset(&a, 0, sizeof(a));
	if (tunefile_read(path, &a, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		return;
	}
	snprintf(back, sizeof(back), "%s.back", path);
	if ((fp = fopen(back, "w")) == NULL)
		abort();
	tunefile_write(fp, &a, NULL);
	fclose(fp);
	memset(&b, 0, sizeof(b));
	err[0] = '\0';
	fuzz_check(tunefile_read(back, &b, err, sizeof(err)) == 0,
	    "a tuning file read, written and refused");
	unlink(back);
	fuzz_check(strcmp(a.cpu, b.cpu) == 0, "the cpu key changed");
	for (i = 0; i < TUNING_MAX; i++)
		fuzz_check(a.set[i] == b.set[i] &&
		    (!a.set[i] || a.value[i] == b.value[i]),
		    "a threshold changed when written and read back");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path;
	char *item, *text;

	if (size > 16384)
		return 0;
	path = fuzz_file(data, size);
	item = malloc(strlen(path) + 2);
	if (item == NULL)
		abort();
	item[0] = '@';
	strcpy(item + 1, path);
	fuzz_dist(item);
	free(item);
	fuzz_tune(path);
	/* The text as an inline mix (a spec never holds a NUL). */
	if (memchr(data, '\0', size) == NULL && size < 4096) {
		text = fuzz_text(data, size);
		item = malloc(size + 5);
		if (item == NULL)
			abort();
		memcpy(item, "mix:", 4);
		memcpy(item + 4, text, size + 1);
		fuzz_dist(item);
		free(item);
		free(text);
	}
	return 0;
}
