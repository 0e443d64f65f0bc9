#!/bin/sh
# plot and report: every script makes a valid PNG and SVG from the fixed
# results in tests/data; bad input exits 2 with one line. The figure tests
# are skipped, not failed, when gnuplot is absent.
. "${top_srcdir:-.}/tests/lib.sh"

data="$top_srcdir/tests/data"
scripts=$(cd "$top_srcdir/scripts" && pwd)
CSUMBENCH_DATADIR="$scripts"
# Absolute, for the runs from another directory below.
case $CSUMBENCH in
/*) ;;
*) CSUMBENCH=$(pwd)/$CSUMBENCH ;;
esac
export CSUMBENCH_DATADIR

# Bad input: exit 2, one line naming what was wrong (no gnuplot needed).
expect_exit 2 "plot without a file exits 2" -- "$CSUMBENCH" plot
stderr_one_line 'no results file' "plot without a file: one line"
expect_exit 2 "plot of a missing file exits 2" -- "$CSUMBENCH" plot "$TMPD/nosuch.csv"
stderr_one_line 'nosuch.csv' "missing file: one line naming it"
printf 'a,b,c\n1,2,3\n' >"$TMPD/notres.csv"
expect_exit 2 "plot of a CSV without our columns exits 2" -- "$CSUMBENCH" plot "$TMPD/notres.csv"
stderr_one_line 'no column "family"' "foreign CSV: one line naming the missing column"
head -1 "$data/results.csv" >"$TMPD/bad.csv"
sed -n 2p "$data/results.csv" | sed 's/,hot,throughput,ticks,31,[0-9]*,[^,]*,[^,]*,/,hot,throughput,ticks,31,100,1.0,fast,/' >>"$TMPD/bad.csv"
expect_exit 2 "a non-number in a numeric column exits 2" -- "$CSUMBENCH" plot "$TMPD/bad.csv" -o "$TMPD/o"
stderr_one_line 'line 2: column median: .*"fast"' "bad number: one line naming line and column"
head -1 "$data/results.csv" >"$TMPD/empty.csv"
expect_exit 2 "a results file without rows exits 2" -- "$CSUMBENCH" plot "$TMPD/empty.csv"
stderr_one_line 'no results' "no rows: one line"
expect_exit 2 "bad --format exits 2" -- "$CSUMBENCH" plot "$data/results.csv" --format gif
stderr_one_line '"gif"' "bad --format: one line naming it"
expect_exit 2 "-k matching nothing exits 2" -- "$CSUMBENCH" plot "$data/results.csv" -k 'nosuch*'
stderr_one_line 'nosuch' "-k matching nothing: one line naming it"
expect_exit 2 "unknown option exits 2" -- "$CSUMBENCH" report "$data/results.csv" --bogus
stderr_one_line 'bogus' "unknown option: one line naming it"
expect_exit 2 "two results files exit 2" -- "$CSUMBENCH" report "$data/results.csv" "$data/base.csv"
stderr_one_line 'one results file' "two files: one line"
expect_exit 2 "report --compare with a missing baseline exits 2" -- "$CSUMBENCH" report "$data/results.csv" --compare "$TMPD/nosuch.csv" -o "$TMPD/r0"
stderr_one_line 'nosuch.csv' "missing baseline: one line naming it"
[ ! -e "$TMPD/r0/report.md" ]; ok $? "no report left behind"
CSUMBENCH_GNUPLOT="$TMPD/no-gnuplot" expect_exit 2 "missing gnuplot exits 2" -- "$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/o"
stderr_one_line 'gnuplot not found.*gnuplot-nox' "missing gnuplot: one line naming the package"
CSUMBENCH_DATADIR="$TMPD" expect_exit 2 "a data directory without scripts exits 2" -- "$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/o"
stderr_one_line 'CSUMBENCH_DATADIR' "no scripts: one line naming CSUMBENCH_DATADIR"
for c in plot report; do
	expect_exit 0 "$c --help exits 0" -- "$CSUMBENCH" $c --help
	grep -q "usage: csumbench $c" "$TMPD/out"; ok $? "$c --help prints usage"
done

# is_png FILE / is_svg FILE: the signature and a plausible size.
is_png() {
	[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
	    [ "$(wc -c <"$1")" -gt 5000 ]
}
is_svg() {
	head -c 400 "$1" | grep -q '<svg' && tail -c 100 "$1" | grep -q '</svg>' &&
	    [ "$(wc -c <"$1")" -gt 5000 ]
}

if ! command -v gnuplot >/dev/null 2>&1; then
	skip "gnuplot is not installed: figures not tested"
	done_testing
	exit $?
fi

# Each script on its own, on the fixed data, as PNG and SVG.
awk -F, 'NR == 1 || $1 == "memcpy"' "$data/results.csv" >"$TMPD/memcpy.csv"
for fmt in png svg; do
	gnuplot -c "$scripts/throughput.gp" "$TMPD/memcpy.csv" "$TMPD/t.$fmt" "Test CPU" 2>"$TMPD/err"
	ok $? "throughput.gp runs alone ($fmt)"
	is_$fmt "$TMPD/t.$fmt"; ok $? "throughput.gp makes a valid $fmt"
	gnuplot -c "$scripts/heatmap.gp" "$data/results.csv" "$TMPD/h.$fmt" copy.shift 64 2>"$TMPD/err"
	ok $? "heatmap.gp runs alone ($fmt)"
	is_$fmt "$TMPD/h.$fmt"; ok $? "heatmap.gp makes a valid $fmt"
	gnuplot -c "$scripts/heatmap.gp" "$data/results.csv" "$TMPD/hr.$fmt" copy.shift 64 "" rel 2>"$TMPD/err"
	ok $? "heatmap.gp rel runs alone ($fmt)"
	is_$fmt "$TMPD/hr.$fmt"; ok $? "heatmap.gp rel makes a valid $fmt"
	gnuplot -c "$scripts/delta.gp" "$data/delta.csv" "$TMPD/d.$fmt" "B against A" 2>"$TMPD/err"
	ok $? "delta.gp runs alone ($fmt)"
	is_$fmt "$TMPD/d.$fmt"; ok $? "delta.gp makes a valid $fmt"
done

# csumbench plot: the figures, their paths on stdout, nothing else left.
expect_exit 0 "plot exits 0" -- "$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/p"
for f in throughput-memcpy-hot throughput-csum-hot heatmap-copy.shift-64-hot heatmap-copy.shift-64-rel-hot; do
	grep -qx "$TMPD/p/$f.png" "$TMPD/out"; ok $? "plot prints $f.png"
	is_png "$TMPD/p/$f.png"; ok $? "$f.png is a valid PNG"
done
[ "$(wc -l <"$TMPD/out")" -eq "$(ls "$TMPD/p" | wc -l)" ]
ok $? "one path printed per file written, no temporary file left"
expect_exit 0 "plot --format svg -f csum exits 0" -- "$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/s" --format svg -f csum
[ "$(cat "$TMPD/out")" = "$TMPD/s/throughput-csum-hot.svg" ]; ok $? "-f csum: the csum figure only"
is_svg "$TMPD/s/throughput-csum-hot.svg"; ok $? "it is a valid SVG"
expect_exit 0 "plot -k --keep-data exits 0" -- "$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/k" -k 'memcpy.*' --keep-data
[ -s "$TMPD/k/throughput-memcpy-hot.csv" ]; ok $? "--keep-data keeps the figure's data"
gnuplot -c "$scripts/throughput.gp" "$TMPD/k/throughput-memcpy-hot.csv" "$TMPD/k/again.png" 2>/dev/null
is_png "$TMPD/k/again.png"; ok $? "the kept data redraws with the script alone"

# Ten kernels, two offset pairs: every line its own colour, none grey, and
# the title says which offsets and placement the curves hold.
awk 'BEGIN { print "family,kernel,size,src_align,dst_align,median,q1,q3,unit,cache,mode"
	for (k = 0; k < 10; k++) for (s = 64; s <= 1024; s *= 4) for (a = 0; a < 2; a++) {
		m = s / (2 + k) + 10 + a
		printf "memcpy,memcpy.k%d,%d,%d,0,%g,%g,%g,ticks,hot,throughput\n", k, s, a, m, m * 0.99, m * 1.01
	} }' >"$TMPD/ten.csv"
expect_exit 0 "plot of ten kernels at two offset pairs" -- "$CSUMBENCH" plot "$TMPD/ten.csv" -o "$TMPD/ten" --format svg
f="$TMPD/ten/throughput-memcpy-hot.svg"
grep -q '<text>source/destination offsets 0/0 (1 of 2 pairs measured: see the heatmaps), destination 2048 B past the source</text>' "$f"
ok $? "the curve's title names the offsets and placement it holds, and that others were measured"
n=$(grep -o "stroke='rgb([0-9, ]*)'" "$f" | tr -d ' ' | sort -u |
    grep -v "rgb(208,208,208)\|rgb(153,153,153)" | wc -l)
[ "$n" -eq 10 ]; ok $? "ten kernels, ten line colours ($n)"
grey=$(grep -o "stroke='rgb([0-9, ]*)'" "$f" | tr -d " '" | sed 's/stroke=rgb(//; s/)//' |
    awk -F, '$1 == $2 && $2 == $3 && $1 > 0 && $1 != 208 && $1 != 153' | wc -l)
[ "$grey" -eq 0 ]; ok $? "no line is grey, the band's colour ($grey)"

# 800 kernels at 4 sizes: throughput.gp reads the file once, not once per
# kernel (then this took about 40 s here; now under 1 s), in either order
# of the rows, with the same figure from both.
awk 'BEGIN { print "family,kernel,size,src_align,dst_align,median,q1,q3,unit,cache,mode"
	for (k = 0; k < 800; k++) for (s = 16; s <= 2048; s *= 4) {
		m = s / (2 + k % 7) + 10
		printf "memcpy,memcpy.k%d,%d,0,0,%g,%g,%g,ticks,hot,throughput\n", k, s, m, m * 0.99, m * 1.01
	} }' >"$TMPD/many.csv"
{ head -n 1 "$TMPD/many.csv"; tail -n +2 "$TMPD/many.csv" | sort -t, -k3,3n -s; } >"$TMPD/many-by-size.csv"
timeout 15 gnuplot -c "$scripts/throughput.gp" "$TMPD/many.csv" "$TMPD/many.svg" 2>/dev/null &&
    grep -q '>memcpy.k799<' "$TMPD/many.svg"
ok $? "throughput.gp draws 800 kernels within 15 s"
timeout 15 gnuplot -c "$scripts/throughput.gp" "$TMPD/many-by-size.csv" "$TMPD/many2.svg" 2>/dev/null &&
    cmp -s "$TMPD/many.svg" "$TMPD/many2.svg"
ok $? "... and the same figure from rows in size order"

# Sizes as written: a 1500-byte heatmap says "1500 B", not a rounded KiB.
awk -F, 'NR == 1 { print; next } $2 == "copy.shift" && $4 == 64 { $4 = 1500; print }' OFS=, \
    "$data/results.csv" >"$TMPD/s1500.csv"
expect_exit 0 "plot of a 1500-byte alignment grid exits 0" -- "$CSUMBENCH" plot "$TMPD/s1500.csv" -o "$TMPD/s1500" --format svg --keep-data
grep -q 'copy.shift, 1500 B: cost by alignment' "$TMPD/s1500/heatmap-copy.shift-1500-hot.svg" &&
    ! grep -q 'KiB' "$TMPD/s1500/heatmap-copy.shift-1500-hot.svg"
ok $? "the heatmap's title prints the size as 1500 B"
grep -q '<text>destination 2048 B past the source</text>' "$TMPD/s1500/heatmap-copy.shift-1500-hot.svg"
ok $? "the heatmap's title names the placement it holds"
[ "$(cell "$TMPD/s1500/heatmap-copy.shift-1500-hot.csv" '*' size | sort -u)" = 1500 ]
ok $? "its kept data holds the size in bytes"

# Heatmaps show how sure each cell is: a second panel of the 95% CI
# widths, and the cheapest/dearest difference claimed only when their CIs
# do not overlap (where cells tie on the cheapest or dearest median, for
# each of them); otherwise "within noise".
# hmap LO1 HI1 LO4 HI4 [LO2 HI2]: a 2x2 map of medians 10, 10, 11 and 12
# with the cheapest (first, and its tie's) and the dearest cell's CIs.
hmap() {
	printf 'family,kernel,size,src_align,dst_align,median,ci_lo,ci_hi,unit,cache,mode\n'
	printf 'csum,k.a,64,0,0,10,%s,%s,ticks,hot,throughput\n' "$1" "$2"
	printf 'csum,k.a,64,1,0,10,%s,%s,ticks,hot,throughput\n' "${5:-$1}" "${6:-$2}"
	printf 'csum,k.a,64,0,1,11,10.9,11.1,ticks,hot,throughput\n'
	printf 'csum,k.a,64,1,1,12,%s,%s,ticks,hot,throughput\n' "$3" "$4"
}
hmap 9.9 10.1 11.9 12.1 >"$TMPD/hm.csv"
gnuplot -c "$scripts/heatmap.gp" "$TMPD/hm.csv" "$TMPD/hm.svg" k.a 64 2>"$TMPD/err"
grep -q 'cheapest 10.0, dearest 12.0 ticks per call (+20.0%, beyond their 95% CIs)' "$TMPD/hm.svg"
ok $? "heatmap: CIs apart, the difference is claimed"
grep -q '95% CI width, % of median' "$TMPD/hm.svg" && grep -q '>1\.7<' "$TMPD/hm.svg"
ok $? "heatmap: a panel of CI widths, each cell's printed (dearest: 1.7%)"
hmap 9.5 11.5 11 13 >"$TMPD/hm.csv"
gnuplot -c "$scripts/heatmap.gp" "$TMPD/hm.csv" "$TMPD/hm.svg" k.a 64 2>"$TMPD/err"
grep -q 'cheapest 10.0, dearest 12.0 ticks per call: within noise (their 95% CIs overlap)' "$TMPD/hm.svg" &&
    ! grep -q '+20.0%' "$TMPD/hm.svg"
ok $? "heatmap: CIs overlap, within noise and no percentage"
hmap 9.9 10.1 11.9 12.1 9 12.5 >"$TMPD/hm.csv"
gnuplot -c "$scripts/heatmap.gp" "$TMPD/hm.csv" "$TMPD/hm.svg" k.a 64 2>"$TMPD/err"
grep -q 'within noise (their 95% CIs overlap)' "$TMPD/hm.svg"
ok $? "heatmap: a cell tied on the cheapest median, with a wide CI: within noise"
hmap '' '' '' '' >"$TMPD/hm.csv"
gnuplot -c "$scripts/heatmap.gp" "$TMPD/hm.csv" "$TMPD/hm.svg" k.a 64 2>"$TMPD/err"
grep -q 'dearest 12.0 ticks per call: no confidence intervals, not tested' "$TMPD/hm.svg"
ok $? "heatmap: no CIs, no claim"
# The relative-misalignment data: a cell of two source offsets (0 and 8)
# has the lowest ci_lo and the highest ci_hi of the two.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["kernel"] == "copy.shift" && $c["size"] == 64 {
	print
	if ($c["src_align"] == 0 && $c["dst_align"] == 0) {
		$c["src_align"] = 8; $c["ci_lo"] = 1; $c["ci_hi"] = 1000; print
	}
    }' OFS=, "$data/results.csv" >"$TMPD/rel.csv"
expect_exit 0 "plot of a grid with source offsets 0 and 8 exits 0" -- "$CSUMBENCH" plot "$TMPD/rel.csv" -o "$TMPD/rel" --keep-data
rc="$TMPD/rel/heatmap-copy.shift-64-rel-hot.csv"
hc="$TMPD/rel/heatmap-copy.shift-64-hot.csv"
lo=$( (cell "$hc" src_align=0 ci_lo | head -1; cell "$hc" src_align=8 ci_lo) | sort -g | head -1)
hi=$( (cell "$hc" src_align=0 ci_hi | head -1; cell "$hc" src_align=8 ci_hi) | sort -g | tail -1)
[ "$(cell "$hc" src_align=0 dst_align | head -1)" = 0 ] &&
    [ "$(cell "$rc" 1 rel_align)/$(cell "$rc" 1 dst_align)/$(cell "$rc" 1 cells)" = 0/0/2 ] &&
    [ "$(cell "$rc" 1 ci_lo)" = "$lo" ] && [ "$(cell "$rc" 1 ci_hi)" = "$hi" ]
ok $? "heatmap rel data: a cell's CI spans those of its source offsets ($lo to $hi)"

# throughput.gp's frame: log y over more than 10x, linear within; the
# interquartile band only where both quartiles are above 0; a point above
# the bytes-per-unit bound clipped to a marker on the frame, named in the key.
cat >"$TMPD/span.csv" <<'EOF'
family,kernel,size,median,q1,q3,unit,cache,mode,src_align,dst_align,timer_hz,bpu_bound
memcpy,k.a,64,10,9,11,ticks,hot,throughput,0,0,2e9,100
memcpy,k.a,256,20,-1,25,ticks,hot,throughput,0,0,2e9,100
memcpy,k.a,1024,40,35,45,ticks,hot,throughput,0,0,2e9,100
memcpy,k.a,4096,100,90,,ticks,hot,throughput,0,0,2e9,100
memcpy,k.b,64,30,28,32,ticks,hot,throughput,0,0,2e9,100
memcpy,k.b,256,0.5,0,1,ticks,hot,throughput,0,0,2e9,100
memcpy,k.b,1024,300,290,310,ticks,hot,throughput,0,0,2e9,100
memcpy,k.b,4096,1200,1100,1300,ticks,hot,throughput,0,0,2e9,100
EOF
# frame FILE OUT: "logy clipped" as throughput.gp decided, then its band data.
frame() {
	gnuplot -e "call \"$scripts/throughput.gp\" \"$1\" \"$2\" \"Test CPU\"; set print \"-\"; print sprintf(\"%d %d\", logy, clipped); print \$D" 2>/dev/null
}
frame "$TMPD/span.csv" "$TMPD/span.svg" >"$TMPD/span.out"
[ "$(head -1 "$TMPD/span.out")" = "1 1" ]; ok $? "throughput.gp: log y over 0.5 to 128 bytes per tick, and a point clipped"
grep -q 'above the frame: over 100 bytes per tick' "$TMPD/span.svg"; ok $? "... the key names the clipped points"
awk '$1 == 256 || ($1 == 4096 && $2 == 100) { n++; if ($3 == "nan" && $4 == "nan") m++ } END { exit !(n == 3 && m == 3) }' "$TMPD/span.out"
ok $? "... no band where q1 <= 0 or q3 is missing"
awk '$1 == 1024 { n++; if ($3 ~ /^[0-9.]+$/ && $4 ~ /^[0-9.]+$/ && $3 > 0 && $4 > 0) m++ } END { exit !(n == 2 && m == 2) }' "$TMPD/span.out"
ok $? "... a band where both quartiles are above 0"
awk -F, 'NR == 1 || ($2 == "k.a" && $3 <= 1024)' "$TMPD/span.csv" >"$TMPD/narrow.csv"
[ "$(frame "$TMPD/narrow.csv" "$TMPD/narrow.svg" | head -1)" = "0 0" ]
ok $? "throughput.gp: linear y over 4x, nothing clipped"
! grep -q 'above the frame' "$TMPD/narrow.svg"; ok $? "... and no clipping note in the key"

# JSON results: plot reads them as it reads CSV.
"$CSUMBENCH" run -k 'memcpy.bytes,memcpy.words' -s 16-256:x4 -r 5 -o "$TMPD/j.json" 2>/dev/null
expect_exit 0 "plot of JSON results exits 0" -- "$CSUMBENCH" plot "$TMPD/j.json" -o "$TMPD/j"
is_png "$TMPD/j/throughput-memcpy-hot.png"; ok $? "JSON results: a valid throughput PNG"
expect_exit 0 "plot --compare of JSON results exits 0" -- "$CSUMBENCH" plot "$TMPD/j.json" --compare "$TMPD/j.json" -o "$TMPD/jd"
is_png "$TMPD/jd/delta-memcpy-hot.png"; ok $? "JSON results: a valid delta PNG"

# compare's CSV feeds delta.gp as it is; plot --compare draws those rows.
"$CSUMBENCH" compare "$data/base.csv" "$data/results.csv" --style csv -q -f csum >"$TMPD/cmp.csv" 2>/dev/null
gnuplot -c "$scripts/delta.gp" "$TMPD/cmp.csv" "$TMPD/cmp.png" "compare" 2>"$TMPD/err"
ok $? "delta.gp draws compare --style csv"
is_png "$TMPD/cmp.png"; ok $? "... a valid PNG"
expect_exit 0 "plot --compare --keep-data exits 0" -- "$CSUMBENCH" plot "$data/results.csv" --compare "$data/base.csv" -f csum -o "$TMPD/kd" --keep-data
grep '^point,' "$TMPD/cmp.csv" | sort >"$TMPD/cmp.rows"
grep '^point,' "$TMPD/kd/delta-csum-hot.csv" | sort >"$TMPD/kd.rows"
cmp -s "$TMPD/cmp.rows" "$TMPD/kd.rows"
ok $? "the delta chart's data is compare's CSV rows"

# Placements: a size x distance heatmap per kernel measured at two or more
# distances; curves at one placement.
"$CSUMBENCH" run -k memcpy.libc,memcpy.erms -s 64,4096 --distance 16,2048 -r 5 -q -o "$TMPD/dist.csv"
expect_exit 0 "plot of two placements exits 0" -- "$CSUMBENCH" plot "$TMPD/dist.csv" -o "$TMPD/dp" --keep-data
for k in memcpy.libc memcpy.erms; do
	is_png "$TMPD/dp/distance-$k-hot.png"; ok $? "a valid size x distance heatmap of $k"
done
[ "$(cell "$TMPD/dp/distance-memcpy.libc-hot.csv" '*' distance | sort -un | tr '\n' ' ')" = "16 2048 " ] &&
    [ "$(cell "$TMPD/dp/distance-memcpy.libc-hot.csv" '*' relative | sort -n | head -1)" = 1 ]
ok $? "its data: every distance, costs relative to the cheapest at each size"
# noise: 1 exactly where a cell's CI reaches the cheapest one's at its size.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { s = $c["size"]; r[NR] = $0
      if (!(s in best) || $c["median"] < best[s]) { best[s] = $c["median"]; hi[s] = $c["ci_hi"] } }
    END { for (k in r) { split(r[k], f, ","); s = f[c["size"]]
	want = f[c["ci_lo"]] <= hi[s] ? 1 : 0
	if (f[c["noise"]] != want || f[c["noise"]] == "") bad++; n++ }
	exit !(n == 4 && bad == 0) }' "$TMPD/dp/distance-memcpy.libc-hot.csv"
ok $? "its data: the CIs, and noise where a cell's CI overlaps the cheapest's"
# A crafted placement: +20% beyond the CIs, then within them ("~").
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["kernel"] == "memcpy.libc" && $c["size"] == 64 {
	d = $c["distance"] == 16
	$c["median"] = d ? 10 : 12; $c["ci_lo"] = d ? 9.9 : lo; $c["ci_hi"] = d ? 10.1 : 12.1
	print }' OFS=, lo=11.9 "$TMPD/dist.csv" >"$TMPD/d2.csv"
"$CSUMBENCH" plot "$TMPD/d2.csv" -o "$TMPD/d2" --format svg 2>/dev/null
grep -q '×1.20<' "$TMPD/d2/distance-memcpy.libc-hot.svg"
ok $? "placement heatmap: a ratio beyond noise, unmarked"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["distance"] == 2048 { $c["ci_lo"] = 10 } { print }' OFS=, "$TMPD/d2.csv" >"$TMPD/d3.csv"
"$CSUMBENCH" plot "$TMPD/d3.csv" -o "$TMPD/d3" --format svg 2>/dev/null
grep -q '×1.20 ~<' "$TMPD/d3/distance-memcpy.libc-hot.svg" &&
    grep -q '95% CI width, % of median' "$TMPD/d3/distance-memcpy.libc-hot.svg"
ok $? "placement heatmap: a ratio within noise marked ~, and the CI panel"
[ "$(cell "$TMPD/dp/throughput-memcpy-hot.csv" '*' distance | sort -u)" = 2048 ]
ok $? "the throughput curve shows the default placement only"
gnuplot -c "$scripts/distance.gp" "$TMPD/dp/distance-memcpy.libc-hot.csv" "$TMPD/dagain.svg" memcpy.libc "Test CPU" 2>/dev/null
is_svg "$TMPD/dagain.svg"; ok $? "distance.gp redraws the kept data alone (svg)"
expect_exit 0 "plot of one placement exits 0" -- "$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/one"
grep -q 'distance-' "$TMPD/out" && r=1 || r=0
ok $r "one placement: no distance heatmap"
expect_exit 0 "plot --cost net exits 0" -- "$CSUMBENCH" plot "$TMPD/dist.csv" -o "$TMPD/dn" --cost net --keep-data
[ "$(cell "$TMPD/dn/throughput-memcpy-hot.csv" '*' cost | sort -u)" = net ]
ok $? "plot --cost net draws net costs, and its data says so"

# csumbench report.
expect_exit 0 "report --compare exits 0" -- "$CSUMBENCH" report "$data/results.csv" --compare "$data/base.csv" -o "$TMPD/r"
[ "$(cat "$TMPD/out")" = "$TMPD/r/report.md" ]; ok $? "report prints the report's path"
r="$TMPD/r/report.md"
grep -q '^| CPU | AMD EPYC' "$r"; ok $? "report names the CPU from the .meta"
grep -q '^| timer | tsc' "$r"; ok $? "report names the timer"
grep -q '^| compiler | gcc' "$r"; ok $? "report names the compiler"
grep -q '^| date | 20' "$r"; ok $? "report gives the date"
grep -q '^## Fastest kernel by size' "$r"; ok $? "report has the fastest kernels"
grep -qx '| 64 | 11.736 ± 0.005 | 12.653 ± 0.005 | +7.81% ± 0.06% ~ | - | no (too few runs) |' "$r"
ok $? "report has the delta table (csum.generic64 faster in the baseline)"
grep -q '^| 65536 | .* ~ | - | no (too few runs) |$' "$r" &&
    grep -q '^  too few runs: with fewer than 4 runs per side' "$r"
ok $? "two runs, one per side: no delta is called significant, and the table says why"
# Ten samples of two kernels, their intervals apart: too few segments of
# paired samples to test, so the summary calls them within noise, and the
# report's fastest-kernel table counts the same.
awk 'BEGIN { printf "{\"context\": {}, \"benchmarks\": ["
	n = 0
	for (k = 0; k < 2; k++) for (s = 64; s <= 128; s *= 2) {
		printf "%s{\"family\": \"memcpy\", \"kernel\": \"memcpy.%s\", \"size\": %d, ", n++ ? ", " : "", k ? "q" : "p", s
		printf "\"src_align\": 0, \"dst_align\": 0, \"cache\": \"hot\", \"mode\": \"throughput\", \"unit\": \"ticks\", \"samples\": ["
		for (i = 0; i < 10; i++) printf "%s%g", i ? ", " : "", s / 6.4 * (1 + k / 10) + (i % 3) / 100
		printf "]}"
	}
	print "]}" }' >"$TMPD/few.json"
"$CSUMBENCH" show "$TMPD/few.json" >"$TMPD/few.sum"
grep -q 'within noise of q' "$TMPD/few.sum"; ok $? "summary: ten samples, within noise"
expect_exit 0 "report of ten samples" -- "$CSUMBENCH" report "$TMPD/few.json" -o "$TMPD/rf"
grep -q '^| 64 B – 128 B | none clear (lowest median: memcpy.p) | .* | memcpy.q | .* | 2 of 2 |$' "$TMPD/rf/report.md"
ok $? "report: the same two sizes within noise, by the summary's test"

# The report's tables are compare's: same rows, same significance.
"$CSUMBENCH" compare "$data/base.csv" "$data/results.csv" -q -f csum >"$TMPD/cmp.md" 2>/dev/null
sed -n '/^### csum.generic64, offsets 0\/0/,/^~/p' "$TMPD/cmp.md" >"$TMPD/cmp64.md"
sed -n '/^### csum.generic64, offsets 0\/0/,/^~/p' "$r" >"$TMPD/rep64.md"
[ -s "$TMPD/cmp64.md" ] && cmp -s "$TMPD/cmp64.md" "$TMPD/rep64.md"
ok $? "report's delta table is compare's markdown table"
missing=0
for img in $(sed -n 's/^!\[[^]]*\](\([^)]*\))$/\1/p' "$r"); do
	case $img in /*) missing=1 ;; esac
	is_png "$TMPD/r/$img" || missing=1
done
[ $missing -eq 0 ] && grep -q '^!\[.*\](delta-csum-hot.png)$' "$r"
ok $? "every embedded figure is a relative path to a valid PNG, delta chart included"

# A range whose two ends print alike is one figure: a lead of 0.6% and
# 1.4% is "1%", never "1 – 1%".
printf '%s\n' 'family,kernel,size,src_align,dst_align,cache,unit,median,ci_lo,ci_hi' \
    'csum,csum.a,1024,0,0,hot,ticks,100,99.9,100.1' \
    'csum,csum.b,1024,0,0,hot,ticks,100.6,100.5,100.7' \
    'csum,csum.a,2048,0,0,hot,ticks,200,199.9,200.1' \
    'csum,csum.b,2048,0,0,hot,ticks,202.8,202.7,202.9' >"$TMPD/lead.csv"
"$CSUMBENCH" report "$TMPD/lead.csv" -o "$TMPD/lead" >/dev/null 2>&1
grep -q '^| 1 KiB – 2 KiB | csum.a | 10.2 | csum.b | 1% | 0 of 2 |$' "$TMPD/lead/report.md"
ok $? "report: a lead of 0.6-1.4% prints as 1%, a rate of 10.24 at both sizes as one figure"

# No shell in the scripts: a path of the user's (the output directory,
# TMPDIR) is only ever a gnuplot string, never a command.
! grep -n '^[^#]*system *(' "$scripts"/*.gp
ok $? "no gnuplot script runs a shell (system)"
H='family,kernel,size,src_align,dst_align,cache,unit,median'
printf '%s\ncsum,a,64,0,0,hot,ticks,5\ncsum,a,128,0,0,hot,ticks,7\n' "$H" >"$TMPD/nometa.csv"
evil="$TMPD/o\"; touch $TMPD/PWNED; echo \""
expect_exit 0 "a quote in the output directory: plot exits 0" -- \
	"$CSUMBENCH" plot "$TMPD/nometa.csv" --keep-data -o "$evil"
[ ! -e "$TMPD/PWNED" ] && is_png "$evil/throughput-csum-hot.png"
ok $? "... runs nothing, and draws the figure there"
mkdir "$TMPD/t\$(touch PWNED2)"
(cd "$TMPD" && TMPDIR='t$(touch PWNED2)' "$CSUMBENCH" plot nometa.csv -o o2) \
	>/dev/null 2>"$TMPD/err"
[ $? -eq 0 ] && [ ! -e "$TMPD/PWNED2" ]
r=$?
[ $r -eq 0 ] || diag <"$TMPD/err"
ok $r "a TMPDIR with \$(...) in it: plot exits 0 and runs nothing"

# Whatever gnuplot does wrong, nothing temporary is left.
mkdir "$TMPD/gtmp"
for how in "exit 3" "kill -KILL \$\$" "echo junk >\"\$4\"; exit 1"; do
	printf '#!/bin/sh\n%s\n' "$how" >"$TMPD/bad-gnuplot"
	chmod +x "$TMPD/bad-gnuplot"
	rm -rf "$TMPD/go"
	TMPDIR="$TMPD/gtmp" CSUMBENCH_GNUPLOT="$TMPD/bad-gnuplot" expect_exit 2 \
		"gnuplot that does '$how': exit 2" -- \
		"$CSUMBENCH" plot "$data/results.csv" -o "$TMPD/go"
	stderr_one_line 'gnuplot failed to make' "... one line"
	left="$(ls -A "$TMPD/gtmp") $(ls -A "$TMPD/go" 2>/dev/null)"
	[ "$left" = " " ]
	ok $? "... no temporary directory or figure left ($left)"
done

# What compare accepts, plot draws: only the required columns, no q1 or
# q3, a long CPU brand, a kernel name with spaces and enhanced-text marks.
expect_exit 0 "plot of a CSV with only the required columns exits 0" -- \
	"$CSUMBENCH" plot "$TMPD/nometa.csv" -o "$TMPD/req"
is_png "$TMPD/req/throughput-csum-hot.png"; ok $? "... a valid PNG"
cut -d, -f1-19,22- "$data/results.csv" >"$TMPD/noq.csv"
head -1 "$TMPD/noq.csv" | grep -q ',q1,' && ok 1 "the test data lost q1" || ok 0 "the test data has no q1, q3"
expect_exit 0 "plot of a CSV without q1 and q3 exits 0" -- \
	"$CSUMBENCH" plot "$TMPD/noq.csv" -o "$TMPD/noq" -f memcpy
is_png "$TMPD/noq/throughput-memcpy-hot.png"; ok $? "... a valid PNG"
for n in 300 1000000; do
	cp "$data/results.csv" "$TMPD/brand.csv"
	awk -v n=$n 'BEGIN { printf "cpu_brand="; for (i = 0; i < n; i++) printf "%s", substr("@_^{x}~&", i % 8 + 1, 1); print "" }' \
		>"$TMPD/brand.csv.meta"
	expect_exit 0 "a cpu_brand of $n characters: plot exits 0" -- \
		"$CSUMBENCH" plot "$TMPD/brand.csv" -o "$TMPD/brand$n" -f csum
	is_png "$TMPD/brand$n/throughput-csum-hot.png"; ok $? "... a valid PNG"
done
sed 's/memcpy\.words/my copy_v2^x @{y}/' "$data/results.csv" >"$TMPD/sp.csv"
expect_exit 0 "a kernel name with spaces: plot exits 0" -- \
	"$CSUMBENCH" plot "$TMPD/sp.csv" -o "$TMPD/sp" -f memcpy --format svg
f="$TMPD/sp/throughput-memcpy-hot.svg"
grep -q '<text>my copy_v2^x @{y}</text>' "$f" && grep -q '<text>memcpy.libc</text>' "$f" &&
    [ "$(grep -c '<text>my copy_v2\|<text>memcpy\.' "$f")" -eq 3 ]
ok $? "... each curve is labelled with its whole name, as it is"

done_testing
