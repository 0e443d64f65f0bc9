/*
 * rfield.h - the results schema: one table of every field a results file
 * holds (rfields[] in rfield.c), which the CSV and JSON writers and readers
 * all iterate.
 *
 * A row says what a field is called in each format, its type, where its
 * value comes from (a member of struct rpoint, or a function of the point
 * for a derived figure) and how it is treated:
 *
 *   csv, json	its CSV column and its member in a JSON benchmark (NULL:
 *		not in that format). CSV columns are in the table's order;
 *		JSON members in the order of jpos (10, 20, ...: room to
 *		insert a member between two without renumbering).
 *   type	RT_STR, RT_SIZE (a whole number: sizes, offsets), RT_COUNT (a
 *		count: samples, calls), RT_NUM (a double; NaN when absent or
 *		empty), RT_SAMPLES (the raw samples, JSON only).
 *   off, get	stored fields live at offsetof(struct rpoint, ...) and are
 *		read back; derived ones (get != NULL) are computed when
 *		written and ignored when read.
 *   absent	what a stored text field is when a file lacks it.
 *   flags	RF_REQUIRED: a file without it is refused (for a statistic,
 *		only when the file has no raw samples to compute it from);
 *		RF_NONEMPTY: text that may not be empty; RF_FLOOR: a cost,
 *		shifted between the whole and the net view (rset_finish adds
 *		the overhead to a file's net costs, rset_net_view shifts them
 *		by the net median less the whole one);
 *		RF_STAT: a statistic of the samples, recomputed from them when
 *		a file has them; RF_KEY: part `part` of the grid key (rkey.h);
 *		RF_NET: a net cost (rset.h), written empty when the point is
 *		floor-limited (a net cost that cannot be told from 0 is not a
 *		cost to print).
 *		RF_POSITIVE, RF_NONNEG: a number read must be > 0, >= 0.
 *		RF_ENUM: text stored as an int, its index in choices (the
 *		position's cache state and call mode, pos.h).
 *   choices	the values a text field may take (NULL-terminated), or NULL
 *		for any text.
 *
 * Every value read is checked against its row (rfield_check_str,
 * rfield_check_num): text has no control characters (nor anything but
 * its choices), numbers are finite, whole numbers are whole (counts at
 * least 1, both at most 2^53), and the flags' bounds hold.
 *
 * Adding a column is adding a row (and, for a stored field, its member of
 * struct rpoint); the writers, readers and tests follow.
 */
#ifndef CSUMBENCH_RFIELD_H
#define CSUMBENCH_RFIELD_H

#include <stddef.h>

#include "ceilings.h"
#include "pos.h"
#include "rset.h"

/*
 * The parts of the grid key (rkey.h), in the order compared: who (family,
 * kernel: each the field of one row flagged RF_KEY), then where: the
 * position's axes (pos.h), whose columns are rows flagged RF_KEY too.
 */
enum rkey_part {
	RK_FAMILY, RK_KERNEL,
	RK_POS0		/* then the position's axes, in order (pos.h) */
};
#define RK_CACHE	(RK_POS0 + POS_CACHE)
#define RK_MODE		(RK_POS0 + POS_MODE)
#define RK_SRC		(RK_POS0 + POS_SRC)
#define RK_DST		(RK_POS0 + POS_DST)
#define RK_DIST		(RK_POS0 + POS_DIST)
#define RK_SHAPE	(RK_POS0 + POS_SHAPE)
#define RK_SIZE		(RK_POS0 + POS_SIZE)
#define RK_NPARTS	(RK_POS0 + POS_NAXES)

enum rtype { RT_STR, RT_SIZE, RT_COUNT, RT_NUM, RT_SAMPLES };

enum {
	RF_REQUIRED = 1 << 0,
	RF_NONEMPTY = 1 << 1,
	RF_FLOOR = 1 << 2,
	RF_STAT = 1 << 3,
	RF_KEY = 1 << 4,
	RF_NET = 1 << 5,
	RF_POSITIVE = 1 << 6,
	RF_NONNEG = 1 << 7,
	RF_ENUM = 1 << 8,
};

/* A value as written: the member its type names. */
struct rval {
	const char	*s;	/* RT_STR */
	unsigned long long u;	/* RT_SIZE, RT_COUNT; RT_SAMPLES: how many */
	double		 d;	/* RT_NUM */
	const double	*v;	/* RT_SAMPLES */
	char		*owned;	/* s, when made for this value */
};

/* What a derived figure may depend on besides its point. */
struct rctx {
	const struct rset *rs;
	double	 est_hz;	/* the estimated core clock (est_cycles), or 0 */
	/*
	 * GB/s as size / (median / timer_hz) also in ns, as the JSON writer
	 * has always computed it; CSV divides ns by the size directly. The
	 * two differ in the last bit at most; each format keeps its own.
	 */
	int	 gbps_via_hz;
	struct ceilings ceil;	/* the ceilings of rs's provenance, if any */
};

struct rfield {
	const char	*csv;
	const char	*json;
	int		 jpos;
	enum rtype	 type;
	unsigned	 flags;
	int		 part;	/* with RF_KEY: enum rkey_part */
	size_t		 off;
	void		(*get)(const struct rpoint *, const struct rctx *,
			    struct rval *);
	const char	*absent;
	const char *const *choices;
};

extern const struct rfield rfields[];
extern const size_t nrfields;

/*
 * One row of csumbench rx's results: a receive path of one traffic
 * through one kernel at one line rate (rx.h has the model). Its fields
 * are the rows of rxfields[], a second table of the same schema, all
 * stored (read and written through rtable.h).
 */
struct rxrow {
	char	*cpu, *traffic, *segments, *path, *kernel, *cache, *unit;
	double	 frame_bytes, segment_bytes, wire_bytes;
	size_t	 src_align, dst_align;
	double	 timer_hz, median, ci_lo, ci_hi, ns_per_packet,
		 packets_per_s, line_rate, line_packets_per_s, core_pct;
};

extern const struct rfield rxfields[];
extern const size_t nrxfields;

/* The context of writing rs (json: the JSON writer's conventions). */
void	rfield_ctx(struct rctx *c, const struct rset *rs, int json);
/* The value of field f of p; release it with rfield_release. */
void	rfield_get(const struct rfield *f, const struct rpoint *p,
	    const struct rctx *c, struct rval *v);
void	rfield_release(struct rval *v);
/* Where a stored field lives in p, by type. */
char	**rfield_str(const struct rfield *f, struct rpoint *p);
size_t	*rfield_size(const struct rfield *f, struct rpoint *p);
double	*rfield_num(const struct rfield *f, struct rpoint *p);
double	**rfield_samples(const struct rfield *f, struct rpoint *p);	/* n of them */
/*
 * What is wrong with a value read for field f (NULL: nothing): text for
 * RT_STR; a number (as read, before any conversion) for RT_SIZE, RT_COUNT
 * and RT_NUM.
 */
const char *rfield_check_str(const struct rfield *f, const char *s);
const char *rfield_check_num(const struct rfield *f, double x);
/* Is f stored text its record owns (a char *, freed and copied)? */
int	rfield_owns_text(const struct rfield *f);
/*
 * Store text s (NULL: absent) read for stored RT_STR field f into rec;
 * what is wrong with it, or NULL.
 */
const char *rfield_set_str(const struct rfield *f, void *rec, const char *s);
/* The text of stored RT_STR field f of rec. */
const char *rfield_text(const struct rfield *f, const void *rec);
/* Is f read back (stored, and named in the format: csv or json)? */
int	rfield_stored(const struct rfield *f);
/* The row of grid-key part `part`. */
const struct rfield *rfield_key(int part);
/*
 * The rows of one format in its order: CSV (json 0) or JSON (json 1).
 * Fills out[0..n-1] (nrfields entries at most); returns n.
 */
size_t	rfield_layout(int json, const struct rfield **out);

/* How a writer puts one point: begin, each value in order, end. */
struct rfield_sink {
	void	(*begin)(void *arg);
	void	(*put)(void *arg, const struct rfield *f, const struct rval *v);
	void	(*end)(void *arg);
	void	*arg;
};
/* Every field of a format of the points rs->p[idx[0..n-1]] (the first n
 * when idx is NULL), in order, into s. */
void	rfield_each(const struct rset *rs, const size_t *idx, size_t n,
	    int json, const struct rfield_sink *s);

#endif
