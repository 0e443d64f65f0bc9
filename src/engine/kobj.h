/*
 * kobj.h - kernel objects: the built-in kernels and shared objects loaded
 * at run time, behind one interface (see csumbench-kernel(3) for the ABI).
 *
 * Loading checks the object's table (ABI version, well-formed kernels,
 * no duplicate names), names its kernels "NAME:family.variant", registers
 * its exception table with the fault handler (so its copy kernels recover
 * from faults exactly as built-in ones do) and calls its init hook. Every
 * failure is returned as a one-line message in err.
 */
#ifndef CSUMBENCH_KOBJ_H
#define CSUMBENCH_KOBJ_H

#include <stddef.h>

#include "../../kernels/kernel.h"
#include "kplace.h"

/* Longest NAME accepted. */
#define KOBJ_NAME_MAX	32

struct kobj {
	char		*name;		/* NAME; "" for the built-in object */
	char		*path;		/* as given to dlopen; NULL for the built-in object */
	void		*handle;	/* dlopen handle; NULL for the built-in object */
	const struct kernel_table *table;
	const struct kernel *kernels;	/* as csumbench names them */
	size_t		 n;
	/* The table as dlopen() mapped it (a copy's is at place.delta). */
	const struct kernel_table *loaded;
	/* Where the code was moved (kobj_move, kobj_replica); map NULL: not. */
	struct kplace	 place;
	/* The move within KPLACE_PERIOD (place.delta mod it). */
	size_t		 shift;
	/* Which copy of its object this is: 1, or k for replica k. */
	unsigned	 copy;
	/* The object's name as --load gave it, the same in every copy
	 * (name is "NAME.k" for copy k); "" for the built-in object. */
	char		*origin;
};

/*
 * The built-in kernels (kernels/registry.c) as an object: its exception
 * table registered and its init hook called with env. Its kernels keep
 * their names ("csum.avx2"). Returns NULL with err set on failure.
 */
struct kobj *kobj_builtin(const struct kenv *env, char *err, size_t errlen);
/*
 * Load arg, "FILE" or "FILE=NAME" (NAME defaults to FILE's stem: its base
 * name up to the first dot), and set it up as kobj_builtin does. A FILE
 * without a slash is looked up in the current directory, never in the
 * library path. Returns NULL with err set (the object is not loaded).
 */
struct kobj *kobj_load(const char *arg, const struct kenv *env, char *err,
	    size_t errlen);
/*
 * Replica k (2 and up) of the loaded object src, its image copied by
 * kplace_copy() at shift within the page (a multiple of KPLACE_STEP) with
 * pad pages below it: the same code and data as src as loaded, at other
 * addresses. Where src's code cannot be moved (kplace.h says which
 * objects), the file's bytes are copied to a private temporary file (in
 * $TMPDIR, else /tmp) and loaded from there instead, so that its code
 * lies at other pages than src's but at the same offsets within them,
 * and *note says why (else *note is ""). Named NAME.k (a name --load
 * cannot give: KOBJ_REPLICA_SEP is not allowed in one), its kernels
 * "NAME.k:family.variant"; set up as kobj_load does. Returns NULL with
 * err set.
 */
#define KOBJ_REPLICA_SEP	"."
struct kobj *kobj_replica(const struct kobj *src, unsigned k, size_t shift,
	    size_t pad, const struct kenv *env, char *note, size_t notelen,
	    char *err, size_t errlen);
/*
 * Move the loaded object o's code (kplace_copy() of its image, at shift
 * with pad pages) and use the copy from now on: its table, exception
 * table and init hook (called again with env). Returns 0, or -1 with err
 * set, o unchanged.
 */
int	kobj_move(struct kobj *o, size_t shift, size_t pad,
	    const struct kenv *env, char *err, size_t errlen);
/*
 * How many of o's kernels do not start a KPLACE_PERIOD (4 KiB) as loaded
 * (before any move): a build without -falign-functions=4096, whose
 * kernels' offsets within their pages change when other code does.
 */
size_t	kobj_unaligned(const struct kobj *o);
/* Call o's init hook again, with new facts. Returns 0, or -1 with err set. */
int	kobj_init(struct kobj *o, const struct kenv *env, char *err,
	    size_t errlen);
/* Unregister o's exception table and unload it (no kernel of o may run). */
void	kobj_close(struct kobj *o);
/*
 * Check a table: ABI version, struct size, each kernel well formed (a
 * known family, a name "family.variant" of that family, a function, an
 * ISA, known CPU_* and KF_* bits; where have holds CPU_FAULTS, a copy
 * kernel that needs it only in an object with an exception table), names
 * unique. what names the object in the message. Returns 0, or -1 with err
 * set.
 */
int	kobj_check(const struct kernel_table *t, uint64_t have,
	    const char *what, char *err, size_t errlen);
/* Is s a valid NAME ([A-Za-z0-9_-], 1 to KOBJ_NAME_MAX characters)? */
int	kobj_name_ok(const char *s);

#endif
