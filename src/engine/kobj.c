/*
 * kobj.c - kernel objects: load, check, name and set up the kernels of a
 * shared object, or of the binary itself, through the kernel ABI.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kfault.h"
#include "names.h"
#include "kobj.h"
#include "util.h"

#define KF_KNOWN	(KF_REFERENCE | KF_BASELINE | KF_TEST)

int
kobj_name_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') && !(s[i] >= 'A' &&
		    s[i] <= 'Z') && !(s[i] >= '0' && s[i] <= '9') &&
		    s[i] != '_' && s[i] != '-')
			return 0;
	return i > 0 && i <= KOBJ_NAME_MAX;
}

/* Is name "FAMILY.variant", variant of letters, digits and underscores? */
static int
kobj_kernel_name_ok(const char *name, enum kfamily f)
{
	const char *fam = family_name(f), *v;
	size_t len = strlen(fam);

	if (strncmp(name, fam, len) != 0 || name[len] != '.')
		return 0;
	for (v = name + len + 1; *v != '\0'; v++)
		if (!(*v >= 'a' && *v <= 'z') && !(*v >= 'A' && *v <= 'Z') &&
		    !(*v >= '0' && *v <= '9') && *v != '_')
			return 0;
	return v > name + len + 1;
}

/* One kernel of what's table; i is its index. */
static int
kobj_check_kernel(const struct kernel_table *t, size_t i, uint64_t have,
    const char *what, char *err, size_t errlen)
{
	const struct kernel *k = &t->kernels[i];
	size_t j;

	if (k->name == NULL) {
		snprintf(err, errlen, "%s: kernel %zu has no name", what, i);
		return -1;
	}
	if ((unsigned)k->family >= K_NFAMILIES) {
		snprintf(err, errlen, "%s: kernel %s: unknown family %d", what,
		    k->name, (int)k->family);
		return -1;
	}
	if (!kobj_kernel_name_ok(k->name, k->family)) {
		snprintf(err, errlen, "%s: kernel \"%s\": the name must be "
		    "\"%s.VARIANT\" (letters, digits, '_')", what, k->name,
		    family_name(k->family));
		return -1;
	}
	if (k->fn.any == NULL || k->isa == NULL || *k->isa == '\0') {
		snprintf(err, errlen, "%s: kernel %s has no %s", what, k->name,
		    k->fn.any == NULL ? "function" : "isa");
		return -1;
	}
	if ((k->needs & ~CPU_KNOWN) != 0) {
		snprintf(err, errlen, "%s: kernel %s needs unknown feature "
		    "bits 0x%llx", what, k->name,
		    (unsigned long long)(k->needs & ~CPU_KNOWN));
		return -1;
	}
	if ((k->flags & ~KF_KNOWN) != 0) {
		snprintf(err, errlen, "%s: kernel %s has unknown flags 0x%x",
		    what, k->name, k->flags & ~KF_KNOWN);
		return -1;
	}
	/*
	 * A copy kernel cannot recover from a fault without table entries
	 * (where this csumbench recovers from faults at all: elsewhere the
	 * accessors are plain and such a kernel is merely unavailable).
	 */
	if (k->family == K_COPY && (k->needs & CPU_FAULTS) &&
	    (have & CPU_FAULTS) &&
	    !(t->extable != NULL && t->extable_end > t->extable)) {
		snprintf(err, errlen, "%s: kernel %s needs CPU_FAULTS but the "
		    "object has no exception table (see <csumbench/fault.h>)",
		    what, k->name);
		return -1;
	}
	for (j = 0; j < i; j++)
		if (strcmp(t->kernels[j].name, k->name) == 0) {
			snprintf(err, errlen, "%s: two kernels are named %s",
			    what, k->name);
			return -1;
		}
	return 0;
}

/*
 * Run fn(arg) in a forked child first, so that code of an object not yet
 * trusted (its init hook; a table whose pointers or count lie) cannot
 * take csumbench down with it. Returns 0 when the child returned, else
 * the signal that ended it (SIGALRM: it did not return within
 * KOBJ_TRIAL_SECONDS), or -1 with errno set when no child could be made.
 * What fn returned is not kept: the caller does the same work again,
 * which is deterministic up to the point where the child returned.
 */
#define KOBJ_TRIAL_SECONDS	30
static int
kobj_trial(void (*fn)(void *), void *arg)
{
	sigset_t sigs;
	pid_t pid, r;
	int st, fd;

	fflush(NULL);
	if ((pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		/*
		 * A fault here ends the child, whatever handler or mask:
		 * a sanitizer's handler would exit instead, and an init
		 * hook has no business faulting on purpose.
		 */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		signal(SIGALRM, SIG_DFL);
		sigemptyset(&sigs);
		sigaddset(&sigs, SIGSEGV);
		sigaddset(&sigs, SIGBUS);
		sigaddset(&sigs, SIGALRM);
		sigprocmask(SIG_UNBLOCK, &sigs, NULL);
		/* Silent: what the hook says, it says again in csumbench. */
		if ((fd = open("/dev/null", O_WRONLY)) >= 0) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		alarm(KOBJ_TRIAL_SECONDS);
		fn(arg);
		_exit(0);
	}
	while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	if (r < 0)
		return -1;
	if (WIFSIGNALED(st))
		return WTERMSIG(st);
	return 0;
}

/* What a trial's signal says, for "its init hook %s". */
static const char *
kobj_trial_why(int sig, char *buf, size_t len)
{
	if (sig == SIGALRM)
		snprintf(buf, len, "did not return within %d s",
		    KOBJ_TRIAL_SECONDS);
	else
		snprintf(buf, len, "crashed (%s)", strsignal(sig));
	return buf;
}

static int
kobj_check_walk(const struct kernel_table *t, uint64_t have,
    const char *what, char *err, size_t errlen)
{
	size_t i;

	if (t->abi != CSUMBENCH_KERNEL_ABI) {
		snprintf(err, errlen, "%s: kernel ABI version %u, this "
		    "csumbench loads version %d (rebuild it against this "
		    "csumbench's <csumbench/kernel.h>)", what, (unsigned)t->abi,
		    CSUMBENCH_KERNEL_ABI);
		return -1;
	}
	if (t->kernel_size != sizeof(struct kernel)) {
		snprintf(err, errlen, "%s: struct kernel of %u bytes, this "
		    "csumbench's is %zu (built for another platform?)", what,
		    (unsigned)t->kernel_size, sizeof(struct kernel));
		return -1;
	}
	if (t->kernels == NULL || t->nkernels == 0) {
		snprintf(err, errlen, "%s: the object exports no kernel", what);
		return -1;
	}
	for (i = 0; i < t->nkernels; i++)
		if (kobj_check_kernel(t, i, have, what, err, errlen) != 0)
			return -1;
	return 0;
}

struct kobj_check_args {
	const struct kernel_table *t;
	uint64_t	 have;
};

static void
kobj_check_child(void *arg)
{
	const struct kobj_check_args *a = arg;
	char err[256];

	(void)kobj_check_walk(a->t, a->have, "", err, sizeof(err));
}

int
kobj_check(const struct kernel_table *t, uint64_t have, const char *what,
    char *err, size_t errlen)
{
	struct kobj_check_args a = { t, have };
	char why[64];
	int sig;

	/* The fields read before the walk, which can fault on their own. */
	if ((sig = kobj_trial(kobj_check_child, &a)) < 0) {
		snprintf(err, errlen, "%s: cannot check its kernel table: "
		    "fork: %s", what, strerror(errno));
		return -1;
	}
	if (sig != 0) {
		snprintf(err, errlen, "%s: reading its kernel table (%zu "
		    "kernels claimed) %s: it holds fewer, or a pointer in it "
		    "is wild", what, t->nkernels,
		    kobj_trial_why(sig, why, sizeof(why)));
		return -1;
	}
	return kobj_check_walk(t, have, what, err, errlen);
}

/* How messages name o. */
static const char *
kobj_what(const struct kobj *o)
{
	return o->path != NULL ? o->path : "the built-in kernels";
}

struct kobj_init_args {
	const struct kernel_table *t;
	const struct kenv *env;
};

static void
kobj_init_child(void *arg)
{
	const struct kobj_init_args *a = arg;

	(void)a->t->init(a->env);
}

int
kobj_init(struct kobj *o, const struct kenv *env, char *err, size_t errlen)
{
	struct kobj_init_args a = { o->table, env };
	char why[64];
	int rc;

	if (o->table->init == NULL)
		return 0;
	/* A loaded object's hook is tried in a child first. */
	if (o->path != NULL && (rc = kobj_trial(kobj_init_child, &a)) != 0) {
		if (rc < 0)
			snprintf(err, errlen, "%s: cannot try its init hook: "
			    "fork: %s", kobj_what(o), strerror(errno));
		else
			snprintf(err, errlen, "%s: its init hook %s",
			    kobj_what(o), kobj_trial_why(rc, why, sizeof(why)));
		return -1;
	}
	if ((rc = o->table->init(env)) == 0)
		return 0;
	snprintf(err, errlen, "%s: its init hook refused to start (returned "
	    "%d)", kobj_what(o), rc);
	return -1;
}

/* Register o's exception table and call its init hook. */
static int
kobj_setup(struct kobj *o, const struct kenv *env, char *err, size_t errlen)
{
	if (kfault_register(o->table->extable, o->table->extable_end) != 0) {
		snprintf(err, errlen, "%s: too many kernel objects (at most %d)",
		    kobj_what(o), KFAULT_MAX_TABLES - 1);
		return -1;
	}
	if (kobj_init(o, env, err, errlen) != 0) {
		kfault_unregister(o->table->extable);
		return -1;
	}
	return 0;
}

struct kobj *
kobj_builtin(const struct kenv *env, char *err, size_t errlen)
{
	struct kobj *o = xcalloc(1, sizeof(*o));

	o->name = xstrdup("");
	o->origin = xstrdup("");
	o->table = o->loaded = &csumbench_kernel_table;
	o->kernels = o->table->kernels;
	o->n = o->table->nkernels;
	if (kobj_setup(o, env, err, errlen) != 0) {
		free(o->name);
		free(o);
		return NULL;
	}
	return o;
}

/*
 * Split "FILE[=NAME]" into o->path (with "./" before a FILE without a
 * slash, so dlopen does not search the library path) and o->name. Text
 * after the last '=' is NAME only if it is a valid one; otherwise the
 * whole argument is the file.
 */
static int
kobj_parse_arg(struct kobj *o, const char *arg, char *err, size_t errlen)
{
	const char *eq = strrchr(arg, '='), *base, *dot;
	size_t flen;
	char *file;

	flen = eq != NULL && kobj_name_ok(eq + 1) ? (size_t)(eq - arg) :
	    strlen(arg);
	if (flen == 0) {
		snprintf(err, errlen, "no file in \"%s\" (FILE[=NAME])", arg);
		return -1;
	}
	file = xasprintf("%.*s", (int)flen, arg);
	o->path = strchr(file, '/') != NULL ? xstrdup(file) :
	    xasprintf("./%s", file);
	if (flen < strlen(arg))
		o->name = xstrdup(eq + 1);
	else {
		base = strrchr(file, '/') != NULL ? strrchr(file, '/') + 1 :
		    file;
		dot = strchr(base, '.');
		o->name = xasprintf("%.*s", (int)(dot != NULL ? dot - base :
		    (long)strlen(base)), base);
	}
	free(file);
	if (!kobj_name_ok(o->name)) {
		snprintf(err, errlen, "%s: cannot name its kernels \"%s:...\" "
		    "(a name is 1 to %d letters, digits, '_' or '-'): use "
		    "FILE=NAME", o->path, o->name, KOBJ_NAME_MAX);
		return -1;
	}
	return 0;
}

/* Give each kernel of o its csumbench name, "NAME:family.variant". */
static void
kobj_name_kernels(struct kobj *o)
{
	struct kernel *v = xcalloc(o->table->nkernels, sizeof(*v));
	size_t i;

	for (i = 0; i < o->table->nkernels; i++) {
		v[i] = o->table->kernels[i];
		v[i].name = xasprintf("%s:%s", o->name,
		    o->table->kernels[i].name);
		if (v[i].about == NULL)
			v[i].about = "";
	}
	o->kernels = v;
	o->n = o->table->nkernels;
}

/* The kernels kobj_name_kernels made for o (none for the built-in one). */
static void
kobj_free_kernels(const struct kobj *o)
{
	size_t i;

	if (o->kernels == NULL || (o->handle == NULL && o->place.map == NULL))
		return;
	for (i = 0; i < o->n; i++)
		free((char *)o->kernels[i].name);
	free((struct kernel *)o->kernels);
}

static void
kobj_free(struct kobj *o)
{
	kobj_free_kernels(o);
	kplace_free(&o->place);
	if (o->handle != NULL)
		dlclose(o->handle);
	free(o->name);
	free(o->origin);
	free(o->path);
	free(o);
}

/*
 * dlopen file (o->path, or a private copy of it) and set o up from its
 * table; messages name o->path. o is freed on failure.
 */
static struct kobj *
kobj_open(struct kobj *o, const char *file, const struct kenv *env,
    char *err, size_t errlen)
{
	const char *e;

	/* RTLD_NOW: an object that needs a symbol of csumbench fails here. */
	if ((o->handle = dlopen(file, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		/* dlerror() names the file itself, mostly. */
		e = dlerror();
		if (e == NULL)
			e = "unknown error";
		if (strncmp(e, file, strlen(file)) == 0 &&
		    strncmp(e + strlen(file), ": ", 2) == 0)
			e += strlen(file) + 2;
		snprintf(err, errlen, "cannot load %s: %s", o->path, e);
		goto fail;
	}
	o->table = o->loaded = dlsym(o->handle,
	    CSUMBENCH_KERNEL_TABLE_SYMBOL);
	if (o->table == NULL) {
		snprintf(err, errlen, "%s: not a csumbench kernel object (no "
		    "%s)", o->path, CSUMBENCH_KERNEL_TABLE_SYMBOL);
		goto fail;
	}
	if (kobj_check(o->table, env->have, o->path, err, errlen) != 0)
		goto fail;
	kobj_name_kernels(o);
	if (kobj_setup(o, env, err, errlen) != 0)
		goto fail;
	return o;
fail:
	kobj_free(o);
	return NULL;
}

struct kobj *
kobj_load(const char *arg, const struct kenv *env, char *err, size_t errlen)
{
	struct kobj *o = xcalloc(1, sizeof(*o));

	if (kobj_parse_arg(o, arg, err, errlen) != 0) {
		kobj_free(o);
		return NULL;
	}
	o->origin = xstrdup(o->name);
	return kobj_open(o, o->path, env, err, errlen);
}

/* Copy the file from to the new file to. Returns 0, or -1 with errno set. */
static int
kobj_copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t n, w, off;
	int in, out, rc = -1, e;

	if ((in = open(from, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if ((out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0700)) < 0) {
		e = errno;
		close(in);
		errno = e;
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out;
		for (off = 0; off < n; off += w > 0 ? w : 0)
			if ((w = write(out, buf + off, (size_t)(n - off))) < 0 &&
			    errno != EINTR)
				goto out;
	}
	rc = 0;
out:
	e = errno;
	close(in);
	if (close(out) != 0 && rc == 0)
		return -1;
	errno = e;
	return rc;
}

/*
 * A replica that did not load from a directory mounted noexec: the cause
 * is TMPDIR, not the object, and err says so.
 */
static void
kobj_noexec_note(const char *dir, char *err, size_t errlen)
{
	struct statvfs sv;

	if (statvfs(dir, &sv) == 0 && (sv.f_flag & ST_NOEXEC))
		snprintf(err, errlen, "cannot load a replica from %s: its "
		    "file system is mounted noexec (set TMPDIR to a directory "
		    "where objects may be mapped executable)", dir);
}

/*
 * Replica k of src by a copy of its file: dlopen of src's path would
 * return src itself. The file and its directory are removed at once, the
 * mapping stays.
 */
static struct kobj *
kobj_replica_file(struct kobj *o, const struct kobj *src, unsigned k,
    const struct kenv *env, char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");
	char *dir, *file;

	dir = xasprintf("%s/csumbench-replica.XXXXXX", tmp != NULL &&
	    *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		snprintf(err, errlen, "%s: cannot make a directory for a "
		    "replica of %s: %s", dir, src->path, strerror(errno));
		free(dir);
		kobj_free(o);
		return NULL;
	}
	file = xasprintf("%s/%u.so", dir, k);
	if (kobj_copy_file(src->path, file) != 0) {
		snprintf(err, errlen, "%s: cannot copy it for replica %u (%s): "
		    "%s", src->path, k, file, strerror(errno));
		kobj_free(o);
		o = NULL;
	} else if ((o = kobj_open(o, file, env, err, errlen)) == NULL)
		kobj_noexec_note(dir, err, errlen);
	/* The mapping outlives the file: nothing is left behind. */
	(void)unlink(file);
	(void)rmdir(dir);
	free(file);
	free(dir);
	return o;
}

/*
 * Use the copy p of o's image (o->loaded's object): its table, its
 * exception table, its init hook. On failure p is freed and o is as it
 * was.
 */
static int
kobj_use_place(struct kobj *o, struct kplace *p, const struct kenv *env,
    char *err, size_t errlen)
{
	struct kobj old = *o;

	o->table = (const struct kernel_table *)((const char *)o->loaded +
	    p->delta);
	o->place = *p;
	o->shift = (size_t)p->delta & (KPLACE_PERIOD - 1);
	o->kernels = NULL;
	if (kobj_check(o->table, env->have, kobj_what(o), err, errlen) != 0 ||
	    (kobj_name_kernels(o), kobj_setup(o, env, err, errlen)) != 0) {
		kobj_free_kernels(o);
		kplace_free(p);
		*o = old;
		return -1;
	}
	return 0;
}

int
kobj_move(struct kobj *o, size_t shift, size_t pad, const struct kenv *env,
    char *err, size_t errlen)
{
	struct kobj old = *o;
	struct kplace p;

	if (o->handle == NULL) {
		snprintf(err, errlen, "%s: only a loaded object can be moved",
		    kobj_what(o));
		return -1;
	}
	if (kplace_copy(o->handle, shift, pad, &p, err, errlen) != 0)
		return -1;
	kfault_unregister(o->table->extable);
	if (kobj_use_place(o, &p, env, err, errlen) != 0) {
		(void)kfault_register(o->table->extable, o->table->extable_end);
		return -1;
	}
	/* The kernels as they were: names and the previous copy, if any. */
	kobj_free_kernels(&old);
	kplace_free(&old.place);
	return 0;
}

size_t
kobj_unaligned(const struct kobj *o)
{
	Dl_info self, in;
	size_t i, n = 0;
	const void *fn;

	if (dladdr(o->loaded, &self) == 0)
		return 0;
	for (i = 0; i < o->loaded->nkernels; i++) {
		fn = (const void *)(uintptr_t)o->loaded->kernels[i].fn.any;
		/* A kernel that is another object's function (libc's
		 * memcpy) lies where that object put it, alike for all. */
		if (dladdr(fn, &in) != 0 && in.dli_fbase == self.dli_fbase)
			n += kplace_offset(fn) != 0;
	}
	return n;
}

struct kobj *
kobj_replica(const struct kobj *src, unsigned k, size_t shift, size_t pad,
    const struct kenv *env, char *note, size_t notelen, char *err,
    size_t errlen)
{
	struct kobj *o;
	struct kplace p;

	*note = '\0';
	if (src->path == NULL || src->handle == NULL) {
		snprintf(err, errlen, "the built-in kernels have no replicas");
		return NULL;
	}
	o = xcalloc(1, sizeof(*o));
	o->path = xstrdup(src->path);
	o->name = xasprintf("%s" KOBJ_REPLICA_SEP "%u", src->name, k);
	o->origin = xstrdup(src->origin);
	o->loaded = src->loaded;
	o->copy = k;
	if (kplace_copy(src->handle, shift, pad, &p, note, notelen) == 0) {
		if (kobj_use_place(o, &p, env, err, errlen) == 0)
			return o;
		kobj_free(o);
		return NULL;
	}
	return kobj_replica_file(o, src, k, env, err, errlen);
}

void
kobj_close(struct kobj *o)
{
	if (o == NULL)
		return;
	kfault_unregister(o->table->extable);
	kobj_free(o);
}
