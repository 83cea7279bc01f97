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

/* Depth-first search for cut cells (Hopcroft and Tarjan): sets *cut when
 * removing some cell would split the region. */
typedef struct dfs {
  const grid *g;
  uint64_t cells;
  int time, cut;
  int disc[BS_MAX_CELLS], low[BS_MAX_CELLS];
} dfs;

static void visit(dfs *d, int u, int parent) {
  d->disc[u] = d->low[u] = ++d->time;
  int children = 0;
  for (uint64_t nb = spread(d->g, 1ull << u, d->cells) & ~(1ull << u); nb; nb &= nb - 1) {
    int v = __builtin_ctzll(nb);
    if (!d->disc[v]) {
      children++;
      visit(d, v, u);
      if (d->low[v] < d->low[u]) d->low[u] = d->low[v];
      if (parent >= 0 && d->low[v] >= d->disc[u]) d->cut = 1;
    } else if (v != parent && d->disc[v] < d->low[u]) {
      d->low[u] = d->disc[v];
    }
  }
  if (parent < 0 && children > 1) d->cut = 1;
}

static int parity_region(const grid *g, uint64_t cells) {
  int m = __builtin_popcountll(cells), cycle = 1;
  if (m < 4) return 0;
  dfs d = {.g = g, .cells = cells, .time = 0, .cut = 0};
  memset(d.disc, 0, sizeof d.disc);
  visit(&d, __builtin_ctzll(cells), -1);
  if (d.time != m || d.cut) return 0; /* split, or a cut cell */
  for (uint64_t rest = cells; rest; rest &= rest - 1) {
    uint64_t p = rest & (0 - rest);
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

/* The plan is a depth-first search over which cells to fill next: the
 * first open cell in line order (as people solve these puzzles) alone, else
 * with a neighbour, else with two. Dead ends are remembered (by the set of
 * cells left) and the search is capped, so a layout costs at most
 * PLAN_NODES steps; past that it has no plan, the same way every time. */
#define PLAN_NODES 400
#define PLAN_MEMO 1024 /* > 2 * PLAN_NODES: the memo never fills */

typedef struct planner {
  grid g;
  int last, nodes;
  bs_plan *p;
  uint64_t memo[PLAN_MEMO]; /* sets of cells known to lead nowhere; 0 empty */
} planner;

static int memo_slot(const planner *s, uint64_t r) {
  uint32_t i = (uint32_t)((r * 0x9e3779b97f4a7c15ull) >> 54); /* 10 bits */
  while (s->memo[i] && s->memo[i] != r) i = (i + 1) % PLAN_MEMO;
  return (int)i;
}

static int plan_from(planner *s, uint64_t r);

/* Fills the k cells of `group` as the next step, if what is left of r is
 * still a parity region, and plans on from there. */
static int plan_step(planner *s, uint64_t r, const int *group, int k) {
  bs_plan *p = s->p;
  int step = p->nsteps;
  for (int i = 0; i < k; i++) r &= ~(1ull << group[i]);
  if (!parity_region(&s->g, r)) return -1;
  memset(p->cell[step], -1, sizeof p->cell[step]);
  for (int i = 0; i < k; i++) p->cell[step][i] = (int8_t)group[i];
  p->nsteps = step + 1;
  if (plan_from(s, r) == 0) return 0;
  p->nsteps = step;
  return -1;
}

/* Fills r, a parity region holding the blank's goal, down to a block of
 * at most 6 cells (2 x 2 or 2 x 3), whose tiles the last step places
 * together. Returns 0, or -1 with p->nsteps as it was. */
static int plan_from(planner *s, uint64_t r) {
  bs_plan *p = s->p;
  const int w = s->g.w, h = s->g.h;
  if (__builtin_popcountll(r) <= 6) {
    for (int q = 0, k = 0; q < s->last; q++)
      if (r >> q & 1) p->cell[p->nsteps][k++] = (int8_t)q;
    p->nsteps++;
    return 0;
  }
  int slot = memo_slot(s, r);
  if (s->memo[slot] || ++s->nodes > PLAN_NODES) return -1;
  /* Line by line: the top row first while what is left is at least as tall
   * as it is wide, else the left column. */
  int x0 = w, x1 = 0, y0 = h, y1 = 0, first = -1;
  for (uint64_t f = r; f; f &= f - 1) {
    int q = __builtin_ctzll(f), x = q % w, y = q / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  int rows = y1 - y0 >= x1 - x0;
  for (int a = 0; a < (rows ? h : w) && first < 0; a++)
    for (int b = 0; b < (rows ? w : h) && first < 0; b++) {
      int q = rows ? a * w + b : b * w + a;
      if ((r >> q & 1) && q != s->last) first = q;
    }
  int g[3] = {first, -1, -1};
  if (plan_step(s, r, g, 1) == 0) return 0;
  /* The end of a line: fill two together. Around a wall, three cells can
   * hang together: fill three. */
  uint64_t loose = r & ~(1ull << s->last);
  uint64_t one = spread(&s->g, 1ull << first, loose) & ~(1ull << first);
  for (uint64_t a = one; a; a &= a - 1) {
    g[1] = __builtin_ctzll(a);
    if (plan_step(s, r, g, 2) == 0) return 0;
  }
  for (uint64_t a = one; a; a &= a - 1) {
    g[1] = __builtin_ctzll(a);
    uint64_t two = (spread(&s->g, 1ull << g[1], loose) | one) & ~(1ull << first) & ~(1ull << g[1]);
    for (uint64_t b = two; b; b &= b - 1) {
      g[2] = __builtin_ctzll(b);
      if (g[2] < g[1] && (one >> g[2] & 1)) continue; /* tried the other way round */
      if (plan_step(s, r, g, 3) == 0) return 0;
    }
  }
  s->memo[memo_slot(s, r)] = r;
  return -1;
}

int bs_plan_make(bs_plan *p, int w, int h, uint64_t wall) {
  planner s;
  memset(&s, 0, sizeof s);
  grid_init(&s.g, w, h);
  s.last = w * h - 1;
  s.p = p;
  memset(p, 0, sizeof *p);
  memset(p->cell, -1, sizeof p->cell);
  p->w = w;
  p->h = h;
  p->wall = wall;
  uint64_t r = s.g.full & ~wall;
  if (!(r >> s.last & 1) || !parity_region(&s.g, r)) return -1;
  return plan_from(&s, r);
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

/* Brings home the tiles of the k goal cells g[] by the fewest moves that
 * touch no blocked cell, and plays them on b. The f free cells are numbered
 * 0..f-1 and a state is (tile positions..., blank) in base f: at most 36^4
 * states for three tiles, 6^6 for the five of a last 2 x 3 block. */
static int place(bs_construct *c, bs_board *b, uint64_t blocked, const int8_t *g, int k) {
  int id[BS_MAX_CELLS] = {0}, cell[BS_MAX_CELLS], f = 0;
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
  uint32_t head = 0, tail = 0, found = start / (uint32_t)f == goal ? start : UINT32_MAX;
  c->how[start] = ROOT;
  c->queue[tail++] = start;
  uint32_t unit[BS_PLAN_GROUP];
  for (int i = 0; i < k; i++) unit[i] = i ? unit[i - 1] * (uint32_t)f : 1;
  while (head < tail && found == UINT32_MAX) {
    uint32_t s = c->queue[head++];
    uint32_t blank = s % (uint32_t)f, tiles = s / (uint32_t)f, pos[BS_PLAN_GROUP], rest = tiles;
    for (int i = 0; i < k; i++, rest /= (uint32_t)f) pos[i] = rest % (uint32_t)f;
    for (int d = 0; d < 4; d++) {
      int q = nb[blank][d];
      if (q < 0) continue;
      /* The tile on q, if it is one of ours, moves to the blank's cell. */
      uint32_t t = tiles;
      for (int i = 0; i < k; i++)
        if (pos[i] == (uint32_t)q) t = t - (uint32_t)q * unit[i] + blank * unit[i];
      t = t * (uint32_t)f + (uint32_t)q;
      if (c->how[t] != 0xff) continue;
      c->how[t] = (uint8_t)d;
      c->queue[tail++] = t;
      if (t / (uint32_t)f == goal) {
        found = t;
        break;
      }
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
    uint32_t t = tiles, rest = tiles;
    for (int i = 0; i < k; i++, rest /= (uint32_t)f)
      if (rest % (uint32_t)f == from) t = t - from * unit[i] + blank * unit[i];
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

int bs_construct_plan(bs_construct *c, int w, int h, uint64_t wall) {
  bs_plan *p = &c->plan;
  if (!c->planned || p->w != w || p->h != h || p->wall != wall)
    c->planned = bs_plan_make(p, w, h, wall) == 0 ? 1 : -1; /* sets p->w, h, wall either way */
  return c->planned == 1 ? 0 : -1;
}

int bs_construct_solve(bs_construct *c, const bs_board *start) {
  const bs_plan *p = &c->plan;
  if (bs_construct_plan(c, start->w, start->h, start->wall)) return -1;
  bs_board b = *start;
  uint64_t blocked = b.wall;
  c->len = 0;
  if (append(c, "", 0)) return -1;
  for (int i = 0; i < p->nsteps; i++) {
    int k = 0;
    while (k < BS_PLAN_GROUP && p->cell[i][k] >= 0) k++;
    if (place(c, &b, blocked, p->cell[i], k)) return -1;
    for (int j = 0; j < k; j++) blocked |= 1ull << p->cell[i][j];
  }
  return bs_is_goal(&b) ? 0 : -1;
}
