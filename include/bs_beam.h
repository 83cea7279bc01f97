/* bs_beam: the heuristic search, a bidirectional beam search in the store.
 *
 * Each side grows a layer at a time from its root (the start board forward,
 * the goal backward), always the side with the smaller beam. Every child is
 * looked up in the one table of both sides: a loop is dropped, a board the
 * other side holds is a meeting (an answer: the two records' paths joined),
 * a new board is stored with its score (bs_heur.h) toward the other side's
 * root. Then only the best `width` states of the new layer by score are
 * expanded next: a histogram of the small integer scores gives the cut, and
 * the others are marked in their score word and stay in the table as seen
 * boards, for loop checks and extra meetings. Ties go to the lower id, so
 * runs repeat exactly. When the store fills, all but the roots and each
 * side's last two layers are recycled, as in the exact search.
 *
 * bs_heuristic_<store> runs beams of growing width until one meets, within
 * the store's capacity and a budget of generated states, then shortens the
 * answer (bs_shorten_<store>: paths that return to an earlier board, and
 * stretches that a small exact search can replace). Its answers are never
 * marked optimal. */
#ifndef BS_BEAM_H
#define BS_BEAM_H

#include <stdint.h>

#include "bs_heur.h"
#include "bs_search.h"

#define BS_PRUNED 0x80000000u /* score word: not in the beam */
#define BS_HIST 32768          /* scores above are ranked as BS_HIST - 1 */

typedef struct bs_beam_opts {
  uint32_t width;  /* states a side keeps per layer */
  uint64_t budget; /* generated states before giving up; 0: no limit */
  int extra;       /* layers to go on after the first meeting, for a shorter one */
  int div;
  int one_side;    /* forward only, to any board of score 0 (a partial goal) */
} bs_beam_opts;

int bs_beam_arena(bs_arena *st, const bs_board *start, const bs_heur *H, const bs_beam_opts *bo,
                  bs_result *r);
int bs_heuristic_arena(bs_arena *st, const bs_board *start, const bs_opts *o, bs_result *r);

#endif
