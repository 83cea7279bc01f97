/* bs_heur: distance tables around the walls, and full scores. */
#include "bs_heur.h"

#include <string.h>

static void bfs_from(bs_heur *H, const bs_geom *g, int src) {
  memset(H->dist[src], BS_FAR, sizeof H->dist[src]);
  bs_flood(g, ~0ull, src, NULL, H->dist[src]);
}

static int absdiff(int a, int b) { return a > b ? a - b : b - a; }

void bs_heur_init(bs_heur *H, const bs_board *start, int lc) {
  bs_geom g;
  bs_geom_init(&g, start);
  memset(H, 0, sizeof *H);
  H->w = start->w;
  H->h = start->h;
  H->n = start->n;
  H->lc_weight = lc;
  for (int p = 0; p < start->n; p++) {
    if (start->wall >> p & 1)
      memset(H->dist[p], BS_FAR, sizeof H->dist[p]);
    else
      bfs_from(H, &g, p);
  }
  for (int s = 0; s < 2; s++) {
    for (int v = 1; v <= start->n; v++) {
      int t = -1; /* v's target cell on side s */
      if (v < start->n && !(start->wall >> (v - 1) & 1)) {
        if (s == 0)
          t = v - 1;
        else
          for (int p = 0; p < start->n; p++)
            if (start->cell[p] == v) t = p;
      }
      if (t < 0) continue; /* a wall, or no such tile: scores 0 */
      H->key[s][v] = (uint8_t)(t % H->w | (t / H->w) << 4);
      for (int p = 0; p < start->n; p++) {
        H->to[s][v][p] = H->dist[p][t] == BS_FAR ? 0 : H->dist[p][t];
        int row = p / H->w == t / H->w && H->dist[p][t] == absdiff(p % H->w, t % H->w);
        int col = p % H->w == t % H->w && H->dist[p][t] == absdiff(p / H->w, t / H->w);
        H->lc[s][v][p] = (uint8_t)(row | col << 1);
      }
    }
  }
}

void bs_heur_only(bs_heur *H, uint64_t tiles) {
  for (int v = 1; v <= H->n; v++)
    if (!(tiles >> v & 1)) {
      memset(H->to[0][v], 0, sizeof H->to[0][v]);
      memset(H->lc[0][v], 0, sizeof H->lc[0][v]);
    }
}

int bs_heur_score(const bs_heur *H, int s, const bs_board *b) {
  int score = 0;
  for (int p = 0; p < b->n; p++)
    if (b->cell[p] && !(b->wall >> p & 1)) score += H->to[s][b->cell[p]][p];
  if (!H->lc_weight) return score;
  uint8_t v[BS_MAX_SIDE], cell[BS_MAX_SIDE];
  for (int y = 0; y < b->h; y++) {
    int n = 0;
    for (int x = 0; x < b->w; x++) {
      int c = y * b->w + x;
      if (b->cell[c]) v[n] = b->cell[c], cell[n++] = (uint8_t)c;
    }
    score += bs_heur_line(H, s, v, cell, n, 1);
  }
  for (int x = 0; x < b->w; x++) {
    int n = 0;
    for (int y = 0; y < b->h; y++) {
      int c = y * b->w + x;
      if (b->cell[c]) v[n] = b->cell[c], cell[n++] = (uint8_t)c;
    }
    score += bs_heur_line(H, s, v, cell, n, 2);
  }
  return score;
}
