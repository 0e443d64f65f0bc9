/*
 * guard.c - buffers fenced by PROT_NONE pages.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "guard.h"
#include "util.h"

void
guard_alloc(struct guard *g, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (len + page - 1) / page * page;

	if (data == 0)
		data = page;
	g->page = page;
	g->map_len = data + 2 * page;
	g->map = mmap(NULL, g->map_len, PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		fatal(EXIT_USAGE, "cannot map %zu bytes for guarded buffers",
		    g->map_len);
	g->start = g->map + page;
	g->end = g->start + data;
	if (mprotect(g->start, data, PROT_READ | PROT_WRITE) != 0)
		fatal(EXIT_USAGE, "mprotect failed");
}

void
guard_free(struct guard *g)
{
	munmap(g->map, g->map_len);
	memset(g, 0, sizeof(*g));
}

void
guard_readonly(struct guard *g, int ro)
{
	if (mprotect(g->start, (size_t)(g->end - g->start),
	    ro ? PROT_READ : PROT_READ | PROT_WRITE) != 0)
		fatal(EXIT_USAGE, "mprotect failed");
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
