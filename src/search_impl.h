/* The exact bidirectional search, written once for every store.
 *
 * Included by src/search_<store>.c after `#define BS_STORE <store>`; it
 * defines bs_exact_<store>() using only the bs_<store>_* inline API of
 * bs_store.h.
 *
 * Why the first meeting is shortest: the sides grow whole BFS layers. Say
 * side A, at depth a, makes a state s that side B holds at depth k, and no
 * meeting happened before. If k were below B's frontier depth b, the parent
 * p of s (a neighbour of s) would be in B at depth <= k+1 <= b, and A also
 * holds p: whichever side stored p second would have met the other then.
 * So every meeting of this layer is with B's frontier and has the same
 * length a + 1 + b, and the first one found is as short as any.
 *
 * The same argument says which records still matter: a side's new states
 * can only repeat its previous, current or next layer, and can only meet
 * the other side's frontier. So when the store fills, each side keeps its
 * last two layers and everything older is dropped (recycled). */
#include <string.h>

#include "bs_search.h"
#include "bs_store.h"

#define BS_CAT2(a, b) a##b
#define BS_CAT(a, b) BS_CAT2(a, b)
#define BS_T BS_CAT(bs_, BS_STORE)
#define BS_F(fn) BS_CAT(BS_CAT(BS_T, _), fn)
#define BS_SEARCH(fn) BS_CAT(BS_CAT(bs_, fn), BS_CAT(_, BS_STORE))

/* One side's layers as id ranges: the previous and the current one. */
typedef struct {
  uint32_t plo, phi, lo, hi;
  unsigned depth;
} bs_side;

static void BS_CAT(note_peak_, BS_STORE)(const BS_T *st, bs_result *r) {
  uint32_t n = BS_F(count)(st);
  size_t b = BS_F(bytes)(st);
  if (n > r->peak_states) r->peak_states = n;
  if (b > r->peak_bytes) r->peak_bytes = b;
}

/* Drops every record but both sides' last two layers and the layer being
 * built ([*nlo, count]); renumbers them and the iteration point *it of the
 * expanding side s. Returns -1 when that frees too little to go on. */
static int BS_CAT(recycle_, BS_STORE)(BS_T *st, bs_side *side, int s, uint32_t *nlo, uint32_t *it,
                                      uint32_t cap, bs_result *r) {
  uint32_t *lo[5] = {&side[0].plo, &side[0].lo, &side[1].plo, &side[1].lo, nlo};
  uint32_t *hi[5] = {&side[0].phi, &side[0].hi, &side[1].phi, &side[1].hi, NULL};
  uint32_t count = BS_F(count)(st), top = count + 1, kept = 0;
  uint32_t olo[5], ohi[5], klo[5], khi[5];
  int order[5];
  for (int i = 0; i < 5; i++) {
    olo[i] = *lo[i];
    ohi[i] = hi[i] ? *hi[i] : top;
    kept += ohi[i] - olo[i];
    order[i] = i;
  }
  /* Too little to gain: recycling again and again would only thrash. */
  if (count - kept < cap / 16 + 1) return -1;
  for (int i = 1; i < 5; i++)
    for (int j = i; j > 0 && olo[order[j]] < olo[order[j - 1]]; j--) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  BS_CAT(note_peak_, BS_STORE)(st, r);
  uint32_t itoff = *it - side[s].lo, next = 1;
  for (int k = 0; k < 5; k++) {
    int i = order[k];
    klo[k] = olo[i];
    khi[k] = ohi[i];
    *lo[i] = next;
    next += ohi[i] - olo[i];
    if (hi[i]) *hi[i] = next;
  }
  BS_F(keep)(st, klo, khi, 5);
  *it = side[s].lo + itoff;
  return 0;
}

/* Writes the answer: the forward path, then the backward path reversed with
 * each move undone. */
static void BS_CAT(join_, BS_STORE)(const uint32_t *f, const uint32_t *b, bs_result *r) {
  unsigned nf = bs_meta_depth(f[BS_R_META]), nb = bs_meta_depth(b[BS_R_META]), k = 0;
  for (unsigned i = 0; i < nf; i++) r->moves[k++] = bs_dir_chars[bs_path_get(f, i)];
  for (unsigned i = nb; i-- > 0;) r->moves[k++] = bs_dir_chars[bs_path_get(b, i) ^ 1];
  r->moves[k] = 0;
  r->length = (int)k;
}

static void BS_CAT(add_root_, BS_STORE)(BS_T *st, const bs_geom *g, const bs_board *b, unsigned side) {
  uint32_t *c = BS_F(scratch)(st);
  const uint32_t *other;
  bs_pack(g, b, c);
  c[BS_R_HASH] = bs_hash(c, g->nwords);
  c[BS_R_META] = bs_meta(0, side, (unsigned)b->blank, -1);
  c[BS_R_SCORE] = 0;
  BS_F(lookup)(st, c, &other); /* start != goal, so always new */
  BS_F(commit)(st);
}

#ifndef BS_SEARCH_SHARED
#define BS_SEARCH_SHARED
/* Settles the boards that need no search: proven unsolvable by the parity
 * and region tests, or already solved. Returns 1 when r is final. */
static int bs_settled(const bs_board *start, bs_result *r) {
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  if (bs_solvability(start, &r->reason) == BS_UNSOLVABLE) {
    r->status = BS_ST_UNSOLVABLE;
    return 1;
  }
  r->reason = NULL;
  if (!bs_is_goal(start)) return 0;
  r->status = BS_ST_SOLVED;
  return 1;
}

/* One parent's children, built ahead: packed boards, hashes, the cells the
 * blank moves to and the moves. */
typedef struct bs_brood {
  uint32_t sc;
  unsigned blank;
  int nk, kq[4], kd[4];
  uint32_t kh[4], kid[4][BS_MAX_WORDS];
} bs_brood;
#endif

/* Builds the children of record id into b (never the move back to its
 * parent) and prefetches their table slots, so that the cache misses of
 * their lookups overlap instead of queueing. */
static void BS_CAT(brood_, BS_STORE)(const BS_T *st, const bs_geom *g, uint32_t id, bs_brood *b) {
  const uint32_t *par = BS_F(rec)(st, id);
  b->sc = par[BS_R_SCORE];
  b->blank = bs_meta_blank(par[BS_R_META]);
  int back = bs_meta_last(par[BS_R_META]) ^ 1; /* -1 ^ 1 = -2 for a root */
  b->nk = 0;
  for (int dir = 0; dir < 4; dir++) {
    int q = g->nb[b->blank][dir];
    if (q < 0 || dir == back) continue;
    uint32_t *k = b->kid[b->nk];
    memcpy(k, par, (size_t)g->nwords * sizeof(uint32_t));
    bs_put(g, k, (int)b->blank, bs_get(g, par, q));
    bs_put(g, k, q, 0);
    b->kh[b->nk] = bs_hash(k, g->nwords);
    BS_F(prefetch)(st, b->kh[b->nk]);
    b->kq[b->nk] = q;
    b->kd[b->nk++] = dir;
  }
}

/* Sets up a search of start: its geometry and goal, an empty store. Returns
 * -1 (r says "memory cap") when the store has room for fewer than need. */
static int BS_CAT(begin_, BS_STORE)(BS_T *st, const bs_board *start, bs_geom *g, bs_board *goal,
                                    uint32_t need, bs_result *r) {
  bs_geom_init(g, start);
  bs_goal(start, goal);
  BS_F(clear)(st, g->nwords);
  if (BS_F(capacity)(st) >= need) return 0;
  r->reason = "memory cap";
  return -1;
}

int BS_SEARCH(exact)(BS_T *st, const bs_board *start, const bs_opts *o, bs_result *r) {
  if (bs_settled(start, r)) {
    r->optimal = r->status == BS_ST_SOLVED;
    return 0;
  }
  bs_geom g;
  bs_board goal;
  if (BS_CAT(begin_, BS_STORE)(st, start, &g, &goal, 2, r)) return 0;
  const int nw = g.nwords;
  BS_CAT(add_root_, BS_STORE)(st, &g, start, BS_FORWARD);
  BS_CAT(add_root_, BS_STORE)(st, &g, &goal, BS_BACKWARD);
  bs_side side[2] = {{1, 1, 1, 2, 0}, {2, 2, 2, 3, 0}};
  const uint32_t cap = BS_F(capacity)(st);
  for (;;) {
    uint32_t n0 = side[0].hi - side[0].lo, n1 = side[1].hi - side[1].lo;
    if (!n0 || !n1) {
      /* One side has nothing left to expand: its whole component is seen. */
      r->status = BS_ST_UNSOLVABLE;
      r->reason = "exhausted";
      break;
    }
    int s = n1 < n0;
    unsigned d = side[s].depth;
    if (d + 1 > BS_PATH_MAX) {
      r->reason = "depth limit";
      break;
    }
    uint32_t nlo = BS_F(count)(st) + 1;
    for (uint32_t id = side[s].lo; id < side[s].hi; id++) {
      if (o->budget && r->generated > o->budget) {
        r->reason = "budget";
        goto done;
      }
      bs_brood b;
      BS_CAT(brood_, BS_STORE)(st, &g, id, &b);
      for (int k = 0; k < b.nk; k++) {
        r->generated++;
        if (BS_F(full)(st) &&
            (!o->recycle || BS_CAT(recycle_, BS_STORE)(st, side, s, &nlo, &id, cap, r) < 0)) {
          r->reason = "memory cap";
          goto done;
        }
        const uint32_t *par = BS_F(rec)(st, id); /* recycling may have moved it */
        uint32_t *c = BS_F(scratch)(st);
        memcpy(c, b.kid[k], (size_t)nw * sizeof(uint32_t));
        c[BS_R_HASH] = b.kh[k];
        c[BS_R_META] = bs_meta(d + 1, (unsigned)s, (unsigned)b.kq[k], b.kd[k]);
        c[BS_R_SCORE] = 0;
        const uint32_t *other = NULL;
        int seen = BS_F(lookup)(st, c, &other);
        if (seen == BS_SEEN_SELF) continue;
        bs_path_extend(c, par, d, (unsigned)b.kd[k]);
        if (seen == BS_NEW) {
          BS_F(commit)(st);
          continue;
        }
        BS_CAT(join_, BS_STORE)(s == BS_FORWARD ? c : other, s == BS_FORWARD ? other : c, r);
        r->status = BS_ST_SOLVED;
        r->optimal = 1;
        goto done;
      }
      r->expanded++;
    }
    side[s].plo = side[s].lo;
    side[s].phi = side[s].hi;
    side[s].lo = nlo;
    side[s].hi = BS_F(count)(st) + 1;
    side[s].depth = d + 1;
  }
done:
  BS_CAT(note_peak_, BS_STORE)(st, r);
  return 0;
}

#include "beam_impl.h"
