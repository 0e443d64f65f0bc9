/*
 * csv.c - RFC 4180 CSV writing and reading.
 *
 * Numbers and the locale: printf("%g") and strtod() follow LC_NUMERIC, so
 * under de_DE a program that called setlocale(LC_ALL, "") would write
 * "0,5" and split the field. Formatting therefore switches the calling
 * thread to a private "C" locale object with uselocale() for the duration
 * of snprintf and strtod and then restores whatever was there. That is
 * thread-safe (uselocale is per thread, unlike setlocale) and leaves the
 * program's locale alone. The locale object is created once, on first use,
 * and published with a compare-and-swap so concurrent first calls cannot
 * race. Should newlocale() ever fail, the fallback writes "%.17g" (which
 * always reads back) and replaces the locale's decimal point with '.'.
 *
 * Reading is strict about what RFC 4180 forbids, because a malformed file
 * is better refused with a line number than silently misread: a quote may
 * appear in a field only if the field is quoted, a closing quote must be
 * followed by ',' or the end of the record, and a CR must be followed by
 * LF (CRLF ends a record like LF does). A NUL byte is refused too, since
 * fields are handed out as C strings. An empty line is a record of one
 * empty field. After an error the stream is left where the error was
 * found; a caller reports it and stops rather than reading on.
 */

#if !defined(_GNU_SOURCE) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L		/* uselocale, newlocale */
#endif

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

void
csv_init(struct csv_writer *w, FILE *fp)
{
	w->fp = fp;
	w->nfields = 0;
}

static void
csv_sep(struct csv_writer *w)
{
	if (w->nfields++ > 0)
		putc(',', w->fp);
}

void
csv_str(struct csv_writer *w, const char *s)
{
	const char	*p;

	csv_sep(w);
	if (s == NULL)
		return;
	if (s[strcspn(s, ",\"\r\n")] == '\0') {
		fputs(s, w->fp);
		return;
	}
	putc('"', w->fp);
	for (p = s; *p != '\0'; p++) {
		if (*p == '"')
			putc('"', w->fp);
		putc(*p, w->fp);
	}
	putc('"', w->fp);
}

void
csv_double(struct csv_writer *w, double v)
{
	char	buf[64];

	if (!isfinite(v)) {
		csv_sep(w);
		return;
	}
	csv_str(w, csv_format_double(v, buf, sizeof buf));
}

void
csv_ulong(struct csv_writer *w, unsigned long long v)
{
	/* %llu has no locale-dependent parts (no grouping without '). */
	csv_sep(w);
	fprintf(w->fp, "%llu", v);
}

void
csv_end(struct csv_writer *w)
{
	putc('\n', w->fp);
	w->nfields = 0;
}

static _Atomic(locale_t) c_locale;

static locale_t
get_c_locale(void)
{
	locale_t	 l, expect = (locale_t)0;

	if ((l = atomic_load(&c_locale)) != (locale_t)0)
		return l;
	if ((l = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0)) == (locale_t)0)
		return (locale_t)0;
	if (!atomic_compare_exchange_strong(&c_locale, &expect, l)) {
		/* Another thread won; use its object and drop ours. */
		freelocale(l);
		l = expect;
	}
	return l;
}

/* Fallback: make a "%.17g" written in some locale use '.' as the point. */
static void
fix_decimal_point(char *buf)
{
	const char	*dp = localeconv()->decimal_point;
	size_t		 dlen = strlen(dp);
	char		*p;

	if (dlen == 0 || strcmp(dp, ".") == 0)
		return;
	if ((p = strstr(buf, dp)) == NULL)
		return;
	*p = '.';
	memmove(p + 1, p + dlen, strlen(p + dlen) + 1);
}

char *
csv_format_double(double v, char *buf, size_t len)
{
	locale_t	 cl, old;
	int		 prec;

	if (len == 0)
		return buf;
	if (!isfinite(v)) {
		buf[0] = '\0';
		return buf;
	}
	if ((cl = get_c_locale()) == (locale_t)0) {
		snprintf(buf, len, "%.17g", v);
		fix_decimal_point(buf);
		return buf;
	}
	old = uselocale(cl);
	/*
	 * 15 significant digits (DBL_DIG) print every decimal of up to 15
	 * digits unchanged, so if a shorter form reads back, this one is it;
	 * 17 always read back. 16 is tried in between because it often
	 * suffices (1/3 is 0.3333333333333333) and is shorter than 17.
	 */
	for (prec = 15; prec < 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (prec == 17)
		snprintf(buf, len, "%.17g", v);
	uselocale(old);
	return buf;
}

void
csv_reader_init(struct csv_reader *r, FILE *fp)
{
	memset(r, 0, sizeof *r);
	r->fp = fp;
	r->nextline = 1;
}

void
csv_reader_free(struct csv_reader *r)
{
	free(r->buf);
	free(r->offs);
	free(r->fields);
	r->buf = NULL;
	r->offs = NULL;
	r->fields = NULL;
	r->buflen = r->bufcap = r->nf = r->fcap = 0;
}

static int
put_byte(struct csv_reader *r, char ch)
{
	char	*nb;
	size_t	 ncap;

	if (r->buflen == r->bufcap) {
		ncap = r->bufcap ? r->bufcap * 2 : 256;
		if ((nb = realloc(r->buf, ncap)) == NULL)
			return -1;
		r->buf = nb;
		r->bufcap = ncap;
	}
	r->buf[r->buflen++] = ch;
	return 0;
}

/* Start a field at the current end of buf. */
static int
new_field(struct csv_reader *r)
{
	size_t	*no, ncap;
	char	**nf;

	if (r->nf + 1 >= r->fcap) {	/* room for fields[nf] = NULL */
		ncap = r->fcap ? r->fcap * 2 : 16;
		if ((no = realloc(r->offs, ncap * sizeof *no)) == NULL)
			return -1;
		r->offs = no;
		if ((nf = realloc(r->fields, ncap * sizeof *nf)) == NULL)
			return -1;
		r->fields = nf;
		r->fcap = ncap;
	}
	r->offs[r->nf++] = r->buflen;
	return 0;
}

static int
read_error(struct csv_reader *r, char *err, size_t errlen, const char *why)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "line %lu: %s", r->nextline, why);
	return -1;
}

/* A quoted field, its opening quote read; *chp: the byte after the closing
 * quote. */
static int
read_quoted(struct csv_reader *r, int *chp, char *err, size_t errlen)
{
	unsigned long	 qline = r->nextline;
	int		 ch;

	for (;;) {
		ch = getc_unlocked(r->fp);
		if (ch == EOF) {
			if (ferror(r->fp))
				return read_error(r, err, errlen,
				    strerror(errno));
			if (err != NULL && errlen > 0)
				snprintf(err, errlen, "line %lu: unterminated "
				    "quoted field (opened on line %lu)",
				    r->nextline, qline);
			return -1;
		}
		if (ch == '"') {
			ch = getc_unlocked(r->fp);
			if (ch != '"')
				break;	/* closing quote */
		} else if (ch == '\n')
			r->nextline++;
		else if (ch == '\0')
			return read_error(r, err, errlen, "NUL byte in field");
		if (put_byte(r, (char)ch) != 0)
			return read_error(r, err, errlen, "out of memory");
	}
	*chp = ch;
	return 0;
}

/* An unquoted field whose first byte is *chp; *chp: the byte after it. */
static int
read_plain(struct csv_reader *r, int *chp, char *err, size_t errlen)
{
	int	 ch = *chp;

	while (ch != ',' && ch != '\n' && ch != '\r' && ch != EOF) {
		if (ch == '"')
			return read_error(r, err, errlen,
			    "quote inside an unquoted field");
		if (ch == '\0')
			return read_error(r, err, errlen, "NUL byte in field");
		if (put_byte(r, (char)ch) != 0)
			return read_error(r, err, errlen, "out of memory");
		ch = getc_unlocked(r->fp);
	}
	*chp = ch;
	return 0;
}

/*
 * What follows a field (*chp): 1 another field (*chp its first byte), 0
 * the end of the record, -1 an error.
 */
static int
field_end(struct csv_reader *r, int *chp, int quoted, char *err,
    size_t errlen)
{
	int	 ch = *chp;

	if (ch == ',') {
		*chp = getc_unlocked(r->fp);
		return 1;
	}
	if (ch == '\r') {
		ch = getc_unlocked(r->fp);
		if (ch != '\n' && ch != EOF)
			return read_error(r, err, errlen,
			    "CR not followed by LF");
	}
	if (ch == '\n') {
		r->nextline++;
		return 0;
	}
	if (ch == EOF)
		return ferror(r->fp) ? read_error(r, err, errlen,
		    strerror(errno)) : 0;
	return read_error(r, err, errlen, quoted ?
	    "junk after a closing quote" : "bad character");
}

int
csv_read_record(struct csv_reader *r, char *err, size_t errlen)
{
	size_t		 i;
	int		 ch, quoted, more;

	r->nf = 0;
	r->buflen = 0;
	r->line = r->nextline;

	if ((ch = getc_unlocked(r->fp)) == EOF) {
		if (ferror(r->fp))
			return read_error(r, err, errlen, strerror(errno));
		return 0;
	}
	/* One iteration per field; ch is the field's first character. */
	do {
		if (new_field(r) != 0)
			return read_error(r, err, errlen, "out of memory");
		quoted = ch == '"';
		if ((quoted ? read_quoted(r, &ch, err, errlen) :
		    read_plain(r, &ch, err, errlen)) != 0)
			return -1;
		if (put_byte(r, '\0') != 0)
			return read_error(r, err, errlen, "out of memory");
		if ((more = field_end(r, &ch, quoted, err, errlen)) < 0)
			return -1;
	} while (more);

	for (i = 0; i < r->nf; i++)
		r->fields[i] = r->buf + r->offs[i];
	r->fields[r->nf] = NULL;
	return (int)r->nf;
}
