#!/bin/sh
# Large inputs take time in proportion to their size (n log n at worst):
# a .meta of 400k keys, a JSON object of 200k members, 100k points. No
# speed is asserted: each runs under a CPU-time limit some 50 times what
# it needs, which only a quadratic step (minutes here) can reach.
. "${top_srcdir:-.}/tests/lib.sh"

LIMIT=30	# CPU seconds

# bounded DESCRIPTION -- COMMAND...: exit 0 within the CPU-time limit.
bounded() {
	desc=$1
	shift 2
	(ulimit -t $LIMIT && exec "$@") >"$TMPD/out" 2>"$TMPD/err"
	st=$?
	[ $st -eq 0 ] || { echo "# exit $st"; diag <"$TMPD/err"; }
	ok $st "$desc"
}

H='family,kernel,size,src_align,dst_align,cache,unit,median'

# A small CSV with a .meta of 400k keys.
printf '%s\nmemcpy,m,64,0,0,hot,ticks,20\n' "$H" >"$TMPD/m.csv"
awk 'BEGIN { print "timer_hz=2e9"; for (i = 0; i < 400000; i++) printf "key_%d=value %d\n", i, i }' \
	>"$TMPD/m.csv.meta"
bounded "a .meta of 400k keys" -- "$CSUMBENCH" compare "$TMPD/m.csv" "$TMPD/m.csv" -q

# JSON: 200k members in one benchmark, and 200k context keys.
awk 'BEGIN {
	printf "{\"context\": {"
	for (i = 0; i < 200000; i++) printf "%s\"k%d\": \"v\"", (i ? ", " : ""), i
	printf "}, \"benchmarks\": [{\"family\": \"memcpy\", \"kernel\": \"m\", "
	printf "\"size\": 64, \"src_align\": 0, \"dst_align\": 0, \"cache\": \"hot\", "
	printf "\"unit\": \"ticks\", \"samples\": [1, 2, 3]"
	for (i = 0; i < 200000; i++) printf ", \"x%d\": %d", i, i
	printf "}]}\n"
}' >"$TMPD/wide.json"
bounded "a JSON object of 200k members, 200k context keys" -- \
	"$CSUMBENCH" compare "$TMPD/wide.json" "$TMPD/wide.json" -q

# 100k points on each side, matched and tabulated.
for f in a b; do
	awk -v f=$f -v h="$H" 'BEGIN {
		print h
		for (k = 0; k < 25; k++)
			for (s = 1; s <= 4000; s++)
				printf "memcpy,m%d,%d,0,0,hot,ticks,%g\n", k, s, s + (f == "b")
	}' >"$TMPD/$f.csv"
done
bounded "compare of 100k points each side" -- \
	"$CSUMBENCH" compare "$TMPD/a.csv" "$TMPD/b.csv" -q --style csv
[ "$(grep -c '^point,' "$TMPD/out")" -eq 100000 ]
ok $? "... every point matched"
bounded "... the same as one wide table" -- \
	"$CSUMBENCH" compare "$TMPD/a.csv" "$TMPD/b.csv" -q --style wide
[ "$(grep -c '^[0-9][0-9]* ' "$TMPD/out")" -eq 4000 ]
ok $? "... a line per size, 4000"

done_testing
