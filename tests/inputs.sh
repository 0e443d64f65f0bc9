#!/bin/sh
# Hostile results files: every field is checked for kind and range,
# enumerations for their values, a column named twice is refused, a byte
# order mark is accepted, and nothing a file says reaches the terminal
# with its control characters. Each bad file: exit 2, one line naming the
# line (or benchmark) and the field.
. "${top_srcdir:-.}/tests/lib.sh"

H='family,kernel,size,src_align,dst_align,cache,mode,unit,samples,batch,median,timer_hz'
ROW='memcpy,m,64,0,0,hot,throughput,ticks,31,100,20.5,2000000000'

# csv_with COLUMN VALUE: the one-row CSV with COLUMN's cell set to VALUE.
csv_with() {
	printf '%s\n' "$H" >"$TMPD/c.csv"
	echo "$ROW" | awk -F, -v OFS=, -v h="$H" -v col="$1" -v val="$2" '{
		n = split(h, name, ",")
		for (i = 1; i <= n; i++)
			if (name[i] == col)
				$i = val
		print
	}' >>"$TMPD/c.csv"
}

# bad_csv COLUMN VALUE PATTERN: refused, one line matching PATTERN.
bad_csv() {
	csv_with "$1" "$2"
	expect_exit 2 "CSV $1 \"$2\" is refused" -- \
		"$CSUMBENCH" compare "$TMPD/c.csv" "$TMPD/c.csv"
	stderr_one_line "line 2: column $1: $3" "CSV $1 \"$2\": one line naming line and column"
}

csv_with samples 31
expect_exit 0 "the good CSV loads" -- "$CSUMBENCH" compare "$TMPD/c.csv" "$TMPD/c.csv"
for v in inf 1e300 1.5 -0 0 -3 0x10 ' 7'; do
	bad_csv samples "$v" 'not a whole number of at least 1'
done
bad_csv batch 2.5 'not a whole number of at least 1'
bad_csv size 1e3 'not a whole number'
for v in nan inf -inf 0x1p3 ' 5' 5e; do
	bad_csv median "$v" 'not a number'
done
bad_csv timer_hz 0 'not above 0'
bad_csv timer_hz -1 'not above 0'
bad_csv timer_hz abc 'not a number'
bad_csv cache warm 'not hot, cold or llc, got "warm"'
bad_csv mode fast 'not throughput or latency'
bad_csv unit furlongs 'not ticks, cycles or ns'

# A control character in a name is refused, and never echoed raw.
esc=$(printf '\033')
csv_with kernel "m${esc}[31mred"
expect_exit 2 "a kernel name with an escape sequence is refused" -- \
	"$CSUMBENCH" compare "$TMPD/c.csv" "$TMPD/c.csv"
stderr_one_line 'line 2: column kernel: text with a control character, got "m\?\[31mred"' \
	"the escape: one line, the character shown as ?"
! grep -q "$esc" "$TMPD/err"
ok $? "no escape character reaches stderr"

# A column twice: which would be meant?
printf '%s,median\n%s,99\n' "$H" "$ROW" >"$TMPD/dup.csv"
expect_exit 2 "a column named twice is refused" -- \
	"$CSUMBENCH" compare "$TMPD/dup.csv" "$TMPD/dup.csv"
stderr_one_line 'line 1: column "median" twice' "a column twice: one line naming it"

# A UTF-8 byte order mark (spreadsheets write one) is accepted.
bom=$(printf '\357\273\277')
printf '%s%s\n%s\n' "$bom" "$H" "$ROW" >"$TMPD/bom.csv"
expect_exit 0 "a CSV with a byte order mark loads" -- \
	"$CSUMBENCH" compare "$TMPD/bom.csv" "$TMPD/bom.csv"

# The .meta's timer frequency must be one; a BOM there is fine too.
printf 'family,kernel,size,src_align,dst_align,cache,unit,median\nmemcpy,m,64,0,0,hot,ticks,20\n' >"$TMPD/m.csv"
for v in abc 0 -5 inf 0x10; do
	printf 'timer_hz=%s\n' "$v" >"$TMPD/m.csv.meta"
	expect_exit 2 ".meta timer_hz=$v is refused" -- \
		"$CSUMBENCH" compare "$TMPD/m.csv" "$TMPD/m.csv"
	stderr_one_line "m\.csv\.meta: timer_hz=$v is not a frequency above 0" \
		".meta timer_hz=$v: one line naming the file and key"
done
printf '%stimer_hz=2e9\ncpu_brand=X%sY\n' "$bom" "$esc" >"$TMPD/m.csv.meta"
expect_exit 0 "a .meta with a byte order mark loads" -- \
	"$CSUMBENCH" compare "$TMPD/m.csv" "$TMPD/m.csv" --style csv
[ "$(cell "$TMPD/out" 1 a_kernel)" = m ]
ok $? "... and its points are compared"
cp "$TMPD/m.csv" "$TMPD/m2.csv"
printf 'cpu_brand=Z\n' >"$TMPD/m2.csv.meta"
"$CSUMBENCH" compare "$TMPD/m.csv" "$TMPD/m2.csv" >/dev/null 2>"$TMPD/err"
grep -q 'cpu_brand=X Y vs' "$TMPD/err" && ! grep -q "$esc" "$TMPD/err"
ok $? "a .meta value is echoed with its control characters as spaces"

# JSON.
# json_with MEMBER VALUE: one benchmark with MEMBER set to VALUE (raw JSON).
json_with() {
	awk -v m="$1" -v v="$2" 'BEGIN {
		n = split("family:\"memcpy\" kernel:\"m\" size:64 src_align:0 dst_align:0 cache:\"hot\" mode:\"throughput\" unit:\"ticks\" timer_hz:2e9 repetitions:3 samples:[20,21,22]", kv, " ")
		printf "{\"context\": {}, \"benchmarks\": [{"
		for (i = 1; i <= n; i++) {
			k = substr(kv[i], 1, index(kv[i], ":") - 1)
			x = substr(kv[i], index(kv[i], ":") + 1)
			if (k == m)
				x = v
			printf "%s\"%s\": %s", (i > 1 ? ", " : ""), k, x
		}
		printf "}]}\n"
	}' >"$TMPD/j.json"
}
bad_json() {
	json_with "$1" "$2"
	expect_exit 2 "JSON $1 $2 is refused" -- \
		"$CSUMBENCH" compare "$TMPD/j.json" "$TMPD/j.json"
	stderr_one_line "benchmarks\[0\]: .*$3" "JSON $1 $2: one line naming the benchmark"
}
json_with size 64
expect_exit 0 "the good JSON loads" -- "$CSUMBENCH" compare "$TMPD/j.json" "$TMPD/j.json"
bad_json repetitions 1e300 '"repetitions" is not a whole number of at least 1'
bad_json repetitions 2.5 '"repetitions" is not a whole number of at least 1'
bad_json repetitions 0 '"repetitions" is not a whole number of at least 1'
bad_json repetitions 4 '3 samples, but "repetitions" says 4'
bad_json timer_hz 0 '"timer_hz" is not above 0'
bad_json timer_hz -1 '"timer_hz" is not above 0'
bad_json size 1e300 '"size" is not a whole number'
bad_json cache '"lukewarm"' '"cache" is not hot, cold or llc'
bad_json unit '"s"' '"unit" is not ticks, cycles or ns'
bad_json kernel '"a\u001b[2Jb"' '"kernel" is text with a control character'
! grep -q "$esc" "$TMPD/err"
ok $? "JSON: no escape character reaches stderr"
json_with size 64
{ printf '%s' "$bom"; cat "$TMPD/j.json"; } >"$TMPD/bom.json"
expect_exit 0 "a JSON with a byte order mark loads" -- \
	"$CSUMBENCH" compare "$TMPD/bom.json" "$TMPD/bom.json"
printf '{"context": {"a\\u001bb": 1, "a\\u001bb": 2}, "benchmarks": []}\n' >"$TMPD/dupkey.json"
expect_exit 2 "a JSON member twice is refused" -- \
	"$CSUMBENCH" compare "$TMPD/dupkey.json" "$TMPD/dupkey.json"
stderr_one_line 'duplicate member "a\?b"' "a member twice: one line, no escape character"

# Option values are decimal numbers: '%' alone is no percentage, and
# strtod's hexadecimal floats are not durations.
for a in "compare $TMPD/c.csv $TMPD/c.csv --fail-above %" \
    "run -k csum.ref -s 64 --target-ci %" \
    "run -k csum.ref -s 64 --max-time 0x10" \
    "run -k csum.ref -s 64 --max-time 0x1p-3"; do
	csv_with samples 31
	label=$(echo "$a" | sed "s|$TMPD/||g")
	expect_exit 2 "$label: exit 2" -- $CSUMBENCH $a
	stderr_one_line "${a##* }" "$label: one line naming the value"
done

done_testing
