/* bs_engine: the one search loop of bislide, a layered bidirectional
 * search in a store of states, driven by a policy.
 *
 * The forward side grows from board `from`, the backward side from board
 * `to`, a whole layer at a time, always the side with the smaller frontier.
 * Every child is looked up in the one table of both sides: a board this side
 * holds is a loop (dropped), a board the other side holds is a meeting (an
 * answer: the two records' own paths joined), a new board is stored. The
 * policy says what else happens:
 *
 *   exact        width 0, no bound: every state of a layer is expanded, and
 *                the first meeting is a shortest way (proof in
 *                src/engine_impl.h).
 *   bounded      width 0, bound C, scores of an admissible heuristic: a
 *                state whose depth + score exceeds C is not stored, and
 *                only meetings of at most C moves count. The first meeting
 *                is a shortest way, as in the exact run (proof in
 *                src/engine_impl.h); none within C proves that there is
 *                no way of at most C moves (src/exact.c raises C).
 *   beam         width W: each side expands only the W best states of a
 *                layer by score, and goes on `extra` layers after the first
 *                meeting, for a shorter one. Once the forward side is
 *                half a record deep, the backward side waits while its
 *                depth is at least half the forward side's depth plus best
 *                score: the way may be longer than two records hold. It
 *                also waits while that foreseen way is longer than `far`
 *                moves: beams that far apart meet only near the goal. A
 *                beam whose forward side goes `stall` layers without a
 *                new least score has lost its way (BS_END_STALL). A beam
 *                out of depth, budget or way (BS_END_DEPTH, BS_END_BUDGET,
 *                BS_END_STALL) that has not met leaves the way to its
 *                forward side's best-scored state, to go on from there.
 *
 * Scores come from a bs_heur built for the pair `from`, `to` (bs_heur.h):
 * its forward side scores the distance to `to`, its backward side the
 * distance to `from`. `to` is any board of from's layout: the goal, a
 * polish window's end, or the board itself for a beam run from the goal.
 *
 * When the store fills, each side keeps its last two layers (and the roots)
 * and older records are dropped and the rest renumbered (recycling): a new
 * state of a layered search can only repeat its side's last layers, and a
 * shortest way is met at the frontiers.
 *
 * The loop is written once (src/engine_impl.h) and compiled once per store
 * (src/engine_<store>.c), against the static inline store API of
 * bs_store.h, so no state goes through a function pointer. */
#ifndef BS_ENGINE_H
#define BS_ENGINE_H

#include <stdint.h>

#include "bs_board.h"
#include "bs_heur.h"
#include "bs_search.h"
#include "bs_store.h"

/* A beam's width is at most the store's capacity over this: recycling
 * keeps about 15 widths, so it then frees at least half of the store. */
#define BS_BEAM_SHARE 32

typedef struct bs_policy {
  uint32_t width;     /* states a side expands per layer (at most the store's capacity
                       * over BS_BEAM_SHARE); 0: all of them */
  int bound;          /* 0, or the most moves a counted meeting may have; prunes by depth + score */
  int extra;          /* with a width: layers after the first meeting */
  unsigned far;       /* with a width and scores: the backward side waits while the forward
                       * side foresees a longer way (its depth and best score); 0: never */
  unsigned stall;     /* with a width and scores: forward layers without a new least score
                       * before the run ends (BS_END_STALL); 0: never */
  int recycle;        /* drop old layers when the store is full, instead of stopping */
  uint64_t budget;    /* generated states before stopping; 0: no limit */
  uint64_t expect;    /* states the run should store: its table is sized for them at
                       * once instead of rehashed as it grows (0: it grows) */
  const bs_heur *H;   /* scores: rank the beam, prune against the bound; NULL: none */
} bs_policy;

/* How a run ended. */
typedef enum {
  BS_END_MET = 0,   /* an answer is in the result */
  BS_END_EXHAUSTED, /* a side (with a width: both) had nothing left to expand */
  BS_END_LIMIT,     /* no meeting within the bound is left */
  BS_END_BUDGET,    /* the policy's budget of generated states is spent; a beam
                     * leaves its closest way as on BS_END_DEPTH */
  BS_END_MEMORY,    /* the store is full and recycling frees too little */
  BS_END_DEPTH,     /* a side's path would outgrow the record (BS_PATH_MAX); a beam
                     * leaves in the result's moves and length the way to its
                     * forward side's best-scored frontier state */
  BS_END_STALL,     /* a beam's forward side went the policy's `stall` layers
                     * without a new least score; it leaves its closest way as
                     * on BS_END_DEPTH */
} bs_end;

/* Reason strings for a run that did not meet, for results. */
const char *bs_end_reason(bs_end e);

/* Runs the policy from `from` to `to` (different boards of one layout) in
 * the store. Sets r from scratch: counts, peaks, and on BS_END_MET the
 * answer (status solved, reason NULL); otherwise status gave-up and
 * bs_end_reason as its reason. */
bs_end bs_engine_arena(bs_arena *st, const bs_board *from, const bs_board *to, const bs_policy *p,
                       bs_result *r);
bs_end bs_engine_object(bs_object *st, const bs_board *from, const bs_board *to, const bs_policy *p,
                        bs_result *r);
bs_end bs_engine_pool(bs_pool *st, const bs_board *from, const bs_board *to, const bs_policy *p,
                      bs_result *r);

#endif
