# rx.gp - the receive checksum's share of one core against the line rate,
# one line per path and kernel, for one traffic of a csumbench rx CSV.
#
# usage: gnuplot -c rx.gp RX OUT TRAFFIC
#
#   RX       a csumbench rx CSV (csumbench rx -o FILE.csv). Columns are
#            found by name: traffic, path, kernel, line_rate, core_pct,
#            cpu, cache, segment_bytes.
#   OUT      the figure: NAME.svg for SVG, anything else for PNG.
#   TRAFFIC  which traffic of the file (its traffic column, e.g. 1518 or
#            imix).
#
# Both axes are logarithmic: a path's share of a core grows in proportion
# to the packet rate, so each path is a straight line, and where it
# crosses the dashed line at 100% a whole core does nothing else.
csb_out = ARG2
load ARG0[1:strstrt(ARG0, "rx.gp") - 1] . "common.gp"
csb_file = ARG1
tr = ARG3

cpu = ""; cache = ""; seg = 0; xlo = 0; xhi = 0; ylo = 0; yhi = 0
rates = " "
csb_row(r) = (csb_add(strcol("path") . ":" . strcol("kernel")), \
    rates = strstrt(rates, sprintf(" %.0f ", r)) == 0 ? \
        rates . sprintf("%.0f ", r) : rates, \
    cpu = strcol("cpu"), cache = strcol("cache"), \
    seg = column("segment_bytes"), \
    xlo = (xlo == 0 || r < xlo) ? r : xlo, xhi = r > xhi ? r : xhi, \
    ylo = (ylo == 0 || column("core_pct") < ylo) ? column("core_pct") : ylo, \
    yhi = column("core_pct") > yhi ? column("core_pct") : yhi, r)
stats csb_file using (strcol("traffic") eq tr && column("core_pct") > 0 ? \
    csb_row(column("line_rate")) : NaN) nooutput
nk = words(csb_list)
if (nk == 0) { print "rx.gp: no rows of traffic ", tr, " in ", csb_file; exit status 1 }

# Each series' rows, in a block of its own.
do for [i = 1:nk] {
	set table $D append
	plot csb_file using "line_rate":"core_pct" with table \
	    if (strcol("traffic") eq tr && \
	        strcol("path") . ":" . strcol("kernel") eq word(csb_list, i))
	unset table
	set print $D append
	print ""
	print ""
	unset print
}
set datafile separator whitespace
set datafile nocolumnheaders

rate_label(r) = r >= 1e12 ? sprintf("%gT", r / 1e12) : \
    r >= 1e9 ? sprintf("%gG", r / 1e9) : \
    r >= 1e6 ? sprintf("%gM", r / 1e6) : sprintf("%gk", r / 1e3)
set logscale xy
set xrange [xlo / 1.6 : xhi * 1.6]
set xtics () nomirror
do for [i = 1:words(rates)] {
	set xtics add (rate_label(word(rates, i) + 0) word(rates, i) + 0)
}
set yrange [(ylo < 100 ? ylo : 100) / 2 : (yhi > 100 ? yhi : 100) * 2]
set format y "%g"
set arrow from graph 0, first 100 to graph 1, first 100 nohead dt 2 \
    lw 1.5 lc rgb "#7f7f7f"
set label "one core" at graph 0.02, first 100 offset 0, 0.7 tc rgb "#7f7f7f"
set title sprintf("Receive checksum per packet: traffic %s, %s-byte " . \
    "segments on average\n%s%s", csb_cap(tr, 40), sprintf("%.0f", seg), \
    strlen(cpu) > 0 ? csb_cap(cpu, 60) : "", \
    strlen(cache) > 0 ? ", " . cache . " cache" : "")
set xlabel "line rate (bits per second)"
set ylabel "share of one core (%)"

plot for [i = 1:nk] $D index (i - 1) using 1:2 \
	with linespoints lw csb_w(i) dt csb_dash(i) pt csb_pt(i) ps 1.3 \
	lc rgb csb_color(i) title word(csb_list, i) noenhanced
