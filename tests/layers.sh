#!/bin/sh
# tests/layers.sh - the layers of src/ as DESIGN.md draws them, from the
# include lines (scripts/incgraph.sh): compare, plot and report read
# results and never need the engine, so no header they include, directly
# or through another, is engine.h.
. "${top_srcdir:-.}/tests/lib.sh"

graph="$top_srcdir/scripts/incgraph.sh"

# The sources of the commands that only read results, and what they call.
results=
for f in "$top_srcdir"/src/compare*.c "$top_srcdir"/src/plot*.c \
    "$top_srcdir"/src/report*.c "$top_srcdir"/src/cmd_compare.c \
    "$top_srcdir"/src/cmd_plot.c "$top_srcdir"/src/cmd_report.c; do
	[ -f "$f" ] && results="$results src/${f##*/src/}"
done
[ -n "$results" ]
ok $? "the results commands' sources are found:$results"

# A check that cannot fail proves nothing: a measuring command's closure
# does hold engine.h, so the script sees it where it is.
sh "$graph" -c "$top_srcdir" src/cmd_run.c >"$TMPD/run" 2>"$TMPD/err"
grep -qx 'src/engine.h' "$TMPD/run"
ok $? "run's sources include engine.h (the check sees it where it is)"

sh "$graph" -c "$top_srcdir" $results >"$TMPD/closure" 2>"$TMPD/err"
ok $? "the include closure of the results commands is computed"
grep -qx 'src/rset.h' "$TMPD/closure"
ok $? "... and holds the result model (rset.h)"
! grep -x 'src/engine.h' "$TMPD/closure" >/dev/null
ok $? "compare, plot and report do not include engine.h"
if grep -qx 'src/engine.h' "$TMPD/closure"; then
	for f in $results; do
		sh "$graph" -c "$top_srcdir" "$f" | grep -qx src/engine.h &&
		    echo "$f includes engine.h"
	done | diag
fi

# The same from the compiler, where the build kept its dependency files
# (gcc -MD, Automake's .deps): what each object was really built from.
deps="${top_builddir:-.}/src/.deps"
if [ -f "$deps/libcsb_a-cmd_run.Po" ]; then
	grep -q 'src/engine\.h' "$deps/libcsb_a-cmd_run.Po"
	ok $? "the compiler's dependencies of cmd_run.o hold engine.h"
	bad=
	for f in $results; do
		n=${f#src/}
		po="$deps/libcsb_a-${n%.c}.Po"
		[ -f "$po" ] || continue
		grep -q 'src/engine\.h' "$po" && bad="$bad ${n%.c}.o"
	done
	[ -z "$bad" ]
	ok $? "no results object was built from engine.h${bad:+:$bad}"
else
	skip "no dependency files in $deps (not built with dependency tracking)"
	skip "no dependency files in $deps"
fi

done_testing
