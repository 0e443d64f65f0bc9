/*
 * fuzz.h - what every fuzz target shares.
 *
 * A target is one reader given arbitrary bytes: it defines
 * LLVMFuzzerTestOneInput, which libFuzzer calls (the --enable-fuzz build)
 * and tests/fuzz/replay.c calls on the files of the corpus and of the
 * regression cases (every build's make check). A target aborts, through
 * fuzz_check, when a reader breaks one of its promises; the sanitizers
 * report the rest.
 */
#ifndef CSUMBENCH_FUZZ_H
#define CSUMBENCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (the readers' contract). */
static inline char *
fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	if (size > 0)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * The input as an option value, or NULL to skip it: a C string, as argv
 * holds them (what a NUL ends, argv never had), of at most 4 KiB.
 */
static inline char *
fuzz_arg(const uint8_t *data, size_t size)
{
	if (memchr(data, '\0', size) != NULL || size > 4096)
		return NULL;
	return fuzz_text(data, size);
}

/* A promise of the reader under test: abort, naming it, when broken. */
#define fuzz_check(cond, what) do {					\
	if (!(cond)) {							\
		fprintf(stderr, "fuzz: %s:%d: %s\n", __FILE__,		\
		    __LINE__, (what));					\
		abort();						\
	}								\
} while (0)

/*
 * An error message is one line: not empty, no newline, no control
 * character (nothing a file says reaches a terminal raw).
 */
static inline void
fuzz_check_message(const char *err)
{
	const unsigned char *c;

	fuzz_check(err[0] != '\0', "an error without a message");
	for (c = (const unsigned char *)err; *c != '\0'; c++)
		if (*c < 0x20 || *c == 0x7f) {
			fprintf(stderr, "fuzz: message: ");
			fwrite(err, 1, strlen(err), stderr);
			fputc('\n', stderr);
			fuzz_check(0, "a control character in an error message");
		}
}

#endif
