#!/bin/sh
# tests/layers.sh - the layers of src/ as DESIGN.md draws them, from the
# include lines (scripts/incgraph.sh): compare, plot and report read
# results and never need the engine, so no header they include, directly
# or through another, is engine.h.
. "${top_srcdir:-.}/tests/lib.sh"

graph="$top_srcdir/scripts/incgraph.sh"

# The sources of the commands that only read results, and what they call.
results=
for f in "$top_srcdir"/src/compare/compare*.c "$top_srcdir"/src/report/plot*.c \
    "$top_srcdir"/src/report/report*.c "$top_srcdir"/src/cli/cmd_compare.c \
    "$top_srcdir"/src/cli/cmd_plot.c "$top_srcdir"/src/cli/cmd_report.c; do
	[ -f "$f" ] && results="$results src/${f##*/src/}"
done
[ -n "$results" ]
ok $? "the results commands' sources are found:$results"

# A check that cannot fail proves nothing: a measuring command's closure
# does hold engine.h, so the script sees it where it is.
sh "$graph" -c "$top_srcdir" src/cli/cmd_run.c >"$TMPD/run" 2>"$TMPD/err"
grep -qx 'src/engine/engine.h' "$TMPD/run"
ok $? "run's sources include engine.h (the check sees it where it is)"

sh "$graph" -c "$top_srcdir" $results >"$TMPD/closure" 2>"$TMPD/err"
ok $? "the include closure of the results commands is computed"
grep -qx 'src/results/rset.h' "$TMPD/closure"
ok $? "... and holds the result model (rset.h)"
! grep -x 'src/engine/engine.h' "$TMPD/closure" >/dev/null
ok $? "compare, plot and report do not include engine.h"
if grep -qx 'src/engine/engine.h' "$TMPD/closure"; then
	for f in $results; do
		sh "$graph" -c "$top_srcdir" "$f" | grep -qx src/engine/engine.h &&
		    echo "$f includes engine.h"
	done | diag
fi
# Nor the engine's parts: its points, buffers, timed loop and floor.
! grep -E -x 'src/(engine/(point|arena|batch|floor)|session/(progress|rset_points))\.h' \
    "$TMPD/closure" >/dev/null
ok $? "nor the engine's parts (point.h, arena.h, batch.h, floor.h, ...)"

# Which object and which copy a kernel came from are fields of a result
# (object, copy, base), never read out of its name: the copy's name
# suffix is known only where names are built (kobj.c, replica.c).
n=$(grep -l 'KOBJ_REPLICA_SEP' "$top_srcdir"/src/*/*.c | sed 's|.*/||' | sort | tr '\n' ' ')
[ "$n" = "kobj.c replica.c " ]
ok $? "no name is parsed for its object or copy (the suffix is used in: $n)"

# The include graph's layers and cycles may not grow: no cycle (compare's
# types in cmp.h, below its parts), and at most 12 layers.
LAYERS_MAX=${LAYERS_MAX:-12}
CYCLES_MAX=${CYCLES_MAX:-0}
sh "$graph" -v "$top_srcdir" >"$TMPD/graph" 2>"$TMPD/err"
ok $? "the include graph of src/ is drawn"
set -- $(sed -n 's/^modules \([0-9]*\) arrows \([0-9]*\) layers \([0-9]*\) cycles \([0-9]*\)$/\3 \4/p' "$TMPD/graph")
[ -n "${1:-}" ] && [ "$1" -le "$LAYERS_MAX" ]
ok $? "src/ is ${1:-?} layers deep, at most $LAYERS_MAX"
[ -n "${2:-}" ] && [ "$2" -le "$CYCLES_MAX" ]
ok $? "src/ has ${2:-?} include cycles, at most $CYCLES_MAX"
diag <"$TMPD/graph"

# The same from the compiler, where the build kept its dependency files
# (gcc -MD, Automake's .deps): what each object was really built from.
deps="${top_builddir:-.}/src"
if [ -f "$deps/cli/.deps/libcsb_a-cmd_run.Po" ]; then
	grep -q 'src/engine/engine\.h' "$deps/cli/.deps/libcsb_a-cmd_run.Po"
	ok $? "the compiler's dependencies of cmd_run.o hold engine.h"
	bad=
	for f in $results; do
		n=${f#src/}
		po="$deps/${n%/*}/.deps/libcsb_a-$(basename "${n%.c}").Po"
		[ -f "$po" ] || continue
		grep -q 'src/engine/engine\.h' "$po" && bad="$bad ${n%.c}.o"
	done
	[ -z "$bad" ]
	ok $? "no results object was built from engine.h${bad:+:$bad}"
else
	skip "no dependency files in $deps/*/.deps (not built with dependency tracking)"
	skip "no dependency files in $deps/*/.deps"
fi

# The tree shows the layers: every source of src/ sits in the folder of
# its layer, and includes only headers of its own folder or of folders
# below it (engine and compare side by side, neither using the other).
loose=$(cd "$top_srcdir" && ls src/*.c src/*.h 2>/dev/null | tr '\n' ' ')
[ -z "$loose" ]
ok $? "every source of src/ is in a layer folder${loose:+ (not: $loose)}"
sh "$graph" -e "$top_srcdir" >"$TMPD/edges" 2>"$TMPD/err"
awk '
BEGIN {
	rank["base"] = 1; rank["results"] = 2; rank["engine"] = 3
	rank["compare"] = 3; rank["report"] = 4; rank["session"] = 5
	rank["cli"] = 6
}
$1 ~ /^src\/[a-z]+\// && $2 ~ /^src\/[a-z]+\// {
	split($1, a, "/"); split($2, b, "/")
	if (!(a[2] in rank) || !(b[2] in rank)) { print "unknown folder: " $0; bad = 1; next }
	if (rank[a[2]] < rank[b[2]] || (rank[a[2]] == rank[b[2]] && a[2] != b[2])) {
		print "upward: " $0; bad = 1
	}
}
END { exit bad }' "$TMPD/edges" >"$TMPD/up"
ok $? "no file includes a header of a layer above its own (cli, session, report, engine | compare, results, base)"
diag <"$TMPD/up"

done_testing
