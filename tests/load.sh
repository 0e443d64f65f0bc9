#!/bin/sh
# Kernel objects on the command line: --load on list, verify, run and csum;
# a loaded kernel is verified before it is timed and refused when wrong;
# objects that are not csumbench's or of another ABI are refused with exit
# 2; run --ab pairs two loaded builds. Correctness only: no timing is
# asserted.
. "${top_srcdir:-.}/tests/lib.sh"
B="${top_builddir:-.}"
T="$B/tests"
KO="$B/csumbench-kernels.so"

"$CSUMBENCH" list --load "$T/kobj_ok.so" >"$TMPD/out" 2>"$TMPD/err"
n=$(grep -c '^ *kobj_ok:' "$TMPD/out")
[ "$n" -eq 4 ]
ok $? "list --load: the object's four kernels are listed as kobj_ok:family.variant ($n)"
"$CSUMBENCH" list --load "$T/kobj_ok.so=mine" >"$TMPD/out" 2>&1
grep -q '^ *mine:csum.words32 ' "$TMPD/out"
ok $? "list --load FILE=NAME: registered under NAME"

# How a crashing kernel's child ends: killed by the signal, or, in a
# build with AddressSanitizer (which catches SIGSEGV), its exit status 1.
CRASH='killed by Segmentation fault'
ldd "$CSUMBENCH" 2>/dev/null | grep -q libasan &&
    CRASH='\(killed by Segmentation fault\|did not finish (exit 1)\)'

expect_exit 0 "verify --load: a right object verifies" -- \
	"$CSUMBENCH" verify --load "$T/kobj_ok.so" -k 'kobj_ok:*'
expect_exit 1 "verify --load: a wrong object fails verification (exit 1)" -- \
	"$CSUMBENCH" verify --load "$T/kobj_wrong.so" -k 'kobj_wrong:*'
grep -q 'kobj_wrong:csum.oddbug: size 1 src+0' "$TMPD/out"
ok $? "... naming the failing case"
grep -q "kobj_wrong:memcpy.crash .*$CRASH.*at size 100" "$TMPD/out"
ok $? "... and a kernel that crashes, with the case it crashed on"

# Long names (an object's name before each kernel's) keep verify's columns.
"$CSUMBENCH" verify --load "$T/kobj_ok.so=an_object_with_a_long_name" \
    -k 'an_object_with_a_long_name:*,csum.adc' >"$TMPD/out" 2>&1 &&
    [ "$(awk '/ ok /{ print index($0, " ok ") }' "$TMPD/out" | sort -u |
    wc -l)" -eq 1 ]
ok $? "verify: the ok column lines up after long kernel names"

# Verify before time: a run of a wrong object measures nothing, writes no
# file, exits 1 and says why; the crash is reported, not suffered.
rm -f "$TMPD/res.csv"
expect_exit 1 "run --load of a wrong object: refused before timing (exit 1)" -- \
	"$CSUMBENCH" run --load "$T/kobj_wrong.so" -k 'kobj_wrong:*' -s 64 \
	-o "$TMPD/res.csv"
grep -q 'loaded kernels failed verification, nothing was measured' "$TMPD/err" &&
    grep -q 'kobj_wrong:csum.oddbug: size 1 src+0' "$TMPD/err" &&
    grep -q "kobj_wrong:memcpy.crash .*$CRASH" "$TMPD/err"
ok $? "... stderr names the failing cases, the crash among them"
[ ! -e "$TMPD/res.csv" ] && [ ! -s "$TMPD/out" ]
ok $? "... no result file and nothing on stdout"
# One wrong kernel among right ones stops the run too: the run does not
# time a subset the user did not ask for.
expect_exit 1 "run: one wrong loaded kernel among right ones stops the run" -- \
	"$CSUMBENCH" run --load "$T/kobj_wrong.so" -k 'csum.ref,kobj_wrong:csum.oddbug' \
	-s 64 -q
expect_exit 1 "csum --load -k of a wrong kernel: refused before use" -- \
	"$CSUMBENCH" csum --load "$T/kobj_wrong.so" -k kobj_wrong:csum.oddbug \
	"$top_srcdir/README.md"
"$CSUMBENCH" csum "$top_srcdir/README.md" >"$TMPD/ref" 2>/dev/null
"$CSUMBENCH" csum --load "$T/kobj_ok.so" -k kobj_ok:csum.words32 \
	"$top_srcdir/README.md" >"$TMPD/got" 2>/dev/null
cmp -s "$TMPD/ref" "$TMPD/got"
ok $? "csum --load -k: a loaded kernel gives the reference's checksum"

# Objects that cannot be loaded: one line, exit 2.
expect_exit 2 "another ABI version: exit 2" -- \
	"$CSUMBENCH" run --load "$T/kobj_abi.so" -s 64 -q
stderr_one_line 'kobj_abi.so: kernel ABI version 2, this csumbench loads version 1' \
	"... one line naming both versions"
expect_exit 2 "no kernel table: exit 2" -- \
	"$CSUMBENCH" verify --load "$T/kobj_notable.so"
stderr_one_line 'kobj_notable.so: not a csumbench kernel object' "... one line"
expect_exit 2 "two kernels of one name in an object: exit 2" -- \
	"$CSUMBENCH" list --load "$T/kobj_dup.so"
stderr_one_line 'kobj_dup.so: two kernels are named memcpy.same' "... one line"
expect_exit 2 "one object loaded twice under one name: exit 2" -- \
	"$CSUMBENCH" list --load "$T/kobj_ok.so" --load "$T/kobj_ok.so"
stderr_one_line 'kobj_ok' "... one line"
expect_exit 2 "an init hook that crashes: exit 2" -- \
	"$CSUMBENCH" verify --load "$T/kobj_crash.so"
stderr_one_line 'kobj_crash.so: its init hook crashed \(Segmentation fault\)' \
	"... one line naming the object and the crash"
expect_exit 2 "a table claiming more kernels than it holds: exit 2" -- \
	"$CSUMBENCH" run --load "$T/kobj_overrun.so" -k 'kobj_overrun:*' -s 64 -q
stderr_one_line 'kobj_overrun.so: reading its kernel table \(1000 kernels claimed\) crashed' \
	"... one line naming the object and the count"
expect_exit 2 "a file that is not a shared object: exit 2" -- \
	"$CSUMBENCH" list --load "$top_srcdir/README.md"
stderr_one_line 'README.md' "... one line"

# run --ab: two loads of the built-in kernels' object, paired.
expect_exit 0 "run --ab A,B of two loads of csumbench-kernels.so" -- \
	"$CSUMBENCH" run --load "$KO=old" --load "$KO=new" --ab old,new \
	-f csum -k '*csum.generic64,*csum.ref' -s 64,1500 --max-time 0.01 -q
n=$(grep -c '^### old:csum\.[a-z0-9]* vs new:csum\.[a-z0-9]*,' "$TMPD/out")
[ "$n" -eq 2 ] && grep -q '^| 1500 |' "$TMPD/out"
ok $? "... one delta table per pair of twins, B against A ($n)"
"$CSUMBENCH" run --load "$KO=old" --load "$KO=new" --ab old,new \
	-f csum -k '*csum.generic64' -s 64,1500 --max-time 0.01 -q --style csv \
	-o "$TMPD/ab.csv" >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 0 ] && [ "$(cell "$TMPD/ab.csv" '*' kernel | sort -u | tr '\n' ' ')" = \
	"new:csum.generic64 old:csum.generic64 " ]
ok $? "... -o FILE holds both sides' points"
# A delta table tests blocks of 8 paired samples and needs 6 of them at
# alpha 0.05: run takes at least 72 samples per point for it (not -r).
n=$(cell "$TMPD/ab.csv" '*' samples | sort -n | head -1)
[ "${n:-0}" -ge 72 ]
ok $? "... at least 72 samples per point for the table's test ($n)"
"$CSUMBENCH" run -k 'memset.libc,memset.words' -s 65536 --baseline memset.libc \
	--max-time 0.01 -q -o "$TMPD/bl.csv" >/dev/null 2>&1
n=$(cell "$TMPD/bl.csv" '*' samples | sort -n | head -1)
[ "${n:-0}" -ge 72 ]
ok $? "run --baseline: at least 72 samples per point as well ($n)"
expect_exit 2 "run --ab with a name that is not loaded: exit 2" -- \
	"$CSUMBENCH" run --load "$KO=old" --ab old,new -f csum -q
stderr_one_line 'new' "... one line naming it"

# run --ab --replicas 2: each object loaded twice, copy K of A paired with
# copy K of B; the copies come from private files removed at once.
cp "$KO" "$TMPD/b.so"
mkdir -p "$TMPD/tmp"
TMPDIR="$TMPD/tmp" "$CSUMBENCH" run --load "$KO=old" --load "$TMPD/b.so=new" \
	--ab old,new --replicas 2 -f csum -k '*csum.generic64' -s 64,1500 \
	--max-time 0.01 -q --style csv -o "$TMPD/rep.json" >"$TMPD/out" \
	2>"$TMPD/err"
r=$?
[ $r -eq 0 ] && [ "$(cell "$TMPD/rep.json" '*' kernel | sort -u | tr '\n' ' ')" = \
	"new.2:csum.generic64 new:csum.generic64 old.2:csum.generic64 old:csum.generic64 " ]
ok $? "run --ab --replicas 2: the results hold both copies of both objects"
[ "$(cell "$TMPD/out" row=point a_kernel | tr '\n' ' ')" = \
	"old:csum.generic64 old:csum.generic64 old.2:csum.generic64 old.2:csum.generic64 " ] &&
    [ "$(cell "$TMPD/out" row=point b_kernel | sort -u | tr '\n' ' ')" = \
	"new.2:csum.generic64 new:csum.generic64 " ]
ok $? "... the delta table has a row per copy: old vs new, old.2 vs new.2"
[ -z "$(ls -A "$TMPD/tmp")" ]
ok $? "... and no copy of an object is left in TMPDIR"
"$CSUMBENCH" run --load "$KO=old" --load "$TMPD/b.so=new" --ab old,new \
	-f csum -k '*csum.generic64' -s 1500 --max-time 0.01 -q --fail-above 50 \
	-o "$TMPD/rep2.csv" >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -le 1 ] && [ "$(cell "$TMPD/rep2.csv" '*' kernel | sort -u | tr '\n' ' ')" = \
	"new.2:csum.generic64 new.3:csum.generic64 new.4:csum.generic64 new:csum.generic64 old.2:csum.generic64 old.3:csum.generic64 old.4:csum.generic64 old:csum.generic64 " ]
ok $? "run --ab --fail-above: four copies of each object by default (exit $r)"
# Its delta table: a row per point over the four copies, not a table per
# copy (-v gives those).
grep -q '^### old:csum.generic64 vs new:csum.generic64, .*, in 4 copies$' \
    "$TMPD/out" && [ "$(grep -c '^| 1500 | ' "$TMPD/out")" -eq 1 ] &&
    grep -Eq '^\| 1500 \| [0-9.-]+ \| [0-9.-]+ \| [-+][0-9.]+% \.\. [-+][0-9.]+% \| [0-4] of 4 \| (pass|FAIL)' \
    "$TMPD/out" && ! grep -q 'old\.2:' "$TMPD/out"
ok $? "... its table: one row per point, the copies' range, the gate's word"
"$CSUMBENCH" run --load "$KO=old" --load "$TMPD/b.so=new" --ab old,new \
	-f csum -k '*csum.generic64' -s 1500 --max-time 0.01 -q -v \
	--fail-above 50 >"$TMPD/outv" 2>"$TMPD/err"
[ "$(grep -c '^### old[.0-9]*:csum.generic64 vs new[.0-9]*:csum.generic64,' "$TMPD/outv")" -eq 4 ]
ok $? "... with -v, a table per copy"
# Layout: copy k of both objects at one offset within 4 KiB (their kernels
# start a 4 KiB boundary), the four copies at four offsets, in 64-byte
# steps, one in each quarter of the page.
offs=""
for k in "" .2 .3 .4; do
	a=$(cell "$TMPD/rep2.csv" "kernel=old$k:csum.generic64" code_offset)
	b=$(cell "$TMPD/rep2.csv" "kernel=new$k:csum.generic64" code_offset)
	[ -n "$a" ] && [ "$a" = "$b" ] && [ $((a % 64)) -eq 0 ] || offs=bad
	offs="$offs $a"
done
echo "# code offsets of the copies:$offs"
case $offs in
*bad*) false ;;
*) [ "$(echo $offs | tr ' ' '\n' | awk '{ print int($1 / 1024) }' |
	sort -u | wc -l)" -eq 4 ] ;;
esac
ok $? "run --ab: copy k of old and of new at one offset, the copies apart:$offs"
! grep -q 'warning: --ab: .* do not start a 4 KiB boundary' "$TMPD/err"
ok $? "... with no layout warning for objects built by this tree"
# An object built without -falign-functions=4096: its kernels' offsets
# within their pages follow the code around them; the run says so.
KOK=$top_builddir/tests/kobj_ok.so
cp "$KOK" "$TMPD/ok2.so"
"$CSUMBENCH" run --load "$KOK=x" --load "$TMPD/ok2.so=y" --ab x,y \
	-k csum.words32 -s 64 --max-time 0.01 --style csv \
	>"$TMPD/out" 2>"$TMPD/err"
grep -q 'the code of x and of y at one offset in the page ([0-9]* B)' "$TMPD/err"
ok $? "run --ab says where it placed the code"
grep -q 'warning: --ab: [0-9]* kernels of x and [0-9]* of y do not start a 4 KiB boundary.*-falign-functions=4096.*(-W no-layout)' "$TMPD/err"
ok $? "run --ab of objects built without -falign-functions=4096: a warning naming the flag"
expect_exit 2 "--replicas without a loaded object: exit 2" -- \
	"$CSUMBENCH" run --replicas 2 -k csum.ref -s 64 -q
stderr_one_line 'replicas.*--load' "... one line"
# Layout as a result: copies of one object at other offsets, and how far
# each kernel's cost moved between them.
"$CSUMBENCH" run --load "$KO=k" --replicas 3 -k 'k:csum.ref' -s 64 \
	--max-time 0.01 --format table -o - >"$TMPD/out" 2>"$TMPD/err"
r=$?
[ $r -eq 0 ] && grep -q "^Layout: how far a kernel's cost moved between 3 copies" "$TMPD/out" &&
    grep -Eq '^k:csum.ref +64 +0/0 +[0-9.]+ +[0-9.]+ +[0-9.]+%$' "$TMPD/out"
ok $? "run --load --replicas 3: a layout table, the kernel's cheapest and dearest copy (exit $r)"
"$CSUMBENCH" run --load "$KO=k" --replicas 3 -k 'k:csum.ref' -s 64 \
	--max-time 0.01 -q -o "$TMPD/lay.csv" >/dev/null 2>&1
[ "$(cell "$TMPD/lay.csv" '*' kernel | sort | tr '\n' ' ')" = \
	"k.2:csum.ref k.3:csum.ref k:csum.ref " ] &&
    [ "$(cell "$TMPD/lay.csv" '*' code_offset | sort -u | wc -l)" -eq 3 ]
ok $? "... the results hold the three copies, at three offsets"
if command -v gnuplot >/dev/null 2>&1; then
	"$CSUMBENCH" report "$TMPD/lay.csv" -o "$TMPD/rep" >/dev/null 2>&1 &&
	    grep -q '^## Code layout$' "$TMPD/rep/report.md" &&
	    grep -Eq '^k:csum.ref +64 +0/0 ' "$TMPD/rep/report.md"
	ok $? "report: a Code layout section with the kernel's copies"
else
	skip "no gnuplot: report not tested"
fi
for n in 0 5; do
	expect_exit 2 "--replicas $n: exit 2" -- \
		"$CSUMBENCH" run --load "$KO=old" --load "$TMPD/b.so=new" \
		--ab old,new --replicas $n -k csum.ref -s 64 -q
	stderr_one_line 'replicas' "... one line"
done

# The slowdown that the README's sensitivity measurement applies to a
# second tree must still apply to this one.
if command -v patch >/dev/null 2>&1; then
	cp -R "$top_srcdir/kernels" "$TMPD/slowtree"
	mkdir -p "$TMPD/slow" && mv "$TMPD/slowtree" "$TMPD/slow/kernels"
	patch -s -F 0 -d "$TMPD/slow" -p1 <"$top_srcdir/scripts/ab-slowdown.patch" \
	    >"$TMPD/patch.out" 2>&1
	ok $? "scripts/ab-slowdown.patch applies to this tree's kernels"
else
	skip "no patch(1) to apply scripts/ab-slowdown.patch"
fi

done_testing
