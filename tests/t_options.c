/*
 * t_options.c - unit tests of the option parser (src/options.c) on a table
 * of its own, and of every command's table: its rows, its help, and the
 * man page's documentation of every option.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/cli/cmd.h"
#include "../src/results/decimal.h"
#include "../src/session/optval.h"
#include "../src/base/options.h"
#include "../src/session/warn.h"
#include "tap.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

enum { T_SIZES, T_SEED, T_QUICK, T_MAX_TIME, T_MIN_TIME, T_FAMILY };

static const struct opt_row tt_rows[] = {
	[T_SIZES] = { .name = "sizes", .letter = 's', .arg = "SPEC",
	    .help = "sizes", .def = "default", .alt = "quick" },
	[T_SEED] = { .like = &opt_seed },
	[T_QUICK] = { .name = "quick", .help = "quick sweep" },
	[T_MAX_TIME] = { .name = "max-time", .arg = "T", .help = "at most",
	    .def = "30ms" },
	[T_MIN_TIME] = { .name = "min-time", .arg = "T", .help = "at least" },
	[T_FAMILY] = { .like = &opt_family },
};

static const struct opt_table test_table = {
	.cmd = "test", .synopsis = "csumbench test [options] [X]",
	.rows = tt_rows, .nrows = N(tt_rows), .max_args = 1,
	.alt_when = "--quick",
};

/* Parse the words of line (after the command's name) against t. */
static int
parse(const struct opt_table *t, const char *line, struct options *o,
    char *err, size_t errlen)
{
	static char buf[512];
	static char *argv[64];
	int argc = 0;
	char *p, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = (char *)t->cmd;
	for (p = strtok_r(buf, " ", &save); p != NULL && argc < 63;
	    p = strtok_r(NULL, " ", &save))
		argv[argc++] = p;
	argv[argc] = NULL;
	return options_parse(t, argc, argv, o, err, errlen);
}

/* line must be refused with exactly want. */
static void
refused(const char *line, const char *want)
{
	struct options o;
	char err[512];
	int rc = parse(&test_table, line, &o, err, sizeof(err));

	if (!tap_ok(rc == OPTIONS_ERROR && strcmp(err, want) == 0,
	    "\"%s\" is refused with the one line", line))
		tap_diag("rc %d, got: %s", rc, err);
	options_free(&o);
}

/* line parses; row i's value is want (NULL: not given, no default). */
static void
value(const char *line, size_t i, int alt, const char *want)
{
	struct options o;
	char err[512];
	const char *v;
	int rc = parse(&test_table, line, &o, err, sizeof(err));

	o.alt = alt;
	v = rc == 0 ? options_value(&o, i) : NULL;
	if (!tap_ok(rc == 0 && (want == NULL ? v == NULL :
	    v != NULL && strcmp(v, want) == 0), "\"%s\": --%s is %s%s", line,
	    options_name(&tt_rows[i]),
	    want != NULL ? want : "unset", alt ? " (alt)" : ""))
		tap_diag("rc %d (%s), got %s", rc, err, v != NULL ? v : "NULL");
	options_free(&o);
}

static void
test_parser(void)
{
	struct options o;
	char err[512];

	value("-s 64 --seed 3 x", T_SIZES, 0, "64");
	value("-s 64 --seed 3 x", T_SEED, 0, "3");
	value("", T_SIZES, 0, "default");
	value("", T_SIZES, 1, "quick");
	value("-s 1 -s 2", T_SIZES, 1, "2");
	value("", T_SEED, 0, NULL);
	value("", T_MAX_TIME, 1, "30ms");
	value("--max 5ms", T_MAX_TIME, 0, "5ms");
	value("--sizes=7", T_SIZES, 0, "7");
	value("-fcsum", T_FAMILY, 0, "csum");
	value("x --family=memcpy", T_FAMILY, 0, "memcpy");
	tap_ok(parse(&test_table, "x --qu", &o, err, sizeof(err)) == 0 &&
	    options_given(&o, T_QUICK) && o.argc == 1 &&
	    strcmp(o.argv[0], "x") == 0 && o.nopts == 1 && o.nargs == 2,
	    "options after the operand, a unique prefix of a flag");
	options_free(&o);
	tap_ok(parse(&test_table, "-- --quick", &o, err, sizeof(err)) == 0 &&
	    !options_given(&o, T_QUICK) && o.argc == 1 &&
	    strcmp(o.argv[0], "--quick") == 0, "-- ends the options");
	options_free(&o);
	tap_ok(parse(&test_table, "-s 4 -h --bogus", &o, err, sizeof(err)) ==
	    OPTIONS_HELP, "-h asks for the help");
	options_free(&o);
	tap_ok(parse(&test_table, "--he", &o, err, sizeof(err)) ==
	    OPTIONS_HELP, "--he is --help");
	options_free(&o);

	refused("--bogus", "unknown option '--bogus' (see 'csumbench test "
	    "--help')");
	refused("--bogus=3 x", "unknown option '--bogus' (see 'csumbench test "
	    "--help')");
	refused("--sizs 64", "unknown option '--sizs', did you mean "
	    "'--sizes'? (see 'csumbench test --help')");
	refused("--sed 4", "unknown option '--sed', did you mean '--seed'? "
	    "(see 'csumbench test --help')");
	refused("--qiuck", "unknown option '--qiuck', did you mean '--quick'? "
	    "(see 'csumbench test --help')");
	refused("--hlep", "unknown option '--hlep', did you mean '--help'? "
	    "(see 'csumbench test --help')");
	refused("--m-time 1", "unknown option '--m-time', did you mean "
	    "'--max-time' or '--min-time'? (see 'csumbench test --help')");
	refused("--m 1", "option '--m' is ambiguous: '--max-time', "
	    "'--min-time' (see 'csumbench test --help')");
	refused("--sizes", "option '--sizes' needs an argument (see "
	    "'csumbench test --help')");
	refused("x -s", "option '-s' (--sizes) needs an argument (see "
	    "'csumbench test --help')");
	refused("--quick=1", "option '--quick' takes no argument (see "
	    "'csumbench test --help')");
	refused("-z", "unknown option '-z' (see 'csumbench test --help')");
	refused("a b", "unexpected argument \"b\" (see 'csumbench test "
	    "--help')");
}

/* The help of t, as a string to free. */
static char *
help_of(const struct opt_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (fp == NULL || options_help(t, fp) != 0) {
		tap_diag("cannot write the help of %s", t->cmd);
		exit(99);
	}
	fclose(fp);
	return buf;
}

/* Is the option label of r at the start of a line of help? */
static int
help_has_row(const char *help, const struct opt_row *r)
{
	char label[96];

	if (r->letter != 0)
		snprintf(label, sizeof(label), "\n  -%c, --%s%s%s", r->letter,
		    r->name, r->arg ? " " : "", r->arg ? r->arg : "");
	else
		snprintf(label, sizeof(label), "\n      --%s%s%s", r->name,
		    r->arg ? " " : "", r->arg ? r->arg : "");
	return strstr(help, label) != NULL;
}

/* Every line of help fits in 79 columns. */
static int
help_fits(const char *help)
{
	const char *p = help, *nl;

	for (; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (nl - p > 79)
			return 0;
		if (*nl == '\0')
			break;
	}
	return 1;
}

static void
test_help(const struct opt_table *t)
{
	char *help = help_of(t), dflt[96];
	struct opt_row r;
	size_t i;
	int rows = 1, defaults = 1;

	for (i = 0; i < t->nrows; i++) {
		options_resolve(&t->rows[i], &r);
		if (!help_has_row(help, &r)) {
			tap_diag("%s --help lacks --%s", t->cmd, r.name);
			rows = 0;
		}
		snprintf(dflt, sizeof(dflt), "(default: %s", r.def);
		if (r.def != NULL && strstr(help, dflt) == NULL) {
			tap_diag("%s --help lacks --%s's %s", t->cmd, r.name, dflt);
			defaults = 0;
		}
	}
	tap_ok(rows, "%s --help lists each of its %zu options", t->cmd,
	    t->nrows);
	tap_ok(defaults, "%s --help shows every default the command uses",
	    t->cmd);
	tap_ok(strstr(help, "\n  -h, --help ") != NULL &&
	    strncmp(help, "usage: csumbench ", 17) == 0,
	    "%s --help: usage, and -h, --help", t->cmd);
	tap_ok(help_fits(help), "%s --help fits in 79 columns", t->cmd);
	free(help);
}

/* Rows that name themselves, once, and shared rows left as shared. */
static void
test_rows(const struct opt_table *t)
{
	struct opt_row r, q;
	size_t i, j;
	int ok = 1;

	for (i = 0; i < t->nrows; i++) {
		options_resolve(&t->rows[i], &r);
		if (r.name == NULL || r.help == NULL ||
		    strcmp(r.name, "help") == 0 ||
		    (t->rows[i].like != NULL && (t->rows[i].name != NULL ||
		    t->rows[i].letter != 0))) {
			tap_diag("%s: row %zu (%s)", t->cmd, i,
			    r.name ? r.name : "no name");
			ok = 0;
			continue;
		}
		for (j = 0; j < i; j++) {
			options_resolve(&t->rows[j], &q);
			if (strcmp(q.name, r.name) == 0 ||
			    (r.letter != 0 && q.letter == r.letter)) {
				tap_diag("%s: --%s and --%s clash", t->cmd,
				    q.name, r.name);
				ok = 0;
			}
		}
	}
	tap_ok(ok, "%s: every row has a name and a help, no two alike, "
	    "shared rows not renamed", t->cmd);
}

/*
 * Call fn on every row of every command, resolved; 0 if any call says no.
 */
static int
each_row(int (*fn)(const char *cmd, const struct opt_row *r))
{
	struct opt_row r;
	size_t c, i;
	int ok = 1;

	for (c = 0; cmd_table[c] != NULL; c++)
		for (i = 0; i < cmd_table[c]->args.nrows; i++) {
			options_resolve(&cmd_table[c]->args.rows[i], &r);
			ok &= fn(cmd_table[c]->args.cmd, &r);
		}
	return ok;
}

static const char *by_letter[128];

/* The first long option of each letter; a letter seen with another no. */
static int
letter_first(const char *cmd, const struct opt_row *r)
{
	if (r->letter <= 0 || r->letter >= 128)
		return 1;
	if (by_letter[r->letter] == NULL)
		by_letter[r->letter] = r->name;
	if (strcmp(by_letter[r->letter], r->name) == 0)
		return 1;
	tap_diag("%s: -%c is --%s, elsewhere --%s", cmd, r->letter, r->name,
	    by_letter[r->letter]);
	return 0;
}

/* A long option with a letter elsewhere has it here too. */
static int
letter_same(const char *cmd, const struct opt_row *r)
{
	int j;

	for (j = 1; j < 128; j++)
		if (by_letter[j] != NULL && strcmp(by_letter[j], r->name) == 0 &&
		    r->letter != j) {
			tap_diag("%s: --%s is not -%c as elsewhere", cmd, r->name,
			    j);
			return 0;
		}
	return 1;
}

static void
test_letters(void)
{
	by_letter['h'] = "help";
	tap_ok(each_row(letter_first),
	    "a letter is the same long option in every command");
	tap_ok(each_row(letter_same),
	    "a long option has the same letter in every command");
}

/* The man page, read whole. */
static char *
read_man(void)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	FILE *fp;
	char *buf;
	long len;

	snprintf(path, sizeof(path), "%s/man/csumbench.1", top ? top : ".");
	if ((fp = fopen(path, "r")) == NULL || fseek(fp, 0, SEEK_END) != 0 ||
	    (len = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
		tap_diag("cannot read %s", path);
		exit(99);
	}
	buf = malloc((size_t)len + 1);
	if (buf == NULL || fread(buf, 1, (size_t)len, fp) != (size_t)len)
		exit(99);
	buf[len] = '\0';
	fclose(fp);
	return buf;
}

/*
 * The man page's text of a command: from ".SS NAME" to the next .SS or
 * .SH, or from ".SH UPPERCASE-NAME" to the next .SH; copied, NULL if none.
 */
static char *
man_section(const char *man, const char *cmd)
{
	char head[64], up[32];
	const char *p, *end;
	size_t i;
	int sh = 0;

	for (i = 0; cmd[i] != '\0' && i < sizeof(up) - 1; i++)
		up[i] = (char)(cmd[i] >= 'a' && cmd[i] <= 'z' ? cmd[i] - 32 :
		    cmd[i]);
	up[i] = '\0';
	snprintf(head, sizeof(head), "\n.SH %s\n", up);
	if ((p = strstr(man, head)) != NULL)
		sh = 1;
	else {
		snprintf(head, sizeof(head), "\n.SS %s", cmd);
		for (p = strstr(man, head); p != NULL &&
		    p[strlen(head)] != ' ' && p[strlen(head)] != '\n';
		    p = strstr(p + 1, head))
			;
	}
	if (p == NULL)
		return NULL;
	p++;
	end = strstr(p, "\n.SH ");
	if (!sh) {
		const char *ss = strstr(p, "\n.SS ");

		if (ss != NULL && (end == NULL || ss < end))
			end = ss;
	}
	if (end == NULL)
		end = p + strlen(p);
	return strndup(p, (size_t)(end - p));
}

/* Does text hold "--name" as roff writes it ("\-\-min\-time")? */
static int
man_has(const char *text, const char *name)
{
	char want[128], *w = want;
	const char *p, *n;

	w += snprintf(want, sizeof(want), "\\-\\-");
	for (n = name; *n != '\0' && w < want + sizeof(want) - 3; n++) {
		if (*n == '-')
			*w++ = '\\';
		*w++ = *n;
	}
	*w = '\0';
	for (p = strstr(text, want); p != NULL; p = strstr(p + 1, want)) {
		char c = p[strlen(want)];

		/* Not a longer name: "\-\-min" is not "\-\-min\-time". */
		if (!(c >= 'a' && c <= 'z') && !(c == '\\' &&
		    p[strlen(want) + 1] == '-'))
			return 1;
	}
	return 0;
}

static void
test_man(const char *man, const struct opt_table *t)
{
	char *sec = man_section(man, t->cmd);
	struct opt_row r;
	size_t i;
	int ok = sec != NULL;

	for (i = 0; sec != NULL && i < t->nrows; i++) {
		options_resolve(&t->rows[i], &r);
		if (!man_has(sec, r.name)) {
			tap_diag("csumbench(1), %s: no --%s", t->cmd, r.name);
			ok = 0;
		}
	}
	tap_ok(ok, "csumbench(1) documents every option of %s in its "
	    "section", t->cmd);
	free(sec);
}

/*
 * Option values are decimal: strtod's hexadecimal floats, leading space,
 * '+', inf and nan are refused, and so is a unit or '%' without a number.
 */
static void
test_values(void)
{
	static const char *const bad[] = {
		"%", "0x10", "0x1p-3", " 5", "5 ", "+5", "-0", "inf", "nan",
		"1e400", "5e", ".", "", "5%%", "ms", "0x10ms",
	};
	static const char *const good[] = { "5", "5.", ".5", "1e2", "0.25" };
	char err[256];
	double v;
	size_t i;
	int rejected = 1, pct, dur, accepted = 1;

	for (i = 0; i < N(bad); i++) {
		pct = optval_percent("fail-above", bad[i], -1, &v, err,
		    sizeof(err)) != 0;
		dur = optval_duration("max-time", bad[i], &v, err,
		    sizeof(err)) != 0;
		if (!pct || !dur ||
		    optval_double("sample-time", bad[i], &v, err,
		    sizeof(err)) == 0) {
			tap_diag("accepted \"%s\"", bad[i]);
			rejected = 0;
		}
	}
	tap_ok(rejected, "option values: %zu malformed numbers refused "
	    "(hexadecimal, space, sign, inf, nan, %% or a unit alone)", N(bad));
	for (i = 0; i < N(good); i++)
		if (optval_double("x", good[i], &v, err, sizeof(err)) != 0 ||
		    optval_percent("x", good[i], -1, &v, err, sizeof(err)) != 0)
			accepted = 0;
	tap_ok(accepted && optval_percent("x", "5%", -1, &v, err,
	    sizeof(err)) == 0 && v == 5 && optval_duration("x", "20ms", &v,
	    err, sizeof(err)) == 0 && v == 0.02, "option values: decimal "
	    "numbers, 5%% and 20ms accepted");
	tap_ok(decimal_parse("-1.5e+3", (size_t)-1, 1, &v) == 0 && v == -1500 &&
	    decimal_parse("-1", (size_t)-1, 0, &v) != 0 &&
	    decimal_parse("1e999", (size_t)-1, 1, &v) != 0 &&
	    decimal_span("12ms", 0) == 2 && decimal_span("1e", 0) == 1,
	    "decimal_parse and decimal_span");
}

/*
 * -W lists: every word, the last too (warn_parse once stepped past its
 * end: NULL + 1, which clang's -fsanitize=undefined reports).
 */
static void
test_warn_lists(void)
{
	char err[256] = "";

	tap_ok(warn_parse("-W", "no-vm,no-load", err, sizeof(err)) == 0 &&
	    warn_parse("-W", "all", err, sizeof(err)) == 0,
	    "-W no-vm,no-load and -W all parse");
	tap_ok(warn_parse("-W", "no-vm,nosuch", err, sizeof(err)) != 0 &&
	    strstr(err, "\"nosuch\"") != NULL,
	    "-W no-vm,nosuch: the last word is checked (%s)", err);
}

int
main(void)
{
	char *man = read_man();
	size_t c;

	test_parser();
	test_letters();
	test_values();
	test_warn_lists();
	for (c = 0; cmd_table[c] != NULL; c++) {
		test_rows(&cmd_table[c]->args);
		test_help(&cmd_table[c]->args);
		test_man(man, &cmd_table[c]->args);
	}
	tap_ok(man_has(man, "help") && man_has(man, "version"),
	    "csumbench(1) documents --help and --version");
	tap_ok(cmd_find("run") == &cmd_run_entry && cmd_find("nosuch") == NULL,
	    "cmd_find finds commands by name");
	free(man);
	return tap_done();
}
