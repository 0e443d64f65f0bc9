/*
 * rng.h - the one pseudo-random generator of the tool: splitmix64, small
 * and good, for data, shuffles and size sequences. Every draw comes from a
 * seed the caller owns, so a run is reproducible from its --seed.
 */
#ifndef CSUMBENCH_RNG_H
#define CSUMBENCH_RNG_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Shuffle v[0..n-1] (Fisher-Yates), drawing n - 1 numbers from s. */
static inline void
rng_shuffle(size_t *v, size_t n, uint64_t *s)
{
	size_t i, k, t;

	for (i = n; i > 1; i--) {
		k = (size_t)(rng_next(s) % i);
		t = v[i - 1];
		v[i - 1] = v[k];
		v[k] = t;
	}
}

#endif
