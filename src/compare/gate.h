/*
 * gate.h - the regression gate of compare (gate.c). Its verdict on stderr
 * is compare_gate (compare.h); for CI servers, gate_out.h.
 */
#ifndef CSUMBENCH_GATE_H
#define CSUMBENCH_GATE_H

#include "cmp.h"

/*
 * The gate over res's tested rows: the points (a point's replicas
 * together), m (the points with a ratio, for Bonferroni), each row judged
 * when o->fail_above >= 0, each point over its replicas, and each lead
 * row's summary of its point's copies.
 */
void	gate_rows(struct cmp_result *res, const struct cmp_opts *o);

/*
 * The gate's verdict on stderr (a point fails only when every replica of
 * it fails, and is otherwise a pass "not in every replica"): 0; EXIT_CHECK when a point is
 * significantly slower; else EXIT_USAGE when a point it had to test
 * cannot be (nothing to test it with, or too few runs or blocks of
 * samples for its test): one line naming the points.
 */
int	compare_gate(const struct cmp_result *res, const struct cmp_opts *o);

#endif
