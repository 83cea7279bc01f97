/* bs_heur: distance tables around the walls, and full scores. */
#include "bs_heur.h"

#include "bs_record.h"
#include "bs_region.h"

#include <pthread.h>
#include <string.h>

uint8_t bs_heur_lc_out[BS_LC_CODES];

/* The tiles of a line that must leave it, given the keys key[0..n) of
 * those that qualify, in line order: all but a longest rising run, by a
 * patience sort over a mask of pile tops (n <= 6): a key replaces the least
 * top at or above it, or starts a pile. */
static int lc_out(const uint8_t *key, int n) {
  unsigned tops = 0;
  int piles = 0;
  for (int i = 0; i < n; i++) {
    unsigned above = tops >> key[i] << key[i];
    piles += !above;
    tops = (tops ^ (above & -above)) | 1u << key[i];
  }
  return n - piles;
}

static void lc_fill(void) {
  for (uint32_t code = 0; code < BS_LC_CODES; code++) {
    uint8_t key[BS_MAX_SIDE];
    int n = 0;
    for (uint32_t x = code, place = BS_LC_CODES / BS_LC_BASE; place; place /= BS_LC_BASE) {
      const uint32_t digit = x / place % BS_LC_BASE;
      if (digit) key[n++] = (uint8_t)(digit - 1);
    }
    bs_heur_lc_out[code] = (uint8_t)lc_out(key, n);
  }
}

static void bfs_from(bs_heur *H, const bs_geom *g, int src) {
  memset(H->dist[src], BS_FAR, sizeof H->dist[src]);
  bs_flood(g, ~0ull, src, NULL, H->dist[src]);
}

static int absdiff(int a, int b) { return a > b ? a - b : b - a; }

/* The weight of a digit with `after` cells after it in its line. */
static uint32_t weight(int after) {
  uint32_t w = 1;
  while (after-- > 0) w *= BS_LC_BASE;
  return w;
}

void bs_heur_init(bs_heur *H, const bs_board *from, const bs_board *to, int lc) {
  bs_geom g;
  bs_geom_init(&g, from);
  memset(H, 0, sizeof *H);
  H->w = from->w;
  H->h = from->h;
  H->n = from->n;
  H->lc_weight = lc;
  static pthread_once_t filled = PTHREAD_ONCE_INIT;
  pthread_once(&filled, lc_fill);
  H->len[0] = H->w, H->step[0] = 1;
  H->len[1] = H->h, H->step[1] = H->w;
  for (int p = 0; p < from->n; p++) {
    const int x = p % H->w;
    H->first[0][p] = (uint8_t)(p - x);
    H->first[1][p] = (uint8_t)x;
  }
  for (int p = 0; p < from->n; p++) {
    if (from->wall >> p & 1)
      memset(H->dist[p], BS_FAR, sizeof H->dist[p]);
    else
      bfs_from(H, &g, p);
  }
  for (int s = 0; s < 2; s++) {
    const bs_board *target = s == BS_FORWARD ? to : from;
    for (int t = 0; t < from->n; t++) {
      int v = target->cell[t]; /* the tile whose target cell t is on side s */
      if (!v || from->wall >> t & 1) continue; /* the blank or a wall: scores 0 */
      for (int p = 0; p < from->n; p++) {
        H->to[s][v][p] = H->dist[p][t] == BS_FAR ? 0 : H->dist[p][t];
        int row = p / H->w == t / H->w && H->dist[p][t] == absdiff(p % H->w, t % H->w);
        int col = p % H->w == t % H->w && H->dist[p][t] == absdiff(p / H->w, t / H->w);
        H->lk[s][0][p][v] = row ? (uint32_t)(1 + t % H->w) * weight(H->w - 1 - p % H->w) : 0;
        H->lk[s][1][p][v] = col ? (uint32_t)(1 + t / H->w) * weight(H->h - 1 - p / H->w) : 0;
      }
    }
  }
}

void bs_heur_curve(bs_heur *H, int n) {
  if (n <= 0) return;
  for (int s = 0; s < 2; s++)
    for (int v = 0; v <= BS_MAX_CELLS; v++)
      for (int p = 0; p < BS_MAX_CELLS; p++) {
        const int d = H->to[s][v][p], bent = d + d * d / n;
        H->to[s][v][p] = (uint8_t)(bent < BS_CURVE_MOST ? bent : BS_CURVE_MOST);
      }
}

void bs_heur_beam(bs_heur *H, const bs_board *from, const bs_board *to, int lc, int curve, const bs_pdb *P) {
  bs_heur_init(H, from, to, lc);
  bs_heur_curve(H, curve);
  if (P) bs_heur_use_pdb(H, P, from, to);
}

int bs_heur_use_pdb(bs_heur *H, const bs_pdb *P, const bs_board *from, const bs_board *to) {
  if (bs_pdb_view_init(&H->view[BS_FORWARD], P, to, 1) || bs_pdb_view_init(&H->view[BS_BACKWARD], P, from, 1))
    return -1;
  H->pdb = H->tables = 1;
  return 0;
}

void bs_heur_use_tuples(bs_heur *H, const bs_tuples *fwd, const bs_tuples *bwd) {
  H->tup[BS_FORWARD] = fwd;
  H->tup[BS_BACKWARD] = bwd;
  H->tables = H->pdb || fwd;
}

int bs_heur_line(const bs_heur *H, int s, int l, const bs_board *b, int x) {
  uint32_t code = 0;
  for (int i = 0, y = H->first[l][x]; i < H->len[l]; i++, y += H->step[l]) code += H->lk[s][l][y][b->cell[y]];
  return H->lc_weight * bs_heur_lc_out[code];
}

int bs_heur_score(const bs_heur *H, int s, const bs_board *b) {
  int score = 0;
  for (int p = 0; p < b->n; p++)
    if (b->cell[p] && !(b->wall >> p & 1)) score += H->to[s][b->cell[p]][p];
  if (!H->lc_weight) return score;
  for (int y = 0; y < b->h; y++) score += bs_heur_line(H, s, 0, b, y * b->w); /* the rows */
  for (int x = 0; x < b->w; x++) score += bs_heur_line(H, s, 1, b, x);        /* the columns */
  return score;
}

unsigned bs_heur_tie(const bs_heur *H, int s, const bs_board *b) {
  unsigned tie = 0;
  for (int p = 0; p < b->n; p++)
    if (b->cell[p] && !(b->wall >> p & 1)) tie += (unsigned)H->to[s][b->cell[p]][p] * H->to[s][b->cell[p]][p];
  return tie < BS_TIE_MAX ? tie : BS_TIE_MAX;
}

uint32_t bs_heur_word(const bs_heur *H, int s, const bs_board *b) {
  int md = bs_heur_score(H, s, b);
  if (!bs_heur_tables(H)) return (uint32_t)md;
  bs_pdb_idx x;
  int h = H->pdb ? bs_pdb_eval(&H->view[s], b->cell, &x) : 0;
  if (H->tup[s]) {
    int t = bs_tuples_board(H->tup[s], b);
    if (t > h) h = t;
  }
  return (uint32_t)(h > md ? h : md) | (uint32_t)md << BS_SCORE_BITS;
}

int bs_lower_bound(const bs_board *b) {
  bs_board goal;
  bs_goal(b, &goal);
  bs_heur H;
  bs_heur_init(&H, b, &goal, BS_LC_LOWER_BOUND);
  return bs_heur_score(&H, BS_FORWARD, b);
}
