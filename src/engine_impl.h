/* The search engine of bs_engine.h, written once for every store.
 *
 * Included by src/engine_<store>.c after `#define BS_STORE <store>`; it
 * defines bs_engine_<store>() using only the bs_<store>_* inline API of
 * bs_store.h. Everything per state lives in the store; the rest is
 * fixed-size arrays on the stack.
 *
 * Why the first meeting of an exact run is shortest: the sides grow whole
 * breadth-first layers. Say side A, at depth a, makes a state s that side B
 * holds at depth k, and no meeting happened before. If k were below B's
 * frontier depth b, the parent p of s (a neighbour of s) would be in B at
 * depth <= k+1 <= b, and A also holds p: whichever side stored p second
 * would have met the other then. So every meeting of this layer is with B's
 * frontier and has the same length a + 1 + b.
 *
 * Why a bounded run finds a way of at most C moves when there is one: take
 * a shortest way P, of C* <= C moves. Every state on it has depth + h <= C*
 * on both sides (h is admissible), so neither side prunes it, and it sits
 * at depth i from one end and C* - i from the other. When the frontier
 * depths first add up to C* - 1, the next layer makes the state of P one
 * beyond this side's frontier, which the other side holds in its frontier:
 * a meeting of C* moves. So once the depths add up to C with no meeting,
 * there is no way of at most C moves. A state that one side would prune
 * cannot be on such a way through that side, so dropping it loses nothing.
 * And the first meeting is a shortest way, as in the exact run: a meeting
 * found while the depths add up to S has at most S + 1 moves (neither
 * side holds a state past its frontier), so none comes before they add up
 * to C* - 1, and each one then has C* moves. (Pruning only ever lengthens
 * the depth a state is held at, never past the frontier.)
 *
 * Why recycling is safe: a new state of side A at depth d+1 that A had
 * stored at depth k <= d-2 would make its parent (depth d) a neighbour of
 * a state of depth k, which A expanded, so A would have stored the parent
 * at depth <= k+1 (pruning is monotone in depth, so it would not have been
 * pruned there). So loops only reach A's last two layers, and the meeting
 * of a shortest way happens at the frontiers (above). Each side keeps its
 * last two layers and the roots; the rest goes when the store is full. */
#include <limits.h>
#include <string.h>

#include "bs_engine.h"

#define BS_CAT2(a, b) a##b
#define BS_CAT(a, b) BS_CAT2(a, b)
#define BS_T BS_CAT(bs_, BS_STORE)
#define BS_F(fn) BS_CAT(BS_CAT(BS_T, _), fn)
#define BS_L(fn) BS_CAT(BS_CAT(fn, _), BS_STORE)

#ifndef BS_ENGINE_SHARED
#define BS_ENGINE_SHARED
#define BS_PRUNED 0x80000000u /* score word: outside the beam */
#define BS_HIST 2048          /* beam scores at or above rank as BS_HIST - 1 */

/* One side's layers as id ranges: the previous and the current one, and
 * how many of the current one are in the beam. */
typedef struct bs_side {
  uint32_t plo, phi, lo, hi, live;
  unsigned depth, best; /* best: the least score in the beam */
} bs_side;

/* Parents whose children are built ahead of the lookups (below). */
#define BS_AHEAD 2
_Static_assert(BS_AHEAD >= 1, "at least the next parent is built ahead");

/* One parent's children, built ahead: the tiles that move, the cells the
 * blank moves to, what the moves add to their path word (bs_path_step),
 * and the hashes, meta words and score words. */
typedef struct bs_brood {
  int nk, kq[4];
  uint32_t kv[4], kp[4], kh[4], km[4], ks[4];
} bs_brood;

/* Ids below x that the n ascending kept ranges keep, plus one: x's new id. */
static uint32_t bs_renumbered(const uint32_t *lo, const uint32_t *hi, int n, uint32_t x) {
  uint32_t k = 1;
  for (int i = 0; i < n && lo[i] < x; i++) k += (hi[i] < x ? hi[i] : x) - lo[i];
  return k;
}
#endif

static void BS_L(note_peak)(const BS_T *st, bs_result *r) {
  uint32_t n = BS_F(count)(st);
  size_t b = BS_F(bytes)(st);
  if (n > r->peak_states) r->peak_states = n;
  if (b > r->peak_bytes) r->peak_bytes = b;
}

/* Keeps the roots, each side's last two layers and the layer being built
 * ([*nlo, count]), renumbering them, *nlo and the nit iteration points
 * it[]. Returns -1 when that frees too little to go on: recycling again and
 * again would only thrash. */
static int BS_L(recycle)(BS_T *st, bs_side *side, uint32_t *nlo, uint32_t *it, int nit, bs_result *r) {
  uint32_t *lo[5] = {&side[0].plo, &side[0].lo, &side[1].plo, &side[1].lo, nlo};
  uint32_t *hi[5] = {&side[0].phi, &side[0].hi, &side[1].phi, &side[1].hi, NULL};
  uint32_t count = BS_F(count)(st), rlo[6], rhi[6], klo[6], khi[6], kept = 0;
  for (int i = 0; i < 5; i++) {
    rlo[i] = *lo[i];
    rhi[i] = hi[i] ? *hi[i] : count + 1;
  }
  rlo[5] = 1, rhi[5] = 3; /* the roots */
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
  BS_L(note_peak)(st, r);
  for (int i = 0; i < 5; i++) {
    *lo[i] = bs_renumbered(klo, khi, n, *lo[i]);
    if (hi[i]) *hi[i] = bs_renumbered(klo, khi, n, *hi[i]);
  }
  for (int i = 0; i < nit; i++) it[i] = bs_renumbered(klo, khi, n, it[i]);
  BS_F(keep)(st, klo, khi, n);
  return 0;
}

/* Cuts the layer [lo, hi) to its `width` best scores, ties to the least
 * tie key (bs_heur.h), then to the lower id, by marking the others
 * BS_PRUNED; returns how many stay in the beam, and in *best the least
 * score among them (a beam's; UINT_MAX otherwise). The scores are small
 * integers, so a histogram gives the cut: hist, which the layer's commits
 * filled, and `low`, its least score (one pass over the layer's records
 * fewer: they lie a record apart). Another histogram over the tie keys of
 * the cut's score says which of those stay; that one is the thread's,
 * empty between calls, as only the keys in use are cleared. */
static uint32_t BS_L(select)(BS_T *st, uint32_t lo, uint32_t hi, uint32_t width, const uint32_t *hist,
                             unsigned low, unsigned *best) {
  *best = UINT_MAX;
  if (!width) return hi - lo;
  *best = low;
  const int cut = hi - lo > width;
  uint32_t below = 0, t = 0;
  if (!cut) return hi - lo;
  while (below + hist[t] < width) below += hist[t++];
  /* Of score t, `ties` stay: those of keys below kt, then the first `kties`
   * by id of key kt. */
  uint32_t ties = width - below, kt = BS_TIE_MAX + 1, kties = 0;
  if (ties < hist[t]) {
    static _Thread_local uint32_t keys[BS_TIE_MAX + 1];
    unsigned least = BS_TIE_MAX, most = 0;
    for (uint32_t id = lo; id < hi; id++) {
      const uint32_t *rec = BS_F(rec)(st, id);
      const uint32_t sc = bs_score_value(rec[BS_R_SCORE]);
      if ((sc < BS_HIST ? sc : BS_HIST - 1) != t) continue;
      const unsigned k = bs_meta_tie(rec[BS_R_META]);
      keys[k]++;
      if (k < least) least = k;
      if (k > most) most = k;
    }
    uint32_t under = 0;
    for (kt = least; under + keys[kt] < ties; kt++) under += keys[kt];
    kties = ties - under;
    memset(keys + least, 0, (most - least + 1) * sizeof *keys);
  }
  /* Without branches: which states stay is as hard to foresee as their
   * scores (stop 68: 0.98 of the time). */
  for (uint32_t id = lo; id < hi; id++) {
    uint32_t *rec = BS_F(rec)(st, id), sc = bs_score_value(rec[BS_R_SCORE]);
    sc = sc < BS_HIST ? sc : BS_HIST - 1;
    const unsigned k = bs_meta_tie(rec[BS_R_META]);
    const uint32_t at = sc == t, last = at & (k == kt) & (kties > 0); /* last: one of the first kties of key kt */
    kties -= last;
    rec[BS_R_SCORE] |= BS_PRUNED * (uint32_t)((sc > t) | (at & (k > kt || (k == kt && !last))));
  }
  return width;
}

/* The first id from `id` on, below hi, that is in the beam. */
static uint32_t BS_L(next)(const BS_T *st, uint32_t id, uint32_t hi) {
  while (id < hi && (BS_F(rec)(st, id)[BS_R_SCORE] & BS_PRUNED)) id++;
  return id;
}

/* Writes the answer: the forward path, then the backward path reversed with
 * each move undone. */
static void BS_L(join)(const uint32_t *f, const uint32_t *b, bs_result *r) {
  unsigned nf = bs_meta_depth(f[BS_R_META]), nb = bs_meta_depth(b[BS_R_META]), k = 0;
  uint8_t dir[BS_PATH_MAX];
  bs_path_moves(f, nf, dir);
  for (unsigned i = 0; i < nf; i++) r->moves[k++] = bs_dir_chars[dir[i]];
  bs_path_moves(b, nb, dir);
  for (unsigned i = nb; i-- > 0;) r->moves[k++] = bs_dir_chars[dir[i] ^ 1];
  r->moves[k] = 0;
  r->length = (int)k;
}

/* A beam out of depth or budget, or stalled, leaves in r the way to its
 * forward frontier's best score, ties to the least tie key, then to the
 * lower id (as select ranks), so that the caller can go on from there. */
static void BS_L(closest)(const BS_T *st, const bs_side *fw, bs_result *r) {
  uint32_t best = 0;
  uint64_t bs = UINT64_MAX;
  for (uint32_t id = fw->lo; id < fw->hi; id++) {
    const uint32_t *rec = BS_F(rec)(st, id), w = rec[BS_R_SCORE];
    const uint64_t rank = (uint64_t)bs_score_value(w) << 32 | bs_meta_tie(rec[BS_R_META]);
    if (!(w & BS_PRUNED) && rank < bs) best = id, bs = rank;
  }
  if (!best) return;
  const uint32_t *f = BS_F(rec)(st, best);
  unsigned n = bs_meta_depth(f[BS_R_META]);
  uint8_t dir[BS_PATH_MAX];
  bs_path_moves(f, n, dir);
  for (unsigned i = 0; i < n; i++) r->moves[i] = bs_dir_chars[dir[i]];
  r->moves[n] = 0;
  r->length = (int)n;
}

/* A root of side `side`, its score and tie key from scratch (0 without a
 * heuristic). */
static void BS_L(add_root)(BS_T *st, const bs_geom *g, const bs_heur *H, const bs_board *b, unsigned side) {
  uint32_t *c = BS_F(scratch)(st);
  const uint32_t *other;
  bs_pack(b, c);
  memset(c + BS_R_PATH, 0, BS_PATH_WORDS * sizeof *c); /* children add their moves to it */
  c[BS_R_HASH] = bs_hash_board(g, c);
  c[BS_R_META] = bs_meta(0, side, (unsigned)b->blank, -1, H ? bs_heur_tie(H, (int)side, b) : 0);
  c[BS_R_SCORE] = H ? bs_heur_word(H, (int)side, b) : 0;
  BS_F(lookup)(st, c, &other); /* from != to, so always new */
  BS_F(commit)(st);
}

/* Works out the children of record id into b (never the move back to its
 * parent; `place`: their move's place value, bs_path_place of the parent's
 * layer), with their scores and tie keys when the policy has a heuristic
 * (hc: the search's context, which it fills with the parent's), leaves out
 * those the bound prunes, and prefetches their table slots, so that the
 * cache misses of their lookups overlap instead of queueing. */
static void BS_L(brood)(const BS_T *st, const bs_geom *g, const bs_policy *p, uint32_t place, uint32_t id,
                        bs_heur_ctx *hc, bs_brood *b) {
  const uint32_t *par = BS_F(rec)(st, id);
  const uint32_t meta = par[BS_R_META];
  const unsigned blank = bs_meta_blank(meta), side = bs_meta_side(meta), depth = bs_meta_depth(meta);
  const int last = bs_meta_last(meta);
  if (p->H) bs_heur_parent(p->H, g, par, (int)side, par[BS_R_SCORE] & ~BS_PRUNED, bs_meta_tie(meta), hc);
  b->nk = 0;
  for (unsigned m = g->dirs[blank] & ~(last < 0 ? 0u : 1u << (last ^ 1)); m; m &= m - 1) {
    const int dir = __builtin_ctz(m), q = g->nb[blank][dir];
    const unsigned v = bs_get(par, q); /* the tile that slides into the blank */
    uint32_t sc = 0, tie = 0;
    if (p->H) {
      sc = bs_heur_child(p->H, hc, v, (int)blank, q, p->bound ? p->bound - (int)depth - 1 : INT_MAX, &tie);
      if (p->bound && (int)(depth + 1 + bs_score_value(sc)) > p->bound) continue;
    }
    b->kv[b->nk] = v;
    b->kh[b->nk] = bs_hash_move(par[BS_R_HASH], v, q, (int)blank);
    BS_F(prefetch)(st, b->kh[b->nk]);
    b->km[b->nk] = bs_meta_child(meta, (unsigned)q, (unsigned)dir, tie);
    b->ks[b->nk] = sc;
    b->kq[b->nk] = q;
    b->kp[b->nk++] = bs_path_step(place, last, (unsigned)dir);
  }
}

bs_end BS_CAT(bs_engine_, BS_STORE)(BS_T *st, const bs_board *from, const bs_board *to,
                                    const bs_policy *p, bs_result *r) {
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  bs_geom g;
  bs_geom_init(&g, from);
  const int nw = g.nwords;
  BS_F(clear)(st, nw);
  int best = INT_MAX, extra = p->extra;
  bs_end end = BS_END_MET;
  if (!memcmp(from->cell, to->cell, sizeof from->cell)) goto done; /* the empty answer */
  end = BS_END_MEMORY;
  if (BS_F(capacity)(st) < 2) goto done;
  if (p->expect) BS_F(expect)(st, p->expect);
  BS_L(add_root)(st, &g, p->H, from, BS_FORWARD);
  BS_L(add_root)(st, &g, p->H, to, BS_BACKWARD);
  bs_side side[2] = {{1, 1, 1, 2, 1, 0, UINT_MAX}, {2, 2, 2, 3, 1, 0, UINT_MAX}};
  if (p->width && p->H) side[0].best = bs_score_value(BS_F(rec)(st, 1)[BS_R_SCORE]);
  /* Recycling keeps the roots and five layers (each side's last two and
   * the one being built), of up to 3 children a parent: about 15 widths.
   * A beam wider than a BS_BEAM_SHARE-th of the store would free too
   * little at each recycling, or stop with the store full, where a
   * narrower one goes on; so a width is at most that share. */
  const uint32_t share = BS_F(capacity)(st) / BS_BEAM_SHARE;
  const uint32_t width = p->width > share ? (share ? share : 1) : p->width;
  /* The most moves a counted meeting may have. */
  const int limit = p->bound ? p->bound : INT_MAX;
  /* The forward side's least score so far, and its depth then. */
  unsigned least = UINT_MAX, since = 0;
  bs_heur_ctx hc; /* the parent's, for its children's scores (bs_heur_parent) */
  for (;;) {
    const uint32_t n0 = side[0].live, n1 = side[1].live;
    /* An exact side with nothing left has seen its whole component (within
     * the bound); a beam side that dies out leaves the other one going. */
    if ((!p->width && (!n0 || !n1)) || (!n0 && !n1)) {
      end = BS_END_EXHAUSTED;
      break;
    }
    int s = !n0 || (n1 && (n1 < n0 || (p->width && n1 == n0 && side[1].depth < side[0].depth)));
    /* A beam's backward side waits, so that the budget goes to getting
     * closer, not to a side that cannot be met yet, in two cases, both
     * judged by the way the forward side foresees (its depth and best
     * score). Once the forward side is half a record deep without a
     * meeting, the board may be farther than the two records hold: then
     * while the backward side is as deep as half that way (heuristic.c
     * goes on from the closest state in legs). And while that way is
     * longer than `far`: beams that far apart meet near the goal, in the
     * backward side's first layers, and its deeper ones would spend the
     * budget that the forward side needs to get there. */
    if (s && n0 && p->width && p->H) {
      const unsigned foreseen = side[0].depth + side[0].best;
      if ((2 * side[0].depth >= BS_PATH_MAX && 2 * side[1].depth >= foreseen) || (p->far && foreseen > p->far))
        s = 0;
    }
    const unsigned d = side[s].depth;
    if ((int)(side[0].depth + side[1].depth) >= limit) {
      end = BS_END_LIMIT;
      break;
    }
    if (d + 1 > BS_PATH_MAX) {
      end = BS_END_DEPTH;
      if (p->width && p->H && best == INT_MAX) BS_L(closest)(st, &side[0], r);
      break;
    }
    uint32_t nlo = BS_F(count)(st) + 1;
    /* The beam's scores of the layer's new states (select). */
    uint32_t hist[BS_HIST];
    unsigned lbest = UINT_MAX;
    if (p->width) memset(hist, 0, sizeof hist);
    /* The word this layer's moves go in, and their place value in it. */
    const unsigned path = BS_R_PATH + bs_path_word(d);
    const uint32_t place = bs_path_place(d);
    /* at[0]: the parent whose children are looked up now; at[1..]: the
     * next ones, whose children are built BS_AHEAD parents early, so that
     * the table slots brood prefetches are in cache by the time they are
     * looked up (one parent early, the lookups still waited on them: two
     * took 0.976 of the time, docs/heuristic.md, stop 82). at[i]'s
     * children are brood[(cur + i) % n_at]. */
    enum { n_at = BS_AHEAD + 1 };
    bs_brood brood[n_at];
    uint32_t at[n_at];
    int cur = 0;
    at[0] = BS_L(next)(st, side[s].lo, side[s].hi);
    for (int i = 1; i < n_at; i++) at[i] = BS_L(next)(st, at[i - 1] + 1, side[s].hi);
    for (int i = 0; i < BS_AHEAD && at[i] < side[s].hi; i++)
      BS_L(brood)(st, &g, p, place, at[i], &hc, &brood[i]);
    while (at[0] < side[s].hi) {
      if (p->budget && r->generated > p->budget) {
        end = BS_END_BUDGET;
        if (p->width && p->H && best == INT_MAX) BS_L(closest)(st, &side[0], r);
        goto done;
      }
      if (at[BS_AHEAD] < side[s].hi)
        BS_L(brood)(st, &g, p, place, at[BS_AHEAD], &hc, &brood[(cur + BS_AHEAD) % n_at]);
      const bs_brood *b = &brood[cur];
      for (int k = 0; k < b->nk; k++) {
        r->generated++;
        if (BS_F(full)(st) && (!p->recycle || BS_L(recycle)(st, side, &nlo, at, n_at, r) < 0)) {
          end = BS_END_MEMORY;
          goto done;
        }
        uint32_t *c = BS_F(scratch)(st);
        /* A child is its parent's record (which recycling may have moved)
         * with the tile moved, its own hash, meta and score words, and one
         * more move on the path: one copy of a constant size, inline. */
        memcpy(c, BS_F(rec)(st, at[0]), BS_REC_INTS * sizeof(uint32_t));
        bs_flip(c, (int)bs_meta_blank(c[BS_R_META]), b->kv[k]);
        bs_flip(c, b->kq[k], b->kv[k]);
        c[BS_R_HASH] = b->kh[k];
        c[BS_R_META] = b->km[k];
        c[BS_R_SCORE] = b->ks[k];
        const uint32_t *other = NULL;
        int seen = BS_F(lookup)(st, c, &other);
        if (seen == BS_SEEN_SELF) continue;
        c[path] += b->kp[k];
        if (seen == BS_NEW) {
          BS_F(commit)(st);
          if (p->width) {
            const unsigned sc = bs_score_value(b->ks[k]);
            hist[sc < BS_HIST ? sc : BS_HIST - 1]++;
            if (sc < lbest) lbest = sc;
          }
          continue;
        }
        int len = (int)(d + 1 + bs_meta_depth(other[BS_R_META]));
        if (len >= best || len > limit) continue;
        best = len;
        BS_L(join)(s == BS_FORWARD ? c : other, s == BS_FORWARD ? other : c, r);
        if (!p->width) { /* shortest (above) */
          end = BS_END_MET;
          goto done;
        }
      }
      r->expanded++;
      memmove(at, at + 1, BS_AHEAD * sizeof *at);
      at[BS_AHEAD] = BS_L(next)(st, at[BS_AHEAD - 1] + 1, side[s].hi);
      cur = (cur + 1) % n_at;
    }
    side[s].plo = side[s].lo;
    side[s].phi = side[s].hi;
    side[s].lo = nlo;
    side[s].hi = BS_F(count)(st) + 1;
    side[s].depth = d + 1;
    side[s].live = BS_L(select)(st, side[s].lo, side[s].hi, width, hist, lbest, &side[s].best);
    /* A beam whose forward side has not come closer in `stall` layers
     * wanders round where its score misleads it, and would spend the rest
     * of its budget there: it ends, leaving the way to its frontier's
     * best state, where heuristic.c starts a new leg. */
    if (s == BS_FORWARD && p->stall && p->width && p->H && best == INT_MAX) {
      if (side[0].best < least) {
        least = side[0].best;
        since = side[0].depth;
      } else if (side[0].depth - since >= p->stall) {
        end = BS_END_STALL;
        BS_L(closest)(st, &side[0], r);
        break;
      }
    }
    /* After a beam's meeting, a later one is shorter only through states
     * older than the frontiers: worth a few more layers, no more. */
    if (best < INT_MAX && (extra-- <= 0 || (int)(side[0].depth + side[1].depth) >= best + p->extra))
      break;
  }
done:
  if (best < INT_MAX) end = BS_END_MET;
  if (end == BS_END_MET) r->status = BS_ST_SOLVED;
  r->reason = end == BS_END_MET ? NULL : bs_end_reason(end);
  BS_L(note_peak)(st, r);
  return end;
}
