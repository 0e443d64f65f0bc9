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

#include "../kernels/kernel.h"

/* Longest NAME accepted. */
#define KOBJ_NAME_MAX	32

struct kobj {
	char		*name;		/* NAME; "" for the built-in object */
	char		*path;		/* as given to dlopen; NULL for the built-in object */
	void		*handle;	/* dlopen handle; NULL for the built-in object */
	const struct kernel_table *table;
	const struct kernel *kernels;	/* as csumbench names them */
	size_t		 n;
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
 * Replica k (2 and up) of the loaded object src: the same file's bytes
 * copied to a private temporary file (in $TMPDIR, else /tmp) and loaded
 * from there, so that its code lies at other addresses than src's
 * (dlopen of src's path would return src itself); the file and its
 * directory are removed at once, the mapping stays. Named NAME.k (a
 * name --load cannot give: KOBJ_REPLICA_SEP is not allowed in one), its
 * kernels "NAME.k:family.variant"; set up as kobj_load does. Returns NULL
 * with err set.
 */
#define KOBJ_REPLICA_SEP	"."
struct kobj *kobj_replica(const struct kobj *src, unsigned k,
	    const struct kenv *env, char *err, size_t errlen);
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
