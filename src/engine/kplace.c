/*
 * kplace.c - a loaded kernel object's image copied to a chosen place
 * (see kplace.h for why and what is refused).
 *
 * Steps: find the object's base and program headers (dlinfo,
 * dl_iterate_phdr); map anonymous memory for pad pages, the shift and the
 * image; copy every PT_LOAD segment as it is in memory now; rewrite the
 * words the dynamic loader relocated (DT_RELA and DT_JMPREL) that point
 * into the original image; give each page of the copy the protection of
 * the segments on it; make the instruction cache see the new code.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kplace.h"

#if defined(__linux__) && defined(__ELF__) && defined(__GLIBC__) && \
    (defined(__x86_64__) || defined(__aarch64__) || \
    (defined(__riscv) && __riscv_xlen == 64))
#define KPLACE_ELF 1
#include <dlfcn.h>
#include <link.h>
#endif

size_t
kplace_offset(const void *a)
{
	return (size_t)((uintptr_t)a & (KPLACE_PERIOD - 1));
}

void
kplace_free(struct kplace *p)
{
	if (p->map != NULL)
		(void)munmap(p->map, p->len);
	p->map = NULL;
	p->len = 0;
}

#ifdef KPLACE_ELF

/*
 * Relocation types by what they leave in a word: KR_WORD an address (of
 * the object itself or another: rewritten only when it points into the
 * image), KR_KEEP a value that does not depend on where the image is
 * (thread-local offsets and module ids: the copy shares the original's
 * thread-local storage), KR_NONE nothing. Any other type is refused.
 */
enum { KR_REFUSE, KR_WORD, KR_KEEP, KR_NONE };

static int
kplace_reloc_kind(unsigned long type)
{
	switch (type) {
#if defined(__x86_64__)
	case 0: return KR_NONE;
	case 1: case 6: case 7: case 8: case 37:	/* 64 GLOB_DAT JUMP_SLOT RELATIVE IRELATIVE */
		return KR_WORD;
	case 16: case 17: case 18:		/* DTPMOD64 DTPOFF64 TPOFF64 */
		return KR_KEEP;
#elif defined(__aarch64__)
	case 0: return KR_NONE;
	case 257: case 1025: case 1026: case 1027: case 1032:
		return KR_WORD;		/* ABS64 GLOB_DAT JUMP_SLOT RELATIVE IRELATIVE */
	case 1028: case 1029: case 1030:	/* TLS DTPMOD DTPREL TPREL */
		return KR_KEEP;
#else	/* riscv64 */
	case 0: return KR_NONE;
	case 2: case 3: case 5: case 58:	/* 64 RELATIVE JUMP_SLOT IRELATIVE */
		return KR_WORD;
	case 7: case 9: case 11:		/* TLS DTPMOD64 DTPREL64 TPREL64 */
		return KR_KEEP;
#endif
	}
	return KR_REFUSE;
}

/*
 * Copy n bytes of another module's image: every byte as it is, including
 * what a sanitizer of that module marks as unreadable (the redzones of an
 * object built with AddressSanitizer), which memcpy would report. Words
 * through volatile, so the compiler makes no call of it; n and both
 * addresses are multiples of 8 or the tail is copied bytewise.
 */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8)
__attribute__((no_sanitize("address")))
#endif
static void
kplace_raw(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	if (((uintptr_t)dst | (uintptr_t)src) % 8 == 0)
		for (; i + 8 <= n; i += 8)
			*(volatile uint64_t *)(dst + i) =
			    *(const volatile uint64_t *)(src + i);
	for (; i < n; i++)
		*(volatile char *)(dst + i) = *(const volatile char *)(src + i);
}

/* The object: its base and program headers, found by dl_iterate_phdr. */
struct kplace_obj {
	uintptr_t		 base;
	const char		*name;
	const ElfW(Phdr)	*phdr;
	size_t			 phnum;
	uintptr_t		 lo, hi;	/* the image, page-rounded vaddrs */
};

static int
kplace_find_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct kplace_obj *o = arg;

	(void)size;
	if (info->dlpi_addr != o->base || info->dlpi_name == NULL ||
	    strcmp(info->dlpi_name, o->name) != 0)
		return 0;
	o->phdr = info->dlpi_phdr;
	o->phnum = info->dlpi_phnum;
	return 1;
}

static int
kplace_fail(char *err, size_t errlen, const char *fmt, const char *what)
{
	snprintf(err, errlen, fmt, what);
	return -1;
}

/* The object's program headers and the extent of its PT_LOAD segments. */
static int
kplace_find(void *handle, struct kplace_obj *o, uintptr_t pg, char *err,
    size_t errlen)
{
	struct link_map *lm = NULL;
	size_t i;

	if (dlinfo(handle, RTLD_DI_LINKMAP, &lm) != 0 || lm == NULL)
		return kplace_fail(err, errlen, "%s", "no link map");
	o->base = lm->l_addr;
	o->name = lm->l_name;
	o->phdr = NULL;
	if (dl_iterate_phdr(kplace_find_cb, o) == 0 || o->phdr == NULL)
		return kplace_fail(err, errlen, "%s", "no program headers");
	o->lo = UINTPTR_MAX;
	o->hi = 0;
	for (i = 0; i < o->phnum; i++) {
		const ElfW(Phdr) *ph = &o->phdr[i];

		if (ph->p_type != PT_LOAD)
			continue;
		if (!(ph->p_flags & PF_R))
			return kplace_fail(err, errlen, "%s",
			    "a segment that cannot be read");
		if ((ph->p_vaddr & ~(pg - 1)) < o->lo)
			o->lo = ph->p_vaddr & ~(pg - 1);
		if (((ph->p_vaddr + ph->p_memsz + pg - 1) & ~(pg - 1)) > o->hi)
			o->hi = (ph->p_vaddr + ph->p_memsz + pg - 1) & ~(pg - 1);
	}
	if (o->hi <= o->lo)
		return kplace_fail(err, errlen, "%s", "no loaded segment");
	return 0;
}

/*
 * A dynamic-section pointer as an address: glibc rewrites some of them to
 * absolute addresses in place (where the section is writable), others
 * keep the link-time value; a value inside the image's extent is one.
 */
static uintptr_t
kplace_dptr(const struct kplace_obj *o, uintptr_t v)
{
	return v < o->hi ? v + o->base : v;
}

/* Rewrite the words of n relocations at rel in the copy. */
static int
kplace_relocate(const struct kplace_obj *o, const ElfW(Rela) *rel, size_t n,
    intptr_t delta, char *err, size_t errlen)
{
	uintptr_t from = o->base + o->lo, to = o->base + o->hi, v;
	size_t i;
	char what[64];

	for (i = 0; i < n; i++) {
		unsigned long type = ELF64_R_TYPE(rel[i].r_info);
		uintptr_t at = o->base + rel[i].r_offset;

		switch (kplace_reloc_kind(type)) {
		case KR_WORD:
			if (at < from || at + sizeof(v) > to)
				return kplace_fail(err, errlen, "%s",
				    "a relocation outside the image");
			memcpy(&v, (void *)(at + delta), sizeof(v));
			if (v >= from && v < to) {
				v += (uintptr_t)delta;
				memcpy((void *)(at + delta), &v, sizeof(v));
			}
			break;
		case KR_KEEP:
		case KR_NONE:
			break;
		default:
			snprintf(what, sizeof(what), "relocation type %lu", type);
			return kplace_fail(err, errlen, "%s cannot be moved",
			    what);
		}
	}
	return 0;
}

/* The relocation tables of the dynamic section, applied to the copy. */
static int
kplace_dynamic(const struct kplace_obj *o, intptr_t delta, char *err,
    size_t errlen)
{
	const ElfW(Dyn) *d = NULL;
	uintptr_t rela = 0, jmprel = 0;
	size_t relasz = 0, pltsz = 0, relaent = sizeof(ElfW(Rela)), i;
	long pltrel = DT_RELA;

	for (i = 0; i < o->phnum; i++)
		if (o->phdr[i].p_type == PT_DYNAMIC)
			d = (const ElfW(Dyn) *)(o->base + o->phdr[i].p_vaddr);
	if (d == NULL)
		return kplace_fail(err, errlen, "%s", "no dynamic section");
	for (; d->d_tag != DT_NULL; d++)
		switch (d->d_tag) {
		case DT_RELA: rela = kplace_dptr(o, d->d_un.d_ptr); break;
		case DT_RELASZ: relasz = d->d_un.d_val; break;
		case DT_RELAENT: relaent = d->d_un.d_val; break;
		case DT_JMPREL: jmprel = kplace_dptr(o, d->d_un.d_ptr); break;
		case DT_PLTRELSZ: pltsz = d->d_un.d_val; break;
		case DT_PLTREL: pltrel = (long)d->d_un.d_val; break;
		case DT_TEXTREL:
			return kplace_fail(err, errlen, "%s",
			    "text relocations (not position-independent code)");
		case DT_REL:
		case 36:	/* DT_RELR */
			return kplace_fail(err, errlen, "%s",
			    "REL or RELR relocations");
		case DT_FLAGS:
			if (d->d_un.d_val & DF_TEXTREL)
				return kplace_fail(err, errlen, "%s",
				    "text relocations (not position-"
				    "independent code)");
			break;
		}
	if (relaent != sizeof(ElfW(Rela)) || (pltsz > 0 && pltrel != DT_RELA))
		return kplace_fail(err, errlen, "%s", "unknown relocation format");
	if (relasz > 0 && kplace_relocate(o, (const ElfW(Rela) *)rela,
	    relasz / relaent, delta, err, errlen) != 0)
		return -1;
	if (pltsz > 0 && kplace_relocate(o, (const ElfW(Rela) *)jmprel,
	    pltsz / relaent, delta, err, errlen) != 0)
		return -1;
	return 0;
}

/* The protection of the copy's page at image vaddr v: its segments'. */
static int
kplace_page_prot(const struct kplace_obj *o, uintptr_t v, uintptr_t pg,
    intptr_t shift)
{
	int prot = PROT_NONE;
	size_t i;

	for (i = 0; i < o->phnum; i++) {
		const ElfW(Phdr) *ph = &o->phdr[i];
		uintptr_t s = ph->p_vaddr + (uintptr_t)shift;

		if (ph->p_type != PT_LOAD || s >= v + pg ||
		    s + ph->p_memsz <= v)
			continue;
		prot |= (ph->p_flags & PF_R ? PROT_READ : 0) |
		    (ph->p_flags & PF_W ? PROT_WRITE : 0) |
		    (ph->p_flags & PF_X ? PROT_EXEC : 0);
	}
	return prot;
}

/* Protect the copy (image at img, shift within its first page). */
static int
kplace_protect(const struct kplace_obj *o, char *img, size_t shift,
    uintptr_t pg, char *err, size_t errlen)
{
	uintptr_t v, end = o->hi + pg;
	int prot;

	for (v = o->lo; v < end; v += pg) {
		prot = kplace_page_prot(o, v, pg, (intptr_t)shift);
		if ((prot & PROT_WRITE) && (prot & PROT_EXEC))
			return kplace_fail(err, errlen, "%s", "code and "
			    "writable data would share a page at this shift");
		if (mprotect(img + (v - o->lo), pg, prot) != 0)
			return kplace_fail(err, errlen, "mprotect: %s",
			    strerror(errno));
		if (prot & PROT_EXEC)
			__builtin___clear_cache(img + (v - o->lo),
			    img + (v - o->lo) + pg);
	}
	return 0;
}

int
kplace_copy(void *handle, size_t shift, size_t pad, struct kplace *p,
    char *err, size_t errlen)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	struct kplace_obj o;
	char *img;
	size_t i;

	p->map = NULL;
	p->len = 0;
	if (shift % KPLACE_STEP != 0 || shift >= pg || shift >= KPLACE_PERIOD)
		return kplace_fail(err, errlen, "%s", "a shift that is not "
		    "a multiple of 64 bytes within a page");
	if (kplace_find(handle, &o, pg, err, errlen) != 0)
		return -1;
	p->len = pad * pg + (o.hi - o.lo) + pg;
	p->map = mmap(NULL, p->len, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
	if (p->map == MAP_FAILED) {
		p->map = NULL;
		return kplace_fail(err, errlen, "mmap: %s", strerror(errno));
	}
	img = (char *)p->map + pad * pg;
	p->delta = (intptr_t)(img + shift) - (intptr_t)(o.base + o.lo);
	for (i = 0; i < o.phnum; i++)
		if (o.phdr[i].p_type == PT_LOAD)
			kplace_raw((char *)(o.base + o.phdr[i].p_vaddr) +
			    p->delta, (const char *)(o.base +
			    o.phdr[i].p_vaddr), o.phdr[i].p_memsz);
	if (kplace_dynamic(&o, p->delta, err, errlen) != 0 ||
	    (pad > 0 && mprotect(p->map, pad * pg, PROT_NONE) != 0) ||
	    kplace_protect(&o, img, shift, pg, err, errlen) != 0) {
		kplace_free(p);
		return -1;
	}
	return 0;
}

#else	/* !KPLACE_ELF */

int
kplace_copy(void *handle, size_t shift, size_t pad, struct kplace *p,
    char *err, size_t errlen)
{
	(void)handle;
	(void)shift;
	(void)pad;
	p->map = NULL;
	p->len = 0;
	snprintf(err, errlen, "moving code is supported on Linux with glibc "
	    "(x86-64, AArch64, RISC-V 64) only");
	return -1;
}

#endif
