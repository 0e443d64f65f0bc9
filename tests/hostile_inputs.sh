#!/bin/sh
# Careless and hostile inputs get a message that names the real cause:
# a full device, a NUL byte, a key given twice, a noexec TMPDIR.
. "${top_srcdir:-.}/tests/lib.sh"

D="$top_srcdir/tests/data"

if [ -w /dev/full ]; then
	expect_exit 2 "compare -o /dev/full exits 2" -- \
	    "$CSUMBENCH" compare "$D/gate_a.csv" "$D/gate_a.csv" -q -o /dev/full
	stderr_one_line 'cannot write /dev/full: No space left on device' \
	    "... saying the device is full"
else
	skip "no writable /dev/full"
	skip "no writable /dev/full"
fi

printf '64 1\n12\0008 2\n' >"$TMPD/nul.txt"
expect_exit 2 "an @FILE with a NUL byte exits 2" -- \
    "$CSUMBENCH" run -s "@$TMPD/nul.txt" -k memcpy.libc -r 3 --target-ci 0
stderr_one_line 'nul.txt:2: a NUL byte' "... naming the line and the NUL byte"
printf '\000memcpy_nt=4096\n' >"$TMPD/nul.tune"
expect_exit 2 "a tuning file with a NUL byte exits 2" -- \
    "$CSUMBENCH" verify --tune-file "$TMPD/nul.tune" -k memcpy.libc
stderr_one_line 'nul.tune:1: a NUL byte' "... naming the line and the NUL byte"

CSUMBENCH_KTUNE=memcpy_nt=0,memcpy_nt=4096 expect_exit 2 \
    "CSUMBENCH_KTUNE with a name given twice exits 2" -- \
    "$CSUMBENCH" verify -k memcpy.libc
stderr_one_line 'CSUMBENCH_KTUNE: memcpy_nt given twice' "... naming it"

# Replicas on a TMPDIR mounted noexec (root, in a mount namespace of its
# own). run --ab copies an object's code in memory: TMPDIR plays no part.
# An object whose code cannot be moved (RELR relocations, built here when
# the linker can) is copied as a file in TMPDIR instead: then the message
# names the directory and TMPDIR, not the object.
KO="$top_builddir/csumbench-kernels.so"
mkdir "$TMPD/tmp"
relr=0
${CC:-cc} -shared -fPIC -I"$top_builddir/tests/include" \
    -Wl,-z,pack-relative-relocs "$top_srcdir/tests/kobj_ok.c" \
    -o "$TMPD/relr.so" 2>/dev/null && relr=1
if [ "$(id -u)" = 0 ] && [ -f "$KO" ] && command -v unshare >/dev/null &&
    unshare -m mount -t tmpfs -o noexec,size=4m tmpfs "$TMPD/tmp" \
    2>/dev/null; then
	unshare -m sh -c "mount -t tmpfs -o noexec,size=4m tmpfs '$TMPD/tmp' &&
	    TMPDIR='$TMPD/tmp' exec '$CSUMBENCH' run --load '$KO=a' \
	    --load '$KO=b' --ab a,b --replicas 2 -k '*csum.ref' -s 64 -q \
	    --max-time 0.01" >"$TMPD/out" 2>"$TMPD/err"
	st=$?
	[ $st -eq 0 ]; ok $? "replicas of movable code on a noexec TMPDIR: made in memory, exit 0 (got $st)"
	if [ $relr = 1 ]; then
		unshare -m sh -c "mount -t tmpfs -o noexec,size=4m tmpfs '$TMPD/tmp' &&
		    TMPDIR='$TMPD/tmp' exec '$CSUMBENCH' run \
		    --load '$TMPD/relr.so=a' --load '$TMPD/relr.so=b' \
		    --ab a,b --replicas 2 -k '*csum.words32' -s 64 -q" \
		    >"$TMPD/out" 2>"$TMPD/err"
		st=$?
		[ $st -eq 2 ]; ok $? "replicas of an object with RELR relocations on a noexec TMPDIR: exit 2 (got $st)"
		stderr_one_line "$TMPD/tmp/csumbench-replica.* mounted noexec .*TMPDIR" \
		    "... naming the directory and TMPDIR"
	else
		skip "the linker cannot make RELR relocations"
		skip "the linker cannot make RELR relocations"
	fi
else
	skip "not root, or no mount namespace: noexec TMPDIR not tested"
	skip "not root, or no mount namespace: noexec TMPDIR not tested"
	skip "not root, or no mount namespace: noexec TMPDIR not tested"
fi

# A CPU brand that is HTML: text in report.md, not markup.
if command -v gnuplot >/dev/null 2>&1; then
	cp "$D/results.csv" "$TMPD/h.csv"
	sed 's|^cpu_brand=.*|cpu_brand=<img src=x onerror=alert(1)> \& Co|' \
	    "$D/results.csv.meta" >"$TMPD/h.csv.meta"
	CSUMBENCH_DATADIR=$(cd "$top_srcdir/scripts" && pwd) expect_exit 0 \
	    "report of results whose CPU brand is HTML" -- \
	    "$CSUMBENCH" report "$TMPD/h.csv" -o "$TMPD/rep" -k 'memcpy*'
	! grep -q '<img' "$TMPD/rep/report.md" &&
	    grep -q '&lt;img src=x onerror=alert(1)&gt; &amp; Co' "$TMPD/rep/report.md"
	ok $? "... the brand is escaped in report.md"
else
	skip "gnuplot is not installed: report not tested"
	skip "gnuplot is not installed: report not tested"
fi

done_testing
