/* bs_laps: laps round a region's cycles, and the beam that chooses them. */
#include "bs_laps.h"

#include <string.h>

void bs_laps_init(bs_laps *L, const bs_geom *g, const bs_region *r) {
  uint8_t cyc[BS_LAP_CYCLES][BS_MAX_CELLS], clen[BS_LAP_CYCLES];
  const int nc = bs_region_cycles(g, r->cells, BS_LAP_CYCLES, BS_LAP_STEPS, cyc, clen);
  L->cells = r->cells;
  L->n = 0;
  for (int k = 0; k < nc; k++) {
    int e = 0; /* where the cycle is nearest the root (the first such) */
    for (int i = 1; i < clen[k]; i++)
      if (r->dist[cyc[k][i]] < r->dist[cyc[k][e]]) e = i;
    uint8_t home[BS_MAX_CELLS]; /* from there to the root, along the region's tree */
    const int w = bs_region_to_root(r, g, cyc[k][e], home);
    for (int turn = 0; turn < 2; turn++) {
      uint8_t *m = L->moves[L->n];
      int n = 0, at = cyc[k][e];
      for (int i = w - 1; i >= 0; i--) m[n++] = (uint8_t)(home[i] ^ 1); /* the root to there */
      for (int i = 1; i <= clen[k]; i++) { /* round, one way or the other */
        const int next = cyc[k][(e + (turn ? clen[k] - i : i)) % clen[k]];
        m[n++] = (uint8_t)bs_geom_dir(g, at, next);
        at = next;
      }
      for (int i = 0; i < w; i++) m[n++] = home[i];
      L->len[L->n] = (uint8_t)n;
      /* What the walk does to the cells: the blank trades with each cell it enters. */
      uint8_t *from = L->from[L->n];
      for (int q = 0; q < BS_MAX_CELLS; q++) from[q] = (uint8_t)q;
      for (int i = 0, b = r->root; i < n; i++) {
        const int t = g->nb[b][m[i]];
        const uint8_t x = from[b];
        from[b] = from[t], from[t] = x, b = t;
      }
      L->n++;
    }
  }
}

/* A hash of a board's cells (FNV-1a's multiplier): the beam keeps no board twice. */
static uint64_t key_of(const uint8_t *cell, int n) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int q = 0; q < n; q++) h = (h ^ cell[q]) * 0x100000001b3ull;
  return h | 1; /* 0 marks an empty slot */
}

/* The slot of key in the set, or the empty one where it would go. */
static uint32_t slot(const bs_lap_beam *B, uint64_t key) {
  uint32_t i = (uint32_t)(key >> 40) & (BS_LAP_SET - 1);
  while (B->set[i] && B->set[i] != key) i = (i + 1) & (BS_LAP_SET - 1);
  return i;
}

static int seen(const bs_lap_beam *B, uint64_t key) { return B->set[slot(B, key)] != 0; }

/* Adds key to the set; 0 if it was there already. */
static int add(bs_lap_beam *B, uint64_t key) {
  const uint32_t i = slot(B, key);
  if (B->set[i]) return 0;
  B->set[i] = key;
  return 1;
}

static int32_t dist_sum(const uint8_t *cell, uint64_t cells, const uint8_t (*dist)[BS_MAX_CELLS]) {
  int32_t h = 0;
  for (uint64_t m = cells; m; m &= m - 1) {
    const int q = __builtin_ctzll(m);
    if (cell[q]) h += dist[q][cell[q] - 1];
  }
  return h;
}

static int32_t out_of_place(const uint8_t *cell, uint64_t cells) {
  int32_t k = 0;
  for (uint64_t m = cells; m; m &= m - 1) {
    const int q = __builtin_ctzll(m);
    k += cell[q] && cell[q] != q + 1;
  }
  return k;
}

/* Whether node a comes after node b in a layer: more distance, then more
 * moves, then made later (from a later board, or by a later lap). */
static int after(const bs_lap_node *a, const bs_lap_node *b) {
  if (a->h != b->h) return a->h > b->h;
  if (a->g != b->g) return a->g > b->g;
  return a->parent != b->parent ? a->parent > b->parent : a->k > b->k;
}

/* Restores the heap of top[0..n) (the last in order at its root) below i. */
static void sift(bs_lap_node *top, int n, int i) {
  for (;;) {
    int m = i, l = 2 * i + 1, r = l + 1;
    if (l < n && after(&top[l], &top[m])) m = l;
    if (r < n && after(&top[r], &top[m])) m = r;
    if (m == i) return;
    const bs_lap_node t = top[i];
    top[i] = top[m], top[m] = t, i = m;
  }
}

int bs_laps_choose(const bs_laps *L, bs_lap_beam *B, const bs_board *b, const uint8_t (*dist)[BS_MAX_CELLS],
                   uint64_t *generated) {
  const int n = b->n;
  memset(B->set, 0, sizeof B->set);
  memcpy(B->board[0], b->cell, (size_t)n);
  B->kept[0] = (bs_lap_node){key_of(b->cell, n), dist_sum(b->cell, L->cells, dist), 0, -1, -1};
  add(B, B->kept[0].key);
  int32_t best = 0, best_cost = BS_LAP_TILE * out_of_place(b->cell, L->cells);
  /* Narrower where there are many laps, so that no region costs more. */
  const int width = L->n ? BS_LAP_BOARDS / (BS_LAP_DEPTH * L->n) : 0;
  const int most = width < BS_LAP_WIDTH ? width : BS_LAP_WIDTH;
  int lo = 0, hi = 1; /* the layer: kept[lo, hi) */
  uint8_t child[BS_MAX_CELLS];
  for (int depth = 0; depth < BS_LAP_DEPTH && lo < hi && most > 0; depth++) {
    int ntop = 0; /* the layer's best so far, a heap with the last in order on top */
    for (int i = lo; i < hi; i++)
      for (int k = 0; k < L->n; k++) {
        for (int q = 0; q < n; q++) child[q] = B->board[i][L->from[k][q]];
        ++*generated;
        const uint64_t key = key_of(child, n);
        if (seen(B, key)) continue;
        const bs_lap_node c = {key, dist_sum(child, L->cells, dist), B->kept[i].g + L->len[k], i, k};
        if (ntop < most) {
          int j = ntop++;
          for (B->top[j] = c; j > 0 && after(&B->top[j], &B->top[(j - 1) / 2]); j = (j - 1) / 2) {
            const bs_lap_node t = B->top[j];
            B->top[j] = B->top[(j - 1) / 2], B->top[(j - 1) / 2] = t;
          }
        } else if (after(&B->top[0], &c)) {
          B->top[0] = c;
          sift(B->top, ntop, 0);
        }
      }
    for (int j = ntop - 1; j > 0; j--) { /* in order, the first first */
      const bs_lap_node t = B->top[0];
      B->top[0] = B->top[j], B->top[j] = t;
      sift(B->top, j, 0);
    }
    lo = hi;
    for (int j = 0; j < ntop; j++) {
      const bs_lap_node *c = &B->top[j];
      if (!add(B, c->key)) continue; /* the same board twice in one layer */
      for (int q = 0; q < n; q++) B->board[hi][q] = B->board[c->parent][L->from[c->k][q]];
      B->kept[hi] = *c;
      const int32_t cost = c->g + BS_LAP_TILE * out_of_place(B->board[hi], L->cells);
      if (cost < best_cost) best = hi, best_cost = cost;
      hi++;
    }
  }
  int len = 0;
  for (int32_t i = best; i > 0; i = B->kept[i].parent) len += L->len[B->kept[i].k];
  for (int32_t i = best, at = len; i > 0; i = B->kept[i].parent) {
    at -= L->len[B->kept[i].k];
    memcpy(B->moves + at, L->moves[B->kept[i].k], L->len[B->kept[i].k]);
  }
  return len;
}
