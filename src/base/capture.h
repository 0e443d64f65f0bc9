/*
 * capture.h - packet lengths from a pcap or pcapng file, read with libpcap.
 *
 * Two lengths per packet: the frame (pcap's original length: the packet
 * as it was on the wire, before any snap-length cut; for Ethernet captured
 * on Linux, without its 4-byte FCS) and the transport segment (the IP
 * payload: IPv4 total length less the IPv4 header, IPv6 payload length
 * less its extension headers), which is what a TCP or UDP checksum covers.
 * The segment is found through the link layers Linux captures use
 * (Ethernet with 802.1Q/802.1ad tags, Linux cooked v1 and v2, raw IP,
 * BSD loopback); a packet without one (ARP, a non-first fragment, a
 * header cut by the snap length) has no segment length and is counted.
 */
#ifndef CSUMBENCH_CAPTURE_H
#define CSUMBENCH_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

/* Most packets one capture may hold here (about 128 MiB of lengths). */
#define CAPTURE_MAX_PACKETS	((size_t)16 << 20)
/* A packet whose segment length is unknown. */
#define CAPTURE_NO_SEGMENT	UINT32_MAX

struct capture {
	uint32_t *frame;	/* per packet, in file order */
	uint32_t *segment;	/* per packet, or CAPTURE_NO_SEGMENT */
	size_t	  n;
	size_t	  nsegment;	/* packets with a segment length */
};

/* Was this csumbench built with libpcap? */
int	capture_available(void);
/*
 * Read every packet of path. Returns 0, or -1 with a one-line message in
 * err (the file's name and libpcap's reason: unknown format, truncated
 * record, no packets, built without libpcap).
 */
int	capture_read(const char *path, struct capture *c, char *err,
	    size_t errlen);
void	capture_free(struct capture *c);

#endif
