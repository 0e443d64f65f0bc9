/*
 * options.h - one option parser for every subcommand.
 *
 * A command describes its options as a table of rows; the same rows build
 * getopt_long's arrays and the --help text, so the two cannot disagree,
 * and a default shown in the help is the very string the command parses
 * when the option is not given. Options several commands take are shared
 * rows (options_rows.c) that a command's row refers to with .like, so an
 * option has one name, one letter and one meaning everywhere. Every
 * command also takes -h, --help (opt_help), after its own rows.
 *
 * Nothing here prints to the user or exits: errors come back as one line
 * in an err buffer, for the command layer to print.
 */
#ifndef CSUMBENCH_OPTIONS_H
#define CSUMBENCH_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

/*
 * What a row's value is, for optval_row_uint and optval_row_num: the
 * parser and the range come from the row, so a shared row's range is
 * checked alike in every command that takes it.
 */
enum opt_type {
	OPT_TEXT = 0,	/* text the command parses itself */
	OPT_UINT,	/* a decimal integer in [lo, hi] (hi 0: no limit) */
	OPT_NUM,	/* a finite number in [lo, hi] ((lo, hi] if lo_open) */
	OPT_PCT,	/* a percentage, "%" allowed, at most hi */
	OPT_TIME,	/* seconds, with an s, ms or us suffix allowed */
};

struct opt_row {
	/* A shared row: every field left unset here is taken from it. */
	const struct opt_row *like;
	const char	*name;		/* long name, without "--" */
	int		 letter;	/* short option letter, or 0 */
	/* The argument's name in the help; NULL: a flag, no argument. */
	const char	*arg;
	const char	*help;		/* one paragraph, wrapped by the writer */
	/* The value used when the option is not given, or NULL. */
	const char	*def;
	/* The default when the table's alternative holds (alt_when). */
	const char	*alt;
	const char	*heading;	/* a help line printed before this row */
	/* Repeatable: every value given is kept, in order (options_all). */
	int		 repeat;
	enum opt_type	 type;		/* OPT_TEXT: the command parses it */
	double		 lo, hi;	/* the range of OPT_UINT, OPT_NUM */
	int		 lo_open;	/* OPT_NUM: lo itself is out of range */
};

struct opt_table {
	const char	*cmd;		/* "run": for messages and the help */
	const char	*synopsis;	/* after "usage: ", lines as written */
	const char	*about;		/* what the command does, as written */
	const char	*footer;	/* after the options, as written */
	/* What selects the rows' alt defaults, for the help ("--quick"). */
	const char	*alt_when;
	const struct opt_row *rows;	/* without -h, --help */
	size_t		 nrows;
	int		 min_args;	/* operands needed */
	int		 max_args;	/* operands allowed; -1: any number */
	/* Why too few or too many operands, instead of the generic line. */
	const char	*too_few;
	const char	*too_many;
};

/* The options of one command line, as parsed. */
struct options {
	const struct opt_table *t;
	struct opt_row	*rows;	/* t's rows, resolved through .like, then
				 * opt_help's */
	const char	**val;	/* per row: the value given (last), "" for a
				 * flag; NULL when not given */
	int		 nargs;	/* words after the command's name */
	int		 nopts;	/* options given */
	int		 argc;	/* operands, in order */
	char		**argv;
	int		 alt;	/* take the rows' alt defaults */
	/* Per repeatable row: every value given, in order, and how many. */
	const char	***all;
	size_t		*nall;
};

/* options_parse's results besides 0. */
#define OPTIONS_ERROR	(-1)	/* bad usage: err says what */
#define OPTIONS_HELP	1	/* -h or --help: print the help */

/*
 * Parse argv[1..argc-1] (argv[0] is the command) against t's rows: GNU
 * style, options and operands in any order, unique prefixes of long
 * names accepted, "--" ending the options. The operand count is checked.
 * On OPTIONS_ERROR, err holds one line such as "unknown option '--bogus'
 * (see 'csumbench run --help')". argv may be permuted.
 */
int	options_parse(const struct opt_table *t, int argc, char **argv,
	    struct options *o, char *err, size_t errlen);
void	options_free(struct options *o);

/* Was row i given? */
int	options_given(const struct options *o, size_t i);
/*
 * Every value of repeatable row i, in the order given (*n of them; none:
 * NULL and 0). A row that is not repeatable keeps only its last value.
 */
const char *const *options_all(const struct options *o, size_t i, size_t *n);
/* Row i's value: as given, else its default (alt when o->alt), or NULL. */
const char *options_value(const struct options *o, size_t i);

/* A row's long name, through .like. */
const char *options_name(const struct opt_row *r);
/* Row r with every field it leaves unset taken from its .like chain. */
void	options_resolve(const struct opt_row *r, struct opt_row *flat);

/* The whole --help text of t. Returns 0, or -1 on a write error. */
int	options_help(const struct opt_table *t, FILE *fp);

/*
 * Near misses of an unknown long option (without "--") among t's long
 * names: "'--sizes'", "'--min-time' or '--max-time'"; "" if none close.
 */
void	options_suggest(const struct opt_table *t, const char *name, char *buf,
	    size_t len);

/* The rows several commands share (options_rows.c). */
extern const struct opt_row opt_family, opt_kernel, opt_output, opt_quiet,
	    opt_help, opt_seed, opt_timer, opt_cpu, opt_style, opt_fail_above,
	    opt_min_delta, opt_alpha, opt_cost, opt_fig_format, opt_fig_dir,
	    opt_warn,
	    opt_compare, opt_keep_data, opt_tune_file, opt_load, opt_junit,
	    opt_gate_md, opt_reps, opt_sample_time, opt_warmup, opt_target_ci,
	    opt_min_time, opt_max_time;

#endif
