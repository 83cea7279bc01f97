/* bs_exact: the modes that prove their answers shortest, over the engine.
 *
 * bfs runs the engine once with no bound: its first meeting is shortest.
 * exact runs it bounded (bs_engine.h): C starts at the heuristic's lower
 * bound and grows by 2, since every answer of a board has the same parity
 * (grids are bipartite: each move takes the blank to a cell of the other
 * colour, so the length has the parity of the blank's distance to its goal
 * cell). A run that ends with no meeting of at most C moves proves that
 * none exists, so the first C that meets is the optimum. Its heuristic is
 * the wall-aware Manhattan distance plus linear conflicts at the lower
 * bound's weight of 2 moves a tile: admissible and consistent. */
#include "bs_solver.h"

#include <string.h>

/* The parity of every way between two boards of one layout: the blank's
 * distance between them (grids are bipartite). */
static int way_parity(const bs_board *from, const bs_board *to) {
  int dx = from->blank % from->w - to->blank % to->w, dy = from->blank / from->w - to->blank / to->w;
  return (dx + dy) & 1;
}

/* Maps how a run ended to the result of the mode. */
static void finish(bs_end end, bs_result *r) {
  if (end == BS_END_MET) {
    r->status = BS_ST_SOLVED;
    r->optimal = 1;
    r->reason = NULL;
  } else if (end == BS_END_EXHAUSTED) {
    /* Unbounded, one side has seen its whole component without meeting. */
    r->status = BS_ST_UNSOLVABLE;
    r->reason = bs_end_reason(end);
  } else {
    r->status = BS_ST_GAVE_UP;
    r->reason = bs_end_reason(end);
  }
}

void bs_exact_solve(bs_solver *sv, const bs_board *b, const bs_opts *o, int bounded, bs_result *r) {
  if (bs_settled(b, r)) return;
  bs_board goal;
  bs_goal(b, &goal);
  bs_policy p = {.recycle = o->recycle, .budget = o->budget};
  if (!bounded) {
    finish(bs_solver_engine(sv, b, &goal, &p, r), r);
    return;
  }
  bs_heur H;
  bs_heur_init(&H, b, &goal, BS_LC_LOWER_BOUND);
  const bs_pdb *P = bs_solver_pdb(sv, b, o->pdb_dir, r);
  if (P) bs_heur_use_pdb(&H, P, b, &goal);
  bs_result run;
  bs_end end = bs_bounded(sv, b, &goal, &H, BS_MAX_MOVES, o->budget, o->recycle, &run);
  /* No way within the longest answer a search can hold: not a proof. */
  if (end == BS_END_LIMIT) end = BS_END_DEPTH;
  if (end == BS_END_MET) {
    memcpy(r->moves, run.moves, (size_t)run.length + 1);
    r->length = run.length;
  }
  bs_result_add(r, &run);
  finish(end, r);
}

bs_end bs_bounded(bs_solver *sv, const bs_board *from, const bs_board *to, const bs_heur *H, int most,
                  uint64_t budget, int recycle, bs_result *r) {
  bs_policy p = {.recycle = recycle, .H = H};
  int c = (int)bs_score_value(bs_heur_word(H, BS_FORWARD, from));
  c += (c ^ way_parity(from, to)) & 1;
  bs_result sum;
  memset(&sum, 0, sizeof sum);
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  bs_end end = BS_END_LIMIT;
  for (; c <= most; c += 2) {
    p.bound = c;
    if (budget) p.budget = budget - sum.generated;
    end = bs_solver_engine(sv, from, to, &p, r);
    bs_result_add(&sum, r);
    /* A side that runs out within the bound, or sides whose depths add up
     * to it, prove there is no way of c moves: try c + 2. */
    if (end == BS_END_EXHAUSTED) end = BS_END_LIMIT;
    if (end != BS_END_LIMIT) break;
    if (budget && sum.generated >= budget) {
      end = BS_END_BUDGET;
      break;
    }
  }
  r->generated = sum.generated, r->expanded = sum.expanded;
  r->peak_states = sum.peak_states, r->peak_bytes = sum.peak_bytes;
  return end;
}
