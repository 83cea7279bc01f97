/* bs_gen: seeded random boards, wall layouts and the answers they come with. */
#include "bs_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- boards ------------------------------------------------------------ */

static void goal_with_walls(const bs_gen_spec *s, uint64_t wall, bs_board *b) {
  memset(b, 0, sizeof *b);
  b->w = s->w;
  b->h = s->h;
  b->n = s->w * s->h;
  b->wall = wall;
  for (int p = 0; p < b->n - 1; p++) b->cell[p] = (uint8_t)(p + 1);
  b->blank = b->n - 1;
}

/* K distinct cells among all but the last, redrawn until the open cells
 * are connected; gives up (returns -1) after `tries` draws. */
static int draw_layout(bs_rng *r, const bs_gen_spec *s, long tries, bs_board *b) {
  int n = s->w * s->h, idx[BS_MAX_CELLS];
  for (long t = 0; t < tries; t++) {
    for (int i = 0; i < n - 1; i++) idx[i] = i;
    uint64_t wall = 0;
    for (int i = 0; i < s->walls; i++) {
      int j = i + (int)bs_rng_below(r, (uint32_t)(n - 1 - i));
      int x = idx[i];
      idx[i] = idx[j];
      idx[j] = x;
      wall |= 1ull << idx[i];
    }
    goal_with_walls(s, wall, b);
    bs_geom g;
    bs_geom_init(&g, b);
    if (bs_region_connected(&g, ((1ull << n) - 1) & ~wall)) return 0;
  }
  return -1;
}

int bs_gen_layout_exists(const bs_gen_spec *s, uint64_t seed) {
  if (s->w * s->h - s->walls < 2) return 0;
  bs_rng r;
  bs_board b;
  bs_rng_seed(&r, seed ^ 0x6c61796f75747321ull);
  return draw_layout(&r, s, BS_GEN_LAYOUT_TRIES, &b) == 0;
}

long bs_gen_walk_length(int open) { return 20L * open * open; }

int bs_gen_init(bs_gen *g, const bs_gen_spec *s, uint64_t seed, char *err, size_t errlen) {
  memset(g, 0, sizeof *g);
  g->spec = *s;
  bs_rng_seed(&g->rng, seed);
  long most = s->depth >= 0 ? s->depth : s->walls ? bs_gen_walk_length(s->w * s->h - s->walls) : 0;
  g->buf = malloc((size_t)most + 1);
  if (!g->buf) {
    snprintf(err, errlen, "out of memory for a walk of %ld moves", most);
    return -1;
  }
  if (s->depth < 0 && bs_construct_init(&g->con, err, errlen)) {
    free(g->buf);
    g->buf = NULL;
    return -1;
  }
  return 0;
}

void bs_gen_free(bs_gen *g) {
  free(g->buf);
  if (g->spec.depth < 0) bs_construct_free(&g->con);
  memset(g, 0, sizeof *g);
}

static int can_move(const bs_board *b, int d) {
  int x = b->blank % b->w, y = b->blank / b->w, q;
  switch (d) {
  case BS_L: if (x == 0) return 0; q = b->blank - 1; break;
  case BS_R: if (x == b->w - 1) return 0; q = b->blank + 1; break;
  case BS_U: if (y == 0) return 0; q = b->blank - b->w; break;
  default: if (y == b->h - 1) return 0; q = b->blank + b->w; break;
  }
  return !(b->wall >> q & 1);
}

/* A walk of `moves` from b that never undoes its last move, and in g->answer
 * the moves that undo it. */
static void walk(bs_gen *g, bs_board *b, long moves) {
  int last = -1;
  for (long i = 0; i < moves; i++) {
    int cand[4], k = 0;
    for (int d = 0; d < 4; d++)
      if ((last < 0 || d != (last ^ 1)) && can_move(b, d)) cand[k++] = d;
    /* A dead end: going back is the only move. */
    int d = k ? cand[bs_rng_below(&g->rng, (uint32_t)k)] : last ^ 1;
    bs_move(b, d);
    g->buf[i] = (char)d;
    last = d;
  }
  /* The answer undoes the walk: its moves reversed, each one inverted. */
  for (long i = 0, j = moves - 1; i < j; i++, j--) {
    char t = g->buf[i];
    g->buf[i] = g->buf[j];
    g->buf[j] = t;
  }
  for (long i = 0; i < moves; i++) g->buf[i] = bs_dir_chars[g->buf[i] ^ 1];
  g->buf[moves] = 0;
  g->answer = g->buf;
  g->len = (size_t)moves;
}

/* Tiles and blank shuffled over the open cells; the first two tiles
 * swapped when the parity is wrong, which pairs each unsolvable board with
 * one solvable board, so the result stays uniform. */
static void shuffle(bs_gen *g, bs_board *b) {
  int open[BS_MAX_CELLS], m = 0;
  uint8_t vals[BS_MAX_CELLS];
  for (int p = 0; p < b->n; p++)
    if (!(b->wall >> p & 1)) {
      vals[m] = b->cell[p];
      open[m++] = p;
    }
  for (int i = m - 1; i > 0; i--) {
    int j = (int)bs_rng_below(&g->rng, (uint32_t)i + 1);
    uint8_t t = vals[i];
    vals[i] = vals[j];
    vals[j] = t;
  }
  for (int i = 0; i < m; i++) {
    b->cell[open[i]] = vals[i];
    if (!vals[i]) b->blank = open[i];
  }
  const char *why;
  if (bs_solvability(b, &why) == BS_UNSOLVABLE) {
    int first = -1;
    for (int i = 0; i < m; i++) {
      if (!vals[i]) continue;
      if (first < 0) {
        first = open[i];
        continue;
      }
      uint8_t t = b->cell[first];
      b->cell[first] = b->cell[open[i]];
      b->cell[open[i]] = t;
      break;
    }
  }
}

int bs_gen_next(bs_gen *g, bs_board *b) {
  const bs_gen_spec *s = &g->spec;
  if (s->walls)
    draw_layout(&g->rng, s, -1ul >> 1, b); /* ends: bs_gen_layout_exists found one */
  else
    goal_with_walls(s, 0, b);
  if (s->depth >= 0) {
    walk(g, b, s->depth);
    return 0;
  }
  if (bs_construct_plan(&g->con, b->w, b->h, b->wall)) {
    g->walked++;
    walk(g, b, bs_gen_walk_length(b->n - s->walls));
    return 0;
  }
  shuffle(g, b);
  /* The layout has a plan, so only running out of memory can fail here. */
  if (bs_construct_solve(&g->con, b)) return -1;
  g->answer = g->con.moves;
  g->len = g->con.len;
  return 0;
}
