/* bs_heur: the scores that rank states in the heuristic search.
 *
 * Per board, once: the true shortest path between every two open cells
 * around the walls (BFS over the open cells, a 36 x 36 table), and from it,
 * for each side of the search, each tile's distance from every cell to the
 * tile's target: the goal cell for the forward side, the tile's cell on the
 * start board for the backward side.
 *
 * The score of a state for a side is the sum over tiles of that distance
 * plus the linear conflicts: in a row (column), tiles that sit in their
 * target row (column), whose shortest path is the straight one along it, and
 * whose order is reversed, so that all but an increasing subsequence of them
 * must step out of the line and back, 2 moves each. A move changes one
 * tile's distance and at most two lines, so a child's score is its parent's
 * plus a cheap delta (bs_heur_delta). */
#ifndef BS_HEUR_H
#define BS_HEUR_H

#include <stdint.h>

#include "bs_board.h"

#define BS_FAR 255 /* no open path */

typedef struct bs_heur {
  int w, h, n;
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS]; /* cell to cell around the walls */
  /* to[side][tile][cell]: moves from cell to the tile's target cell */
  uint8_t to[2][BS_MAX_CELLS + 1][BS_MAX_CELLS];
  /* lc[side][tile][cell]: bit 0 the tile at cell may conflict in its row,
   * bit 1 in its column; key[side][tile]: its target column (bits 0..3)
   * and row (bits 4..7), the order that conflicts reverse */
  uint8_t lc[2][BS_MAX_CELLS + 1][BS_MAX_CELLS];
  uint8_t key[2][BS_MAX_CELLS + 1];
  int lc_weight; /* moves added per tile that must leave its line; 0: none */
} bs_heur;

/* Fills the tables for start (forward target: its goal; backward target:
 * start itself), lc moves per tile out of line (2 is a lower bound). */
void bs_heur_init(bs_heur *H, const bs_board *start, int lc);

/* Makes the forward score count only the tiles in the set (bit v: tile v),
 * so that score 0 means those tiles are home. */
void bs_heur_only(bs_heur *H, uint64_t tiles);

/* The score of board b for side s, computed from scratch. */
int bs_heur_score(const bs_heur *H, int s, const bs_board *b);

/* Linear-conflict moves in one line: the n tiles v[0..n) in line order;
 * bit is 1 for a row, 2 for a column. */
static inline int bs_heur_line(const bs_heur *H, int s, const uint8_t *v, const uint8_t *cell, int n,
                               int bit) {
  /* Longest increasing run of keys among the tiles that qualify (n <= 6). */
  int k = 0, best = 0, len[BS_MAX_SIDE], key[BS_MAX_SIDE];
  for (int i = 0; i < n; i++) {
    if (!(H->lc[s][v[i]][cell[i]] & bit)) continue;
    int kk = bit == 1 ? H->key[s][v[i]] & 15 : H->key[s][v[i]] >> 4, l = 1;
    for (int j = 0; j < k; j++)
      if (key[j] < kk && len[j] + 1 > l) l = len[j] + 1;
    key[k] = kk;
    len[k++] = l;
    if (l > best) best = l;
  }
  return H->lc_weight * (k - best);
}

/* A parent's board, unpacked once for the scores of all its children. */
typedef struct bs_heur_ctx {
  uint8_t cell[BS_MAX_CELLS];
} bs_heur_ctx;

static inline void bs_heur_parent(const bs_heur *H, const bs_geom *g, const uint32_t *w, bs_heur_ctx *c) {
  for (int p = 0; p < H->n; p++) c->cell[p] = (uint8_t)bs_get(g, w, p);
}

/* Linear conflicts of row `line` (bit 1) or column `line` (bit 2) of the
 * parent's board, with cell `hole` read as blank and cell `put` as tile pv
 * (-1: none), which makes it the child's. */
static inline int bs_heur_line_of(const bs_heur *H, const bs_heur_ctx *c, int s, int bit, int line,
                                  int hole, int put, unsigned pv) {
  uint8_t v[BS_MAX_SIDE], cell[BS_MAX_SIDE];
  int n = 0, len = bit == 1 ? H->w : H->h;
  for (int i = 0; i < len; i++) {
    int x = bit == 1 ? line * H->w + i : i * H->w + line;
    unsigned t = x == hole ? 0 : x == put ? pv : c->cell[x];
    if (!t) continue;
    v[n] = (uint8_t)t;
    cell[n++] = (uint8_t)x;
  }
  return bs_heur_line(H, s, v, cell, n, bit);
}

/* Score change for side s when tile v slides from cell q into the blank at
 * p on the parent's board c. A horizontal move changes the columns of p and
 * q, a vertical one their rows; and a line's conflicts change only if v may
 * conflict in it, which spares most lines a look. */
static inline int bs_heur_delta(const bs_heur *H, const bs_heur_ctx *c, int s, unsigned v, int p, int q) {
  int d = H->to[s][v][p] - H->to[s][v][q];
  if (!H->lc_weight) return d;
  int bit = p / H->w == q / H->w ? 2 : 1;
  if (H->lc[s][v][q] & bit) {
    int lq = bit == 2 ? q % H->w : q / H->w;
    d += bs_heur_line_of(H, c, s, bit, lq, q, -1, 0) - bs_heur_line_of(H, c, s, bit, lq, -1, -1, 0);
  }
  if (H->lc[s][v][p] & bit) {
    int lp = bit == 2 ? p % H->w : p / H->w;
    d += bs_heur_line_of(H, c, s, bit, lp, -1, p, v) - bs_heur_line_of(H, c, s, bit, lp, -1, -1, 0);
  }
  return d;
}

#endif
