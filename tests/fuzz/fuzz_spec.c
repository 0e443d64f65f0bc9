/*
 * fuzz_spec.c - the grid specs (sizes, alignments) and the numeric option
 * values on arbitrary text.
 *
 * A spec accepted is within the grid's limits, and every value in it too;
 * one refused has a one-line message.
 */
#include "config.h"

#include "../../src/base/grid.h"
#include "../../src/session/optval.h"
#include "fuzz.h"

static void
sizes(const char *spec)
{
	struct grid g = { 0 };
	char err[512] = "";
	size_t i;

	if (grid_parse(spec, &g, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		return;
	}
	/*
	 * Fixed sizes, csum_diff F/T shapes, distributions (mix:, imix,
	 * @FILE, ...), in any combination.
	 */
	fuzz_check(g.n + g.npair + g.ndist >= 1 && g.n <= GRID_MAX_POINTS &&
	    g.npair <= GRID_MAX_POINTS, "a size grid of no or too many points");
	for (i = 0; i < g.npair; i++)
		fuzz_check(g.pair[i].from <= GRID_MAX_SIZE &&
		    g.pair[i].to <= GRID_MAX_SIZE, "an F/T shape above the limit");
	for (i = 0; i < g.n; i++)
		fuzz_check(g.v[i] <= GRID_MAX_SIZE, "a size above the limit");
	for (i = 0; i < g.ndist; i++)
		fuzz_check(g.dist[i].nbin >= 1 &&
		    g.dist[i].max <= GRID_MAX_SIZE,
		    "a distribution without sizes, or above the limit");
	grid_free(&g);
}

static void
aligns(const char *spec)
{
	struct align_grid a = { 0 };
	char err[512] = "";
	size_t i;

	if (grid_parse_align(spec, &a, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		return;
	}
	fuzz_check(a.n >= 1 && a.n <= GRID_MAX_POINTS,
	    "an alignment grid of no or too many points");
	for (i = 0; i < a.n; i++)
		fuzz_check(a.v[i].src <= GRID_MAX_OFFSET &&
		    a.v[i].dst <= GRID_MAX_OFFSET, "an offset above the limit");
	grid_free_align(&a);
}

static void
numbers(const char *arg)
{
	char err[512] = "";
	double v;
	size_t z;

	if (optval_percent("fail-above", arg, -1, &v, err, sizeof(err)) == 0)
		fuzz_check(v >= 0 && v == v, "a percentage not a number >= 0");
	else
		fuzz_check_message(err);
	err[0] = '\0';
	if (optval_duration("max-time", arg, &v, err, sizeof(err)) == 0)
		fuzz_check(v >= 0 && v == v, "a duration not a number >= 0");
	else
		fuzz_check_message(err);
	err[0] = '\0';
	if (optval_size("max-size", arg, &z, err, sizeof(err)) != 0)
		fuzz_check_message(err);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *spec;

	if ((spec = fuzz_arg(data, size)) == NULL)
		return 0;
	sizes(spec);
	aligns(spec);
	numbers(spec);
	free(spec);
	return 0;
}
