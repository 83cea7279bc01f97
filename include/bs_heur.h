/* bs_heur: the scores that rank and bound states in the engine.
 *
 * A heuristic is built for a pair of boards of one layout: the forward side
 * of a search scores a state's distance to `to`, the backward side its
 * distance to `from`.
 *
 * Per pair, once: the true shortest path between every two open cells
 * around the walls (BFS over the open cells, a 36 x 36 table), and from it,
 * for each side, each tile's distance from every cell to the tile's target
 * cell. The wall-aware Manhattan score of a state is the sum over tiles of
 * that distance plus the linear conflicts: in a row (column), tiles that sit
 * in their target row (column), whose shortest path is the straight one
 * along it, and whose order is reversed, so that all but an increasing
 * subsequence of them must step out of the line and back. At 2 moves a tile
 * it is a lower bound (leaving a line and coming back costs 2 on a grid,
 * which is bipartite), admissible and consistent: a move changes one tile's
 * distance by 1 and a line's conflicts by at most one tile. More moves a
 * tile rank states better in a beam, and the bound no longer holds.
 *
 * With pattern databases (bs_pdb.h) the score is the larger of the two,
 * still admissible. A move changes one tile's distance and at most two
 * lines, and one pattern's entry, so a child's score comes from its
 * parent's by a cheap update (bs_heur_child), with what the parent needs
 * unpacked once (bs_heur_parent). With tuple tables (bs_tuples.h, exact
 * mode on small boards) the score is the largest of the three; a child
 * reads them until one is high enough to prune it.
 *
 * Score words: the value the engine ranks and bounds by is in the low 16
 * bits; above it the heuristic keeps the Manhattan part, which the max
 * hides and the children need. Bit 31 is the engine's. */
#ifndef BS_HEUR_H
#define BS_HEUR_H

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "bs_board.h"
#include "bs_pdb.h"
#include "bs_tuples.h"

#define BS_FAR 255 /* no open path */
#define BS_LC_LOWER_BOUND 2 /* lc moves a tile out of line that keep the score a lower bound */
#define BS_SCORE_BITS 16
#define BS_SCORE_MASK ((1u << BS_SCORE_BITS) - 1)

typedef struct bs_heur {
  int w, h, n;
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS]; /* cell to cell around the walls */
  /* to[side][tile][cell]: moves from cell to the tile's target cell */
  uint8_t to[2][BS_MAX_CELLS + 1][BS_MAX_CELLS];
  /* lk[side][line][tile][cell]: 0 when the tile at cell cannot conflict in
   * its row (line 0) or column (line 1), else 1 + its key there, the order
   * that conflicts reverse: its target column in a row, its target row in
   * a column. One load both tells and ranks, and tile 0 never conflicts. */
  uint8_t lk[2][2][BS_MAX_CELLS + 1][BS_MAX_CELLS];
  int lc_weight; /* moves added per tile that must leave its line; 0: none */
  int pdb;       /* pattern databases in view[] */
  bs_pdb_view view[2]; /* view[s]: toward side s's target */
  const bs_tuples *tup[2]; /* tup[s]: tuple tables toward side s's target, or NULL */
} bs_heur;

/* Whether a score word keeps the Manhattan part above its value: when
 * tables may make the value larger. */
static inline int bs_heur_tables(const bs_heur *H) { return H->pdb || H->tup[0]; }

/* Fills the tables for the pair: the forward side's target is `to`, the
 * backward side's `from`; lc moves per tile out of line (2 is a lower
 * bound). */
void bs_heur_init(bs_heur *H, const bs_board *from, const bs_board *to, int lc);

/* Adds the tables of P (built for this layout) to the score, each side
 * viewing toward its target, with the transposed lookup where P allows.
 * Returns 0, or -1 when P is of another layout (the score is unchanged). */
int bs_heur_use_pdb(bs_heur *H, const bs_pdb *P, const bs_board *from, const bs_board *to);

/* Adds tuple tables to the score: fwd toward the forward side's target
 * (`to`), bwd toward the backward side's (`from`), both of one k. They
 * stay the caller's, and must outlive H's use. */
void bs_heur_use_tuples(bs_heur *H, const bs_tuples *fwd, const bs_tuples *bwd);

/* The Manhattan part of board b's score for side s, from scratch. */
int bs_heur_score(const bs_heur *H, int s, const bs_board *b);

/* The score word of board b for side s, from scratch (the roots'). */
uint32_t bs_heur_word(const bs_heur *H, int s, const bs_board *b);

/* The lower bound of board b's distance to its goal (bs_goal): the
 * wall-aware Manhattan distance plus linear conflicts at 2 moves a tile.
 * No answer is shorter, and on a solvable board every answer has its
 * parity: a move changes one tile's distance by 1, and the conflicts count
 * 2 a tile. */
int bs_lower_bound(const bs_board *b);

/* The value of a score word: what ranks and bounds. */
static inline unsigned bs_score_value(uint32_t word) { return word & BS_SCORE_MASK; }

/* The tiles of a line that must leave it, given the keys key[0..n) of
 * those that qualify, in line order: all but a longest increasing run.
 * The tiles all have their targets in this line, so their keys differ, and
 * the run's length is a patience sort over a mask of pile tops (n <= 6): a
 * key replaces the least top above it, or starts a pile. Counting the
 * starts, not the tops, spares a popcount, which without -mpopcnt is a
 * call. */
static inline int bs_heur_out(const uint8_t *key, int n) {
  unsigned tops = 0;
  int piles = 0;
  for (int i = 0; i < n; i++) {
    unsigned above = tops >> key[i] << key[i]; /* the tops above: key[i] is none of them */
    piles += !above;
    tops = (tops ^ (above & -above)) | 1u << key[i];
  }
  return n - piles;
}

/* Linear-conflict moves in one line: the n tiles v[0..n) in line order;
 * bit is 1 for a row, 2 for a column. */
static inline int bs_heur_line(const bs_heur *H, int s, const uint8_t *v, const uint8_t *cell, int n,
                               int bit) {
  uint8_t key[BS_MAX_SIDE];
  int k = 0;
  for (int i = 0; i < n; i++)
    if (H->lk[s][bit - 1][v[i]][cell[i]]) key[k++] = (uint8_t)(H->lk[s][bit - 1][v[i]][cell[i]] - 1);
  return H->lc_weight * bs_heur_out(key, k);
}

/* A parent, for the scores of all its children: its packed board (a
 * child's update reads only the cells it needs) and, with tables, its
 * patterns' indices. One context serves a search's parents in turn: with
 * pattern databases it keeps the last parent's board, indices and cells,
 * and the next one's come from them (bs_pdb_eval_moved). */
typedef struct bs_heur_ctx {
  const bs_geom *g;
  const uint32_t *w;
  int side, md;
  int kept; /* 1 + the side of the board in was[], idx and at[]; 0: none */
  bs_pdb_idx idx;
  uint8_t at[BS_MAX_CELLS]; /* with tables: each tile's cell */
  uint32_t was[BS_MAX_WORDS];
} bs_heur_ctx;

/* A context that keeps nothing yet: a search's first. */
static inline void bs_heur_ctx_init(bs_heur_ctx *c) { c->kept = 0; }

/* The parent of side s with packed board w and score word `word`. */
static inline void bs_heur_parent(const bs_heur *H, const bs_geom *g, const uint32_t *w, int s,
                                  uint32_t word, bs_heur_ctx *c) {
  c->g = g;
  c->w = w;
  c->side = s;
  c->md = (int)(bs_heur_tables(H) ? word >> BS_SCORE_BITS : word); /* word has no engine bit here */
  if (H->pdb) {
    if (c->kept == s + 1) bs_pdb_eval_moved(&H->view[s], g, c->was, w, c->at, &c->idx);
    else bs_pdb_eval_at(&H->view[s], g, w, c->at, &c->idx);
    memcpy(c->was, w, sizeof c->was); /* a constant size: copied inline */
    c->kept = s + 1;
  } else if (H->tup[s]) {
    bs_unpack_at(g, w, c->at);
  }
}

/* The keys, in line order, of the tiles of row `line` (bit 1) or column
 * `line` (bit 2) of the parent's board that qualify in it; *at: how many
 * of them come before cell `mark`. */
static inline int bs_heur_keys(const bs_heur *H, const bs_heur_ctx *c, int s, int bit, int line, int mark,
                               uint8_t *key, int *at) {
  int n = 0, len = bit == 1 ? H->w : H->h, step = bit == 1 ? 1 : H->w;
  *at = 0;
  for (int i = 0, x = bit == 1 ? line * H->w : line; i < len; i++, x += step) {
    if (x == mark) *at = n;
    unsigned k = H->lk[s][bit - 1][bs_get(c->g, c->w, x)][x];
    key[n] = (uint8_t)(k - 1); /* kept only if it counts: key has a spare byte */
    n += k != 0;
  }
  return n;
}

/* Score change for side s when tile v slides from cell q into the blank at
 * p on the parent's board c. A horizontal move changes the columns of p and
 * q, a vertical one their rows; and a line's conflicts change only if v may
 * conflict in it, which spares most lines a look. A line is read once: its
 * keys with v's taken out (q's line) or put in (p's line) give the
 * child's. */
static inline int bs_heur_delta(const bs_heur *H, const bs_heur_ctx *c, int s, unsigned v, int p, int q) {
  int d = H->to[s][v][p] - H->to[s][v][q];
  if (!H->lc_weight) return d;
  int bit = p / H->w == q / H->w ? 2 : 1, at, n;
  uint8_t key[BS_MAX_SIDE + 1];
  if (H->lk[s][bit - 1][v][q]) {
    n = bs_heur_keys(H, c, s, bit, bit == 2 ? q % H->w : q / H->w, q, key, &at);
    int before = bs_heur_out(key, n);
    for (int i = at; i + 1 < n; i++) key[i] = key[i + 1];
    d += H->lc_weight * (bs_heur_out(key, n - 1) - before);
  }
  if (H->lk[s][bit - 1][v][p]) {
    n = bs_heur_keys(H, c, s, bit, bit == 2 ? p % H->w : p / H->w, p, key, &at);
    int before = bs_heur_out(key, n);
    for (int i = n; i > at; i--) key[i] = key[i - 1];
    key[at] = (uint8_t)(H->lk[s][bit - 1][v][p] - 1);
    d += H->lc_weight * (bs_heur_out(key, n + 1) - before);
  }
  return d;
}

/* The score word of the child where tile v slides from cell q into the
 * blank at p, from the parent's context. A bound that prunes needs no
 * more than to pass `most`: the tuple tables are read only while the
 * value is at most `most` (INT_MAX: all of them). */
static inline uint32_t bs_heur_child(const bs_heur *H, const bs_heur_ctx *c, unsigned v, int p, int q, int most) {
  int md = c->md + bs_heur_delta(H, c, c->side, v, p, q);
  if (!bs_heur_tables(H)) return (uint32_t)md;
  int h = H->pdb ? bs_pdb_child(&H->view[c->side], &c->idx, v, p, q) : 0;
  if (h < md) h = md;
  if (H->tup[c->side] && h <= most) {
    int t = bs_tuples_h(H->tup[c->side], c->at, v, p, q, most);
    if (t > h) h = t;
  }
  return (uint32_t)h | (uint32_t)md << BS_SCORE_BITS;
}

#endif
