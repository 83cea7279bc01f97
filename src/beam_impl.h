/* The heuristic search (bs_beam.h), written once for every store.
 *
 * Included at the end of src/search_impl.h, so every store that compiles
 * the exact search also gets bs_beam_<store>, bs_staged_<store> and
 * bs_heuristic_<store>, built on the same bs_<store>_* inline API and the
 * helpers above (bs_side, add_root_, join_, note_peak_). Everything per
 * state lives in the store; the rest is fixed-size arrays on the stack. */
#include <limits.h>

#include "bs_beam.h"

/* ---- the beam ---- */

/* Ids below x that the n ascending kept ranges keep, plus one: x's new id. */
static uint32_t bs_renumbered(const uint32_t *lo, const uint32_t *hi, int n, uint32_t x) {
  uint32_t k = 1;
  for (int i = 0; i < n && lo[i] < x; i++) k += (hi[i] < x ? hi[i] : x) - lo[i];
  return k;
}

/* Keeps the roots, each side's last two layers and the layer being built
 * ([*nlo, count]), renumbering them, *nlo and the iteration points *it
 * and *it2. Returns -1 when that frees too little to go on. Older states are only
 * loop checks and meeting chances to a beam, so they can go. */
static int BS_CAT(beam_recycle_, BS_STORE)(BS_T *st, bs_side *side, uint32_t *nlo, uint32_t *it,
                                           uint32_t *it2, bs_result *r) {
  uint32_t *lo[5] = {&side[0].plo, &side[0].lo, &side[1].plo, &side[1].lo, nlo};
  uint32_t *hi[5] = {&side[0].phi, &side[0].hi, &side[1].phi, &side[1].hi, NULL};
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
  *it2 = bs_renumbered(klo, khi, n, *it2);
  BS_F(keep)(st, klo, khi, n);
  return 0;
}

/* Cuts the layer [lo, hi) to its `width` best scores, ties to the lower id,
 * by marking the others BS_PRUNED; returns how many stay in the beam. */
static uint32_t BS_CAT(beam_select_, BS_STORE)(BS_T *st, uint32_t lo, uint32_t hi, uint32_t width) {
  if (hi - lo <= width) return hi - lo;
  uint32_t hist[BS_HIST] = {0}, below = 0, t = 0;
  for (uint32_t id = lo; id < hi; id++) {
    uint32_t sc = BS_F(rec)(st, id)[BS_R_SCORE];
    hist[sc < BS_HIST ? sc : BS_HIST - 1]++;
  }
  while (below + hist[t] < width) below += hist[t++];
  uint32_t ties = width - below; /* of score t, the first ones by id */
  for (uint32_t id = lo; id < hi; id++) {
    uint32_t *rec = BS_F(rec)(st, id), sc = rec[BS_R_SCORE] < BS_HIST ? rec[BS_R_SCORE] : BS_HIST - 1;
    if (sc < t || (sc == t && ties && ties--)) continue;
    rec[BS_R_SCORE] |= BS_PRUNED;
  }
  return width;
}


/* The first id from `id` on, below hi, that is in the beam. */
static uint32_t BS_CAT(beam_next_, BS_STORE)(const BS_T *st, uint32_t id, uint32_t hi) {
  while (id < hi && (BS_F(rec)(st, id)[BS_R_SCORE] & BS_PRUNED)) id++;
  return id;
}

int BS_SEARCH(beam)(BS_T *st, const bs_board *start, const bs_heur *H, const bs_beam_opts *bo,
                    bs_result *r) {
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  bs_geom g;
  bs_board goal;
  if (BS_CAT(begin_, BS_STORE)(st, start, &g, &goal, 3, r)) return 0;
  const int nw = g.nwords;
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
    int s = !live[0] ||
            (live[1] && (live[1] < live[0] || (live[1] == live[0] && side[1].depth < side[0].depth)));
    unsigned d = side[s].depth;
    if (d + 1 > BS_PATH_MAX) {
      r->reason = "depth limit";
      break;
    }
    if (bo->max_len && (int)(side[0].depth + side[1].depth) >= bo->max_len) {
      r->reason = "length limit";
      break;
    }
    uint32_t nlo = BS_F(count)(st) + 1;
    bs_brood brood[2];
    int cur = 0;
    uint32_t id = BS_CAT(beam_next_, BS_STORE)(st, side[s].lo, side[s].hi);
    if (id < side[s].hi) BS_CAT(brood_, BS_STORE)(st, &g, id, &brood[0]);
    while (id < side[s].hi) {
      uint32_t next = BS_CAT(beam_next_, BS_STORE)(st, id + 1, side[s].hi);
      if (next < side[s].hi) BS_CAT(brood_, BS_STORE)(st, &g, next, &brood[cur ^ 1]);
      if (bo->budget && r->generated > bo->budget) {
        r->reason = "budget";
        goto done;
      }
      const bs_brood *b = &brood[cur];
      for (int k = 0; k < b->nk; k++) {
        int q = b->kq[k], dir = b->kd[k];
        r->generated++;
        if (BS_F(full)(st) && BS_CAT(beam_recycle_, BS_STORE)(st, side, &nlo, &id, &next, r) < 0) {
          r->reason = "memory cap";
          goto done;
        }
        const uint32_t *par = BS_F(rec)(st, id); /* recycling may have moved it */
        uint32_t *c = BS_F(scratch)(st);
        memcpy(c, b->kid[k], (size_t)nw * sizeof(uint32_t));
        c[BS_R_HASH] = b->kh[k];
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
        unsigned v = bs_get(&g, par, q);
        c[BS_R_SCORE] = (uint32_t)((int)b->sc + bs_heur_delta(H, &g, par, s, v, (int)b->blank, q));
        if (bo->one_side && !c[BS_R_SCORE]) {
          /* The partial goal: every tile that counts is home. */
          for (unsigned i = 0; i <= d; i++) r->moves[i] = bs_dir_chars[bs_path_get(c, i)];
          r->moves[d + 1] = 0;
          r->length = best = (int)d + 1;
          goto done;
        }
        BS_F(commit)(st);
      }
      r->expanded++;
      id = next;
      cur ^= 1;
    }
    side[s].plo = side[s].lo;
    side[s].phi = side[s].hi;
    side[s].lo = nlo;
    side[s].hi = BS_F(count)(st) + 1;
    side[s].depth = d + 1;
    live[s] = BS_CAT(beam_select_, BS_STORE)(st, side[s].lo, side[s].hi, bo->width);
    /* After a meeting, a later one is shorter only through states older
     * than the frontiers: worth a few more layers, no more. */
    if (best < INT_MAX && (extra-- <= 0 || (int)(side[0].depth + side[1].depth) >= best + bo->extra))
      break;
  }
done:
  if (best < INT_MAX) {
    r->status = BS_ST_SOLVED;
    r->reason = NULL;
  }
  BS_CAT(note_peak_, BS_STORE)(st, r);
  return 0;
}

/* Adds the counts of a sub-search s to r, and remembers in r->reason if
 * it ran out of memory: the reason to report if nothing solves the board. */
static void bs_add_counts(bs_result *r, const bs_result *s) {
  if (s->reason && !strcmp(s->reason, "memory cap")) r->reason = s->reason;
  r->generated += s->generated;
  r->expanded += s->expanded;
  if (s->peak_states > r->peak_states) r->peak_states = s->peak_states;
  if (s->peak_bytes > r->peak_bytes) r->peak_bytes = s->peak_bytes;
}

/* ---- cutting loops and shortening stretches ---- */

/* Cuts every stretch of moves that returns to an earlier board: replays m
 * from b, finds the first repeat through the store (each board is stored
 * with its index in the score word; candidates are looked up as the other
 * side so that a match hands back the record), drops that loop, and again
 * until none is left. Returns the new length. */
static int BS_CAT(cut_loops_, BS_STORE)(BS_T *st, const bs_board *b, char *m, int len) {
  bs_geom g;
  bs_geom_init(&g, b);
  for (;;) {
    BS_F(clear)(st, g.nwords);
    if (BS_F(capacity)(st) < (uint32_t)len + 1) return len;
    bs_board x = *b;
    int i = 0, from = -1;
    for (;; i++) {
      uint32_t *c = BS_F(scratch)(st);
      const uint32_t *other = NULL;
      bs_pack(&g, &x, c);
      c[BS_R_HASH] = bs_hash(c, g.nwords);
      c[BS_R_META] = bs_meta(0, BS_BACKWARD, (unsigned)x.blank, -1);
      if (BS_F(lookup)(st, c, &other) == BS_SEEN_OTHER) {
        from = (int)other[BS_R_SCORE];
        break;
      }
      c[BS_R_META] = bs_meta(0, BS_FORWARD, (unsigned)x.blank, -1);
      c[BS_R_SCORE] = (uint32_t)i;
      BS_F(commit)(st);
      if (i == len) break;
      bs_move(&x, bs_dir_from_char(m[i]));
    }
    if (from < 0) return len;
    memmove(m + from, m + i, (size_t)(len - i));
    len -= i - from;
  }
}

/* The shortest way from board a to board b of fewer than `below` moves, by
 * a bidirectional breadth-first search within `budget` generated states:
 * its length with the moves in out, or -1 if there is none that short. */
static int BS_CAT(bridge_, BS_STORE)(BS_T *st, const bs_geom *g, const bs_board *a,
                                     const bs_board *b, int below, uint64_t budget, char *out,
                                     bs_result *r) {
  const int nw = g->nwords;
  BS_F(clear)(st, nw);
  if (BS_F(capacity)(st) < 3) return -1;
  BS_CAT(add_root_, BS_STORE)(st, g, a, BS_FORWARD);
  BS_CAT(add_root_, BS_STORE)(st, g, b, BS_BACKWARD);
  bs_side side[2] = {{1, 1, 1, 2, 0}, {2, 2, 2, 3, 0}};
  uint64_t gen0 = r->generated;
  while ((int)(side[0].depth + side[1].depth) + 1 < below) {
    uint32_t n0 = side[0].hi - side[0].lo, n1 = side[1].hi - side[1].lo;
    if (!n0 || !n1) return -1;
    int s = n1 < n0;
    unsigned d = side[s].depth;
    uint32_t nlo = BS_F(count)(st) + 1;
    for (uint32_t id = side[s].lo; id < side[s].hi; id++) {
      if (r->generated - gen0 > budget) return -1;
      const uint32_t *par = BS_F(rec)(st, id);
      unsigned blank = bs_meta_blank(par[BS_R_META]);
      int back = bs_meta_last(par[BS_R_META]) ^ 1;
      for (int dir = 0; dir < 4; dir++) {
        int q = g->nb[blank][dir];
        if (q < 0 || dir == back) continue;
        r->generated++;
        if (BS_F(full)(st)) return -1;
        par = BS_F(rec)(st, id);
        uint32_t *c = BS_F(scratch)(st);
        memcpy(c, par, (size_t)nw * sizeof(uint32_t));
        bs_put(g, c, (int)blank, bs_get(g, c, q));
        bs_put(g, c, q, 0);
        c[BS_R_HASH] = bs_hash(c, nw);
        c[BS_R_META] = bs_meta(d + 1, (unsigned)s, (unsigned)q, dir);
        c[BS_R_SCORE] = 0;
        const uint32_t *other = NULL;
        int seen = BS_F(lookup)(st, c, &other);
        if (seen == BS_SEEN_SELF) continue;
        bs_path_extend(c, par, d, (unsigned)dir);
        if (seen == BS_NEW) {
          BS_F(commit)(st);
          continue;
        }
        /* Met: the first meeting is a shortest way (see search_impl.h). */
        const uint32_t *f = s == BS_FORWARD ? c : other, *bk = s == BS_FORWARD ? other : c;
        unsigned nf = bs_meta_depth(f[BS_R_META]), nb = bs_meta_depth(bk[BS_R_META]), k = 0;
        for (unsigned i = 0; i < nf; i++) out[k++] = bs_dir_chars[bs_path_get(f, i)];
        for (unsigned i = nb; i-- > 0;) out[k++] = bs_dir_chars[bs_path_get(bk, i) ^ 1];
        return (int)k < below ? (int)k : -1;
      }
    }
    side[s].plo = side[s].lo;
    side[s].phi = side[s].hi;
    side[s].lo = nlo;
    side[s].hi = BS_F(count)(st) + 1;
    side[s].depth = d + 1;
  }
  return -1;
}

/* Shortens the answer m[0..len) for b: replaces each stretch of `span`
 * moves, one every span/2 moves, by a shortest way between its two ends
 * when that is shorter, pass after pass until one gains nothing. Returns
 * the new length. */
static int BS_CAT(shorten_, BS_STORE)(BS_T *st, const bs_board *b, char *m, int len, int span,
                                      uint64_t budget, bs_result *r) {
  bs_geom g;
  bs_geom_init(&g, b);
  char way[BS_MAX_MOVES + 1];
  for (int gained = 1; gained;) {
    gained = 0;
    bs_board a = *b;
    for (int i = 0; i < len; i += span / 2) {
      int j = i + span < len ? i + span : len;
      bs_board z = a;
      for (int k = i; k < j; k++) bs_move(&z, bs_dir_from_char(m[k]));
      int k = BS_CAT(bridge_, BS_STORE)(st, &g, &a, &z, j - i, budget, way, r);
      if (k >= 0) {
        memmove(m + i + k, m + j, (size_t)(len - j));
        memcpy(m + i, way, (size_t)k);
        len -= j - i - k;
        gained = 1;
      }
      for (int t = i; t < i + span / 2 && t < len; t++) bs_move(&a, bs_dir_from_char(m[t]));
    }
  }
  return len;
}

/* ---- staged solving, for boards whose corridors defeat the beam ---- */

#define BS_STAGED_MAX 4096 /* moves a staged answer may take before it is shortened */
#define BS_STAGED_CELLS 12 /* cells one stage may fill together */

/* Cells of `loose` whose loss would split it (cut cells), as a mask. */
static uint64_t bs_cut_cells(const bs_geom *g, uint64_t loose, int fb) {
  uint64_t cut = 0;
  for (int p = 0; p < g->n; p++) {
    if (!(loose >> p & 1)) continue;
    uint64_t rest = loose & ~(1ull << p);
    int from = p == fb ? __builtin_ctzll(rest) : fb;
    if (rest && bs_flood(g, rest, from, NULL, NULL) != rest) cut |= 1ull << p;
  }
  return cut;
}

/* Whether `loose` holds a 2 x 2 block of cells: a place where tiles can
 * pass each other, without which a ring of cells only turns. */
static int bs_has_block(const bs_geom *g, uint64_t loose) {
  for (int p = 0; p < g->n; p++) {
    int rt = g->nb[p][BS_R], dn = g->nb[p][BS_D];
    if ((loose >> p & 1) && rt >= 0 && dn >= 0 && g->nb[rt][BS_D] >= 0 && (loose >> rt & 1) &&
        (loose >> dn & 1) && (loose >> g->nb[rt][BS_D] & 1))
      return 1;
  }
  return 0;
}

/* Loose neighbours of cell p. */
static int bs_loose_degree(const bs_geom *g, uint64_t loose, int p) {
  int k = 0;
  for (int d = 0; d < 4; d++) k += g->nb[p][d] >= 0 && (loose >> g->nb[p][d] & 1);
  return k;
}

/* Whether `loose` has a dead-end cell other than fb. */
static int bs_dead_end(const bs_geom *g, uint64_t loose, int fb) {
  for (int p = 0; p < g->n; p++)
    if ((loose >> p & 1) && p != fb && bs_loose_degree(g, loose, p) < 2) return 1;
  return 0;
}

/* The cells to fill next, into cells[] (returns how many, 0 if none): the
 * loose cell farthest from the blank's goal cell fb whose loss keeps the
 * rest in one piece, without new cut cells and with a 2 x 2 block, together
 * with the loose cells it would leave with a single loose neighbour (such
 * a cell could never change its tile again). Relaxed, for when that order
 * leads nowhere: the farthest dead-end cell alone, else the farthest cell
 * that keeps the rest in one piece with a 2 x 2 block, which breaks rings
 * into passages. */
static int bs_next_cells(const bs_geom *g, uint64_t loose, int fb, int *cells, int relax) {
  uint8_t queue[BS_MAX_CELLS];
  int tail = __builtin_popcountll(bs_flood(g, loose, fb, queue, NULL));
  if (relax) /* a dead end first: only its mouth's tile can ever change */
    for (int i = tail - 1; i > 0; i--)
      if (bs_loose_degree(g, loose, queue[i]) < 2) {
        uint64_t rest = loose & ~(1ull << queue[i]);
        if (!bs_has_block(g, rest)) continue;
        cells[0] = queue[i];
        return 1;
      }
  uint64_t cut0 = bs_cut_cells(g, loose, fb);
  for (int i = tail - 1; i > 0; i--) { /* breadth-first order: farthest last */
    int set[4] = {queue[i]}, n = 1, most = 4;
    uint64_t rest = loose & ~(1ull << queue[i]);
    for (int k = 0; k < n && n < most; k++) /* close over stranded neighbours */
      for (int d = 0; d < 4 && n < most; d++) {
        int q = g->nb[set[k]][d];
        if (q >= 0 && q != fb && (rest >> q & 1) && bs_loose_degree(g, rest, q) < 2) {
          set[n++] = q;
          rest &= ~(1ull << q);
        }
      }
    if (bs_flood(g, rest, fb, NULL, NULL) != rest || !bs_has_block(g, rest) ||
        (!relax && ((bs_cut_cells(g, rest, fb) & ~cut0) || bs_dead_end(g, rest, fb))))
      continue;
    memcpy(cells, set, (size_t)n * sizeof *set);
    return n;
  }
  return 0;
}

/* Brings home the tiles whose goal cells are cells[0..n), on the loose
 * cells only, by a search over the positions of those tiles and the blank:
 * every other loose tile is counted as the same tile (the value n, which
 * no tile has), so that the search space is small and has no plateaus of
 * look-alike boards. Appends the moves to m and plays them on x. Returns 0,
 * or -1 if it finds no way. */
static int BS_CAT(stage_, BS_STORE)(BS_T *st, bs_board *x, uint64_t fixed, const int *cells, int n,
                                    char *m, int *len, bs_result *r) {
  bs_board ab = *x;
  uint64_t tiles = 0;
  for (int i = 0; i < n; i++) tiles |= 1ull << (cells[i] + 1);
  ab.wall |= fixed;
  for (int p = 0; p < ab.n; p++)
    if (!(ab.wall >> p & 1) && ab.cell[p] && !(tiles >> ab.cell[p] & 1)) ab.cell[p] = (uint8_t)ab.n;
  bs_heur H;
  bs_heur_init(&H, &ab, BS_LC_WEIGHT);
  bs_heur_only(&H, tiles);
  if (!bs_heur_score(&H, BS_FORWARD, &ab)) return 0;
  /* Up to two tiles, a full breadth-first search; more, a beam. */
  bs_beam_opts bo = {.width = n < 3 ? UINT32_MAX : BS_STAGE_WIDTH, .one_side = 1};
  bs_result sr;
  BS_SEARCH(beam)(st, &ab, &H, &bo, &sr);
  bs_add_counts(r, &sr);
  if (sr.status != BS_ST_SOLVED || *len + sr.length > BS_STAGED_MAX) return -1;
  for (int i = 0; i < sr.length; i++) bs_move(x, bs_dir_from_char(sr.moves[i]));
  memcpy(m + *len, sr.moves, (size_t)sr.length);
  *len += sr.length;
  return 0;
}

/* Solves like a person: fills the open cells a few at a time (bs_next_cells,
 * BS_STAGE_CELLS a stage, or one cell relaxed), farthest from the blank's
 * goal first, each by a small search (stage_), and then treats them as walls; when a stage finds
 * no way, the cell filled last next to it is loosened and joins it. The
 * last loose cells are finished by the exact search. Long answers, but it
 * does not get lost in corridors; the caller shortens them. */
int BS_SEARCH(staged)(BS_T *st, const bs_board *start, const bs_opts *o, int relax, bs_result *r) {
  char m[BS_STAGED_MAX];
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  r->reason = "staged: stuck";
  bs_geom g;
  bs_geom_init(&g, start);
  bs_board x = *start;
  const int fb = start->n - 1;
  uint64_t open = 0, fixed = 0;
  for (int p = 0; p < start->n; p++)
    if (!(start->wall >> p & 1)) open |= 1ull << p;
  int order[BS_MAX_CELLS], nfixed = 0, len = 0;
  /* Relaxed, no dead end is left to the exact search: the order of its tiles
   * could not change. */
  while (__builtin_popcountll(open & ~fixed) > BS_STAGED_EXACT ||
         (relax && bs_dead_end(&g, open & ~fixed, fb))) {
    if (relax && r->generated > BS_RELAXED_BUDGET) {
      r->reason = "staged: budget";
      return 0;
    }
    int cells[BS_STAGED_CELLS], n = bs_next_cells(&g, open & ~fixed, fb, cells, relax);
    while (n && !relax && n < BS_STAGE_CELLS) {
      uint64_t left = open & ~fixed;
      for (int i = 0; i < n; i++) left &= ~(1ull << cells[i]);
      int more[4], k = bs_next_cells(&g, left, fb, more, 0);
      if (!k || n + k > BS_STAGED_CELLS - 2 || __builtin_popcountll(left) - k < BS_STAGED_EXACT) break;
      memcpy(cells + n, more, (size_t)k * sizeof *more);
      n += k;
    }
    if (!n) break; /* nothing can be filled: the exact search takes the rest */
    while (BS_CAT(stage_, BS_STORE)(st, &x, fixed, cells, n, m, &len, r)) {
      int k = nfixed; /* the cell filled last next to the stage */
      while (k-- > 0) {
        int near = 0;
        for (int i = 0; i < n; i++) near |= bs_loose_degree(&g, 1ull << order[k], cells[i]) > 0;
        if (near) break;
      }
      if (n == BS_STAGED_CELLS || k < 0) return 0;
      cells[n++] = order[k];
      fixed &= ~(1ull << order[k]);
      memmove(order + k, order + k + 1, (size_t)(--nfixed - k) * sizeof *order);
    }
    for (int i = 0; i < n; i++) {
      order[nfixed++] = cells[i];
      fixed |= 1ull << cells[i];
    }
  }
  bs_board rest = x;
  rest.wall |= fixed;
  bs_opts eo = {.recycle = o->recycle, .budget = BS_STAGED_EXACT_BUDGET};
  bs_result er;
  BS_SEARCH(exact)(st, &rest, &eo, &er);
  bs_add_counts(r, &er);
  if (er.status == BS_ST_GAVE_UP) {
    /* Too big a rest for the exact search: a beam, on fewer tiles now. */
    bs_heur H;
    bs_heur_init(&H, &rest, BS_LC_WEIGHT);
    bs_beam_opts bo = {.width = 4 * BS_BEAM_WIDTH, .budget = BS_STAGED_EXACT_BUDGET, .extra = BS_BEAM_EXTRA};
    BS_SEARCH(beam)(st, &rest, &H, &bo, &er);
    bs_add_counts(r, &er);
  }
  if (er.status != BS_ST_SOLVED || len + er.length > BS_STAGED_MAX) return 0;
  memcpy(m + len, er.moves, (size_t)er.length);
  len += er.length;
  len = BS_CAT(cut_loops_, BS_STORE)(st, start, m, len);
  /* Answers hold BS_MAX_MOVES: shorten here what is longer (the caller
   * shortens the rest). */
  if (len > BS_MAX_MOVES)
    len = BS_CAT(shorten_, BS_STORE)(st, start, m, len, BS_SHORTEN_SPAN, BS_SHORTEN_BUDGET, r);
  if (len > BS_MAX_MOVES) {
    r->reason = "staged: too long";
    return 0;
  }
  memcpy(r->moves, m, (size_t)len);
  r->moves[len] = 0;
  r->length = len;
  r->status = BS_ST_SOLVED;
  r->reason = NULL;
  return 0;
}

/* ---- the heuristic mode ---- */

/* Keeps the shorter of the answer in best (blen moves, -1 for none) and a
 * solved s, after cutting s's loops. */
static void BS_CAT(keep_best_, BS_STORE)(BS_T *st, const bs_board *b, bs_result *s, char *best,
                                         int *blen) {
  if (s->status != BS_ST_SOLVED) return;
  s->length = BS_CAT(cut_loops_, BS_STORE)(st, b, s->moves, s->length);
  if (*blen < 0 || s->length < *blen) {
    memcpy(best, s->moves, (size_t)s->length);
    *blen = s->length;
  }
}

int BS_SEARCH(heuristic)(BS_T *st, const bs_board *start, const bs_opts *o, bs_result *r) {
  if (bs_settled(start, r)) return 0;
  bs_heur H;
  bs_heur_init(&H, start, BS_LC_WEIGHT);
  const int h0 = bs_heur_score(&H, BS_FORWARD, start);
  /* An answer much longer than the score says the beam lost its way in
   * corridors whose order the score cannot see; a beam that has found
   * nothing by far longer than that has lost it for good. (A beam's answer
   * can shrink a lot when its loops are cut, hence the room.) */
  const int fair = 2 * h0 + BS_FAIR_SLACK, hopeless = 4 * h0 + 4 * BS_FAIR_SLACK;
  const uint64_t budget = o->budget ? o->budget : BS_HEUR_BUDGET;
  char best[BS_MAX_MOVES + 1];
  int blen = -1;
  bs_result s;
  const char *why = "beam found no way";
  for (int step = 0; step < 4 && (blen < 0 || blen > fair) && r->generated < budget; step++) {
    uint64_t left = budget - r->generated;
    if (step == 1) {
      /* Boards that lose the beam are mostly narrow ones, where the exact
       * search is cheap: try it before wider beams. */
      bs_opts eo = {.recycle = 1, .budget = left < BS_HARD_EXACT_BUDGET ? left : BS_HARD_EXACT_BUDGET};
      BS_SEARCH(exact)(st, start, &eo, &s);
      bs_add_counts(r, &s);
      BS_CAT(keep_best_, BS_STORE)(st, start, &s, best, &blen);
      if (s.status == BS_ST_SOLVED) break; /* shortest */
      continue;
    }
    uint32_t w = BS_BEAM_WIDTH << (step ? 2 * (step - 1) : 0); /* 1, 4, 16 times */
    bs_beam_opts bo = {.width = w, .budget = left, .extra = BS_BEAM_EXTRA,
                       .max_len = blen > 0 ? blen - 1 : hopeless};
    BS_SEARCH(beam)(st, start, &H, &bo, &s);
    bs_add_counts(r, &s);
    BS_CAT(keep_best_, BS_STORE)(st, start, &s, best, &blen);
    if (s.reason && blen < 0) why = s.reason;
  }
  /* What the beams could not do, in turn until one answers: the staged
   * solver; the widest beam the store holds; the staged solver with its
   * relaxed fill order; the last beams (BS_LAST_BEAMS), narrower so that
   * they recycle where the widest runs out of store, with other score
   * weights, and with no length limit, as a meeting through an old, shallow
   * state can be short although the frontiers have gone deep. Only the
   * first has no budget of its own and runs under --budget. */
  static const struct { uint32_t widen; int lc; uint64_t budget; } last[] = BS_LAST_BEAMS;
  for (int relax = 0; relax < 2 && blen < 0 && (!relax || !o->budget); relax++) {
    BS_SEARCH(staged)(st, start, o, relax, &s);
    bs_add_counts(r, &s);
    if (s.status == BS_ST_SOLVED) {
      s.length = BS_CAT(shorten_, BS_STORE)(st, start, s.moves, s.length, BS_SHORTEN_SPAN,
                                            BS_SHORTEN_BUDGET, r);
      BS_CAT(keep_best_, BS_STORE)(st, start, &s, best, &blen);
      break;
    }
    why = s.reason;
    if (o->budget) break;
    for (size_t i = 0; i < (relax ? sizeof last / sizeof *last : 1) && blen < 0; i++) {
      bs_beam_opts bo = {.width = BS_BEAM_WIDTH * (relax ? last[i].widen : BS_RESCUE_WIDEN),
                         .budget = relax ? last[i].budget : BS_RESCUE_BUDGET,
                         .extra = BS_BEAM_EXTRA, .max_len = relax ? 0 : hopeless};
      bs_heur Hl;
      const bs_heur *Hb = &H;
      if (relax && last[i].lc != BS_LC_WEIGHT) {
        bs_heur_init(&Hl, start, last[i].lc);
        Hb = &Hl;
      }
      BS_SEARCH(beam)(st, start, Hb, &bo, &s);
      bs_add_counts(r, &s);
      BS_CAT(keep_best_, BS_STORE)(st, start, &s, best, &blen);
    }
  }
  if (blen < 0) {
    if (!r->reason) r->reason = why;
    return 0;
  }
  r->reason = NULL;
  memcpy(r->moves, best, (size_t)blen);
  r->moves[blen] = 0;
  r->length = blen;
  r->status = BS_ST_SOLVED;
  r->optimal = 0; /* even when the exact search found it: only exact mode proves */
  return 0;
}
