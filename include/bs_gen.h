/* bs_gen: the puzzle generator behind `bislide gen`: random boards of one
 * size with K walls, each with an answer the generator knows, so that the
 * set's header can carry move limits that are certain to be achievable
 * (they are the letter totals of those answers).
 *
 * Randomness is xoshiro256** seeded through splitmix64: 64-bit integer
 * arithmetic only, so a seed gives the same boards on every platform.
 *
 * Walls: K distinct cells drawn uniformly among all but the last one, drawn
 * again until the open cells are connected, so every tile can reach its goal.
 *
 *  - depth >= 0: the board is a random walk of `depth` blank moves from the
 *    goal that never undoes its previous move (except in a dead end, where
 *    going back is the only move). Its answer is the walk reversed.
 *  - depth < 0 (uniform): the layout must also have a plan (bs_construct.h):
 *    its open cells, and what is left of them after each step of filling,
 *    form a parity region. There the boards reachable from the goal are
 *    exactly those of the right parity (Wilson, "Graph puzzles, homotopy, and
 *    the alternating group", 1974; grids are bipartite), so a uniform shuffle
 *    of the tiles and the blank, with the first two tiles swapped when the
 *    parity is wrong, is uniform over the solvable boards of that layout.
 *    Every board without walls qualifies. The answer is bs_construct's. */
#ifndef BS_GEN_H
#define BS_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"
#include "bs_construct.h"

typedef struct bs_rng {
  uint64_t s[4];
} bs_rng;

void bs_rng_seed(bs_rng *r, uint64_t seed);
uint64_t bs_rng_next(bs_rng *r);
/* Uniform in [0, n) for n >= 1, without modulo bias. */
uint32_t bs_rng_below(bs_rng *r, uint32_t n);

#define BS_GEN_MAX_COUNT 10000000L
#define BS_GEN_MAX_DEPTH 1000000L
/* Wall layouts drawn before a spec is declared impossible. */
#define BS_GEN_LAYOUT_TRIES 1000000

typedef struct bs_gen_spec {
  int w, h, walls;
  long depth; /* -1: uniform */
} bs_gen_spec;

typedef struct bs_gen {
  bs_gen_spec spec;
  bs_rng rng;
  bs_construct con; /* uniform mode only */
  char *buf;        /* the walk, then its reverse: the answer */
  char *answer;
  size_t len;
} bs_gen;

/* Whether some wall layout fits the spec, found within BS_GEN_LAYOUT_TRIES
 * draws from a generator of its own (the boards do not depend on it). */
int bs_gen_layout_exists(const bs_gen_spec *s, uint64_t seed);

/* Returns 0, or -1 with a reason in err (out of memory). */
int bs_gen_init(bs_gen *g, const bs_gen_spec *s, uint64_t seed, char *err, size_t errlen);
void bs_gen_free(bs_gen *g);

/* The next board, and in g->answer[0..g->len) moves that solve it.
 * Returns 0, or -1 when out of memory. The spec's layouts must exist. */
int bs_gen_next(bs_gen *g, bs_board *b);

#endif
