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

#include <math.h>
#include <string.h>

/* Linear conflicts at 2 moves a tile: the lower bound. */
#define LC_LOWER_BOUND 2

/* The parity of every answer of b: its blank's distance to the last cell. */
static int answer_parity(const bs_board *b) {
  int g = b->n - 1;
  return (b->blank % b->w + b->blank / b->w + g % b->w + g / b->w) & 1;
}

/* Each run starts afresh, so a run that costs little more than the last
 * wastes little; but where the heuristic is weak (narrow boards, rings),
 * raising the bound by 2 grows a run by little and the runs repeat each
 * other. So the bound rises by as much as makes the next run cost about
 * GROWTH times this one, judged by how this run grew over the last one
 * (their bounds `step` apart), and by at most MAX_STEP. A run past the
 * optimum still returns the shortest answer (bs_engine.h), only later. */
#define GROWTH 8.0
#define MAX_STEP 16

static int next_step(uint64_t last, uint64_t now, int step) {
  if (!last || !step || now <= last) return 2;
  double per2 = pow((double)now / (double)last, 2.0 / step), cost = 1;
  int k = 2;
  while (k < MAX_STEP && (cost *= per2) * per2 <= GROWTH) k += 2;
  return k;
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
  const bs_settings *set = o->set ? o->set : &bs_settings_default;
  const uint64_t budget = o->budget ? o->budget : (uint64_t)set->exact_budget;
  bs_policy p = {.recycle = o->recycle, .budget = budget};
  if (!bounded) {
    finish(bs_solver_engine(sv, b, &goal, &p, r), r);
    return;
  }
  bs_heur H;
  bs_heur_init(&H, b, &goal, LC_LOWER_BOUND);
  const bs_pdb *P = bs_solver_pdb(sv, b, o->pdb_dir, r);
  if (P) bs_heur_use_pdb(&H, P, b, &goal);
  p.H = &H;
  int c = (int)bs_score_value(bs_heur_word(&H, BS_FORWARD, b));
  c += (c ^ answer_parity(b)) & 1;
  p.floor = c; /* nothing shorter than the lower bound */
  bs_result run, sum;
  memset(&sum, 0, sizeof sum);
  bs_end end;
  uint64_t last = 0; /* states the last run generated, its bound `step` below */
  for (int step = 0;;) {
    p.bound = c;
    if (budget) p.budget = budget - sum.generated;
    end = bs_solver_engine(sv, b, &goal, &p, &run);
    bs_result_add(&sum, &run);
    /* A side that runs out within the bound, or sides whose depths add up
     * to it, prove there is no answer of c moves. Past the longest answer a
     * search can hold, a bound prunes nothing. */
    if ((end != BS_END_EXHAUSTED && end != BS_END_LIMIT) || c + 2 > BS_MAX_MOVES) break;
    if (budget && sum.generated >= budget) {
      end = BS_END_BUDGET;
      break;
    }
    p.floor = c + 2;
    step = next_step(last, run.generated, step);
    last = run.generated;
    c += step;
  }
  if (end == BS_END_EXHAUSTED || end == BS_END_LIMIT) end = BS_END_DEPTH;
  if (end == BS_END_MET) {
    memcpy(r->moves, run.moves, (size_t)run.length + 1);
    r->length = run.length;
  }
  bs_result_add(r, &sum);
  finish(end, r);
}
