#!/bin/sh
# quickstart.sh - set up everything csumbench needs on Debian/Ubuntu, build
# it, and run the default (quick) benchmark.
#
#   sh scripts/quickstart.sh
#
# Installs the build dependencies with apt-get when any is missing (as root,
# or through sudo), then runs autoreconf, configure and make in the source
# tree, then ./csumbench. Run `make check` afterwards for the tests.
set -e

cd "$(dirname "$0")/.."

pkgs="build-essential autoconf automake pkg-config libcpuid-dev libpcap-dev gnuplot-nox"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
	    missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -eq 0 ]; then
		SUDO=""
	elif command -v sudo >/dev/null 2>&1; then
		SUDO="sudo"
	else
		echo "quickstart: need root (or sudo) to install:$missing" >&2
		exit 2
	fi
	echo "quickstart: installing$missing" >&2
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	# shellcheck disable=SC2086
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >&2
fi

# Build talk goes to stderr: stdout carries the benchmark's results only.
[ -x configure ] || autoreconf -fi >&2
[ -f Makefile ] || ./configure >&2
make -j"$(nproc 2>/dev/null || echo 2)" >&2
echo "quickstart: built ./csumbench; running the quick benchmark" >&2
exec ./csumbench
