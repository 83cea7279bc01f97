/* bs_beam: the heuristic mode, a bidirectional beam search in the store.
 *
 * bs_beam_<store>: each side grows a layer at a time from its root (the
 * start board forward, the goal backward), always the side with the smaller
 * beam. Every child is looked up in the one table of both sides: a loop is
 * dropped, a board the other side holds is a meeting (an answer: the two
 * records' paths joined), a new board is stored with its score (bs_heur.h)
 * toward the other side's root. Then only the best `width` states of the
 * new layer by score are expanded next: a histogram of the small integer
 * scores gives the cut, and the others are marked BS_PRUNED in their score
 * word and stay in the table as seen boards, for loop checks and extra
 * meetings. Ties go to the lower id, so runs repeat exactly. When the store
 * fills, all but the roots and each side's last two layers are recycled.
 *
 * bs_staged_<store>: for boards whose corridors defeat the beam (the score
 * cannot see that tiles in a one-cell-wide passage keep their order). It
 * fills the board a few cells at a time, farthest from the blank's goal
 * first, each by a small search over just those tiles and the blank, and
 * finishes the last cells with the exact search. Long answers, but sure.
 * With `relax`, for when that fill order gets stuck (rings it may not
 * break, a rest too big or locked for the exact search): a dead-end cell
 * first (in a one-cell passage only the tile at its mouth can ever change,
 * so passages fill from the far end), else a cell that may cut the rest,
 * one cell a stage, until no dead end is left to the exact search, within
 * BS_RELAXED_BUDGET generated states.
 *
 * bs_heuristic_<store>, the heuristic mode: a beam of BS_BEAM_WIDTH; if it
 * fails or its answer is far longer than the score (2 * score +
 * BS_FAIR_SLACK), the exact search within BS_HARD_EXACT_BUDGET, then beams
 * four and sixteen times wider, all within BS_HEUR_BUDGET generated states
 * a board (or the caller's budget); with still no answer, the staged solver
 * with its answer shortened (every stretch of BS_SHORTEN_SPAN moves replaced
 * by a shortest way between its ends when there is a shorter one), and if
 * that is stuck too, one beam BS_RESCUE_WIDEN times wider, then the relaxed
 * staged solver, then the last beams (BS_LAST_BEAMS: other widths and
 * score weights, no length limit; these not under a caller's budget).
 * Every answer has
 * its loops cut (stretches that come back to an earlier board). All
 * decisions count generated states, never time, so the answers are the same
 * on every run and machine. Its answers are never marked optimal. */
#ifndef BS_BEAM_H
#define BS_BEAM_H

#include <stdint.h>

#include "bs_heur.h"
#include "bs_search.h"

#define BS_PRUNED 0x80000000u /* score word: not in the beam */
#define BS_HIST 2048          /* scores at or above rank as BS_HIST - 1 */

/* The heuristic mode's settings (see above); -D overrides them for tuning. */
#ifndef BS_BEAM_WIDTH
#define BS_BEAM_WIDTH 1500
#endif
#ifndef BS_BEAM_WIDEN
#define BS_BEAM_WIDEN 16 /* the widest retry, times BS_BEAM_WIDTH */
#endif
#ifndef BS_BEAM_EXTRA
#define BS_BEAM_EXTRA 4 /* layers after the first meeting */
#endif
#ifndef BS_LC_WEIGHT
#define BS_LC_WEIGHT 3 /* per tile that must leave its line: 2 is the lower bound */
#endif
#ifndef BS_FAIR_SLACK
#define BS_FAIR_SLACK 16
#endif
#ifndef BS_HEUR_BUDGET
#define BS_HEUR_BUDGET 5000000 /* generated states a board may take, unless --budget */
#endif
#ifndef BS_RESCUE_WIDEN
#define BS_RESCUE_WIDEN 32 /* a beam, times BS_BEAM_WIDTH, when the staged solver is stuck */
#endif
#ifndef BS_RESCUE_BUDGET
#define BS_RESCUE_BUDGET 4000000
#endif
#ifndef BS_LAST_BEAMS /* the last beams, when nothing has worked: {widen, lc weight, budget} */
#define BS_LAST_BEAMS {{16, 3, 9000000}, {16, 5, 9000000}, {13, 3, 11000000}}
#endif
#ifndef BS_HARD_EXACT_BUDGET
#define BS_HARD_EXACT_BUDGET 500000
#endif
#ifndef BS_STAGE_CELLS
#define BS_STAGE_CELLS 6 /* cells a stage of the staged solver fills */
#endif
#ifndef BS_STAGE_WIDTH
#define BS_STAGE_WIDTH 5000 /* its beam, for stages of three tiles or more */
#endif
#ifndef BS_STAGED_EXACT
#define BS_STAGED_EXACT 12 /* loose cells it leaves to the exact search */
#endif
#ifndef BS_STAGED_EXACT_BUDGET
#define BS_STAGED_EXACT_BUDGET 2000000
#endif
#ifndef BS_RELAXED_BUDGET
#define BS_RELAXED_BUDGET 6000000 /* generated states after which the relaxed run starts no stage */
#endif
#ifndef BS_SHORTEN_SPAN
#define BS_SHORTEN_SPAN 28
#endif
#ifndef BS_SHORTEN_BUDGET
#define BS_SHORTEN_BUDGET 200000 /* generated states per stretch */
#endif

typedef struct bs_beam_opts {
  uint32_t width;  /* states a side keeps per layer */
  uint64_t budget; /* generated states before giving up; 0: no limit */
  int extra;       /* layers to go on after the first meeting, for a shorter one */
  int max_len;     /* give up when no answer shorter than this is left; 0: none */
  int one_side;    /* forward only, to any board of score 0 (a partial goal) */
} bs_beam_opts;

int bs_beam_arena(bs_arena *st, const bs_board *start, const bs_heur *H, const bs_beam_opts *bo,
                  bs_result *r);
int bs_beam_object(bs_object *st, const bs_board *start, const bs_heur *H, const bs_beam_opts *bo,
                   bs_result *r);
int bs_beam_pool(bs_pool *st, const bs_board *start, const bs_heur *H, const bs_beam_opts *bo,
                 bs_result *r);

int bs_staged_arena(bs_arena *st, const bs_board *start, const bs_opts *o, int relax, bs_result *r);
int bs_staged_object(bs_object *st, const bs_board *start, const bs_opts *o, int relax, bs_result *r);
int bs_staged_pool(bs_pool *st, const bs_board *start, const bs_opts *o, int relax, bs_result *r);

int bs_heuristic_arena(bs_arena *st, const bs_board *start, const bs_opts *o, bs_result *r);
int bs_heuristic_object(bs_object *st, const bs_board *start, const bs_opts *o, bs_result *r);
int bs_heuristic_pool(bs_pool *st, const bs_board *start, const bs_opts *o, bs_result *r);

#endif
