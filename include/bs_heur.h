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
 * hides and the children need. Bit 31 is the engine's.
 *
 * The tie key: the sum over tiles of the square of each one's distance
 * (the score's distances, bent where the score bends them), kept in the
 * record's meta word (bs_record.h). A beam keeps, of the states of one
 * score, those of the least key: the same sum of distances spread over
 * more tiles, where one far from home would have to pass through the
 * others, which the sum does not count. On the real set that took 0.46%
 * off the answers and 6% off the states, and 0.5 to 3% off the answers on
 * walled boards scrambled far (docs/heuristic.md, stop 67). A move
 * changes one tile's square, so a child's key comes from its parent's; it
 * saturates at BS_TIE_MAX, which only far boards and long ways round
 * walls come near, and then only breaks ties less well.
 *
 * The beams bend the distances (bs_heur_curve): a tile d moves from its
 * target counts d + d*d/n, for the reason the tie key has: a tile far from
 * home must pass through the others on its way, which a sum of distances
 * counts as nothing. Bent, the score is no lower bound, so exact searches
 * and the polish's bridges never bend it. The tie key squares the bent
 * distances too, so it saturates sooner on far boards; on every 10th real
 * board at n = 6 that kept 3.4% fewer states than squaring the plain
 * ones, for 0.09% more moves. At n = 6 the real set took 0.44% fewer moves
 * in 7.5% fewer states, wall-free 5x5 and 6x6 boards 0.6% and 2.1% fewer
 * moves; new walled boards scrambled far about as many (0.2% fewer and
 * 0.6% more on two seeds) in 0.8 to 2.3% fewer states; n = 4 answers
 * longer (docs/heuristic.md, section 1). */
#ifndef BS_HEUR_H
#define BS_HEUR_H

#include <limits.h>
#include <stdint.h>

#include "bs_board.h"
#include "bs_pdb.h"
#include "bs_record.h"
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
  /* lk[side][line][cell][tile]: the tile's term in the code of the cell's
   * row (line 0) or column (line 1), below: 0 when it cannot conflict
   * there, else its digit, 1 + its key (the order that conflicts reverse:
   * its target column in a row, its target row in a column), times the
   * cell's weight in the line, BS_LC_BASE to the number of cells after it.
   * One load both tells and places, and tile 0 never conflicts. A cell's
   * terms side by side: reading a line steps from cell to cell, and the
   * tile only picks the word. */
  uint32_t lk[2][2][BS_MAX_CELLS][BS_MAX_CELLS + 1];
  /* Per line kind l (0: rows, 1: columns): the first cell of each cell's
   * line, the lines' length and the step from one cell to the next. */
  uint8_t first[2][BS_MAX_CELLS];
  int len[2], step[2];
  int lc_weight; /* moves added per tile that must leave its line; 0: none */
  int pdb;       /* pattern databases in view[] */
  int tables;    /* pdb, or tuple tables in tup[] */
  bs_pdb_view view[2]; /* view[s]: toward side s's target */
  const bs_tuples *tup[2]; /* tup[s]: tuple tables toward side s's target, or NULL */
} bs_heur;

/* Whether a score word keeps the Manhattan part above its value: when
 * tables may make the value larger. */
static inline int bs_heur_tables(const bs_heur *H) { return H->tables; }

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

/* Bends the tiles' distances for a beam: d becomes d + d*d/n, at most
 * BS_CURVE_MOST (n 0: unchanged). After bs_heur_init; no longer a lower
 * bound. */
#define BS_CURVE_MOST (BS_FAR - 1)
void bs_heur_curve(bs_heur *H, int n);

/* A beam's score for the pair: bs_heur_init with conflicts at lc, the
 * distances bent by `curve` (bs_heur_curve), and the tables P where given
 * (NULL: none). Every beam builds its score here. */
void bs_heur_beam(bs_heur *H, const bs_board *from, const bs_board *to, int lc, int curve, const bs_pdb *P);

/* The Manhattan part of board b's score for side s, from scratch. */
int bs_heur_score(const bs_heur *H, int s, const bs_board *b);

/* The linear-conflict moves, for side s, of board b's row (l 0) or column
 * (l 1) through cell x, from scratch (below). */
int bs_heur_line(const bs_heur *H, int s, int l, const bs_board *b, int x);

/* The score word of board b for side s, from scratch (the roots'). */
uint32_t bs_heur_word(const bs_heur *H, int s, const bs_board *b);

/* The lower bound of board b's distance to its goal (bs_goal): the
 * wall-aware Manhattan distance plus linear conflicts at 2 moves a tile.
 * No answer is shorter, and on a solvable board every answer has its
 * parity: a move changes one tile's distance by 1, and the conflicts count
 * 2 a tile. */
int bs_lower_bound(const bs_board *b);

/* The tie key of board b for side s, from scratch (the roots'). */
unsigned bs_heur_tie(const bs_heur *H, int s, const bs_board *b);

/* The value of a score word: what ranks and bounds. */
static inline unsigned bs_score_value(uint32_t word) { return word & BS_SCORE_MASK; }

/* A line's conflicts by table. A row (column) of the board is a code:
 * each cell's digit in line order, the first most significant, base
 * BS_LC_BASE, where a digit is 0 for a cell whose tile cannot conflict in
 * the line and 1 + its key otherwise; the code is the sum of its cells'
 * terms (lk). bs_heur_lc_out[code] is how many of the line's tiles must
 * leave it: all but a longest run of rising keys. The table depends on
 * nothing but the code, so one serves every board; bs_heur_init fills it
 * the first time. A move changes one digit of a line, so a child's line is
 * its parent's code plus or minus one term, and a conflict count is one
 * load. */
#define BS_LC_BASE (BS_MAX_SIDE + 1)
#define BS_LC_CODES 117649u /* BS_LC_BASE^BS_MAX_SIDE */
_Static_assert(BS_LC_CODES == 7u * 7 * 7 * 7 * 7 * 7 && BS_LC_BASE == 7, "a code is a digit per cell of a line");
extern uint8_t bs_heur_lc_out[BS_LC_CODES];

/* A parent, for the scores of all its children: its packed board (a
 * child's update reads only the cells it needs) and, with tables, each
 * tile's cell and its patterns' indices, from scratch. Working them out
 * from the last parent's instead (about six cells apart) takes fewer
 * instructions but more time, its branches hard to foresee: on the real
 * set's 107 boards that build tables, from scratch took 0.915 of the time
 * (stop 68; stop 58 had measured the other way on boards the constructor
 * answers). */
typedef struct bs_heur_ctx {
  const uint32_t *w;
  const uint8_t (*to)[BS_MAX_CELLS];                     /* H->to[side] */
  const uint32_t (*lk)[BS_MAX_CELLS][BS_MAX_CELLS + 1]; /* H->lk[side] */
  int side, md, tie;
  bs_pdb_idx idx;
  uint8_t at[BS_MAX_CELLS]; /* with tables: each tile's cell */
} bs_heur_ctx;

/* The parent of side s with packed board w, score word `word` and tie
 * key `tie`. */
static inline void bs_heur_parent(const bs_heur *H, const bs_geom *g, const uint32_t *w, int s,
                                  uint32_t word, unsigned tie, bs_heur_ctx *c) {
  c->w = w;
  c->to = H->to[s];
  c->lk = H->lk[s];
  c->side = s;
  c->tie = (int)tie;
  c->md = (int)(bs_heur_tables(H) ? word >> BS_SCORE_BITS : word); /* word has no engine bit here */
  if (H->pdb) {
    bs_pdb_eval_at(&H->view[s], g, w, c->at, &c->idx);
  } else if (H->tup[s]) {
    bs_unpack_at(g, w, c->at);
  }
}

/* The code of the parent's row (l 0) or column (l 1) through cell x. */
static inline uint32_t bs_heur_code(const bs_heur *H, const bs_heur_ctx *c, int l, int x) {
  const uint32_t(*lk)[BS_MAX_CELLS + 1] = c->lk[l];
  const int step = H->step[l];
  uint32_t code = 0;
  for (int y = H->first[l][x], end = y + H->len[l] * step; y != end; y += step)
    code += lk[y][bs_get(c->w, y)];
  return code;
}

/* The conflicts' change when tile v slides from cell q into the blank at p
 * on the parent's board c. A horizontal move changes the columns of p and
 * q, a vertical one their rows (neighbours in a row differ by 1, in a
 * column by the width, at least 2), and only for v, which may conflict
 * only in its target line: in q's line or in p's, never both. So one line
 * is read, with no branch: q's if v may conflict there (the child's line
 * is the parent's with v's digit kq taken out), else p's (with v's digit
 * kp put in, where the blank's digit is 0; kp 0 too: no change). A branch
 * that skips the read when neither may is as hard to foresee as the board
 * (stop 68: 0.97 of the time without it). */
static inline int bs_heur_lines(const bs_heur *H, const bs_heur_ctx *c, unsigned v, int p, int q) {
  const int l = (unsigned)(p - q + 1) <= 2; /* p - q is 1 or -1, never 0 */
  const uint32_t kq = c->lk[l][q][v], kp = c->lk[l][p][v];
  const uint32_t code = bs_heur_code(H, c, l, kq ? q : p);
  return H->lc_weight * (bs_heur_lc_out[code - kq + kp] - bs_heur_lc_out[code]);
}

/* The score word of the child where tile v slides from cell q into the
 * blank at p, from the parent's context, and in *tie its tie key. A bound
 * that prunes needs no more than to pass `most`: the tuple tables are read
 * only while the value is at most `most` (INT_MAX: all of them). */
static inline uint32_t bs_heur_child(const bs_heur *H, const bs_heur_ctx *c, unsigned v, int p, int q, int most,
                                     unsigned *tie) {
  const int now = c->to[v][p], was = c->to[v][q], t = c->tie + now * now - was * was;
  *tie = t < 0 ? 0 : t > (int)BS_TIE_MAX ? BS_TIE_MAX : (unsigned)t;
  int md = c->md + now - was;
  if (H->lc_weight) md += bs_heur_lines(H, c, v, p, q);
  if (!bs_heur_tables(H)) return (uint32_t)md;
  int h = H->pdb ? bs_pdb_child(&H->view[c->side], &c->idx, v, p, q) : 0;
  if (h < md) h = md;
  if (H->tup[c->side] && h <= most) {
    const int u = bs_tuples_h(H->tup[c->side], c->at, v, p, q, most);
    if (u > h) h = u;
  }
  return (uint32_t)h | (uint32_t)md << BS_SCORE_BITS;
}

#endif
