/*
 * cpu.c - CPU identification.
 *
 * On x86-64, libcpuid (when built with it) names the CPU: vendor, brand,
 * family/model/stepping, caches. The features that decide which kernels
 * may run are read here directly, since libcpuid 0.6 has no flag for
 * ERMS/FSRM and does not check that the OS saves AVX/AVX-512 state:
 * CPUID leaves 1 and 7, then XGETBV. Elsewhere, /proc/cpuinfo, sysfs and
 * getauxval(AT_HWCAP).
 */
#include "config.h"

#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_AUXV_H
#include <sys/auxv.h>
#endif
#ifdef HAVE_LIBCPUID
#include <libcpuid/libcpuid.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#endif
#if defined(__riscv) && __riscv_xlen == 64
#include <errno.h>
#include <sys/syscall.h>
#endif

#include "../../kernels/kernel.h"
#include "cpu.h"

/*
 * Every feature bit with its name; masked_name is what "needs ..." says
 * when the bit was masked off by CSUMBENCH_CPU_MASK rather than missing.
 */
#define FEATURE(bit, name)	{ bit, name, name " (masked)" }
static const struct {
	uint64_t	 bit;
	const char	*name;
	const char	*masked_name;
} feature_names[] = {
	FEATURE(CPU_SSE2, "sse2"),
	FEATURE(CPU_SSSE3, "ssse3"),
	FEATURE(CPU_SSE41, "sse4.1"),
	FEATURE(CPU_AVX, "avx"),
	FEATURE(CPU_AVX2, "avx2"),
	FEATURE(CPU_AVX512F, "avx512f"),
	FEATURE(CPU_AVX512BW, "avx512bw"),
	FEATURE(CPU_AVX512VL, "avx512vl"),
	FEATURE(CPU_ERMS, "erms"),
	FEATURE(CPU_FSRM, "fsrm"),
	FEATURE(CPU_ADX, "adx"),
	FEATURE(CPU_BMI2, "bmi2"),
	FEATURE(CPU_AVX512VNNI, "avx512vnni"),
	FEATURE(CPU_NEON, "neon"),
	FEATURE(CPU_MISALIGNED_FAST, "misaligned-fast"),
	FEATURE(CPU_X86_64, "x86-64"),
	FEATURE(CPU_AARCH64, "aarch64"),
	FEATURE(CPU_RISCV64, "riscv64"),
	FEATURE(CPU_FAULTS, "fault-recovery"),
};
#undef FEATURE
#define NFEATURES	(sizeof(feature_names) / sizeof(feature_names[0]))

/* The bits CSUMBENCH_CPU_MASK took away from this process (cpu_mask_env). */
static uint64_t masked_bits;

char *
cpu_have_str(uint64_t mask, char *buf, size_t len)
{
	size_t i, off = 0;

	buf[0] = '\0';
	for (i = 0; i < NFEATURES; i++) {
		if ((mask & feature_names[i].bit) == 0)
			continue;
		off += snprintf(buf + off, off < len ? len - off : 0, "%s%s",
		    off ? " " : "", feature_names[i].name);
	}
	if (off >= len && len > 0)
		buf[len - 1] = '\0';
	return buf;
}

const char *
cpu_missing(uint64_t needs, uint64_t have)
{
	size_t i;
	uint64_t miss = needs & ~have;

	for (i = 0; i < NFEATURES; i++)
		if (miss & feature_names[i].bit)
			return (masked_bits & feature_names[i].bit) ?
			    feature_names[i].masked_name :
			    feature_names[i].name;
	return miss ? "an unknown feature" : NULL;
}

/*
 * What masking a feature also takes away: the features that are supersets
 * of it (no CPU has AVX2 without AVX, or AVX-512 without AVX2, and the
 * kernels assume as much). "avx512" names the whole AVX-512 group.
 */
#define CPU_AVX512_ALL	(CPU_AVX512F | CPU_AVX512BW | CPU_AVX512VL | \
	CPU_AVX512VNNI)
static uint64_t
mask_closure(uint64_t bits)
{
	if (bits & CPU_SSE2)
		bits |= CPU_SSSE3 | CPU_SSE41;
	if (bits & (CPU_SSSE3 | CPU_SSE41))
		bits |= CPU_AVX;
	if (bits & CPU_AVX)
		bits |= CPU_AVX2;
	if (bits & CPU_AVX2)
		bits |= CPU_AVX512F;
	if (bits & CPU_AVX512F)
		bits |= CPU_AVX512_ALL;
	if (bits & CPU_ERMS)
		bits |= CPU_FSRM;
	return bits;
}

/* One name of CSUMBENCH_CPU_MASK to its bits, 0 if unknown. */
static uint64_t
mask_name(const char *name)
{
	size_t i;

	if (strcmp(name, "avx512") == 0)
		return CPU_AVX512_ALL;
	for (i = 0; i < NFEATURES; i++)
		if (strcmp(name, feature_names[i].name) == 0 &&
		    !(feature_names[i].bit & (CPU_X86_64 | CPU_AARCH64 |
		    CPU_RISCV64)))
			return feature_names[i].bit;
	return 0;
}

int
cpu_mask_env(struct cpuinfo *ci, char *err, size_t errlen)
{
	const char *env = getenv("CSUMBENCH_CPU_MASK");
	char spec[256], *tok, *save = NULL, off[512];
	uint64_t bits = 0, b;

	if (env != NULL && strlen(env) >= sizeof(spec)) {
		snprintf(err, errlen, "CSUMBENCH_CPU_MASK: too long");
		return -1;
	}
	snprintf(spec, sizeof(spec), "%s", env != NULL ? env : "");
	for (tok = strtok_r(spec, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save)) {
		if ((b = mask_name(tok)) == 0) {
			snprintf(err, errlen, "CSUMBENCH_CPU_MASK: unknown "
			    "feature \"%s\" (expected names as 'csumbench "
			    "info' prints them, or avx512)", tok);
			return -1;
		}
		bits |= b;
	}
	bits = mask_closure(bits);
	masked_bits = bits & ci->have;
	ci->have &= ~bits;
	cpu_have_str(ci->have, ci->features, sizeof(ci->features));
	if (masked_bits != 0) {
		size_t len = strlen(ci->features);

		cpu_have_str(masked_bits, off, sizeof(off));
		snprintf(ci->features + len, sizeof(ci->features) - len,
		    " (masked: %.*s)", (int)(sizeof(ci->features) / 2), off);
	}
	return 0;
}

static int
read_line(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");
	size_t n;

	if (fp == NULL)
		return -1;
	if (fgets(buf, (int)len, fp) == NULL) {
		fclose(fp);
		return -1;
	}
	fclose(fp);
	n = strlen(buf);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return 0;
}

static size_t
parse_cache_size(const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (*end == 'K')
		v *= 1024;
	else if (*end == 'M')
		v *= 1024 * 1024;
	return v;
}

/* Cache sizes from sysfs (cpu0), for builds without libcpuid and other arches. */
static void
caches_from_sysfs(struct cpuinfo *ci)
{
	char path[128], buf[64], type[32];
	int i, level;

	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
		if (read_line(path, buf, sizeof(buf)) != 0)
			break;
		level = atoi(buf);
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
		if (read_line(path, type, sizeof(type)) != 0)
			continue;
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		if (read_line(path, buf, sizeof(buf)) != 0)
			continue;
		if (level == 1 && strcmp(type, "Data") == 0 && ci->l1d == 0)
			ci->l1d = parse_cache_size(buf);
		else if (level == 2 && ci->l2 == 0)
			ci->l2 = parse_cache_size(buf);
		else if (level == 3 && ci->l3 == 0)
			ci->l3 = parse_cache_size(buf);
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/coherency_line_size", i);
		if (ci->line == 0 && read_line(path, buf, sizeof(buf)) == 0)
			ci->line = strtoul(buf, NULL, 10);
	}
}

#if !(defined(__riscv) && __riscv_xlen == 64)	/* riscv64: features_riscv64 */
/* Vendor, brand and family/model/stepping from /proc/cpuinfo. */
static void
ident_from_proc(struct cpuinfo *ci)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[4096], *colon, *v;
	size_t n;

	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (line[0] == '\n')
			break;	/* first processor only */
		colon = strchr(line, ':');
		if (colon == NULL)
			continue;
		v = colon + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		n = strlen(v);
		while (n > 0 && isspace((unsigned char)v[n - 1]))
			v[--n] = '\0';
		if (strncmp(line, "vendor_id", 9) == 0 ||
		    strncmp(line, "CPU implementer", 15) == 0) {
			if (ci->vendor[0] == '\0')
				snprintf(ci->vendor, sizeof(ci->vendor), "%s", v);
		} else if (strncmp(line, "model name", 10) == 0)
			snprintf(ci->brand, sizeof(ci->brand), "%s", v);
		else if (strncmp(line, "cpu family", 10) == 0)
			ci->family = atoi(v);
		else if (strncmp(line, "model\t", 6) == 0)
			ci->model = atoi(v);
		else if (strncmp(line, "stepping", 8) == 0)
			ci->stepping = atoi(v);
		else if (strncmp(line, "CPU part", 8) == 0)
			ci->model = (int)strtol(v, NULL, 0);
		else if (strncmp(line, "CPU variant", 11) == 0)
			ci->family = (int)strtol(v, NULL, 0);
		else if (strncmp(line, "CPU revision", 12) == 0)
			ci->stepping = atoi(v);
	}
	fclose(fp);
	snprintf(ci->ident_source, sizeof(ci->ident_source), "/proc/cpuinfo");
}
#endif

#if defined(__x86_64__)
static uint64_t
xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

static void
features_x86(struct cpuinfo *ci)
{
	unsigned a, b, c, d, max;
	uint64_t xcr0 = 0;
	int osxsave;

	ci->have |= CPU_X86_64 | CPU_SSE2;
	max = __get_cpuid_max(0, NULL);
	if (max < 1)
		return;
	__cpuid(1, a, b, c, d);
	if (c & bit_SSSE3)
		ci->have |= CPU_SSSE3;
	if (c & bit_SSE4_1)
		ci->have |= CPU_SSE41;
	if (c & (1u << 31))
		snprintf(ci->hypervisor, sizeof(ci->hypervisor), "present");
	osxsave = (c & bit_OSXSAVE) != 0;
	if (osxsave)
		xcr0 = xgetbv0();
	/* XMM and YMM state (bits 1, 2); opmask, ZMM_Hi256, Hi16_ZMM (5-7). */
	ci->osxsave_avx = osxsave && (xcr0 & 0x6) == 0x6;
	ci->osxsave_avx512 = ci->osxsave_avx && (xcr0 & 0xe0) == 0xe0;
	if ((c & bit_AVX) && ci->osxsave_avx)
		ci->have |= CPU_AVX;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if ((b & bit_AVX2) && ci->osxsave_avx)
			ci->have |= CPU_AVX2;
		if ((b & bit_AVX512F) && ci->osxsave_avx512)
			ci->have |= CPU_AVX512F;
		if ((b & bit_AVX512BW) && ci->osxsave_avx512)
			ci->have |= CPU_AVX512BW;
		if ((b & bit_AVX512VL) && ci->osxsave_avx512)
			ci->have |= CPU_AVX512VL;
		if (b & (1u << 9))
			ci->have |= CPU_ERMS;
		if (d & (1u << 4))
			ci->have |= CPU_FSRM;
		if (b & bit_ADX)
			ci->have |= CPU_ADX;
		if (b & bit_BMI2)
			ci->have |= CPU_BMI2;
		if ((c & (1u << 11)) && ci->osxsave_avx512)
			ci->have |= CPU_AVX512VNNI;
	}
	if (ci->hypervisor[0] != '\0') {
		char id[13];

		__cpuid(0x40000000, a, b, c, d);
		memcpy(id, &b, 4);
		memcpy(id + 4, &c, 4);
		memcpy(id + 8, &d, 4);
		id[12] = '\0';
		if (id[0] != '\0' && isprint((unsigned char)id[0]))
			snprintf(ci->hypervisor, sizeof(ci->hypervisor), "%s",
			    id);
	}
}
#endif

#if defined(__aarch64__)
static void
features_aarch64(struct cpuinfo *ci)
{
	ci->have |= CPU_AARCH64 | CPU_NEON;	/* AdvSIMD is mandatory in ARMv8-A */
}
#endif

#if defined(__riscv) && __riscv_xlen == 64
/*
 * riscv64: no CPUID and no libcpuid. What the kernel tells: AT_HWCAP (one
 * bit per single-letter extension), /proc/cpuinfo (the full ISA string,
 * the MMU mode, the core's name where the device tree gives one, the
 * machine ids) and the riscv_hwprobe syscall (Linux 6.4 on: the machine
 * ids, and how fast a misaligned scalar access is, which decides
 * copy.auto). Only the riscv keys of /proc/cpuinfo are read: under
 * user-mode emulation the file may be the host's, whose vendor and model
 * are not this CPU's. What nobody reports stays "unknown", never guessed.
 */

/* The syscall's ABI, for C libraries whose headers predate it. */
#ifndef __NR_riscv_hwprobe
#define __NR_riscv_hwprobe	258
#endif
struct rv_hwprobe {
	int64_t		key;	/* the kernel sets -1 for a key it does not know */
	uint64_t	value;
};
#define RV_KEY_MVENDORID		0
#define RV_KEY_MARCHID			1
#define RV_KEY_MIMPID			2
#define RV_KEY_CPUPERF_0		5	/* Linux 6.4: speed in bits 0-2 */
#define RV_KEY_MISALIGNED_SCALAR_PERF	9	/* Linux 6.11: the same values */
#define RV_MISALIGNED_FAST		3	/* value: faster than byte accesses */

/* The riscv keys of the first processor in /proc/cpuinfo. */
static void
riscv64_proc(char *isa, size_t isalen, char *uarch, size_t uarchlen,
    char ids[3][20])
{
	static const char *const idkey[3] = { "mvendorid", "marchid", "mimpid" };
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[4096], *colon, *v;
	size_t n, klen;
	int i;

	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL && line[0] != '\n') {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		for (klen = (size_t)(colon - line); klen > 0 &&
		    isspace((unsigned char)line[klen - 1]); klen--)
			;
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			;
		n = strlen(v);
		while (n > 0 && isspace((unsigned char)v[n - 1]))
			v[--n] = '\0';
		if (klen == 3 && strncmp(line, "isa", 3) == 0)
			snprintf(isa, isalen, "%s", v);
		else if (klen == 5 && strncmp(line, "uarch", 5) == 0)
			snprintf(uarch, uarchlen, "%s", v);
		for (i = 0; i < 3; i++)
			if (klen == strlen(idkey[i]) &&
			    strncmp(line, idkey[i], klen) == 0)
				snprintf(ids[i], sizeof(ids[i]), "%s", v);
	}
	fclose(fp);
}

/* The single-letter extensions of AT_HWCAP, in the ISA string's order. */
static void
riscv64_hwcap_isa(char *buf, size_t len)
{
#ifdef HAVE_SYS_AUXV_H	/* getauxval() comes with the header */
	static const char order[] = "iemafdqlcbkjtpvhgnorsuwxyz";
	unsigned long hw = getauxval(AT_HWCAP);
	size_t i, off;

	off = (size_t)snprintf(buf, len, "rv64");
	for (i = 0; order[i] != '\0' && off + 1 < len; i++)
		if (hw & (1UL << (order[i] - 'a')))
			buf[off++] = order[i];
	buf[off] = '\0';
#else
	buf[0] = '\0';
#endif
}

/* Misaligned scalar access speed from riscv_hwprobe's pairs p[3], p[4]. */
static void
riscv64_misaligned(struct cpuinfo *ci, const struct rv_hwprobe *p)
{
	static const char *const speed[] = {
		"unknown", "emulated", "slow", "fast", "unsupported"
	};
	const char *key;
	uint64_t v;

	if (p[3].key == RV_KEY_MISALIGNED_SCALAR_PERF) {
		v = p[3].value;
		key = "misaligned scalar perf";
	} else if (p[4].key == RV_KEY_CPUPERF_0) {
		v = p[4].value & 7;
		key = "cpuperf_0";
	} else {
		snprintf(ci->misaligned, sizeof(ci->misaligned), "unknown "
		    "(riscv_hwprobe: no misaligned-access key in this kernel)");
		return;
	}
	if (v >= sizeof(speed) / sizeof(speed[0])) {
		snprintf(ci->misaligned, sizeof(ci->misaligned), "unknown "
		    "(riscv_hwprobe %s key: value %llu)", key,
		    (unsigned long long)v);
		return;
	}
	snprintf(ci->misaligned, sizeof(ci->misaligned),
	    "%s (riscv_hwprobe %s key)", speed[v], key);
	if (v == RV_MISALIGNED_FAST)
		ci->have |= CPU_MISALIGNED_FAST;
}

static void
features_riscv64(struct cpuinfo *ci)
{
	struct rv_hwprobe p[5] = {
		{ RV_KEY_MVENDORID, 0 }, { RV_KEY_MARCHID, 0 },
		{ RV_KEY_MIMPID, 0 }, { RV_KEY_MISALIGNED_SCALAR_PERF, 0 },
		{ RV_KEY_CPUPERF_0, 0 },
	};
	char isa[480] = "", uarch[64] = "", ids[3][20] = { "", "", "" };
	const char *src = "AT_HWCAP";
	int i;

	ci->have |= CPU_RISCV64;
	riscv64_proc(isa, sizeof(isa), uarch, sizeof(uarch), ids);
	if (isa[0] != '\0') {
		snprintf(ci->isa, sizeof(ci->isa), "%s (/proc/cpuinfo)", isa);
		src = "/proc/cpuinfo";
	} else {
		riscv64_hwcap_isa(isa, sizeof(isa));
		snprintf(ci->isa, sizeof(ci->isa), "%s (AT_HWCAP)",
		    isa[0] != '\0' ? isa : "unknown");
	}
	if (syscall(__NR_riscv_hwprobe, p, (size_t)5, (size_t)0, NULL, 0u) ==
	    0) {
		for (i = 0; i < 3; i++)
			if (p[i].key == i)
				snprintf(ids[i], sizeof(ids[i]), "0x%llx",
				    (unsigned long long)p[i].value);
		riscv64_misaligned(ci, p);
		src = src[0] == '/' ? "/proc/cpuinfo, riscv_hwprobe" :
		    "AT_HWCAP, riscv_hwprobe";
	} else
		snprintf(ci->misaligned, sizeof(ci->misaligned),
		    "unknown (riscv_hwprobe: %s)", strerror(errno));
	snprintf(ci->ident_source, sizeof(ci->ident_source), "%s", src);
	if (ids[0][0] != '\0')
		snprintf(ci->vendor, sizeof(ci->vendor), "mvendorid %s",
		    ids[0]);
	snprintf(ci->brand, sizeof(ci->brand), "%s (marchid %s, mimpid %s)",
	    uarch[0] != '\0' ? uarch : "unknown",
	    ids[1][0] != '\0' ? ids[1] : "unknown",
	    ids[2][0] != '\0' ? ids[2] : "unknown");
}
#endif

#ifdef HAVE_LIBCPUID
static void
ident_libcpuid(struct cpuinfo *ci)
{
	struct cpu_raw_data_t raw;
	struct cpu_id_t id;

	if (!cpuid_present() || cpuid_get_raw_data(&raw) != 0 ||
	    cpu_identify(&raw, &id) != 0) {
		ident_from_proc(ci);
		return;
	}
	snprintf(ci->vendor, sizeof(ci->vendor), "%s", id.vendor_str);
	snprintf(ci->brand, sizeof(ci->brand), "%s", id.brand_str);
	ci->family = id.ext_family;
	ci->model = id.ext_model;
	ci->stepping = id.stepping;
	ci->cores = id.num_cores;
	ci->threads = id.num_logical_cpus;
	if (id.l1_data_cache > 0)
		ci->l1d = (size_t)id.l1_data_cache * 1024;
	if (id.l2_cache > 0)
		ci->l2 = (size_t)id.l2_cache * 1024;
	if (id.l3_cache > 0)
		ci->l3 = (size_t)id.l3_cache * 1024;
	if (id.l1_data_cacheline > 0)
		ci->line = (size_t)id.l1_data_cacheline;
	snprintf(ci->ident_source, sizeof(ci->ident_source), "libcpuid %s",
	    cpuid_lib_version());
	{
		hypervisor_vendor_t hv = cpuid_get_hypervisor(&raw, &id);
		static const char *const hvname[] = {
			"", "bhyve", "Hyper-V", "KVM", "Parallels", "QEMU",
			"VirtualBox", "VMware", "Xen"
		};

		if (hv > HYPERVISOR_NONE &&
		    (size_t)hv < sizeof(hvname) / sizeof(hvname[0]))
			snprintf(ci->hypervisor, sizeof(ci->hypervisor), "%s",
			    hvname[hv]);
	}
}
#endif

static void
cpu_rstrip(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

int
cpu_first_allowed(void)
{
#ifdef __linux__
	cpu_set_t allowed;
	int i;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0)
		return -1;
	for (i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &allowed))
			return i;
#endif
	return -1;
}

int
cpu_pin(int cpu, char *err, size_t errlen)
{
	cpu_set_t allowed, one;
	int i, first = -1, last = -1;
	size_t off = 0;
	char list[96];

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) {
		snprintf(err, errlen, "--cpu: cannot read the CPU affinity mask");
		return -1;
	}
	if (cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, &allowed)) {
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		if (sched_setaffinity(0, sizeof(one), &one) == 0) {
			/* Run there now, not at the next reschedule. */
			sched_yield();
			return 0;
		}
	}
	/* Name the CPUs that are allowed, as ranges. */
	list[0] = '\0';
	for (i = 0; i <= CPU_SETSIZE; i++) {
		int in = i < CPU_SETSIZE && CPU_ISSET(i, &allowed);

		if (in && first < 0)
			first = i;
		if (in)
			last = i;
		if (!in && first >= 0 && off < sizeof(list)) {
			off += (size_t)snprintf(list + off, sizeof(list) - off,
			    first == last ? "%s%d" : "%s%d-%d", off ? "," : "",
			    first, last);
			first = -1;
		}
	}
	snprintf(err, errlen, "--cpu: %d is not a CPU this process may run on "
	    "(allowed: %s)", cpu, list);
	return -1;
}

void
cpu_state(struct cpuinfo *ci, int cpu)
{
	char path[128], buf[64];
	double la[1];

	snprintf(path, sizeof(path),
	    "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
	    cpu < 0 ? 0 : cpu);
	/* Governor names are short ("performance", "schedutil"). */
	if (read_line(path, ci->governor, sizeof(ci->governor)) != 0)
		ci->governor[0] = '\0';
	ci->turbo = -1;
	if (read_line("/sys/devices/system/cpu/cpufreq/boost", buf,
	    sizeof(buf)) == 0)
		ci->turbo = atoi(buf) != 0;
	else if (read_line("/sys/devices/system/cpu/intel_pstate/no_turbo",
	    buf, sizeof(buf)) == 0)
		ci->turbo = atoi(buf) == 0;
	ci->loadavg1 = getloadavg(la, 1) == 1 ? la[0] : -1;
}

void
cpu_probe(struct cpuinfo *ci)
{
	cpu_set_t saved;
	int have_mask;
	char feat[512];

	memset(ci, 0, sizeof(*ci));
	ci->pinned_cpu = -1;
	/* libcpuid 0.6 may move the thread while identifying: restore it. */
	have_mask = sched_getaffinity(0, sizeof(saved), &saved) == 0;
#if defined(__x86_64__)
	snprintf(ci->arch, sizeof(ci->arch), "x86_64");
	features_x86(ci);
#ifdef HAVE_LIBCPUID
	ident_libcpuid(ci);
#else
	ident_from_proc(ci);
#endif
#elif defined(__aarch64__)
	snprintf(ci->arch, sizeof(ci->arch), "aarch64");
	features_aarch64(ci);
	ident_from_proc(ci);
#elif defined(__riscv) && __riscv_xlen == 64
	snprintf(ci->arch, sizeof(ci->arch), "riscv64");
	features_riscv64(ci);
#else
	snprintf(ci->arch, sizeof(ci->arch), "generic");
	ident_from_proc(ci);
#endif
	if (have_mask)
		(void)sched_setaffinity(0, sizeof(saved), &saved);
	caches_from_sysfs(ci);
	if (ci->line == 0)
		ci->line = 64;
	ci->online_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	cpu_have_str(ci->have, feat, sizeof(feat));
	snprintf(ci->features, sizeof(ci->features), "%s", feat);
	/* CPUID pads its strings with spaces: "bhyve bhyve ". */
	cpu_rstrip(ci->brand);
	cpu_rstrip(ci->hypervisor);
	if (ci->brand[0] == '\0')
		snprintf(ci->brand, sizeof(ci->brand), "unknown");
	if (ci->vendor[0] == '\0')
		snprintf(ci->vendor, sizeof(ci->vendor), "unknown");
	cpu_state(ci, -1);
}
