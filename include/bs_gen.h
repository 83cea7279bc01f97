/* bs_gen: the puzzle generator behind `bislide gen`: random boards, each
 * with an answer the generator knows, so that the set's header can carry
 * move limits that are certain to be achievable (they are the letter totals
 * of those answers).
 *
 * Randomness is bs_rng (xoshiro256**, integer arithmetic only), so a seed
 * gives the same boards on every platform.
 *
 * Layouts: K distinct walls drawn uniformly among all cells but the last,
 * drawn again until the open cells are connected; or, given a list of
 * layouts (`gen --layouts SET`), one of them drawn uniformly per board.
 *
 *  - depth >= 0: the board is a random walk of `depth` blank moves from the
 *    goal that never undoes its previous move (except in a dead end, where
 *    going back is the only move). Its answer is the walk reversed.
 *  - depth < 0 (uniform): a uniformly random solvable board. Let R be the
 *    open cells around the blank's goal r and G(R) its puzzle group
 *    (bs_group.h). The solvable boards are exactly: a sigma in G(R)
 *    applied to the goal, then the blank walked along the spanning tree
 *    from r to some cell t of R; the pair (sigma, t) is read back from the
 *    board (walk the blank home), so this is a bijection, and a uniform
 *    sigma (bs_group_random) with a uniform t gives a uniform solvable
 *    board, on every layout. The answer is bs_construct's.
 *  - unsolvable: a uniformly random unsolvable board: tiles and blank
 *    shuffled over the open cells, again while the board is solvable
 *    (bs_solvability is exact). G(R) lies in the alternating group, so at
 *    most half the arrangements are solvable once three cells are open:
 *    under two shuffles a board on average. No answer. */
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
/* Open cells a board of gen keeps at least. */
#define BS_GEN_OPEN 2
/* Open cells from which every layout has an unsolvable board; two have
 * one only when they are not next to each other (gen's --layouts checks). */
#define BS_GEN_UNSOLVABLE_OPEN 3

typedef struct bs_layout {
  int w, h;
  uint64_t wall;
} bs_layout;

typedef struct bs_gen_spec {
  int w, h, walls;
  long depth;               /* -1: uniform */
  int unsolvable;           /* uniform over the unsolvable boards; no answers */
  const bs_layout *layouts; /* when nlayouts > 0: each board's layout, instead of w, h, walls */
  int nlayouts;
} bs_gen_spec;

typedef struct bs_gen {
  bs_gen_spec spec;
  bs_rng rng;
  bs_construct con; /* uniform mode only */
  char *buf;        /* a walk, then its reverse: the answer */
  const char *answer;
  size_t len;
} bs_gen;

/* Whether some wall layout fits the spec, found within BS_GEN_LAYOUT_TRIES
 * draws from a generator of its own (the boards do not depend on it). */
int bs_gen_layout_exists(const bs_gen_spec *s, uint64_t seed);

/* Returns 0, or -1 with a reason in err (out of memory). */
int bs_gen_init(bs_gen *g, const bs_gen_spec *s, uint64_t seed, char *err, size_t errlen);
void bs_gen_free(bs_gen *g);

/* The next board, and in g->answer[0..g->len) moves that solve it (none
 * for an unsolvable board). Returns 0, or -1 when out of memory. The
 * spec's layouts must exist. */
int bs_gen_next(bs_gen *g, bs_board *b);

#endif
