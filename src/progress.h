/*
 * progress.h - the progress line of a run on a terminal.
 *
 * An engine progress callback (engine_progress_fn): pass progress_line as
 * engine_opts.progress and a struct progress_line as its argument.
 */
#ifndef CSUMBENCH_PROGRESS_H
#define CSUMBENCH_PROGRESS_H

#include <stdio.h>

#include "engine.h"

struct progress_line {
	FILE	*fp;
	double	 last;		/* elapsed seconds at the last line drawn */
};

void	progress_line_init(struct progress_line *pl, FILE *fp);
/* Redraw the line (at most 4 times a second); clear it when the run ends. */
void	progress_line(const struct engine_progress *p, void *arg);

#endif
