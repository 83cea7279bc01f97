/* bs_laps: laps of the blank round a region's rings, chosen by a small
 * beam, that bring the tiles of the constructor's sort step (bs_construct.h)
 * nearer their order before its 3-cycles.
 *
 * Why. On a ring tiles pass each other only where it has a second way
 * round (a 2x2 square on it, another ring). A 3-cycle there walks its three
 * tiles to a core and the walk back, about 100 moves. The shortest answers
 * instead turn the ring one way lap after lap, and take the other way round
 * on some laps to let a tile by: a ring of 14 cells through one 2x2 square
 * takes 378 moves at the least (plain breadth-first search), 942 by
 * 3-cycles (docs/heuristic.md, stop 63).
 *
 * What. A lap is a closed walk of the blank from the region's root: the
 * shortest way to a simple cycle of the region (bs_region_cycles), once
 * round it one way or the other, and the way back. A beam over the boards
 * that laps reach (BS_LAP_WIDTH boards a layer, fewer where there are
 * many laps, BS_LAP_DEPTH laps) keeps each layer's boards of least
 * distance sum (each tile's way home through the region; fewer lap moves,
 * then the order made, break ties). Of every board it kept, the start
 * included, the one of fewest lap moves plus BS_LAP_TILE per tile out of
 * place is where the 3-cycles start.
 *
 * Why the sort step still always succeeds: each lap is a closed walk of
 * the blank inside the region R, so a member of its puzzle group G(R)
 * (bs_group.h). The board after the laps is still goal o sigma with sigma
 * in G(R), which is all the sort step's argument asks of it.
 *
 * Everything lives in two fixed structs, the laps of a region (made once
 * per plan) and the beam's scratch: no allocation. */
#ifndef BS_LAPS_H
#define BS_LAPS_H

#include <stdint.h>

#include "bs_board.h"
#include "bs_region.h"

/* Boards a layer of the beam keeps, and its layers. On the sort regions of
 * 90 long answers (bench/unseen.sh 63061), laps before the 3-cycles take
 * those regions from 51,853 moves to 39,689 at width 100, 40,901 at 50 and
 * 39,145 at 200 (the constructor alone, before the cap BS_LAP_BOARDS);
 * 10 laps deep, 39,879. */
#define BS_LAP_WIDTH 100
#define BS_LAP_DEPTH 20
/* Moves counted per tile out of place where laps stop: about what a
 * 3-cycle costs per tile it takes home (stop 63: about 100 moves for two
 * or fewer). 30 and 60 take those regions to 41,383 and 39,983 moves. */
#define BS_LAP_TILE 40
/* Boards the beam makes at most: a region of many laps has a narrower
 * beam (more than 16 laps, under BS_LAP_WIDTH), so that open regions, whose
 * 3-cycles turn on 2x2 squares anyway, cost no more than rings. */
#define BS_LAP_BOARDS 32768
#define BS_LAP_CYCLES 32             /* cycles a region's laps go round, the first found */
#define BS_LAP_STEPS 65536L          /* steps of the search for them */
#define BS_LAP_LEN (3 * BS_MAX_CELLS) /* a lap's moves at most: there, round, back */
#define BS_LAP_MAX (2 * BS_LAP_CYCLES)
#define BS_LAP_KEPT (1 + BS_LAP_WIDTH * BS_LAP_DEPTH)
#define BS_LAP_SET 8192 /* a power of 2, at least twice BS_LAP_KEPT */
_Static_assert((BS_LAP_SET & (BS_LAP_SET - 1)) == 0 && BS_LAP_SET >= 2 * BS_LAP_KEPT, "lap set");
_Static_assert(BS_LAP_LEN <= 255, "a lap's length fits a byte");

/* The laps of one region. */
typedef struct bs_laps {
  int n;
  uint64_t cells; /* the region */
  uint8_t len[BS_LAP_MAX];
  uint8_t moves[BS_LAP_MAX][BS_LAP_LEN];
  uint8_t from[BS_LAP_MAX][BS_MAX_CELLS]; /* after lap k, cell q holds what cell from[k][q] held */
} bs_laps;

/* A board the beam keeps or may keep. */
typedef struct bs_lap_node {
  uint64_t key;      /* its hash */
  int32_t h, g;      /* distance sum; lap moves from the start */
  int32_t parent, k; /* the board it came from, and the lap */
} bs_lap_node;

/* The beam's scratch. */
typedef struct bs_lap_beam {
  uint8_t board[BS_LAP_KEPT][BS_MAX_CELLS];
  bs_lap_node kept[BS_LAP_KEPT];
  bs_lap_node top[BS_LAP_WIDTH]; /* the next layer, least first */
  uint64_t set[BS_LAP_SET];      /* keys of the boards kept; 0 empty */
  uint8_t moves[BS_LAP_DEPTH * BS_LAP_LEN];
} bs_lap_beam;

/* The laps of region r: its first BS_LAP_CYCLES simple cycles, both ways
 * round, each reached from the root along the region's tree (a shortest
 * way) where it comes nearest. */
void bs_laps_init(bs_laps *L, const bs_geom *g, const bs_region *r);

/* Chooses laps for b, its blank on the laps' root: their moves go to
 * B->moves. Returns how many moves (0 when no lap pays), and adds the
 * boards the beam made to *generated. dist[p][q]: the distance from cell p
 * to cell q through the region (tile v's goal cell is v - 1). */
int bs_laps_choose(const bs_laps *L, bs_lap_beam *B, const bs_board *b, const uint8_t (*dist)[BS_MAX_CELLS],
                   uint64_t *generated);

#endif
