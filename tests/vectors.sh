#!/bin/sh
# data/rfc1071-vectors.txt through `csumbench csum` with every csum kernel.
. "${top_srcdir:-.}/tests/lib.sh"

vectors="$top_srcdir/data/rfc1071-vectors.txt"
[ -r "$vectors" ]; ok $? "the test vectors are readable"
kernels=$("$CSUMBENCH" list --csv -f csum | cell - available=yes kernel)

# hex2bin HEX FILE: write the bytes of HEX ("-" for none) to FILE.
hex2bin() {
	if [ "$1" = "-" ]; then
		: >"$2"
		return
	fi
	# Portable: convert each hex pair to an octal escape for printf.
	echo "$1" | awk '{
		for (i = 1; i < length($0); i += 2) {
			v = index("0123456789abcdef", substr($0, i, 1)) - 1
			v = v * 16 + index("0123456789abcdef", substr($0, i + 1, 1)) - 1
			printf "\\%03o", v
		}
	}' >"$2.esc"
	printf "$(cat "$2.esc")" >"$2"
}

n=0
grep -v '^#' "$vectors" | while read -r want hex rest; do
	n=$((n + 1))
	hex2bin "$hex" "$TMPD/v"
	bad=""
	for k in $kernels; do
		got=$("$CSUMBENCH" csum -k "$k" "$TMPD/v" | cut -c1-6)
		[ "$got" = "$want" ] || bad="$bad $k=$got"
	done
	[ -z "$bad" ]
	ok $? "$want ${rest#\# }${bad:+ (wrong:$bad)}" 
	echo "$tap_n $tap_fail" >"$TMPD/count"
done
read tap_n tap_fail <"$TMPD/count"
[ "$tap_n" -ge 18 ]; ok $? "every vector was checked ($((tap_n - 1)))"
done_testing
