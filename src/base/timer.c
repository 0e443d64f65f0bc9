/*
 * timer.c - timer selection and calibration; perf cycle counters; the
 * dependent-add estimate of the core clock.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#endif

#include "stats.h"
#include "timer.h"

/* Ticks per second, measured against CLOCK_MONOTONIC_RAW over ~20 ms. */
static double
calibrate_hz(const struct timer_info *ti)
{
	double best[3];
	int i;

	for (i = 0; i < 3; i++) {
		uint64_t n0, n1, t0, t1;

		n0 = timer_ns();
		t0 = timer_start(ti);
		do {
			n1 = timer_ns();
		} while (n1 - n0 < 20 * 1000 * 1000);
		t1 = timer_stop(ti);
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

/* ---- perf_event_open ------------------------------------------------ */

#if defined(__linux__) && defined(SYS_perf_event_open)
int
perf_counter_open(struct perf_counter *pc, uint32_t type, uint64_t config,
    char *err, size_t errlen)
{
	struct perf_event_attr pe;
	long page = sysconf(_SC_PAGESIZE);
	void *p;

	memset(pc, 0, sizeof(*pc));
	pc->fd = -1;
	memset(&pe, 0, sizeof(pe));
	pe.type = type;
	pe.size = sizeof(pe);
	pe.config = config;
	/*
	 * User mode only: the kernels under test run there, interrupts taken
	 * during a sample are not charged to it, and perf_event_paranoid 2
	 * (a common default) allows it. Pinned: never multiplexed away.
	 */
	pe.exclude_kernel = 1;
	pe.exclude_hv = 1;
	pe.pinned = 1;
	pc->fd = (int)syscall(SYS_perf_event_open, &pe, 0, -1, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (pc->fd < 0) {
		int e = errno;

		snprintf(err, errlen, "perf_event_open: %s%s", strerror(e),
		    e == ENOENT || e == EOPNOTSUPP ?
		    " (no such counter on this machine, as in many VMs)" :
		    e == EACCES || e == EPERM ?
		    " (see /proc/sys/kernel/perf_event_paranoid)" : "");
		pc->fd = -1;
		return -1;
	}
	p = mmap(NULL, (size_t)page, PROT_READ, MAP_SHARED, pc->fd, 0);
	if (p != MAP_FAILED) {
		const struct perf_event_mmap_page *mp = p;

		pc->page = p;
		pc->page_len = (size_t)page;
#if defined(__x86_64__)
		pc->rdpmc = mp->cap_user_rdpmc && mp->index != 0;
#else
		(void)mp;
#endif
	}
	/* A first read proves the event counts for us. */
	{
		uint64_t v;

		if (read(pc->fd, &v, sizeof(v)) != (ssize_t)sizeof(v)) {
			snprintf(err, errlen, "perf event cannot be read: %s",
			    strerror(errno));
			perf_counter_close(pc);
			return -1;
		}
	}
	return 0;
}

static uint64_t
perf_read_syscall(const struct perf_counter *pc)
{
	uint64_t v = 0;

	if (read(pc->fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v;
}

uint64_t
perf_counter_read(const struct perf_counter *pc)
{
#if defined(__x86_64__)
	if (pc->rdpmc) {
		const volatile struct perf_event_mmap_page *mp = pc->page;
		uint32_t seq, idx, lo, hi;
		uint64_t count;
		int64_t pmc;
		unsigned width;

		/*
		 * The page's seqlock: retry if the kernel updated index or
		 * offset (e.g. rescheduled the event) while we read.
		 */
		do {
			seq = mp->lock;
			__asm__ volatile("" ::: "memory");
			idx = mp->index;
			count = (uint64_t)mp->offset;
			if (idx == 0 || !mp->cap_user_rdpmc)
				return perf_read_syscall(pc);
			width = mp->pmc_width;
			if (width == 0 || width > 64)
				return perf_read_syscall(pc);
			__asm__ volatile("lfence\n\trdpmc\n\tlfence"
			    : "=a"(lo), "=d"(hi) : "c"(idx - 1) : "memory");
			/* Sign-extend the counter's width. */
			pmc = (int64_t)(((uint64_t)hi << 32) | lo);
			pmc = (int64_t)((uint64_t)pmc << (64 - width)) >>
			    (64 - width);
			count += (uint64_t)pmc;
			__asm__ volatile("" ::: "memory");
		} while (mp->lock != seq);
		return count;
	}
#endif
	return perf_read_syscall(pc);
}

void
perf_counter_close(struct perf_counter *pc)
{
	if (pc->page != NULL)
		munmap(pc->page, pc->page_len);
	if (pc->fd >= 0)
		close(pc->fd);
	pc->page = NULL;
	pc->fd = -1;
	pc->rdpmc = 0;
}

static int
setup_cycles(struct timer_info *ti, char *err, size_t errlen)
{
	if (perf_counter_open(&ti->perf, PERF_TYPE_HARDWARE,
	    PERF_COUNT_HW_CPU_CYCLES, err, errlen) != 0)
		return -1;
	ti->kind = TIMER_CYCLES;
	ti->name = ti->perf.rdpmc ? "perf-rdpmc" : "perf-read";
	ti->unit = "cycles";
	ti->hz = calibrate_hz(ti);
	/* A counter that does not move (some VMs) is no counter. */
	if (!(ti->hz > 1e6)) {
		snprintf(err, errlen, "perf cycle counter does not count "
		    "(%.0f per second)", ti->hz);
		perf_counter_close(&ti->perf);
		return -1;
	}
	return 0;
}
#else
int
perf_counter_open(struct perf_counter *pc, uint32_t type, uint64_t config,
    char *err, size_t errlen)
{
	(void)type;
	(void)config;
	memset(pc, 0, sizeof(*pc));
	pc->fd = -1;
	snprintf(err, errlen, "perf_event_open is not available on this OS");
	return -1;
}

uint64_t
perf_counter_read(const struct perf_counter *pc)
{
	(void)pc;
	return 0;
}

void
perf_counter_close(struct perf_counter *pc)
{
	pc->fd = -1;
}

static int
setup_cycles(struct timer_info *ti, char *err, size_t errlen)
{
	(void)ti;
	snprintf(err, errlen, "perf_event_open is not available on this OS");
	return -1;
}
#endif

/* ---- the dependent-add estimate of the core clock --------------------- */

#define ADDS_PER_ITER	100

#if defined(__x86_64__) || defined(__aarch64__)
/* iters x ADDS_PER_ITER adds, each depending on the last: one per cycle. */
static uint64_t
add_chain(uint64_t iters)
{
	uint64_t x = 0;

#if defined(__x86_64__)
	__asm__ volatile(
	    "1:\n\t"
	    ".rept 100\n\t"
	    "add $1, %0\n\t"
	    ".endr\n\t"
	    "dec %1\n\t"
	    "jnz 1b"
	    : "+r"(x), "+r"(iters) :: "cc");
#else
	__asm__ volatile(
	    "1:\n\t"
	    ".rept 100\n\t"
	    "add %0, %0, #1\n\t"
	    ".endr\n\t"
	    "subs %1, %1, #1\n\t"
	    "b.ne 1b"
	    : "+r"(x), "+r"(iters) :: "cc");
#endif
	return x;
}

double
timer_est_core_hz(const struct timer_info *ti)
{
	enum { RUNS = 21, ITERS = 2000 };	/* 200k cycles, ~0.05-0.1 ms a run */
	double rate[RUNS];
	int i, timebase = ti->kind != TIMER_CYCLES && ti->hz > 0;
	volatile uint64_t sink = 0;

	/* Warm up: leave idle states, fault the code in. */
	for (i = 0; i < 50; i++)
		sink += add_chain(ITERS);
	for (i = 0; i < RUNS; i++) {
		uint64_t t0, t1;
		double sec;

		t0 = timebase ? timer_start(ti) : timer_ns();
		sink += add_chain(ITERS);
		t1 = timebase ? timer_stop(ti) : timer_ns();
		sec = timebase ? (double)(t1 - t0) / ti->hz :
		    (double)(t1 - t0) / 1e9;
		rate[i] = sec > 0 ? (double)ITERS * ADDS_PER_ITER / sec : 0;
	}
	(void)sink;
	/*
	 * The median: a run the host interrupts is slow, and fewer than half
	 * of 21 short runs are.
	 */
	return stats_median(rate, RUNS);
}
#else
double
timer_est_core_hz(const struct timer_info *ti)
{
	(void)ti;
	return 0;
}
#endif

/* ---- selection --------------------------------------------------------- */

int
timer_name_valid(const char *name)
{
	return strcmp(name, "auto") == 0 || strcmp(name, "cycles") == 0 ||
	    strcmp(name, "tsc") == 0 || strcmp(name, "ns") == 0;
}

static int
setup_ticks(struct timer_info *ti)
{
	if (!TIMER_HAVE_TICKS)
		return -1;
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
	ti->hz = calibrate_hz(ti);
#endif
	ti->unit = "ticks";
	return 0;
}

int
timer_setup(const char *name, struct timer_info *ti, char *err, size_t errlen)
{
	char why[160];

	memset(ti, 0, sizeof(*ti));
	ti->perf.fd = -1;
	if (name == NULL)
		name = "auto";
	if (!timer_name_valid(name)) {
		snprintf(err, errlen,
		    "--timer: unknown timer \"%s\" (expected auto, cycles, tsc "
		    "or ns)", name);
		return -1;
	}
	ti->requested = strcmp(name, "auto") == 0 ? "auto" :
	    strcmp(name, "cycles") == 0 ? "cycles" :
	    strcmp(name, "tsc") == 0 ? "tsc" : "ns";
	why[0] = '\0';
	if (strcmp(name, "cycles") == 0 || strcmp(name, "auto") == 0) {
		if (setup_cycles(ti, why, sizeof(why)) == 0)
			goto done;
		if (strcmp(name, "cycles") == 0) {
			snprintf(err, errlen, "--timer cycles: %s", why);
			return -1;
		}
		snprintf(ti->fallback, sizeof(ti->fallback),
		    "cycles unavailable: %s", why);
	}
	if (strcmp(name, "tsc") == 0 || strcmp(name, "auto") == 0) {
		if (setup_ticks(ti) == 0)
			goto done;
		if (strcmp(name, "tsc") == 0) {
			snprintf(err, errlen,
			    "--timer tsc: not available on this architecture");
			return -1;
		}
		snprintf(ti->fallback + strlen(ti->fallback),
		    sizeof(ti->fallback) - strlen(ti->fallback),
		    "%sno tick counter on this architecture",
		    ti->fallback[0] ? "; " : "");
	}
	ti->kind = TIMER_NS;
	ti->name = "clock_gettime";
	ti->unit = "ns";
	ti->hz = 1e9;
done:
	calibrate_overhead(ti);
	ti->est_core_hz = timer_est_core_hz(ti);
	return 0;
}
