/* The heuristic search (bs_beam.h), written once for every store.
 *
 * Included at the end of src/search_impl.h, so every store that compiles
 * the exact search also gets bs_beam_<store> and bs_heuristic_<store>,
 * built on the same bs_<store>_* inline API and the helpers above. */
#include <limits.h>
#ifdef BS_BEAM_DEBUG
#include <stdio.h>
#endif

#include "bs_beam.h"
extern uint32_t bs_noise_amp, bs_noise_seed;
#define BS_KEY(rec) ((rec)[BS_R_SCORE] * 8 + (bs_noise_amp ? (uint32_t)(((rec)[BS_R_HASH] ^ bs_noise_seed) * 2654435761u >> 16) % bs_noise_amp : 0))

/* Ids below x that the n merged ranges keep, plus one: x's new id. */
static uint32_t bs_renumbered(const uint32_t *lo, const uint32_t *hi, int n, uint32_t x) {
  uint32_t k = 1;
  for (int i = 0; i < n && lo[i] < x; i++) k += (hi[i] < x ? hi[i] : x) - lo[i];
  return k;
}

/* Keeps the roots, each side's last two layers and the layer being built
 * ([*nlo, count]), renumbering them, *nlo and the iteration point *it.
 * Returns -1 when that frees too little to go on. */
static int BS_CAT(beam_recycle_, BS_STORE)(BS_T *st, bs_side *side, uint32_t *nlo, uint32_t *it,
                                           bs_result *r) {
  uint32_t *lo[6] = {&side[0].plo, &side[0].lo, &side[1].plo, &side[1].lo, nlo, NULL};
  uint32_t *hi[6] = {&side[0].phi, &side[0].hi, &side[1].phi, &side[1].hi, NULL, NULL};
  uint32_t count = BS_F(count)(st), rlo[6], rhi[6], klo[6], khi[6], kept = 0;
  for (int i = 0; i < 5; i++) {
    rlo[i] = *lo[i];
    rhi[i] = hi[i] ? *hi[i] : count + 1;
  }
  rlo[5] = 1, rhi[5] = 3; /* the roots, for meetings at either end */
  for (int i = 1; i < 6; i++) /* sort by start, then merge overlaps */
    for (int j = i; j > 0 && rlo[j] < rlo[j - 1]; j--) {
      uint32_t a = rlo[j], b = rhi[j];
      rlo[j] = rlo[j - 1], rhi[j] = rhi[j - 1];
      rlo[j - 1] = a, rhi[j - 1] = b;
    }
  int n = 0;
  for (int i = 0; i < 6; i++) {
    if (rlo[i] == rhi[i]) continue;
    if (n && rlo[i] <= khi[n - 1]) {
      if (rhi[i] > khi[n - 1]) khi[n - 1] = rhi[i];
    } else {
      klo[n] = rlo[i], khi[n++] = rhi[i];
    }
  }
  for (int i = 0; i < n; i++) kept += khi[i] - klo[i];
  if (count - kept < BS_F(capacity)(st) / 16 + 1) return -1;
  BS_CAT(note_peak_, BS_STORE)(st, r);
  for (int i = 0; i < 5; i++) {
    *lo[i] = bs_renumbered(klo, khi, n, *lo[i]);
    if (hi[i]) *hi[i] = bs_renumbered(klo, khi, n, *hi[i]);
  }
  *it = bs_renumbered(klo, khi, n, *it);
  BS_F(keep)(st, klo, khi, n);
  return 0;
}

/* Cuts the layer [lo, hi) to its `width` best scores; returns how many
 * stay in the beam. */
static uint32_t BS_CAT(beam_select_, BS_STORE)(BS_T *st, uint32_t lo, uint32_t hi, uint32_t width,
                                               uint32_t bcap) {
  if (hi - lo <= width) return hi - lo;
  if (bcap) {
    static uint32_t h2[BS_MAX_CELLS][512];
    uint32_t tb[BS_MAX_CELLS], ties[BS_MAX_CELLS];
    memset(h2, 0, sizeof h2);
    for (uint32_t id = lo; id < hi; id++) {
      uint32_t *rec = BS_F(rec)(st, id), sc = rec[BS_R_SCORE] < 511 ? rec[BS_R_SCORE] : 511;
      h2[bs_meta_blank(rec[BS_R_META])][sc]++;
    }
    for (int b = 0; b < BS_MAX_CELLS; b++) {
      uint32_t below = 0, t = 0;
      while (t < 512 && below + h2[b][t] < bcap) below += h2[b][t++];
      tb[b] = t;
      ties[b] = bcap - below;
    }
    for (uint32_t id = lo; id < hi; id++) {
      uint32_t *rec = BS_F(rec)(st, id), sc = rec[BS_R_SCORE] < 511 ? rec[BS_R_SCORE] : 511;
      unsigned b = bs_meta_blank(rec[BS_R_META]);
      if (sc < tb[b] || (sc == tb[b] && ties[b] && ties[b]--)) continue;
      rec[BS_R_SCORE] |= BS_PRUNED;
    }
  }
  static uint32_t hist[BS_HIST]; uint32_t below = 0, t = 0, n = 0;
  memset(hist, 0, sizeof hist);
  for (uint32_t id = lo; id < hi; id++) {
    uint32_t sc = BS_KEY(BS_F(rec)(st, id));
    if (BS_F(rec)(st, id)[BS_R_SCORE] & BS_PRUNED) continue;
    hist[sc < BS_HIST ? sc : BS_HIST - 1]++;
    n++;
  }
  if (n <= width) return n;
  while (below + hist[t] < width) below += hist[t++];
  uint32_t ties = width - below; /* of score t, the first ones by id */
  for (uint32_t id = lo; id < hi; id++) {
    uint32_t *rec = BS_F(rec)(st, id), sc = BS_KEY(rec) < BS_HIST ? BS_KEY(rec) : BS_HIST - 1;
    if (rec[BS_R_SCORE] & BS_PRUNED) continue;
    if (sc < t || (sc == t && ties && ties--)) continue;
    rec[BS_R_SCORE] |= BS_PRUNED;
  }
  return width;
}

int BS_SEARCH(beam)(BS_T *st, const bs_board *start, const bs_heur *H, const bs_beam_opts *bo,
                    bs_result *r) {
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  bs_geom g;
  bs_geom_init(&g, start);
  bs_board goal;
  bs_goal(start, &goal);
  const int nw = g.nwords;
  BS_F(clear)(st, nw);
  if (BS_F(capacity)(st) < 3) {
    r->reason = "memory cap";
    return 0;
  }
  BS_CAT(add_root_, BS_STORE)(st, &g, start, BS_FORWARD);
  BS_F(rec)(st, 1)[BS_R_SCORE] = (uint32_t)bs_heur_score(H, BS_FORWARD, start);
  bs_side side[2] = {{1, 1, 1, 2, 0}, {2, 2, 2, 3, 0}};
  uint32_t live[2] = {1, 1}; /* states of each side's current layer in the beam */
  if (bo->one_side) {
    side[1].lo = side[1].hi = 2;
    live[1] = 0;
  } else {
    BS_CAT(add_root_, BS_STORE)(st, &g, &goal, BS_BACKWARD);
    BS_F(rec)(st, 2)[BS_R_SCORE] = (uint32_t)bs_heur_score(H, BS_BACKWARD, &goal);
  }
  int best = INT_MAX, extra = bo->extra;
  r->reason = "beam died out";
  for (;;) {
    if (!live[0] && !live[1]) break;
    int s = !live[0] || (live[1] && (live[1] < live[0] || (live[1] == live[0] && side[1].depth < side[0].depth)));
    unsigned d = side[s].depth;
    if (d + 1 > BS_PATH_MAX) {
      r->reason = "depth limit";
      break;
    }
    uint32_t nlo = BS_F(count)(st) + 1;
    for (uint32_t id = side[s].lo; id < side[s].hi; id++) {
      const uint32_t *par = BS_F(rec)(st, id);
      uint32_t sc = par[BS_R_SCORE];
      if (sc & BS_PRUNED) continue;
      if (bo->budget && r->generated > bo->budget) {
        r->reason = "budget";
        goto done;
      }
      unsigned blank = bs_meta_blank(par[BS_R_META]);
      int back = bs_meta_last(par[BS_R_META]) ^ 1;
      for (int dir = 0; dir < 4; dir++) {
        int q = g.nb[blank][dir];
        if (q < 0 || dir == back) continue;
        r->generated++;
        if (BS_F(full)(st) && BS_CAT(beam_recycle_, BS_STORE)(st, side, &nlo, &id, r) < 0) {
          r->reason = "memory cap";
          goto done;
        }
        par = BS_F(rec)(st, id);
        uint32_t *c = BS_F(scratch)(st);
        unsigned v = bs_get(&g, par, q);
        memcpy(c, par, (size_t)nw * sizeof(uint32_t));
        bs_put(&g, c, (int)blank, v);
        bs_put(&g, c, q, 0);
        c[BS_R_HASH] = bs_hash(c, nw);
        c[BS_R_META] = bs_meta(d + 1, (unsigned)s, (unsigned)q, dir);
        const uint32_t *other = NULL;
        int seen = BS_F(lookup)(st, c, &other);
        if (seen == BS_SEEN_SELF) continue;
        bs_path_extend(c, par, d, (unsigned)dir);
        if (seen == BS_SEEN_OTHER) {
          int len = (int)(d + 1 + bs_meta_depth(other[BS_R_META]));
          if (len < best) {
            best = len;
            BS_CAT(join_, BS_STORE)(s == BS_FORWARD ? c : other, s == BS_FORWARD ? other : c, r);
          }
          continue;
        }
        c[BS_R_SCORE] = (uint32_t)((int)sc + bs_heur_delta(H, &g, par, s, v, (int)blank, q));
        if (bo->one_side && !c[BS_R_SCORE]) {
          /* The partial goal: every tile that counts is home. */
          for (unsigned k = 0; k <= d; k++) r->moves[k] = bs_dir_chars[bs_path_get(c, k)];
          r->moves[d + 1] = 0;
          r->length = best = (int)d + 1;
          goto done;
        }
        BS_F(commit)(st);
      }
      r->expanded++;
    }
    side[s].plo = side[s].lo;
    side[s].phi = side[s].hi;
    side[s].lo = nlo;
    side[s].hi = BS_F(count)(st) + 1;
    side[s].depth = d + 1;
    live[s] = BS_CAT(beam_select_, BS_STORE)(st, side[s].lo, side[s].hi, bo->width, bo->div ? (bo->width * (uint32_t)bo->div + 99) / (100 * (uint32_t)g.n) : 0);
#ifdef BS_BEAM_DEBUG
    { uint32_t mn = ~0u, mx = 0; for (uint32_t id = side[s].lo; id < side[s].hi; id++) { uint32_t x = BS_F(rec)(st, id)[BS_R_SCORE]; if (x & BS_PRUNED) continue; if (x < mn) mn = x; if (x > mx) mx = x; }
      fprintf(stderr, "side %d depth %u layer %u live %u score %u..%u count %u\n", s, side[s].depth, side[s].hi - side[s].lo, live[s], mn, mx, BS_F(count)(st)); }
#endif
    if (best < INT_MAX && (extra-- <= 0 || (int)(side[0].depth + side[1].depth) >= best)) break;
  }
done:
  if (best < INT_MAX) {
    r->status = BS_ST_SOLVED;
    r->reason = NULL;
  }
  BS_CAT(note_peak_, BS_STORE)(st, r);
  return 0;
}

int BS_SEARCH(heuristic)(BS_T *st, const bs_board *start, const bs_opts *o, bs_result *r) {
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  if (bs_solvability(start, &r->reason) == BS_UNSOLVABLE) {
    r->status = BS_ST_UNSOLVABLE;
    return 0;
  }
  r->reason = NULL;
  if (bs_is_goal(start)) {
    r->status = BS_ST_SOLVED;
    return 0;
  }
  bs_heur H;
  bs_heur_init(&H, start, 1);
  bs_beam_opts bo = {.width = 1000, .budget = o->budget, .extra = 0};
  return BS_SEARCH(beam)(st, start, &H, &bo, r);
}
