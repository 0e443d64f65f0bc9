/*
 * timer.h - the clocks a sample is timed with.
 *
 * Best first:
 *  - core cycles from perf_event_open (unit "cycles"): user-mode cycles of
 *    this thread, read with rdpmc from the event's mapped page when the
 *    kernel permits it, else with read(2) (slower, but its cost is measured
 *    and subtracted like any timer's);
 *  - TSC on x86-64: `lfence; rdtsc` before the measured region (earlier
 *    instructions have completed, later ones have not started) and
 *    `rdtscp; lfence` after it (the region has completed; nothing later
 *    starts before the read); cntvct_el0 after isb on arm64 (unit "ticks");
 *  - CLOCK_MONOTONIC_RAW (unit "ns").
 * "auto" takes the first that works and records why a better one did not.
 *
 * Separately, where no counter reads core cycles, the core clock can be
 * estimated with a dependent-add loop (one add per cycle on every core we
 * know): est_core_hz. It is an estimate, reported in its own column and key,
 * never as the unit of a measurement.
 */
#ifndef CSUMBENCH_TIMER_H
#define CSUMBENCH_TIMER_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

enum timer_kind {
	TIMER_TSC,	/* unit "ticks": the invariant TSC / cntvct */
	TIMER_NS,	/* unit "ns": CLOCK_MONOTONIC_RAW */
	TIMER_CYCLES,	/* unit "cycles": perf_event_open core cycles */
};

/* An open perf event, readable in user space (rdpmc) or by read(2). */
struct perf_counter {
	int	 fd;		/* -1 when closed */
	void	*page;		/* the mapped struct perf_event_mmap_page, or NULL */
	size_t	 page_len;
	int	 rdpmc;		/* 1 when the page allows rdpmc */
};

struct timer_info {
	enum timer_kind kind;
	const char	*name;		/* "perf-rdpmc", "perf-read", "tsc", "cntvct", "clock_gettime" */
	const char	*unit;		/* "cycles", "ticks" or "ns" */
	const char	*requested;	/* what was asked for: "auto", "cycles", ... */
	char		 fallback[192];	/* why auto did not take a better timer, or "" */
	double		 hz;		/* units per second (for cycles: measured core clock) */
	double		 overhead;	/* units of an empty start/stop pair (median) */
	double		 resolution;	/* smallest nonzero difference seen */
	double		 est_core_hz;	/* dependent-add estimate of the core clock; 0 unknown */
	struct perf_counter perf;	/* TIMER_CYCLES only */
};

static inline uint64_t
timer_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__)
#define TIMER_HAVE_TICKS 1
static inline uint64_t
timer_ticks_start(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) :: "memory");
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t
timer_ticks_stop(void)
{
	uint32_t lo, hi, aux;

	__asm__ volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux)
	    :: "memory");
	return ((uint64_t)hi << 32) | lo;
}
#elif defined(__aarch64__)
#define TIMER_HAVE_TICKS 1
static inline uint64_t
timer_ticks_start(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v) :: "memory");
	return v;
}

static inline uint64_t
timer_ticks_stop(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) :: "memory");
	return v;
}
#else
#define TIMER_HAVE_TICKS 0
static inline uint64_t timer_ticks_start(void) { return timer_ns(); }
static inline uint64_t timer_ticks_stop(void) { return timer_ns(); }
#endif

/*
 * Choose a timer by name ("auto", "cycles", "tsc", "ns") and calibrate it.
 * Returns 0, or -1 with a one-line message in err when the timer is unknown
 * or unusable here. Also estimates the core clock (est_core_hz).
 */
int	timer_setup(const char *name, struct timer_info *ti, char *err,
	    size_t errlen);
/* Is name one of the timer names timer_setup accepts? */
int	timer_name_valid(const char *name);

/*
 * perf_event_open for this thread, user mode only, of an event (type and
 * config as in struct perf_event_attr), mapped for rdpmc where allowed.
 * Returns 0, or -1 with the reason in err. Exposed so the tests can drive
 * the machinery with a software event on machines without a cycle counter.
 */
int	perf_counter_open(struct perf_counter *pc, uint32_t type,
	    uint64_t config, char *err, size_t errlen);
/* The counter's current value: rdpmc when allowed, else read(2). */
uint64_t perf_counter_read(const struct perf_counter *pc);
void	perf_counter_close(struct perf_counter *pc);

/*
 * Estimate the core clock in Hz: the median rate of a chain of dependent
 * adds (one per cycle), timed with ti's clock when it is a time base, else
 * CLOCK_MONOTONIC_RAW. 0 where no such loop exists for the architecture.
 */
double	timer_est_core_hz(const struct timer_info *ti);

static inline uint64_t
timer_start(const struct timer_info *ti)
{
	if (ti->kind == TIMER_TSC)
		return timer_ticks_start();
	if (ti->kind == TIMER_CYCLES)
		return perf_counter_read(&ti->perf);
	return timer_ns();
}

static inline uint64_t
timer_stop(const struct timer_info *ti)
{
	if (ti->kind == TIMER_TSC)
		return timer_ticks_stop();
	if (ti->kind == TIMER_CYCLES)
		return perf_counter_read(&ti->perf);
	return timer_ns();
}

#endif
