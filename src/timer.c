/*
 * timer.c - timer selection and calibration.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "timer.h"

/* Ticks per second, measured against CLOCK_MONOTONIC_RAW over ~20 ms. */
static double
calibrate_hz(void)
{
	double best[3];
	int i;

	for (i = 0; i < 3; i++) {
		uint64_t n0, n1, t0, t1;

		n0 = timer_ns();
		t0 = timer_ticks_start();
		do {
			n1 = timer_ns();
		} while (n1 - n0 < 20 * 1000 * 1000);
		t1 = timer_ticks_stop();
		n1 = timer_ns();
		best[i] = (double)(t1 - t0) * 1e9 / (double)(n1 - n0);
	}
	return stats_median(best, 3);
}

static void
calibrate_overhead(struct timer_info *ti)
{
	double d[201];
	double res = 0;
	int i;

	for (i = 0; i < 201; i++) {
		uint64_t a = timer_start(ti);
		uint64_t b = timer_stop(ti);

		d[i] = (double)(b - a);
		if (d[i] > 0 && (res == 0 || d[i] < res))
			res = d[i];
	}
	ti->overhead = stats_median(d, 201);
	ti->resolution = res > 0 ? res : 1;
}

int
timer_setup(const char *name, struct timer_info *ti, char *err, size_t errlen)
{
	memset(ti, 0, sizeof(*ti));
	if (name == NULL || strcmp(name, "auto") == 0 ||
	    strcmp(name, "tsc") == 0) {
		if (!TIMER_HAVE_TICKS) {
			if (name != NULL && strcmp(name, "tsc") == 0) {
				snprintf(err, errlen,
				    "timer \"tsc\" is not available on this architecture");
				return -1;
			}
		} else {
			ti->kind = TIMER_TSC;
#if defined(__aarch64__)
			ti->name = "cntvct";
			{
				uint64_t f;

				__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
				ti->hz = (double)f;
			}
#else
			ti->name = "tsc";
			ti->hz = calibrate_hz();
#endif
			ti->unit = "ticks";
			calibrate_overhead(ti);
			return 0;
		}
	} else if (strcmp(name, "ns") != 0) {
		snprintf(err, errlen,
		    "unknown timer \"%s\" (expected auto, tsc or ns)", name);
		return -1;
	}
	ti->kind = TIMER_NS;
	ti->name = "clock_gettime";
	ti->unit = "ns";
	ti->hz = 1e9;
	calibrate_overhead(ti);
	return 0;
}
