/*
 * rx_report.c - csumbench rx results read back: figures and a report (see
 * rx_report.h). Columns are found by name, as for run's results.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "rfield.h"
#include "rset.h"
#include "rtable.h"
#include "outfile.h"
#include "provenance.h"
#include "rx_report.h"
#include "util.h"

void
rx_results_free(struct rxfile *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->n; i++)
		rtable_free(rxfields, nrxfields, &f->row[i]);
	free(f->row);
	free(f);
}

/* A row before it is read: every number unknown (NaN), no text. */
static void
rx_results_row_init(struct rxrow *w)
{
	memset(w, 0, sizeof(*w));
	w->frame_bytes = w->segment_bytes = w->wire_bytes = NAN;
	w->timer_hz = w->median = w->ci_lo = w->ci_hi = NAN;
	w->ns_per_packet = w->packets_per_s = w->line_rate = NAN;
	w->line_packets_per_s = w->core_pct = NAN;
}

/* The header of an rx file: col[] as rtable_csv_header_read's. */
static int
rx_results_header(struct csv_reader *r, const char *path, int *col, int *nf,
    char *err, size_t errlen)
{
	return rtable_csv_header_read(r, path, "csumbench rx file", rxfields,
	    nrxfields, col, nf, err, errlen);
}

/* The rows of fp, the file at path (for messages). */
static int
rx_results_fp(FILE *fp, const char *path, struct rxfile **out, char *err,
    size_t errlen)
{
	struct rxfile *f = xcalloc(1, sizeof(*f));
	struct csv_reader r;
	char cerr[160];
	int *col = xcalloc(nrxfields, sizeof(int)), hn, nf = 0, rc = -1;

	*out = NULL;
	csv_reader_init(&r, fp);
	if (rx_results_header(&r, path, col, &hn, err, errlen) != 0)
		goto out;
	while ((nf = csv_read_record(&r, cerr, sizeof(cerr))) > 0) {
		if (nf == 1 && r.fields[0][0] == '\0')
			continue;	/* a blank line */
		if (nf != hn) {
			rset_error(err, errlen, path, "line %lu has %d fields, "
			    "the header %d", r.line, nf, hn);
			goto out;
		}
		f->row = xreallocarray(f->row, f->n + 1, sizeof(*f->row));
		rx_results_row_init(&f->row[f->n]);
		if (rtable_csv_row_read(&r, path, rxfields, nrxfields, col,
		    &f->row[f->n++], err, errlen) != 0)
			goto out;
	}
	if (nf < 0)
		rset_error(err, errlen, path, "%s", cerr);
	else if (f->n == 0)
		rset_error(err, errlen, path, "no rows");
	else
		rc = 0;
out:
	csv_reader_free(&r);
	free(col);
	if (rc == 0) {
		*out = f;
		return 0;
	}
	rx_results_free(f);
	return -1;
}

int
rx_results_read(const char *text, size_t len, const char *path,
    struct rxfile **f, char *err, size_t errlen)
{
	FILE *fp = len > 0 ? fmemopen((void *)(uintptr_t)text, len, "r") :
	    NULL;
	int rc;

	*f = NULL;
	if (fp == NULL)
		return rset_error(err, errlen, path, "empty file");
	rc = rx_results_fp(fp, path, f, err, errlen);
	fclose(fp);
	return rc;
}

/* The file at path, read. */
static int
rxfile_read(const char *path, struct rxfile **f, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "r");
	int rc;

	*f = NULL;
	if (fp == NULL)
		return err_line(err, errlen, "%s: %s", path, strerror(errno));
	rc = rx_results_fp(fp, path, f, err, errlen);
	fclose(fp);
	return rc;
}

int
rx_results_is(const char *path)
{
	struct csv_reader r;
	int *col = xcalloc(nrxfields, sizeof(int)), nf, ok;
	char err[256];
	FILE *fp = fopen(path, "r");

	if (fp == NULL) {
		free(col);
		return 0;
	}
	csv_reader_init(&r, fp);
	ok = rx_results_header(&r, path, col, &nf, err, sizeof(err)) == 0;
	csv_reader_free(&r);
	fclose(fp);
	free(col);
	return ok;
}

/* Is row i the first of its traffic? */
static int
first_of_traffic(const struct rxfile *f, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (strcmp(f->row[j].traffic, f->row[i].traffic) == 0)
			return 0;
	return 1;
}

int
rx_results_plot(const struct plot_opts *o, const char *path,
    struct figlist *figs, char *err, size_t errlen)
{
	struct rxfile *f;
	size_t i;
	int rc = 0;

	if (rxfile_read(path, &f, err, errlen) != 0)
		return -1;
	for (i = 0; i < f->n && rc == 0; i++)
		if (first_of_traffic(f, i))
			rc = plot_rx(o, path, f->row[i].traffic, figs, err,
			    errlen);
	rx_results_free(f);
	return rc;
}

/* The rates of traffic row t's rows, in order of appearance: *n of them. */
static size_t
rates_of(const struct rxfile *f, size_t t, double *rate, size_t max)
{
	size_t i, j, n = 0;
	double r;

	for (i = 0; i < f->n; i++) {
		if (strcmp(f->row[i].traffic, f->row[t].traffic) != 0)
			continue;
		r = f->row[i].line_rate;
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
		if (f->row[k].line_rate == r &&
		    strcmp(f->row[k].traffic, f->row[i].traffic) == 0 &&
		    strcmp(f->row[k].path, f->row[i].path) == 0 &&
		    strcmp(f->row[k].kernel, f->row[i].kernel) == 0)
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
	    "Mpackets/s per core |", f->row[t].traffic,
	    f->row[t].frame_bytes, f->row[t].wire_bytes, f->row[t].segment_bytes,
	    f->row[t].segments, f->row[t].unit);
	for (j = 0; j < nr; j++)
		fprintf(fp, " %% core at %s |", rate_label(rate[j], lab,
		    sizeof(lab)));
	fprintf(fp, "\n|---|---|---:|---:|---:|");
	for (j = 0; j < nr; j++)
		fprintf(fp, "---:|");
	fputc('\n', fp);
	for (i = 0; i < f->n; i++) {
		if (strcmp(f->row[i].traffic, f->row[t].traffic) != 0 ||
		    f->row[i].line_rate != rate[0])
			continue;
		fprintf(fp, "| %s | %s | %.2f | %.2f | %.2f |", f->row[i].path, f->row[i].kernel, f->row[i].median,
		    f->row[i].ns_per_packet, f->row[i].packets_per_s / 1e6);
		for (j = 0; j < nr; j++) {
			k = row_at(f, i, rate[j]);
			if (k < f->n)
				fprintf(fp, " %.3g |", f->row[k].core_pct);
			else
				fprintf(fp, " |");
		}
		fputc('\n', fp);
	}
	fprintf(fp, "\nAt %s: %.0f packets/s.\n\n", rate_label(rate[0], lab,
	    sizeof(lab)), f->row[t].line_packets_per_s);
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
	    f->row[0].cpu, f->row[0].cache);
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
	struct rxfile *f;
	size_t i, j;

	if (rxfile_read(path, &f, err, errlen) != 0)
		return -1;
	write_where(fp, path, f);
	for (i = 0; i < f->n; i++) {
		if (!first_of_traffic(f, i))
			continue;
		write_traffic(fp, f, i);
		j = figs->n;
		if (plot_rx(o, path, f->row[i].traffic, figs, err,
		    errlen) != 0) {
			rx_results_free(f);
			return -1;
		}
		fprintf(fp, "![share of one core against the line rate, %s]"
		    "(%s)\n\n", f->row[i].traffic, figs->v[j].name);
	}
	rx_results_free(f);
	return 0;
}
