/*
 * t_grid.c - unit tests of src/grid.c: size and alignment specs, presets,
 * and one error message per kind of mistake.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/base/grid.h"
#include "tap.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Parse spec and compare with want[0..n-1]. */
static void
good(const char *spec, const size_t *want, size_t n)
{
	struct grid	 g;
	char		 err[256];
	size_t		 i;
	int		 ok;

	if (grid_parse(spec, &g, err, sizeof err) != 0) {
		tap_ok(0, "\"%s\" parses (%s)", spec, err);
		return;
	}
	ok = g.n == n;
	for (i = 0; ok && i < n; i++)
		ok = g.v[i] == want[i];
	if (!ok) {
		tap_diag("got %zu points:", g.n);
		for (i = 0; i < g.n && i < 80; i++)
			tap_diag("  %zu", g.v[i]);
	}
	tap_ok(ok, "\"%s\" gives %zu sizes", spec, n);
	grid_free(&g);
}

/* A size spec that must be refused with a message naming item. */
static void
bad(const char *spec, const char *item, const char *why)
{
	struct grid	 g;
	char		 err[256], quoted[128];
	int		 rc;

	memset(err, 0, sizeof err);
	snprintf(quoted, sizeof quoted, "\"%s\"", item);
	rc = grid_parse(spec, &g, err, sizeof err);
	tap_ok(rc == -1 && g.v == NULL && g.n == 0 &&
	    strncmp(err, "bad size spec ", 14) == 0 &&
	    strstr(err, quoted) != NULL && strchr(err, '\n') == NULL &&
	    strstr(err, why) != NULL,
	    "\"%s\" refused: %s", spec, err);
	if (rc == 0)
		grid_free(&g);
}

static void
test_good(void)
{
	const size_t	a[] = { 1, 2, 3 };
	const size_t	b[] = { 0 };
	const size_t	c[] = { 1024, 4096, 1048576, (size_t)1 << 30 };
	const size_t	d[] = { 5, 6, 7, 8 };
	const size_t	e[] = { 16, 32, 64, 128, 256, 512 };
	const size_t	f[] = { 3, 9, 27, 81 };
	const size_t	h[] = { 0, 16, 32, 48 };
	const size_t	i[] = { 0, 16, 32, 48, 64 };
	const size_t	j[] = { 7 };
	const size_t	k[] = { 1, 2, 4, 8, 9, 10, 16 };
	const size_t	l[] = { 4096, 8192, 12288, 16384 };
	const size_t	m[] = { 16, 64, 256, 1024, 1500, 4096, 16384 };
	const size_t	o[] = { 1, (size_t)1 << 30 };
	size_t		 big[31], n;

	good("1,2,3", a, N(a));
	good("3,1,2,3,2", a, N(a));
	good(" 1 ,\t2, 3 ", a, N(a));
	good("0", b, N(b));
	good("1K,4k,1M,1G", c, N(c));
	good("5-8", d, N(d));
	good("16-512:x2", e, N(e));
	good("16-1000:x2", e, N(e));
	good("3-100:x3", f, N(f));
	good("0-63:+16", h, N(h));
	good("0-64:+16", i, N(i));
	good("7-7", j, N(j));
	good("7-7:x2", j, N(j));
	good("1-16:x2,8-10", k, N(k));
	good("4K-16K:+4K", l, N(l));
	good("quick,1500,16", m, N(m));
	for (n = 0; n < 31; n++)
		big[n] = (size_t)1 << n;
	good("1-1G:x2", big, N(big));
	/* A step far beyond the range, and the largest size: no overflow. */
	good("1G-1G:+1G", &c[3], 1);
	good("2-1G:x1G", &a[1], 1);
	good("1-1G:x1G", o, N(o));
	{
		struct grid g;
		char	err[256];

		tap_ok(grid_parse("0-99999", &g, err, sizeof err) == 0 &&
		    g.n == GRID_MAX_POINTS && g.v[GRID_MAX_POINTS - 1] == 99999,
		    "exactly GRID_MAX_POINTS points are allowed");
		grid_free(&g);
		tap_ok(g.v == NULL && g.n == 0, "grid_free clears the grid");
	}
}

static void
test_bad(void)
{
	struct grid	 g;
	char		 err[256], tiny[8];

	/* empty items */
	bad("", "", "empty");
	bad("  ", "  ", "empty");
	bad("1,,2", "1,,2", "item 2 is empty");
	bad("1,", "1,", "item 2 is empty");
	bad(",1", ",1", "item 1 is empty");
	/* not numbers */
	bad("12x", "12x", "not a number");
	bad("1.5", "1.5", "not a number");
	bad("0x10", "0x10", "not a number");
	bad("1 2", "1 2", "not a number");
	bad("4KB", "4KB", "not a number");
	bad("-5", "-5", "missing range start");
	bad("5-", "5-", "missing range end");
	bad("1--2", "1--2", "range end \"-2\" is not a number");
	bad("1-2-3", "1-2-3", "not a number");
	bad("4,8,1-z", "1-z", "range end \"z\" is not a number");
	/* the example of the brief, verbatim */
	{
		grid_parse("16-8", &g, err, sizeof err);
		tap_ok(strcmp(err, "bad size spec \"16-8\": range end 8 is "
		    "below start 16") == 0, "message: %s", err);
	}
	bad("16K-8K", "16K-8K", "range end 8192 is below start 16384");
	/* steps */
	bad("1-8:+0", "1-8:+0", "step must be at least 1");
	bad("1-8:x1", "1-8:x1", "factor 1 is below 2");
	bad("1-8:x0", "1-8:x0", "factor 0 is below 2");
	bad("0-8:x2", "0-8:x2", "cannot start at 0");
	bad("1-8:y2", "1-8:y2", "unknown step");
	bad("1-8:", "1-8:", "missing step");
	bad("1-8:+", "1-8:+", "missing step");
	bad("1-8:x", "1-8:x", "missing factor");
	bad("8:x2", "8:x2", "needs a range");
	bad("1:2-8", "1:2-8", "needs a range");
	bad("1-8:+2:+2", "1-8:+2:+2", "not a number");
	/* overflow */
	bad("99999999999999999999999", "99999999999999999999999",
	    "too large");
	bad("99999999999G", "99999999999G", "too large");
	bad("1-99999999999999999999999", "1-99999999999999999999999",
	    "too large");
	bad("1-8:+99999999999999999999999", "1-8:+99999999999999999999999",
	    "too large");
	bad("1-8:x18446744073709551616", "1-8:x18446744073709551616",
	    "too large");
	/* beyond GRID_MAX_SIZE */
	bad("2G", "2G", "exceeds the maximum size 1073741824");
	bad("1073741825", "1073741825", "exceeds the maximum");
	bad("1-2G:x2", "1-2G:x2", "range end 2147483648 exceeds");
	bad("2G-3G", "2G-3G", "range start 2147483648 exceeds");
	/* too many points, in one item and across items */
	bad("0-100000", "0-100000", "100001 points");
	bad("0-1G", "0-1G", "more than 100000");
	bad("1,0-60000,60001-120000", "60001-120000", "more than 100000");
	/* unknown presets */
	bad("nosuch", "nosuch", "no such preset");
	bad("quick,bogus", "bogus", "no such preset");
	bad("Quick", "Quick", "no such preset");
	bad("aligned", "aligned", "no such preset");

	/* The message is truncated, never overflowed, and err may be NULL. */
	memset(tiny, 'X', sizeof tiny);
	tap_ok(grid_parse("16-8", &g, tiny, sizeof tiny) == -1 &&
	    tiny[7] == '\0' && strncmp(tiny, "bad siz", 7) == 0,
	    "a short buffer gets a truncated message");
	tap_ok(grid_parse("16-8", &g, NULL, 0) == -1, "err may be NULL");
	tap_ok(grid_parse(NULL, &g, err, sizeof err) == -1,
	    "a NULL spec is an empty one");
}

static void
test_presets(void)
{
	static const size_t quick[] = { 16, 64, 256, 1024, 4096, 16384 };
	static const size_t def[] = { 1, 2, 3, 4, 7, 8, 16, 20, 32, 40, 64,
	    128, 256, 512, 1024, 1500, 2048, 4096, 8192, 16384, 32768, 65536 };
	static const size_t bpf[] = { 4, 8, 16, 20, 32, 40, 64, 128, 256,
	    512 };
	static const size_t sparc[] = { 3, 7, 32, 128, 256, 512, 1024, 2048,
	    4096, 8192, 16384, 32768, 65536 };
	static const size_t packet[] = { 20, 40, 64, 128, 256, 576, 1500,
	    4096, 9000 };
	size_t		 small[65], pow2[21], large[11], i;
	const struct grid_preset *p;
	struct grid	 g;
	char		 err[256];
	int		 ok;

	for (i = 0; i < 65; i++)
		small[i] = i;
	for (i = 0; i < 21; i++)
		pow2[i] = (size_t)1 << i;
	for (i = 0; i < 11; i++)
		large[i] = (size_t)65536 << i;
	good("quick", quick, N(quick));
	good("default", def, N(def));
	good("bpf", bpf, N(bpf));
	good("sparc", sparc, N(sparc));
	good("small", small, N(small));
	good("pow2", pow2, N(pow2));
	good("packet", packet, N(packet));
	good("large", large, N(large));

	for (p = grid_presets, ok = 1, i = 0; p->name != NULL; p++, i++) {
		ok &= p->spec != NULL && p->about != NULL;
		if (grid_parse(p->spec, &g, err, sizeof err) != 0) {
			tap_diag("%s: %s", p->name, err);
			ok = 0;
		} else
			grid_free(&g);
	}
	tap_ok(ok && i == 8, "all 8 size presets have a spec and an about");
	for (p = grid_align_presets, ok = 1, i = 0; p->name != NULL; p++,
	    i++) {
		struct align_grid a;

		ok &= p->spec != NULL && p->about != NULL;
		if (grid_parse_align(p->spec, &a, err, sizeof err) != 0) {
			tap_diag("%s: %s", p->name, err);
			ok = 0;
		} else
			grid_free_align(&a);
	}
	tap_ok(ok && i == 5, "all 5 alignment presets have a spec and an "
	    "about");
}

/* Parse an alignment spec and compare with want (pairs src, dst). */
static void
agood(const char *spec, const size_t (*want)[2], size_t n)
{
	struct align_grid a;
	char		 err[256];
	size_t		 i;
	int		 ok;

	if (grid_parse_align(spec, &a, err, sizeof err) != 0) {
		tap_ok(0, "\"%s\" parses (%s)", spec, err);
		return;
	}
	ok = a.n == n;
	for (i = 0; ok && i < n; i++)
		ok = a.v[i].src == want[i][0] && a.v[i].dst == want[i][1];
	if (!ok) {
		tap_diag("got %zu pairs:", a.n);
		for (i = 0; i < a.n && i < 80; i++)
			tap_diag("  %zu/%zu", a.v[i].src, a.v[i].dst);
	}
	tap_ok(ok, "alignment \"%s\" gives %zu pairs", spec, n);
	grid_free_align(&a);
}

static void
abad(const char *spec, const char *item, const char *why)
{
	struct align_grid a;
	char		 err[256], quoted[128];
	int		 rc;

	memset(err, 0, sizeof err);
	snprintf(quoted, sizeof quoted, "\"%s\"", item);
	rc = grid_parse_align(spec, &a, err, sizeof err);
	tap_ok(rc == -1 && a.v == NULL && a.n == 0 &&
	    strncmp(err, "bad alignment spec ", 19) == 0 &&
	    strstr(err, quoted) != NULL && strchr(err, '\n') == NULL &&
	    strstr(err, why) != NULL,
	    "alignment \"%s\" refused: %s", spec, err);
	if (rc == 0)
		grid_free_align(&a);
}

/* The whole of a generated grid: n_src x n_dst, row-major. */
static void
aproduct(const char *spec, size_t s0, size_t s1, size_t d0, size_t d1)
{
	size_t	(*want)[2], n = 0, s, d;

	want = malloc((s1 - s0 + 1) * (d1 - d0 + 1) * sizeof *want);
	for (s = s0; s <= s1; s++)
		for (d = d0; d <= d1; d++) {
			want[n][0] = s;
			want[n][1] = d;
			n++;
		}
	agood(spec, (const size_t (*)[2])want, n);
	free(want);
}

static void
test_align(void)
{
	static const size_t one[][2] = { { 0, 0 } };
	static const size_t diag[][2] = { { 0, 0 }, { 1, 1 }, { 2, 2 },
	    { 3, 3 } };
	static const size_t prod[][2] = { { 1, 0 }, { 1, 1 }, { 2, 0 },
	    { 2, 1 } };
	static const size_t sorted[][2] = { { 1, 0 }, { 2, 0 } };
	static const size_t dedup[][2] = { { 0, 0 }, { 1, 1 } };
	static const size_t maxoff[][2] = { { 65536, 0 } };
	static const size_t unaligned[][2] = {
		{ 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 0, 5 }, { 0, 6 },
		{ 0, 7 }, { 1, 0 }, { 1, 2 }, { 2, 0 }, { 3, 0 }, { 3, 3 },
		{ 3, 5 }, { 4, 0 }, { 5, 0 }, { 6, 0 }, { 7, 0 }, { 7, 1 },
	};
	static const size_t u2[][2] = { { 0, 1 }, { 0, 2 }, { 1, 0 },
	    { 1, 1 }, { 2, 0 }, { 2, 2 } };
	struct align_grid a;
	char		 err[256];
	size_t		 i;
	int		 ok;

	agood("0", one, N(one));
	agood("0-3", diag, N(diag));
	agood("3,1,2,0,2", diag, N(diag));
	agood("1-2/0-1", prod, N(prod));
	agood(" 2 , 1 / 0 ", sorted, N(sorted));
	agood("1;1;0/0", dedup, N(dedup));
	agood("65536/0", maxoff, N(maxoff));
	agood("1-2/0;0/1-2;1-2", u2, N(u2));
	agood("aligned", one, N(one));
	agood(" unaligned ", unaligned, N(unaligned));
	aproduct("byte", 0, 7, 0, 7);
	aproduct("cacheline", 0, 63, 0, 0);
	aproduct("all64", 0, 63, 0, 63);
	aproduct("0-63:+1/0-63", 0, 63, 0, 63);

	/* Every preset: sorted by src then dst, no duplicates. */
	{
		const struct grid_preset *p;

		for (p = grid_align_presets, ok = 1; p->name != NULL; p++) {
			if (grid_parse_align(p->name, &a, err, sizeof err)) {
				ok = 0;
				continue;
			}
			for (i = 1; i < a.n; i++) {
				if (a.v[i - 1].src > a.v[i].src ||
				    (a.v[i - 1].src == a.v[i].src &&
				    a.v[i - 1].dst >= a.v[i].dst))
					ok = 0;
			}
			grid_free_align(&a);
		}
		tap_ok(ok, "alignment presets are strictly ordered by src, "
		    "dst");
	}

	abad("", "", "empty");
	abad("65537", "65537", "offset 65537 exceeds the maximum offset "
	    "65536");
	abad("0/65537", "65537", "exceeds the maximum");
	abad("0-70000/0", "0-70000", "range end 70000 exceeds");
	abad("1/2/3", "1/2/3", "more than one '/'");
	abad("/0", "/0", "missing source");
	abad("0/", "0/", "missing destination");
	abad("foo", "foo", "no such alignment preset");
	abad("quick", "quick", "no such alignment preset");
	abad("0-7/x", "x", "not a number");
	abad("aligned,1", "aligned", "not a number");
	abad("0;;1", "0;;1", "group 2 is empty");
	abad("1,,2/0", "1,,2", "item 2 is empty");
	abad("16-8/0", "16-8", "range end 8 is below start 16");
	abad("0-7:x2/0", "0-7:x2", "cannot start at 0");
	abad("0-1000/0-1000", "0-1000/0-1000", "more than 100000 pairs");
	abad("99999999999999999999999/0", "99999999999999999999999",
	    "too large");
}

/* Distributions and csum_diff shapes beside plain sizes. */
static void
test_kinds(void)
{
	struct grid	 g;
	char		 err[256];

	tap_ok(grid_parse("1500, imix ,64,imix,mix:20x7+556x4+1480", &g, err,
	    sizeof err) == 0 && g.n == 2 && g.v[0] == 64 && g.v[1] == 1500 &&
	    g.ndist == 2 && strcmp(g.dist[0].name, "imix") == 0 &&
	    strcmp(g.dist[1].name, "mix:20x7+556x4+1480") == 0 &&
	    g.dist[0].nbin == 3 && g.npair == 0,
	    "sizes and distributions: each distribution once, in order (%s)",
	    err);
	grid_free(&g);
	tap_ok(g.dist == NULL && g.ndist == 0 && g.pair == NULL,
	    "grid_free clears distributions and shapes");
	tap_ok(grid_parse("20/16,4/8,16/20,4/8,8/8,0/4", &g, err,
	    sizeof err) == 0 && g.n == 1 && g.v[0] == 8 && g.npair == 4 &&
	    g.pair[0].from == 0 && g.pair[0].to == 4 &&
	    g.pair[1].from == 4 && g.pair[1].to == 8 &&
	    g.pair[2].from == 20 && g.pair[2].to == 16 &&
	    g.pair[3].from == 16 && g.pair[3].to == 20,
	    "F/T shapes: sorted by to, then from; F/F is the size F (%s)", err);
	grid_free(&g);
	bad("4/x", "4/x", "to size \"x\" is not a number");
	bad("/4", "/4", "missing from size");
	bad("4/2G", "4/2G", "exceeds the maximum size");
	bad("64,mix:64x", "mix:64x", "weight \"\" is not a number");
	bad("@/nonexistent/file", "@/nonexistent/file",
	    "/nonexistent/file: No such file or directory");
	bad("pcap:", "pcap:", "no file name after ':'");
	{
		struct align_grid a;

		tap_ok(grid_parse_align("imix", &a, err, sizeof err) == -1 &&
		    strstr(err, "no such alignment preset") != NULL,
		    "no distribution in an alignment spec");
	}
}

int
main(void)
{
	test_good();
	test_bad();
	test_presets();
	test_align();
	test_kinds();
	return tap_done();
}
