/* bs_solver_solve: the choice of mode for a board, and auto mode: exact
 * mode's try within its budget, then the heuristic mode. It stands above
 * the modes (src/exact.c, src/heuristic.c), which stand on src/solver.c. */
#include "bs_solver.h"

/* An answer as short as what no answer can beat is a shortest one. */
static void proven_by_floor(bs_result *r) {
  if (r->status == BS_ST_SOLVED && r->length <= r->floor) r->optimal = 1;
}

void bs_solver_solve(bs_solver *sv, const bs_board *b, bs_mode mode, const bs_opts *o, bs_result *r) {
  if (mode == BS_MODE_EXACT || mode == BS_MODE_BFS) {
    bs_exact_solve(sv, b, o, mode == BS_MODE_EXACT ? BS_PROVE_PDB : BS_PROVE_BFS, r);
    return;
  }
  const bs_settings *set = o->set ? o->set : &bs_settings_default;
  /* auto_exact 0 is no exact try: as a budget, 0 would be "no limit". */
  if (mode == BS_MODE_HEURISTIC || !set->auto_exact) {
    bs_heuristic_solve(sv, b, o, r);
    proven_by_floor(r);
    return;
  }
  bs_opts eo = *o;
  const uint64_t most = (uint64_t)set->auto_exact * (uint64_t)set->effort;
  if (!eo.budget || eo.budget > most) eo.budget = most;
  /* From effort 2 the try is scored by the tables the beams would build
   * first anyway, kept for them: they settle many boards within the budget
   * with a proven shortest answer, and the beams and the polish are spared. */
  bs_exact_solve(sv, b, &eo, BS_PROVE_BOUNDED, r);
  if (r->status != BS_ST_GAVE_UP) return; /* solved (optimal) or proven unsolvable */
  bs_result e = *r;
  bs_opts ho = *o;
  if (ho.budget) ho.budget = ho.budget > e.generated ? ho.budget - e.generated : 1;
  bs_heuristic_solve(sv, b, &ho, r);
  bs_result_add(r, &e);
  if (e.floor > r->floor) r->floor = e.floor; /* what the try proved */
  proven_by_floor(r);
}
