/*
 * arena.c - the buffers every kernel call reads and writes (see arena.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arena.h"
#include "dist.h"
#include "rng.h"
#include "util.h"

#define ROUND_UP(x, a)	(((x) + (a) - 1) / (a) * (a))

/* Anonymous memory, or NULL with the reason in err. */
static void *
map_region(size_t len, char *err, size_t errlen)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED)
		return p;
	snprintf(err, errlen, "cannot map %zu bytes of buffer: %s", len,
	    strerror(errno));
	return NULL;
}

static void
fill_random(unsigned char *p, size_t n, uint64_t *seed)
{
	size_t i;
	uint64_t w;

	for (i = 0; i + 8 <= n; i += 8) {
		w = rng_next(seed);
		memcpy(p + i, &w, 8);
	}
	for (; i < n; i++)
		p[i] = (unsigned char)rng_next(seed);
}

size_t
arena_pool_bytes(int cache, size_t llc)
{
	size_t pool;

	/* A quarter of the LLC for each of source and destination: both
	 * together half of it, resident there, and far past the L2. */
	if (cache == CACHE_LLC)
		return (llc ? llc : ((size_t)32 << 20)) / 4;
	pool = 2 * (llc ? llc : ((size_t)32 << 20));
	return pool < ((size_t)16 << 20) ? ((size_t)16 << 20) : pool;
}

/* The largest offset of a point, and the distance between its cold slots. */
static size_t
point_off(const struct point *p)
{
	return p->pos.src_off > p->pos.dst_off ? p->pos.src_off :
	    p->pos.dst_off;
}

/* The most bytes one call of p reads or writes from either buffer. */
static size_t
point_span(const struct point *p)
{
	size_t n = p->dist != NULL ? p->dist->max : p->pos.size;

	return p->has_from && p->from_size > n ? p->from_size : n;
}

static size_t
slot_stride(const struct point *p, size_t page)
{
	size_t off = point_off(p);

	/*
	 * Slots are 64-byte aligned, so every slot keeps offsets below 64.
	 * An offset of 64 or more is about the position in the page (a page-
	 * crossing point), so then slots are page aligned and keep it.
	 */
	return ROUND_UP(point_span(p) + off + 64, off >= 64 ? page : 64);
}

/* The bytes each of the two maps needs: the most any point needs. */
static size_t
map_bytes(const struct point *pts, size_t npts, size_t llc, size_t page,
    int *cold)
{
	size_t i, need, max = 0;

	*cold = 0;
	for (i = 0; i < npts; i++) {
		const struct point *p = &pts[i];

		need = ROUND_UP(point_span(p) + point_off(p) + 64, page);
		if (p->pos.cache != CACHE_HOT) {
			size_t pool = arena_pool_bytes(p->pos.cache, llc);
			size_t st = slot_stride(p, page);

			/* At least two slots, and the pool. */
			need = st * 2 > pool ? st * 2 : pool;
			need = ROUND_UP(need + point_off(p) + 64, page);
			*cold = 1;
		}
		if (need > max)
			max = need;
	}
	/* Room for the destination's distance (dst_base: below a page). */
	return max + page;
}

int
arena_setup(struct arena *ar, const struct point *pts, size_t npts,
    size_t llc, uint64_t *seed, char *err, size_t errlen)
{
	size_t max, page = (size_t)sysconf(_SC_PAGESIZE);
	int cold;

	max = map_bytes(pts, npts, llc, page, &cold);
	memset(ar, 0, sizeof(*ar));
	ar->map_len = max;
	if ((ar->src_map = map_region(max, err, errlen)) == NULL)
		return -1;
	if ((ar->dst_map = map_region(max, err, errlen)) == NULL) {
		munmap(ar->src_map, max);
		ar->src_map = NULL;
		return -1;
	}
#ifdef MADV_HUGEPAGE
	/*
	 * A cold pool on small pages would add a TLB miss to nearly every
	 * call; the kernel's own buffers live in huge-page mappings, so ask
	 * for huge pages and make "cold" mean out of cache.
	 */
	if (cold)
		ar->hugepages = madvise(ar->src_map, max, MADV_HUGEPAGE) == 0 &&
		    madvise(ar->dst_map, max, MADV_HUGEPAGE) == 0;
#endif
	fill_random(ar->src_map, max, seed);
	fill_random(ar->dst_map, max, seed);
	return 0;
}

void
arena_free(struct arena *ar)
{
	munmap(ar->src_map, ar->map_len);
	munmap(ar->dst_map, ar->map_len);
}

/*
 * Where the destination's offset counts from: the one placement point.
 * Source and destination maps are page aligned; the destination's base
 * sits p->distance bytes into its map, so (dst - src) mod the page is
 * distance + dst_off - src_off. The distance matters because of 4K
 * aliasing: where the low 12 address bits of a load match those of an
 * earlier store still in flight, the core takes the load to depend on the
 * store (the memory disambiguation compares only those bits), so copies
 * whose destination sits a few bytes past the source in the page stall.
 * On Zen 4 a 64-byte memcpy at distance 0 ran 20 cycles per call slower in
 * some runs, and `rep movsb` on CPUs with FSRM is several times slower at
 * small distances (see csumbench(1), PLACEMENT).
 */
static size_t
dst_base(const struct point *p)
{
	return p->pos.distance;
}

void
arena_view(struct arena_view *b, const struct arena *ar,
    const struct point *p, size_t llc, uint64_t *seed)
{
	size_t i, page = (size_t)sysconf(_SC_PAGESIZE);

	memset(b, 0, sizeof(*b));
	b->src = ar->src_map + p->pos.src_off;
	b->dst = ar->dst_map + dst_base(p) + p->pos.dst_off;
	b->npool = 1;
	b->stride = 0;
	if (p->pos.cache != CACHE_HOT) {
		b->stride = slot_stride(p, page);
		b->npool = arena_pool_bytes(p->pos.cache, llc) / b->stride;
		if (b->npool < 2)
			b->npool = 2;
		while (b->npool > 2 && b->stride * b->npool + point_off(p) +
		    dst_base(p) + 64 > ar->map_len)
			b->npool--;
		/* A random visiting order of the slots (Fisher-Yates). */
		b->off = xcalloc(b->npool, sizeof(*b->off));
		for (i = 0; i < b->npool; i++)
			b->off[i] = i * b->stride;
		rng_shuffle(b->off, b->npool, seed);
	}
}

void
arena_view_hot(struct arena_view *eb, const struct arena_view *b)
{
	enum { NOFF = 256 };
	static size_t zeros[NOFF];

	*eb = *b;
	if (b->npool > 1) {
		/*
		 * In latency mode the loop loads the destination's first and
		 * last bytes, which a real kernel has just written (so they
		 * are in cache): the empty kernel's must be in cache too, or
		 * the floor would include a miss the kernel does not pay.
		 */
		eb->off = zeros;
		eb->npool = NOFF;
		eb->idx = 0;
	}
}

void
arena_view_free(struct arena_view *b)
{
	free(b->off);
	b->off = NULL;
}
