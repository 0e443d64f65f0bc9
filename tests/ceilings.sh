#!/bin/sh
# ceilings: csumbench ceilings writes a CSV with a ceiling of each pattern
# at each level, with the widest vectors the mask leaves; refuses bad
# options with one line and exit 2; and its L1 load ceiling is at least
# what the best checksum kernel reaches (a kernel above its ceiling means
# the ceiling is wrong).
. "${top_srcdir:-.}/tests/lib.sh"

"$CSUMBENCH" ceilings --time 0.5 -o "$TMPD/c.csv" >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 0 ] || diag <"$TMPD/err"
ok $r "ceilings --time 0.5 -o FILE succeeds"
head -n 1 "$TMPD/c.csv" | grep -qx \
    'level,working_set,pattern,unit,bytes_per_unit,median_bytes_per_unit,gbps,samples,isa,nontemporal'
ok $? "its CSV has the documented header"
n=$(cell "$TMPD/c.csv" level=l1 pattern | sort | tr '\n' ' ')
[ "$n" = "copy load store " ]
ok $? "a load, a store and a copy ceiling in the L1 (got: $n)"
cell "$TMPD/c.csv" '*' bytes_per_unit |
    awk '!($1 > 0) { bad = 1 } END { exit bad || NR < 3 }'
ok $? "every ceiling is a number above 0"
cell "$TMPD/c.csv" '*' median_bytes_per_unit >"$TMPD/med"
cell "$TMPD/c.csv" '*' bytes_per_unit | paste -d ' ' - "$TMPD/med" |
    awk '!($1 >= $2) { bad = 1 } END { exit bad }'
ok $? "no ceiling is below its median sample"
[ ! -s "$TMPD/out" ]
ok $? "with -o nothing goes to stdout"

# A kernel above its ceiling means the ceiling is wrong: the L1 load
# ceiling is at least the best checksum's bytes per unit at 4 and 16 KiB
# hot (sizes that fit the L1 however small it is: 2 KiB and up), within
# 3% for the noise of a shared machine. Both measured in this process's
# turn, one after the other, with the same timer.
l1=$(cell "$TMPD/c.csv" 'level=l1' pattern | grep -n load | cut -d: -f1)
ceil=$(cell "$TMPD/c.csv" 'level=l1' bytes_per_unit | sed -n "${l1}p")
"$CSUMBENCH" run -f csum -s 4K,16K -r 9 --max-time 0.5 -o "$TMPD/k.csv" \
    2>"$TMPD/err"
best=$(cell "$TMPD/k.csv" '*' bytes_per_unit | sort -g | tail -n 1)
who=$(cell "$TMPD/k.csv" "bytes_per_unit=$best" kernel | head -n 1)
echo "# L1 load ceiling $ceil, best csum $best ($who)"
awk -v c="$ceil" -v b="$best" 'BEGIN { exit !(c > 0 && b > 0 && b <= c * 1.03) }'
ok $? "no checksum kernel is above the L1 load ceiling ($who: $best <= $ceil)"

# The mask: no AVX-512 loop when AVX-512 is masked.
if grep -q avx512f /proc/cpuinfo 2>/dev/null; then
	CSUMBENCH_CPU_MASK=avx512 "$CSUMBENCH" ceilings --time 0.3 \
	    --format csv >"$TMPD/m.csv" 2>/dev/null
	! cell "$TMPD/m.csv" '*' isa | grep -q avx512
	ok $? "with AVX-512 masked no ceiling uses an AVX-512 loop"
else
	skip "no AVX-512 here"
fi

# tune measures them into the tuning file; info and run's provenance
# show them; a bad value in the file is refused with one line.
"$CSUMBENCH" tune --time 0.3 -q --tune-file "$TMPD/t" >"$TMPD/out" 2>&1
grep -q '^ceiling_l1_load=[0-9]' "$TMPD/t" && grep -qx 'ceiling_unit=[a-z]*' \
    "$TMPD/t"
ok $? "tune keeps the ceilings in the tuning file"
grep -q '^l1 .*[0-9]' "$TMPD/out"
ok $? "... and prints them"
"$CSUMBENCH" info --tune-file "$TMPD/t" >"$TMPD/out" 2>&1
grep -q '^ceilings  *load/store/copy bytes per unit .*l1 [0-9]' "$TMPD/out"
ok $? "info shows the ceilings of the tuning file"
"$CSUMBENCH" info >"$TMPD/out" 2>&1
grep -q '^ceilings  *unknown' "$TMPD/out"
ok $? "info without a tuning file says they are unknown"
"$CSUMBENCH" run -k csum.generic64 -s 64,128 -r 3 --max-time 1 --tune-file \
    "$TMPD/t" -o "$TMPD/r.csv" 2>"$TMPD/err"
grep -q '^ceiling_l1_load=[0-9]' "$TMPD/r.csv.meta" &&
    grep -q '^ceilings_source=tuning file ' "$TMPD/r.csv.meta"
ok $? "run's provenance holds the ceilings and where they came from"
pct=$(cell "$TMPD/r.csv" 1 pct_peak)
awk -v p="$pct" 'BEGIN { exit !(p > 0) }'
ok $? "... and its results have a pct_peak ($pct)"
"$CSUMBENCH" run -k csum.generic64 -s 64 -r 3 --max-time 1 -o "$TMPD/n.csv" \
    2>/dev/null
[ -z "$(cell "$TMPD/n.csv" 1 pct_peak)" ] &&
    grep -q '^ceilings_source=none' "$TMPD/n.csv.meta"
ok $? "without ceilings pct_peak is empty, and the .meta says why"
if command -v gnuplot >/dev/null 2>&1; then
	"$CSUMBENCH" plot "$TMPD/r.csv" -o "$TMPD/fig" >"$TMPD/out" 2>"$TMPD/err"
	r=$?
	[ $r -eq 0 ] || diag <"$TMPD/err"
	[ $r -eq 0 ] && [ -s "$TMPD/fig/throughput-csum-hot.png" ]
	ok $? "plot draws results that have ceilings (their roofline)"
	"$CSUMBENCH" report "$TMPD/r.csv" -o "$TMPD/rep" >/dev/null 2>&1
	grep -q '^| ceilings (measured) | load/store/copy bytes per unit .*L1 [0-9]' \
	    "$TMPD/rep/report.md"
	ok $? "report names the run's ceilings"
else
	skip "no gnuplot"
fi
sed 's/^ceiling_l2_copy=.*/ceiling_l2_copy=fast/' "$TMPD/t" >"$TMPD/bad"
expect_exit 2 "a tuning file with a bad ceiling is refused" -- \
    "$CSUMBENCH" info --tune-file "$TMPD/bad"
stderr_one_line "ceiling_l2_copy" "... with one line naming the key"

expect_exit 2 "--time 0 is refused" -- "$CSUMBENCH" ceilings --time 0
stderr_one_line "time" "... with one line naming --time"
expect_exit 2 "--format json is refused" -- \
    "$CSUMBENCH" ceilings --format json
stderr_one_line "format" "... with one line naming --format"
expect_exit 2 "--format table to a file is refused" -- \
    "$CSUMBENCH" ceilings --format table -o "$TMPD/t.txt"
stderr_one_line "terminal" "... with one line"
[ ! -e "$TMPD/t.txt" ]
ok $? "... and writes nothing"
expect_exit 2 "an operand is refused" -- "$CSUMBENCH" ceilings extra
expect_exit 2 "an unwritable -o is refused" -- \
    "$CSUMBENCH" ceilings --time 0.1 -o "$TMPD/no/such/dir/c.csv"
"$CSUMBENCH" --help 2>&1 | grep -q '^ *ceilings '
ok $? "--help lists ceilings"
"$CSUMBENCH" ceilings --help 2>&1 | grep -q -- '--time T'
ok $? "ceilings --help lists --time"

done_testing
