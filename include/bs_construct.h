/* bs_construct: a quick solver that is far from optimal but cannot get lost
 * on the boards `gen` makes without --depth; gen uses it to know an answer
 * for each of them, so that the set's move limits can be met.
 *
 * A plan, which depends only on the size and the walls, fills the open cells
 * one or two at a time, farthest from the blank's goal first, choosing each
 * time cells whose removal leaves the rest a "parity region": 2-connected,
 * and not a cycle of more than 4 cells. By Wilson's theorem (1974; grids are
 * bipartite) every arrangement of the right parity is reachable on such a
 * region, so each step can always bring its tiles home: a breadth-first
 * search over the positions of those one or two tiles and the blank, the
 * other loose tiles counted as alike (two of them swapped fix any parity)
 * and the placed ones fixed. The last step brings the three tiles of the
 * final 2 x 2 block home together.
 *
 * It uses nothing of the solver, so its answers (and gen's move limits)
 * stay the same whatever becomes of the search code. Every board without
 * walls has a plan (tested for all 25 sizes); a wall layout may have none,
 * and gen then draws another. */
#ifndef BS_CONSTRUCT_H
#define BS_CONSTRUCT_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"

#define BS_CONSTRUCT_STATES (BS_MAX_CELLS * BS_MAX_CELLS * BS_MAX_CELLS)

/* Cell sets as bit masks over a w x h board (bit i: cell i). */
int bs_region_connected(int w, int h, uint64_t cells);
/* 2-connected, at least 4 cells, and not a cycle of more than 4. */
int bs_region_parity(int w, int h, uint64_t cells);

typedef struct bs_plan {
  int w, h;
  uint64_t wall;
  int nsteps;
  int8_t cell[BS_MAX_CELLS][3]; /* the goal cells each step fills, -1 after them */
} bs_plan;

/* Finds a plan for the size and walls. Returns 0, or -1 when the open cells
 * are no parity region or the greedy choice finds no way down. */
int bs_plan_make(bs_plan *p, int w, int h, uint64_t wall);

typedef struct bs_construct {
  bs_plan plan;
  int planned;      /* plan holds the last layout's plan */
  uint8_t *how;     /* per search state: the move that reached it, 0xff unseen */
  uint32_t *queue;  /* the search's queue; then the path, backwards */
  char *moves;      /* the answer */
  size_t len, cap;
} bs_construct;

/* Returns 0, or -1 with a reason in err. */
int bs_construct_init(bs_construct *c, char *err, size_t errlen);
void bs_construct_free(bs_construct *c);

/* Solves b, which must be solvable: 0 with the moves in c->moves[0..c->len);
 * -1 when its layout has no plan, or out of memory. */
int bs_construct_solve(bs_construct *c, const bs_board *b);

#endif
