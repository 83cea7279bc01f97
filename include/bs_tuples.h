/* bs_tuples: tuple tables, a lower bound that counts every move, the
 * blank's walks too: what the sums of bs_pdb miss on rings and passages.
 *
 * Abstraction (Culberson and Schaeffer, "Pattern databases", Computational
 * Intelligence 14, 1998): keep k tiles and the blank, every other tile
 * alike. Each move of the puzzle is a move of that abstract puzzle (the
 * blank swaps with whatever is next to it), so the abstract distance from
 * a board's projection to the target's is at most the board's distance,
 * and so is the largest over any set of tuples: admissible. A move changes
 * each abstract distance by at most one, so the largest is consistent too.
 *
 * Why it pays where bs_pdb does not. An additive table counts only the
 * moves of its own tiles, so that the tables may be summed: the blank walks
 * round other tiles for free. On a ring of single cells, a tile goes one
 * cell along it per lap of the blank round the ring, so d cells cost about
 * d times the ring's length, which a sum of tile moves counts as d. A tuple
 * table counts the laps. Not additive: the tables are maxed, never summed.
 * On three small ring boards whose shortest answers are 128, 131 and 87
 * moves (docs/heuristic.md, stop 52), the Manhattan bound gives 32, 49 and
 * 33, exact mode's pattern databases prove 80, 85 and 61 in a first run,
 * the largest over pairs gives 90, 75 and 59, over triples 108, 107 and 63.
 *
 * Tables, toward one target board T of a layout (the goal, or a start for
 * a backward search): for each set of k cells holding T's tiles, a breadth-
 * first search from T's projection over (the k tiles' cells, the blank's
 * cell), f^(k+1) entries of a byte (f open cells, each cell its digit in
 * line order), distances over 254 kept as 254 (still a bound); C(f-1, k)
 * tables. Entries never reached (two tiles on one cell, or a placement cut
 * off from the target's) are 0, which bounds nothing wrongly.
 *
 * Cost: building is f^(k+1) states a table; a state reads one entry a
 * table, of every table, as the blank moves in all of them. So exact mode
 * (src/exact.c) builds them only on boards small enough (the largest k
 * within its tuple_mem setting: bs_tuples_pick), only where pairs already
 * see more than the Manhattan bound, only once tuple_after states have
 * not settled the board, and reads only the tuple_keep tables that bound
 * its start highest (bs_tuples_keep), each child until one is high enough
 * to prune it. */
#ifndef BS_TUPLES_H
#define BS_TUPLES_H

#include <stdint.h>

#include "bs_board.h"

#define BS_TUPLES_MAX_K 3
#define BS_TUPLES_TOP 254 /* the largest entry */

typedef struct bs_tuples {
  int k, f, n;                /* tiles a tuple, open cells, tuples */
  uint32_t size;              /* entries a table: f^(k+1) */
  uint8_t num[BS_MAX_CELLS];  /* each open cell's digit */
  uint8_t (*tile)[BS_TUPLES_MAX_K]; /* per tuple: T's tiles on its cells, slot 0 the lowest digit */
  uint8_t *tab;               /* n tables, size entries each */
} bs_tuples;

/* Bytes the tables of k-tuples take toward a board of b's layout, with the
 * build's scratch; 0 when k is not 1..BS_TUPLES_MAX_K or the layout has
 * fewer than k tiles. */
uint64_t bs_tuples_bytes(const bs_board *b, int k);

/* The largest k, at most `most`, whose tables for both sides of a search
 * (2 * bs_tuples_bytes) fit `bytes`; 0 for none. */
int bs_tuples_pick(const bs_board *b, int most, uint64_t bytes);

/* Builds the k-tuple tables toward target. Returns 0, or -1 when memory
 * runs out or target has no tables of k tiles (bs_tuples_bytes 0); T is
 * then empty. */
int bs_tuples_build(bs_tuples *T, const bs_board *target, int k);

/* Builds the tables of like's tuples (the same tiles, in its order) toward
 * target, another board of its layout: 0, or -1 as bs_tuples_build. */
int bs_tuples_build_like(bs_tuples *T, const bs_board *target, const bs_tuples *like);
void bs_tuples_free(bs_tuples *T);

/* Keeps the `keep` tuples whose entries for board b are largest (a
 * selection: ties to the lowest slot), in that order, and frees the rest:
 * a largest entry over fewer tables is still a bound, and each state reads
 * every table kept. */
void bs_tuples_keep(bs_tuples *T, const bs_board *b, int keep);

/* The bound of the board whose tile v sits on cell at[v] (at[0] unused),
 * except tile `moved`, which sits on cell `to` (moved 0: none), with the
 * blank on cell `blank`: the largest entry over the tuples, or the first
 * entry over `most`, which suffices to prune (the tuples kept in
 * bs_tuples_keep's order, so the likeliest first). bs_tuples_index: that
 * board's entry of tuple j, slot s weighing f^s and the blank f^k. */
static inline uint32_t bs_tuples_index(const bs_tuples *T, int j, const uint8_t *at, unsigned moved, int to,
                                       int blank) {
  uint32_t i = T->num[blank];
  for (int s = T->k; s-- > 0;) {
    const unsigned v = T->tile[j][s];
    i = i * (uint32_t)T->f + T->num[v == moved ? to : at[v]];
  }
  return i;
}

static inline int bs_tuples_h(const bs_tuples *T, const uint8_t *at, unsigned moved, int to, int blank,
                              int most) {
  const uint8_t *tab = T->tab;
  int best = 0;
  for (int j = 0; j < T->n && best <= most; j++, tab += T->size) {
    const int e = tab[bs_tuples_index(T, j, at, moved, to, blank)];
    if (e > best) best = e;
  }
  return best;
}

/* The bound of board b, from scratch. */
int bs_tuples_board(const bs_tuples *T, const bs_board *b);

#endif
