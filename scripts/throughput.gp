# throughput.gp - throughput against buffer size, one line per kernel.
#
# usage: gnuplot -c throughput.gp RESULTS OUT [CPU]
#
#   RESULTS  a csumbench results CSV (csumbench run -o FILE). Columns are
#            found by name: family, kernel, size, median, q1, q3, unit,
#            timer_hz, cache, mode. The file should hold one row per kernel
#            and size, sorted by size within each kernel, as run writes it
#            for one family, one cache state and one alignment; csumbench
#            plot writes such a file for each figure. Rows of size 0 are
#            left out (no throughput to show).
#   OUT      the figure: NAME.svg for SVG, anything else for PNG.
#   CPU      the CPU named in the title; default: cpu_brand from
#            RESULTS.meta when that exists.
#
# y is bytes per timer unit at the median cost of a call (size / median),
# the band around each line the interquartile range of the samples (size /
# q3 to size / q1). When the timer's frequency is known (timer_hz), the
# right axis gives the same scale in GB/s (10^9 bytes per second).
csb_out = ARG2
load ARG0[1:strstrt(ARG0, "throughput.gp") - 1] . "common.gp"
csb_file = ARG1

# One pass: kernels, size range, unit, timer frequency, labels.
csb_xlo = 0; csb_xhi = 0; unit = ""; hz = 0; ymax = 0
fam = ""; cache = ""; mode = ""; soff = -1; doff = -1; mixed = 0
csb_row(s) = (csb_add(strcol("kernel")), unit = strcol("unit"), \
    hz = column("timer_hz"), fam = strcol("family"), cache = strcol("cache"), \
    mode = strcol("mode"), \
    mixed = mixed || (soff >= 0 && (soff != column("src_align") || \
        doff != column("dst_align"))), \
    soff = column("src_align"), doff = column("dst_align"), \
    csb_xlo = (csb_xlo == 0 || s < csb_xlo) ? s : csb_xlo, \
    csb_xhi = s > csb_xhi ? s : csb_xhi, \
    ymax = s / column("q1") > ymax ? s / column("q1") : ymax, s)
stats csb_file using (column("size") > 0 ? csb_row(column("size")) : NaN) nooutput
nk = words(csb_list)
if (nk == 0) { print "throughput.gp: no rows with a size above 0 in ", csb_file; exit status 1 }
if (hz != hz) { hz = 0 }

cpu = ARGC >= 3 ? ARG3 : ""
if (strlen(cpu) == 0) {
	csb_meta_file = csb_file . ".meta"; csb_meta_key = "cpu_brand"
	eval csb_read_meta
	cpu = csb_meta_val
}
set title sprintf("{/:Bold %s} throughput%s%s%s%s", csb_esc(fam), \
    strlen(cpu) > 0 ? " on " . csb_esc(cpu) : "", \
    strlen(cache) > 0 ? ", " . cache . " cache" : "", \
    mixed ? ", mixed offsets" : (soff != 0 || doff != 0) ? \
        sprintf(", source/destination offset %d/%d", soff, doff) : "", \
    mode eq "latency" ? " (latency: dependent calls)" : "")

# Each kernel's rows, without the others' (a NaN in a line would break it).
do for [i = 1:nk] {
	set table $D append
	plot csb_file using (sprintf("%.0f", column("size"))):"median":"q1":"q3" \
	    with table if (strcol("kernel") eq word(csb_list, i) && column("size") > 0)
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
	    unit eq "cycles" ? "cycle" : unit)
	if (hz > 0) {
		# Same scale, own tics: a linked axis would label y's tics.
		set y2label sprintf("GB/s (%s at %.3g GHz)", \
		    unit eq "ticks" ? "timer" : unit, hz / 1e9)
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
	    lc rgb csb_color(i) title word(csb_list, i) noenhanced, \
     keyentry with filledcurves fc rgb "#999999" fs transparent solid 0.3 \
	    title "interquartile range"
