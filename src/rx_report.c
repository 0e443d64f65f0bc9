/*
 * rx_report.c - csumbench rx results read back: figures and a report (see
 * rx_report.h). Columns are found by name, as for run's results.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "outfile.h"
#include "provenance.h"
#include "rx_report.h"
#include "util.h"

enum {
	C_CPU, C_TRAFFIC, C_SEGMENTS, C_FRAME, C_SEGMENT, C_WIRE, C_PATH,
	C_KERNEL, C_CACHE, C_UNIT, C_MEDIAN, C_NS, C_PPS, C_RATE, C_LINE_PPS,
	C_PCT, C_NCOLS
};

static const char *const col_names[C_NCOLS] = {
	"cpu", "traffic", "segments", "frame_bytes", "segment_bytes",
	"wire_bytes", "path", "kernel", "cache", "unit", "median",
	"ns_per_packet", "packets_per_s", "line_rate", "line_packets_per_s",
	"core_pct",
};

/* The file as read: every row's cells, by column. */
struct rxfile {
	char	**cell;		/* row r, column c: cell[r * C_NCOLS + c] */
	size_t	  n;
};

static const char *
at(const struct rxfile *f, size_t r, int c)
{
	return f->cell[r * C_NCOLS + c];
}

static double
num(const struct rxfile *f, size_t r, int c)
{
	const char *s = at(f, r, c);
	char *end;
	double v;

	if (*s == '\0')
		return NAN;
	v = strtod(s, &end);
	return *end == '\0' ? v : NAN;
}

static void
rxfile_free(struct rxfile *f)
{
	size_t i;

	for (i = 0; i < f->n * C_NCOLS; i++)
		free(f->cell[i]);
	free(f->cell);
	memset(f, 0, sizeof(*f));
}

/* The header: where each column is; -1 with err naming a missing one. */
static int
read_header(struct csv_reader *r, const char *path, int *pos, char *err,
    size_t errlen)
{
	char cerr[160];
	int nf = csv_read_record(r, cerr, sizeof(cerr)), c, j;

	if (nf <= 0) {
		snprintf(err, errlen, "%s: %s", path, nf < 0 ? cerr :
		    "empty file");
		return -1;
	}
	for (c = 0; c < C_NCOLS; c++) {
		pos[c] = -1;
		for (j = 0; j < nf; j++)
			if (strcmp(r->fields[j], col_names[c]) == 0)
				pos[c] = j;
		if (pos[c] < 0) {
			snprintf(err, errlen, "%s: not a csumbench rx file: no "
			    "column \"%s\"", path, col_names[c]);
			return -1;
		}
	}
	return nf;
}

static int
rxfile_read(const char *path, struct rxfile *f, char *err, size_t errlen)
{
	struct csv_reader r;
	char cerr[160];
	int pos[C_NCOLS], hn, nf, c, rc = -1;
	FILE *fp = fopen(path, "r");

	memset(f, 0, sizeof(*f));
	if (fp == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	csv_reader_init(&r, fp);
	if ((hn = read_header(&r, path, pos, err, errlen)) < 0)
		goto out;
	while ((nf = csv_read_record(&r, cerr, sizeof(cerr))) > 0) {
		if (nf != hn) {
			snprintf(err, errlen, "%s: line %lu has %d fields, the "
			    "header %d", path, r.line, nf, hn);
			goto out;
		}
		f->cell = xreallocarray(f->cell, (f->n + 1) * C_NCOLS,
		    sizeof(*f->cell));
		for (c = 0; c < C_NCOLS; c++)
			f->cell[f->n * C_NCOLS + c] = xstrdup(r.fields[pos[c]]);
		f->n++;
	}
	if (nf < 0)
		snprintf(err, errlen, "%s: %s", path, cerr);
	else if (f->n == 0)
		snprintf(err, errlen, "%s: no rows", path);
	else
		rc = 0;
out:
	csv_reader_free(&r);
	fclose(fp);
	if (rc != 0)
		rxfile_free(f);
	return rc;
}

int
rx_results_is(const char *path)
{
	struct csv_reader r;
	int pos[C_NCOLS], ok;
	char err[256];
	FILE *fp = fopen(path, "r");

	if (fp == NULL)
		return 0;
	csv_reader_init(&r, fp);
	ok = read_header(&r, path, pos, err, sizeof(err)) > 0;
	csv_reader_free(&r);
	fclose(fp);
	return ok;
}

/* Is row i the first of its traffic? */
static int
first_of_traffic(const struct rxfile *f, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (strcmp(at(f, j, C_TRAFFIC), at(f, i, C_TRAFFIC)) == 0)
			return 0;
	return 1;
}

int
rx_results_plot(const struct plot_opts *o, const char *path,
    struct figlist *figs, char *err, size_t errlen)
{
	struct rxfile f;
	size_t i;
	int rc = 0;

	if (rxfile_read(path, &f, err, errlen) != 0)
		return -1;
	for (i = 0; i < f.n && rc == 0; i++)
		if (first_of_traffic(&f, i))
			rc = plot_rx(o, path, at(&f, i, C_TRAFFIC), figs, err,
			    errlen);
	rxfile_free(&f);
	return rc;
}

/* The rates of traffic row t's rows, in order of appearance: *n of them. */
static size_t
rates_of(const struct rxfile *f, size_t t, double *rate, size_t max)
{
	size_t i, j, n = 0;
	double r;

	for (i = 0; i < f->n; i++) {
		if (strcmp(at(f, i, C_TRAFFIC), at(f, t, C_TRAFFIC)) != 0)
			continue;
		r = num(f, i, C_RATE);
		for (j = 0; j < n && rate[j] != r; j++)
			;
		if (j == n && n < max)
			rate[n++] = r;
	}
	return n;
}

/* The row of row i's traffic, path and kernel at rate r; f->n if none. */
static size_t
row_at(const struct rxfile *f, size_t i, double r)
{
	size_t k;

	for (k = 0; k < f->n; k++)
		if (num(f, k, C_RATE) == r &&
		    strcmp(at(f, k, C_TRAFFIC), at(f, i, C_TRAFFIC)) == 0 &&
		    strcmp(at(f, k, C_PATH), at(f, i, C_PATH)) == 0 &&
		    strcmp(at(f, k, C_KERNEL), at(f, i, C_KERNEL)) == 0)
			return k;
	return f->n;
}

static const char *
rate_label(double r, char *buf, size_t len)
{
	static const char units[] = " kMGT";
	int u = 0;

	while (u < 4 && r >= 1000) {
		r /= 1000;
		u++;
	}
	snprintf(buf, len, "%g%.*s", r, u > 0, units + u);
	return buf;
}

/* The table of the traffic of row t: one line per path and kernel. */
static void
write_traffic(FILE *fp, const struct rxfile *f, size_t t)
{
	double rate[16];
	size_t nr = rates_of(f, t, rate, 16), i, j, k;
	char lab[32];

	fprintf(fp, "## Traffic %s\n\nFrames of %.2f bytes on average "
	    "(FCS included), %.2f bytes on the wire per packet; the "
	    "segments checksummed, %.2f bytes on average, are `-s %s` of "
	    "csumbench run.\n\n| path | kernel | %s | ns/packet | "
	    "Mpackets/s per core |", at(f, t, C_TRAFFIC),
	    num(f, t, C_FRAME), num(f, t, C_WIRE), num(f, t, C_SEGMENT),
	    at(f, t, C_SEGMENTS), at(f, t, C_UNIT));
	for (j = 0; j < nr; j++)
		fprintf(fp, " %% core at %s |", rate_label(rate[j], lab,
		    sizeof(lab)));
	fprintf(fp, "\n|---|---|---:|---:|---:|");
	for (j = 0; j < nr; j++)
		fprintf(fp, "---:|");
	fputc('\n', fp);
	for (i = 0; i < f->n; i++) {
		if (strcmp(at(f, i, C_TRAFFIC), at(f, t, C_TRAFFIC)) != 0 ||
		    num(f, i, C_RATE) != rate[0])
			continue;
		fprintf(fp, "| %s | %s | %.2f | %.2f | %.2f |", at(f, i,
		    C_PATH), at(f, i, C_KERNEL), num(f, i, C_MEDIAN),
		    num(f, i, C_NS), num(f, i, C_PPS) / 1e6);
		for (j = 0; j < nr; j++) {
			k = row_at(f, i, rate[j]);
			if (k < f->n)
				fprintf(fp, " %.3g |", num(f, k, C_PCT));
			else
				fprintf(fp, " |");
		}
		fputc('\n', fp);
	}
	fprintf(fp, "\nAt %s: %.0f packets/s.\n\n", rate_label(rate[0], lab,
	    sizeof(lab)), num(f, t, C_LINE_PPS));
}

/* Where it was measured: the .meta beside the CSV, if any. */
static void
write_where(FILE *fp, const char *path, const struct rxfile *f)
{
	static const char *const keys[] = {
		"cpu_brand", "cpu_family", "cpu_model", "timer", "timer_hz",
		"hypervisor", "cache", "align", "reps", "compiler", "cflags",
		"csumbench_version", "date", "command", NULL
	};
	char *mpath = provenance_path(path), err[256];
	struct provenance pv;
	FILE *mf = fopen(mpath, "r");
	size_t i;

	memset(&pv, 0, sizeof(pv));
	fprintf(fp, "# csumbench rx report: %s\n\nThe receive checksum per "
	    "packet on %s, %s cache: whole calls (what the kernel adds and "
	    "the empty call's cost), medians. The %% columns are the share of "
	    "one core each path takes at the line rate.\n\n", path,
	    at(f, 0, C_CPU), at(f, 0, C_CACHE));
	if (mf == NULL || provenance_read(mf, &pv, err, sizeof(err)) != 0)
		fprintf(fp, "No provenance: %s is missing or unreadable.\n\n",
		    mpath);
	else {
		fprintf(fp, "## Where and how\n\n| | |\n|---|---|\n");
		for (i = 0; keys[i] != NULL; i++)
			if (provenance_get(&pv, keys[i]) != NULL)
				fprintf(fp, "| %s | %s |\n", keys[i],
				    provenance_get(&pv, keys[i]));
		fputc('\n', fp);
	}
	if (mf != NULL)
		fclose(mf);
	provenance_free(&pv);
	free(mpath);
}

int
rx_results_report(const struct plot_opts *o, const char *path, FILE *fp,
    struct figlist *figs, char *err, size_t errlen)
{
	struct rxfile f;
	size_t i, j;

	if (rxfile_read(path, &f, err, errlen) != 0)
		return -1;
	write_where(fp, path, &f);
	for (i = 0; i < f.n; i++) {
		if (!first_of_traffic(&f, i))
			continue;
		write_traffic(fp, &f, i);
		j = figs->n;
		if (plot_rx(o, path, at(&f, i, C_TRAFFIC), figs, err,
		    errlen) != 0) {
			rxfile_free(&f);
			return -1;
		}
		fprintf(fp, "![share of one core against the line rate, %s]"
		    "(%s)\n\n", at(&f, i, C_TRAFFIC), figs->v[j].name);
	}
	rxfile_free(&f);
	return 0;
}
