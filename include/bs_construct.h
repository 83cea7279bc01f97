/* bs_construct: a quick solver that is far from optimal but cannot get lost
 * on the boards `gen` shuffles; gen uses it to know an answer for each of
 * them, so that the set's move limits can be met.
 *
 * A plan, which depends only on the size and the walls, fills the open cells
 * line by line, one, two or three cells a step, choosing cells whose removal
 * leaves the rest a "parity region": 2-connected, and not a cycle of more
 * than 4 cells. By Wilson's theorem (1974; grids are bipartite) every
 * arrangement of the right parity is reachable on such a region, so each
 * step can always bring its tiles home: a breadth-first search over the
 * positions of those tiles and the blank, the other loose tiles counted as
 * alike (two of them swapped fix any parity) and the placed ones fixed. The
 * last step brings home together the tiles of the final 2 x 2 or 2 x 3
 * block. Choosing the cells is a depth-first search of bounded size, so a
 * layout may be found to have no plan when one exists; the same every time.
 *
 * It uses nothing of the solver, so its answers (and gen's move limits)
 * stay the same whatever becomes of the search code. Every board without
 * walls has a plan (tested for all 25 sizes); for a wall layout without one,
 * gen takes a long random walk instead. */
#ifndef BS_CONSTRUCT_H
#define BS_CONSTRUCT_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"

#define BS_CONSTRUCT_STATES (BS_MAX_CELLS * BS_MAX_CELLS * BS_MAX_CELLS * BS_MAX_CELLS)

/* Cell sets as bit masks over a w x h board (bit i: cell i):
 * 2-connected, at least 4 cells, and not a cycle of more than 4. */
int bs_region_parity(int w, int h, uint64_t cells);

#define BS_PLAN_GROUP 5 /* the last step: a 2 x 3 block's five tiles */

typedef struct bs_plan {
  int w, h;
  uint64_t wall;
  int nsteps;
  int8_t cell[BS_MAX_CELLS][BS_PLAN_GROUP]; /* each step's goal cells, -1 after them */
} bs_plan;

/* Finds a plan for the size and walls. Returns 0, or -1 when the open cells
 * are no parity region or the greedy choice finds no way down. */
int bs_plan_make(bs_plan *p, int w, int h, uint64_t wall);

typedef struct bs_construct {
  bs_plan plan;
  int planned;      /* for the layout in plan: 1 it has that plan, -1 none, 0 unknown */
  uint8_t *how;     /* per search state: the move that reached it, 0xff unseen */
  uint32_t *queue;  /* the search's queue; then the path, backwards */
  char *moves;      /* the answer */
  size_t len, cap;
} bs_construct;

/* Returns 0, or -1 with a reason in err. */
int bs_construct_init(bs_construct *c, char *err, size_t errlen);
void bs_construct_free(bs_construct *c);

/* Whether a layout has a plan: 0 yes, -1 no. The last layout's answer is
 * kept, so asking again (and solving its boards) costs nothing. */
int bs_construct_plan(bs_construct *c, int w, int h, uint64_t wall);

/* Solves b, which must be solvable: 0 with the moves in c->moves[0..c->len);
 * -1 when its layout has no plan, or out of memory. */
int bs_construct_solve(bs_construct *c, const bs_board *b);

#endif
