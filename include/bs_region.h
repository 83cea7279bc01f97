/* bs_region: the graph of a board's open cells, written once for the board
 * checks, the puzzle groups (bs_group.h), the constructor, gen and the
 * heuristics. Cells are the vertices and the moves between open cells the
 * edges (bs_geom's move table); a set of cells is a uint64_t mask, bit i
 * for cell i. Everything here is exact and small: a board has at most 36
 * cells, so each function is one walk over them.
 *
 *  - flood: the breadth-first walk from a cell: what it reaches, in what
 *    order, at what distance; and fill, what it reaches alone, by shifts
 *    of the mask, for the pattern databases' builds (bs_pdb.h), which ask
 *    it for every state they reach.
 *  - components: walls split the open cells; a tile never leaves its own.
 *  - cut cells (articulation points) and blocks (biconnected components),
 *    by one depth-first search (Hopcroft and Tarjan, "Efficient algorithms
 *    for graph manipulation", CACM 16, 1973). A bridge is a block of two
 *    cells. Tiles pass each other only inside blocks of three or more.
 *  - dead cells: cells on no cycle (dead ends, trees hung off the rest,
 *    passages between blocks). Every edge at such a cell p is a bridge, so
 *    the blank leaves through the edge it came in by, and each time it comes
 *    back out the tile it pushed off p returns: a closed walk of the blank
 *    leaves the tile on p in place (the puzzle group fixes it).
 *  - rings: blocks that are plain cycles (every cell two neighbours in the
 *    block). On a ring tiles only turn (Wilson 1974, see bs_group.h).
 *  - ears: corridors of cells with two neighbours each, joined at both
 *    ends to the rest, which the constructor fills as a conveyor.
 *  - a spanning tree: breadth-first from a root, each cell's way to its
 *    parent. The puzzle group is generated along it, and the blank walks to
 *    and from the root on it.
 *  - simple cycles: the ways round a ring, each once, which the
 *    constructor's laps turn (bs_laps.h). */
#ifndef BS_REGION_H
#define BS_REGION_H

#include <stdint.h>

#include "bs_board.h"

/* Breadth-first walk from cell `from` through g's move table (so never into
 * a wall), over the cells of the mask `within`. Writes the cells in the
 * order reached to order[] and their distances from `from` to dist[] (each
 * when not NULL; other cells untouched). Returns the mask of cells reached. */
uint64_t bs_flood(const bs_geom *g, uint64_t within, int from, uint8_t *order, uint8_t *dist);

/* The lanes of a board w cells wide, for bs_region_fill: a step left,
 * right, up or down is a shift of the mask by 1 or by w, and has_left
 * (has_right) holds the cells with a column to their left (right). */
typedef struct bs_lanes {
  int w;
  uint64_t has_left, has_right;
} bs_lanes;

static inline bs_lanes bs_lanes_of(int w, int h) {
  bs_lanes L = {w, 0, 0};
  for (int c = 0; c < w * h; c++) {
    if (c % w > 0) L.has_left |= 1ull << c;
    if (c % w < w - 1) L.has_right |= 1ull << c;
  }
  return L;
}

/* The cells of `within` that the cells of `from` reach through `within`
 * (`from` itself always), a step of every reached cell at once: the
 * piece's eccentricity in rounds of a few shifts each, where a walk cell
 * by cell costs a round per cell. Only a move table's walls are not
 * known here: `within` must hold no wall (and no cell past the board). */
static inline uint64_t bs_region_fill(const bs_lanes *L, uint64_t within, uint64_t from) {
  uint64_t comp = from, last;
  do {
    last = comp;
    comp |= ((comp & L->has_right) << 1 | (comp & L->has_left) >> 1 | comp << L->w | comp >> L->w) & within;
  } while (comp != last);
  return comp;
}

/* The open neighbours of cell p that lie in `within`. */
static inline uint64_t bs_region_nbrs(const bs_geom *g, int p, uint64_t within) {
  uint64_t m = 0;
  for (int d = 0; d < 4; d++)
    if (g->nb[p][d] >= 0) m |= 1ull << g->nb[p][d];
  return m & within;
}

/* Whether the cells of the mask form one non-empty connected piece. */
static inline int bs_region_connected(const bs_geom *g, uint64_t cells) {
  return cells && bs_flood(g, cells, __builtin_ctzll(cells), NULL, NULL) == cells;
}

/* Splits `within` into its connected pieces: comp[0..k) in the order of
 * their lowest cells. Returns k. */
int bs_region_components(const bs_geom *g, uint64_t within, uint64_t comp[BS_MAX_CELLS]);

/* Ears: runs of two or more cells of `within` with two neighbours each
 * there, joined at their two ends to two different cells of `within`
 * outside the run, each with a neighbour besides it: corridors between
 * two parts of a region, or round a wall back to it (ears of an ear
 * decomposition whose inner cells have degree 2). A dead end's run is no
 * ear (its leaf has no other neighbour), nor a plain cycle (no ends), nor
 * a ring hung on one cell (one end cell).
 *
 * bs_region_ears writes the maximal such runs that leave out cell `keep`
 * (a region's root: it is never filled) to ear[], in the order of their
 * lowest cells, and returns how many. bs_region_ear_path writes the cells
 * of ear `set` in order from one end to path[] and the cells outside it
 * next to path[0] and path[m-1] to ends[]; it returns m, or -1 when set
 * is no ear of `within`. */
int bs_region_ears(const bs_geom *g, uint64_t within, int keep, uint64_t ear[BS_MAX_CELLS]);
int bs_region_ear_path(const bs_geom *g, uint64_t within, uint64_t set, uint8_t *path, int ends[2]);

/* One connected region, the piece of `within` that holds `root`, taken
 * apart. A region of one cell has no block; a connected graph on m cells
 * has at most m - 1 blocks. */
typedef struct bs_region {
  uint64_t cells; /* the region */
  int root, size;
  uint8_t order[BS_MAX_CELLS]; /* cells breadth-first from the root */
  uint8_t dist[BS_MAX_CELLS];  /* per cell of the region: distance from the root */
  int8_t up[BS_MAX_CELLS];     /* per cell: the move to its tree parent, -1 at the root */
  uint64_t cut;                /* cut cells */
  uint64_t dead;               /* cells on no cycle (the root too, when it is on none) */
  uint64_t ring;               /* cells of the blocks that are plain cycles */
  int nblocks;
  uint64_t block[BS_MAX_CELLS];
} bs_region;

void bs_region_init(bs_region *r, const bs_geom *g, uint64_t within, int root);

/* Cells of degree 1 in the region other than the root: the ends of dead
 * ends, whose tiles a closed walk never moves. */
uint64_t bs_region_leaves(const bs_region *r, const bs_geom *g);

/* The blank's moves from cell `from` to the root along the tree, into
 * moves[] (directions, at most size - 1). Returns how many. */
int bs_region_to_root(const bs_region *r, const bs_geom *g, int from, uint8_t *moves);

/* Whether the edge from cell u in direction d is off the tree (both ends
 * in the region). */
int bs_region_off_tree(const bs_region *r, const bs_geom *g, int u, int d);

/* The closed walk through the edge from u in direction d: the tree path
 * from the root to u, the edge, the tree path back. Into moves[] (at most
 * BS_REGION_CYCLE); returns its length. */
#define BS_REGION_CYCLE (2 * BS_MAX_CELLS)
int bs_region_cycle(const bs_region *r, const bs_geom *g, int u, int d, uint8_t *moves);

/* The simple cycles of the cells `within` (four cells or more; a grid has
 * no shorter), each once, one way round: cycle k is cell[k][0..len[k]),
 * cell[k][0] its lowest cell and cell[k][1] < cell[k][len[k] - 1]. Found by
 * a depth-first search from each cell in turn over higher cells, which
 * stops at `most` cycles or after `steps` steps of it (an open region has
 * exponentially many); returns how many. */
int bs_region_cycles(const bs_geom *g, uint64_t within, int most, long steps,
                     uint8_t (*cell)[BS_MAX_CELLS], uint8_t *len);

#endif
