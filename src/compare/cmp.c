/*
 * cmp.c - compare's options' defaults, and what a rule kept out of the
 * gate's verdict (cmp.h).
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

int
cmp_kept_out(const struct cmp_row *r, int rule)
{
	if (!r->lead || r->gate_fail)
		return 0;
	if (rule == 0)
		return r->copies_small > 0 && r->copies_slower == r->copies;
	return r->copies_flagged > 0;
}
