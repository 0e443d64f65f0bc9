#!/bin/sh
# ab-move.sh - move every kernel of a source tree without changing one, to
# test a performance gate against code placement (scripts/ab-sensitivity.sh).
#
# usage: scripts/ab-move.sh [-n SEED] TREE
#
# In every kernel source of TREE/kernels/generic and TREE/kernels/x86_64,
# after the last #include line, adds a function that is never called but
# kept (__attribute__((used))), of a size that differs from file to file
# (SEED, default 1, varies the sizes). No kernel's code changes; each one's
# address in the built object does, and so, without control of placement,
# its offset within its page, cache line and fetch window. A gate must pass
# such a build against the unmoved one, in both directions.
set -eu
seed=1
while getopts n: opt; do
	case $opt in
	n) seed=$OPTARG ;;
	*) echo "usage: $0 [-n SEED] TREE" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ] || [ ! -d "$1/kernels/generic" ]; then
	echo "$0: a source tree is needed (TREE/kernels/generic)" >&2
	exit 2
fi
case $seed in
''|*[!0-9]*) echo "$0: -n: a number is needed" >&2; exit 2 ;;
esac
i=0
for f in "$1"/kernels/generic/*.c "$1"/kernels/x86_64/*.c; do
	[ -f "$f" ] || continue
	i=$((i + 1))
	# 1 to 23 dependent steps of a few bytes each: 10 to 200 bytes.
	steps=$(( (i * 7 + seed * 13) % 23 + 1 ))
	awk -v steps="$steps" -v id="$i" '
	    { line[NR] = $0 }
	    /^#include/ { last = NR }
	    END {
		for (n = 1; n <= NR; n++) {
			print line[n]
			if (n != last)
				continue
			print ""
			printf "static __attribute__((used)) unsigned long\n"
			printf "csb_moved_%d(unsigned long x)\n{\n", id
			for (s = 1; s <= steps; s++)
				printf "\tx = x * %d + (x >> %d);\n", 2 * s + 1, s % 13 + 1
			printf "\treturn x;\n}\n"
		}
	    }' "$f" >"$f.moved"
	mv "$f.moved" "$f"
done
echo "$0: moved the kernels of $i files"
