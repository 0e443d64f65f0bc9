# common.gp - what every csumbench figure shares: terminal, fonts, line
# styles that survive greyscale printing, size labels, CSV helpers.
#
# Loaded by throughput.gp, heatmap.gp, distance.gp and delta.gp from their
# own directory; not meant to be run alone. Expects csb_out (the output
# path) to be set.
#
# Nothing here runs a shell (no system()), and every text that comes from
# the data or the arguments is printed as it is: the terminal is not in
# enhanced-text mode, so "_", "^" or "@" in a kernel name or CPU brand mean
# nothing to it, and csb_cap shortens what would not fit.
# The terminal follows the output's extension: .svg writes SVG, anything
# else PNG (pngcairo when this gnuplot has it, else the libgd png terminal).

csb_is_svg = strlen(csb_out) > 4 && \
    substr(csb_out, strlen(csb_out) - 3, strlen(csb_out)) eq ".svg"
# Sized for a report or a slide; fonts readable when the figure is shown at
# its natural width (about 1000 pixels) or scaled to half of it. A script
# may set csb_height (pixels) before loading this file: the heatmaps' two
# square panels side by side need less height than a curve.
csb_height = exists("csb_height") ? csb_height : 620
if (csb_is_svg) {
	set terminal svg size 1000,csb_height dynamic noenhanced font "Sans,14" \
	    background "white"
} else {
	if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
		set terminal pngcairo size 1000,csb_height noenhanced font "Sans,13" \
		    background "white"
	} else {
		set terminal png size 1000,csb_height noenhanced font "Sans,13" \
		    background "white"
	}
}
set output csb_out
set encoding utf8

# Twelve styles. Colours: the Okabe-Ito palette (safe for the common
# colour-vision deficiencies) without its grey, which reads as a band or
# as missing data, then four of Paul Tol's muted colours (wine, indigo,
# olive, teal); no two alike up to twelve lines, none grey. Each style also
# has its own dash pattern and point shape, which is what tells lines apart
# in greyscale. Point types come in filled/open pairs (7/6 circle, 5/4
# square, 9/8 triangle, 11/10 inverted triangle, 13/12 diamond): csb_pt(i)
# is the filled one and csb_pt(i) - 1 the open one, where the style has a
# pair. Past twelve, the styles repeat with heavier lines.
array csb_rgb[12] = ["#000000", "#0072B2", "#D55E00", "#009E73", \
    "#CC79A7", "#E69F00", "#56B4E9", "#882255", "#332288", "#999933", \
    "#44AA99", "#AA4499"]
array csb_dt[12] = [1, 2, 4, 5, 1, 2, 4, 5, 3, 1, 2, 4]
array csb_ptv[12] = [7, 5, 9, 11, 13, 5, 7, 9, 11, 13, 7, 5]
csb_idx(i) = (i - 1) % 12 + 1
csb_pt(i) = csb_ptv[csb_idx(i)]
csb_color(i) = csb_rgb[csb_idx(i)]
csb_dash(i) = csb_dt[csb_idx(i)]
csb_w(i) = (i - 1) % 24 < 12 ? 2 : 3.5

set border 3 lw 1.2
set tics nomirror
set grid xtics ytics lc rgb "#d0d0d0" lw 1 dt 1
# The key goes under the plot, where it never hides a point.
set key outside bottom center horizontal Left reverse noautotitle \
    samplen 3 spacing 1.2 width 1 maxrows 3 nobox

# Byte counts as labels, as a user writes them: 64 B, 4 KiB, 2 MiB, and in
# bytes whatever is not a whole number of KiB, MiB or GiB (1500 B, 1536 B),
# so that a size is never printed rounded ("1.46484 KiB").
csb_whole(x, u) = x >= u && floor(x / u) * u == x
csb_size(x) = csb_whole(x, 2.0**30) ? sprintf("%.0f GiB", x / 2.0**30) : \
    csb_whole(x, 2.0**20) ? sprintf("%.0f MiB", x / 2.0**20) : \
    csb_whole(x, 1024.0) ? sprintf("%.0f KiB", x / 1024.0) : \
    sprintf("%.0f B", x)

# A log2 size axis: a labelled tic at powers of two (every second, fourth
# or eighth, so that at most nine labels fit without touching), a minor tic
# at the rest.
# Needs csb_xlo and csb_xhi (the smallest and largest size, > 0).
csb_e0 = 0
csb_e1 = 0
csb_xstep = 1
csb_log2_axis = 'csb_e0 = floor(log(csb_xlo) / log(2) + 1e-9); \
    csb_e1 = ceil(log(csb_xhi) / log(2) - 1e-9); \
    csb_xstep = (csb_e1 - csb_e0) > 32 ? 8 : (csb_e1 - csb_e0) > 16 ? 4 : \
        (csb_e1 - csb_e0) > 8 ? 2 : 1; \
    set logscale x 2; \
    set xrange [2**csb_e0 / 1.25 : 2**csb_e1 * 1.25]; \
    set xtics () nomirror; set mxtics default; \
    do for [e = csb_e0 : csb_e1] { \
        if (e % csb_xstep == 0) { set xtics add (csb_size(2**e) 2**e) } \
        else { set xtics add ("" 2**e 1) } }'

# Text from the data or the arguments, at most n characters.
csb_cap(s, n) = strlen(s) > n ? s[1:n - 3] . "..." : s

# CSV input with a header row; columns are found by name, so extra or
# reordered columns do no harm.
set datafile separator comma
set datafile columnheaders
set datafile missing ""

# The columns of csb_file (eval csb_columns once it is set), so that the
# optional ones are read only where they exist: a column asked for by a
# name the file does not have would drop every row. csb_num(c) is NaN, and
# csb_str(c) "", where the column is absent or its field empty.
csb_head = "|"
csb_columns = 'undefine STATS_columns; csb_head = "|"; \
    stats csb_file every ::0::0 using (0) nooutput; \
    if (exists("STATS_columns")) { do for [csb_i = 1:STATS_columns] { \
        stats csb_file every ::0::0 using \
            (csb_head = csb_head . columnhead(csb_i) . "|", 0) nooutput } }'
csb_has(c) = strstrt(csb_head, "|" . c . "|") > 0
csb_num(c) = csb_has(c) ? (strlen(strcol(c)) > 0 ? column(c) : NaN) : NaN
csb_str(c) = csb_has(c) ? strcol(c) : ""

# Distinct values of a string column, in order of appearance: csb_add(s)
# while reading, then eval csb_split makes the array csb_k[1..csb_nk]. The
# list keeps each value followed by a newline, which no CSV field as
# gnuplot reads it can hold, so any other character (a space in a kernel
# name) is part of a value.
csb_list = ""
csb_add(s) = (strstrt("\n" . csb_list, "\n" . s . "\n") == 0 ? \
    (csb_list = csb_list . s . "\n", 1) : 0)
csb_nk = 0
csb_split = 'csb_nk = 0; csb_r = csb_list; \
    while (strstrt(csb_r, "\n") > 0) { \
        csb_nk = csb_nk + 1; csb_r = csb_r[strstrt(csb_r, "\n") + 1:] }; \
    array csb_k[csb_nk > 0 ? csb_nk : 1]; csb_r = csb_list; \
    do for [csb_i = 1:csb_nk] { csb_p = strstrt(csb_r, "\n"); \
        csb_k[csb_i] = csb_r[1:csb_p - 1]; csb_r = csb_r[csb_p + 1:] }'

# Each value's rows in a block of its own, in order of first appearance,
# as `index (i - 1)` plots them (a NaN between two points would break a
# line). Make $T first, one line per row (`with table`) whose column
# csb_kcol is csb_kpos() of its value, then eval csb_blocks (after
# csb_split) to make $D: the rows of each value are chained (csb_next) in
# one pass over $T and printed value by value, so the time is linear in
# the rows, however the file orders them.
csb_kpos(s) = strstrt("\n" . csb_list, "\n" . s . "\n")
csb_kcol = 0
csb_blocks = 'array csb_ix[strlen(csb_list) + 1]; \
    array csb_head[csb_nk > 0 ? csb_nk : 1]; \
    array csb_tail[csb_nk > 0 ? csb_nk : 1]; \
    array csb_next[|$T| > 0 ? |$T| : 1]; \
    do for [csb_i = 1:csb_nk] { csb_ix[csb_kpos(csb_k[csb_i])] = csb_i; \
        csb_head[csb_i] = 0 }; \
    do for [csb_j = 1:|$T|] { csb_next[csb_j] = 0; \
        csb_i = csb_ix[int(word($T[csb_j], csb_kcol))]; \
        if (csb_head[csb_i] == 0) { csb_head[csb_i] = csb_j } \
        else { csb_next[csb_tail[csb_i]] = csb_j }; \
        csb_tail[csb_i] = csb_j }; \
    set print $D; \
    do for [csb_i = 1:csb_nk] { csb_j = csb_head[csb_i]; \
        while (csb_j > 0) { print $T[csb_j]; csb_j = csb_next[csb_j] }; \
        print ""; print "" }; \
    unset print'
