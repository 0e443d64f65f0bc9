# throughput.gp - throughput against buffer size, one line per kernel.
#
# usage: gnuplot -c throughput.gp RESULTS OUT [CPU]
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
#
# y is bytes per timer unit at the median cost of a call (size / median),
# the band around each line the interquartile range of the samples (size /
# q3 to size / q1), where the file has it. When the timer's frequency is known (timer_hz), the
# right axis gives the same scale in GB/s (10^9 bytes per second).
csb_out = ARG2
load ARG0[1:strstrt(ARG0, "throughput.gp") - 1] . "common.gp"
csb_file = ARG1

# One pass: kernels, size range, unit, timer frequency, labels. A row
# counts when its size and median are above 0.
eval csb_columns
csb_xlo = 0; csb_xhi = 0; unit = ""; hz = 0; ymax = 0
fam = ""; cache = ""; mode = ""; soff = -1; doff = -1; mixed = 0; iqr = 0
q1top(s) = csb_num("q1") > 0 ? s / csb_num("q1") : s / csb_num("median")
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
    iqr = iqr || (csb_num("q1") > 0 && csb_num("q3") > 0), s)
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
    mode eq "latency" ? " (latency: dependent calls)" : "")

# Each kernel's rows, without the others' (a NaN in a line would break it).
do for [i = 1:nk] {
	set table $D append
	plot csb_file using (sprintf("%.0f", column("size"))):(csb_num("median")): \
	    (csb_num("q1")):(csb_num("q3")) \
	    with table if (strcol("kernel") eq csb_k[i] && use(column("size")))
	unset table
	set print $D append
	print ""
	print ""
	unset print
}
set datafile separator whitespace
set datafile nocolumnheaders

if (csb_xhi / csb_xlo >= 16) { eval csb_log2_axis } else {
	set xrange [*:*]
	set xtics autofreq nomirror
	set offsets graph 0.02, graph 0.02, 0, 0
}
set xlabel "buffer size (bytes)"
if (unit eq "ns") {
	set ylabel "throughput, GB/s (bytes per ns)"
} else {
	set ylabel sprintf("throughput, bytes per %s", unit eq "ticks" ? "tick" : \
	    unit eq "cycles" ? "cycle" : csb_cap(unit, 20))
	if (hz > 0) {
		# Same scale, own tics: a linked axis would label y's tics.
		set y2label sprintf("GB/s (%s at %.3g GHz)", \
		    unit eq "ticks" ? "timer" : csb_cap(unit, 20), hz / 1e9)
		set y2range [0 : ymax * 1.08 * hz / 1e9]
		set y2tics autofreq nomirror
		set border 11 lw 1.2
	}
}
set yrange [0 : ymax * 1.08]

plot for [i = 1:nk] $D index (i - 1) using 1:($1 / $4):($1 / $3) \
	    with filledcurves fc rgb csb_color(i) fs transparent solid 0.18 \
	    noborder notitle, \
     for [i = 1:nk] $D index (i - 1) using 1:($1 / $2) \
	    with linespoints lw csb_w(i) dt csb_dash(i) pt csb_pt(i) ps 1.1 \
	    lc rgb csb_color(i) title csb_cap(csb_k[i], 60), \
     keyentry with filledcurves fc rgb "#999999" fs transparent solid 0.3 \
	    title (iqr ? "interquartile range" : "")
