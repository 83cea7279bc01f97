/* Exhaustive optimality of the exact search: every state of the 2x3 and
 * 2x4 boards (and their transposes), thousands of random 3x3 states and
 * boards with walls, each compared with the distance from a plain BFS
 * written here (tests/bs_test.h), and every answer replayed. */
#include "bs_test.h"

#include "bs_heur.h"
#include "bs_solver.h"
#include "bs_verify.h"

#define MEM (16u << 20)

static bs_solver sv;

static void setup(void) {
  char err[200];
  cr_assert_eq(bs_solver_init(&sv, BS_STORE_ARENA, MEM, 0, err, sizeof err), 0, "%s", err);
}

static void teardown(void) { bs_solver_free(&sv); }

TestSuite(search, .init = setup, .fini = teardown);

/* bs_solvability is exact, so the search never runs out of states to
 * prove a board unsolvable: the reason is always one of its five. */
static int is_unsolvable_reason(const char *why) {
  static const char *const known[] = {"tile cut off", "tile locked in a dead end",
                                      "tile cannot reach its goal", "parity", "ring order"};
  for (size_t i = 0; why && i < sizeof known / sizeof *known; i++)
    if (!strcmp(why, known[i])) return 1;
  return 0;
}

/* Solves b in one mode and checks the result against the BFS distance
 * (-1: none). */
static void check_mode(bs_solver *s, const bs_board *b, int want, const bs_opts *o, bs_mode mode,
                       const char *what) {
  static bs_result r;
  char text[BS_BOARD_TEXT];
  bs_board_format(b, text);
  bs_solver_solve(s, b, mode, o, &r);
  if (want < 0) {
    cr_assert_eq(r.status, BS_ST_UNSOLVABLE, "%s %s: unsolvable, got %s (%s) %s", what, text,
                 bs_status_name(r.status), r.reason ? r.reason : "", r.moves);
    cr_assert(is_unsolvable_reason(r.reason), "%s %s: reason %s", what, text, r.reason);
    cr_assert_not(r.optimal);
    return;
  }
  cr_assert_eq(r.status, BS_ST_SOLVED, "%s %s: %d moves, got %s (%s)", what, text, want,
               bs_status_name(r.status), r.reason ? r.reason : "");
  cr_assert_eq(r.length, want, "%s %s: %d moves, got %d (%s)", what, text, want, r.length, r.moves);
  cr_assert_eq(strlen(r.moves), (size_t)want, "%s %s", what, text);
  cr_assert(r.optimal, "%s %s", what, text);
  cr_assert_null(r.reason, "%s %s", what, text);
  size_t at;
  int fault = bs_replay(b, r.moves, strlen(r.moves), &at);
  cr_assert_eq(fault, BS_RP_OK, "%s %s: %s %s at move %zu", what, text, r.moves, bs_replay_fault(fault), at);
}

/* Both proving modes: the bounded exact search and plain breadth-first. */
static void check(bs_solver *s, const bs_board *b, int want, const bs_opts *o, const char *what) {
  check_mode(s, b, want, o, BS_MODE_EXACT, what);
  check_mode(s, b, want, o, BS_MODE_BFS, what);
}

static const bs_opts recycled = {.recycle = 1, .budget = 0};
static const bs_opts unrecycled = {.recycle = 0, .budget = 0};

/* Every step-th arrangement with the walls in place (step 1: all of
 * them), solved and checked; returns how many were solvable. */
static uint32_t states_of(int w, int h, uint64_t wall, const bs_opts *o, uint32_t step) {
  bs_bfs t;
  bs_bfs_run(&t, w, h, wall);
  uint8_t v[BS_MAX_CELLS];
  uint32_t solvable = 0, states = 0, valid = 0;
  char what[64];
  snprintf(what, sizeof what, "%dx%d walls %llx recycle %d:", w, h, (unsigned long long)wall, o->recycle);
  for (uint32_t rank = 0; rank < t.nstates; rank++) {
    bs_perm_unrank(rank, t.n, v);
    if (!bs_bfs_valid(&t, v) || valid++ % step) continue;
    bs_board b = bs_test_board(w, h, wall, v);
    check(&sv, &b, t.dist[rank], o, what);
    states++;
    solvable += t.dist[rank] >= 0;
  }
  if (step == 1) cr_assert_eq(solvable, t.reached, "%s every reachable state was tried", what);
  if (step == 1 && !wall) cr_assert_eq(states, 2 * solvable, "%s half the states are unsolvable", what);
  bs_bfs_free(&t);
  return solvable;
}

static uint32_t every_state(int w, int h, uint64_t wall, const bs_opts *o) {
  return states_of(w, h, wall, o, 1);
}

/* The BFS itself against known facts: the most moves any state needs. */
Test(search, bfs_known_diameters) {
  static const struct { int w, h, depth; uint32_t reached; } known[] = {
      {2, 2, 6, 12}, {3, 2, 21, 360}, {2, 3, 21, 360}, {4, 2, 36, 20160}, {3, 3, 31, 181440},
  };
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    bs_bfs t;
    bs_bfs_run(&t, known[i].w, known[i].h, 0);
    cr_assert_eq(t.depth, known[i].depth, "%dx%d", known[i].w, known[i].h);
    cr_assert_eq(t.reached, known[i].reached, "%dx%d", known[i].w, known[i].h);
    bs_bfs_free(&t);
  }
  uint8_t v[9];
  for (uint32_t r = 0; r < 362880; r += 97) {
    bs_perm_unrank(r, 9, v);
    cr_assert_eq(bs_perm_rank(v, 9), r);
  }
}

Test(search, goal_is_zero_moves) {
  uint8_t cell[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  bs_board b = bs_test_board(3, 3, 0, cell);
  check(&sv, &b, 0, &recycled, "goal");
  cr_assert_eq(bs_replay(&b, "", 0, &(size_t){0}), BS_RP_OK);
}

Test(search, every_2x2) { every_state(2, 2, 0, &recycled); }
Test(search, every_2x3) { every_state(2, 3, 0, &recycled); }
Test(search, every_3x2) { every_state(3, 2, 0, &recycled); }
Test(search, every_2x4) { cr_assert_eq(every_state(2, 4, 0, &recycled), 20160); }
Test(search, every_4x2_sampled) { states_of(4, 2, 0, &recycled, 5); }

/* The same lengths with every layer kept (a third of 2x4 keeps it quick). */
Test(search, every_2x3_no_recycle) { every_state(2, 3, 0, &unrecycled); }
Test(search, every_2x4_no_recycle_sampled) { states_of(2, 4, 0, &unrecycled, 3); }

Test(search, random_3x3) {
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  uint64_t seed = 2024;
  int solvable = 0, unsolvable = 0, longest = 0;
  uint8_t v[9];
  while (solvable < 2000) {
    bs_rand_perm(&seed, v, 9);
    bs_board b = bs_test_board(3, 3, 0, v);
    int d = t.dist[bs_perm_rank(v, 9)];
    check(&sv, &b, d, &recycled, "3x3");
    if (d >= 0) {
      solvable++;
      if (d > longest) longest = d;
    } else {
      unsolvable++;
    }
  }
  cr_assert_gt(unsolvable, 1000, "both parities were tried");
  cr_assert_geq(longest, 28, "the sample reaches deep states");
  bs_bfs_free(&t);
}

/* All states at the deepest distance of 3x3 (31 moves), and a sample with
 * every layer kept. */
Test(search, deepest_3x3_both_ways) {
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  uint8_t v[9];
  int deepest = 0, sampled = 0;
  for (uint32_t r = 0; r < t.nstates; r++) {
    if (t.dist[r] == 31) {
      bs_perm_unrank(r, 9, v);
      bs_board b = bs_test_board(3, 3, 0, v);
      check(&sv, &b, 31, &recycled, "3x3 deepest");
      check(&sv, &b, 31, &unrecycled, "3x3 deepest, no recycle");
      deepest++;
    } else if (t.dist[r] >= 0 && r % 701 == 0) {
      bs_perm_unrank(r, 9, v);
      bs_board b = bs_test_board(3, 3, 0, v);
      check(&sv, &b, t.dist[r], &unrecycled, "3x3 no recycle");
      sampled++;
    }
  }
  cr_assert_eq(deepest, 2, "3x3 has two states 31 moves from the goal");
  cr_assert_gt(sampled, 200);
  bs_bfs_free(&t);
}

/* Boards with walls: every wall set on 2x3 and 3x2 with all their states,
 * then samples of every single wall on 2x4, 4x2 and 3x3. Unsolvable ones
 * must say so (by the exact solvability test), never give up. */
Test(search, walls_small_every_set) {
  static const int dims[2][2] = {{2, 3}, {3, 2}};
  for (int k = 0; k < 2; k++)
    for (uint64_t wall = 1; wall < 1u << 5; wall++) every_state(dims[k][0], dims[k][1], wall, &recycled);
}

Test(search, walls_2x4_each_cell) {
  for (int c = 0; c < 7; c++) {
    states_of(2, 4, 1ull << c, &recycled, 2);
    states_of(4, 2, 1ull << c, &recycled, 3);
  }
}

/* One wall on 3x3: every state for the centre, every third state for a
 * corner and an edge (the others are their mirror images), a sample for
 * the other cells. */
Test(search, walls_3x3_corner) { states_of(3, 3, 1ull << 0, &recycled, 3); }
Test(search, walls_3x3_edge) { states_of(3, 3, 1ull << 1, &recycled, 3); }
Test(search, walls_3x3_centre) { cr_assert_eq(every_state(3, 3, 1ull << 4, &recycled), 56); }
Test(search, walls_3x3_other_cells) {
  static const int cells[] = {2, 3, 5, 6, 7};
  for (int i = 0; i < 5; i++) states_of(3, 3, 1ull << cells[i], &recycled, 37);
}

Test(search, walls_3x3_pairs_sampled) {
  /* Two walls: the centre plus a corner cuts the ring into a path, where
   * only the puzzle group tells what is unsolvable; sample states of every
   * pair. */
  uint64_t seed = 77;
  for (int c1 = 0; c1 < 8; c1++)
    for (int c2 = c1 + 1; c2 < 8; c2++) {
      uint64_t wall = 1ull << c1 | 1ull << c2;
      bs_bfs t;
      bs_bfs_run(&t, 3, 3, wall);
      for (int rep = 0; rep < 40; rep++) {
        uint8_t v[9], vals[9];
        int m = 0;
        vals[m++] = 0;
        for (int p = 0; p < 8; p++)
          if (!(wall >> p & 1)) vals[m++] = (uint8_t)(p + 1);
        uint8_t order[9];
        bs_rand_perm(&seed, order, m);
        for (int p = 0, i = 0; p < 9; p++) v[p] = (wall >> p & 1) ? (uint8_t)(p + 1) : vals[order[i++]];
        bs_board b = bs_test_board(3, 3, wall, v);
        check(&sv, &b, t.dist[bs_perm_rank(v, 9)], &recycled, "3x3 two walls");
      }
      bs_bfs_free(&t);
    }
}

/* ---- small arenas --------------------------------------------------- */

/* Solves b on a cap-record arena: either the BFS distance, proven, or a
 * "memory cap" give-up; never a wrong or unproven answer. Returns 1 if
 * solved. */
static int solve_capped(bs_solver *s, const bs_board *b, int want, const bs_opts *o, bs_mode mode) {
  static bs_result r;
  char text[BS_BOARD_TEXT];
  bs_board_format(b, text);
  bs_solver_solve(s, b, mode, o, &r);
  cr_assert_leq(r.peak_states, s->cap, "%s: more states than the cap", text);
  if (r.status == BS_ST_GAVE_UP) {
    cr_assert_str_eq(r.reason, "memory cap", "%s cap %u", text, s->cap);
    cr_assert_not(r.optimal);
    return 0;
  }
  check_mode(s, b, want, o, mode, "capped"); /* solves again: the same search, checked */
  return 1;
}

static bs_solver capped(uint32_t cap) {
  bs_solver s;
  char err[200];
  cr_assert_eq(bs_solver_init(&s, BS_STORE_ARENA, 4 + (uint64_t)BS_ARENA_RECORD_BYTES * cap, 0, err, sizeof err),
               0, "%s", err);
  cr_assert_eq(s.cap, cap);
  return s;
}

/* Deep 3x3 boards and their BFS distances, for the capped and bounded
 * tests: both 31-move states and random ones of 22 moves or more. */
static int deep_boards(bs_board *out, int *dist, int max) {
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  uint64_t seed = 31;
  uint8_t v[9];
  int n = 0;
  for (uint32_t r = 0; r < t.nstates && n < 2; r++)
    if (t.dist[r] == 31) {
      bs_perm_unrank(r, 9, v);
      dist[n] = 31;
      out[n++] = bs_test_board(3, 3, 0, v);
    }
  while (n < max) {
    bs_rand_perm(&seed, v, 9);
    int d = t.dist[bs_perm_rank(v, 9)];
    if (d < 22) continue;
    dist[n] = d;
    out[n++] = bs_test_board(3, 3, 0, v);
  }
  bs_bfs_free(&t);
  return n;
}

/* Under every cap, from 2 records up, an answer is optimal or none. */
Test(search, any_cap_never_wrong) {
  bs_board b[24];
  int dist[24], n = deep_boards(b, dist, 24);
  int solved = 0, gave_up = 0;
  for (uint32_t cap = 2; cap <= 30000; cap = cap * 4 / 3 + 1) {
    bs_solver s = capped(cap);
    for (int i = 0; i < n; i++)
      for (int k = 0; k < 4; k++) {
        bs_opts o = {.recycle = k % 2, .budget = 0};
        int ok = solve_capped(&s, &b[i], dist[i], &o, k / 2 ? BS_MODE_EXACT : BS_MODE_BFS);
        solved += ok;
        gave_up += !ok;
      }
    bs_solver_free(&s);
  }
  cr_assert_gt(solved, 0);
  cr_assert_gt(gave_up, 0);
}

/* The first meeting of a bounded run is a shortest way, however far the
 * bound is above it (src/engine_impl.h): on deep 3x3 boards, with and
 * without recycling, every bound from the distance to 16 above it meets
 * with the BFS distance, and the way replays. */
Test(search, a_bounded_run_meets_first_with_a_shortest_way) {
  bs_board b[24];
  int dist[24], n = deep_boards(b, dist, 24);
  static bs_result r;
  for (int i = 0; i < n; i++) {
    bs_board goal;
    bs_goal(&b[i], &goal);
    bs_heur H;
    bs_heur_init(&H, &b[i], &goal, BS_LC_LOWER_BOUND);
    for (int c = dist[i]; c <= dist[i] + 16; c += 2)
      for (int recycle = 0; recycle < 2; recycle++) {
        bs_policy p = {.recycle = recycle, .H = &H, .bound = c};
        cr_assert_eq(bs_solver_engine(&sv, &b[i], &goal, &p, &r), BS_END_MET, "board %d bound %d", i, c);
        cr_assert_eq(r.length, dist[i], "board %d bound %d: %d moves, %d exist", i, c, r.length, dist[i]);
        size_t at;
        cr_assert_eq(bs_replay(&b[i], r.moves, strlen(r.moves), &at), BS_RP_OK);
      }
  }
}

/* Floors, against the BFS distance on deep 3x3 boards. Exact mode under
 * every budget: a floor never above the distance, raised above the lower
 * bound by the runs that found nothing, and the distance itself when
 * solved. Auto mode with an exact try of every size: the floor never above
 * the distance, an answer no shorter than its floor, marked optimal
 * exactly when as short, and then the shortest; some answers must be
 * proven so where the try gave up (its states spent, the beams' added),
 * or the test would prove little. */
Test(search, floors_are_proven_and_prove_answers_as_short) {
  bs_board b[24];
  int dist[24], n = deep_boards(b, dist, 24);
  static bs_result r, e;
  int raised = 0, by_floor = 0;
  for (int i = 0; i < n; i++) {
    char text[BS_BOARD_TEXT];
    bs_board_format(&b[i], text);
    const int bound = bs_lower_bound(&b[i]);
    for (uint64_t budget = 20; budget < 100000; budget = budget * 3 / 2 + 1) {
      bs_opts o = {.recycle = 1, .budget = budget};
      bs_solver_solve(&sv, &b[i], BS_MODE_EXACT, &o, &e);
      cr_assert_leq(e.floor, dist[i], "%s budget %llu: floor %d", text, (unsigned long long)budget, e.floor);
      cr_assert_geq(e.floor, bound, "%s", text);
      if (e.status == BS_ST_SOLVED) cr_assert(e.optimal && e.length == dist[i] && e.floor == dist[i], "%s", text);
      raised += e.status != BS_ST_SOLVED && e.floor > bound;
      bs_settings set = bs_settings_default;
      set.auto_exact = (int64_t)budget;
      o = (bs_opts){.recycle = 1, .set = &set};
      bs_solver_solve(&sv, &b[i], BS_MODE_AUTO, &o, &r);
      cr_assert_eq(r.status, BS_ST_SOLVED, "%s", text);
      size_t at;
      cr_assert_eq(bs_replay(&b[i], r.moves, strlen(r.moves), &at), BS_RP_OK, "%s", text);
      cr_assert_leq(r.floor, dist[i], "%s try %llu: floor %d", text, (unsigned long long)budget, r.floor);
      cr_assert_geq(r.length, r.floor, "%s", text);
      cr_assert_eq(r.optimal, r.length == r.floor, "%s try %llu: %d moves, floor %d", text,
                   (unsigned long long)budget, r.length, r.floor);
      cr_assert(!r.optimal || r.length == dist[i], "%s: %d moves marked optimal, %d exist", text, r.length,
                dist[i]);
      by_floor += r.optimal && r.generated > budget + 4; /* the try gave up: the beams ran */
    }
  }
  cr_assert_gt(raised, 0, "no run raised a floor");
  cr_assert_gt(by_floor, 0, "no answer proven by its floor");
}

/* A table sized ahead (the policy's expect) is a hint only: under a cap
 * that some runs fill, the breadth-first, bounded and beam runs end,
 * answer and count exactly as they do growing their table, with the hint
 * below, at and past the cap. */
Test(search, expect_changes_no_run) {
  bs_board b[12];
  int dist[12], n = deep_boards(b, dist, 12);
  bs_solver s = capped(3000);
  static bs_result r0, r1;
  int full = 0, met = 0;
  for (int i = 0; i < n; i++) {
    bs_board goal;
    bs_goal(&b[i], &goal);
    bs_heur H;
    bs_heur_init(&H, &b[i], &goal, BS_LC_LOWER_BOUND);
    const bs_policy runs[3] = {{.recycle = 1}, {.recycle = 1, .H = &H, .bound = dist[i]},
                               {.width = 40, .extra = 4, .recycle = 1, .H = &H, .budget = 20000}};
    const uint64_t hints[3] = {100, 3000, 1u << 20};
    for (int k = 0; k < 3; k++)
      for (int j = 0; j < 3; j++) {
        bs_policy p = runs[k];
        bs_end e0 = bs_solver_engine(&s, &b[i], &goal, &p, &r0);
        p.expect = hints[j];
        bs_end e1 = bs_solver_engine(&s, &b[i], &goal, &p, &r1);
        full += e0 == BS_END_MEMORY;
        met += e0 == BS_END_MET;
        cr_assert_eq(e1, e0, "board %d, run %d, hint %d", i, k, j);
        cr_assert_eq(r1.generated, r0.generated, "board %d, run %d, hint %d", i, k, j);
        cr_assert_eq(r1.expanded, r0.expanded, "board %d, run %d, hint %d", i, k, j);
        cr_assert_eq(r1.length, r0.length, "board %d, run %d, hint %d", i, k, j);
        cr_assert_str_eq(r1.moves, r0.moves, "board %d, run %d, hint %d", i, k, j);
      }
  }
  cr_assert_gt(full, 0, "no run filled the store");
  cr_assert_gt(met, 0, "no run met");
  bs_solver_free(&s);
}

/* Recycling old layers lets the same cap reach deeper: at 12,000 records
 * (found by a sweep: the two 31-move states need about 10,000 records with
 * recycling and 15,000 without) only the recycled search proves them. */
Test(search, recycling_reaches_deeper) {
  bs_board b[200];
  int dist[200], n = deep_boards(b, dist, 200);
  bs_solver s = capped(12000);
  int with = 0, without = 0;
  for (int i = 0; i < n; i++) {
    int a = solve_capped(&s, &b[i], dist[i], &recycled, BS_MODE_BFS);
    int u = solve_capped(&s, &b[i], dist[i], &unrecycled, BS_MODE_BFS);
    cr_assert(a || !u, "the recycled search never does worse (board %d)", i);
    with += a;
    without += u;
    if (dist[i] == 31) {
      cr_assert(a, "31 moves with recycling under 12000 records");
      cr_assert_not(u, "31 moves without recycling need more than 12000 records");
    }
  }
  cr_assert_gt(with, without);
  bs_solver_free(&s);
}

/* Foreseeing the budget: on Korf's first instance (57 moves, far past
 * Manhattan distance and conflicts within 300,000 states), the bounded
 * search gives up before the run that would overrun the budget, with
 * states left. Where the proof fits the budget, it gives the shortest
 * answer. */
Test(search, foreseen_runs_past_the_budget_are_not_started) {
  const bs_board b = bs_test_parsed("4,4,D68CFE0AB7459132");
  bs_board goal;
  bs_goal(&b, &goal);
  bs_heur H;
  bs_heur_init(&H, &b, &goal, BS_LC_LOWER_BOUND);
  static bs_result r;
  const uint64_t budget = 300000;
  cr_assert_eq(bs_bounded(&sv, &b, &goal, &H, BS_MAX_MOVES, budget, 1, &r), BS_END_BUDGET);
  cr_assert_lt(r.generated, budget, "the last run is not started");
  cr_assert_gt(r.generated, 0);
  uint8_t cell[9] = {8, 6, 7, 2, 5, 4, 3, 0, 1}; /* 31 moves */
  bs_board c = bs_test_board(3, 3, 0, cell);
  bs_goal(&c, &goal);
  bs_heur_init(&H, &c, &goal, BS_LC_LOWER_BOUND);
  cr_assert_eq(bs_bounded(&sv, &c, &goal, &H, BS_MAX_MOVES, 1000000, 1, &r), BS_END_MET);
  cr_assert_eq(r.length, 31);
}

Test(search, budget_gives_up) {
  uint8_t cell[9] = {8, 6, 7, 2, 5, 4, 3, 0, 1}; /* 31 moves */
  bs_board b = bs_test_board(3, 3, 0, cell);
  bs_opts o = {.recycle = 1, .budget = 100};
  bs_result r;
  bs_solver_solve(&sv, &b, BS_MODE_EXACT, &o, &r);
  cr_assert_eq(r.status, BS_ST_GAVE_UP);
  cr_assert_str_eq(r.reason, "budget");
  cr_assert_not(r.optimal);
  cr_assert_leq(r.generated, 100 + 4, "stops within one expansion of the budget");
  o.budget = 0;
  check(&sv, &b, 31, &o, "no budget");
}

/* The records of side `side` in the arena after a run. */
static uint32_t records_of(const bs_arena *ar, unsigned side) {
  uint32_t n = 0;
  for (uint32_t id = 1; id <= bs_arena_count(ar); id++) n += bs_meta_side(bs_arena_rec(ar, id)[BS_R_META]) == side;
  return n;
}

/* A beam whose forward side foresees a way longer than `far` moves is far
 * from its goal, and its backward side waits: on Korf's first instance,
 * with `far` 1 (every forward state but the goal itself foresees
 * more) the backward side holds only its root; with 0, it grows. */
Test(search, a_far_beam_waits_on_its_backward_side) {
  const bs_board b = bs_test_parsed("4,4,D68CFE0AB7459132");
  bs_board goal;
  bs_goal(&b, &goal);
  bs_heur H;
  bs_heur_init(&H, &b, &goal, 3);
  static bs_result r;
  for (unsigned far = 0; far < 2; far++) {
    bs_policy p = {.width = 20, .extra = 4, .far = far, .recycle = 1, .H = &H, .budget = 20000};
    bs_solver_engine(&sv, &b, &goal, &p, &r);
    const uint32_t back = records_of(&sv.arena, BS_BACKWARD);
    if (far)
      cr_assert_eq(back, 1, "the backward side waits: only its root (%u records)", back);
    else
      cr_assert_gt(back, 100, "the backward side grows (%u records)", back);
    cr_assert_gt(records_of(&sv.arena, BS_FORWARD), 1000, "far %u", far);
  }
}

/* Boards whose distance is their lower bound are where a floor raised one
 * step too far shows: 3x3 boards of 12 moves or more with the distance
 * equal to bs_lower_bound, half of them with the blank in the middle (its
 * way to the goal cell is one across and one down, even), the rest
 * anywhere. Under budgets that stop the first runs, the exact and the
 * breadth-first modes never claim a floor above the distance (nor below
 * the bound), and an answer is the distance, proven. */
Test(search, floors_stay_at_or_below_a_tight_bound) {
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  bs_board b[20];
  int dist[20], n = 0, middle = 0;
  uint8_t v[9];
  for (uint32_t r = 0; r < t.nstates && n < 20; r += 7) {
    if (t.dist[r] < 12) continue;
    bs_perm_unrank(r, 9, v);
    bs_board x = bs_test_board(3, 3, 0, v);
    if (bs_lower_bound(&x) != t.dist[r]) continue;
    if (x.blank == 4 ? middle >= 10 : n - middle >= 10) continue;
    middle += x.blank == 4;
    dist[n] = t.dist[r];
    b[n++] = x;
  }
  bs_bfs_free(&t);
  cr_assert_eq(n, 20, "%d boards", n);
  static bs_result r;
  int gave_up = 0;
  for (int i = 0; i < n; i++) {
    char text[BS_BOARD_TEXT];
    bs_board_format(&b[i], text);
    for (uint64_t budget = 1; budget < 3000; budget = budget * 2 + 1)
      for (int k = 0; k < 2; k++) {
        bs_opts o = {.recycle = 1, .budget = budget};
        bs_solver_solve(&sv, &b[i], k ? BS_MODE_BFS : BS_MODE_EXACT, &o, &r);
        cr_assert_leq(r.floor, dist[i], "%s %s budget %llu: floor %d above the distance", k ? "bfs" : "exact",
                      text, (unsigned long long)budget, r.floor);
        cr_assert_geq(r.floor, bs_lower_bound(&b[i]), "%s", text);
        if (r.status == BS_ST_SOLVED)
          cr_assert(r.optimal && r.length == dist[i] && r.floor == dist[i], "%s", text);
        else
          cr_assert_not(r.optimal, "%s", text);
        gave_up += r.status != BS_ST_SOLVED;
      }
  }
  cr_assert_gt(gave_up, 0);
}

/* The budget is of all the runs of a bounded search, not of each: with a
 * budget of exactly what its first run generates (that run ends at its
 * bound, within the budget, having spent it all), the search gives up
 * there, and does not go on unbounded. */
Test(search, a_budget_spent_by_a_whole_run_ends_the_search) {
  bs_board b[6];
  int dist[6], n = deep_boards(b, dist, 6), tried = 0;
  static bs_result r;
  for (int i = 0; i < n; i++) {
    bs_board goal;
    bs_goal(&b[i], &goal);
    bs_heur H;
    bs_heur_init(&H, &b[i], &goal, BS_LC_LOWER_BOUND);
    const int c = (int)bs_score_value(bs_heur_word(&H, BS_FORWARD, &b[i]));
    if (c + 2 > dist[i]) continue;
    /* One run, at the lower bound: no way that short. */
    cr_assert_eq(bs_bounded(&sv, &b[i], &goal, &H, c, 0, 1, &r), BS_END_LIMIT, "board %d", i);
    const uint64_t first = r.generated;
    const int proved = r.floor;
    if (!first) continue; /* every first move was pruned: a budget of 0 is none */
    cr_assert_gt(proved, c, "board %d", i);
    bs_end e = bs_bounded(&sv, &b[i], &goal, &H, BS_MAX_MOVES, first, 1, &r);
    cr_assert_eq(e, BS_END_BUDGET, "board %d: ended %d, %llu states of %llu", i, (int)e,
                 (unsigned long long)r.generated, (unsigned long long)first);
    cr_assert_eq(r.generated, first, "board %d", i);
    /* The run searched its bound whole on the last of the budget: its
     * proof stands, and the floor says so. */
    cr_assert_eq(r.floor, proved, "board %d: floor %d, the first run proved %d", i, r.floor, proved);
    tried++;
  }
  cr_assert_gt(tried, 2);
}

/* A bounded search up to `most` moves: at or past the distance it meets
 * with a shortest way, proven; below it, even one below (a `most` of the
 * other parity), it ends at its limit with a floor past `most` and never
 * past the distance. On 3x3 boards of 12 moves or more, 4 whose distance
 * is the heuristic's bound plus each of 0, 2, 4 and 6 (the first runs are
 * where a bound that steps wrong shows), and deep ones. */
Test(search, a_bounded_search_stops_at_most_with_a_true_floor) {
  bs_board b[24];
  int dist[24], n = deep_boards(b, dist, 8), per[4] = {0};
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  uint8_t v[9];
  for (uint32_t k = 0; k < t.nstates && n < 24; k += 11) {
    if (t.dist[k] < 12) continue;
    bs_perm_unrank(k, 9, v);
    bs_board x = bs_test_board(3, 3, 0, v), goal;
    bs_goal(&x, &goal);
    bs_heur H;
    bs_heur_init(&H, &x, &goal, BS_LC_LOWER_BOUND);
    const int gap = (t.dist[k] - (int)bs_score_value(bs_heur_word(&H, BS_FORWARD, &x))) / 2;
    if (gap > 3 || per[gap] == 4) continue;
    per[gap]++;
    dist[n] = t.dist[k];
    b[n++] = x;
  }
  bs_bfs_free(&t);
  cr_assert_eq(n, 24);
  static bs_result r;
  for (int i = 0; i < n; i++) {
    bs_board goal;
    bs_goal(&b[i], &goal);
    bs_heur H;
    bs_heur_init(&H, &b[i], &goal, BS_LC_LOWER_BOUND);
    for (int most = dist[i] - 3; most <= dist[i] + 1; most++) {
      bs_end e = bs_bounded(&sv, &b[i], &goal, &H, most, 0, 1, &r);
      if (most >= dist[i]) {
        cr_assert_eq(e, BS_END_MET, "board %d most %d: ended %d", i, most, (int)e);
        cr_assert(r.length == dist[i] && r.floor == dist[i], "board %d most %d: %d moves, floor %d, %d exist", i,
                  most, r.length, r.floor, dist[i]);
      } else {
        cr_assert_eq(e, BS_END_LIMIT, "board %d most %d: ended %d", i, most, (int)e);
        cr_assert(r.floor > most && r.floor <= dist[i], "board %d most %d: floor %d, %d moves exist", i, most,
                  r.floor, dist[i]);
      }
    }
  }
}

/* A bound without scores (bs_engine.h) counts only meetings within it:
 * on deep 3x3 boards, at the distance it meets with a shortest way; one
 * below, it finds none, and says so (BS_END_LIMIT). */
Test(search, a_bound_without_scores_counts_only_meetings_within_it) {
  bs_board b[6];
  int dist[6], n = deep_boards(b, dist, 6);
  static bs_result r;
  for (int i = 0; i < n; i++) {
    bs_board goal;
    bs_goal(&b[i], &goal);
    for (int recycle = 0; recycle < 2; recycle++) {
      bs_policy p = {.recycle = recycle, .bound = dist[i]};
      cr_assert_eq(bs_solver_engine(&sv, &b[i], &goal, &p, &r), BS_END_MET, "board %d", i);
      cr_assert_eq(r.length, dist[i], "board %d", i);
      p.bound = dist[i] - 1;
      bs_end e = bs_solver_engine(&sv, &b[i], &goal, &p, &r);
      cr_assert_eq(e, BS_END_LIMIT, "board %d bound %d: ended %d with %d moves", i, dist[i] - 1, (int)e,
                   r.length);
    }
  }
}
