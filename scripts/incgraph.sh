#!/bin/sh
# incgraph.sh - the include graph of src/: its layers, its cycles, and what
# a file includes.
#
#   scripts/incgraph.sh [-v] TOP      layers and cycles of TOP/src
#   scripts/incgraph.sh -e TOP        every include as "FILE TARGET", one a
#                                     line (paths under TOP)
#   scripts/incgraph.sh -c TOP FILE...
#                                     every header FILE... (paths under TOP)
#                                     includes, directly or not, one a line
#
# How it counts. A module is a name in src/ or one of its layer folders:
# NAME.c and NAME.h together.
# An arrow goes from module A to module B when A.c or A.h has a line
# `#include "B.h"` (quoted includes only: system headers, config.h and
# kernels/ headers are not modules of src/). Modules that reach each other
# form a cycle (a strongly connected component of more than one module);
# with each cycle taken as one node, the depth is the number of modules on
# the longest chain of arrows, a module that includes nothing of src/
# being one layer deep. -v also prints that longest chain.
# Lines are read as written: an #include under #if counts.
set -eu

verbose=0 closure=0 list=0
while [ $# -gt 0 ]; do
	case $1 in
	-v) verbose=1; shift ;;
	-e) list=1; shift ;;
	-c) closure=1; shift ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || { echo "usage: $0 [-v] TOP | -e TOP | -c TOP FILE..." >&2; exit 2; }
top=$1
shift
cd "$top"
want=$*

# One "FILE TARGET" line per quoted include, TARGET resolved as the
# compiler does: against FILE's directory (src/engine/../../kernels/kernel.h
# is kernels/kernel.h), then in the layer folders src/*/ (the build's -I).
edges() {
	for f in src/*.c src/*.h src/*/*.c src/*/*.h kernels/*.h; do
		[ -f "$f" ] || continue
		sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' "$f" |
		while read -r t; do
			d=${f%/*}
			while :; do
				case $t in
				../*)
					case $d in
					*/*) d=${d%/*} ;;
					*) d=. ;;
					esac
					t=${t#../} ;;
				*) break ;;
				esac
			done
			r=$d/$t
			r=${r#./}
			if [ ! -f "$r" ]; then
				for l in src/*/"$t"; do
					[ -f "$l" ] && r=$l
				done
			fi
			if [ -f "$r" ]; then echo "$f $r"; fi
		done
	done
}

if [ "$list" = 1 ]; then
	edges
	exit 0
fi

if [ "$closure" = 1 ]; then
	edges | awk -v want="$want" '
	{ n[$1]++; to[$1, n[$1]] = $2 }
	function visit(f,   i) {
		for (i = 1; i <= n[f]; i++)
			if (!(to[f, i] in seen)) {
				seen[to[f, i]] = 1
				print to[f, i]
				visit(to[f, i])
			}
	}
	END {
		k = split(want, w, " ")
		for (j = 1; j <= k; j++)
			visit(w[j])
	}' | sort -u
	exit 0
fi

edges | awk -v verbose="$verbose" '
function mod(p) { sub(/.*\//, "", p); sub(/\.[ch]$/, "", p); return p }
# Tarjan: the strongly connected components, comp[v] = its number.
function scc(v,   i, w) {
	idx[v] = low[v] = ++counter
	stack[++sp] = v
	on[v] = 1
	for (i = 1; i <= nout[v]; i++) {
		w = out[v, i]
		if (!(w in idx)) {
			scc(w)
			if (low[w] < low[v]) low[v] = low[w]
		} else if (on[w] && idx[w] < low[v])
			low[v] = idx[w]
	}
	if (low[v] == idx[v]) {
		ncomp++
		do {
			w = stack[sp--]
			on[w] = 0
			comp[w] = ncomp
			size[ncomp]++
			members[ncomp] = members[ncomp] " " w
		} while (w != v)
	}
}
# Layers below and including component c; next[c] continues the chain.
function depth(c,   m, k, v, i, d, best, w, j0) {
	if (c in dep) return dep[c]
	best = 0
	k = split(members[c], m, " ")
	for (j0 = 1; j0 <= k; j0++) {
		v = m[j0]
		for (i = 1; i <= nout[v]; i++) {
			w = comp[out[v, i]]
			if (w == c) continue
			d = depth(w)
			if (d > best) { best = d; next_[c] = w }
		}
	}
	return dep[c] = best + 1
}
$1 ~ /^src\// && $2 ~ /^src\// {
	a = mod($1); b = mod($2)
	node[a]; node[b]
	if (a == b || (a, b) in has) next
	has[a, b] = 1
	out[a, ++nout[a]] = b
	arrows++
}
$1 ~ /^src\// { node[mod($1)] }
END {
	for (v in node) { nodes++; if (!(v in idx)) scc(v) }
	cycles = 0
	for (c = 1; c <= ncomp; c++)
		if (size[c] > 1) {
			cycles++
			print "cycle:" members[c]
		}
	layers = 0
	for (c = 1; c <= ncomp; c++)
		if (depth(c) > layers) { layers = depth(c); top_ = c }
	printf "modules %d arrows %d layers %d cycles %d\n", nodes, arrows,
	    layers, cycles
	if (verbose) {
		chain = ""
		for (c = top_; c != ""; c = next_[c]) {
			s = members[c]; sub(/^ /, "", s); gsub(/ /, "+", s)
			chain = chain (chain == "" ? "" : " -> ") s
		}
		print "longest: " chain
	}
}'
