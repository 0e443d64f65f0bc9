/*
 * decimal.h - decimal numbers as people and csumbench write them, and
 * nothing else: an optional '-', digits with an optional fraction (or a
 * fraction alone: ".5"), an optional exponent ("e-3", "E+07"). No
 * leading or trailing space, no '+' sign in front, no hexadecimal ("0x10",
 * "0x1p-3"), no "inf" or "nan": strtod accepts all of those, so every
 * number read from a file or an option goes through here first.
 */
#ifndef CSUMBENCH_DECIMAL_H
#define CSUMBENCH_DECIMAL_H

#include <stddef.h>

/*
 * The length of the decimal number at the start of s (0: none there);
 * with neg 0, a leading '-' is no part of it.
 */
size_t	decimal_span(const char *s, int neg);
/*
 * The first len bytes of s (all of s when len is (size_t)-1), which must
 * be exactly a decimal number (negative only with neg), as a finite
 * double. 0, or -1 (not such a number, or beyond the range of a double).
 */
int	decimal_parse(const char *s, size_t len, int neg, double *v);

#endif
