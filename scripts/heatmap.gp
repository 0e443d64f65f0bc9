# heatmap.gp - cost per call of one kernel at one size, by alignment, and
# how sure each cell is.
#
# usage: gnuplot -c heatmap.gp RESULTS OUT KERNEL SIZE [CPU] [rel]
#
#   RESULTS  a csumbench results CSV (csumbench run -a byte -o FILE, say).
#            Columns are found by name: kernel, size, src_align, dst_align,
#            rel_align, median, ci_lo, ci_hi, unit, cache, mode. Rows of
#            other kernels and sizes are ignored; there should be one row
#            per cell.
#   OUT      the figure: NAME.svg for SVG, anything else for PNG.
#   KERNEL   the kernel, e.g. memcpy.libc, or "" for the rows of every
#            kernel (a file of one kernel, as csumbench plot writes; the
#            title names the first); SIZE its buffer size in bytes.
#   CPU      the CPU named in the title (csumbench plot passes cpu_brand
#            from RESULTS.meta or the JSON's context); "" for none.
#   rel      if given, the relative-misalignment view for copies: x is
#            (src - dst) mod 8 (the rel_align column), y the destination
#            offset. Then there should be one row per (rel_align,
#            dst_align) cell: csumbench plot writes, for each cell, the
#            median of the medians of the source offsets that fall in it,
#            and an interval from the lowest ci_lo to the highest ci_hi
#            of them.
#
# Without rel, x is the source offset and y the destination offset, in
# bytes from an aligned base. Two panels: on the left the colour of a cell
# is the median cost of one call in timer units; on the right, the width
# of that median's 95% confidence interval in percent of the median, on a
# scale that tops out at the left panel's colour range (in percent of the
# cheapest cell), so that a dark cell on the right is one whose
# uncertainty is as large as the whole left scale. Small grids also print
# the numbers in the cells. Cells that were not measured stay white, as do
# those without an interval on the right.
#
# The line under the maps names the cheapest and the dearest cell, and
# their difference only when their 95% confidence intervals do not
# overlap; otherwise it says that the map is within noise.
csb_out = ARG2
csb_height = 540
load ARG0[1:strstrt(ARG0, "heatmap.gp") - 1] . "common.gp"
csb_file = ARG1
kernel = ARG3
size = ARG4 + 0
eval csb_columns
rel = ARGC >= 6 && ARG6 eq "rel"
xcol = rel ? "rel_align" : "src_align"

xlo = 1e9; xhi = -1; ylo = 1e9; yhi = -1; zlo = 1e300; zhi = -1e300; n = 0
unit = ""; cache = ""; mode = ""; name = kernel; dist = ""
# The interval of the cheapest cell's median (its upper end) and of the
# dearest's (its lower end); where cells tie on the cheapest (dearest)
# median, the highest upper (lowest lower) end of theirs, so that the
# claim holds for each of them and not for the file's order. NaN where a
# cell has none. And the widest relative interval.
lo_hi = NaN; hi_lo = NaN; wmax = 0
umax(a, b) = a != a || b != b ? NaN : a > b ? a : b
umin(a, b) = a != a || b != b ? NaN : a < b ? a : b
# A cell's 95% CI width in percent of its median; NaN without one.
ciw(m, lo, hi) = m > 0 && hi >= lo ? (hi - lo) / m * 100 : NaN
cell(x, y, z, lo, hi) = (xlo = x < xlo ? x : xlo, xhi = x > xhi ? x : xhi, \
    ylo = y < ylo ? y : ylo, yhi = y > yhi ? y : yhi, \
    lo_hi = z < zlo ? hi : z == zlo ? umax(lo_hi, hi) : lo_hi, \
    hi_lo = z > zhi ? lo : z == zhi ? umin(hi_lo, lo) : hi_lo, \
    zlo = z < zlo ? z : zlo, zhi = z > zhi ? z : zhi, n = n + 1, \
    wmax = ciw(z, lo, hi) > wmax ? ciw(z, lo, hi) : wmax, \
    name = n == 1 ? strcol("kernel") : name, \
    unit = csb_str("unit"), cache = csb_str("cache"), mode = csb_str("mode"), \
    dist = csb_str("distance"), z)
# A cell of the map: this kernel (or any) at this size, with a median.
mine = '(strlen(kernel) == 0 || strcol("kernel") eq kernel) && \
    column("size") == size && csb_num("median") == csb_num("median")'
stats csb_file using (@mine ? cell(column(xcol), column("dst_align"), \
    column("median"), csb_num("ci_lo"), csb_num("ci_hi")) : NaN) nooutput
if (n == 0) {
	print sprintf("heatmap.gp: no rows with a median of %s at size %d in %s", \
	    strlen(kernel) > 0 ? csb_cap(kernel, 60) : "any kernel", size, csb_file)
	exit status 1
}

fmt(z) = z >= 99.95 ? sprintf("%.0f", z) : z >= 9.995 ? sprintf("%.1f", z) : \
    sprintf("%.2f", z)
pct(w) = w >= 9.95 ? sprintf("%.0f", w) : sprintf("%.1f", w)

cpu = ARGC >= 5 ? csb_cap(ARG5, 80) : ""
title = sprintf("%s, %s: cost by %s%s%s", csb_cap(name, 60), \
    csb_size(size), rel ? "relative misalignment" : "alignment", \
    strlen(cpu) > 0 ? " on " . cpu : "", \
    strlen(cache) > 0 ? ", " . csb_cap(cache, 20) . " cache" : "") . \
    (mode eq "latency" ? ", latency (dependent calls)" : "") . \
    (strlen(dist) > 0 ? sprintf("\ndestination %s B past the source", \
    csb_cap(dist, 20)) : "")
unit = csb_cap(unit, 20)

# The line under the maps. The difference of the cheapest and dearest
# cells is a claim only when their 95% CIs do not overlap.
known = lo_hi == lo_hi && hi_lo == hi_lo
apart = known && lo_hi < hi_lo
pair = sprintf("cheapest %s, dearest %s %s per call", fmt(zlo), fmt(zhi), unit)
spread = n == 1 ? sprintf("one cell: %s %s per call", fmt(zlo), unit) : \
    apart && zlo > 0 ? sprintf("%s (%+.1f%%, beyond their 95%% CIs)", pair, \
    (zhi / zlo - 1) * 100) : \
    apart ? sprintf("%s (beyond their 95%% CIs)", pair) : \
    known ? sprintf("%s: within noise (their 95%% CIs overlap)", pair) : \
    sprintf("%s: no confidence intervals, not tested", pair)

# The colour range spans at least 10% of the cheapest cell, so that a flat
# map (differences within the noise) looks flat instead of showing the
# noise at full contrast. At a net cost at or below 0 (the empty call's or
# less) the range is widened by a tenth of a unit.
if (zhi < zlo + (zlo > 0 ? zlo * 0.1 : 0.1)) { zhi = zlo + (zlo > 0 ? zlo * 0.1 : 0.1) }
# The CI panel's scale: the cost panel's range in percent of the cheapest
# cell (10% at least), or the widest interval where the costs are not all
# above 0.
wtop = zlo > 0 ? (zhi / zlo - 1) * 100 : (wmax > 0 ? wmax : 10)

nx = xhi - xlo + 1; ny = yhi - ylo + 1
tstep(m) = m <= 16 ? 1 : m <= 32 ? 4 : 8
# Numbers in the cells when they fit; dark text on light cells and light
# text on dark ones.
labels = nx <= 16 && ny <= 16

set multiplot title title
set xrange [xlo - 0.5 : xhi + 0.5]
set yrange [ylo - 0.5 : yhi + 0.5]
set size ratio -1
set grid noxtics noytics
set border 15 lw 1
set tics out
set xtics tstep(nx) nomirror
set ytics tstep(ny) nomirror
set mxtics tstep(nx) > 1 ? tstep(nx) : 1
set mytics tstep(ny) > 1 ? tstep(ny) : 1
if (rel) {
	set xlabel "(source - destination) mod 8, bytes"
} else {
	set xlabel "source offset (bytes)"
}
set ylabel "destination offset (bytes)"
unset key
set cbtics nomirror
set colorbox vertical user origin graph 1.04, graph 0 size character 1.5, graph 1
set style fill solid 1.0 noborder
set tmargin at screen 0.86
set bmargin at screen 0.2

# Left: the cost. A perceptually ordered ramp from pale yellow (cheap) to
# dark blue-violet (expensive), monotonic in lightness, so it reads in
# greyscale.
set palette defined (0 "#fdf7c4", 0.25 "#9fd78f", 0.5 "#35a08f", \
    0.75 "#2f5f98", 1 "#2b1a5a")
set cbrange [zlo : zhi]
set title sprintf("median cost, %s per call", unit)
set lmargin at screen 0.08
set rmargin at screen 0.40
set label 1 spread at screen 0.5, screen 0.04 center font ",12"
frac(z) = (z - zlo) / (zhi - zlo)
if (labels) {
	plot csb_file using (@mine ? column(xcol) : NaN):"dst_align":(0.51):(0.51):"median" \
	    with boxxyerror fc palette, \
	     csb_file using (@mine ? column(xcol) : NaN):"dst_align": \
	    (fmt(column("median"))):(frac(column("median")) > 0.55 ? 0xffffff : 0x000000) \
	    with labels tc rgb variable font ",9"
} else {
	plot csb_file using (@mine ? column(xcol) : NaN):"dst_align":(0.51):(0.51):"median" \
	    with boxxyerror fc palette
}

# Right: the 95% CI width, in percent of the median. White (sure) to dark
# red (as wide as the left panel's whole scale, or wider), also monotonic
# in lightness.
unset label 1
set palette defined (0 "#fffaf0", 0.3 "#fdd49e", 0.6 "#ef6548", \
    0.85 "#b30000", 1 "#4d0000")
set cbrange [0 : wtop]
set title "95% CI width, % of median"
unset ylabel
set lmargin at screen 0.56
set rmargin at screen 0.88
wv(row) = ciw(column("median"), csb_num("ci_lo"), csb_num("ci_hi"))
if (labels) {
	plot csb_file using (@mine ? column(xcol) : NaN):"dst_align":(0.51):(0.51):(wv(0)) \
	    with boxxyerror fc palette, \
	     csb_file using (@mine && wv(0) == wv(0) ? column(xcol) : NaN):"dst_align": \
	    (pct(wv(0))):(wv(0) / wtop > 0.55 ? 0xffffff : 0x000000) \
	    with labels tc rgb variable font ",9"
} else {
	plot csb_file using (@mine ? column(xcol) : NaN):"dst_align":(0.51):(0.51):(wv(0)) \
	    with boxxyerror fc palette
}
unset multiplot
