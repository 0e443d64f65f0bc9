/*
 * capture.c - packet lengths from a pcap or pcapng file (see capture.h).
 *
 * libpcap reads both formats, in either byte order and timestamp
 * precision, and checks each record; what is done here is walking the
 * link and IP headers to the transport segment.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBPCAP
#include <pcap.h>
#endif

#include "capture.h"
#include "util.h"

#ifdef HAVE_LIBPCAP

static unsigned
be16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

/*
 * The IPv4 packet at p (caplen bytes captured of wire on the wire): its
 * payload length, or NO_SEGMENT. The header's total length counts when
 * the frame holds it (a short frame is padded to 60 bytes); beyond the
 * frame it is not believed: the segment is what the frame holds.
 */
static uint32_t
ipv4_segment(const unsigned char *p, size_t caplen, size_t wire)
{
	size_t ihl, total;

	if (caplen < 20 || (p[0] >> 4) != 4)
		return CAPTURE_NO_SEGMENT;
	ihl = (size_t)(p[0] & 0xf) * 4;
	total = be16(p + 2);
	/* A fragment carries part of a segment: no segment length. */
	if (total > wire)
		total = wire;
	if (ihl < 20 || total < ihl || (be16(p + 6) & 0x3fff) != 0)
		return CAPTURE_NO_SEGMENT;
	return (uint32_t)(total - ihl);
}

/*
 * The IPv6 packet at p: its payload length less the extension headers
 * before the transport header, or NO_SEGMENT (a fragment, a jumbogram, an
 * extension header beyond the captured bytes). As for IPv4, no longer
 * than the frame holds.
 */
static uint32_t
ipv6_segment(const unsigned char *p, size_t caplen, size_t wire)
{
	size_t plen, at = 40, ext;
	unsigned nh;

	if (caplen < 40 || (p[0] >> 4) != 6)
		return CAPTURE_NO_SEGMENT;
	plen = be16(p + 4);
	nh = p[6];
	for (;;) {
		if (nh == 0 || nh == 43 || nh == 60 || nh == 51) {
			if (caplen < at + 2)
				return CAPTURE_NO_SEGMENT;
			ext = nh == 51 ? ((size_t)p[at + 1] + 2) * 4 :
			    ((size_t)p[at + 1] + 1) * 8;
			nh = p[at];
			at += ext;
			continue;
		}
		if (nh == 44)
			return CAPTURE_NO_SEGMENT;
		break;
	}
	if (plen + 40 > wire)
		plen = wire > 40 ? wire - 40 : 0;
	if (plen == 0 || plen + 40 < at)
		return CAPTURE_NO_SEGMENT;
	return (uint32_t)(plen + 40 - at);
}

/* IPv4 or IPv6 by ethertype (0: by the version nibble). */
static uint32_t
ip_segment(unsigned ethertype, const unsigned char *p, size_t caplen,
    size_t wire)
{
	if (ethertype == 0 && caplen > 0)
		ethertype = (p[0] >> 4) == 4 ? 0x0800 :
		    (p[0] >> 4) == 6 ? 0x86dd : 1;
	if (ethertype == 0x0800)
		return ipv4_segment(p, caplen, wire);
	if (ethertype == 0x86dd)
		return ipv6_segment(p, caplen, wire);
	return CAPTURE_NO_SEGMENT;
}

/*
 * One packet of link type dlt, caplen bytes captured of wire: its segment
 * length, or NO_SEGMENT.
 */
static uint32_t
packet_segment(int dlt, const unsigned char *p, size_t caplen, size_t wire)
{
	size_t at;
	unsigned et;

	switch (dlt) {
	case DLT_EN10MB:
		if (caplen < 14)
			return CAPTURE_NO_SEGMENT;
		et = be16(p + 12);
		/* 802.1Q and 802.1ad tags, stacked or not. */
		for (at = 14; et == 0x8100 || et == 0x88a8; at += 4) {
			if (caplen < at + 4)
				return CAPTURE_NO_SEGMENT;
			et = be16(p + at + 2);
		}
		return ip_segment(et, p + at, caplen - at, wire - at);
	case DLT_LINUX_SLL:
		if (caplen < 16)
			return CAPTURE_NO_SEGMENT;
		return ip_segment(be16(p + 14), p + 16, caplen - 16,
		    wire - 16);
#ifdef DLT_LINUX_SLL2
	case DLT_LINUX_SLL2:
		if (caplen < 20)
			return CAPTURE_NO_SEGMENT;
		return ip_segment(be16(p), p + 20, caplen - 20, wire - 20);
#endif
	case DLT_NULL:
	case DLT_LOOP:
		if (caplen < 4)
			return CAPTURE_NO_SEGMENT;
		return ip_segment(0, p + 4, caplen - 4, wire - 4);
	case DLT_RAW:
#ifdef DLT_IPV4
	case DLT_IPV4:
	case DLT_IPV6:
#endif
		return ip_segment(0, p, caplen, wire);
	default:
		return CAPTURE_NO_SEGMENT;
	}
}

/* Append one packet's lengths. */
static void
push(struct capture *c, size_t *cap, uint32_t frame, uint32_t segment)
{
	if (c->n == *cap) {
		*cap = *cap ? *cap * 2 : 1024;
		c->frame = xreallocarray(c->frame, *cap, sizeof(*c->frame));
		c->segment = xreallocarray(c->segment, *cap,
		    sizeof(*c->segment));
	}
	c->frame[c->n] = frame;
	c->segment[c->n++] = segment;
	if (segment != CAPTURE_NO_SEGMENT)
		c->nsegment++;
}

/* Every record of an open capture; 0, or -1 with err. */
static int
read_all(pcap_t *pc, const char *path, struct capture *c, char *err,
    size_t errlen)
{
	struct pcap_pkthdr *h;
	const u_char *data;
	size_t cap = 0;
	int dlt = pcap_datalink(pc), rc;

	while ((rc = pcap_next_ex(pc, &h, &data)) == 1) {
		if (c->n == CAPTURE_MAX_PACKETS) {
			snprintf(err, errlen, "%s: more than %zu packets (cut "
			    "the capture shorter)", path, CAPTURE_MAX_PACKETS);
			return -1;
		}
		push(c, &cap, h->len, packet_segment(dlt, data, h->caplen,
		    h->len > h->caplen ? h->len : h->caplen));
	}
	if (rc != PCAP_ERROR_BREAK) {
		snprintf(err, errlen, "%s: %s", path, pcap_geterr(pc));
		return -1;
	}
	if (c->n == 0) {
		snprintf(err, errlen, "%s: no packets", path);
		return -1;
	}
	return 0;
}

int
capture_available(void)
{
	return 1;
}

int
capture_read(const char *path, struct capture *c, char *err, size_t errlen)
{
	char ebuf[PCAP_ERRBUF_SIZE] = "";
	pcap_t *pc;
	int rc;

	memset(c, 0, sizeof(*c));
	pc = pcap_open_offline(path, ebuf);
	if (pc == NULL) {
		/* libpcap's reason names the file when it could not open it. */
		if (strstr(ebuf, path) != NULL)
			snprintf(err, errlen, "%s", ebuf);
		else
			snprintf(err, errlen, "%s: %s", path, ebuf);
		return -1;
	}
	rc = read_all(pc, path, c, err, errlen);
	pcap_close(pc);
	if (rc != 0)
		capture_free(c);
	return rc;
}

#else /* !HAVE_LIBPCAP */

int
capture_available(void)
{
	return 0;
}

int
capture_read(const char *path, struct capture *c, char *err, size_t errlen)
{
	memset(c, 0, sizeof(*c));
	snprintf(err, errlen, "this csumbench was built without libpcap, so it "
	    "cannot read %s (install libpcap-dev and run configure again)",
	    path);
	return -1;
}

#endif

void
capture_free(struct capture *c)
{
	free(c->frame);
	free(c->segment);
	memset(c, 0, sizeof(*c));
}
