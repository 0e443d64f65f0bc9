/*
 * main.c - csumbench: find the subcommand, parse its options, run it.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "interrupt.h"
#include "util.h"

static void
usage(FILE *fp)
{
	size_t i;

	fprintf(fp,
	    "usage: csumbench [run] [OPTIONS]\n"
	    "       csumbench COMMAND [OPTIONS] [ARGS]\n"
	    "\n"
	    "Benchmark and verify memcpy, memset, user-copy and Internet\n"
	    "checksum kernels.\n"
	    "\n"
	    "Commands:\n");
	for (i = 0; cmd_table[i] != NULL; i++)
		fprintf(fp, "  %-9s %s\n", cmd_table[i]->args.cmd,
		    cmd_table[i]->summary);
	fprintf(fp,
	    "\n"
	    "  -h, --help     show this help (csumbench COMMAND --help for a command)\n"
	    "  -V, --version  show the version\n"
	    "\n"
	    "With no command, csumbench runs a quick sweep of every available\n"
	    "kernel. See csumbench(1).\n");
}

/* Print a command's help on stdout; 0, or exit 2 if it cannot be written. */
static int
help(const struct cmd_entry *e)
{
	if (options_help(&e->args, stdout) != 0)
		usage_error("cannot write to standard output");
	return 0;
}

/* Exit 2 naming the unknown command, and the closest one within 2 edits. */
static void
unknown_command(const char *name)
{
	const char *best = NULL;
	size_t i, d, bd = 3;

	for (i = 0; cmd_table[i] != NULL; i++) {
		d = str_distance(name, cmd_table[i]->args.cmd);
		if (d < bd && 2 * d < strlen(name)) {
			bd = d;
			best = cmd_table[i]->args.cmd;
		}
	}
	if (best != NULL)
		usage_error("unknown command \"%s\", did you mean %s? (see "
		    "'csumbench --help')", name, best);
	usage_error("unknown command \"%s\" (see 'csumbench --help')", name);
}

/* Parse argv (argv[0] is the command's name) for e and run it. */
static int
run_command(const struct cmd_entry *e, int argc, char **argv)
{
	struct options o;
	char err[512];
	int rc;

	rc = options_parse(&e->args, argc, argv, &o, err, sizeof(err));
	if (rc == OPTIONS_HELP)
		rc = help(e);
	else if (rc == OPTIONS_ERROR) {
		fprintf(stderr, "%s %s: %s\n", progname, e->args.cmd, err);
		rc = EXIT_USAGE;
	} else
		rc = e->exec(&o);
	options_free(&o);
	return rc;
}

static char *
join_argv(int argc, char **argv)
{
	size_t len = 1, i;
	char *s;

	for (i = 0; i < (size_t)argc; i++)
		len += strlen(argv[i]) + 1;
	s = xmalloc(len);
	s[0] = '\0';
	for (i = 0; i < (size_t)argc; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

int
main(int argc, char **argv)
{
	const struct cmd_entry *e;

	/* Numbers are always written in the C locale. */
	setlocale(LC_ALL, "C");
	/* A signal leaves no temporary file behind. */
	intr_init();
	ctx.cmdline = join_argv(argc, argv);
	if (argc >= 2) {
		if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(argv[1], "-V") == 0 ||
		    strcmp(argv[1], "--version") == 0) {
			printf("csumbench %s\n", PACKAGE_VERSION);
			return 0;
		}
		if (strcmp(argv[1], "help") == 0) {
			if (argc >= 3 && (e = cmd_find(argv[2])) != NULL)
				return help(e);
			usage(stdout);
			return 0;
		}
		if (argv[1][0] != '-') {
			if ((e = cmd_find(argv[1])) != NULL)
				return run_command(e, argc - 1, argv + 1);
			unknown_command(argv[1]);
		}
	}
	/* No command: run, with the options given. */
	argv[0] = "run";
	return run_command(&cmd_run_entry, argc, argv);
}
