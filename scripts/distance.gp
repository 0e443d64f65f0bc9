# distance.gp - cost per call of one kernel by placement: size against the
# distance of the destination from the source, and how sure each cell is.
#
# usage: gnuplot -c distance.gp DATA OUT KERNEL [CPU]
#
#   DATA     a CSV with the columns kernel, size, distance, median and
#            relative (the median over the cheapest distance's at the same
#            size), and unit, cost, cache; optionally ci_lo and ci_hi (the
#            median's 95% CI) and noise (1 when the CI overlaps the
#            cheapest distance's at that size): csumbench plot writes one
#            per kernel measured at two or more distances (run --distance,
#            plot --keep-data keeps it). Rows of other kernels are ignored.
#   OUT      the figure: NAME.svg for SVG, anything else for PNG.
#   KERNEL   the kernel, e.g. memcpy.libc.
#   CPU      the CPU named in the title; "" for none.
#
# x is the distance, (destination - source) mod the page in bytes, one
# column per distance measured; y the size, one row per size. Two panels:
# on the left the colour of a cell is its cost relative to the cheapest
# placement at that size (1: the best); each cell prints the median cost
# and that ratio, followed by "~" when the cell's 95% CI overlaps the
# cheapest's (the ratio is within noise). A row that is dark somewhere,
# without "~", is a size where placement matters: 4K aliasing (see
# csumbench(1), PLACEMENT). On the right, the width of each median's 95%
# CI in percent of the median, on a scale that tops out at the left
# panel's range (in percent), so that a dark cell there is one whose
# uncertainty is as large as the whole left scale.
csb_out = ARG2
csb_height = 560
load ARG0[1:strstrt(ARG0, "distance.gp") - 1] . "common.gp"
csb_file = ARG1
kernel = ARG3
eval csb_columns

# Distinct distances and sizes in order of appearance (the data lists
# them ascending), and a cell's column and row from them.
dl = " "; sl = " "
dadd(s) = (strstrt(dl, " " . s . " ") == 0 ? (dl = dl . s . " ", 1) : 0)
sadd(s) = (strstrt(sl, " " . s . " ") == 0 ? (sl = sl . s . " ", 1) : 0)
find(list, s, i) = i > words(list) ? 0 : word(list, i) eq s ? i : \
    find(list, s, i + 1)
rhi = 1; n = 0; unit = ""; cache = ""; cost = ""
# A cell's 95% CI width in percent of its median; NaN without one.
ciw(m, lo, hi) = m > 0 && hi >= lo ? (hi - lo) / m * 100 : NaN
wv(row) = ciw(column("median"), csb_num("ci_lo"), csb_num("ci_hi"))
cell(r) = (dadd(strcol("distance")), sadd(strcol("size")), \
    rhi = r > rhi ? r : rhi, n = n + 1, unit = strcol("unit"), \
    cache = strcol("cache"), cost = strcol("cost"), r)
mine = 'strcol("kernel") eq kernel'
stats csb_file using (@mine ? cell(column("relative")) : NaN) nooutput
if (n == 0) {
	print sprintf("distance.gp: no rows of %s in %s", kernel, csb_file)
	exit status 1
}
nx = words(dl); ny = words(sl)
xi(s) = find(dl, s, 1)
yi(s) = find(sl, s, 1)

fmt(z) = z >= 99.95 ? sprintf("%.0f", z) : z >= 9.995 ? sprintf("%.1f", z) : \
    sprintf("%.2f", z)

pct(w) = w >= 9.95 ? sprintf("%.0f", w) : sprintf("%.1f", w)
# "~" after a ratio above 1 whose CI overlaps the cheapest's.
tilde(row) = column("relative") > 1 && csb_num("noise") == 1 ? " ~" : ""

cpu = ARGC >= 4 ? csb_cap(ARG4, 80) : ""
title = sprintf("%s: cost by placement%s%s", csb_cap(kernel, 60), \
    strlen(cpu) > 0 ? " on " . cpu : "", \
    strlen(cache) > 0 ? ", " . csb_cap(cache, 20) . " cache" : "")
unit = csb_cap(unit, 20)

# At least a 10% range, so that a flat map (placement does not matter)
# looks flat instead of showing the noise at full contrast.
if (rhi < 1.1) { rhi = 1.1 }
# The CI panel's scale: the left one's range, in percent.
wtop = (rhi - 1) * 100
labels = nx <= 12 && ny <= 16

set multiplot title title
set xrange [0.5 : nx + 0.5]
set yrange [0.5 : ny + 0.5]
set grid noxtics noytics
set border 15 lw 1
set tics out
set xtics () nomirror
set ytics () nomirror
do for [i = 1:nx] { set xtics add (word(dl, i) i) }
do for [i = 1:ny] { set ytics add (csb_size(word(sl, i) + 0) i) }
set xlabel "(destination - source) mod page, bytes"
set ylabel "size"
unset key
set cbtics nomirror
set colorbox vertical user origin graph 1.04, graph 0 size character 1.5, graph 1
set style fill solid 1.0 noborder
set tmargin at screen 0.83
set bmargin at screen 0.2

# Left: the ratio to the cheapest placement.
set palette defined (0 "#fdf7c4", 0.25 "#9fd78f", 0.5 "#35a08f", \
    0.75 "#2f5f98", 1 "#2b1a5a")
set cbrange [1 : rhi]
set title "cost / the cheapest placement's at the size"
set lmargin at screen 0.09
set rmargin at screen 0.42
set label 1 sprintf("cells: median %s per call (%s), its ratio to the " . \
    "cheapest placement at that size; ~ within noise of it", unit, \
    cost eq "net" ? "net" : "whole call") \
    at screen 0.5, screen 0.04 center font ",11"
frac(z) = (z - 1) / (rhi - 1)
if (labels) {
	plot csb_file using (@mine ? xi(strcol("distance")) : NaN): \
	    (yi(strcol("size"))):(0.5):(0.5):"relative" \
	    with boxxyerror fc palette, \
	     csb_file using (@mine ? xi(strcol("distance")) : NaN): \
	    (yi(strcol("size"))):(sprintf("%s\n×%.2f%s", fmt(column("median")), \
	    column("relative"), tilde(0))):(frac(column("relative")) > 0.55 ? \
	    0xffffff : 0x000000) with labels tc rgb variable font ",9"
} else {
	plot csb_file using (@mine ? xi(strcol("distance")) : NaN): \
	    (yi(strcol("size"))):(0.5):(0.5):"relative" \
	    with boxxyerror fc palette
}

# Right: the 95% CI width, in percent of the median.
unset label 1
set palette defined (0 "#fffaf0", 0.3 "#fdd49e", 0.6 "#ef6548", \
    0.85 "#b30000", 1 "#4d0000")
set cbrange [0 : wtop]
set title "95% CI width, % of median"
unset ylabel
set lmargin at screen 0.58
set rmargin at screen 0.89
if (labels) {
	plot csb_file using (@mine ? xi(strcol("distance")) : NaN): \
	    (yi(strcol("size"))):(0.5):(0.5):(wv(0)) \
	    with boxxyerror fc palette, \
	     csb_file using (@mine && wv(0) == wv(0) ? xi(strcol("distance")) : NaN): \
	    (yi(strcol("size"))):(pct(wv(0))):(wv(0) / wtop > 0.55 ? \
	    0xffffff : 0x000000) with labels tc rgb variable font ",9"
} else {
	plot csb_file using (@mine ? xi(strcol("distance")) : NaN): \
	    (yi(strcol("size"))):(0.5):(0.5):(wv(0)) \
	    with boxxyerror fc palette
}
unset multiplot
