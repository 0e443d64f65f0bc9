/*
 * t_csv.c - unit tests of src/csv.c: quoting, exact number round trips,
 * independence from LC_NUMERIC, and the reader on good and bad input.
 */

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/results/csv.h"
#include "tap.h"

/* A stream holding exactly s[0..len-1], read from the start. */
static FILE *
from_bytes(const char *s, size_t len)
{
	FILE	*fp;

	if ((fp = tmpfile()) == NULL) {
		perror("tmpfile");
		exit(99);	/* a hard error for tap-driver */
	}
	if (len > 0 && fwrite(s, 1, len, fp) != len) {
		perror("fwrite");
		exit(99);
	}
	rewind(fp);
	return fp;
}

/* Everything written to fp so far, NUL-terminated; free it. */
static char *
slurp(FILE *fp, size_t *lenp)
{
	char	*buf;
	long	 len;

	fflush(fp);
	len = ftell(fp);
	rewind(fp);
	buf = malloc(len + 1);
	if (buf == NULL || fread(buf, 1, len, fp) != (size_t)len) {
		perror("slurp");
		exit(99);
	}
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return buf;
}

static void
test_writer(void)
{
	struct csv_writer w;
	FILE	*fp = tmpfile();
	char	*out;
	const char *want =
	    "plain,\"a,b\",\"say \"\"hi\"\"\",\"line\nbreak\",\"cr\rx\",,,"
	    "18446744073709551615,0.5,,,-2.5e-07\n"
	    " spaced ,\"\"\"\"\n"
	    "\n";

	csv_init(&w, fp);
	csv_str(&w, "plain");
	csv_str(&w, "a,b");
	csv_str(&w, "say \"hi\"");
	csv_str(&w, "line\nbreak");
	csv_str(&w, "cr\rx");
	csv_str(&w, "");
	csv_str(&w, NULL);
	csv_ulong(&w, 18446744073709551615ULL);
	csv_double(&w, 0.5);
	csv_double(&w, NAN);
	csv_double(&w, -INFINITY);
	csv_double(&w, -2.5e-7);
	csv_end(&w);
	tap_ok(w.nfields == 0, "csv_end starts a new record");
	csv_str(&w, " spaced ");	/* not quoted: spaces are data */
	csv_str(&w, "\"");
	csv_end(&w);
	csv_end(&w);			/* an empty record */
	out = slurp(fp, NULL);
	tap_ok(strcmp(out, want) == 0, "writer quotes exactly what needs it");
	if (strcmp(out, want) != 0)
		tap_diag("got: %s", out);
	free(out);
	fclose(fp);
}

static void
test_format(void)
{
	static const struct {
		double		 v;
		const char	*s;
	} cases[] = {
		{ 0, "0" },
		{ -0.0, "-0" },
		{ 1, "1" },
		{ 22, "22" },
		{ 0.1, "0.1" },
		{ 0.5, "0.5" },
		{ 1e300, "1e+300" },
		{ 1e-300, "1e-300" },
		{ 123456789012345.0, "123456789012345" },
		{ 1.0 / 3, "0.3333333333333333" },	/* 16 digits */
		{ 0.1 + 0.2, "0.30000000000000004" },	/* 17 digits */
		{ 2.0 / 3, "0.6666666666666666" },
		{ DBL_MAX, "1.7976931348623157e+308" },
		{ DBL_MIN, "2.2250738585072014e-308" },
		{ 4.9406564584124654e-324, "4.94065645841247e-324" },
		{ 1e23, "1e+23" },
		{ 3.0e9, "3000000000" },
	};
	char	buf[64];
	size_t	i;
	int	ok;

	for (i = 0, ok = 1; i < sizeof cases / sizeof cases[0]; i++) {
		csv_format_double(cases[i].v, buf, sizeof buf);
		if (strcmp(buf, cases[i].s) != 0) {
			tap_diag("%.17g: got \"%s\", want \"%s\"", cases[i].v,
			    buf, cases[i].s);
			ok = 0;
		}
	}
	tap_ok(ok, "numbers are written in their shortest exact form");
	tap_ok(csv_format_double(NAN, buf, sizeof buf) == buf &&
	    buf[0] == '\0', "NaN formats as an empty string");
	tap_ok(*csv_format_double(INFINITY, buf, sizeof buf) == '\0',
	    "infinity formats as an empty string");
}

/* xorshift64*: a fixed-seed generator, so failures reproduce. */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

/* Exact: the same bits back (so -0 stays -0). */
static int
round_trips(double v, char *buf, size_t len)
{
	double	r;

	csv_format_double(v, buf, len);
	r = strtod(buf, NULL);
	return memcmp(&r, &v, sizeof r) == 0;
}

static void
test_roundtrip(void)
{
	static const double special[] = { 0.1, 0.2, 0.3, 1e300, -1e300,
	    1e-300, 5e-324, -5e-324, DBL_MIN, DBL_MAX, -DBL_MAX,
	    DBL_EPSILON, 1 + DBL_EPSILON, 1 - DBL_EPSILON / 2, -0.0, 0,
	    9007199254740993.0, 123.456, 2.2250738585072011e-308 };
	uint64_t	 s = 0x9E3779B97F4A7C15ULL, bits;
	char		 buf[64];
	double		 v;
	size_t		 i, n = 0, bad = 0, maxlen = 0;

	for (i = 0; i < sizeof special / sizeof special[0]; i++) {
		if (!round_trips(special[i], buf, sizeof buf)) {
			tap_diag("%a -> %s", special[i], buf);
			bad++;
		}
	}
	tap_ok(bad == 0, "special values round-trip exactly");

	for (i = 0, bad = 0; i < 200000; i++) {
		bits = rnd(&s);
		if (i % 4 == 1)		/* denormals: exponent field 0 */
			bits &= 0x800FFFFFFFFFFFFFULL;
		else if (i % 4 == 2)	/* ordinary magnitudes, 1e-5..1e10 */
			bits = (bits & 0x800FFFFFFFFFFFFFULL) |
			    (uint64_t)(1006 + bits % 50) << 52;
		memcpy(&v, &bits, sizeof v);
		if (!isfinite(v))
			continue;
		n++;
		if (!round_trips(v, buf, sizeof buf)) {
			if (bad++ < 5)
				tap_diag("%a -> %s", v, buf);
		}
		if (strlen(buf) > maxlen)
			maxlen = strlen(buf);
	}
	tap_ok(bad == 0 && n > 190000,
	    "%zu random doubles (denormals included) round-trip exactly", n);
	tap_ok(maxlen <= 24, "no number is longer than 24 bytes (%zu)",
	    maxlen);

	/* Through the writer and the reader, as a file of numbers. */
	{
		struct csv_writer w;
		struct csv_reader r;
		double	vals[1000];
		char	err[128];
		FILE	*fp = tmpfile();
		int	nf, ok = 1;

		csv_init(&w, fp);
		for (i = 0; i < 1000; i++) {
			bits = rnd(&s);
			memcpy(&vals[i], &bits, sizeof vals[i]);
			if (!isfinite(vals[i]))
				vals[i] = (double)i / 7;
			csv_double(&w, vals[i]);
			if (i % 10 == 9)
				csv_end(&w);
		}
		rewind(fp);
		csv_reader_init(&r, fp);
		for (i = 0; (nf = csv_read_record(&r, err, sizeof err)) > 0;) {
			for (int f = 0; f < nf; f++, i++) {
				v = strtod(r.fields[f], NULL);
				ok &= memcmp(&v, &vals[i], sizeof v) == 0;
			}
		}
		tap_ok(ok && nf == 0 && i == 1000,
		    "1000 doubles written as CSV read back exactly");
		csv_reader_free(&r);
		fclose(fp);
	}
}

/*
 * Under a locale whose decimal point is ',' the numbers must still be
 * written with '.', and the program's locale must be left alone.
 */
static void
test_locale(void)
{
	static const char *const names[] = { "", "de_DE.UTF-8", "de_DE.utf8",
	    "de_DE", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8", "nl_NL.UTF-8",
	    "it_IT.UTF-8", "es_ES.UTF-8", "pt_BR.UTF-8", NULL };
	const char *const *n;
	char	 buf[64], direct[64];

	for (n = names; *n != NULL; n++) {
		if (setlocale(LC_ALL, *n) != NULL &&
		    strcmp(localeconv()->decimal_point, ",") == 0)
			break;
	}
	if (*n == NULL) {
		setlocale(LC_ALL, "C");
		tap_skip("no installed locale with a decimal comma");
		tap_skip("no installed locale with a decimal comma");
		tap_skip("no installed locale with a decimal comma");
		return;
	}
	tap_diag("testing under locale \"%s\"", setlocale(LC_NUMERIC, NULL));
	snprintf(direct, sizeof direct, "%g", 0.5);
	csv_format_double(0.5, buf, sizeof buf);
	tap_ok(strcmp(buf, "0.5") == 0 && strcmp(direct, "0,5") == 0,
	    "0.5 is written \"%s\" while printf writes \"%s\"", buf, direct);
	csv_format_double(1.0 / 3, buf, sizeof buf);
	tap_ok(strcmp(buf, "0.3333333333333333") == 0,
	    "round-trip check is done in the C locale too (%s)", buf);
	tap_ok(strcmp(localeconv()->decimal_point, ",") == 0,
	    "the program's locale is left alone");
	setlocale(LC_ALL, "C");
}

struct rec {
	int		 n;
	const char	*f[8];
};

/* Write recs with the writer, read them back, compare field by field. */
static void
test_reader_roundtrip(void)
{
	static const struct rec recs[] = {
		{ 3, { "a", "b", "c" } },
		{ 3, { "", "", "" } },
		{ 6, { "quote\"inside", "comma,inside", "new\nline",
		    "crlf\r\ninside", "\"\"", "" } },
		{ 1, { "single" } },
		{ 1, { "" } },
		{ 2, { " lead", "trail " } },
		{ 2, { "\n", "\"" } },
		{ 2, { "\xc3\xbc\xc3\xb1\xc3\xaf", "\t" } },
		{ 1, { "last, without a newline? no: with one" } },
	};
	struct csv_writer w;
	struct csv_reader r;
	FILE	*fp = tmpfile();
	char	 err[128];
	size_t	 i;
	int	 j, nf, ok = 1;

	csv_init(&w, fp);
	for (i = 0; i < sizeof recs / sizeof recs[0]; i++) {
		for (j = 0; j < recs[i].n; j++)
			csv_str(&w, recs[i].f[j]);
		csv_end(&w);
	}
	rewind(fp);
	csv_reader_init(&r, fp);
	for (i = 0; i < sizeof recs / sizeof recs[0]; i++) {
		nf = csv_read_record(&r, err, sizeof err);
		if (nf != recs[i].n) {
			tap_diag("record %zu: %d fields (%s)", i, nf,
			    nf < 0 ? err : "");
			ok = 0;
			break;
		}
		for (j = 0; j < nf; j++) {
			if (strcmp(r.fields[j], recs[i].f[j]) != 0) {
				tap_diag("record %zu field %d: \"%s\"", i, j,
				    r.fields[j]);
				ok = 0;
			}
		}
		if (r.fields[nf] != NULL)
			ok = 0;
	}
	tap_ok(ok, "tricky records survive writer and reader");
	tap_ok(csv_read_record(&r, err, sizeof err) == 0,
	    "end of file reads as 0");
	tap_ok(csv_read_record(&r, err, sizeof err) == 0,
	    "and keeps reading as 0");
	csv_reader_free(&r);
	fclose(fp);
}

/* Parse text; expect the records described by want, then EOF. */
static void
parse_ok(const char *what, const char *text, size_t len,
    const struct rec *want, size_t nrec, const unsigned long *lines)
{
	struct csv_reader r;
	FILE	*fp = from_bytes(text, len);
	char	 err[128];
	size_t	 i;
	int	 j, nf, ok = 1;

	csv_reader_init(&r, fp);
	for (i = 0; ok && i < nrec; i++) {
		nf = csv_read_record(&r, err, sizeof err);
		if (nf != want[i].n) {
			tap_diag("record %zu: %d fields (%s)", i, nf,
			    nf < 0 ? err : "");
			ok = 0;
			break;
		}
		for (j = 0; j < nf; j++)
			if (strcmp(r.fields[j], want[i].f[j]) != 0) {
				tap_diag("record %zu field %d: \"%s\"", i, j,
				    r.fields[j]);
				ok = 0;
			}
		if (lines != NULL && r.line != lines[i]) {
			tap_diag("record %zu: line %lu, want %lu", i, r.line,
			    lines[i]);
			ok = 0;
		}
	}
	if (ok && (nf = csv_read_record(&r, err, sizeof err)) != 0) {
		tap_diag("after the last record: %d", nf);
		ok = 0;
	}
	tap_ok(ok, "%s", what);
	csv_reader_free(&r);
	fclose(fp);
}

static void
parse_bad(const char *what, const char *text, size_t len, int good_first,
    const char *why)
{
	struct csv_reader r;
	FILE	*fp = from_bytes(text, len);
	char	 err[128] = "";
	int	 i, rc = 0;

	csv_reader_init(&r, fp);
	for (i = 0; i <= good_first; i++)
		rc = csv_read_record(&r, err, sizeof err);
	tap_ok(rc == -1 && strstr(err, why) != NULL &&
	    strncmp(err, "line ", 5) == 0, "%s: %s", what, err);
	csv_reader_free(&r);
	fclose(fp);
}

#define S(lit)	(lit), sizeof(lit) - 1

static void
test_reader(void)
{
	static const struct rec crlf[] = {
		{ 2, { "a", "b" } }, { 2, { "c", "d" } } };
	static const struct rec crlfq[] = {
		{ 2, { "x\r\ny", "z" } }, { 1, { "w" } } };
	static const struct rec nonl[] = { { 2, { "a", "b" } } };
	static const struct rec trailing[] = {
		{ 3, { "a", "b", "" } }, { 2, { "", "" } } };
	static const struct rec blank[] = {
		{ 1, { "a" } }, { 1, { "" } }, { 1, { "b" } } };
	static const struct rec multi[] = {
		{ 2, { "h1", "h2" } }, { 2, { "one\ntwo\nthree", "x" } },
		{ 1, { "after" } } };
	static const unsigned long multi_lines[] = { 1, 2, 5 };
	static const struct rec quoted[] = {
		{ 3, { "", "\"", "a\"\"b" } } };
	static const struct rec lonecr[] = { { 1, { "a" } } };
	struct csv_reader r;
	FILE	*fp;
	char	*big, err[128];
	size_t	 i;
	int	 nf, ok;

	parse_ok("CRLF line ends", S("a,b\r\nc,d\r\n"), crlf, 2, NULL);
	parse_ok("CRLF inside a quoted field is kept", S("\"x\r\ny\",z\r\nw"),
	    crlfq, 2, NULL);
	parse_ok("last record without a newline", S("a,b"), nonl, 1, NULL);
	parse_ok("trailing commas are empty fields", S("a,b,\n,\n"),
	    trailing, 2, NULL);
	parse_ok("an empty line is one empty field", S("a\n\nb\n"), blank, 3,
	    NULL);
	parse_ok("multi-line field: record line numbers 1, 2, 5",
	    S("h1,h2\n\"one\ntwo\nthree\",x\nafter\n"), multi, 3,
	    multi_lines);
	parse_ok("quoted empty, quote, doubled quotes",
	    S("\"\",\"\"\"\",\"a\"\"\"\"b\"\n"), quoted, 1, NULL);
	parse_ok("a CR at end of file ends the record", S("a\r"), lonecr, 1,
	    NULL);
	parse_ok("an empty file has no records", S(""), NULL, 0, NULL);

	parse_bad("unterminated quote", S("a,\"bc\nd\n"), 0,
	    "unterminated quoted field (opened on line 1)");
	parse_bad("unterminated quote on a later line",
	    S("a\nb\n\"x,y\n"), 2, "line 4: unterminated");
	parse_bad("junk after closing quote", S("\"ab\"c,d\n"), 0,
	    "junk after a closing quote");
	parse_bad("space after closing quote", S("\"ab\" ,d\n"), 0,
	    "junk after a closing quote");
	parse_bad("quote inside unquoted field", S("ab\"c\n"), 0,
	    "quote inside an unquoted field");
	parse_bad("bare CR", S("a\rb\n"), 0, "CR not followed by LF");
	parse_bad("NUL byte", S("a\0b\n"), 0, "NUL byte");
	parse_bad("error line number", S("ok\nok\nbad\"\n"), 2,
	    "line 3: quote inside");

	/* Growth: a long field and many fields. */
	big = malloc(300000);
	for (i = 0; i < 200000; i++)
		big[i] = 'a' + i % 26;
	big[i++] = '\n';
	for (int f = 0; f < 5000; f++) {
		big[i++] = (char)('0' + f % 10);
		big[i++] = f == 4999 ? '\n' : ',';
	}
	fp = from_bytes(big, i);
	csv_reader_init(&r, fp);
	nf = csv_read_record(&r, err, sizeof err);
	ok = nf == 1 && strlen(r.fields[0]) == 200000 &&
	    r.fields[0][199999] == big[199999];
	nf = csv_read_record(&r, err, sizeof err);
	ok &= nf == 5000 && strcmp(r.fields[4999], "9") == 0 &&
	    strcmp(r.fields[1234], "4") == 0 && r.fields[5000] == NULL;
	ok &= csv_read_record(&r, err, sizeof err) == 0;
	tap_ok(ok, "a 200000-byte field and a 5000-field record");
	csv_reader_free(&r);
	fclose(fp);
	free(big);
}

int
main(void)
{
	test_writer();
	test_format();
	test_roundtrip();
	test_locale();
	test_reader_roundtrip();
	test_reader();
	return tap_done();
}
