# common.gp - what every csumbench figure shares: terminal, fonts, line
# styles that survive greyscale printing, size labels, CSV helpers.
#
# Loaded by throughput.gp, heatmap.gp and delta.gp from their own directory;
# not meant to be run alone. Expects csb_out (the output path) to be set.
# The terminal follows the output's extension: .svg writes SVG, anything
# else PNG (pngcairo when this gnuplot has it, else the libgd png terminal).

csb_is_svg = strlen(csb_out) > 4 && \
    substr(csb_out, strlen(csb_out) - 3, strlen(csb_out)) eq ".svg"
# Sized for a report or a slide; fonts readable when the figure is shown at
# its natural width (about 1000 pixels) or scaled to half of it.
if (csb_is_svg) {
	set terminal svg size 1000,620 dynamic enhanced font "Sans,14" \
	    background "white"
} else {
	if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
		set terminal pngcairo size 1000,620 enhanced font "Sans,13" \
		    background "white"
	} else {
		set terminal png size 1000,620 enhanced font "Sans,13" \
		    background "white"
	}
}
set output csb_out
set encoding utf8

# Eight styles. Colours are the Okabe-Ito palette (safe for the common
# colour-vision deficiencies); each style also has its own dash pattern and
# point shape, which is what tells lines apart in greyscale. Point types
# come in filled/open pairs (7/6 circle, 5/4 square, 9/8 triangle, 11/10
# inverted triangle, 13/12 diamond): csb_pt(i) is the filled one and
# csb_pt(i) - 1 the open one, where the style has a pair.
array csb_rgb[8] = ["#000000", "#0072B2", "#D55E00", "#009E73", \
    "#CC79A7", "#E69F00", "#56B4E9", "#7F7F7F"]
array csb_dt[8] = [1, 2, 4, 5, 1, 2, 4, 5]
array csb_ptv[8] = [7, 5, 9, 11, 13, 5, 7, 9]
csb_idx(i) = (i - 1) % 8 + 1
csb_pt(i) = csb_ptv[csb_idx(i)]
csb_color(i) = csb_rgb[csb_idx(i)]
csb_dash(i) = csb_dt[csb_idx(i)]
csb_w(i) = (i - 1) % 16 < 8 ? 2 : 3.5

set border 3 lw 1.2
set tics nomirror
set grid xtics ytics lc rgb "#d0d0d0" lw 1 dt 1
# The key goes under the plot, where it never hides a point.
set key outside bottom center horizontal Left reverse noautotitle \
    samplen 3 spacing 1.2 width 1 maxrows 3 nobox

# Byte counts as axis labels: 64 B, 4 KiB, 1.5 KiB, 2 MiB.
csb_size(x) = x >= 2**30 ? sprintf("%g GiB", x / 2.0**30) : \
    x >= 2**20 ? sprintf("%g MiB", x / 2.0**20) : \
    x >= 1024 ? sprintf("%g KiB", x / 1024.0) : sprintf("%g B", x)

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

# eval csb_read_meta: csb_meta_val = the value of csb_meta_key in the
# key=value file csb_meta_file (csumbench run -o FILE writes FILE.meta), or
# "" when there is no such file or key. `test` checks that the file exists,
# as gnuplot 5.4 has no way of its own.
csb_meta_val = ""
csb_read_meta = 'csb_meta_val = ""; \
    if (system(sprintf("test -r \"%s\" && echo 1 || echo 0", csb_meta_file)) + 0) { \
        set datafile separator "="; \
        stats csb_meta_file using (strcol(1) eq csb_meta_key ? \
            (csb_meta_val = strcol(2), 0) : 0) nooutput; \
        set datafile separator comma }'

# Text from the data (kernel and family names such as csum_copy.fused, CPU
# brands with "@") printed literally in enhanced-text titles.
csb_esc1(c) = strstrt("_^@&~{}", c) > 0 ? "\\" . c : c
csb_esc(s) = strlen(s) == 0 ? "" : csb_esc1(s[1:1]) . csb_esc(s[2:])

# CSV input with a header row; columns are found by name, so extra or
# reordered columns do no harm.
set datafile separator comma
set datafile columnheaders
set datafile missing ""

# Distinct values of a string column, in order of appearance, as a
# space-separated list (word(csb_list, i), words(csb_list)). Values contain
# no spaces: kernel names never do.
csb_list = " "
csb_add(s) = (strstrt(csb_list, " " . s . " ") == 0 ? \
    (csb_list = csb_list . s . " ", 1) : 0)
