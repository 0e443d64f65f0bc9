#!/bin/sh
# tune: the tuning file. csumbench tune writes a valid file even on a
# tiny time budget; run, verify and info read it back as written, ignore
# (with one line) a file measured on another CPU, refuse a bad file with
# one line and exit 2, and let CSUMBENCH_KTUNE override it; and the auto
# kernels verify with every threshold a file can give at 0 and at max.
. "${top_srcdir:-.}/tests/lib.sh"

key=$("$CSUMBENCH" info | sed -n 's/^cpu key  *//p')
[ -n "$key" ]
ok $? "info prints this CPU's key"

# A tune run on a tiny budget makes a file that info reads back.
"$CSUMBENCH" tune --time 0.3 -q --tune-file "$TMPD/t" >"$TMPD/out" \
    2>"$TMPD/err"
r=$?
[ $r -eq 0 ] || diag <"$TMPD/err"
ok $r "tune --time 0.3 succeeds"
grep -qx "format=1" "$TMPD/t" && grep -qx "cpu=$key" "$TMPD/t"
ok $? "its file names the format and this CPU's key"
[ ! -s "$TMPD/err" ]
ok $? "tune -q says nothing on stderr"
"$CSUMBENCH" info --tune-file "$TMPD/t" >"$TMPD/out" 2>"$TMPD/err"
grep -q "^tuning  *file $TMPD/t (measured " "$TMPD/out"
ok $? "info uses the file tune wrote"
"$CSUMBENCH" tune --time 0.3 --tune-file "$TMPD/t" >/dev/null 2>"$TMPD/err"
grep -q "^csumbench: tune 1/" "$TMPD/err"
ok $? "tune without -q shows its progress on stderr"
XDG_CACHE_HOME=$TMPD/xdg "$CSUMBENCH" tune --time 0.3 -q >/dev/null &&
    grep -qx "cpu=$key" "$TMPD/xdg/csumbench/tune"
ok $? "by default tune writes \$XDG_CACHE_HOME/csumbench/tune"

# Round trip: every threshold, in every form a value takes, comes back.
vals="memcpy_rep=32K memcpy_nt=3M memset_rep=12345 memset_nt=max \
csum_avx512=0 csum_vnni=1G csum_avx2=384"
{
	echo "# a comment"; echo
	echo "format=1"; echo "cpu=$key"; echo "measured=yesterday"
	for v in $vals; do echo "$v"; done
} >"$TMPD/rt"
"$CSUMBENCH" info --tune-file "$TMPD/rt" >"$TMPD/out" 2>"$TMPD/err"
want=$(for v in $vals; do printf '%s (file) ' "$v"; done | sed 's/ $//')
grep -qx "thresholds  *$want" "$TMPD/out"
r=$?
[ $r -eq 0 ] || diag <"$TMPD/out"
ok $r "every threshold of the file is in force, as written"
XDG_CACHE_HOME=$TMPD/rtx; mkdir -p "$TMPD/rtx/csumbench"
cp "$TMPD/rt" "$TMPD/rtx/csumbench/tune"
XDG_CACHE_HOME=$TMPD/rtx "$CSUMBENCH" info >"$TMPD/out" 2>&1
grep -q "^tuning  *file $TMPD/rtx/csumbench/tune (measured yesterday)" \
    "$TMPD/out"
ok $? "the file at the default place is used without --tune-file"
XDG_CACHE_HOME=$TMPD/cache

# CSUMBENCH_KTUNE wins over the file, and both are named.
CSUMBENCH_KTUNE=memcpy_rep=0 "$CSUMBENCH" info --tune-file "$TMPD/rt" \
    >"$TMPD/out" 2>/dev/null
grep -q "^thresholds  *memcpy_rep=0 (env) memcpy_nt=3M (file)" "$TMPD/out" &&
    grep -q "^tuning .*overridden by CSUMBENCH_KTUNE (memcpy_rep=0)" \
    "$TMPD/out"
ok $? "CSUMBENCH_KTUNE overrides the file"

# run shows and records the tuning in force.
"$CSUMBENCH" run -k memcpy.auto -s 64 -r 3 --target-ci 0 --format table \
    --tune-file "$TMPD/rt" >"$TMPD/out" 2>/dev/null
grep -q "^Tuning: file $TMPD/rt (measured yesterday): memcpy_rep=32K " \
    "$TMPD/out"
ok $? "run's table names the tuning file and the values in force"
"$CSUMBENCH" run -k memcpy.auto -s 64 -r 3 --target-ci 0 -q \
    --tune-file "$TMPD/rt" -o "$TMPD/r.csv"
grep -q "^tuning=file $TMPD/rt " "$TMPD/r.csv.meta" &&
    grep -q "^tuning_values=memcpy_rep=32K memcpy_nt=3M " "$TMPD/r.csv.meta"
ok $? "the provenance records the tuning and its source"
"$CSUMBENCH" run -k memcpy.auto -s 64 -r 3 --target-ci 0 -q \
    -o "$TMPD/d.json"
grep -q '"tuning": "built-in defaults"' "$TMPD/d.json"
ok $? "JSON provenance: built-in defaults without a file"

# A file of another CPU: ignored, one line says why.
sed "s|^cpu=.*|cpu=GenuineIntel/6/85/00000000|" "$TMPD/rt" >"$TMPD/other"
expect_exit 0 "a file of another CPU is not an error" -- \
    "$CSUMBENCH" info --tune-file "$TMPD/other"
stderr_one_line "tuning file .*other ignored: measured on CPU GenuineIntel/6/85/00000000, this is $key" \
    "one line says why it is ignored"
grep -q "^tuning  *built-in defaults" "$TMPD/out"
ok $? "... and the built-in defaults are in force"
expect_exit 0 "verify ignores it too" -- \
    "$CSUMBENCH" verify -k csum.auto --tune-file "$TMPD/other"
grep -q "ignored: measured on CPU" "$TMPD/err"
ok $? "... saying so"

# Bad files: one line naming the file (and line), exit 2.
bad() {
	# bad DESCRIPTION PATTERN LINE...: a file of this CPU plus LINEs
	d=$1; p=$2; shift 2
	{ echo "format=1"; echo "cpu=$key"; for l in "$@"; do echo "$l"; done; } \
	    >"$TMPD/bad"
	expect_exit 2 "$d is refused" -- \
	    "$CSUMBENCH" info --tune-file "$TMPD/bad"
	stderr_one_line "$p" "... with one line: $p"
}
bad "an unknown key" 'bad:3: unknown key "memcpy_fast"' "memcpy_fast=1"
bad "a bad value" 'bad:3: memcpy_nt wants a byte count' "memcpy_nt=lots"
bad "an overflowing value" 'bad:3: memcpy_nt wants' "memcpy_nt=99999999999G"
bad "a key given twice" 'bad:4: csum_vnni given twice' "csum_vnni=1" \
    "csum_vnni=2"
bad "a line without =" 'bad:3: not a key=value line' "memcpy_rep 32K"
bad "another format" 'bad:3: format 2 is not one' "format=2"
bad "a brand with a control character" 'bad:3: brand has a control character' \
    "brand=$(printf 'AMD\033[31m EPYC')"
bad "a brand longer than its field" 'bad:3: brand is longer than 127 bytes' \
    "brand=$(printf '%0200d' 0)"
echo "memcpy_rep=1K" >"$TMPD/nocpu"
expect_exit 2 "a file without cpu= is refused" -- \
    "$CSUMBENCH" run -s 64 -k memcpy.auto --tune-file "$TMPD/nocpu"
stderr_one_line "nocpu: no cpu= line" "... with one line"
expect_exit 2 "a missing --tune-file is refused" -- \
    "$CSUMBENCH" verify -k csum.auto --tune-file "$TMPD/none"
stderr_one_line "tune-file: .*none: no such file" "... with one line"
expect_exit 2 "rx: a missing --tune-file is refused" -- \
    "$CSUMBENCH" rx -s 64 --tune-file "$TMPD/none" -o "$TMPD/rx.csv"
stderr_one_line "tune-file: .*none: no such file" "... with one line"
[ ! -e "$TMPD/rx.csv" ] && [ ! -e "$TMPD/rx.csv.meta" ]
ok $? "... and no output file is left"
expect_exit 2 "tune into a directory that does not exist is refused" -- \
    "$CSUMBENCH" tune --time 0.1 --tune-file "$TMPD/no/such/t"
stderr_one_line "cannot write" "... with one line"
[ ! -e "$TMPD/no" ]
ok $? "... and nothing is made"

# Extreme tunings change no result: every threshold at 0, then at max,
# natively and with AVX-512 masked off (its own CPU key).
kern=$("$CSUMBENCH" list --csv | awk -F, '
	NR > 1 && $2 ~ /^(memcpy|memset|csum)\.auto$/ && $5 == "yes" {
		printf "%s%s", s, $2; s = ","
	}')
if [ -z "$kern" ]; then
	skip "no kernel here reads the tuning"
else
	for mask in "" avx512; do
		mkey=$(CSUMBENCH_CPU_MASK=$mask "$CSUMBENCH" info |
		    sed -n 's/^cpu key  *//p')
		for x in 0 max; do
			{ echo "format=1"; echo "cpu=$mkey"
			  for n in memcpy_rep memcpy_nt memset_rep memset_nt \
			      csum_avx512 csum_vnni csum_avx2; do
				echo "$n=$x"; done; } >"$TMPD/x"
			CSUMBENCH_CPU_MASK=$mask "$CSUMBENCH" verify -k "$kern" \
			    --tune-file "$TMPD/x" >"$TMPD/out" 2>"$TMPD/err"
			r=$?
			[ $r -eq 0 ] || diag <"$TMPD/out"
			grep -q "tuning in force: file $TMPD/x" "$TMPD/err" ||
			    r=1
			ok $r "verify $kern with every threshold $x${mask:+, $mask masked}"
		done
	done
fi

done_testing
