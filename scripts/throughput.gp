# throughput.gp - throughput against buffer size, one line per kernel.
#
# usage: gnuplot -c throughput.gp RESULTS OUT [CPU [FIXED]]
#
#   RESULTS  a csumbench results CSV (csumbench run -o FILE). Columns are
#            found by name: family, kernel, size, median, unit, cache,
#            mode, src_align, dst_align, and when there, q1, q3 and
#            timer_hz (an empty cell is a value not known). Rows without a
#            median above 0 are left out. The file should hold one row per kernel
#            and size, sorted by size within each kernel, as run writes it
#            for one family, one cache state and one alignment; csumbench
#            plot writes such a file for each figure. Rows of size 0 are
#            left out (no throughput to show).
#   OUT      the figure: NAME.svg for SVG, anything else for PNG.
#   CPU      the CPU named in the title (csumbench plot passes cpu_brand
#            from RESULTS.meta or the JSON's context); default: none.
#   FIXED    a second title line: what the figure holds fixed of what was
#            measured (csumbench plot: the offsets and the placement drawn,
#            and how many others the results have); default: none.
#
# y is bytes per timer unit at the median cost of a call (size / median),
# the band around each line the interquartile range of the samples (size /
# q3 to size / q1), drawn only at the sizes where both quartiles are above
# 0 (a net cost's q1 can be 0 or below: no throughput bound there) and q3
# is within 1.5 times q1: a wider band (a non-temporal store's, say) would
# cover the other lines and tell less than the line itself. When
# the timer's frequency is known (timer_hz), the right axis gives the same
# scale in GB/s (10^9 bytes per second).
#
# The y axis is logarithmic when the plotted range spans more than 10x, so
# that a slow kernel is not flattened onto the x axis beside a fast one.
# When the file has bpu_bound (the most bytes per unit the core can move),
# the frame stops there: a point above it is not physically possible (a
# cost at or below the empty call's, say) and is drawn as an open triangle
# on the frame's top edge, with a note in the key.
#
# When the file has pct_peak (the run had measured ceilings: csumbench
# ceilings), the ceiling of each size, bytes_per_unit / pct_peak * 100
# (the family's load, store or copy ceiling at the cache level the size
# fits), is drawn as a dashed step line: a roofline measured on the
# machine of the run.
csb_out = ARG2
load ARG0[1:strstrt(ARG0, "throughput.gp") - 1] . "common.gp"
csb_file = ARG1

# One pass: kernels, size range, unit, timer frequency, labels. A row
# counts when its size and median are above 0.
eval csb_columns
csb_xlo = 0; csb_xhi = 0; unit = ""; hz = 0; ymax = 0
fam = ""; cache = ""; mode = ""; soff = -1; doff = -1; mixed = 0; iqr = 0
ylo = 0; bound = 0; roof = 0
# The band of a row is meaningful when both quartiles are above 0.
band(x) = csb_num("q1") > 0 && csb_num("q3") > 0 && \
    csb_num("q3") <= 1.5 * csb_num("q1")
q1top(s) = band(0) ? s / csb_num("q1") : s / csb_num("median")
q3bot(s) = band(0) ? s / csb_num("q3") : s / csb_num("median")
# The ceiling of a row: NaN without pct_peak.
roofat(s) = csb_num("pct_peak") > 0 ? \
    s / csb_num("median") * 100 / csb_num("pct_peak") : NaN
csb_row(s) = (csb_add(strcol("kernel")), unit = csb_str("unit"), \
    hz = csb_num("timer_hz") > 0 ? csb_num("timer_hz") : hz, \
    fam = csb_str("family"), cache = csb_str("cache"), \
    mode = csb_str("mode"), \
    mixed = mixed || (soff >= 0 && (soff != csb_num("src_align") || \
        doff != csb_num("dst_align"))), \
    soff = csb_num("src_align"), doff = csb_num("dst_align"), \
    csb_xlo = (csb_xlo == 0 || s < csb_xlo) ? s : csb_xlo, \
    csb_xhi = s > csb_xhi ? s : csb_xhi, \
    ymax = q1top(s) > ymax ? q1top(s) : ymax, \
    ylo = (ylo == 0 || q3bot(s) < ylo) ? q3bot(s) : ylo, \
    bound = csb_num("bpu_bound") > bound ? csb_num("bpu_bound") : bound, \
    roof = roofat(s) > roof ? roofat(s) : roof, \
    iqr = iqr || band(0), s)
use(s) = s > 0 && csb_num("median") > 0
stats csb_file using (use(column("size")) ? csb_row(column("size")) : NaN) nooutput
eval csb_split
nk = csb_nk
if (nk == 0) { print "throughput.gp: no rows with a size and a median above 0 in ", csb_file; exit status 1 }

cpu = ARGC >= 3 ? csb_cap(ARG3, 80) : ""
set title sprintf("%s throughput%s%s%s%s", csb_cap(fam, 40), \
    strlen(cpu) > 0 ? " on " . cpu : "", \
    strlen(cache) > 0 ? ", " . csb_cap(cache, 20) . " cache" : "", \
    mixed ? ", mixed offsets" : (soff > 0 || doff > 0) ? \
        sprintf(", source/destination offset %d/%d", soff, doff) : "", \
    mode eq "latency" ? " (latency: dependent calls)" : "") . \
    (ARGC >= 4 && strlen(ARG4) > 0 ? "\n" . csb_cap(ARG4, 120) : "")

# Each kernel's rows, without the others' (a NaN in a line would break it):
# one pass over the file, then blocks (csb_blocks, linear in the rows).
set table $T
plot csb_file using (sprintf("%.0f", column("size"))):(csb_num("median")): \
    (band(0) ? csb_num("q1") : NaN):(band(0) ? csb_num("q3") : NaN): \
    (roofat(column("size"))):(csb_kpos(strcol("kernel"))) \
    with table if (use(column("size")))
unset table
csb_kcol = 6
eval csb_blocks
set datafile separator whitespace
set datafile nocolumnheaders

if (csb_xhi / csb_xlo >= 16) { eval csb_log2_axis } else {
	set xrange [*:*]
	set xtics autofreq nomirror
	set offsets graph 0.02, graph 0.02, 0, 0
}
set xlabel "buffer size (bytes)"
# The frame: from the lowest band or point to the highest, capped at the
# bound the core can move; log when that spans more than 10x.
ymax = roof > ymax ? roof : ymax
clipped = bound > 0 && ymax > bound
ytop = clipped ? bound : ymax
logy = ylo > 0 && ytop / ylo > 10
if (logy) {
	yb = ylo / 1.25; yt = ytop * 1.25
	set logscale y 10
	# Labels at 1, 2 and 5 of each decade, minor tics between.
	set ytics () nomirror
	do for [e = floor(log10(yb)) : ceil(log10(yt))] {
		do for [m in "1 2 5"] { set ytics add (sprintf("%g", m * 10.0**e) m * 10.0**e) }
	}
	set mytics 10
} else {
	yb = 0; yt = ytop * 1.08
}
if (unit eq "ns") {
	set ylabel "throughput, GB/s (bytes per ns)"
} else {
	set ylabel sprintf("throughput, bytes per %s", unit eq "ticks" ? "tick" : \
	    unit eq "cycles" ? "cycle" : csb_cap(unit, 20))
	if (hz > 0) {
		# Same scale, own tics: a linked axis would label y's tics.
		set y2label sprintf("GB/s (%s at %.3g GHz)", \
		    unit eq "ticks" ? "timer" : csb_cap(unit, 20), hz / 1e9)
		set y2range [yb * hz / 1e9 : yt * hz / 1e9]
		if (logy) {
			set logscale y2 10
			set y2tics () nomirror
			do for [e = floor(log10(yb * hz / 1e9)) : ceil(log10(yt * hz / 1e9))] {
				do for [m in "1 2 5"] { set y2tics add (sprintf("%g", m * 10.0**e) m * 10.0**e) }
			}
			set my2tics 10
		} else {
			set y2tics autofreq nomirror
		}
		set border 11 lw 1.2
	}
}
set yrange [yb : yt]
# A point above the frame: an open triangle on its top edge.
over(x, y) = clipped && x / y > yt ? yt : NaN

plot for [i = 1:nk] $D index (i - 1) using 1:($1 / $4):($1 / $3) \
	    with filledcurves fc rgb csb_color(i) fs transparent solid 0.18 \
	    noborder notitle, \
     for [i = 1:nk] $D index (i - 1) using 1:($1 / $2) \
	    with linespoints lw csb_w(i) dt csb_dash(i) pt csb_pt(i) ps 1.1 \
	    lc rgb csb_color(i) title csb_cap(csb_k[i], 60), \
     for [i = 1:nk] $D index (i - 1) using 1:(over($1, $2)) \
	    with points pt 8 ps 2 lw 2 lc rgb csb_color(i) notitle, \
     for [i = 1:(roof > 0 ? 1 : 0)] $D index 0 using 1:5 \
	    with steps lw 1.5 dt 2 lc rgb "#333333" \
	    title "ceiling measured here (csumbench ceilings)", \
     keyentry with filledcurves fc rgb "#999999" fs transparent solid 0.3 \
	    title (iqr ? "interquartile range (where under 1.5x)" : ""), \
     keyentry with points pt 8 ps 2 lw 2 lc rgb "#555555" \
	    title (clipped ? sprintf("above the frame: over %.3g bytes per %s, more than the core can move", \
	    bound, unit eq "ticks" ? "tick" : unit eq "cycles" ? "cycle" : csb_cap(unit, 20)) : "")
