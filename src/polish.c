/* bs_polish: loop cuts and window re-optimisation of answers. */
#include "bs_polish.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

/* The boards along the answer so far, and a table from a board's hash to
 * its place on the way. A truncated way leaves stale entries behind; an
 * entry counts only if its place is still on the way and holds that board. */
typedef struct way {
  uint8_t (*board)[BS_MAX_CELLS];
  uint64_t *key;
  int *at, mask;
} way;

static int find(const way *w, const uint8_t *cells, uint64_t h, int top, int *slot) {
  int s = (int)(h & (uint64_t)w->mask);
  while (w->at[s] >= 0) {
    if (w->key[s] == h) {
      *slot = s;
      int k = w->at[s];
      return k <= top && !memcmp(w->board[k], cells, BS_MAX_CELLS) ? k : -1;
    }
    s = (s + 1) & w->mask;
  }
  *slot = s;
  return -1;
}

int bs_polish_loops(const bs_board *b, char *m, int len) {
  int size = 2;
  while (size < 2 * (len + 1)) size *= 2;
  way w = {malloc((size_t)(len + 1) * sizeof *w.board), malloc((size_t)size * sizeof *w.key),
           malloc((size_t)size * sizeof *w.at), size - 1};
  if (!w.board || !w.key || !w.at) {
    free(w.board), free(w.key), free(w.at);
    return -1;
  }
  memset(w.at, 0xff, (size_t)size * sizeof *w.at);
  bs_board x = *b;
  int top = 0, slot;
  memcpy(w.board[0], x.cell, BS_MAX_CELLS);
  find(&w, x.cell, XXH3_64bits(x.cell, BS_MAX_CELLS), top, &slot);
  w.key[slot] = XXH3_64bits(x.cell, BS_MAX_CELLS);
  w.at[slot] = 0;
  for (int i = 0; i < len; i++) {
    bs_move(&x, bs_dir_from_char((unsigned char)m[i]));
    uint64_t h = XXH3_64bits(x.cell, BS_MAX_CELLS);
    int k = find(&w, x.cell, h, top, &slot);
    if (k >= 0) { /* back at the k-th board: drop the loop */
      top = k;
      continue;
    }
    m[top++] = m[i];
    memcpy(w.board[top], x.cell, BS_MAX_CELLS);
    w.key[slot] = h;
    w.at[slot] = top;
  }
  free(w.board), free(w.key), free(w.at);
  return top;
}

/* The cost of the costliest bridge of a pass of windows `next` moves
 * long, foreseen from those of the passes `window0` and `window` long: a
 * bridge's cost grows geometrically with its length. In doubles: a
 * foresight within rounding of the budget is as good either way, and the
 * same inputs give the same answer every run. */
static double foreseen(uint64_t worst0, int window0, uint64_t worst, int window, int next) {
  const double base = ((double)worst + 1) / ((double)worst0 + 1);
  return (double)worst * pow(base, (double)(next - window) / (double)(window - window0));
}

/* What the windows' bridges settled, by the pair of their ends and their
 * length: a pass after one that shortened something meets again every
 * window the change did not touch, and a bridge is deterministic, so its
 * end is known. A bridge that proved its window shortest stays proven; one
 * that ran out of a cap runs out again within one as small. Its states are
 * kept, so the foresight of longer windows sees the pass as if run. An
 * open-addressing table of 64-bit keys, grown at half full; a key that two
 * pairs share would only skip a bridge, never change an answer's ends. */
typedef struct memo_slot {
  uint64_t key, cap, cost; /* key 0: empty; cap: the bridge's (UINT64_MAX: none) */
  bs_end end;              /* BS_END_LIMIT: proven shortest */
} memo_slot;

typedef struct memo {
  memo_slot *slot;
  size_t mask, used;
} memo;

static uint64_t memo_key(const bs_board *a, const bs_board *z, int moves) {
  uint8_t ends[2 * BS_MAX_CELLS];
  memcpy(ends, a->cell, BS_MAX_CELLS);
  memcpy(ends + BS_MAX_CELLS, z->cell, BS_MAX_CELLS);
  const uint64_t k = XXH3_64bits_withSeed(ends, sizeof ends, (uint64_t)moves);
  return k ? k : 1;
}

static memo_slot *memo_find(const memo *t, uint64_t key) {
  size_t s = (size_t)key & t->mask;
  while (t->slot[s].key && t->slot[s].key != key) s = (s + 1) & t->mask;
  return &t->slot[s];
}

/* Records a bridge's end; a memo that cannot grow only forgets. */
static void memo_put(memo *t, uint64_t key, bs_end end, uint64_t cap, uint64_t cost) {
  if (2 * (t->used + 1) > t->mask + 1) {
    const size_t n = 2 * (t->mask + 1);
    memo_slot *old = t->slot, *s = calloc(n, sizeof *s);
    if (!s) return;
    const size_t was = t->mask + 1;
    t->slot = s;
    t->mask = n - 1;
    for (size_t i = 0; i < was; i++)
      if (old[i].key) *memo_find(t, old[i].key) = old[i];
    free(old);
  }
  memo_slot *e = memo_find(t, key);
  t->used += !e->key;
  *e = (memo_slot){key, cap, cost, end};
}

int bs_polish_windows(bs_solver *sv, const bs_board *b, char *m, int len, const bs_polish_plan *plan,
                      const bs_pdb *P, bs_result *acc) {
  const uint64_t budget = plan->budget, total = plan->total;
  bs_result s;
  uint64_t spent = 0, worst0 = 0;
  int window = plan->window, window0 = 0; /* window0: the last length proven (0: none yet) */
  memo seen = {calloc(64, sizeof(memo_slot)), 63, 0};
  if (!seen.slot) return len;
  for (;;) {
    const int step = window / plan->cover > 0 ? window / plan->cover : 1;
    int gained = 0, stopped = 0;
    uint64_t worst = 0; /* the costliest bridge of this pass */
    bs_board a = *b;
    for (int i = 0; i < len; i += step) {
      const int j = i + window < len ? i + window : len, last = j == len;
      bs_board z = a;
      for (int k = i; k < j; k++) bs_move(&z, bs_dir_from_char((unsigned char)m[k]));
      /* What is left of the total, shared by the windows left in this pass,
       * so that the whole answer gets its share. */
      uint64_t cap = budget; /* 0: no limit */
      if (total) {
        uint64_t share = total > spent ? (total - spent) / (uint64_t)((len - i + step - 1) / step) : 0;
        if (!share) {
          free(seen.slot);
          return len;
        }
        if (!cap || share < cap) cap = share;
      }
      const uint64_t key = memo_key(&a, &z, j - i), most = cap ? cap : UINT64_MAX;
      const memo_slot *e = memo_find(&seen, key);
      bs_end end;
      if (e->key && (e->end == BS_END_LIMIT || most <= e->cap)) {
        end = e->end;
        if (e->cost > worst) worst = e->cost;
      } else {
        bs_heur H;
        bs_heur_init(&H, &a, &z, BS_LC_LOWER_BOUND);
        if (P) bs_heur_use_pdb(&H, P, &a, &z);
        /* Every way between the ends has the window's parity: at most
         * j - i - 2. A bridge gives up before a run it foresees past its
         * cap: bridges cut off by their cap took 46% of the polish's
         * states and shortened nothing (stop 69, docs/heuristic.md). */
        end = bs_bounded(sv, &a, &z, &H, j - i - 2, cap, 1, &s);
        spent += s.generated;
        if (s.generated > worst) worst = s.generated;
        bs_result_add(acc, &s);
        if (end != BS_END_MET) memo_put(&seen, key, end, most, s.generated);
      }
      if (end == BS_END_MET) {
        memmove(m + i + s.length, m + j, (size_t)(len - j));
        memcpy(m + i, s.moves, (size_t)s.length);
        len -= j - i - s.length;
        gained = 1;
      } else if (end != BS_END_LIMIT) {
        stopped = 1;
      } else if (!i && last && acc->floor < len) {
        acc->floor = len; /* no shorter way from b to where the answer leads */
      }
      if (last) break;
      for (int t = i; t < i + step && t < len; t++) bs_move(&a, bs_dir_from_char((unsigned char)m[t]));
    }
    /* A pass that gains goes again; one that proves every window shortest
     * tries longer windows, up to the whole answer, unless their bridges
     * are foreseen to overrun the budget; one whose bridges ran out of
     * budget has found the exact search's limit. */
    if (gained) continue;
    if (stopped || window >= len) break;
    const int next = window + window / 2;
    if (budget && window0 && foreseen(worst0, window0, worst, window, next) > (double)budget) break;
    worst0 = worst;
    window0 = window;
    window = next;
  }
  free(seen.slot);
  return len;
}

int bs_polish_relay(bs_solver *sv, const bs_board *b, char *m, int len, const bs_relay_plan *plan,
                    const bs_pdb *P, bs_result *acc) {
  const int step = plan->window / 2;
  uint64_t spent = 0;
  bs_board a = *b;
  for (int i = 0; i < len && spent < plan->total; i += step) {
    const int j = i + plan->window < len ? i + plan->window : len, last = j == len;
    bs_board z = a;
    for (int k = i; k < j; k++) bs_move(&z, bs_dir_from_char((unsigned char)m[k]));
    bs_heur H;
    bs_heur_beam(&H, &a, &z, plan->lc, plan->curve, P);
    /* What is left of the total, shared by the stretches left, so that the
     * whole answer gets its share; a beam generates about three states a
     * layer for each of its width, so the share sets the width. A beam
     * may take twice its share, no more, so that one that misses (it
     * would go on to its record's depth) leaves the stretches after it
     * theirs. */
    const uint64_t cap = plan->total - spent, share = cap / (uint64_t)((len - i + step - 1) / step),
                   fit = share / (3 * (uint64_t)(j - i)) + 1;
    if (!share) break; /* a budget of 0 would be no limit */
    const uint32_t width = fit < plan->width ? (uint32_t)fit : plan->width;
    const bs_policy beam = {.width = width, .extra = plan->extra, .recycle = 1, .H = &H,
                            .budget = 2 * share < cap ? 2 * share : cap,
                            .expect = (uint64_t)width * (uint64_t)(j - i) * 3};
    bs_result s;
    const bs_end end = bs_solver_engine(sv, &a, &z, &beam, &s);
    spent += s.generated;
    bs_result_add(acc, &s);
    if (end == BS_END_MET && s.length < j - i) {
      memmove(m + i + s.length, m + j, (size_t)(len - j));
      memcpy(m + i, s.moves, (size_t)s.length);
      len -= j - i - s.length;
    }
    if (last) break;
    for (int t = i; t < i + step && t < len; t++) bs_move(&a, bs_dir_from_char((unsigned char)m[t]));
  }
  return len;
}
