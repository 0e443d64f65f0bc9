/*
 * t_dist.c - unit tests of src/dist.c and src/capture.c: the presets and
 * their exact definitions, mix: and @FILE distributions, the packet
 * lengths of data/tcp-mix.pcap (known by construction: scripts/mkpcap.sh),
 * corrupt captures, and the sequence of sizes distribution mode times.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/base/capture.h"
#include "../src/base/dist.h"
#include "tap.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

static char tmpdir[] = "/tmp/t_dist.XXXXXX";

/* item parses to exactly the bins want (size, weight pairs) and mean. */
static void
bins(const char *item, const double (*want)[2], size_t n, double mean)
{
	struct dist d;
	char err[256];
	size_t i;
	int ok;

	if (dist_parse(item, strlen(item), &d, err, sizeof(err)) != 0) {
		tap_ok(0, "%s parses (%s)", item, err);
		return;
	}
	ok = d.nbin == n && fabs(d.mean - mean) < 1e-9 &&
	    d.max == (size_t)want[n - 1][0];
	for (i = 0; ok && i < n; i++)
		ok = d.bin[i].size == (size_t)want[i][0] &&
		    d.bin[i].weight == want[i][1];
	if (!ok)
		for (i = 0; i < d.nbin; i++)
			tap_diag("bin %zu: %zu x %g (mean %.17g)", i,
			    d.bin[i].size, d.bin[i].weight, d.mean);
	tap_ok(ok, "%s: %zu sizes, mean %g", item, n, mean);
	dist_free(&d);
}

/* item is refused with a one-line message holding why. */
static void
refused(const char *item, const char *why)
{
	struct dist d;
	char err[256] = "";
	int rc = dist_parse(item, strlen(item), &d, err, sizeof(err));

	if (!tap_ok(rc == -1 && strstr(err, why) != NULL &&
	    strchr(err, '\n') == NULL && d.name == NULL,
	    "%s refused: %s", item, err))
		tap_diag("wanted \"%s\"", why);
	if (rc == 0)
		dist_free(&d);
}

/* A file in tmpdir with text; its path (static). */
static const char *
file(const char *name, const char *text)
{
	static char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	if ((fp = fopen(path, "w")) == NULL || fputs(text, fp) < 0 ||
	    fclose(fp) != 0) {
		perror(path);
		exit(99);
	}
	return path;
}

static void
test_presets(void)
{
	static const double imix[][2] = { { 64, 7 }, { 594, 4 }, { 1518, 1 } };
	static const double bulk[][2] = { { 70, 1 }, { 1518, 2 } };
	static const double jumbo[][2] = { { 70, 1 }, { 9018, 2 } };
	static const double ack[][2] = { { 64, 1 }, { 70, 8 }, { 82, 1 } };
	const struct dist_preset *p;
	size_t n = 0;

	bins("imix", imix, N(imix), 4342.0 / 12);
	bins("tcp-bulk", bulk, N(bulk), 3106.0 / 3);
	bins("jumbo", jumbo, N(jumbo), 18106.0 / 3);
	bins("tcp-ack", ack, N(ack), 70.6);
	for (p = dist_presets; p->name != NULL; p++)
		n++;
	tap_ok(n == 4, "4 distribution presets, each tested above");
	tap_ok(dist_item("imix", 4) && dist_item("mix:1", 5) &&
	    dist_item("@f", 2) && dist_item("pcap:f", 6) &&
	    dist_item("pcap+l4+seq:f", 13) && !dist_item("quick", 5) &&
	    !dist_item("64", 2) && !dist_item("pcap+x:f", 8) &&
	    !dist_item("pcap", 4), "dist_item tells distributions apart");
}

static void
test_mix_and_files(void)
{
	static const double mix[][2] = { { 20, 7 }, { 556, 4 }, { 1480, 1 } };
	static const double half[][2] = { { 64, 0.5 }, { 1500, 1.5 } };
	static const double one[][2] = { { 9000, 1 } };
	char item[1100];

	bins("mix:20x7+556x4+1480x1", mix, N(mix), 3844.0 / 12);
	bins("mix:1480+556x4+20x7", mix, N(mix), 3844.0 / 12);
	bins("mix:64x0.5+1500x1.5+100x0", half, N(half), 1141);
	bins("mix:9000", one, 1, 9000);
	refused("mix:64x", "weight \"\"");
	refused("mix:64+", "size \"\"");
	refused("mix:-1", "size \"-1\" is not a whole number");
	refused("mix:64x-1", "weight \"-1\"");
	refused("mix:64x0", "no size has a weight above 0");
	refused("mix:2000000000", "above 1G");
	snprintf(item, sizeof(item), "@%s", file("ok.txt", "# frames\n"
	    "64 7\n\n594,4   # comment\n1518\t1\n64 0\n"));
	bins(item, (const double (*)[2])
	    (const double[][2]){ { 64, 7 }, { 594, 4 }, { 1518, 1 } }, 3,
	    4342.0 / 12);
	snprintf(item, sizeof(item), "@%s", file("w.txt", "100\n200\n"));
	bins(item, (const double (*)[2])
	    (const double[][2]){ { 100, 1 }, { 200, 1 } }, 2, 150);
	snprintf(item, sizeof(item), "@%s", file("bad1.txt", "64 7\n594 x\n"));
	refused(item, "bad1.txt:2: weight \"x\" is not a number");
	snprintf(item, sizeof(item), "@%s", file("bad2.txt", "64 1 2\n"));
	refused(item, "bad2.txt:1: more than a size and a weight");
	snprintf(item, sizeof(item), "@%s", file("bad3.txt", "0x40 1\n"));
	refused(item, "bad3.txt:1: size \"0x40\" is not a whole number");
	snprintf(item, sizeof(item), "@%s", file("empty.txt", "# none\n"));
	refused(item, "no sizes");
	snprintf(item, sizeof(item), "@%s/nonexistent", tmpdir);
	refused(item, "No such file or directory");
	refused("@", "no file name after '@'");
}

/* The capture's lengths: frames as written, segments from the headers. */
static void
test_capture(const char *pcap)
{
	static const double frames[][2] = { { 42, 1 }, { 66, 10 }, { 70, 1 },
	    { 82, 2 }, { 86, 1 }, { 166, 4 }, { 1514, 21 } };
	static const double segs[][2] = { { 32, 12 }, { 48, 2 }, { 132, 4 },
	    { 1480, 20 } };
	static const uint32_t first[] = { 42, 166, 66, 1514, 1514, 66, 1514 };
	char item[1100];
	struct dist d;
	char err[256];
	size_t i;
	int ok;

	if (!capture_available()) {
		tap_skip("built without libpcap");
		tap_skip("built without libpcap");
		tap_skip("built without libpcap");
		return;
	}
	snprintf(item, sizeof(item), "pcap:%s", pcap);
	bins(item, frames, N(frames), 33480.0 / 40);
	snprintf(item, sizeof(item), "pcap+l4:%s", pcap);
	bins(item, segs, N(segs), 30608.0 / 38);
	snprintf(item, sizeof(item), "pcap+seq:%s", pcap);
	ok = dist_parse(item, strlen(item), &d, err, sizeof(err)) == 0 &&
	    d.norder == 40 && d.packets == 40 && d.skipped == 0;
	for (i = 0; ok && i < N(first); i++)
		ok = d.order[i] == first[i];
	if (ok) {
		dist_draw(&d, 1);
		ok = d.nseq == DIST_SEQ_LEN && d.block == DIST_BLOCK_MIN &&
		    d.seq[40] == 42 && d.seq[DIST_SEQ_LEN - 1] ==
		    d.order[(DIST_SEQ_LEN - 1) % 40];
	}
	tap_ok(ok, "pcap+seq: the capture's order, repeated to %d calls",
	    DIST_SEQ_LEN);
	if (d.name != NULL)
		dist_free(&d);
}

/* Corrupt captures: one line naming the file, nothing allocated. */
static void
test_bad_capture(const char *pcap)
{
	char item[1100], *buf;
	FILE *fp;
	long len;

	if (!capture_available()) {
		snprintf(item, sizeof(item), "pcap:%s", pcap);
		refused(item, "built without libpcap");
		return;
	}
	if ((fp = fopen(pcap, "rb")) == NULL || fseek(fp, 0, SEEK_END) != 0 ||
	    (len = ftell(fp)) < 200 || fseek(fp, 0, SEEK_SET) != 0 ||
	    (buf = malloc((size_t)len)) == NULL ||
	    fread(buf, 1, (size_t)len, fp) != (size_t)len) {
		perror(pcap);
		exit(99);
	}
	fclose(fp);
	/* Cut inside the first data packet's record. */
	buf[200] = '\0';
	fp = fopen(file("cut.pcap", ""), "wb");
	fwrite(buf, 1, 200, fp);
	fclose(fp);
	snprintf(item, sizeof(item), "pcap:%s/cut.pcap", tmpdir);
	refused(item, "cut.pcap: truncated");
	snprintf(item, sizeof(item), "pcap:%s", file("junk.pcap",
	    "this is not a capture at all\n"));
	refused(item, "junk.pcap: unknown file format");
	/* A header and no packets. */
	fp = fopen(file("none.pcap", ""), "wb");
	fwrite(buf, 1, 24, fp);
	fclose(fp);
	snprintf(item, sizeof(item), "pcap:%s/none.pcap", tmpdir);
	refused(item, "none.pcap: no packets");
	refused("pcap:", "no file name after ':'");
	free(buf);
}

/*
 * A 74-byte Ethernet frame whose IPv4 header claims 1500 bytes: its
 * segment is the 40 bytes the frame holds, not 1480.
 */
static void
test_short_frame(void)
{
	static const double forty[][2] = { { 40, 1 } };
	static const unsigned char hdr[24] = { 0xd4, 0xc3, 0xb2, 0xa1, 2, 0,
	    4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 1, 0, 0, 0 };
	static const unsigned char rec[16] = { 0, 0, 0, 0, 0, 0, 0, 0,
	    74, 0, 0, 0, 74, 0, 0, 0 };
	unsigned char pkt[74] = { 0 };
	char item[1100];
	FILE *fp;

	if (!capture_available())
		return;
	pkt[12] = 0x08;			/* IPv4 */
	pkt[14] = 0x45;			/* version 4, 20-byte header */
	pkt[16] = 0x05;			/* total length 1500 */
	pkt[17] = 0xdc;
	pkt[20] = 0x40;			/* don't fragment */
	pkt[23] = 6;			/* TCP */
	pkt[46] = 0x50;			/* a 20-byte TCP header */
	fp = fopen(file("short.pcap", ""), "wb");
	fwrite(hdr, 1, sizeof(hdr), fp);
	fwrite(rec, 1, sizeof(rec), fp);
	fwrite(pkt, 1, sizeof(pkt), fp);
	fclose(fp);
	snprintf(item, sizeof(item), "pcap+l4:%s/short.pcap", tmpdir);
	bins(item, forty, 1, 40);
}

/* Every block of imix's sequence holds exactly 602, 344 and 86 calls. */
static int
exact_blocks(const struct dist *d)
{
	size_t b, i, n64, n594, n1518;

	for (b = 0; b < d->nseq; b += d->block) {
		n64 = n594 = n1518 = 0;
		for (i = b; i < b + d->block; i++) {
			n64 += d->seq[i] == 64;
			n594 += d->seq[i] == 594;
			n1518 += d->seq[i] == 1518;
		}
		if (n64 != 602 || n594 != 344 || n1518 != 86)
			return 0;
	}
	return 1;
}

/* Sequences: exact proportions, shuffled, the same for the same seed. */
static void
test_sequence(void)
{
	struct dist a, b, c;
	char err[256];
	size_t i, n64 = 0, same = 0, run = 0, maxrun = 0;

	dist_parse("imix", 4, &a, err, sizeof(err));
	dist_parse("imix", 4, &b, err, sizeof(err));
	dist_parse("mix:64x0.3+1500x0.7", 19, &c, err, sizeof(err));
	dist_draw(&a, 7);
	dist_draw(&b, 7);
	for (i = 1; i < a.nseq; i++) {
		run = a.seq[i] == a.seq[i - 1] ? run + 1 : 1;
		maxrun = run > maxrun ? run : maxrun;
	}
	tap_ok(a.block == 1032 && a.nseq == 1032 * 255 && exact_blocks(&a),
	    "imix: blocks of 1032 calls, each exactly 7:4:1, %zu calls in "
	    "all", a.nseq);
	tap_ok(a.seq_mean == a.mean, "whole weights: the sequence's mean is "
	    "the distribution's (%.17g)", a.seq_mean);
	tap_ok(memcmp(a.seq, b.seq, a.nseq * sizeof(*a.seq)) == 0,
	    "the same seed draws the same sequence");
	for (i = 0; i < a.block; i++)
		same += a.seq[i] == a.seq[a.block + i];
	tap_ok(maxrun < 40 && same < a.block * 3 / 4, "the blocks are "
	    "shuffled, each its own way (longest run %zu; blocks 1 and 2 "
	    "alike at %zu of %zu)", maxrun, same, a.block);
	dist_free(&b);
	dist_parse("imix", 4, &b, err, sizeof(err));
	dist_draw(&b, 8);
	for (i = 0, same = 0; i < a.nseq; i++)
		same += a.seq[i] == b.seq[i];
	tap_ok(same < a.nseq / 2, "another seed, another order (%zu of %zu "
	    "alike)", same, a.nseq);
	dist_draw(&c, 7);
	for (i = 0, n64 = 0; i < c.nseq; i++)
		n64 += c.seq[i] == 64;
	tap_ok(c.nseq == DIST_SEQ_LEN && n64 == 78643 &&
	    fabs(c.seq_mean - c.mean) < 0.01,
	    "fractional weights: %d calls by largest remainder (%zu of 64, "
	    "mean %.4f for %.4f)", DIST_SEQ_LEN, n64, c.seq_mean, c.mean);
	dist_free(&a);
	dist_free(&b);
	dist_free(&c);
}

/* Weights whose sums overflow a double are relative all the same. */
static void
test_huge_weights(void)
{
	static const double two[][2] = { { 64, 1 }, { 1518, 1 } };
	static const double three[][2] = { { 64, 2 }, { 1518, 1 } };
	char path[1100];
	FILE *fp;

	bins("mix:64x1e308+1518x1e308", two, 2, 791);
	bins("mix:64x0.5e308+1518x0.5e308+64x0.5e308", three, 2,
	    (64.0 * 2 + 1518) / 3);
	snprintf(path, sizeof(path), "%s/huge.txt", tmpdir);
	if ((fp = fopen(path, "w")) == NULL)
		return;
	fprintf(fp, "64 1e308\n1518 1e308\n");
	fclose(fp);
	snprintf(path, sizeof(path), "@%s/huge.txt", tmpdir);
	bins(path, two, 2, 791);
}

int
main(void)
{
	const char *top = getenv("top_srcdir");
	char pcap[1024];

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 99;
	}
	snprintf(pcap, sizeof(pcap), "%s/data/tcp-mix.pcap",
	    top != NULL ? top : ".");
	test_presets();
	test_mix_and_files();
	test_capture(pcap);
	test_bad_capture(pcap);
	test_sequence();
	test_huge_weights();
	test_short_frame();
	snprintf(pcap, sizeof(pcap), "rm -rf '%s'", tmpdir);
	if (system(pcap) != 0)
		tap_diag("could not remove %s", tmpdir);
	return tap_done();
}
