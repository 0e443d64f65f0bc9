/*
 * cmd.c - the table of subcommands.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "cmd.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_run_entry,
	&cmd_list_entry,
	&cmd_info_entry,
	&cmd_verify_entry,
	&cmd_csum_entry,
	&cmd_compare_entry,
	&cmd_show_entry,
	&cmd_plot_entry,
	&cmd_report_entry,
	&cmd_tune_entry,
	&cmd_ceilings_entry,
	&cmd_rx_entry,
	NULL
};

const struct cmd_entry *
cmd_find(const char *name)
{
	size_t i;

	for (i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->args.cmd, name) == 0)
			return cmd_table[i];
	return NULL;
}
