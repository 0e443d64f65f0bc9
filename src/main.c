/*
 * main.c - csumbench: subcommand dispatch.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "util.h"

static const struct {
	const char *name;
	int (*fn)(int, char **);
	const char *about;
} commands[] = {
	{ "run", cmd_run, "measure a sweep (the default subcommand)" },
	{ "list", cmd_list, "kernels by family, ISA, available or why not" },
	{ "info", cmd_info, "CPU, timer and provenance" },
	{ "verify", cmd_verify, "every kernel against its reference" },
	{ "csum", cmd_csum, "RFC 1071 checksum of files or stdin" },
	{ "compare", cmd_compare, "delta table of two results; CI gate" },
	{ "plot", cmd_plot, "gnuplot figures of a results file" },
	{ "report", cmd_report, "Markdown report with figures and tables" },
};

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
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(fp, "  %-9s %s\n", commands[i].name, commands[i].about);
	fprintf(fp,
	    "\n"
	    "  -h, --help     show this help (csumbench COMMAND --help for a command)\n"
	    "  -V, --version  show the version\n"
	    "\n"
	    "With no command, csumbench runs a quick sweep of every available\n"
	    "kernel. See csumbench(1).\n");
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
	size_t i;

	/* Numbers are always written in the C locale. */
	setlocale(LC_ALL, "C");
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
			if (argc >= 3)
				for (i = 0; i < sizeof(commands) /
				    sizeof(commands[0]); i++)
					if (strcmp(argv[2], commands[i].name) == 0) {
						char *av[] = { argv[2], "--help", NULL };

						return commands[i].fn(2, av);
					}
			usage(stdout);
			return 0;
		}
		if (argv[1][0] != '-') {
			for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
				if (strcmp(argv[1], commands[i].name) == 0)
					return commands[i].fn(argc - 1, argv + 1);
			usage_error("unknown command \"%s\" (see 'csumbench "
			    "--help')", argv[1]);
		}
	}
	/* No command: run, with the options given. */
	argv[0] = "run";
	return cmd_run(argc, argv);
}
