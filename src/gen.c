/* bs_gen: seeded random boards, wall layouts and the answers they come with. */
#include "bs_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bs_group.h"
#include "bs_region.h"

/* ---- boards ------------------------------------------------------------ */

static void goal_of(int w, int h, uint64_t wall, bs_board *b) {
  memset(b, 0, sizeof *b);
  b->w = w;
  b->h = h;
  b->n = w * h;
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
    goal_of(s->w, s->h, wall, b);
    bs_geom g;
    bs_geom_init(&g, b);
    if (bs_region_connected(&g, ((1ull << n) - 1) & ~wall)) return 0;
  }
  return -1;
}

int bs_gen_layout_exists(const bs_gen_spec *s, uint64_t seed) {
  if (s->nlayouts) return 1;
  if (s->w * s->h - s->walls < (s->unsolvable ? BS_GEN_UNSOLVABLE_OPEN : BS_GEN_OPEN)) return 0;
  bs_rng r;
  bs_board b;
  bs_rng_seed(&r, seed ^ 0x6c61796f75747321ull);
  return draw_layout(&r, s, BS_GEN_LAYOUT_TRIES, &b) == 0;
}

int bs_gen_init(bs_gen *g, const bs_gen_spec *s, uint64_t seed, char *err, size_t errlen) {
  memset(g, 0, sizeof *g);
  g->spec = *s;
  bs_rng_seed(&g->rng, seed);
  if (s->depth >= 0) {
    g->buf = malloc((size_t)s->depth + 1);
    if (!g->buf) {
      snprintf(err, errlen, "out of memory for a walk of %ld moves", s->depth);
      return -1;
    }
    return 0;
  }
  return s->unsolvable ? 0 : bs_construct_init(&g->con, BS_CONSTRUCT_BYTES, err, errlen);
}

void bs_gen_free(bs_gen *g) {
  free(g->buf);
  if (g->spec.depth < 0 && !g->spec.unsolvable) bs_construct_free(&g->con);
  memset(g, 0, sizeof *g);
}

static int can_move(const bs_board *b, int d) {
  bs_board t = *b;
  return bs_move(&t, d);
}

/* A walk of `moves` from b that never undoes its last move, and in g->answer
 * the moves that undo it; none where the blank is walled in. */
static void walk(bs_gen *g, bs_board *b, long moves) {
  int last = -1;
  for (long i = 0; i < moves; i++) {
    int cand[4], k = 0;
    for (int d = 0; d < 4; d++)
      if ((last < 0 || d != (last ^ 1)) && can_move(b, d)) cand[k++] = d;
    if (!k && last < 0) {
      moves = 0;
      break;
    }
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

/* A uniform solvable board of b's layout: sigma in G(R) on the goal, then
 * the blank from r along the tree to a uniform cell of R. */
static void uniform(bs_gen *g, bs_board *b) {
  const bs_group *G = bs_construct_group(&g->con);
  const bs_region *R = bs_construct_region(&g->con);
  bs_perm sigma;
  bs_group_random(G, &g->rng, sigma);
  for (uint64_t m = R->cells & ~(1ull << R->root); m; m &= m - 1) {
    int c = __builtin_ctzll(m);
    b->cell[sigma[c]] = (uint8_t)(c + 1);
  }
  uint8_t up[BS_MAX_CELLS];
  int to = R->order[bs_rng_below(&g->rng, (uint32_t)R->size)];
  int k = bs_region_to_root(R, &g->con.geom, to, up);
  while (k--) bs_move(b, up[k] ^ 1); /* the way up, backwards */
}

/* Tiles and blank shuffled over the open cells until the board is
 * unsolvable: uniform over the unsolvable boards. */
static void unsolvable(bs_gen *g, bs_board *b) {
  int open[BS_MAX_CELLS], m = 0;
  uint8_t vals[BS_MAX_CELLS];
  for (int p = 0; p < b->n; p++)
    if (!(b->wall >> p & 1)) {
      vals[m] = b->cell[p];
      open[m++] = p;
    }
  const char *why;
  do {
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
  } while (bs_solvability(b, &why) == BS_SOLVABLE);
}

int bs_gen_next(bs_gen *g, bs_board *b) {
  const bs_gen_spec *s = &g->spec;
  if (s->nlayouts) {
    const bs_layout *l = &s->layouts[bs_rng_below(&g->rng, (uint32_t)s->nlayouts)];
    goal_of(l->w, l->h, l->wall, b);
  } else if (s->walls) {
    draw_layout(&g->rng, s, -1ul >> 1, b); /* ends: bs_gen_layout_exists found one */
  } else {
    goal_of(s->w, s->h, 0, b);
  }
  if (s->depth >= 0) {
    walk(g, b, s->depth);
    return 0;
  }
  if (s->unsolvable) {
    unsolvable(g, b);
    g->answer = "";
    g->len = 0;
    return 0;
  }
  /* Every layout has a plan in the default workspace: only running out of
   * memory can fail here. */
  if (bs_construct_plan(&g->con, b->w, b->h, b->wall)) return -1;
  uniform(g, b);
  if (bs_construct_solve(&g->con, b)) return -1;
  g->answer = g->con.moves;
  g->len = g->con.len;
  return 0;
}
