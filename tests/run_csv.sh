#!/bin/sh
# csumbench run: CSV columns, one row per point, atomic output.
. "${top_srcdir:-.}/tests/lib.sh"

expect_exit 0 "run -o r.csv exits 0" -- "$CSUMBENCH" run -k 'csum.*,memcpy.libc' -s 64,256 -a 0,1 -r 5 -q -o "$TMPD/r.csv"
head -1 "$TMPD/r.csv" | tr ',' '\n' >"$TMPD/cols"
for c in family kernel size src_align dst_align rel_align cache unit min median mean stddev bytes_per_unit gbps mops; do
	grep -qx "$c" "$TMPD/cols"; ok $? "CSV has column $c"
done
nk=$("$CSUMBENCH" list --csv -k 'csum.*,memcpy.libc' | cell - available=yes kernel | wc -l)
rows=$(($(wc -l <"$TMPD/r.csv") - 1))
[ "$rows" -eq $((nk * 2 * 2)) ]; ok $? "one row per kernel x size x alignment ($rows = $nk x 2 x 2)"
r=0
for c in batch min median mean; do
	v=$(cell "$TMPD/r.csv" '*' $c) || r=1
	echo "$v" | grep -qx '' && r=1
done
ok $r "no empty figures (batch, min, median, mean)"
if grep -q '[0-9],[0-9]*[0-9]\.[0-9]*,' "$TMPD/r.csv"; then r=0; else r=1; fi
ok $r "numbers use a decimal point"
fields=$(awk -F, '{ print NF }' "$TMPD/r.csv" | sort -u | wc -l)
[ "$fields" -eq 1 ]; ok $? "every row has the same number of fields"
ls -A "$TMPD" | grep -q '^\.csumbench' && r=1 || r=0
ok $r "no temporary file left beside the output"

# Not a terminal: CSV on stdout.
"$CSUMBENCH" run -k csum.ref -s 20 -r 3 -q >"$TMPD/out" 2>"$TMPD/err"
head -1 "$TMPD/out" | grep -q '^family,kernel,'; ok $? "stdout not a terminal: CSV"
[ ! -s "$TMPD/err" ]; ok $? "-q: nothing on stderr"

# csum_diff skips sizes that are not whole words, with a note.
"$CSUMBENCH" run -k csum_diff.direct -s 6,8 -r 3 >"$TMPD/out" 2>"$TMPD/err"
[ "$(($(wc -l <"$TMPD/out") - 1))" -eq 1 ]; ok $? "csum_diff measures whole-word sizes only"
grep -q "multiples of 4" "$TMPD/err"; ok $? "and says so on stderr"

# Presets of the cover letters.
"$CSUMBENCH" run -k csum_diff.direct -s bpf -r 3 -q >"$TMPD/out"
sizes=$(cell "$TMPD/out" '*' size | tr '\n' ' ')
[ "$sizes" = "4 8 16 20 32 40 64 128 256 512 " ]; ok $? "bpf preset sizes ($sizes)"

done_testing
