/*
 * select.h - which kernels exist here (built in, or loaded from kernel
 * objects), which can run, and which the user asked for.
 */
#ifndef CSUMBENCH_SELECT_H
#define CSUMBENCH_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include "../../kernels/kernel.h"

struct kobj;

/*
 * Set up the built-in kernels with this machine's facts (the features
 * available and the cache sizes in bytes, 0 when unknown), after
 * cpu_probe and kfault_init. Later calls do nothing.
 */
void	select_init(uint64_t have, size_t l1d, size_t l2, size_t l3);
/*
 * Thresholds measured on this machine (csumbench tune), handed to the
 * init hook of every object, loaded now or later (v is copied). Returns 0,
 * or -1 with err set when an object's init hook refuses them.
 */
int	select_tune(const struct ktuned *v, size_t n, char *err, size_t errlen);
/*
 * Load a kernel object, "FILE" or "FILE=NAME" (kobj.h), after select_init:
 * its kernels join the list as "NAME:family.variant". Returns the object
 * (its name, path and kernels), or NULL with a one-line message in err
 * (the object cannot be loaded, is not a kernel object, has another ABI
 * version or a malformed table, or NAME is taken).
 */
const struct kobj *select_load(const char *arg, char *err, size_t errlen);
/*
 * Load replica k (2 and up) of the loaded object called name, its code at
 * shift within the page with pad pages below (kobj.h, kobj_replica; *note
 * says why the code could not be moved, else ""): its kernels join the
 * list as "name.k:family.variant". Returns the object, or NULL with a
 * one-line message in err.
 */
const struct kobj *select_replicate(const char *name, unsigned k,
	    size_t shift, size_t pad, char *note, size_t notelen, char *err,
	    size_t errlen);
/*
 * Move the code of the loaded object called name (kobj_move) before any of
 * its kernels is selected. Returns 0, or -1 with err set (nothing moved).
 */
int	select_move(const char *name, size_t shift, size_t pad, char *err,
	    size_t errlen);
/* How many objects (the built-in one is 0); object i, or NULL. */
size_t	select_nobjects(void);
const struct kobj *select_object_at(size_t i);
/* The loaded object called name, or NULL. */
const struct kobj *select_object(const char *name);
/* Was k loaded from a kernel object (not built in)? */
int	select_loaded(const struct kernel *k);
/* Which copy of its object k is of: k of replica k (kobj.h), else 1. */
unsigned select_copy(const struct kernel *k);
/* The loaded object k is of (any copy), or NULL for a built-in kernel. */
const struct kobj *select_object_of(const struct kernel *k);
/* The name --load gave k's object ("" built in), the same in every copy. */
const char *select_origin(const struct kernel *k);
/* k's own name in its object's table ("csum.avx2" of "A.2:csum.avx2"). */
const char *select_base(const struct kernel *k);
/* Unload every loaded object (none of their kernels may be in use). */
void	select_unload(void);
/* The facts every object's init hook received last (tuning included). */
const struct kenv *select_env(void);
/* The features this process can use (CPU, OS, fault recovery). */
uint64_t select_have(void);
/*
 * Every kernel, visible or not: the built-in ones in registry order, then
 * each loaded object's in load order. *n is set to the count.
 */
const struct kernel *const *select_all(size_t *n);
/* Are test-only kernels visible (CSUMBENCH_TEST_KERNELS=1)? */
int	select_show_tests(void);
/* Is k listed and selectable (test kernels only when shown)? */
int	select_visible(const struct kernel *k);
/* NULL if k can run here, else why not ("needs avx512bw"). */
const char *select_unavailable(const struct kernel *k, char *buf, size_t len);
/* Look a kernel up by exact name (visible kernels only). */
const struct kernel *select_by_name(const char *name);
/*
 * The reference of family f: the built-in KF_REFERENCE kernel, the
 * specification every kernel of f is verified against (a loaded object's
 * own reference is just one more kernel).
 */
const struct kernel *select_reference(enum kfamily f);

/* A selection of kernels (select_kernels). */
struct selection {
	const struct kernel **k;	/* the available kernels, in list order */
	size_t		 n;
	const struct kernel **skipped;	/* matched, unavailable (allow_unavailable) */
	size_t		 nskipped;
};

/*
 * The available kernels matching families (comma-separated family names, or
 * NULL for all) and patterns (comma-separated globs, or NULL for all), in
 * list order. A pattern that matches no visible kernel, or matches only
 * unavailable ones, an unknown family, or an empty result is an error:
 * -1 with a one-line message in err. When allow_unavailable is set,
 * unavailable kernels a pattern names are listed in skipped instead.
 */
int	select_kernels(const char *families, const char *patterns,
	    int allow_unavailable, struct selection *sel, char *err,
	    size_t errlen);
void	select_free(struct selection *sel);

#endif
