/*
 * cleanup.h - what the process must undo when it ends early: temporary
 * files and directories to remove, a child process to stop.
 *
 * Each temporary path is registered before it is created and released
 * once it was renamed into place or removed by its owner. cleanup_run
 * undoes whatever is still registered. It runs at exit however the exit is
 * reached (fatal, usage_error, exit, return from main) and from the signal
 * handlers (interrupt.h), so it calls only async-signal-safe functions and
 * never frees: an entry is complete before it is linked, and a release
 * unlinks it with one pointer store before freeing it.
 */
#ifndef CSUMBENCH_CLEANUP_H
#define CSUMBENCH_CLEANUP_H

#include <sys/types.h>

struct cleanup;

/* Register a file (removed). Never NULL. */
struct cleanup *cleanup_file(const char *path);
/*
 * Create a temporary file (mkstemps: tmpl ends with XXXXXX and suffixlen
 * more characters) or directory (mkdtemp) and register it, with the
 * signals of interrupt.h held off in between, so that no signal can leave
 * it behind. NULL with errno on failure; *fd is the file's descriptor.
 * A directory is removed once empty: after every file, newest directory
 * first.
 */
struct cleanup *cleanup_mkstemp(char *tmpl, int suffixlen, int *fd);
struct cleanup *cleanup_mkdtemp(char *tmpl);
/* Forget an entry (its path was renamed into place, or removed); NULL is
 * allowed. */
void	cleanup_release(struct cleanup *c);
/* The child to kill and reap first (gnuplot drawing a figure); 0: none. */
void	cleanup_child(pid_t pid);
/*
 * Kill and reap the child, remove every registered file, then every
 * registered directory. Async-signal-safe; each entry is undone once.
 */
void	cleanup_run(void);

#endif
