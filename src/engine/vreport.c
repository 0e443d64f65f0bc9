/*
 * vreport.c - what verifying one kernel found, and how it is printed.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "vreport.h"

const char *const vreport_pattern_names[PAT_N] = { "random", "0xff", "0x00" };

void
vreport_case(struct vreport *rep, const char *what, size_t n, size_t src,
    size_t dst)
{
	rep->cases++;
	rep->cur_what = what;
	rep->cur_n = n;
	rep->cur_src = src;
	rep->cur_dst = dst;
}

void
vreport_fail(struct vreport *rep, const char *fmt, ...)
{
	va_list ap;

	rep->failures++;
	if (rep->failures == 1 || rep->cur_n < rep->fail_min_n)
		rep->fail_min_n = rep->cur_n;
	if (rep->failures == 1 || rep->cur_n > rep->fail_max_n)
		rep->fail_max_n = rep->cur_n;
	rep->fail_odd_n += rep->cur_n & 1;
	rep->fail_odd_src += rep->cur_src & 1;
	rep->fail_odd_dst += rep->cur_dst & 1;
	if (rep->nfirst >= VREPORT_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(rep->first[rep->nfirst], sizeof(rep->first[0]), fmt, ap);
	va_end(ap);
	rep->nfirst++;
}

int
vreport_passed(const struct vreport *r, int status)
{
	return r->done && r->failures == 0 && status == 0;
}

/*
 * What the failures have in common, when they have something: "all 28032
 * failures at odd lengths", "... at odd source offsets", "... at lengths
 * 1 to 7". Saves reading the examples for the pattern.
 */
static void
vreport_pattern(FILE *out, const struct kernel *k, const struct vreport *r)
{
	const char *sep = "";

	if (r->failures < 2)
		return;
	fprintf(out, "  %s: all %lu failures at", k->name, r->failures);
	if (r->fail_odd_n == r->failures || r->fail_odd_n == 0) {
		fprintf(out, " %s lengths", r->fail_odd_n ? "odd" : "even");
		sep = ",";
	}
	if (r->fail_odd_src == r->failures) {
		fprintf(out, "%s odd source offsets", sep);
		sep = ",";
	}
	if (r->fail_odd_dst == r->failures) {
		fprintf(out, "%s odd destination offsets", sep);
		sep = ",";
	}
	if (r->fail_min_n == r->fail_max_n)
		fprintf(out, "%s length %zu", sep, r->fail_min_n);
	else
		fprintf(out, "%s lengths %zu to %zu", sep, r->fail_min_n,
		    r->fail_max_n);
	fputc('\n', out);
}

void
vreport_print(FILE *out, const struct kernel *k, const struct vreport *r,
    int status, int max_report, int width)
{
	const char *pat = vreport_pattern_names[r->cur_pattern % PAT_N];
	int i;

	if (vreport_passed(r, status)) {
		fprintf(out, "%-*s ok      %lu cases\n", width, k->name,
		    r->cases);
		return;
	}
	if (r->done)
		fprintf(out, "%-*s FAILED  %lu of %lu cases\n", width, k->name,
		    r->failures, r->cases);
	else if (r->hung > 0)
		fprintf(out, "%-*s FAILED  hung: did not return within %.1f s "
		    "after %lu cases, at size %zu src+%zu dst+%zu %s%s%s%s\n",
		    width, k->name, r->hung, r->cases, r->cur_n, r->cur_src,
		    r->cur_dst, pat, r->cur_what != NULL ? " (" : "",
		    r->cur_what != NULL ? r->cur_what : "",
		    r->cur_what != NULL ? ")" : "");
	else if (WIFSIGNALED(status))
		fprintf(out, "%-*s FAILED  killed by %s after %lu cases, at "
		    "size %zu src+%zu dst+%zu %s (%s)\n", width, k->name,
		    strsignal(WTERMSIG(status)), r->cases, r->cur_n,
		    r->cur_src, r->cur_dst, pat,
		    r->cur_what != NULL ? r->cur_what : "copy");
	else
		/* e.g. a sanitizer caught the fault and exited */
		fprintf(out, "%-*s FAILED  did not finish (exit %d) after %lu "
		    "cases, at size %zu src+%zu dst+%zu %s\n", width, k->name,
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1, r->cases,
		    r->cur_n, r->cur_src, r->cur_dst, pat);
	if (r->done)
		vreport_pattern(out, k, r);
	for (i = 0; i < r->nfirst && i < max_report; i++)
		fprintf(out, "  %s: %s\n", k->name, r->first[i]);
}
