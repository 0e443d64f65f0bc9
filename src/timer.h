/*
 * timer.h - the clocks a sample is timed with.
 *
 * TSC on x86-64: `lfence; rdtsc` before the measured region (earlier
 * instructions have completed, later ones have not started) and
 * `rdtscp; lfence` after it (the region has completed; nothing later starts
 * before the read). cntvct_el0 after isb on arm64. CLOCK_MONOTONIC_RAW
 * elsewhere, or on request.
 */
#ifndef CSUMBENCH_TIMER_H
#define CSUMBENCH_TIMER_H

#include <stdint.h>
#include <time.h>

enum timer_kind {
	TIMER_TSC,	/* unit "ticks": the invariant TSC / cntvct */
	TIMER_NS,	/* unit "ns": CLOCK_MONOTONIC_RAW */
};

struct timer_info {
	enum timer_kind kind;
	const char	*name;		/* "tsc", "cntvct", "clock_gettime" */
	const char	*unit;		/* "ticks" or "ns" */
	double		 hz;		/* units per second */
	double		 overhead;	/* units of an empty start/stop pair (median) */
	double		 resolution;	/* smallest nonzero difference seen */
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
 * Choose a timer by name ("auto", "tsc", "ns") and calibrate it. Returns 0,
 * or -1 with a message in err when the timer is unknown or unusable here.
 */
int	timer_setup(const char *name, struct timer_info *ti, char *err,
	    size_t errlen);

static inline uint64_t
timer_start(const struct timer_info *ti)
{
	return ti->kind == TIMER_TSC ? timer_ticks_start() : timer_ns();
}

static inline uint64_t
timer_stop(const struct timer_info *ti)
{
	return ti->kind == TIMER_TSC ? timer_ticks_stop() : timer_ns();
}

#endif
