# delta.gp - percent change of cost per call, by size, one line per kernel.
#
# usage: gnuplot -c delta.gp DELTAS OUT [NOTE]
#
#   DELTAS   a CSV with a header row and at least the columns (found by
#            name, in any order, among any others)
#              kernel       the series: one line per distinct value
#                           (b_kernel instead, when there is such a column)
#              size         buffer size in bytes (rows without one, like
#                           compare's geomean rows, are left out)
#              delta_pct    (B - A) / A * 100 of the cost per call: below
#                           zero B is faster, above zero B is slower
#              significant  1, yes or true when the change is statistically
#                           significant; 0, no, false or empty when not
#            and optionally family (named in the default title). The CSV
#            of `csumbench compare --style csv` is such a file, as it is;
#            csumbench plot and report write it, one family, cache state
#            and pair of offsets a chart, for --compare. Rows of a kernel
#            should be of one cache state and offsets, in increasing size.
#   OUT      the figure: NAME.svg for SVG, anything else for PNG.
#   NOTE     appended to the title "<family>: change in cost per call",
#            e.g. what B and A are ("new.csv against old.csv").
#
# Significant changes are filled points on the line; insignificant ones
# are open points of the same shape and colour (drawn, not hidden).
csb_out = ARG2
load ARG0[1:strstrt(ARG0, "delta.gp") - 1] . "common.gp"
csb_file = ARG1

# The series column: b_kernel in compare's CSV, else kernel.
eval csb_columns
kcol = csb_has("b_kernel") ? "b_kernel" : "kernel"

csb_xlo = 0; csb_xhi = 0; fam = ""; dlo = 0; dhi = 0; nsig = 0; nrow = 0
has_fam = 1
csb_row(s, d) = (csb_add(strcol(kcol)), \
    csb_xlo = (csb_xlo == 0 || s < csb_xlo) ? s : csb_xlo, \
    csb_xhi = s > csb_xhi ? s : csb_xhi, \
    dlo = d < dlo ? d : dlo, dhi = d > dhi ? d : dhi, nrow = nrow + 1, s)
ok(s) = s > 0 && csb_num("delta_pct") == csb_num("delta_pct")
stats csb_file using (ok(csb_num("size")) ? \
    csb_row(column("size"), column("delta_pct")) : NaN) nooutput
eval csb_split
nk = csb_nk
if (nk == 0) { print "delta.gp: no deltas in ", csb_file; exit status 1 }
# The family column is optional.
fam_of(x) = (fam = csb_str("family"), x)
if (csb_has("family")) {
	stats csb_file using (fam_of(0)) nooutput
}

sig(s) = s eq "1" || s eq "yes" || s eq "true" || s eq "y" || s eq "*" || \
    s eq "Y" || s eq "YES" || s eq "TRUE"

note = ARGC >= 3 ? csb_cap(ARG3, 80) : ""
set title sprintf("%s%schange in cost per call%s", csb_cap(fam, 40), \
    strlen(fam) > 0 ? ": " : "", strlen(note) > 0 ? ", " . note : "")

# Each kernel's rows: size, delta, significant (1 or 0); one pass over
# the file, then blocks (csb_blocks, linear in the rows).
set table $T
plot csb_file using (sprintf("%.0f", column("size"))):"delta_pct": \
    (sig(csb_str("significant")) ? 1 : 0):(csb_kpos(strcol(kcol))) \
    with table if (ok(csb_num("size")))
unset table
csb_kcol = 4
eval csb_blocks
set datafile separator whitespace
set datafile nocolumnheaders

if (csb_xhi / csb_xlo >= 16) { eval csb_log2_axis } else {
	set xtics autofreq nomirror
	set offsets graph 0.02, graph 0.02, 0, 0
}
set xlabel "buffer size (bytes)"
set ylabel "change in cost per call, % ((B - A) / A)"
set format y "%+g%%"
# Symmetric enough that the zero line is never at an edge.
pad = (dhi - dlo) * 0.08 + 1
set yrange [dlo - pad : dhi + pad]
set label 1 "B faster" at graph 0.99, first dlo - pad * 0.5 right \
    font ",11" tc rgb "#555555"
set label 2 "B slower" at graph 0.99, first dhi + pad * 0.5 right \
    font ",11" tc rgb "#555555"
set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead \
    lc rgb "#000000" lw 1.5 back


plot for [i = 1:nk] $D index (i - 1) using 1:2 \
	    with lines lw csb_w(i) dt csb_dash(i) lc rgb csb_color(i) notitle, \
     for [i = 1:nk] $D index (i - 1) using 1:($3 > 0 ? $2 : NaN) \
	    with points pt csb_pt(i) ps 1.4 lc rgb csb_color(i) notitle, \
     for [i = 1:nk] $D index (i - 1) using 1:($3 > 0 ? NaN : $2) \
	    with points pt (csb_pt(i) - 1) ps 1.4 lw 1.5 lc rgb csb_color(i) \
	    notitle, \
     for [i = 1:nk] keyentry with linespoints lw csb_w(i) dt csb_dash(i) \
	    pt csb_pt(i) ps 1.4 lc rgb csb_color(i) title csb_cap(csb_k[i], 60), \
     keyentry with points pt 7 ps 1.4 lc rgb "#555555" \
	    title "significant", \
     keyentry with points pt 6 ps 1.4 lw 1.5 lc rgb "#555555" \
	    title "not significant"
