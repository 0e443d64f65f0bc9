/*
 * kplace.h - a loaded kernel object's image copied to a place of our
 * choosing: every byte of its loaded segments moved by the same amount, a
 * chosen offset within the page (in cache-line steps) and a random number
 * of pages, its absolute pointers relocated.
 *
 * Why: where the linker put a kernel changes its cost by tens of percent
 * on a modern core (its offset within its page, cache line and fetch
 * window; the address bits that index the predictors). A binary is one
 * sample of those layouts. Copies of an object at chosen offsets sample
 * them on purpose: the same offsets for both builds of an A/B comparison,
 * so that a kernel's layout is paired whatever the linker did, and the
 * spread between copies is how much the kernel's cost depends on layout.
 *
 * The copy is exact for position-independent code: its references to
 * itself are relative and move with it; the words the dynamic loader
 * wrote (relative, absolute, GOT and PLT relocations) are rewritten when
 * they point into the image and kept when they point elsewhere (the C
 * library). An object with text relocations, REL or RELR relocations, or
 * a relocation type not listed in kplace.c is refused with the reason;
 * so is a shift that would put code and writable data on one page.
 */
#ifndef CSUMBENCH_KPLACE_H
#define CSUMBENCH_KPLACE_H

#include <stddef.h>
#include <stdint.h>

/* Shifts are multiples of this: no alignment up to a cache line changes. */
#define KPLACE_STEP	64
/*
 * The period of layouts: offsets within 4 KiB, the smallest page and the
 * span of the address bits that index caches of code and predictors.
 */
#define KPLACE_PERIOD	4096

struct kplace {
	void		*map;		/* the whole mapping, for munmap */
	size_t		 len;
	intptr_t	 delta;		/* copy's address - original's, every byte */
};

/*
 * Copy the image of the object dlopen() returned as handle so that every
 * byte lies at delta from the original, with delta = shift (mod the page
 * size) and pad pages of address space left unmapped-in-effect (PROT_NONE)
 * below it, so copies do not sit at one fixed distance from each other.
 * shift is a multiple of KPLACE_STEP below KPLACE_PERIOD (and the page
 * size). The copy's data
 * is the original's as it is now. Returns 0, or -1 with err set (nothing
 * mapped).
 */
int	kplace_copy(void *handle, size_t shift, size_t pad, struct kplace *p,
	    char *err, size_t errlen);
/* Unmap a copy (no code of it may run). */
void	kplace_free(struct kplace *p);
/* The offset of address a within its KPLACE_PERIOD. */
size_t	kplace_offset(const void *a);

#endif
