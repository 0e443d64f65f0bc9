#!/bin/sh
# Output files: every temporary file in flight is removed when a commit
# fails, also when another output of the same run was committed already.
. "${top_srcdir:-.}/tests/lib.sh"

# Absolute, for the run from another directory below.
case $CSUMBENCH in
/*) ;;
*) CSUMBENCH=$(pwd)/$CSUMBENCH ;;
esac
R="$CSUMBENCH run -q -k csum.ref -s 64 -r 3 --target-ci 0"

# leftovers DIR: the temporary files left in DIR (ls -A: they are dotfiles).
leftovers() {
	ls -A "$1" | grep '^\.csumbench' || true
}

# The CSV cannot be renamed into place (its name is a directory), but
# only after its .meta sidecar was committed.
mkdir "$TMPD/csv" "$TMPD/csv/r.csv"
expect_exit 2 "CSV target is a directory: exit 2" -- $R -o "$TMPD/csv/r.csv"
stderr_one_line 'r\.csv' "CSV target is a directory: one line naming it"
[ -f "$TMPD/csv/r.csv.meta" ]
ok $? "the failure came after the .meta commit"
left=$(leftovers "$TMPD/csv")
[ -z "$left" ]
ok $? "no temporary file left beside the CSV (${left:-none})"

# The same for JSON (one file) and for a name in the current directory.
mkdir "$TMPD/json" "$TMPD/json/r.json"
expect_exit 2 "JSON target is a directory: exit 2" -- $R -o "$TMPD/json/r.json"
left=$(leftovers "$TMPD/json")
[ -z "$left" ]
ok $? "no temporary file left beside the JSON (${left:-none})"
mkdir "$TMPD/cwd" "$TMPD/cwd/r.csv"
(cd "$TMPD/cwd" && $R -o r.csv) >/dev/null 2>&1
[ $? -eq 2 ] && [ -z "$(leftovers "$TMPD/cwd")" ]
ok $? "relative path: exit 2, no temporary file left"

# And a successful run leaves only its outputs.
mkdir "$TMPD/good"
expect_exit 0 "a good run exits 0" -- $R -o "$TMPD/good/r.csv"
[ "$(ls -A "$TMPD/good" | tr '\n' ' ')" = "r.csv r.csv.meta " ]
ok $? "a good run leaves r.csv and r.csv.meta only"

done_testing
