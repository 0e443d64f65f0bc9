/*
 * t_kobj.c - kernel objects: the built-in table, loading (good objects and
 * every kind of bad one), naming and selection, the facts and measured
 * thresholds reaching each object, exact fault recovery of loaded copy
 * kernels (C and assembler), and verify of loaded kernels, good and bad.
 *
 * The test objects are built by make check in tests/ (top_builddir from
 * the environment, else the current directory).
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../kernels/builtin.h"
#include "../src/engine/kfault.h"
#include "../kernels/linux_compat.h"
#include "../src/cli/cmd.h"
#include "../src/engine/kobj.h"
#include "../src/engine/kplace.h"
#include "../src/engine/select.h"
#include "../src/engine/verify.h"
#include "tap.h"

static char path[4096];
static char err[512];

/* ": message" after a test's description, when there is one. */
#define ERR(e)	((e)[0] != '\0' ? ": " : ""), (e)

/* The path of a file of the build tree. */
static const char *
obj(const char *rel)
{
	const char *top = getenv("top_builddir");

	snprintf(path, sizeof(path), "%s/%s", top != NULL ? top : ".", rel);
	return path;
}

/* select_load of a built object, with "=NAME" appended when name is set. */
static int
load(const char *rel, const char *name)
{
	char arg[4200];

	snprintf(arg, sizeof(arg), "%s%s%s", obj(rel), name ? "=" : "",
	    name ? name : "");
	err[0] = '\0';
	return select_load(arg, err, sizeof(err)) != NULL ? 0 : -1;
}

static int
contains(const char *s, const char *sub)
{
	return strstr(s, sub) != NULL;
}

/*
 * Does copy kernel f copy exactly the accessible bytes and return exactly
 * the rest, when src (dst when on_dst) ends k bytes before a PROT_NONE
 * page, for k = 0..130, n = k + 1..70, and the other buffer at offsets
 * 0..7? Bytes of dst past the fault must stay untouched.
 */
static int
fault_exact(kfn_copy f, int on_dst, char *why, size_t whylen)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), k, n, a, i, r;
	unsigned char *m, *edge, *s, *d;
	int ok = 1;

	m = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || mprotect(m + 2 * pg, pg, PROT_NONE) != 0) {
		snprintf(why, whylen, "cannot map guard pages");
		return 0;
	}
	edge = m + 2 * pg;
	for (k = 0; ok && k <= 130; k++)
		for (n = k + 1; ok && n <= k + 70; n += 23)
			for (a = 0; ok && a < 8; a++) {
				s = on_dst ? m + a : edge - k;
				d = on_dst ? edge - k : m + 512 + a;
				for (i = 0; i < (on_dst ? n : k); i++)
					s[i] = (unsigned char)(i * 7 + 1);
				memset(d, 0xee, on_dst ? k : n + 8);
				r = f(d, s, n);
				for (i = 0; i < k && d[i] == s[i]; i++)
					;
				if (i == k && !on_dst)
					for (; i < n + 8 && d[i] == 0xee; i++)
						;
				if (r != n - k || i < (on_dst ? k : n + 8)) {
					snprintf(why, whylen, "%s faults after "
					    "%zu of %zu bytes (offset %zu): "
					    "returned %zu, byte %zu wrong",
					    on_dst ? "dst" : "src", k, n, a, r,
					    i);
					ok = 0;
				}
			}
	munmap(m, 3 * pg);
	if (ok)
		snprintf(why, whylen, "exact at every fault point");
	return ok;
}

/* Verify kernels matching pattern; the report goes to out (a buffer). */
static int
verify_pattern(const char *pattern, char *out, size_t outlen)
{
	struct verify_opts o = { .seed = 1, .max_report = 3, .jobs = 2 };
	struct selection sel;
	FILE *fp = tmpfile();
	size_t len;
	int failed;

	out[0] = '\0';
	if (fp == NULL || select_kernels(NULL, pattern, 0, &sel, err,
	    sizeof(err)) != 0)
		return -1;
	failed = verify_run(sel.k, sel.n, &o, fp, err, sizeof(err));
	select_free(&sel);
	rewind(fp);
	len = fread(out, 1, outlen - 1, fp);
	out[len] = '\0';
	fclose(fp);
	return failed;
}

static void
test_builtin(void)
{
	struct ktuned t[2] = { { "memcpy_nt", 12345 }, { "other", 1 } };
	const struct kernel *k;
	size_t n, l3 = ctx.cpu.l3 ? ctx.cpu.l3 : (size_t)8 << 20;

	err[0] = '\0';
	tap_ok(kobj_check(&csumbench_kernel_table, select_have(), "built-in",
	    err, sizeof(err)) == 0, "the built-in table is well formed%s%s",
	    ERR(err));
	select_all(&n);
	tap_ok(n == csumbench_kernel_table.nkernels,
	    "the list holds the %zu built-in kernels", n);
	k = select_reference(K_CSUM);
	tap_ok(k != NULL && strcmp(k->name, "csum.ref") == 0,
	    "the csum reference is the built-in csum.ref");
	tap_ok(ktune.memcpy_nt == l3 * 3 / 4 && ktune.have == select_have(),
	    "the built-in init hook got the facts: memcpy_nt %zu = 3/4 of "
	    "L3", ktune.memcpy_nt);
	tap_ok(select_tune(t, 2, err, sizeof(err)) == 0 &&
	    ktune.memcpy_nt == 12345 && ktune.memset_nt == l3 * 3 / 4,
	    "a measured threshold overrides the computed one, and only it");
	select_tune(NULL, 0, err, sizeof(err));
	tap_ok(ktune.memcpy_nt == l3 * 3 / 4, "and goes away with the tuning");
}

static void
test_load_ok(void)
{
	const struct kernel *k;
	struct selection sel;
	struct ktuned probe = { "kobj_ok_probe", 42 };
	uint64_t *have;
	size_t *seen, n, before = kfault_table_size();
	void *h;

	tap_ok(load("tests/kobj_ok.so", NULL) == 0, "kobj_ok.so loads%s%s",
	    ERR(err));
	k = select_by_name("kobj_ok:csum.words32");
	tap_ok(k != NULL && k->family == K_CSUM,
	    "its kernels are named after the file's stem: kobj_ok:csum.words32");
	n = select_kernels(NULL, "kobj_ok:*", 0, &sel, err, sizeof(err)) == 0 ?
	    sel.n : 0;
	tap_ok(n == 4, "-k 'kobj_ok:*' selects its four kernels (%zu)", n);
	select_free(&sel);
	tap_ok(select_kernels("copy", "kobj_ok:*", 0, &sel, err,
	    sizeof(err)) == 0 && sel.n == 1 &&
	    strcmp(sel.k[0]->name, "kobj_ok:copy.words") == 0,
	    "-f copy -k 'kobj_ok:*' selects its copy kernel");
	select_free(&sel);
	tap_ok(kfault_table_size() > before, "its exception table is "
	    "registered (%zu entries, %zu before)", kfault_table_size(),
	    before);
	h = dlopen(obj("tests/kobj_ok.so"), RTLD_NOW | RTLD_LOCAL);
	have = h ? dlsym(h, "kobj_ok_have") : NULL;
	seen = h ? dlsym(h, "kobj_ok_probe") : NULL;
	tap_ok(have != NULL && *have == select_have(),
	    "its init hook saw this process's features");
	tap_ok(select_tune(&probe, 1, err, sizeof(err)) == 0 && seen != NULL &&
	    *seen == 42, "a measured threshold reaches it by name");
	select_tune(NULL, 0, err, sizeof(err));
	if (h != NULL)
		dlclose(h);
	tap_ok(load("tests/kobj_ok.so", "second") == 0 &&
	    select_by_name("second:copy.words") != NULL,
	    "FILE=NAME loads it again under another name");
	tap_ok(load("tests/kobj_ok.so", NULL) != 0 &&
	    contains(err, "\"kobj_ok\" is taken"),
	    "the same NAME twice is refused: %s", err);
}

static void
test_load_bad(void)
{
	size_t n0, n1;

	select_all(&n0);
	tap_ok(load("tests/kobj_abi.so", NULL) != 0 &&
	    contains(err, "kernel ABI version 2") &&
	    contains(err, "loads version 1"),
	    "another ABI version is refused: %s", err);
	tap_ok(load("tests/kobj_notable.so", NULL) != 0 &&
	    contains(err, "not a csumbench kernel object"),
	    "an object without a table is refused: %s", err);
	tap_ok(load("tests/kobj_dup.so", NULL) != 0 &&
	    contains(err, "two kernels are named memcpy.same"),
	    "duplicate kernel names are refused: %s", err);
	tap_ok(load("tests/kobj_refuse.so", NULL) != 0 &&
	    contains(err, "refused to start (returned 7)"),
	    "an init hook's refusal is reported: %s", err);
	tap_ok(load("tests/kobj_crash.so", NULL) != 0 &&
	    contains(err, "kobj_crash.so: its init hook crashed") &&
	    strchr(err, '\n') == NULL,
	    "an init hook that crashes is refused, not fatal: %s", err);
	tap_ok(load("tests/kobj_overrun.so", NULL) != 0 &&
	    contains(err, "kobj_overrun.so: reading its kernel table "
	    "(1000 kernels claimed) crashed"),
	    "a table that claims more kernels than it holds is refused: %s",
	    err);
	if (select_have() & CPU_FAULTS)
		tap_ok(load("tests/kobj_nofault.so", NULL) != 0 &&
		    contains(err, "no exception table"), "a copy kernel "
		    "needing CPU_FAULTS without table entries is refused: %s",
		    err);
	else
		tap_skip("no fault recovery here: copy kernels unavailable");
	tap_ok(load("tests/no_such_object.so", NULL) != 0 &&
	    contains(err, "cannot load") && strchr(err, '\n') == NULL,
	    "a missing file: one line: %s", err);
	tap_ok(load("tests/kobj_ok.so", "bad name") != 0 &&
	    contains(err, "cannot load"),
	    "text after '=' that is no NAME is part of the file name: %s",
	    err);
	select_all(&n1);
	tap_ok(n1 == n0, "no refused object left a kernel in the list");
	tap_ok(kobj_name_ok("old") && kobj_name_ok("build-2_a") &&
	    !kobj_name_ok("") && !kobj_name_ok("a:b") &&
	    !kobj_name_ok("a.b") && !kobj_name_ok("a*"),
	    "NAMEs are letters, digits, '_' and '-'");
}

static void
test_faults(void)
{
	const struct kernel *k;
	char why[200];

	k = select_by_name("kobj_ok:copy.words");
	tap_ok(k != NULL && fault_exact(k->fn.copy, 0, why, sizeof(why)),
	    "loaded C copy kernel, src faults: %s", why);
	tap_ok(k != NULL && fault_exact(k->fn.copy, 1, why, sizeof(why)),
	    "loaded C copy kernel, dst faults: %s", why);
	tap_ok(load("tests/kobj_wrong.so", "wrong") == 0 &&
	    (k = select_by_name("wrong:copy.wordfault")) != NULL &&
	    !fault_exact(k->fn.copy, 0, why, sizeof(why)),
	    "a copy kernel that loses a faulting word's bytes fails: %s", why);
	tap_ok(load("csumbench-kernels.so", "faults") == 0 &&
	    (k = select_by_name("faults:copy.unaligned")) != NULL &&
	    fault_exact(k->fn.copy, 0, why, sizeof(why)) &&
	    fault_exact(k->fn.copy, 1, why, sizeof(why)),
	    "csumbench-kernels.so's copy.unaligned, src and dst faults: %s",
	    why);
#if defined(__x86_64__)
	tap_ok(load("tests/kobj_asm.so", NULL) == 0, "an object with an "
	    "assembler kernel loads%s%s", ERR(err));
	k = select_by_name("kobj_asm:copy.asm_erms");
	if (k == NULL || (k->needs & ~select_have()) != 0) {
		tap_skip("copy.asm_erms needs ERMS and fault recovery");
		tap_skip("copy.asm_erms needs ERMS and fault recovery");
		return;
	}
	tap_ok(fault_exact(k->fn.copy, 0, why, sizeof(why)),
	    "loaded assembler copy kernel, src faults: %s", why);
	tap_ok(fault_exact(k->fn.copy, 1, why, sizeof(why)),
	    "loaded assembler copy kernel, dst faults: %s", why);
#endif
}

static void
test_verify(void)
{
	static char out[8192];
	int failed;

	failed = verify_pattern("kobj_ok:*", out, sizeof(out));
	tap_ok(failed == 0, "verify passes kobj_ok's kernels, fault tests "
	    "and all");
	tap_ok(load("tests/my_csum.so", NULL) == 0 &&
	    verify_pattern("my_csum:*", out, sizeof(out)) == 0,
	    "the shipped example loads and verifies%s%s", ERR(err));
	/* (Its copy kernel is left to fault_exact: a copy verify is slow.) */
	tap_ok(load("tests/kobj_wrong.so", NULL) == 0, "kobj_wrong.so loads");
	failed = verify_pattern("kobj_wrong:csum.*,kobj_wrong:memcpy.*", out,
	    sizeof(out));
	tap_ok(failed == 2, "verify fails its wrong csum and memcpy kernels "
	    "(%d)", failed);
	tap_ok(contains(out, "kobj_wrong:csum.oddbug") &&
	    contains(out, "size 1 src+0"), "with the failing case");
	tap_ok(contains(out, "kobj_wrong:memcpy.crash") &&
	    contains(out, "at size 100 "),
	    "a loaded kernel that crashes is reported with its case");
	tap_ok(load("csumbench-kernels.so", "built") == 0 &&
	    verify_pattern("built:csum.generic64", out, sizeof(out)) == 0,
	    "csumbench-kernels.so loads; its csum.generic64 verifies%s%s",
	    ERR(err));
}

/*
 * Copies of a loaded object at chosen offsets (kplace.h): every kernel of
 * a copy lies at the offset asked for (the object's kernels start a 4 KiB
 * boundary: configure's -falign-functions=4096), runs from the copy, and
 * computes what the original does, faults recovered; copies of one object
 * at one offset lie apart. A shift that is not a multiple of 64 bytes is
 * refused.
 */
static void
test_move(void)
{
	static char out[8192];
	const struct kobj *o, *r;
	const struct kernel *k, *orig;
	char note[256], why[200];
	size_t i, bad = 0, outside = 0, shift = 64 * 27;
	uintptr_t lo, hi;

	tap_ok(load("csumbench-kernels.so", "mv") == 0 &&
	    (o = select_object("mv")) != NULL && kobj_unaligned(o) == 0,
	    "csumbench-kernels.so: every kernel of its own starts a 4 KiB "
	    "boundary%s%s", ERR(err));
	orig = select_by_name("mv:csum.generic64");
	tap_ok(orig != NULL && select_move("mv", shift, 3, err,
	    sizeof(err)) == 0, "the object's code moves by %zu bytes%s%s",
	    shift, ERR(err));
	o = select_object("mv");
	lo = (uintptr_t)o->place.map;
	hi = lo + o->place.len;
	for (i = 0; o->place.map != NULL && i < o->n; i++) {
		uintptr_t f = (uintptr_t)o->kernels[i].fn.any;

		if (f < lo || f >= hi)
			outside++;	/* libc's own (memcpy.libc) */
		else if (kplace_offset((const void *)f) != shift)
			bad++;
	}
	tap_ok(o->place.map != NULL && bad == 0 && outside <= 3 &&
	    o->shift == shift, "every moved kernel lies at offset %zu, in the "
	    "copy (%zu not, %zu outside it)", shift, bad, outside);
	tap_ok(verify_pattern("mv:csum.*,mv:memcpy.*", out, sizeof(out)) == 0,
	    "the moved csum and memcpy kernels verify");
	k = select_by_name("mv:copy.unaligned");
	tap_ok(k != NULL && fault_exact(k->fn.copy, 0, why, sizeof(why)) &&
	    fault_exact(k->fn.copy, 1, why, sizeof(why)),
	    "the moved copy.unaligned recovers its faults exactly: %s", why);
	r = select_replicate("mv", 2, shift, 17, note, sizeof(note), err,
	    sizeof(err));
	tap_ok(r != NULL && r->place.map != NULL && note[0] == '\0' &&
	    r->shift == shift && (k = select_by_name("mv.2:csum.generic64"))
	    != NULL && k->fn.any != o->kernels[0].fn.any &&
	    kplace_offset((const void *)(uintptr_t)k->fn.any) == shift,
	    "a replica at the same offset lies elsewhere, at that offset%s%s",
	    ERR(err));
	tap_ok(verify_pattern("mv.2:csum.generic64", out, sizeof(out)) == 0,
	    "the replica's csum.generic64 verifies");
	tap_ok(select_move("mv", 100, 0, err, sizeof(err)) != 0 &&
	    contains(err, "64"), "a shift of 100 bytes is refused: %s", err);
}

/* The Linux helpers keep their Linux meaning. */
static void
test_linux_compat(void)
{
	tap_ok((__force u16)csum_fold((__force __wsum)0) == 0xffff &&
	    (__force u16)csum_fold((__force __wsum)0x0001fffe) == 0x0000 &&
	    (__force u16)csum_fold((__force __wsum)0x12345678) ==
	    (0xffff ^ 0x68ac),
	    "csum_fold folds and complements");
	tap_ok((__force u32)csum_add((__force __wsum)0xffffffff,
	    (__force __wsum)1) == 1 &&
	    (__force u32)csum_sub((__force __wsum)5, (__force __wsum)5) ==
	    0xffffffff && (__force u32)csum_unfold((__force __sum16)0xabcd) ==
	    0xabcd, "csum_add carries end-around; csum_sub; csum_unfold");
	tap_ok(ror32(1, 1) == 0x80000000u && rol32(0x80000000u, 1) == 1 &&
	    ror32(0x12345678, 0) == 0x12345678 && sizeof(u64) == 8 &&
	    sizeof(__sum16) == 2, "rotations and types");
	tap_ok(ror64(1, 1) == (u64)1 << 63 && rol64((u64)1 << 63, 1) == 1 &&
	    ror64(0x0123456789abcdefull, 32) == 0x89abcdef01234567ull &&
	    rol64(5, 0) == 5 && ror16(1, 1) == 0x8000 && rol16(0x8000, 1) == 1,
	    "64- and 16-bit rotations");
#if defined(__LITTLE_ENDIAN) && !defined(__BIG_ENDIAN)
	tap_ok(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "__LITTLE_ENDIAN "
	    "alone, as the compiler says, <stdlib.h> included before");
#elif defined(__BIG_ENDIAN) && !defined(__LITTLE_ENDIAN)
	tap_ok(__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__, "__BIG_ENDIAN alone, "
	    "as the compiler says, <stdlib.h> included before");
#else
	tap_ok(0, "exactly one of __LITTLE_ENDIAN and __BIG_ENDIAN");
#endif
}

/*
 * load_unaligned_zeropad: the word at any address, and at the end of a
 * page followed by one that cannot be read, the bytes of the page and
 * zeros (through fault recovery, not a crash).
 */
static void
test_zeropad(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	unsigned char *p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long got, want;
	int i, good = 1;

	if (!tap_ok(p != MAP_FAILED, "two pages for load_unaligned_zeropad"))
		return;
	for (i = 0; i < 2 * pg; i++)
		p[i] = (unsigned char)(i * 7 + 1);
	for (i = 0; i < 64; i++) {
		memcpy(&want, p + pg - 32 + i, sizeof(want));
		good &= load_unaligned_zeropad(p + pg - 32 + i) == want;
	}
	tap_ok(good, "load_unaligned_zeropad reads any word, across a page "
	    "boundary too");
	mprotect(p + pg, pg, PROT_NONE);
	want = 0;
	memcpy(&want, p + pg - 3, 3);
	got = load_unaligned_zeropad(p + pg - 3);
	tap_ok(!(ctx.cpu.have & CPU_FAULTS) || got == want, "... and at a "
	    "page's end before an unreadable page, zeros past it (%lx, %lx)",
	    got, want);
	munmap(p, 2 * pg);
}

int
main(void)
{
	size_t n, before;

	ctx_cpu();
	before = kfault_table_size();
	test_builtin();
	test_linux_compat();
	test_zeropad();
	test_load_ok();
	test_load_bad();
	test_faults();
	test_verify();
	test_move();
	select_unload();
	select_all(&n);
	tap_ok(n == csumbench_kernel_table.nkernels &&
	    kfault_table_size() == before && select_by_name("kobj_ok:copy.words")
	    == NULL, "unloading leaves the built-in kernels and their table");
	return tap_done();
}
