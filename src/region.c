/* bs_region: flood, components, cut cells, blocks, dead cells, rings, the
 * breadth-first spanning tree and the simple cycles of the open cells. */
#include "bs_region.h"

#include <string.h>

uint64_t bs_flood(const bs_geom *g, uint64_t within, int from, uint8_t *order, uint8_t *dist) {
  uint8_t queue[BS_MAX_CELLS];
  int head = 0, tail = 0;
  uint64_t seen = 1ull << from;
  queue[tail++] = (uint8_t)from;
  if (dist) dist[from] = 0;
  while (head < tail) {
    int p = queue[head++];
    for (int d = 0; d < 4; d++) {
      int q = g->nb[p][d];
      if (q < 0 || !(within >> q & 1) || (seen >> q & 1)) continue;
      seen |= 1ull << q;
      if (dist) dist[q] = (uint8_t)(dist[p] + 1);
      queue[tail++] = (uint8_t)q;
    }
  }
  if (order) memcpy(order, queue, (size_t)tail);
  return seen;
}

int bs_region_components(const bs_geom *g, uint64_t within, uint64_t comp[BS_MAX_CELLS]) {
  int k = 0;
  for (uint64_t rest = within; rest; k++) {
    comp[k] = bs_flood(g, within, __builtin_ctzll(rest), NULL, NULL);
    rest &= ~comp[k];
  }
  return k;
}

/* Hopcroft and Tarjan's depth-first search: a cell's discovery time and
 * the lowest time reachable from its subtree by one back edge. The cells
 * on the stack since a child v whose subtree reaches no higher than its
 * parent u form, with u, one block. */
typedef struct dfs {
  const bs_geom *g;
  bs_region *r;
  int time, top;
  uint8_t disc[BS_MAX_CELLS], low[BS_MAX_CELLS], stack[BS_MAX_CELLS];
} dfs;

static void visit(dfs *s, int u, int parent) {
  s->disc[u] = s->low[u] = (uint8_t)++s->time;
  s->stack[s->top++] = (uint8_t)u;
  int children = 0;
  for (uint64_t nb = bs_region_nbrs(s->g, u, s->r->cells); nb; nb &= nb - 1) {
    int v = __builtin_ctzll(nb);
    if (s->disc[v]) {
      if (v != parent && s->disc[v] < s->low[u]) s->low[u] = s->disc[v];
      continue;
    }
    children++;
    visit(s, v, u);
    if (s->low[v] < s->low[u]) s->low[u] = s->low[v];
    if (s->low[v] < s->disc[u]) continue;
    /* u separates v's subtree from the rest: a block ends here. */
    if (parent >= 0) s->r->cut |= 1ull << u;
    uint64_t block = 1ull << u;
    int x;
    do {
      x = s->stack[--s->top];
      block |= 1ull << x;
    } while (x != v);
    s->r->block[s->r->nblocks++] = block;
  }
  if (parent < 0 && children > 1) s->r->cut |= 1ull << u;
}

void bs_region_init(bs_region *r, const bs_geom *g, uint64_t within, int root) {
  memset(r, 0, sizeof *r);
  r->root = root;
  r->cells = bs_flood(g, within, root, r->order, r->dist);
  r->size = __builtin_popcountll(r->cells);
  r->up[root] = -1;
  for (int i = 1; i < r->size; i++) { /* the parent: a neighbour one step closer */
    int p = r->order[i];
    for (int d = 0; d < 4; d++) {
      int q = g->nb[p][d];
      if (q >= 0 && (r->cells >> q & 1) && r->dist[q] + 1 == r->dist[p]) {
        r->up[p] = (int8_t)d;
        break;
      }
    }
  }
  dfs s = {.g = g, .r = r, .time = 0, .top = 0};
  memset(s.disc, 0, sizeof s.disc);
  visit(&s, root, -1);
  uint64_t cycle = 0;
  for (int b = 0; b < r->nblocks; b++) {
    uint64_t m = r->block[b];
    if (__builtin_popcountll(m) < 3) continue; /* a bridge */
    cycle |= m;
    int plain = 1;
    for (uint64_t c = m; c; c &= c - 1)
      plain &= __builtin_popcountll(bs_region_nbrs(g, __builtin_ctzll(c), m)) == 2;
    if (plain) r->ring |= m;
  }
  r->dead = r->cells & ~cycle;
}

uint64_t bs_region_leaves(const bs_region *r, const bs_geom *g) {
  uint64_t leaves = 0;
  for (uint64_t c = r->cells & ~(1ull << r->root); c; c &= c - 1) {
    int p = __builtin_ctzll(c);
    if (__builtin_popcountll(bs_region_nbrs(g, p, r->cells)) == 1) leaves |= 1ull << p;
  }
  return leaves;
}

int bs_region_ear_path(const bs_geom *g, uint64_t within, uint64_t set, uint8_t *path, int ends[2]) {
  int first = -1, m = 0;
  for (uint64_t q = set; q; q &= q - 1) {
    const int p = __builtin_ctzll(q);
    if (__builtin_popcountll(bs_region_nbrs(g, p, within)) != 2) return -1;
    if (first < 0 && __builtin_popcountll(bs_region_nbrs(g, p, set)) < 2) first = p;
  }
  if (first < 0) return -1; /* empty, or a cycle of such cells: no ends */
  uint64_t seen = 0;
  for (int p = first; p >= 0;) {
    path[m++] = (uint8_t)p;
    seen |= 1ull << p;
    const uint64_t next = bs_region_nbrs(g, p, set & ~seen);
    p = next ? __builtin_ctzll(next) : -1;
  }
  const uint64_t out0 = bs_region_nbrs(g, path[0], within & ~set);
  const uint64_t out1 = bs_region_nbrs(g, path[m - 1], within & ~set);
  if (seen != set || m < 2 || !out0 || !out1) return -1;
  ends[0] = __builtin_ctzll(out0), ends[1] = __builtin_ctzll(out1);
  for (int i = 0; i < 2; i++) /* a dead end's leaf has no other neighbour */
    if (!bs_region_nbrs(g, ends[i], within & ~set)) return -1;
  return ends[0] == ends[1] ? -1 : m;
}

int bs_region_ears(const bs_geom *g, uint64_t within, int keep, uint64_t ear[BS_MAX_CELLS]) {
  uint64_t run = 0; /* cells with two neighbours, where ears lie */
  for (uint64_t q = within & ~(1ull << keep); q; q &= q - 1)
    if (__builtin_popcountll(bs_region_nbrs(g, __builtin_ctzll(q), within)) == 2) run |= q & -q;
  int n = 0;
  for (uint64_t left = run; left;) {
    const uint64_t e = bs_flood(g, run, __builtin_ctzll(left), NULL, NULL);
    uint8_t path[BS_MAX_CELLS];
    int ends[2];
    left &= ~e;
    if (bs_region_ear_path(g, within, e, path, ends) >= 0) ear[n++] = e;
  }
  return n;
}

int bs_region_to_root(const bs_region *r, const bs_geom *g, int from, uint8_t *moves) {
  int k = 0;
  for (int p = from; p != r->root; p = g->nb[p][r->up[p]]) moves[k++] = (uint8_t)r->up[p];
  return k;
}

int bs_region_off_tree(const bs_region *r, const bs_geom *g, int u, int d) {
  int v = g->nb[u][d];
  if (v < 0 || !(r->cells >> u & 1) || !(r->cells >> v & 1)) return 0;
  return !(v != r->root && g->nb[v][r->up[v]] == u) && !(u != r->root && g->nb[u][r->up[u]] == v);
}

int bs_region_cycle(const bs_region *r, const bs_geom *g, int u, int d, uint8_t *moves) {
  uint8_t path[BS_MAX_CELLS];
  int n = 0, back = bs_region_to_root(r, g, u, path);
  while (back--) moves[n++] = (uint8_t)(path[back] ^ 1); /* root -> u: u -> root reversed */
  moves[n++] = (uint8_t)d;
  return n + bs_region_to_root(r, g, g->nb[u][d], moves + n);
}

/* The depth-first search for cycles: the path from the lowest cell s so
 * far, over cells above s; a neighbour s closes a cycle, kept once of its
 * two ways round (its second cell below its last). */
typedef struct cycler {
  const bs_geom *g;
  uint64_t within, on;
  int s, n, most, found;
  long steps;
  uint8_t path[BS_MAX_CELLS];
  uint8_t (*cell)[BS_MAX_CELLS];
  uint8_t *len;
} cycler;

static void cycles_from(cycler *y, int u) {
  for (int d = 0; d < 4 && y->found < y->most && y->steps > 0; d++) {
    const int v = y->g->nb[u][d];
    if (v < 0 || !(y->within >> v & 1)) continue;
    y->steps--;
    if (v == y->s && y->n >= 4 && y->path[1] < y->path[y->n - 1]) {
      memcpy(y->cell[y->found], y->path, (size_t)y->n);
      y->len[y->found++] = (uint8_t)y->n;
    } else if (v > y->s && !(y->on >> v & 1)) {
      y->on |= 1ull << v;
      y->path[y->n++] = (uint8_t)v;
      cycles_from(y, v);
      y->n--;
      y->on &= ~(1ull << v);
    }
  }
}

int bs_region_cycles(const bs_geom *g, uint64_t within, int most, long steps,
                     uint8_t (*cell)[BS_MAX_CELLS], uint8_t *len) {
  cycler y = {.g = g, .within = within, .most = most, .steps = steps, .cell = cell, .len = len};
  for (uint64_t m = within; m && y.found < most && y.steps > 0; m &= m - 1) {
    y.s = __builtin_ctzll(m);
    y.on = 1ull << y.s;
    y.path[0] = (uint8_t)y.s;
    y.n = 1;
    cycles_from(&y, y.s);
  }
  return y.found;
}
