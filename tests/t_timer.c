/*
 * t_timer.c - timer selection, the fallback of "auto", the perf_event_open
 * machinery (driven with a software event, which machines without a cycle
 * counter still have), and the core-clock estimate. Asserts no speeds:
 * only that clocks move forwards and that choices are reported honestly.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <linux/perf_event.h>
#endif

#include "../src/base/timer.h"
#include "tap.h"

static void
spin(void)
{
	uint64_t t0 = timer_ns();
	volatile uint64_t x = 0;

	while (timer_ns() - t0 < 2000000)	/* 2 ms */
		x++;
}

int
main(void)
{
	struct timer_info ti;
	char err[256];
	int rc;

	err[0] = '\0';
	rc = timer_setup("ns", &ti, err, sizeof(err));
	tap_ok(rc == 0 && ti.kind == TIMER_NS && strcmp(ti.unit, "ns") == 0 &&
	    ti.hz == 1e9, "--timer ns: CLOCK_MONOTONIC_RAW in ns");
	tap_ok(ti.overhead >= 0 && ti.resolution >= 1,
	    "ns timer: overhead %.1f, resolution %.0f", ti.overhead,
	    ti.resolution);
	{
		uint64_t a = timer_start(&ti), b;

		spin();
		b = timer_stop(&ti);
		tap_ok(b > a, "ns timer moves forwards");
	}

	rc = timer_setup("sundial", &ti, err, sizeof(err));
	tap_ok(rc == -1 && strstr(err, "sundial") != NULL &&
	    strchr(err, '\n') == NULL, "unknown timer: one line naming it");
	tap_ok(timer_name_valid("auto") && timer_name_valid("cycles") &&
	    timer_name_valid("tsc") && timer_name_valid("ns") &&
	    !timer_name_valid("TSC"), "timer names");

	/* cycles: works, or says why in one line. */
	rc = timer_setup("cycles", &ti, err, sizeof(err));
	if (rc == 0) {
		uint64_t a = timer_start(&ti), b;

		spin();
		b = timer_stop(&ti);
		tap_ok(strcmp(ti.unit, "cycles") == 0 && b > a,
		    "--timer cycles: %s counts cycles", ti.name);
		perf_counter_close(&ti.perf);
	} else
		tap_ok(strncmp(err, "--timer cycles: ", 16) == 0 &&
		    strchr(err, '\n') == NULL,
		    "--timer cycles unavailable, says why: %s", err);

	/* auto: takes cycles when they work, else says why it did not. */
	rc = timer_setup("auto", &ti, err, sizeof(err));
	tap_ok(rc == 0 && strcmp(ti.requested, "auto") == 0, "auto works");
	if (ti.kind == TIMER_CYCLES)
		tap_ok(ti.fallback[0] == '\0', "auto took cycles, no fallback");
	else
		tap_ok(strncmp(ti.fallback, "cycles unavailable: ", 20) == 0,
		    "auto fell back to %s and says why: %s", ti.name,
		    ti.fallback);
#if defined(__x86_64__) || defined(__aarch64__)
	tap_ok(ti.kind != TIMER_NS, "auto never picks ns where ticks exist");
	/* Not a speed: a clock from 50 MHz to 20 GHz is a sane estimate. */
	tap_ok(ti.est_core_hz > 5e7 && ti.est_core_hz < 2e10,
	    "core clock estimated: %.3f GHz", ti.est_core_hz / 1e9);
#else
	tap_skip("no tick counter on this architecture");
	tap_skip("no dependent-add loop on this architecture");
#endif
	if (ti.kind == TIMER_CYCLES)
		perf_counter_close(&ti.perf);

#ifdef __linux__
	{
		struct perf_counter pc;
		uint64_t a, b;

		if (perf_counter_open(&pc, PERF_TYPE_SOFTWARE,
		    PERF_COUNT_SW_TASK_CLOCK, err, sizeof(err)) != 0) {
			tap_skip("perf_event_open refused a software event");
			tap_skip("perf_event_open refused a software event");
		} else {
			a = perf_counter_read(&pc);
			spin();
			b = perf_counter_read(&pc);
			/* task-clock counts ns of this thread: about 2e6. */
			tap_ok(b > a, "perf machinery: task-clock read %s moves "
			    "(%llu)", pc.rdpmc ? "by rdpmc" : "by read(2)",
			    (unsigned long long)(b - a));
			tap_ok(!pc.rdpmc, "a software event is read by read(2), "
			    "not rdpmc");
			perf_counter_close(&pc);
		}
	}
#else
	tap_skip("not Linux");
	tap_skip("not Linux");
#endif
	return tap_done();
}
