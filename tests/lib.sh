# tests/lib.sh - TAP helpers for the shell tests (sourced).
# $CSUMBENCH is the binary under test; $top_srcdir the source tree.

: "${CSUMBENCH:=./csumbench}"
: "${top_srcdir:=.}"
LC_ALL=C
export LC_ALL
unset NO_COLOR
tap_n=0
tap_fail=0
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/csumbench-test.XXXXXX") || exit 99
trap 'rm -rf "$TMPD"' EXIT

ok() {
	# ok COND-STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_fail=$((tap_fail + 1))
	fi
}

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1"
}

diag() {
	sed 's/^/# /'
}

# expect_exit CODE DESCRIPTION -- COMMAND...: run, check the exit code;
# stdout and stderr land in $TMPD/out and $TMPD/err.
expect_exit() {
	want=$1
	desc=$2
	shift 3
	"$@" >"$TMPD/out" 2>"$TMPD/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "# expected exit $want, got $got: $*" 
		diag <"$TMPD/err"
	fi
	[ "$got" -eq "$want" ]
	ok $? "$desc"
}

# stderr_is_one_line PATTERN DESCRIPTION: the last command's stderr is a
# single line that matches PATTERN (grep -E).
stderr_one_line() {
	lines=$(wc -l <"$TMPD/err")
	grep -Eq -e "$1" "$TMPD/err" && [ "$lines" -eq 1 ]
	r=$?
	[ $r -eq 0 ] || diag <"$TMPD/err"
	ok $r "$2"
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_fail" -eq 0 ]
}
