# heatmap.gp - cost per call of one kernel at one size, by alignment.
#
# usage: gnuplot -c heatmap.gp RESULTS OUT KERNEL SIZE [CPU] [rel]
#
#   RESULTS  a csumbench results CSV (csumbench run -a byte -o FILE, say).
#            Columns are found by name: kernel, size, src_align, dst_align,
#            rel_align, median, unit, cache, mode. Rows of other kernels and
#            sizes are ignored; there should be one row per cell.
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
#            median of the medians of the source offsets that fall in it.
#
# Without rel, x is the source offset and y the destination offset, in
# bytes from an aligned base. The colour of a cell is the median cost of
# one call in timer units; small grids also print the number in each cell.
# Cells that were not measured stay white.
csb_out = ARG2
load ARG0[1:strstrt(ARG0, "heatmap.gp") - 1] . "common.gp"
csb_file = ARG1
kernel = ARG3
size = ARG4 + 0
eval csb_columns
rel = ARGC >= 6 && ARG6 eq "rel"
xcol = rel ? "rel_align" : "src_align"

xlo = 1e9; xhi = -1; ylo = 1e9; yhi = -1; zlo = 1e300; zhi = -1e300; n = 0
unit = ""; cache = ""; mode = ""; name = kernel
cell(x, y, z) = (xlo = x < xlo ? x : xlo, xhi = x > xhi ? x : xhi, \
    ylo = y < ylo ? y : ylo, yhi = y > yhi ? y : yhi, \
    zlo = z < zlo ? z : zlo, zhi = z > zhi ? z : zhi, n = n + 1, \
    name = n == 1 ? strcol("kernel") : name, \
    unit = csb_str("unit"), cache = csb_str("cache"), mode = csb_str("mode"), z)
# A cell of the map: this kernel (or any) at this size, with a median.
mine = '(strlen(kernel) == 0 || strcol("kernel") eq kernel) && \
    column("size") == size && csb_num("median") == csb_num("median")'
stats csb_file using (@mine ? cell(column(xcol), column("dst_align"), \
    column("median")) : NaN) nooutput
if (n == 0) {
	print sprintf("heatmap.gp: no rows with a median of %s at size %d in %s", \
	    strlen(kernel) > 0 ? csb_cap(kernel, 60) : "any kernel", size, csb_file)
	exit status 1
}

fmt(z) = z >= 99.95 ? sprintf("%.0f", z) : z >= 9.995 ? sprintf("%.1f", z) : \
    sprintf("%.2f", z)

cpu = ARGC >= 5 ? csb_cap(ARG5, 80) : ""
set title sprintf("%s, %s: cost by %s%s%s", csb_cap(name, 60), \
    csb_size(size), rel ? "relative misalignment" : "alignment", \
    strlen(cpu) > 0 ? " on " . cpu : "", \
    strlen(cache) > 0 ? ", " . csb_cap(cache, 20) . " cache" : "")

# Colour: a perceptually ordered ramp from pale yellow (cheap) to dark
# blue-violet (expensive), monotonic in lightness, so it reads in greyscale.
set palette defined (0 "#fdf7c4", 0.25 "#9fd78f", 0.5 "#35a08f", \
    0.75 "#2f5f98", 1 "#2b1a5a")
unit = csb_cap(unit, 20)
set cblabel sprintf("%s per call (median)", unit)
# The colour range spans at least 10% of the cheapest cell, so that a flat
# map (differences within the noise) looks flat instead of showing the
# noise at full contrast; the spread itself is printed under the map.
spread = zlo > 0 ? sprintf("cheapest %s, dearest %s %s per call (%+.1f%%)", \
    fmt(zlo), fmt(zhi), unit, (zhi / zlo - 1) * 100) : \
    sprintf("cheapest %s, dearest %s %s per call", fmt(zlo), fmt(zhi), unit)
# At a net cost at or below 0 (the empty call's or less) the range is
# widened by a tenth of a unit.
if (zhi < zlo + (zlo > 0 ? zlo * 0.1 : 0.1)) { zhi = zlo + (zlo > 0 ? zlo * 0.1 : 0.1) }
set cbrange [zlo : zhi]
set cbtics nomirror
set colorbox vertical user origin graph 1.04, graph 0 size character 2, graph 1

set xrange [xlo - 0.5 : xhi + 0.5]
set yrange [ylo - 0.5 : yhi + 0.5]
set size ratio -1
set grid noxtics noytics
set border 15 lw 1
set tics out
nx = xhi - xlo + 1; ny = yhi - ylo + 1
tstep(m) = m <= 16 ? 1 : m <= 32 ? 4 : 8
set xtics tstep(nx) nomirror
set ytics tstep(ny) nomirror
set mxtics tstep(nx) > 1 ? tstep(nx) : 1
set mytics tstep(ny) > 1 ? tstep(ny) : 1
if (rel) {
	set xlabel "relative misalignment: (source - destination) mod 8, bytes"
} else {
	set xlabel "source offset (bytes)"
}
set ylabel "destination offset (bytes)"
unset key
set label 1 spread at screen 0.5, screen 0.035 center font ",12"
set bmargin 6

# Numbers in the cells when they fit; dark text on light cells and light
# text on dark ones.
labels = nx <= 16 && ny <= 16
frac(z) = (z - zlo) / (zhi - zlo)
set style fill solid 1.0 noborder
if (labels) {
	plot csb_file using (@mine ? column(xcol) : NaN):"dst_align":(0.51):(0.51):"median" \
	    with boxxyerror fc palette, \
	     csb_file using (@mine ? column(xcol) : NaN):"dst_align": \
	    (fmt(column("median"))):(frac(column("median")) > 0.55 ? 0xffffff : 0x000000) \
	    with labels tc rgb variable font ",10"
} else {
	plot csb_file using (@mine ? column(xcol) : NaN):"dst_align":(0.51):(0.51):"median" \
	    with boxxyerror fc palette
}
