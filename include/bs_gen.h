/* bs_gen: the puzzle generator behind `bislide gen`: random boards of one
 * size with K walls, each with an answer the generator knows, so that the
 * set's header can carry move limits that are certain to be achievable
 * (they are the letter totals of those answers).
 *
 * Randomness is bs_rng (xoshiro256**, integer arithmetic only), so a seed
 * gives the same boards on every platform.
 *
 * Walls: K distinct cells drawn uniformly among all but the last one, drawn
 * again until the open cells are connected, so every tile can reach its goal.
 *
 *  - depth >= 0: the board is a random walk of `depth` blank moves from the
 *    goal that never undoes its previous move (except in a dead end, where
 *    going back is the only move). Its answer is the walk reversed.
 *  - depth < 0 (uniform), on a layout that has a plan (bs_construct.h; every
 *    board without walls has one): a uniform shuffle of the tiles and the
 *    blank over the open cells, the first two tiles swapped when the parity
 *    is wrong. A plan keeps the open cells a parity region, where the boards
 *    reachable from the goal are exactly those of the right parity (Wilson,
 *    "Graph puzzles, homotopy, and the alternating group", 1974; grids are
 *    bipartite), so this is uniform over the solvable boards. The answer is
 *    bs_construct's.
 *  - depth < 0 on a layout without a plan (dead ends, corridors, walls next
 *    to the blank's goal, most layouts with several walls): the end of a
 *    long random walk, bs_gen_walk_length(open cells) moves, as above; close
 *    to uniform over the solvable boards, and its answer is the walk
 *    reversed, so the header's limits are loose for such sets. */
#ifndef BS_GEN_H
#define BS_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"
#include "bs_construct.h"
#include "bs_rng.h"

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
  uint64_t walked; /* uniform boards made by a long walk: no plan for the layout */
} bs_gen;

/* The moves of the long walk for a layout of `open` open cells: 20 open^2,
 * so that each tile moves some 20 x open times. */
long bs_gen_walk_length(int open);

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
