#!/bin/sh
# mkpcap.sh - write the sample capture data/tcp-mix.pcap: 40 packets whose
# lengths are known, for the tests and the examples of `-s pcap:FILE`.
#
#   sh scripts/mkpcap.sh > data/tcp-mix.pcap
#
# Written byte by byte with printf (POSIX sh, nothing else needed), in the
# classic pcap format (little-endian, microsecond timestamps, Ethernet),
# with fixed timestamps so the output is the same on every machine.
# Headers are real (Ethernet, 802.1Q, ARP, IPv4, IPv6, TCP with the
# timestamp option, UDP) with correct length fields; payloads are zeros and
# checksum fields are left 0: only the lengths matter here.
#
# The packets (frame = pcap's original length, without FCS; segment = the
# IP payload, what a TCP or UDP checksum covers):
#   20  TCP data, MSS 1448 + 32-byte header      frame 1514  segment 1480
#   10  TCP pure ACK with timestamps             frame   66  segment   32
#    4  TCP request, 100 bytes of data           frame  166  segment  132
#    2  UDP, 40 bytes of data                    frame   82  segment   48
#    1  IPv6 TCP pure ACK with timestamps        frame   86  segment   32
#    1  802.1Q-tagged TCP pure ACK               frame   70  segment   32
#    1  ARP request                              frame   42  (none)
#    1  IPv4 first fragment (more-fragments set) frame 1514  (none)
# One of the TCP data packets is captured cut to 128 bytes (its original
# length still 1514), as a capture with a small snap length would hold it.
set -eu

# Bytes given as decimal numbers, gathered as octal escapes in F (shell
# arithmetic only: no process per byte) and written by flush.
F=
b() {
	for x in "$@"; do
		F="$F\\$((x >> 6 & 7))$((x >> 3 & 7))$((x & 7))"
	done
}
flush() {
	# shellcheck disable=SC2059
	printf "$F"
	F=
}
u16be() { b $(($1 >> 8 & 255)) $(($1 & 255)); }
u16le() { b $(($1 & 255)) $(($1 >> 8 & 255)); }
u32le() { u16le $(($1 & 65535)); u16le $(($1 >> 16 & 65535)); }
zeros() { flush; head -c "$1" /dev/zero; }

MAC_A="2 0 0 0 0 1"
MAC_B="2 0 0 0 0 2"

# eth DST SRC ETHERTYPE
eth() { b $1; b $2; u16be "$3"; }
# ipv4 TOTAL PROTO FRAGFIELD: a 20-byte header, 10.0.0.1 -> 10.0.0.2
ipv4() { b 69 0; u16be "$1"; u16be 1; u16be "$3"; b 64 "$2"; u16be 0
	b 10 0 0 1 10 0 0 2; }
# ipv6 PAYLOAD NEXT: fd00::1 -> fd00::2
ipv6() { b 96 0 0 0; u16be "$1"; b "$2" 64
	b 253 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1
	b 253 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2; }
# tcp32 FLAGS: a 32-byte TCP header (data offset 8), timestamp option
tcp32() { u16be 40000; u16be 5201; b 0 0 0 1 0 0 0 1; b 128 "$1"
	u16be 502; u16be 0; u16be 0; b 1 1 8 10 0 0 0 1 0 0 0 1; }
# udp LEN
udp() { u16be 53000; u16be 53; u16be "$1"; u16be 0; }

ts=0
# rec CAPLEN ORIGLEN: a record header; the packet's bytes follow
rec() {
	ts=$((ts + 1))
	u32le 1700000000; u32le $((ts * 1000)); u32le "$1"; u32le "$2"
}

data()     { rec 1514 1514; eth "$MAC_B" "$MAC_A" 2048; ipv4 1500 6 16384
	     tcp32 16; zeros 1448; }
data_cut() { rec 128 1514; eth "$MAC_B" "$MAC_A" 2048; ipv4 1500 6 16384
	     tcp32 16; zeros 62; }
ack()      { rec 66 66; eth "$MAC_A" "$MAC_B" 2048; ipv4 52 6 16384
	     tcp32 16; }
req()      { rec 166 166; eth "$MAC_B" "$MAC_A" 2048; ipv4 152 6 16384
	     tcp32 24; zeros 100; }
dgram()    { rec 82 82; eth "$MAC_B" "$MAC_A" 2048; ipv4 68 17 0
	     udp 48; zeros 40; }
ack6()     { rec 86 86; eth "$MAC_A" "$MAC_B" 34525; ipv6 32 6; tcp32 16; }
ack_vlan() { rec 70 70; eth "$MAC_A" "$MAC_B" 33024; u16be 100; u16be 2048
	     ipv4 52 6 16384; tcp32 16; }
arp()      { rec 42 42; eth "255 255 255 255 255 255" "$MAC_A" 2054
	     u16be 1; u16be 2048; b 6 4; u16be 1; b $MAC_A; b 10 0 0 1
	     b 0 0 0 0 0 0; b 10 0 0 2; }
frag()     { rec 1514 1514; eth "$MAC_B" "$MAC_A" 2048; ipv4 1500 17 8192
	     udp 2960; zeros 1472; }

# Global header: magic, version 2.4, zone 0, sigfigs 0, snaplen, Ethernet.
u32le 2712847316; u16le 2; u16le 4; u32le 0; u32le 0; u32le 65535; u32le 1

arp
req; ack; data; data; ack; data; data; ack; dgram
req; ack; data; data_cut; ack; data; data; ack; ack6
req; ack; data; data; ack; data; data; ack; ack_vlan
req; ack; data; data; data; data; data; data; data; data; frag; dgram
flush
