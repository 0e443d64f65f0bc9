#!/bin/sh
# Output files: a regular file is replaced atomically and its .meta only
# after it, so a failure never leaves a pair that disagrees; symbolic links
# are followed; devices, FIFOs and descriptors are written directly, never
# replaced, and get no sidecar; write errors exit 2. As root, the device
# checks run in a private mount namespace with a /dev of their own, so
# that a failure cannot replace the machine's /dev/null.
. "${top_srcdir:-.}/tests/lib.sh"

# Absolute, for the runs from other directories below.
case $CSUMBENCH in
/*) ;;
*) CSUMBENCH=$(pwd)/$CSUMBENCH ;;
esac
R="$CSUMBENCH run -q -k csum.ref -s 64 -r 3 --target-ci 0"
# A run long enough to change its outputs' names while it measures.
LONG="$CSUMBENCH run -q -k csum.ref -s 64 -r 10000 --target-ci 0"
data="$top_srcdir/tests/data"

# leftovers DIR: the temporary files left in DIR (ls -A: they are dotfiles).
leftovers() {
	ls -A "$1" | grep '^\.csumbench' || true
}

# wait_tmp DIR: until a temporary output file exists in DIR (the run has
# opened its outputs), at most 20 s.
wait_tmp() {
	i=0
	while [ -z "$(leftovers "$1")" ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# kind PATH: what is there (regular, link, fifo, chardev, dir, none).
kind() {
	if [ -L "$1" ]; then echo link
	elif [ -p "$1" ]; then echo fifo
	elif [ -c "$1" ]; then echo chardev
	elif [ -d "$1" ]; then echo dir
	elif [ -f "$1" ]; then echo regular
	else echo none
	fi
}

# The device checks. /dev/full: a write error is exit 2, one line.
devices() {
	# devices DEV: checks against DEV/null and DEV/full, as ok lines.
	expect_exit 0 "compare -o $1/null exits 0" -- \
		"$CSUMBENCH" compare "$data/results.csv" "$data/results.csv" -q -o "$1/null"
	[ "$(kind "$1/null")" = chardev ] && [ ! -e "$1/null.meta" ]
	ok $? "$1/null is still a character device"
	expect_exit 0 "run -o $1/null exits 0 (CSV by default)" -- $R -o "$1/null"
	[ "$(kind "$1/null")" = chardev ] && [ ! -e "$1/null.meta" ]
	ok $? "run: $1/null is still a character device, no $1/null.meta"
	expect_exit 2 "run -o $1/full exits 2" -- $R -o "$1/full"
	stderr_one_line "$1/full: No space left on device" "$1/full: one line naming ENOSPC"
	[ "$(kind "$1/full")" = chardev ] && [ ! -e "$1/full.meta" ]
	ok $? "$1/full is still a character device, no $1/full.meta"
	expect_exit 2 "compare -o $1/full exits 2" -- \
		"$CSUMBENCH" compare "$data/results.csv" "$data/results.csv" -q -o "$1/full"
	[ -z "$(leftovers "$1")" ]
	ok $? "nothing left in $1"
}
if [ "$1" = --namespace ]; then
	# Inside the namespace (below): a /dev of our own, made of the real
	# devices, and our own numbering of the checks.
	mount -t tmpfs csumbench-dev /dev || exit 3
	mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/full c 1 7 &&
	    ln -s /proc/self/fd /dev/fd && ln -s /proc/self/fd/1 /dev/stdout || exit 3
	tap_n=$2
	devices /dev
	expect_exit 0 "compare -o /dev/stdout (a link to /proc/self/fd/1) exits 0" -- \
		"$CSUMBENCH" compare "$data/results.csv" "$data/results.csv" -q -o /dev/stdout
	[ "$(kind /dev/stdout)" = link ] && grep -q '^| Size' "$TMPD/out"
	ok $? "/dev/stdout is still a link, the table went to stdout"
	echo "$tap_n $tap_fail" >"$3"
	exit 0
fi

# Targets that cannot be written are refused before measuring.
mkdir "$TMPD/csv" "$TMPD/csv/r.csv"
expect_exit 2 "CSV target is a directory: exit 2" -- $R -o "$TMPD/csv/r.csv"
stderr_one_line 'r\.csv: is a directory' "CSV target is a directory: one line naming it"
[ ! -e "$TMPD/csv/r.csv.meta" ] && [ -z "$(leftovers "$TMPD/csv")" ]
ok $? "directory target: no .meta, no temporary file"
mkdir "$TMPD/meta" "$TMPD/meta/r.csv.meta"
expect_exit 2 ".meta target is a directory: exit 2" -- $R -o "$TMPD/meta/r.csv"
stderr_one_line 'r\.csv\.meta: is a directory' ".meta target is a directory: one line naming it"
[ ! -e "$TMPD/meta/r.csv" ] && [ -z "$(leftovers "$TMPD/meta")" ]
ok $? ".meta target is a directory: no CSV, no temporary file"
mkdir "$TMPD/cwd" "$TMPD/cwd/r.json"
(cd "$TMPD/cwd" && $R -o r.json) >/dev/null 2>&1
[ $? -eq 2 ] && [ -z "$(leftovers "$TMPD/cwd")" ]
ok $? "relative path: exit 2, no temporary file left"

# A good run leaves only its outputs.
mkdir "$TMPD/good"
expect_exit 0 "a good run exits 0" -- $R -o "$TMPD/good/r.csv"
[ "$(ls -A "$TMPD/good" | tr '\n' ' ')" = "r.csv r.csv.meta " ]
ok $? "a good run leaves r.csv and r.csv.meta only"

# The results cannot be committed (the CSV's name became a directory
# while the run measured): the old pair stays as it was.
mkdir "$TMPD/pair"
$R --seed 1 -o "$TMPD/pair/r.csv" 2>/dev/null
cp "$TMPD/pair/r.csv.meta" "$TMPD/meta.old"
$LONG --seed 2 -o "$TMPD/pair/r.csv" 2>"$TMPD/err" &
pid=$!
wait_tmp "$TMPD/pair"
rm "$TMPD/pair/r.csv" && mkdir "$TMPD/pair/r.csv"
wait $pid
st=$?
[ $st -eq 2 ] && grep -q 'r\.csv' "$TMPD/err"
ok $? "results not committed: exit 2 naming the file (exit $st)"
cmp -s "$TMPD/meta.old" "$TMPD/pair/r.csv.meta"
ok $? "results not committed: the old .meta is untouched"
left=$(leftovers "$TMPD/pair")
[ -z "$left" ]
ok $? "results not committed: no temporary file left (${left:-none})"

# The .meta cannot be committed after the results were (its name became
# a FIFO): the stale .meta is gone rather than describing another run, and
# the FIFO was not replaced by a regular file.
rm -rf "$TMPD/pair" && mkdir "$TMPD/pair"
$R --seed 1 -o "$TMPD/pair/r.csv" 2>/dev/null
$LONG --seed 2 -o "$TMPD/pair/r.csv" 2>"$TMPD/err" &
pid=$!
wait_tmp "$TMPD/pair"
rm "$TMPD/pair/r.csv.meta" && mkfifo "$TMPD/pair/r.csv.meta"
wait $pid
st=$?
[ $st -eq 2 ] && grep -q 'r\.csv\.meta.*without it' "$TMPD/err"
ok $? ".meta not committed: exit 2 naming it (exit $st)"
[ "$(kind "$TMPD/pair/r.csv.meta")" = none ] &&
    [ "$(cell "$TMPD/pair/r.csv" 1 samples)" = 10000 ]
ok $? ".meta not committed: new results, no .meta (it is $(kind "$TMPD/pair/r.csv.meta"))"

# A symbolic link survives; its target is replaced.
mkdir "$TMPD/link"
echo old >"$TMPD/link/target.csv"
ln -s target.csv "$TMPD/link/r.csv"
expect_exit 0 "-o onto a symbolic link exits 0" -- $R -o "$TMPD/link/r.csv"
[ "$(kind "$TMPD/link/r.csv")" = link ] &&
    [ "$(cell "$TMPD/link/target.csv" 1 kernel)" = csum.ref ]
ok $? "the link is still a link, and its target holds the results"
ln -s sub/new.json "$TMPD/link/dangling.json"
mkdir "$TMPD/link/sub"
expect_exit 0 "-o onto a link to a missing file exits 0" -- $R -o "$TMPD/link/dangling.json"
[ "$(kind "$TMPD/link/dangling.json")" = link ] && [ -s "$TMPD/link/sub/new.json" ]
ok $? "a link to a missing file: the file is created, the link stays"
ln -s loop.csv "$TMPD/link/loop.csv"
expect_exit 2 "a symbolic link loop exits 2" -- $R -o "$TMPD/link/loop.csv"
stderr_one_line 'loop.*symbolic links' "a link loop: one line naming it"

# A FIFO is written into, not replaced, and gets no sidecar.
mkdir "$TMPD/fifo"
mkfifo "$TMPD/fifo/f"
cat "$TMPD/fifo/f" >"$TMPD/fifo.out" &
reader=$!
expect_exit 0 "-o onto a FIFO exits 0" -- $R -o "$TMPD/fifo/f"
# The reader ends with the writer; if the FIFO was replaced, it never will.
i=0
while kill -0 $reader 2>/dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill $reader 2>/dev/null
wait $reader
[ "$(kind "$TMPD/fifo/f")" = fifo ] && [ "$(cell "$TMPD/fifo.out" 1 kernel)" = csum.ref ]
ok $? "the FIFO is still a FIFO, and its reader got CSV"
[ "$(ls -A "$TMPD/fifo")" = f ]
ok $? "no sidecar and no temporary file beside the FIFO"

# Descriptors: /dev/stdout is stdout, whatever it is.
expect_exit 0 "-o /dev/stdout exits 0" -- $R -o /dev/stdout
[ "$(cell "$TMPD/out" 1 kernel)" = csum.ref ]
ok $? "-o /dev/stdout writes CSV to stdout"
expect_exit 0 "compare -o /dev/stdout exits 0" -- \
	"$CSUMBENCH" compare "$data/results.csv" "$data/results.csv" -q -o /dev/stdout
grep -q '^| Size' "$TMPD/out"
ok $? "compare -o /dev/stdout writes the table to stdout"

if [ "$(id -u)" -ne 0 ]; then
	# Not root: nothing here can replace a device, so the real ones do.
	devices /dev
elif unshare -m true 2>/dev/null; then
	# Root: in a private mount namespace only (see above).
	unshare -m sh -c 'mount --make-rprivate / && exec "$@"' sh \
	    sh "$0" --namespace "$tap_n" "$TMPD/ns.count"
	if [ -s "$TMPD/ns.count" ]; then
		read -r tap_n nfail <"$TMPD/ns.count"
		tap_fail=$((tap_fail + nfail))
	else
		echo "# the namespace checks did not run"
		ok 1 "device checks in a private mount namespace"
	fi
else
	skip "root without unshare -m: the device checks need a private /dev"
fi

done_testing
