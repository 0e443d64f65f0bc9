/*
 * cmp.c - compare's options' defaults (cmp.h).
 */
#include "config.h"

#include <string.h>

#include "cmp.h"

void
compare_opts_init(struct cmp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->style = CMP_MARKDOWN;
	o->alpha = 0.05;
	o->fail_above = -1;
	o->min_delta = -1;
	o->cost = CMP_COST_WHOLE;
}
