/*
 * options_rows.c - the options several commands take, defined once: a
 * command's row refers to one of these with .like and may only reword
 * its help, its argument's name or its default, never its name or its
 * letter, so a letter means the same in every command.
 */
#include "config.h"

#include <stddef.h>

#include "options.h"

const struct opt_row opt_family = {
	.name = "family", .letter = 'f', .arg = "LIST",
	.help = "only these families (comma-separated)",
};

const struct opt_row opt_kernel = {
	.name = "kernel", .letter = 'k', .arg = "PATS",
	.help = "only kernels matching these globs",
};

const struct opt_row opt_output = {
	.name = "output", .letter = 'o', .arg = "FILE",
	.help = "write to FILE (default: stdout)",
};

const struct opt_row opt_quiet = {
	.name = "quiet", .letter = 'q',
	.help = "no progress or warnings on stderr",
};

const struct opt_row opt_help = {
	.name = "help", .letter = 'h',
	.help = "show this help",
};

const struct opt_row opt_seed = {
	.name = "seed", .arg = "N", .type = OPT_UINT, .lo = 1,
	.help = "seed of the random data",
};

const struct opt_row opt_timer = {
	.name = "timer", .arg = "NAME",
	.help = "auto, cycles (perf_event_open core cycles), tsc (time-stamp "
	    "counter ticks) or ns (CLOCK_MONOTONIC_RAW); auto takes the first "
	    "that works, in that order",
	.def = "auto",
};

const struct opt_row opt_cpu = {
	.name = "cpu", .arg = "N|any",
	.help = "pin to CPU N (default: the lowest CPU this process may run "
	    "on, the same in every run); any: do not pin",
};

const struct opt_row opt_style = {
	.name = "style", .arg = "STYLE",
	.help = "bpf, ticks, markdown, csv or wide",
	.def = "markdown",
};

const struct opt_row opt_fail_above = {
	.name = "fail-above", .arg = "PCT",
	.help = "exit 1 if any point is significantly more than PCT percent "
	    "slower in B, listing those points",
};

const struct opt_row opt_junit = {
	.name = "junit", .arg = "FILE",
	.help = "with --fail-above, also write the verdict as JUnit XML to "
	    "FILE: a test case per point, failed, in error (cannot judge) or "
	    "skipped (kept out by --min-delta)",
};

const struct opt_row opt_gate_md = {
	.name = "gate-md", .arg = "FILE",
	.help = "with --fail-above, also write the verdict as Markdown to "
	    "FILE (a CI job's summary): the points that failed or were kept "
	    "out and why, every point, and where the code's place moved "
	    "costs most",
};

const struct opt_row opt_min_delta = {
	.name = "min-delta", .arg = "D",
	.help = "... and more than D units slower (the result's unit), or "
	    "auto: across runs half the empty call's cost at the point, within "
	    "one run 0",
	.def = "auto",
};

const struct opt_row opt_alpha = {
	.name = "alpha", .arg = "A",
	.help = "significance level",
	.def = "0.05",
};

const struct opt_row opt_cost = {
	.name = "cost", .arg = "WHICH",
	.help = "whole (the whole call, as the timer saw it) or net (the "
	    "empty call's cost subtracted: what the kernel adds); gross is "
	    "another name for whole",
	.def = "whole",
};

const struct opt_row opt_fig_format = {
	.name = "format", .arg = "FMT",
	.help = "figures as png or svg",
	.def = "png",
};

const struct opt_row opt_fig_dir = {
	.like = &opt_output, .arg = "DIR",
	.help = "write the figures into DIR, made if missing",
	.def = ".",
};

const struct opt_row opt_compare = {
	.name = "compare", .arg = "OTHER",
	.help = "the baseline: the deltas and their significance of "
	    "'csumbench compare OTHER RESULTS'",
};

const struct opt_row opt_keep_data = {
	.name = "keep-data",
	.help = "keep each figure's data beside it as NAME.csv (gnuplot -c "
	    "SCRIPT NAME.csv OUT redraws it)",
};

const struct opt_row opt_tune_file = {
	.name = "tune-file", .arg = "FILE",
	.help = "the tuning file (default: $XDG_CACHE_HOME/csumbench/tune, or "
	    "~/.cache/csumbench/tune), used when it was measured on this CPU; "
	    "CSUMBENCH_KTUNE overrides it",
};

const struct opt_row opt_load = {
	.name = "load", .arg = "FILE[=NAME]", .repeat = 1,
	.help = "load the kernels of a kernel object (csumbench-kernel(3)) as "
	    "NAME:family.variant, NAME defaulting to FILE's name up to its "
	    "first dot; repeatable",
};

const struct opt_row opt_warn = {
	.name = "warn", .letter = 'W', .arg = "LIST",
	.help = "turn warnings off (no-NAME) or on (NAME), comma-separated: "
	    "vm, load, governor, turbo, ci, clock, few, bound, or all; the "
	    "environment variable CSUMBENCH_WARN takes the same list (e.g. "
	    "no-vm on a known virtual machine), -W wins",
};

/* How much a command that measures samples, and how long. */
const struct opt_row opt_reps = {
	.name = "reps", .letter = 'r', .arg = "N",
	.type = OPT_UINT, .lo = 1, .hi = 100000,
	.help = "samples per point, at least",
	.def = "31",
};

const struct opt_row opt_sample_time = {
	.name = "sample-time", .arg = "US",
	.type = OPT_NUM, .lo = 0, .lo_open = 1, .hi = 1e6,
	.help = "target microseconds per sample",
	.def = "20",
};

const struct opt_row opt_warmup = {
	.name = "warmup", .arg = "N", .type = OPT_UINT, .lo = 0, .hi = 1000,
	.help = "warm-up batches per point",
	.def = "3",
};

const struct opt_row opt_target_ci = {
	.name = "target-ci", .arg = "PCT", .type = OPT_PCT, .hi = 100,
	.help = "sample a point until the 95% CI of its median is within "
	    "PCT% of the median; 0: off",
	.def = "1%",
};

const struct opt_row opt_min_time = {
	.name = "min-time", .arg = "T", .type = OPT_TIME,
	.help = "sample every point for at least T seconds (ms and us "
	    "suffixes allowed); raises the default --max-time to T",
	.def = "0",
};

const struct opt_row opt_max_time = {
	.name = "max-time", .arg = "T", .type = OPT_TIME,
	.help = "stop refining a point after T of sampling; 0: no limit",
	.def = "30ms",
};
