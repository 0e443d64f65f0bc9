/*
 * guard.c - buffers fenced by PROT_NONE pages.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "guard.h"

int
guard_alloc(struct guard *g, size_t len, char *err, size_t errlen)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (len + page - 1) / page * page;

	memset(g, 0, sizeof(*g));
	if (data == 0)
		data = page;
	g->map = mmap(NULL, data + 2 * page, PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED) {
		g->map = NULL;
		snprintf(err, errlen, "cannot map %zu bytes for guarded "
		    "buffers: %s", data + 2 * page, strerror(errno));
		return -1;
	}
	g->page = page;
	g->map_len = data + 2 * page;
	g->start = g->map + page;
	g->end = g->start + data;
	return guard_readonly(g, 0, err, errlen);
}

void
guard_free(struct guard *g)
{
	if (g->map != NULL)
		munmap(g->map, g->map_len);
	memset(g, 0, sizeof(*g));
}

int
guard_readonly(struct guard *g, int ro, char *err, size_t errlen)
{
	if (mprotect(g->start, (size_t)(g->end - g->start),
	    ro ? PROT_READ : PROT_READ | PROT_WRITE) == 0)
		return 0;
	snprintf(err, errlen, "mprotect of a guarded buffer failed: %s",
	    strerror(errno));
	return -1;
}

unsigned char *
guard_near_end(const struct guard *g, size_t n, size_t off)
{
	uintptr_t e = (uintptr_t)g->end - n;
	uintptr_t p = (e & ~(uintptr_t)63) + (off & 63);

	if (p > e)
		p -= 64;
	return (unsigned char *)p;
}
