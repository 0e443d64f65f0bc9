#!/bin/sh
# tests/json_names.sh - every grid position has its own JSON name: a sweep
# over two distances writes two names, and a point at the default
# placement keeps the name it always had.
. "${top_srcdir:-.}/tests/lib.sh"

expect_exit 0 "run --distance 0,2048 -o JSON exits 0" -- "$CSUMBENCH" run \
    -k memcpy.libc -s 64 --distance 0,2048 -r 3 -q --cpu 0 -o "$TMPD/d.json"
sed -n 's/^ *"name": "\(.*\)",$/\1/p' "$TMPD/d.json" >"$TMPD/names"
[ "$(wc -l <"$TMPD/names")" -eq 2 ]
ok $? "two points, two names: $(tr '\n' ' ' <"$TMPD/names")"
[ -z "$(sort "$TMPD/names" | uniq -d)" ]
ok $? "the two names differ"
grep -qx 'memcpy.libc/64/0/0/hot/throughput' "$TMPD/names"
ok $? "the default placement's name is as before"
grep -qx 'memcpy.libc/64/0/0/hot/throughput/distance:0' "$TMPD/names"
ok $? "distance 0 is named"

done_testing
