/* bs_rng: the project's seeded random numbers, shared by the generator and
 * the permutation groups (uniform group elements).
 *
 * xoshiro256** seeded through splitmix64 (both by Blackman and Vigna):
 * 64-bit integer arithmetic only, so a seed gives the same numbers on every
 * platform, and every set `gen` writes can be made again. */
#ifndef BS_RNG_H
#define BS_RNG_H

#include <stdint.h>

typedef struct bs_rng {
  uint64_t s[4];
} bs_rng;

void bs_rng_seed(bs_rng *r, uint64_t seed);
uint64_t bs_rng_next(bs_rng *r);
/* Uniform in [0, n) for n >= 1, without modulo bias. */
uint32_t bs_rng_below(bs_rng *r, uint32_t n);

#endif
