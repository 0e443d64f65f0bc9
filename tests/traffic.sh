#!/bin/sh
# Traffic: size distributions (presets, mix:, @FILE, captures) and
# csum_diff F/T shapes through run, and the receive-checksum scenario
# (csumbench rx). What is measured and how it is reported; no timing is
# asserted.
. "${top_srcdir:-.}/tests/lib.sh"
pcap="$top_srcdir/data/tcp-mix.pcap"
R="$CSUMBENCH run -q -r 3 --target-ci 0"
X="$CSUMBENCH rx -q -r 3 --target-ci 0"

# near A B: two numbers equal within a relative 1e-9.
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d;
	    m = a < 0 ? -a : a; exit !(a != "" && d <= 1e-9 * m + 1e-12) }'
}

# The sample capture is exactly what its script writes.
sh "$top_srcdir/scripts/mkpcap.sh" >"$TMPD/mk.pcap"
cmp -s "$TMPD/mk.pcap" "$pcap"
ok $? "data/tcp-mix.pcap is scripts/mkpcap.sh's output, byte for byte"

# imix: one point per kernel, its shape, mean and rounded size.
expect_exit 0 "run -f csum -s imix" -- $R -f csum -k csum.generic64 -s imix -o "$TMPD/imix.csv"
[ "$(cell "$TMPD/imix.csv" '*' shape)" = imix ] &&
    [ "$(cell "$TMPD/imix.csv" 1 size)" = 362 ] &&
    near "$(cell "$TMPD/imix.csv" 1 mean_size)" 361.8333333333333
ok $? "-s imix: shape imix, mean 4342/12 bytes, size its rounding"
grep -q '^sizes=imix$' "$TMPD/imix.csv.meta"; ok $? "-s imix: the .meta records the spec"
bpu=$(cell "$TMPD/imix.csv" 1 bytes_per_unit)
med=$(cell "$TMPD/imix.csv" 1 median)
near "$bpu" "$(awk -v m="$med" 'BEGIN { printf "%.17g", 4342 / 12 / m }')"
ok $? "-s imix: bytes per unit is the mean size over the median"

# The same distribution from a file, and fixed sizes beside it.
printf '# frames\n64 7\n594 4\n1518 1\n' >"$TMPD/imix.txt"
expect_exit 0 "run -s @FILE,64,1518" -- $R -k csum.generic64 -s "@$TMPD/imix.txt,64,1518" -o "$TMPD/file.csv"
[ "$(cell "$TMPD/file.csv" '*' shape | tr '\n' ' ')" = "  @$TMPD/imix.txt " ] &&
    near "$(cell "$TMPD/file.csv" 3 mean_size)" 361.8333333333333
ok $? "-s @FILE: rows of 64 and 1518, then the file's distribution"
# A file's path of any length names its rows whole, in CSV, JSON and tables.
long="$TMPD/a-directory-whose-name-takes-the-shape-of-a-point-past-eighty-bytes"
mkdir -p "$long" && cp "$TMPD/imix.txt" "$long/mix.txt"
expect_exit 0 "run -s @FILE at a long path, as JSON" -- $R -k csum.generic64 -s "@$long/mix.txt" -o "$TMPD/long.json"
grep -q "\"shape\": \"@$long/mix.txt\"" "$TMPD/long.json" &&
    grep -q "\"name\": \"csum.generic64/@$long/mix.txt/" "$TMPD/long.json"
ok $? "-s @FILE at a long path: its shape and name whole"
printf '64 7\n594 seven\n' >"$TMPD/bad.txt"
expect_exit 2 "a bad distribution file exits 2" -- $R -s "@$TMPD/bad.txt"
stderr_one_line "bad.txt:2: weight \"seven\"" "a bad distribution file: one line naming file, line and field"
expect_exit 2 "a missing distribution file exits 2" -- $R -s "@$TMPD/none.txt"
stderr_one_line "none.txt: No such file" "a missing distribution file: one line"

# Captures.
if [ "${CSB_HAVE_LIBPCAP:-yes}" = yes ]; then
	expect_exit 0 "run -s pcap:FILE" -- $R -k csum.generic64 -s "pcap:$pcap,pcap+l4:$pcap" -o "$TMPD/pcap.csv"
	near "$(cell "$TMPD/pcap.csv" "shape=pcap:$pcap" mean_size)" 837 &&
	    near "$(cell "$TMPD/pcap.csv" "shape=pcap+l4:$pcap" mean_size)" \
	        805.4736842105263
	ok $? "pcap: frame lengths average 33480/40, segments 30608/38"
	head -c 200 "$pcap" >"$TMPD/cut.pcap"
	expect_exit 2 "a truncated capture exits 2" -- $R -s "pcap:$TMPD/cut.pcap" -o "$TMPD/x.csv"
	stderr_one_line 'cut.pcap: truncated dump file' "a truncated capture: one line naming the file"
	echo "not a capture" >"$TMPD/junk.pcap"
	expect_exit 2 "a file that is no capture exits 2" -- $R -s "pcap:$TMPD/junk.pcap"
	stderr_one_line 'junk.pcap: unknown file format' "not a capture: one line naming the file"
	[ ! -e "$TMPD/x.csv" ]; ok $? "nothing written on bad input"
else
	expect_exit 2 "pcap: without libpcap exits 2" -- $R -s "pcap:$pcap"
	stderr_one_line 'built without libpcap.*libpcap-dev' "pcap: without libpcap: one line saying so"
fi

# csum_diff shapes.
expect_exit 0 "run -p bpf-rewrite" -- $R -p bpf-rewrite -k csum_diff.ref -o "$TMPD/bpf.csv"
[ "$(cell "$TMPD/bpf.csv" '*' shape | grep -c /)" -eq 11 ] &&
    [ "$(cell "$TMPD/bpf.csv" shape=4/8 size)" = 8 ] &&
    [ "$(cell "$TMPD/bpf.csv" '*' shape | wc -l)" -eq 13 ]
ok $? "bpf-rewrite: 13 shapes, 11 of them with from != to"
expect_exit 2 "F/T for memcpy alone exits 2" -- $R -f memcpy -s 4/8
stderr_one_line "F/T sizes are csum_diff's only" "F/T for memcpy: one line saying why"
expect_exit 0 "a distribution in JSON" -- $R -k csum.generic64 -s tcp-ack -o "$TMPD/d.json"
[ "$(cell "$TMPD/d.json" 1 shape)" = tcp-ack ] &&
    near "$(cell "$TMPD/d.json" 1 mean_size)" 70.6
ok $? "JSON: shape and mean_size of a distribution"
$R -k csum.generic64,csum.ref -s 64,imix -o "$TMPD/a.json" &&
    "$CSUMBENCH" compare "$TMPD/a.json" "$TMPD/a.json" --style markdown \
    -q >"$TMPD/cmp.md" 2>"$TMPD/err"
grep -q '^| imix |' "$TMPD/cmp.md" && grep -q '^| 64 |' "$TMPD/cmp.md"
ok $? "compare: a distribution is a row labelled by its name"

# rx: the receive checksum per packet.
expect_exit 0 "rx -s 1518,imix" -- $X -s 1518,imix -o "$TMPD/rx.csv"
[ "$(cell "$TMPD/rx.csv" 'traffic=1518' segment_bytes | sort -u)" = 1480 ] &&
    [ "$(cell "$TMPD/rx.csv" 'traffic=1518' wire_bytes | sort -u)" = 1538 ] &&
    [ "$(cell "$TMPD/rx.csv" 'traffic=imix' segments | sort -u)" = \
        "mix:20x7+556x4+1480x1" ]
ok $? "rx: 1518-byte frames carry 1480-byte segments; imix's segments"
[ "$(cell "$TMPD/rx.csv" 'traffic=1518' path | sort -u | tr '\n' ' ')" = \
    "complete copy copy+complete copy+software fused software " ]
ok $? "rx: the software, complete, fused and copy paths, and the totals"
# A total is the sum of its two medians, at every traffic and rate.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{ m[$c["traffic"], $c["path"], $c["line_rate"]] = $c["median"]; r[$c["traffic"], $c["line_rate"]] = 1 }
END {
	for (k in r) {
		split(k, p, SUBSEP)
		t = p[1]; l = p[2]
		s = m[t, "copy", l] + m[t, "software", l]
		f = m[t, "copy", l] + m[t, "complete", l]
		if ((m[t, "copy+software", l] - s) ^ 2 > 1e-12 * s * s ||
		    (m[t, "copy+complete", l] - f) ^ 2 > 1e-12 * f * f)
			bad = 1
		n++
	}
	exit bad || n != 6
}' "$TMPD/rx.csv"
ok $? "rx: copy+software and copy+complete are the sums of their medians"
expect_exit 0 "rx --cache cold" -- $X -s 64 --cache cold -o "$TMPD/rxc.csv"
[ "$(cell "$TMPD/rxc.csv" 'path=complete' cache | sort -u)" = hot ] &&
    [ "$(cell "$TMPD/rxc.csv" 'path=software' cache | sort -u)" = cold ]
ok $? "rx --cache cold: the fix-up hot (the stack read the header), the rest cold"
expect_exit 0 "rx --cache llc" -- $X -s 64 --cache llc -o "$TMPD/rxl.csv"
[ "$(cell "$TMPD/rxl.csv" 'path=complete' cache | sort -u)" = hot ] &&
    [ "$(cell "$TMPD/rxl.csv" 'path=fused' cache | sort -u)" = llc ] &&
    grep -qx 'cache=llc' "$TMPD/rxl.csv.meta"
ok $? "rx --cache llc: the packet in the last-level cache (DDIO), the fix-up hot"
expect_exit 0 "run --cache llc" -- "$CSUMBENCH" run -q -r 3 --target-ci 0 \
    -k csum.ref -s 1500 --cache hot,llc -o "$TMPD/llc.csv"
[ "$(cell "$TMPD/llc.csv" '*' cache | tr '\n' ' ')" = "hot llc " ] &&
    grep -Eq '^llc_pool_bytes=[1-9][0-9]*$' "$TMPD/llc.csv.meta"
ok $? "run --cache hot,llc: a point in each, and the LLC pool in the .meta"
expect_exit 2 "run --cache with an unknown state" -- "$CSUMBENCH" run -q \
    -k csum.ref -s 64 --cache warm -o "$TMPD/warm.csv"
stderr_one_line 'expected hot, cold, llc or a list, got "warm"' "... one line naming the states"
[ ! -e "$TMPD/warm.csv" ] && [ ! -e "$TMPD/warm.csv.meta" ]
ok $? "... and nothing written"
expect_exit 2 "rx --cache with an unknown state" -- $X -s 64 --cache warm \
    -o "$TMPD/rxwarm.csv"
stderr_one_line 'expected hot, llc or cold, got "warm"' "... one line naming the states"
[ ! -e "$TMPD/rxwarm.csv" ]
ok $? "... and nothing written"
[ "$(cell "$TMPD/rx.csv" 'path=complete' line_rate | sort -un | tr '\n' ' ')" = \
    "1000000000 10000000000 100000000000 " ]
ok $? "rx: 1G, 10G and 100G by default"
# Every row's figures from its median, as a reader would derive them.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    function rel(a, b) { d = a - b; if (d < 0) d = -d; return d / b }
    { ns = $c["median"] / $c["timer_hz"] * 1e9
      pps = $c["line_rate"] / 8 / $c["wire_bytes"]
      if (rel($c["ns_per_packet"], ns) > 1e-9 ||
          rel($c["packets_per_s"], 1e9 / ns) > 1e-9 ||
          rel($c["line_packets_per_s"], pps) > 1e-9 ||
          rel($c["core_pct"], pps * ns / 1e7) > 1e-9 ||
          !($c["median"] > 0)) bad++ }
    END { exit bad > 0 || NR < 9 }' "$TMPD/rx.csv"
ok $? "rx: ns, packets/s and % of a core follow from each median"
if [ "${CSB_HAVE_LIBPCAP:-yes}" = yes ]; then
	expect_exit 0 "rx -s pcap:FILE" -- $X -s "pcap:$pcap" -o "$TMPD/rxp.csv"
	near "$(cell "$TMPD/rxp.csv" 1 segment_bytes)" 805.4736842105263 &&
	    near "$(cell "$TMPD/rxp.csv" 1 frame_bytes)" 844.1052631578947 &&
	    [ "$(cell "$TMPD/rxp.csv" 1 segments)" = "pcap+l4:$pcap" ]
	ok $? "rx: a capture's own segments and frames (FCS added)"
fi
expect_exit 2 "rx: a frame under 64 bytes exits 2" -- $X -s 60
stderr_one_line 'frame of 60 bytes is shorter than' "rx -s 60: one line"
expect_exit 2 "rx: a bad line rate exits 2" -- $X --line-rate 10Q
stderr_one_line '"10Q" is not a rate' "rx --line-rate 10Q: one line"
expect_exit 2 "rx: F/T exits 2" -- $X -s 4/8
stderr_one_line "F/T shapes are csum_diff's" "rx -s 4/8: one line"
expect_exit 2 "rx: two offset pairs exit 2" -- $X -a 0-3
stderr_one_line 'one SRC/DST pair' "rx -a 0-3: one line"
expect_exit 2 "rx: no csum kernel exits 2" -- $X -k copy.ref
stderr_one_line 'no csum kernel' "rx -k copy.ref: one line"
# The output is opened before measuring: a sweep of minutes (--min-time
# 20s a point) that cannot write its file ends at once, not after it.
expect_exit 2 "rx: an unwritable -o exits 2 before measuring" -- \
    timeout 15 $X --min-time 20s --max-time 0 -o /nonexistent/dir/rx.csv
stderr_one_line '/nonexistent/dir/rx.csv' "rx: unwritable -o: one line"

# report and plot of rx's CSV.
if command -v gnuplot >/dev/null 2>&1; then
	expect_exit 0 "report of an rx CSV" -- "$CSUMBENCH" report "$TMPD/rx.csv" -o "$TMPD/rep"
	grep -q '^## Traffic 1518' "$TMPD/rep/report.md" &&
	    grep -q '^| software | ' "$TMPD/rep/report.md" &&
	    grep -q '(rx-imix.png)' "$TMPD/rep/report.md" &&
	    [ "$(head -c 4 "$TMPD/rep/rx-1518.png" | od -An -c | tr -d ' ')" = \
	        '211PNG' ]
	ok $? "report: a table and a figure per traffic"
	expect_exit 0 "plot of an rx CSV" -- "$CSUMBENCH" plot "$TMPD/rx.csv" -o "$TMPD/fig" --format svg
	[ "$(wc -l <"$TMPD/out")" -eq 2 ] && grep -q '<svg' "$TMPD/fig/rx-imix.svg"
	ok $? "plot: one figure per traffic"
else
	skip "gnuplot is not installed: rx figures not tested"
fi
done_testing
