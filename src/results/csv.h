/*
 * csv.h - RFC 4180 CSV writing and reading.
 *
 * Writing: fields separated by ",", records ended by "\n"
 * (RFC 4180 says CRLF, but every consumer we target - gnuplot, Python's csv,
 * R's read.csv - accepts LF, and LF keeps shell tools usable). Fields that
 * contain ',', '"', CR or LF are quoted, with '"' doubled. Numbers are
 * written in the C locale, with the shortest representation that reads back
 * to the same double ("%.15g" when it round-trips, else "%.17g").
 * Non-finite numbers are written as empty fields.
 */
#ifndef CSUMBENCH_CSV_H
#define CSUMBENCH_CSV_H

#include <stddef.h>
#include <stdio.h>

struct csv_writer {
	FILE	*fp;
	int	 nfields;	/* fields written in the current record */
};

void	csv_init(struct csv_writer *w, FILE *fp);
void	csv_str(struct csv_writer *w, const char *s);
void	csv_double(struct csv_writer *w, double v);
void	csv_ulong(struct csv_writer *w, unsigned long long v);
void	csv_end(struct csv_writer *w);
/* Format a double as csv_double does into buf; returns buf. */
char	*csv_format_double(double v, char *buf, size_t len);

/*
 * Reading. csv_read_record reads one record (which may span lines when a
 * quoted field contains newlines). Returns the number of fields (>= 1), 0 at
 * end of file, or -1 on malformed input (unterminated quote, junk after a
 * closing quote), with a message in err. Fields are owned by the reader and
 * valid until the next call. Accepts LF and CRLF line ends.
 */
struct csv_reader {
	FILE	*fp;
	char	*buf;		/* field bytes */
	size_t	 buflen, bufcap;
	size_t	*offs;		/* field start offsets into buf */
	size_t	 nf, fcap;
	char	**fields;
	unsigned long line;	/* line number of the record just read (1-based) */
	unsigned long nextline;
};

void	csv_reader_init(struct csv_reader *r, FILE *fp);
int	csv_read_record(struct csv_reader *r, char *err, size_t errlen);
void	csv_reader_free(struct csv_reader *r);

#endif
