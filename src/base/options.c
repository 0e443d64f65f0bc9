/*
 * options.c - one option parser for every subcommand: getopt_long's
 * arrays, the errors and the --help text, all from a command's rows.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "util.h"

/* getopt_long's value for row i's long name: above every letter. */
#define LONG_VAL(i)	(256 + (int)(i))

/* The help's layout: option labels, then their text from this column. */
#define HELP_COL	24
#define HELP_WIDTH	78
#define TEXT_WIDTH	72	/* the about and footer paragraphs */

const char *
options_name(const struct opt_row *r)
{
	return r->name != NULL || r->like == NULL ? r->name :
	    options_name(r->like);
}

void
options_resolve(const struct opt_row *r, struct opt_row *f)
{
	if (r->like != NULL)
		options_resolve(r->like, f);
	else
		memset(f, 0, sizeof(*f));
	f->like = NULL;
	f->name = r->name != NULL ? r->name : f->name;
	f->letter = r->letter != 0 ? r->letter : f->letter;
	f->arg = r->arg != NULL ? r->arg : f->arg;
	f->help = r->help != NULL ? r->help : f->help;
	f->def = r->def != NULL ? r->def : f->def;
	f->alt = r->alt != NULL ? r->alt : f->alt;
	f->heading = r->heading;
	f->repeat = r->repeat || f->repeat;
	/* A value's type and range, with the row that declares them. */
	if (r->type != OPT_TEXT) {
		f->type = r->type;
		f->lo = r->lo;
		f->hi = r->hi;
		f->lo_open = r->lo_open;
	}
}

/* getopt_long's arrays for the n rows: ":" leads shortopts, so that a
 * missing argument is told from an unknown option. */
static struct option *
getopt_arrays(const struct opt_row *rows, size_t n, char *shortopts)
{
	struct option *lo = xcalloc(n + 1, sizeof(*lo));
	char *s = shortopts;
	size_t i;

	*s++ = ':';
	for (i = 0; i < n; i++) {
		lo[i].name = rows[i].name;
		lo[i].has_arg = rows[i].arg != NULL ? required_argument :
		    no_argument;
		lo[i].val = LONG_VAL(i);
		if (rows[i].letter != 0) {
			*s++ = (char)rows[i].letter;
			if (rows[i].arg != NULL)
				*s++ = ':';
		}
	}
	*s = '\0';
	return lo;
}

/* The row of a short letter or of a LONG_VAL; n if none. */
static size_t
row_of(const struct opt_row *rows, size_t n, int ch)
{
	size_t i;

	if (ch >= LONG_VAL(0))
		return (size_t)(ch - LONG_VAL(0));
	for (i = 0; i < n; i++)
		if (ch != 0 && rows[i].letter == ch)
			break;
	return i;
}

/* Append "'--name'" to buf, joined by sep when buf is not empty. */
static void
append_name(char *buf, size_t len, const char *sep, const char *name)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s'--%s'", n > 0 ? sep : "", name);
}

/* The long name of t's row i, -h, --help's after the table's rows. */
static const char *
long_name(const struct opt_table *t, size_t i)
{
	return options_name(i < t->nrows ? &t->rows[i] : &opt_help);
}

void
options_suggest(const struct opt_table *t, const char *name, char *buf,
    size_t len)
{
	size_t i, best = (size_t)-1, d, n = strlen(name);

	buf[0] = '\0';
	/* Close enough: at most 2 edits, and fewer than half the name. */
	for (i = 0; i <= t->nrows; i++) {
		d = str_distance(name, long_name(t, i));
		if (d <= 2 && 2 * d < n && d < best)
			best = d;
	}
	for (i = 0; best != (size_t)-1 && i <= t->nrows; i++)
		if (str_distance(name, long_name(t, i)) == best)
			append_name(buf, len, " or ", long_name(t, i));
}

/* Every long name of t that starts with name, joined by ", ". */
static size_t
prefix_matches(const struct opt_table *t, const char *name, char *buf,
    size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i <= t->nrows; i++)
		if (strncmp(long_name(t, i), name, strlen(name)) == 0) {
			append_name(buf, len, ", ", long_name(t, i));
			n++;
		}
	return n;
}

/* The one line for an unknown or ambiguous long option token. */
static void
unknown_long(const struct opt_table *t, const char *token, char *err,
    size_t errlen)
{
	char name[64], alts[512];
	size_t n = strcspn(token + 2, "=");

	snprintf(name, sizeof(name), "%.*s", (int)(n < 63 ? n : 63), token + 2);
	if (name[0] != '\0' && prefix_matches(t, name, alts, sizeof(alts)) > 1) {
		snprintf(err, errlen, "option '--%s' is ambiguous: %s (see "
		    "'csumbench %s --help')", name, alts, t->cmd);
		return;
	}
	options_suggest(t, name, alts, sizeof(alts));
	snprintf(err, errlen, "unknown option '--%s'%s%s%s (see 'csumbench %s "
	    "--help')", name, alts[0] ? ", did you mean " : "", alts,
	    alts[0] ? "?" : "", t->cmd);
}

/* getopt_long's '?' or ':' (optopt, the token) as one line in err. */
static void
option_error(const struct options *o, int ch, const char *token, char *err,
    size_t errlen)
{
	const struct opt_table *t = o->t;
	size_t n = t->nrows + 1, i = row_of(o->rows, n, optopt);
	char label[96];

	/* As the user wrote it: "'-s' (--sizes)" or "'--sizes'". */
	if (i < n && token != NULL && token[0] == '-' && token[1] != '-')
		snprintf(label, sizeof(label), "'-%c' (--%s)",
		    o->rows[i].letter, o->rows[i].name);
	else if (i < n)
		snprintf(label, sizeof(label), "'--%s'", o->rows[i].name);
	if (ch == ':' && i < n)
		snprintf(err, errlen, "option %s needs an argument (see "
		    "'csumbench %s --help')", label, t->cmd);
	else if (i < n)
		snprintf(err, errlen, "option %s takes no argument (see "
		    "'csumbench %s --help')", label, t->cmd);
	else if (optopt != 0)
		snprintf(err, errlen, "unknown option '-%c' (see 'csumbench %s "
		    "--help')", optopt, t->cmd);
	else
		unknown_long(t, token != NULL ? token : "--", err, errlen);
}

/* The operand count against t's limits; 0, or -1 with err. */
static int
check_operands(const struct options *o, char *err, size_t errlen)
{
	const struct opt_table *t = o->t;

	if (o->argc < t->min_args) {
		snprintf(err, errlen, "%s (see 'csumbench %s --help')",
		    t->too_few != NULL ? t->too_few : "missing argument",
		    t->cmd);
		return -1;
	}
	if (t->max_args >= 0 && o->argc > t->max_args) {
		snprintf(err, errlen, "%s%s\"%s\" (see 'csumbench %s --help')",
		    t->too_many != NULL ? t->too_many : "unexpected argument",
		    t->too_many != NULL ? ", got also " : " ",
		    o->argv[t->max_args], t->cmd);
		return -1;
	}
	return 0;
}

int
options_parse(const struct opt_table *t, int argc, char **argv,
    struct options *o, char *err, size_t errlen)
{
	/* The rows, then -h, --help: every command has it. */
	size_t n = t->nrows + 1, i;
	char *shortopts = xmalloc(2 * n + 2);
	struct option *lo;
	int ch, rc = 0;

	memset(o, 0, sizeof(*o));
	o->t = t;
	o->nargs = argc - 1;
	o->rows = xcalloc(n, sizeof(*o->rows));
	o->val = xcalloc(n, sizeof(*o->val));
	o->all = xcalloc(n, sizeof(*o->all));
	o->nall = xcalloc(n, sizeof(*o->nall));
	for (i = 0; i < t->nrows; i++)
		options_resolve(&t->rows[i], &o->rows[i]);
	options_resolve(&opt_help, &o->rows[t->nrows]);
	lo = getopt_arrays(o->rows, n, shortopts);
	err[0] = '\0';
	optind = 0;	/* a fresh scan, even after an earlier parse */
	opterr = 0;
	while (rc == 0 &&
	    (ch = getopt_long(argc, argv, shortopts, lo, NULL)) != -1) {
		i = ch == '?' || ch == ':' ? n : row_of(o->rows, n, ch);
		if (i >= n) {
			option_error(o, ch, optind > 0 && optind <= argc ?
			    argv[optind - 1] : NULL, err, errlen);
			rc = OPTIONS_ERROR;
		} else if (i == t->nrows)
			rc = OPTIONS_HELP;
		else {
			o->val[i] = o->rows[i].arg != NULL ? optarg : "";
			o->nopts++;
			if (o->rows[i].repeat) {
				o->all[i] = xreallocarray(o->all[i],
				    o->nall[i] + 1, sizeof(*o->all[i]));
				o->all[i][o->nall[i]++] = o->val[i];
			}
		}
	}
	if (rc == 0) {
		o->argc = argc - optind;
		o->argv = argv + optind;
		if (check_operands(o, err, errlen) != 0)
			rc = OPTIONS_ERROR;
	}
	free(lo);
	free(shortopts);
	return rc;
}

void
options_free(struct options *o)
{
	size_t i;

	for (i = 0; o->all != NULL && i <= o->t->nrows; i++)
		free(o->all[i]);
	free(o->all);
	free(o->nall);
	o->all = NULL;
	o->nall = NULL;
	free(o->val);
	free(o->rows);
	o->val = NULL;
	o->rows = NULL;
}

int
options_given(const struct options *o, size_t i)
{
	return i < o->t->nrows && o->val[i] != NULL;
}

const char *const *
options_all(const struct options *o, size_t i, size_t *n)
{
	*n = i < o->t->nrows ? o->nall[i] : 0;
	return *n > 0 ? o->all[i] : NULL;
}

const char *
options_value(const struct options *o, size_t i)
{
	if (i >= o->t->nrows)
		return NULL;
	if (o->val[i] != NULL)
		return o->val[i];
	if (o->alt && o->rows[i].alt != NULL)
		return o->rows[i].alt;
	return o->rows[i].def;
}

/*
 * The words of text, then tail as one unit that is not broken (NULL:
 * none), from column indent (where the caller has put us), wrapped at
 * width with continuation lines indented to indent; a newline in text
 * starts a line.
 */
static void
help_wrap(FILE *fp, const char *text, const char *tail, size_t indent,
    size_t width)
{
	const char *p = text;
	size_t col = indent, w;
	int first = 1;

	for (;;) {
		p += strspn(p, " ");
		if (*p == '\n') {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
			first = 1;
			p++;
			continue;
		}
		if (*p == '\0' && tail == NULL)
			break;
		if (*p == '\0') {
			p = tail;
			tail = NULL;
			w = strlen(p);
		} else
			w = strcspn(p, " \n");
		if (!first && col + 1 + w > width) {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!first) {
			fputc(' ', fp);
			col++;
		}
		fwrite(p, 1, w, fp);
		col += w;
		first = 0;
		p += w;
	}
}

/* "  -s, --sizes SPEC   text (default: D; A with --quick)" */
static void
help_row(FILE *fp, const struct opt_table *t, const struct opt_row *row)
{
	struct opt_row r;
	char label[80], *dflt = NULL;
	int n;

	options_resolve(row, &r);
	if (r.heading != NULL)
		fprintf(fp, "\n%s\n", r.heading);
	n = snprintf(label, sizeof(label), "  %c%c%s--%s%s%s",
	    r.letter ? '-' : ' ', r.letter ? r.letter : ' ',
	    r.letter ? ", " : "  ", r.name, r.arg ? " " : "",
	    r.arg ? r.arg : "");
	if (n < 0 || (size_t)n >= sizeof(label))
		n = (int)strlen(label);
	fputs(label, fp);
	if (n + 2 > HELP_COL) {
		fprintf(fp, "\n%*s", HELP_COL, "");
		n = HELP_COL;
	}
	fprintf(fp, "%*s", HELP_COL - n, "");
	if (r.def != NULL && r.alt != NULL && t->alt_when != NULL)
		dflt = xasprintf("(default: %s; %s with %s)", r.def, r.alt,
		    t->alt_when);
	else if (r.def != NULL)
		dflt = xasprintf("(default: %s)", r.def);
	help_wrap(fp, r.help, dflt, HELP_COL, HELP_WIDTH);
	fputc('\n', fp);
	free(dflt);
}

int
options_help(const struct opt_table *t, FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: %s\n", t->synopsis);
	if (t->about != NULL) {
		fputc('\n', fp);
		help_wrap(fp, t->about, NULL, 0, TEXT_WIDTH);
		fputc('\n', fp);
	}
	fputc('\n', fp);
	for (i = 0; i < t->nrows; i++)
		help_row(fp, t, &t->rows[i]);
	help_row(fp, t, &opt_help);
	if (t->footer != NULL) {
		fputc('\n', fp);
		help_wrap(fp, t->footer, NULL, 0, TEXT_WIDTH);
		fputc('\n', fp);
	}
	return fflush(fp) != 0 || ferror(fp) ? -1 : 0;
}
