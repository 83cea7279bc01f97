/* bs_heuristic: the heuristic mode, written once over the engine.
 *
 * First the bidirectional beam (bs_engine.h), ranking states by the
 * wall-aware Manhattan distance plus linear conflicts: its answers are
 * short, and it answers most boards within its budget. A beam that finds
 * nothing is retried with conflicts weighing more (lc_retry): a greedier
 * score that resolves tiles out of line first, which is what boards of
 * rings need; then, if the settings ask for it, with a wide beam. Where
 * none answers, the constructor (bs_construct.h) answers, and it answers
 * every solvable board: that is the guarantee, not a wider beam. Every answer
 * then has its loops cut and its windows polished (bs_polish.h). All
 * budgets count generated states, never time, so answers repeat exactly;
 * none is marked optimal. */
#include "bs_polish.h"

#include <stdlib.h>
#include <string.h>

/* The constructor, in the solver's side bytes, allocated the first time a
 * board needs it. Returns 0 with the answer in sv->con, or -1 when the
 * workspace does not fit the side bytes or holds no plan for the layout. */
static int constructor(bs_solver *sv, const bs_board *b) {
  if (!sv->con_ready) {
    char err[128];
    if (bs_construct_init(&sv->con, (size_t)sv->side, err, sizeof err)) return -1;
    sv->con_ready = 1;
  }
  return bs_construct_solve(&sv->con, b);
}

void bs_heuristic_solve(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_result *r) {
  if (bs_settled(b, r)) return;
  const bs_settings *set = o->set ? o->set : &bs_settings_default;
  bs_board goal;
  bs_goal(b, &goal);
  const uint64_t effort = (uint64_t)set->effort;
  const uint64_t budget = o->budget ? o->budget : (uint64_t)set->beam_budget * effort;
  bs_result s;
  bs_end end;
  /* A beam that loses its way (no meeting within the depth a record
   * holds, or both sides die out) is retried with the greedier score of
   * lc_retry on what is left of the budget (the first beam has half, so
   * that the retry always runs); then, if rescue_budget allows (it is 0
   * by default) and the caller set no budget, once more as wide as
   * rescue_width: a wide beam keeps enough boards to find its way round
   * rings near the goal, where a narrow one gets lost, but rarely on
   * boards scrambled far (docs/heuristic.md). Then the constructor. */
  const struct { int lc; uint64_t width, budget; } beams[] = {
      {(int)set->lc_weight, (uint64_t)set->beam_width * effort, budget / 2},
      {(int)set->lc_retry, (uint64_t)set->beam_width * effort, budget - budget / 2},
      {(int)set->lc_retry, (uint64_t)set->rescue_width * effort, o->budget ? 0 : (uint64_t)set->rescue_budget * effort},
  };
  uint64_t left = 0; /* what the last beam left of its budget */
  end = BS_END_BUDGET;
  for (size_t k = 0; k < sizeof beams / sizeof *beams; k++) {
    uint64_t give = beams[k].budget + (k == 1 ? left : 0);
    if (!give) continue;
    bs_heur H;
    bs_heur_init(&H, b, &goal, beams[k].lc);
    bs_policy beam = {.width = beams[k].width > UINT32_MAX ? UINT32_MAX : (uint32_t)beams[k].width,
                      .extra = (int)set->beam_extra, .recycle = 1, .H = &H, .budget = give};
    end = bs_solver_engine(sv, b, &goal, &beam, &s);
    bs_result_add(r, &s);
    if (end == BS_END_MET || end == BS_END_MEMORY) break;
    left = give > s.generated ? give - s.generated : 0;
  }
  char *m = NULL;
  int len;
  if (end == BS_END_MET) {
    len = s.length;
    m = malloc((size_t)len + 1);
    if (m) memcpy(m, s.moves, (size_t)len);
  } else if (constructor(sv, b) == 0) {
    len = (int)sv->con.len;
    m = malloc((size_t)len + 1);
    if (m) memcpy(m, sv->con.moves, (size_t)len);
  } else {
    r->reason = "memory cap"; /* the beam found nothing, and the constructor has no room */
    return;
  }
  if (!m || (len = bs_polish_loops(b, m, len)) < 0) {
    free(m);
    r->reason = "out of memory";
    return;
  }
  if (set->polish_budget)
    len = bs_polish_windows(sv, b, m, len, (int)set->polish_window, (uint64_t)set->polish_budget * effort,
                            (uint64_t)set->polish_total * effort, r);
  if (len > BS_ANSWER_MAX) {
    free(m);
    r->reason = "answer too long";
    return;
  }
  memcpy(r->moves, m, (size_t)len);
  r->moves[len] = 0;
  r->length = len;
  r->status = BS_ST_SOLVED;
  r->reason = NULL;
  free(m);
}
