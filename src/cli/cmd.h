/*
 * cmd.h - the subcommands: their table and how each is declared.
 */
#ifndef CSUMBENCH_CMD_H
#define CSUMBENCH_CMD_H

#include "context.h"
#include "options.h"

/*
 * A subcommand: its options, help and operand count,
 * which main() parses before calling exec with the result. Each is defined
 * in its own cmd_NAME.c; no command calls into another.
 */
struct cmd_entry {
	struct opt_table args;
	const char	*summary;	/* one line for 'csumbench --help' */
	int		(*exec)(struct options *o);
};

/*
 * Define cmd_NAME_entry, at the end of cmd_NAME.c, from its NAME_rows,
 * its NAME_exec and the struct opt_table fields given (.synopsis,
 * .about, ...). No operands are accepted unless .max_args says so.
 */
#define CMD_ENTRY(name, what, ...)					\
const struct cmd_entry cmd_##name##_entry = {				\
	.args = { .cmd = #name, .rows = name##_rows,			\
	    .nrows = sizeof(name##_rows) / sizeof(name##_rows[0]),	\
	    __VA_ARGS__ },						\
	.summary = (what), .exec = name##_exec				\
}

extern const struct cmd_entry cmd_run_entry, cmd_list_entry, cmd_info_entry,
	    cmd_verify_entry, cmd_csum_entry, cmd_compare_entry, cmd_plot_entry,
	    cmd_report_entry, cmd_tune_entry, cmd_rx_entry,
	    cmd_ceilings_entry, cmd_show_entry;

/* Every subcommand, in the order 'csumbench --help' lists them; NULL ends. */
extern const struct cmd_entry *const cmd_table[];
/* The subcommand called name, or NULL. */
const struct cmd_entry *cmd_find(const char *name);

#endif
