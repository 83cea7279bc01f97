/* bs_tuples: building the tuple tables, and a board's bound from scratch. */
#include "bs_tuples.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define UNSEEN 255

static uint64_t choose(int n, int k) {
  uint64_t c = 1;
  for (int i = 0; i < k; i++) c = c * (uint64_t)(n - i) / (uint64_t)(i + 1);
  return c;
}

static uint32_t power(int f, int k) {
  uint32_t p = 1;
  for (int i = 0; i < k; i++) p *= (uint32_t)f;
  return p;
}

uint64_t bs_tuples_bytes(const bs_board *b, int k) {
  const int f = bs_open_cells(b);
  if (k < 1 || k > BS_TUPLES_MAX_K || f - 1 < k) return 0;
  const uint64_t size = power(f, k + 1);
  /* The tables, each tuple's tiles, and the build's queue. */
  return choose(f - 1, k) * (size + BS_TUPLES_MAX_K) + size * sizeof(uint32_t);
}

int bs_tuples_pick(const bs_board *b, int most, uint64_t bytes) {
  for (int k = most < BS_TUPLES_MAX_K ? most : BS_TUPLES_MAX_K; k >= 1; k--) {
    const uint64_t need = bs_tuples_bytes(b, k);
    if (need && 2 * need <= bytes) return k;
  }
  return 0;
}

void bs_tuples_free(bs_tuples *T) {
  free(T->tile);
  free(T->tab);
  memset(T, 0, sizeof *T);
}

/* One table: breadth-first from the state src (the tuple's digits, then
 * the blank's) over (the tuple's cells, the blank's), every move counting
 * one. The queue holds each state's digits a byte each, so that no state
 * is divided back into them. nb: each digit's open neighbours as digits,
 * -1 none; unit[s]: f^s, the weight of slot s (the blank's: k). */
static void table(uint8_t *tab, uint32_t *queue, uint32_t size, int k, const uint32_t *unit,
                  const int8_t (*nb)[4], const uint8_t *src) {
  memset(tab, UNSEEN, size);
  uint32_t head = 0, tail = 0, x0 = 0, i0 = 0;
  for (int s = 0; s <= k; s++) x0 |= (uint32_t)src[s] << 8 * s, i0 += src[s] * unit[s];
  tab[i0] = 0;
  queue[tail++] = x0;
  while (head < tail) {
    const uint32_t x = queue[head++];
    uint32_t d[BS_TUPLES_MAX_K + 1], ix = 0;
    for (int s = 0; s <= k; s++) d[s] = x >> 8 * s & 255, ix += d[s] * unit[s];
    const uint8_t e = tab[ix] < BS_TUPLES_TOP ? (uint8_t)(tab[ix] + 1) : BS_TUPLES_TOP;
    for (int m = 0; m < 4; m++) {
      const int c = nb[d[k]][m];
      if (c < 0) continue;
      /* The blank goes to c; a tuple's tile there comes to the blank's cell
       * (unsigned sums wrap, and the index lands in range). */
      uint32_t iy = ix + ((uint32_t)c - d[k]) * unit[k], y = (x & ~(255u << 8 * k)) | (uint32_t)c << 8 * k;
      for (int s = 0; s < k; s++)
        if (d[s] == (uint32_t)c) iy += (d[k] - (uint32_t)c) * unit[s], y = (y & ~(255u << 8 * s)) | d[k] << 8 * s;
      if (tab[iy] != UNSEEN) continue;
      tab[iy] = e;
      queue[tail++] = y;
    }
  }
  for (uint32_t i = 0; i < size; i++)
    if (tab[i] == UNSEEN) tab[i] = 0;
}

/* Builds the tables of the n tuples of tiles tiles[0..n) toward target. */
static int build_sets(bs_tuples *T, const bs_board *target, int k, int n,
                      const uint8_t (*tiles)[BS_TUPLES_MAX_K]) {
  memset(T, 0, sizeof *T);
  int open[BS_MAX_CELLS], f = 0;
  uint8_t cell_of[BS_MAX_CELLS + 1] = {0}; /* each tile's cell on target */
  for (int c = 0; c < target->n; c++)
    if (!(target->wall >> c & 1)) {
      T->num[c] = (uint8_t)f;
      open[f++] = c;
      cell_of[target->cell[c]] = (uint8_t)c;
    }
  bs_geom g; /* its move table, -1 off the board and into walls, as digits */
  bs_geom_init(&g, target);
  int8_t nb[BS_MAX_CELLS][4];
  for (int i = 0; i < f; i++)
    for (int m = 0; m < 4; m++) nb[i][m] = (int8_t)(g.nb[open[i]][m] < 0 ? -1 : T->num[g.nb[open[i]][m]]);
  uint32_t unit[BS_TUPLES_MAX_K + 1];
  for (int s = 0; s <= k; s++) unit[s] = power(f, s);
  T->k = k;
  T->f = f;
  T->size = unit[k] * (uint32_t)f;
  T->tile = malloc((size_t)n * sizeof *T->tile);
  T->tab = malloc((size_t)n * T->size);
  uint32_t *queue = malloc(T->size * sizeof *queue);
  if (!T->tile || !T->tab || !queue) {
    free(queue);
    bs_tuples_free(T);
    return -1;
  }
  for (; T->n < n; T->n++) {
    uint8_t src[BS_TUPLES_MAX_K + 1];
    for (int s = 0; s < k; s++) src[s] = T->num[cell_of[tiles[T->n][s]]];
    src[k] = T->num[target->blank];
    memcpy(T->tile[T->n], tiles[T->n], sizeof *T->tile);
    table(T->tab + (uint64_t)T->n * T->size, queue, T->size, k, unit, (const int8_t(*)[4])nb, src);
  }
  free(queue);
  return 0;
}

int bs_tuples_build(bs_tuples *T, const bs_board *target, int k) {
  memset(T, 0, sizeof *T);
  if (!bs_tuples_bytes(target, k)) return -1;
  /* Every set of k of target's tiles, taken in the order of their cells. */
  uint8_t tiles[BS_MAX_CELLS];
  int nt = 0, pick[BS_TUPLES_MAX_K];
  for (int c = 0; c < target->n; c++)
    if (!(target->wall >> c & 1) && target->cell[c]) tiles[nt++] = target->cell[c];
  const int n = (int)choose(nt, k);
  uint8_t(*sets)[BS_TUPLES_MAX_K] = malloc((size_t)n * sizeof *sets);
  if (!sets) return -1;
  for (int s = 0; s < k; s++) pick[s] = s;
  for (int j = 0; j < n; j++) {
    for (int s = 0; s < k; s++) sets[j][s] = tiles[pick[s]];
    int s = k - 1;
    while (s >= 0 && pick[s] == nt - k + s) s--;
    if (s < 0) break;
    pick[s]++;
    for (int t = s + 1; t < k; t++) pick[t] = pick[t - 1] + 1;
  }
  const int rc = build_sets(T, target, k, n, (const uint8_t(*)[BS_TUPLES_MAX_K])sets);
  free(sets);
  return rc;
}

int bs_tuples_build_like(bs_tuples *T, const bs_board *target, const bs_tuples *like) {
  return build_sets(T, target, like->k, like->n, (const uint8_t(*)[BS_TUPLES_MAX_K])like->tile);
}

/* Each tile's cell on b. */
static void cells_of(const bs_board *b, uint8_t *at) {
  memset(at, 0, BS_MAX_CELLS + 1);
  for (int c = 0; c < b->n; c++)
    if (!(b->wall >> c & 1) && b->cell[c]) at[b->cell[c]] = (uint8_t)c;
}

/* Tuple j's entry for the board of at[] and blank. */
static int entry(const bs_tuples *T, int j, const uint8_t *at, int blank) {
  return T->tab[(uint64_t)j * T->size + bs_tuples_index(T, j, at, 0, 0, blank)];
}

int bs_tuples_board(const bs_tuples *T, const bs_board *b) {
  uint8_t at[BS_MAX_CELLS + 1];
  cells_of(b, at);
  return bs_tuples_h(T, at, 0, 0, b->blank, INT_MAX);
}

void bs_tuples_keep(bs_tuples *T, const bs_board *b, int keep) {
  if (keep >= T->n) keep = T->n;
  uint8_t at[BS_MAX_CELLS + 1], *swap = malloc(T->size);
  if (!swap) return; /* every table kept: the same bound, only slower */
  cells_of(b, at);
  /* Selection: slot s gets the largest entry of the tuples from s on. */
  for (int s = 0; s < keep; s++) {
    int best = s, e = entry(T, s, at, b->blank);
    for (int j = s + 1; j < T->n; j++) {
      const int x = entry(T, j, at, b->blank);
      if (x > e) best = j, e = x;
    }
    if (best == s) continue;
    uint8_t *x = T->tab + (uint64_t)s * T->size, *y = T->tab + (uint64_t)best * T->size, tile[BS_TUPLES_MAX_K];
    memcpy(swap, x, T->size);
    memcpy(x, y, T->size);
    memcpy(y, swap, T->size);
    memcpy(tile, T->tile[s], sizeof tile);
    memcpy(T->tile[s], T->tile[best], sizeof tile);
    memcpy(T->tile[best], tile, sizeof tile);
  }
  free(swap);
  T->n = keep;
  uint8_t *tab = keep ? realloc(T->tab, (size_t)keep * T->size) : NULL; /* the rest freed */
  if (tab) T->tab = tab;
}
