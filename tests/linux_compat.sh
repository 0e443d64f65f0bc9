#!/bin/sh
# linux_compat: a kernel object written as a Linux checksum file is
# (tests/kobj_linux.c: #ifdef __LITTLE_ENDIAN, EXPORT_SYMBOL, __user,
# ror64, a tail read with load_unaligned_zeropad up to the guard page),
# with <csumbench/linux_compat.h> as its only include, verifies with
# every length and offset, guard pages on both sides.
. "${top_srcdir:-.}/tests/lib.sh"
T="${top_builddir:-.}/tests"

"$CSUMBENCH" info | grep -q '^features .*fault-recovery' ||
    skip_all "no fault recovery here: the object needs it"
expect_exit 0 "verify --load: the Linux-style object verifies" -- \
	"$CSUMBENCH" verify --load "$T/kobj_linux.so" -k 'kobj_linux:*'
n=$(grep -c '^kobj_linux:[a-z_]*\.linux  *ok ' "$TMPD/out")
[ "$n" -eq 2 ]
r=$?
[ $r -eq 0 ] || diag <"$TMPD/out"
ok $r "both of its kernels, csum and csum_copy, are ok ($n)"
printf '\000\001\362\003\364\365\366\367' >"$TMPD/rfc"
sum=$("$CSUMBENCH" csum --load "$T/kobj_linux.so" -k kobj_linux:csum.linux \
    "$TMPD/rfc" 2>/dev/null | awk '{ print $1 }')
[ "$sum" = "0x220d" ] || [ "$sum" = "220d" ]
ok $? "its checksum of RFC 1071's example is 0x220d ($sum)"

done_testing
