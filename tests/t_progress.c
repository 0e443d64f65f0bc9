/*
 * t_progress.c - the count of a long step (progress_count): when a line
 * is due on a terminal, in a log and under -q, and how it ends.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/session/progress.h"
#include "tap.h"

static char *buf;
static size_t len;

/* How many lines (or redraws) the calls wrote since the stream opened. */
static size_t
count(const char *s, char c)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += *s == c;
	return n;
}

int
main(void)
{
	struct progress_line pl;
	FILE *fp;

	/* Off a terminal: nothing in the first 10 s, then a line each 10 s. */
	fp = open_memstream(&buf, &len);
	progress_count_init(&pl, fp, 0, 0);
	progress_count(&pl, "verifying", 10, 1000, 5);
	fflush(fp);
	tap_ok(len == 0, "a log: nothing before 10 s");
	progress_count(&pl, "verifying", 100, 1000, 10.5);
	progress_count(&pl, "verifying", 110, 1000, 11);
	fflush(fp);
	tap_ok(count(buf, '\n') == 1 && strstr(buf, "csumbench: verifying: "
	    "100 of 1000, 10s elapsed, ~94s left\n") != NULL,
	    "a log: one line at 10 s, with the time left");
	progress_count(&pl, "verifying", 1000, 1000, 60);
	/* The caller's own last word after the work's: said once. */
	progress_count(&pl, "verifying", 1000, 1000, 60);
	fclose(fp);
	tap_ok(count(buf, '\n') == 2 && strstr(buf, "verifying: ended after "
	    "60s\n") != NULL, "a log: a last line when any was written, once");
	free(buf);

	/* -q: quiet for a minute, then a line a minute, terminal or not. */
	fp = open_memstream(&buf, &len);
	progress_count_init(&pl, fp, 1, 1);
	progress_count(&pl, "verifying", 10, 10000, 30);
	progress_count(&pl, "verifying", 20, 10000, 59);
	fflush(fp);
	tap_ok(len == 0, "-q: nothing in the first minute");
	progress_count(&pl, "verifying", 30, 10000, 61);
	progress_count(&pl, "verifying", 40, 10000, 90);
	progress_count(&pl, "verifying", 50, 10000, 121);
	fflush(fp);
	tap_ok(count(buf, '\n') == 2 && count(buf, '\r') == 0 &&
	    strstr(buf, "csumbench: verifying: 30 of 10000, 61s elapsed") !=
	    NULL, "-q: a line a minute after that, no redrawing");
	fclose(fp);
	free(buf);

	/* Without -q, on a terminal: one line redrawn, cleared at the end. */
	fp = open_memstream(&buf, &len);
	progress_count_init(&pl, fp, 1, 0);
	progress_count(&pl, "verifying", 0, 4, 0.01);
	progress_count(&pl, "verifying", 1, 4, 0.1);
	progress_count(&pl, "verifying", 2, 4, 0.5);
	progress_count(&pl, "verifying", 4, 4, 0.9);
	fclose(fp);
	tap_ok(count(buf, '\n') == 0 && count(buf, '\r') == 4 &&
	    strstr(buf, "\rverifying: 2 of 4  0s elapsed, ~0s left") != NULL,
	    "a terminal: redrawn at most every 0.25 s, then cleared");
	free(buf);
	return tap_done();
}
