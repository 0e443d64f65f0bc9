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
# No tuning file of the user's: the tests see only the ones they make.
XDG_CACHE_HOME=$TMPD/cache
export XDG_CACHE_HOME
unset CSUMBENCH_KTUNE

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

# skip_all REASON: the whole file is skipped (TAP "1..0 # SKIP").
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# A slow test that checks no memory handling of its own (the command-line
# matrix, the terminal's talk, kernels at extreme thresholds) runs in the
# plain build only: CI's sanitizer build and distcheck set
# CSUMBENCH_QUICK_CHECK to skip it.
skip_if_quick_check() {
	[ -z "${CSUMBENCH_QUICK_CHECK:-}" ] ||
	    skip_all "CSUMBENCH_QUICK_CHECK: $1 runs in the plain build's make check"
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

# cell FILE ROW COLUMN: cells found by column name, one per line, from a
# CSV file with a header row or a JSON results file (its benchmarks). ROW
# is a data row (1: the first after the header, or the first benchmark),
# '*' for every row, or NAME=VALUE for the rows whose column NAME is VALUE.
# FILE '-' is stdin. A column that does not exist is an error (status 1,
# a line on stderr), never an empty cell.
cell() {
	if [ "$1" = - ]; then
		set -- "$TMPD/cell.in" "$2" "$3"
		cat >"$1"
	fi
	case $(head -c 1 "$1") in
	"{") cell_json "$@" ;;
	*) cell_csv "$@" ;;
	esac
}

cell_csv() {
	awk -v row="$2" -v col="$3" '
	# RFC 4180 fields of one line (no newline inside quotes) into fld[].
	function parse(line,    n, i, c, f, q) {
		sub(/\r$/, "", line)
		n = 0; f = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q && c == "\"" && substr(line, i + 1, 1) == "\"") {
				f = f c; i++
			} else if (c == "\"")
				q = !q
			else if (c == "," && !q) {
				fld[++n] = f; f = ""
			} else
				f = f c
		}
		fld[++n] = f
		return n
	}
	function need(name) {
		if (!(name in h)) {
			print "cell: no column \"" name "\"" >"/dev/stderr"
			bad = 1
			exit 1
		}
	}
	NR == 1 {
		n = parse($0)
		for (i = 1; i <= n; i++)
			h[fld[i]] = i
		need(col)
		if (row ~ /=/) {
			sel = substr(row, 1, index(row, "=") - 1)
			val = substr(row, index(row, "=") + 1)
			need(sel)
		}
		next
	}
	{
		parse($0)
		r++
		if (row == "*" || r == row || (sel != "" && fld[h[sel]] == val))
			print fld[h[col]]
	}
	END { exit bad }' "$1"
}

# The JSON of csumbench run: one benchmark object per "    {" line, one
# member per line inside it.
cell_json() {
	awk -v row="$2" -v col="$3" '
	function value(line,    v) {
		v = line
		sub(/^ *"[^"]*": */, "", v)
		sub(/,$/, "", v)
		if (v ~ /^".*"$/)
			v = substr(v, 2, length(v) - 2)
		return v
	}
	/^    \{/ { r++; split("", m); next }
	/^      "/ {
		k = $0
		sub(/^ *"/, "", k)
		sub(/".*/, "", k)
		m[k] = value($0)
		next
	}
	/^    \}/ {
		if (!(col in m)) {
			print "cell: benchmark " r " has no \"" col "\"" >"/dev/stderr"
			bad = 1
			exit 1
		}
		if (row ~ /=/) {
			sel = substr(row, 1, index(row, "=") - 1)
			hit = m[sel] == substr(row, index(row, "=") + 1)
		} else
			hit = row == "*" || r == row
		if (hit)
			print m[col]
	}
	END { exit bad }' "$1"
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_fail" -eq 0 ]
}
