/*
 * rx.h - the receive-checksum scenario: traffic described as Ethernet
 * frames, the transport segments whose checksum a receiver verifies, and
 * what a per-packet cost means at a line rate.
 *
 * The model (one IPv4 header without options per packet; a TCP or UDP
 * segment inside):
 *   frame    Ethernet header (14) + IPv4 header (20) + segment + FCS (4),
 *            at least 64 bytes (shorter ones are padded)
 *   segment  frame - 38; a 64-byte frame is taken to carry a 20-byte
 *            segment (a TCP pure ACK without options, padded)
 *   wire     frame + 20 (preamble, start delimiter and inter-frame gap):
 *            what one packet takes of the line's bits
 * A capture is read exactly instead: each packet's segment from its IP
 * header (IPv4 or IPv6), its frame from pcap's original length plus the
 * FCS that captures leave out; packets without a segment are left out.
 *
 * The three receive paths, per packet (costs of whole calls):
 *   software  csum_partial over the segment, the pseudo-header's sum
 *             passed as its initial sum (as Linux's
 *             __skb_checksum_complete adds it); the final fold and compare
 *             are a few ALU operations every path shares
 *   complete  CHECKSUM_COMPLETE: the device's sum covers the frame from
 *             its Ethernet header, so the stack subtracts the header's
 *             sum (csum_partial over RX_ETH_HDR bytes, a ones'-complement
 *             subtract: skb_postpull_rcsum)
 *   fused     copy to the user buffer and checksum in one pass
 *             (csum_and_copy_to_user)
 * and, for reference, the copy alone (what the complete path still does).
 */
#ifndef CSUMBENCH_RX_H
#define CSUMBENCH_RX_H

#include <stddef.h>

#include "dist.h"

#define RX_ETH_HDR	14
#define RX_IPV4_HDR	20
#define RX_FCS		4
#define RX_WIRE_EXTRA	20	/* preamble 7, start delimiter 1, gap 12 */
#define RX_MIN_FRAME	64
#define RX_ACK_SEGMENT	20	/* what a minimum frame is taken to carry */
/* Where a segment sits from a 64-byte aligned buffer: NET_IP_ALIGN 0
 * (x86-64), Ethernet and IPv4 headers before it. */
#define RX_SEG_OFFSET	(RX_ETH_HDR + RX_IPV4_HDR)

/* One traffic of -s: its segments (what is timed) and its wire bytes. */
struct rx_traffic {
	char		*name;	/* the item as written */
	/* The segments: a fixed size (seg_dist NULL) or a distribution. */
	size_t		 seg;
	struct dist	*seg_dist;
	double		 seg_mean;	/* bytes per segment */
	double		 frame_mean;	/* bytes per frame, FCS included */
	double		 wire;		/* bytes on the wire per packet */
	size_t		 packets, skipped;	/* a capture's */
	char		*run_spec;	/* the segments as a run -s item */
};

/* The segment a frame of `frame` bytes carries (frame >= 64). */
size_t	rx_segment(size_t frame);
/*
 * Parse a traffic spec (a size spec of frame lengths, presets, mix:,
 * @FILE or pcap:FILE items) into *t[0..*n-1]. Returns 0, or -1 with a
 * one-line message in err.
 */
int	rx_traffic_parse(const char *spec, struct rx_traffic **t, size_t *n,
	    char *err, size_t errlen);
void	rx_traffic_free(struct rx_traffic *t, size_t n);
/* Packets per second at rate bits per second. */
double	rx_pps(const struct rx_traffic *t, double rate);
/*
 * Parse a list of line rates in bits per second ("1G,10G,100G", decimal
 * K/M/G/T suffixes) into r[0..*n-1] (at most max). 0, or -1 with err.
 */
int	rx_rates_parse(const char *spec, double *r, size_t max, size_t *n,
	    char *err, size_t errlen);
/* A rate as written in a header: "1G", "2.5G", "100M". */
const char *rx_rate_label(double rate, char *buf, size_t len);

#endif
