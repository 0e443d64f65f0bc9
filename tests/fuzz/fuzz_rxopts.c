/*
 * fuzz_rxopts.c - rx's readers of its options on arbitrary text: the traffic
 * spec (-s: sizes, presets, mix:) and the line rates (--line-rate).
 *
 * A traffic accepted has a segment of at least one byte and frames of at
 * least RX_MIN_FRAME bytes; rates accepted are finite, above 0 and at
 * most as many as asked for; a refusal is one line. Items that name a
 * file (@FILE, pcap:FILE) are left to fuzz_files: arbitrary text would
 * name arbitrary files.
 */
#include "config.h"

#include <math.h>

#include "../../src/session/rx.h"
#include "fuzz.h"

static void
traffic(const char *spec)
{
	struct rx_traffic *t = NULL;
	char err[512] = "";
	size_t n = 0, i;

	if (strchr(spec, '@') != NULL || strstr(spec, "pcap") != NULL)
		return;
	if (rx_traffic_parse(spec, &t, &n, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		return;
	}
	fuzz_check(n >= 1, "a traffic spec accepted with no traffic");
	for (i = 0; i < n; i++) {
		fuzz_check(t[i].seg_mean >= 1 && isfinite(t[i].seg_mean),
		    "a traffic without a segment");
		fuzz_check(t[i].frame_mean >= RX_MIN_FRAME &&
		    isfinite(t[i].frame_mean), "a frame below the minimum");
	}
	rx_traffic_free(t, n);
}

static void
rates(const char *spec)
{
	double r[8];
	char err[512] = "";
	size_t n = 0, i;

	if (rx_rates_parse(spec, r, 8, &n, err, sizeof(err)) != 0) {
		fuzz_check_message(err);
		return;
	}
	fuzz_check(n >= 1 && n <= 8, "no rate, or more than asked for");
	for (i = 0; i < n; i++)
		fuzz_check(isfinite(r[i]) && r[i] > 0, "a rate not above 0");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *spec;

	if ((spec = fuzz_arg(data, size)) == NULL)
		return 0;
	traffic(spec);
	rates(spec);
	free(spec);
	return 0;
}
