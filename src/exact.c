/* bs_exact: the modes that prove their answers shortest, over the engine.
 *
 * bfs runs the engine once with no bound: its first meeting is shortest.
 * exact runs it bounded (bs_engine.h, bs_bounded below): C starts at the
 * heuristic's lower bound and rises, keeping the parity every answer of a
 * board has (grids are bipartite: each move takes the blank to a cell of
 * the other colour, so the length has the parity of the blank's distance
 * to its goal cell). A run that ends with no meeting of at most C moves
 * proves that none exists, and a run that meets returns the shortest way
 * of at most C moves, so the first C that meets gives the optimum. Its
 * heuristic is the wall-aware Manhattan distance plus linear conflicts at
 * the lower bound's weight of 2 moves a tile, and the layout's pattern
 * databases when the pdb_mem setting allows (auto mode's short try: from
 * effort 2, the tables of the heuristic mode's beams), and in exact mode
 * the tuple tables where they pay (bs_tuples.h, use_tuples below): the
 * largest, admissible. */
#include "bs_solver.h"
#include "bs_tuples.h"

#include <math.h>
#include <string.h>

/* Each run starts afresh, so a run that costs little more than the last
 * wastes little; but where the heuristic is weak (narrow boards, rings),
 * raising the bound by 2 grows a run by little and the runs repeat each
 * other. So the bound rises by as much as makes the next run cost about
 * GROWTH times this one, judged by how this run grew over the last one
 * (their bounds `step` apart), and by at most MAX_STEP. A run past the
 * optimum still returns the shortest way (bs_engine.h), only later.
 * *cost is what the next run should cost at that rate (0: no rate yet). */
#define GROWTH 8.0
#define MAX_STEP 16

static int next_step(uint64_t last, uint64_t now, int step, double *cost) {
  *cost = 0;
  if (!last || !step || now <= last) return 2;
  /* c is the growth over a step of k: per2 to the power k / 2. */
  double per2 = pow((double)now / (double)last, 2.0 / step), c = per2;
  int k = 2;
  while (k < MAX_STEP && c * per2 <= GROWTH) c *= per2, k += 2;
  *cost = (double)now * c;
  return k;
}

/* The parity of every way between two boards of one layout: the blank's
 * distance between them (grids are bipartite). */
static int way_parity(const bs_board *from, const bs_board *to) {
  int dx = from->blank % from->w - to->blank % to->w, dy = from->blank / from->w - to->blank / to->w;
  return (dx + dy) & 1;
}

/* Maps how a run ended to the result of the mode. */
static void finish(bs_end end, bs_result *r) {
  r->phase[BS_PHASE_EXACT] = r->generated; /* every state of the mode's */
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

/* The tiles of exact mode's tuples: the most tuple_tiles allows whose
 * tables, both sides', fit tuple_mem (bs_solver_tuple_bytes) within the
 * side bytes; those bytes are kept out of the pattern databases' share. */
static int tuple_k(const bs_solver *sv, const bs_settings *set, const bs_board *b) {
  uint64_t most = bs_solver_tuple_bytes(set, sv->mem);
  if (most > sv->side) most = sv->side;
  return bs_tuples_pick(b, (int)set->tuple_tiles, most);
}

/* Whether tuple tables may pay on b: its pairs toward the goal (T[0],
 * built here, kept for use_tuples) bound b higher than the wall-aware
 * Manhattan distance with conflicts (md) does. Pairs build in a fraction
 * of the time of triples, and on open boards scrambled far they almost
 * never do: there nothing more is built. */
static int tuples_may_pay(const bs_board *b, const bs_board *goal, int k, const bs_heur *H, bs_tuples *T,
                          bs_result *r) {
  const double t0 = bs_now_ms();
  const int pay = !bs_tuples_build(&T[0], goal, k < 2 ? k : 2) &&
                  bs_tuples_board(&T[0], b) > bs_heur_score(H, BS_FORWARD, b);
  if (!pay) bs_tuples_free(&T[0]);
  r->pdb_ms += bs_now_ms() - t0;
  return pay;
}

/* Then the triples where k allows them (they see at least as much as the
 * pairs: each pair's abstraction is coarser than a triple's holding it),
 * used where they bound b higher than H does (the pattern databases too):
 * elsewhere every child would read them for nothing. Of those toward the
 * goal (T[0]) it keeps the tuple_keep that bound b highest, builds the
 * same tuples toward b (T[1]), and adds both to H. */
static void use_tuples(const bs_settings *set, const bs_board *b, const bs_board *goal, int k, bs_heur *H,
                       bs_tuples *T, bs_result *r) {
  const double t0 = bs_now_ms();
  bs_tuples more;
  if (k > T[0].k && !bs_tuples_build(&more, goal, k)) {
    bs_tuples_free(&T[0]);
    T[0] = more;
  }
  if (bs_tuples_board(&T[0], b) > (int)bs_score_value(bs_heur_word(H, BS_FORWARD, b))) {
    bs_tuples_keep(&T[0], b, (int)set->tuple_keep);
    if (bs_tuples_build_like(&T[1], b, &T[0])) bs_tuples_free(&T[0]);
  }
  if (T[1].n) {
    bs_heur_use_tuples(H, &T[0], &T[1]);
  } else {
    bs_tuples_free(&T[0]);
  }
  r->pdb_ms += bs_now_ms() - t0;
}

void bs_exact_solve(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_prove how, bs_result *r) {
  if (bs_settled(b, r)) return;
  bs_board goal;
  bs_goal(b, &goal);
  const bs_settings *set = o->set ? o->set : &bs_settings_default;
  const uint64_t budget = o->budget ? o->budget : (uint64_t)set->exact_budget;
  if (how == BS_PROVE_BFS) {
    bs_policy p = {.recycle = o->recycle, .budget = budget};
    finish(bs_solver_engine(sv, b, &goal, &p, r), r);
    r->floor = r->status == BS_ST_SOLVED ? r->length : bs_lower_bound(b);
    return;
  }
  bs_heur H;
  bs_heur_init(&H, b, &goal, BS_LC_LOWER_BOUND);
  bs_tuples T[2] = {{0}};
  int k = how == BS_PROVE_PDB ? tuple_k(sv, set, b) : 0;
  const uint64_t tuples = k ? 2 * bs_tuples_bytes(b, k) : 0;
  uint64_t pdb = (uint64_t)set->pdb_mem << 20;
  if (pdb > sv->side - tuples) pdb = sv->side - tuples;
  const bs_pdb *P = how == BS_PROVE_PDB ? bs_solver_pdb(sv, b, pdb, o, r) : bs_solver_first_pdb(sv, set, b, r);
  if (P) bs_heur_use_pdb(&H, P, b, &goal);
  if (k && !tuples_may_pay(b, &goal, k, &H, T, r)) k = 0;
  bs_result run;
  /* Both runs below give up before a run they foresee past the budget
   * (bs_bounded): cut off, it would prove nothing, and auto's try spends
   * what that saves on a larger budget (stop 69, docs/heuristic.md). */
  bs_end end = BS_END_BUDGET;
  uint64_t spent = 0;
  int floor = 0;
  /* Where they may pay, the tuple tables wait until tuple_after states
   * have not settled the board: most boards never pay for a build, and
   * one that needs them pays at most those states more (the runs before
   * are searched again, with the tables). */
  const uint64_t after = (uint64_t)set->tuple_after;
  if (k && after && (!budget || after < budget)) {
    end = bs_bounded(sv, b, &goal, &H, BS_MAX_MOVES, after, o->recycle, &run);
    if (end == BS_END_BUDGET) {
      spent = run.generated;
      floor = run.floor;
      bs_result_add(r, &run);
    }
  }
  /* A run may overshoot its budget by a parent's children: nothing left
   * is no run, never a budget of 0 (no limit). */
  if (end == BS_END_BUDGET && (!budget || spent < budget)) {
    if (k) use_tuples(set, b, &goal, k, &H, T, r);
    end = bs_bounded(sv, b, &goal, &H, BS_MAX_MOVES, budget ? budget - spent : 0, o->recycle, &run);
  }
  /* No way within the longest answer a search can hold: not a proof. */
  if (end == BS_END_LIMIT) end = BS_END_DEPTH;
  if (end == BS_END_MET) {
    memcpy(r->moves, run.moves, (size_t)run.length + 1);
    r->length = run.length;
  }
  r->floor = run.floor > floor ? run.floor : floor;
  bs_result_add(r, &run);
  finish(end, r);
  bs_tuples_free(&T[0]);
  bs_tuples_free(&T[1]);
}

bs_end bs_bounded(bs_solver *sv, const bs_board *from, const bs_board *to, const bs_heur *H, int most,
                  uint64_t budget, int recycle, bs_result *r) {
  bs_policy p = {.recycle = recycle, .H = H};
  int c = (int)bs_score_value(bs_heur_word(H, BS_FORWARD, from));
  c += (c ^ way_parity(from, to)) & 1;
  int floor = c; /* nothing is shorter than the lower bound, nor than a bound searched whole */
  bs_result sum;
  memset(&sum, 0, sizeof sum);
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  bs_end end = BS_END_LIMIT;
  uint64_t last = 0; /* states the last run generated, its bound `step` below */
  for (int step = 0; floor <= most;) {
    p.bound = c < most ? c : most;
    if (budget) p.budget = budget - sum.generated;
    end = bs_solver_engine(sv, from, to, &p, r);
    bs_result_add(&sum, r);
    /* A side that runs out within the bound, or sides whose depths add up
     * to it, prove there is no way of at most c moves. */
    if (end == BS_END_EXHAUSTED) end = BS_END_LIMIT;
    if (end != BS_END_LIMIT) break;
    /* What was searched: the bound, clipped to `most` (a raised c may
     * pass it); the floor is the next length of the ways' parity. A run
     * that ended at its bound proved it, even on the last of the budget. */
    floor = p.bound + 1;
    floor += (floor ^ c) & 1;
    if (budget && sum.generated >= budget) {
      end = BS_END_BUDGET;
      break;
    }
    double cost;
    step = next_step(last, r->generated, step, &cost);
    last = r->generated;
    c += step;
    /* The next run's table, sized for what it should cost (within the
     * budget left; no store holds 2^32 states), is not rehashed as it
     * grows. */
    p.expect = cost < (double)UINT32_MAX ? (uint64_t)cost : UINT32_MAX;
    if (budget && p.expect > budget - sum.generated) p.expect = budget - sum.generated;
    /* A run that should cost more than the budget has left would most
     * likely be cut off by it: the states it spent would prove nothing. */
    if (budget && cost > (double)(budget - sum.generated)) {
      end = BS_END_BUDGET;
      break;
    }
  }
  r->floor = end == BS_END_MET ? r->length : floor;
  r->generated = sum.generated, r->expanded = sum.expanded;
  r->peak_states = sum.peak_states, r->peak_bytes = sum.peak_bytes;
  return end;
}
