/* bs_construct: region tests, fill plans, and solving a plan a step at a time. */
#include "bs_construct.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROOT 4

/* ---- cell sets ---------------------------------------------------------- */

typedef struct grid {
  int w, h;
  uint64_t full, left, right; /* all cells, the left and the right column */
} grid;

static void grid_init(grid *g, int w, int h) {
  g->w = w;
  g->h = h;
  g->full = (1ull << (w * h)) - 1; /* w * h <= 36 */
  g->left = g->right = 0;
  for (int y = 0; y < h; y++) {
    g->left |= 1ull << (y * w);
    g->right |= 1ull << (y * w + w - 1);
  }
}

/* s and the cells next to it, within `within`. */
static uint64_t spread(const grid *g, uint64_t s, uint64_t within) {
  return (s | (s & ~g->left) >> 1 | (s & ~g->right) << 1 | s >> g->w | s << g->w) & within;
}

static int one_region(const grid *g, uint64_t s) {
  uint64_t r = s & (0 - s), prev = 0;
  while (r != prev) {
    prev = r;
    r = spread(g, r, s);
  }
  return r == s;
}

int bs_region_connected(int w, int h, uint64_t cells) {
  grid g;
  grid_init(&g, w, h);
  return cells && one_region(&g, cells);
}

static int parity_region(const grid *g, uint64_t cells) {
  int m = __builtin_popcountll(cells), cycle = 1;
  if (m < 4 || !one_region(g, cells)) return 0;
  for (uint64_t rest = cells; rest; rest &= rest - 1) {
    uint64_t p = rest & (0 - rest);
    if (!one_region(g, cells & ~p)) return 0; /* a cut cell */
    cycle &= __builtin_popcountll(spread(g, p, cells) & ~p) == 2;
  }
  /* A cycle of m cells reaches only m(m-1) arrangements; for m = 4 that is
   * all 12 of the right parity. */
  return !cycle || m == 4;
}

int bs_region_parity(int w, int h, uint64_t cells) {
  grid g;
  grid_init(&g, w, h);
  return parity_region(&g, cells);
}

/* ---- the plan ----------------------------------------------------------- */

int bs_plan_make(bs_plan *p, int w, int h, uint64_t wall) {
  grid g;
  grid_init(&g, w, h);
  const int n = w * h, last = n - 1;
  memset(p, 0, sizeof *p);
  memset(p->cell, -1, sizeof p->cell);
  p->w = w;
  p->h = h;
  p->wall = wall;
  uint64_t r = g.full & ~wall;
  if (!(r >> last & 1) || !parity_region(&g, r)) return -1;
  while (__builtin_popcountll(r) > 4) {
    /* Distances from the blank's goal, then the cells farthest first. */
    int dist[BS_MAX_CELLS], order[BS_MAX_CELLS], m = 0, d = 0;
    uint64_t seen = 1ull << last, front = seen;
    for (; front; d++) {
      for (int q = 0; q < n; q++)
        if (front >> q & 1) dist[q] = d;
      uint64_t next = spread(&g, front, r) & ~seen;
      seen |= next;
      front = next;
    }
    for (int k = d - 1; k > 0; k--)
      for (int q = 0; q < n; q++)
        if ((r >> q & 1) && dist[q] == k) order[m++] = q;
    int a = -1, b = -1;
    for (int i = 0; i < m && a < 0; i++)
      if (parity_region(&g, r & ~(1ull << order[i]))) a = order[i];
    /* No single cell will do (the end of a line): fill two together. */
    for (int i = 0; i < m && a < 0; i++) {
      int q = order[i], x = q % w, y = q / w;
      int next[4] = {x > 0 ? q - 1 : -1, x < w - 1 ? q + 1 : -1, y > 0 ? q - w : -1,
                     y < h - 1 ? q + w : -1};
      for (int k = 0; k < 4 && a < 0; k++) {
        int o = next[k];
        if (o < 0 || o == last || !(r >> o & 1)) continue;
        if (parity_region(&g, r & ~(1ull << q) & ~(1ull << o))) {
          a = q;
          b = o;
        }
      }
    }
    if (a < 0) return -1;
    p->cell[p->nsteps][0] = (int8_t)a;
    p->cell[p->nsteps][1] = (int8_t)b;
    p->nsteps++;
    r &= ~(1ull << a);
    if (b >= 0) r &= ~(1ull << b);
  }
  /* The last 2 x 2 block: its three tiles together. */
  for (int q = 0, k = 0; q < last; q++)
    if (r >> q & 1) p->cell[p->nsteps][k++] = (int8_t)q;
  p->nsteps++;
  return 0;
}
int bs_construct_init(bs_construct *c, char *err, size_t errlen) {
  memset(c, 0, sizeof *c);
  c->how = malloc(BS_CONSTRUCT_STATES);
  c->queue = malloc(BS_CONSTRUCT_STATES * sizeof *c->queue);
  c->cap = 1024;
  c->moves = malloc(c->cap);
  if (!c->how || !c->queue || !c->moves) {
    snprintf(err, errlen, "out of memory");
    bs_construct_free(c);
    return -1;
  }
  return 0;
}

void bs_construct_free(bs_construct *c) {
  free(c->how);
  free(c->queue);
  free(c->moves);
  memset(c, 0, sizeof *c);
}

static int append(bs_construct *c, const char *m, size_t k) {
  if (c->len + k + 1 > c->cap) {
    size_t cap = c->cap;
    while (c->len + k + 1 > cap) cap *= 2;
    char *p = realloc(c->moves, cap);
    if (!p) return -1;
    c->moves = p;
    c->cap = cap;
  }
  memcpy(c->moves + c->len, m, k);
  c->len += k;
  c->moves[c->len] = 0;
  return 0;
}

/* The cell next to p in direction d, or -1 past the edge. */
static int step(const bs_board *b, int p, int d) {
  int x = p % b->w, y = p / b->w;
  switch (d) {
  case BS_L: return x == 0 ? -1 : p - 1;
  case BS_R: return x == b->w - 1 ? -1 : p + 1;
  case BS_U: return y == 0 ? -1 : p - b->w;
  default: return y == b->h - 1 ? -1 : p + b->w;
  }
}

/* Brings home the tiles of the k goal cells g[] (k <= 3) by the fewest
 * moves that touch no blocked cell, and plays them on b. The f free cells
 * are numbered 0..f-1 and a state is (tile positions..., blank) in base f:
 * at most 36^3 states for two tiles, 4^4 for three in the last block. */
static int place(bs_construct *c, bs_board *b, uint64_t blocked, const int8_t *g, int k) {
  int id[BS_MAX_CELLS], cell[BS_MAX_CELLS], f = 0;
  for (int q = 0; q < b->n; q++) {
    id[q] = -1;
    if (!(blocked >> q & 1)) {
      id[q] = f;
      cell[f++] = q;
    }
  }
  int8_t nb[BS_MAX_CELLS][4];
  for (int i = 0; i < f; i++)
    for (int d = 0; d < 4; d++) {
      int q = step(b, cell[i], d);
      nb[i][d] = (int8_t)(q < 0 ? -1 : id[q]);
    }
  uint32_t states = (uint32_t)f, start = 0, goal = 0;
  for (int i = 0; i < k; i++) {
    int at = -1;
    for (int q = 0; q < b->n; q++)
      if (b->cell[q] == g[i] + 1 && !(blocked >> q & 1)) at = q;
    if (at < 0 || id[g[i]] < 0) return -1;
    states *= (uint32_t)f;
    start = start * (uint32_t)f + (uint32_t)id[at];
    goal = goal * (uint32_t)f + (uint32_t)id[g[i]];
  }
  if (states > BS_CONSTRUCT_STATES) return -1;
  start = start * (uint32_t)f + (uint32_t)id[b->blank];
  memset(c->how, 0xff, states);
  uint32_t head = 0, tail = 0, found = UINT32_MAX;
  c->how[start] = ROOT;
  c->queue[tail++] = start;
  while (head < tail) {
    uint32_t s = c->queue[head++];
    uint32_t blank = s % (uint32_t)f, tiles = s / (uint32_t)f;
    if (tiles == goal) {
      found = s;
      break;
    }
    for (int d = 0; d < 4; d++) {
      int q = nb[blank][d];
      if (q < 0) continue;
      /* The tile on q, if it is one of ours, moves to the blank's cell. */
      uint32_t t = 0, unit = 1, rest = tiles;
      for (int i = 0; i < k; i++, unit *= (uint32_t)f) {
        uint32_t at = rest % (uint32_t)f;
        rest /= (uint32_t)f;
        t += (at == (uint32_t)q ? blank : at) * unit;
      }
      t = t * (uint32_t)f + (uint32_t)q;
      if (c->how[t] != 0xff) continue;
      c->how[t] = (uint8_t)d;
      c->queue[tail++] = t;
    }
  }
  if (found == UINT32_MAX) return -1;
  /* Walk back to the start; the queue is free now and holds the path. */
  uint32_t len = 0;
  for (uint32_t s = found; c->how[s] != ROOT; len++) {
    int d = c->how[s];
    uint32_t blank = s % (uint32_t)f, tiles = s / (uint32_t)f;
    uint32_t from = (uint32_t)nb[blank][d ^ 1]; /* where the blank came from */
    /* The tile now on `from` came from where the blank is now. */
    uint32_t t = 0, unit = 1, rest = tiles;
    for (int i = 0; i < k; i++, unit *= (uint32_t)f) {
      uint32_t at = rest % (uint32_t)f;
      rest /= (uint32_t)f;
      t += (at == from ? blank : at) * unit;
    }
    c->queue[len] = (uint32_t)d;
    s = t * (uint32_t)f + from;
  }
  char m[256];
  size_t used = 0;
  while (len--) {
    int d = (int)c->queue[len];
    if (!bs_move(b, d)) return -1; /* cannot happen: the search made only legal moves */
    m[used++] = bs_dir_chars[d];
    if (used == sizeof m) {
      if (append(c, m, used)) return -1;
      used = 0;
    }
  }
  return append(c, m, used);
}

int bs_construct_solve(bs_construct *c, const bs_board *start) {
  bs_plan *p = &c->plan;
  if (!c->planned || p->w != start->w || p->h != start->h || p->wall != start->wall) {
    c->planned = bs_plan_make(p, start->w, start->h, start->wall) == 0;
    if (!c->planned) return -1;
  }
  bs_board b = *start;
  uint64_t blocked = b.wall;
  c->len = 0;
  if (append(c, "", 0)) return -1;
  for (int i = 0; i < p->nsteps; i++) {
    int k = 0;
    while (k < 3 && p->cell[i][k] >= 0) k++;
    if (place(c, &b, blocked, p->cell[i], k)) return -1;
    for (int j = 0; j < k; j++) blocked |= 1ull << p->cell[i][j];
  }
  return bs_is_goal(&b) ? 0 : -1;
}
