/* Tuple tables (bs_tuples.h): on every arrangement of small layouts, open,
 * ringed and walled, toward the goal and toward another target, each bound
 * is at most the distance a plain breadth-first search written here finds,
 * changes by at most one a move, and equals the distance where a tuple
 * holds every tile. Their sizes and the choice of k within a budget; and
 * through exact mode: the same shortest lengths as plain BFS mode on random
 * small walled boards, and far fewer states on a ring board. */
#include "bs_test.h"

#include "bs_heur.h"
#include "bs_solver.h"
#include "bs_tuples.h"
#include "bs_verify.h"

#define UNREACHED 255

/* Asserts only on failure: Criterion's bookkeeping of passed assertions
 * would cost more than the checks in the exhaustive loops. */
#define CHECK(cond, ...)                                                                 \
  do {                                                                                   \
    if (!(cond)) cr_assert(cond, __VA_ARGS__);                                           \
  } while (0)

/* The ranks of the arrangements one move from a (a is left as it was);
 * returns how many. */
static int next_of(const bs_obfs *t, uint8_t *a, uint32_t *out) {
  int j = 0;
  while (a[j] != t->m - 1) j++; /* the blank */
  const int c = t->open[j], x = c % t->w, y = c / t->w, w = t->w;
  const int to[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, y > 0 ? c - w : -1, y < t->h - 1 ? c + w : -1};
  int n = 0;
  for (int d = 0; d < 4; d++) {
    if (to[d] < 0 || t->index[to[d]] < 0) continue;
    const int k = t->index[to[d]];
    a[j] = a[k];
    a[k] = (uint8_t)(t->m - 1);
    out[n++] = bs_obfs_rank_of(a, t->m);
    a[k] = a[j];
    a[j] = (uint8_t)(t->m - 1);
  }
  return n;
}

/* Breadth-first from arrangement src: the distance of every arrangement
 * (UNREACHED where src does not reach it), in a new array. */
static uint8_t *distances(const bs_obfs *t, uint32_t src) {
  uint8_t *d = malloc(t->nstates);
  uint32_t *queue = malloc(t->nstates * sizeof *queue);
  cr_assert(d && queue);
  memset(d, UNREACHED, t->nstates);
  uint32_t head = 0, tail = 0;
  d[src] = 0;
  queue[tail++] = src;
  uint8_t a[BS_OBFS_MAX];
  while (head < tail) {
    const uint32_t r = queue[head++];
    bs_obfs_unrank(r, t->m, a);
    uint32_t next[4];
    for (int i = 0, n = next_of(t, a, next); i < n; i++)
      if (d[next[i]] == UNREACHED) {
        d[next[i]] = (uint8_t)(d[r] + 1);
        queue[tail++] = next[i];
      }
  }
  free(queue);
  return d;
}

/* Every arrangement the target reaches: bound <= distance, a move changes
 * the bound by at most one, and bound == distance when `exact`. Returns
 * how many bounds are above the wall-aware Manhattan distance with
 * conflicts (toward the goal only; 0 otherwise). */
static uint32_t check_all(const bs_obfs *t, const bs_tuples *T, const uint8_t *d, int exact, const char *what) {
  uint32_t above = 0;
  uint8_t a[BS_OBFS_MAX];
  for (uint32_t r = 0; r < t->nstates; r++) {
    if (d[r] == UNREACHED) continue;
    const bs_board b = bs_obfs_board(t, r);
    const int h = bs_tuples_board(T, &b);
    CHECK(h <= d[r], "%s: arrangement %u bound %d over its distance %d", what, r, h, d[r]);
    if (exact) CHECK(h == d[r], "%s: arrangement %u bound %d, distance %d", what, r, h, d[r]);
    above += h > bs_lower_bound(&b);
    bs_obfs_unrank(r, t->m, a);
    uint32_t next[4];
    for (int i = 0, n = next_of(t, a, next); i < n; i++) {
      const bs_board c = bs_obfs_board(t, next[i]);
      const int hc = bs_tuples_board(T, &c);
      CHECK(hc <= h + 1 && h <= hc + 1, "%s: a move takes the bound from %d to %d", what, h, hc);
    }
  }
  return above;
}

/* The layout's tables of 1 (but on 10 cells), 2 and 3 tiles toward its
 * goal and toward a random board it reaches, each against the distances.
 * Returns how many of the goal's bounds of the largest k are above the
 * Manhattan bound. */
static uint32_t exhaust(int w, int h, uint64_t wall, uint64_t seed) {
  bs_obfs t;
  bs_obfs_run(&t, w, h, wall);
  uint8_t home[BS_OBFS_MAX];
  for (int i = 0; i < t.m; i++) home[i] = (uint8_t)i;
  const uint32_t goal = bs_obfs_rank_of(home, t.m);
  uint32_t other = bs_rand(&seed) % t.nstates;
  while (!t.seen[other]) other = (other + 1) % t.nstates;
  const bs_board target[2] = {bs_obfs_board(&t, goal), bs_obfs_board(&t, other)};
  uint32_t above = 0;
  for (int side = 0; side < 2; side++) {
    uint8_t *d = distances(&t, side ? other : goal);
    for (int k = t.m < 10 ? 1 : 2; k <= BS_TUPLES_MAX_K && k < t.m; k++) { /* 10 cells: time */
      bs_tuples T;
      cr_assert_eq(bs_tuples_build(&T, &target[side], k), 0);
      cr_assert_eq(T.n, (int)(k == 1 ? t.m - 1 : k == 2 ? (t.m - 1) * (t.m - 2) / 2
                                                         : (t.m - 1) * (t.m - 2) * (t.m - 3) / 6));
      char what[96];
      snprintf(what, sizeof what, "%dx%d walls %llx, %d tiles toward the %s", w, h, (unsigned long long)wall, k,
               side ? "other" : "goal");
      const uint32_t n = check_all(&t, &T, d, k == t.m - 1, what);
      if (!side) above = n;
      bs_tuples_free(&T);
    }
    free(d);
  }
  bs_obfs_free(&t);
  return above;
}

Test(tuples, admissible_and_consistent_on_open_boards) {
  exhaust(3, 3, 0, 1);
  exhaust(2, 4, 0, 2);
  exhaust(4, 2, 0, 3);
}

/* A ring of eight round a wall (a plain cycle: it only turns); a ring of
 * eight with a 2x2 square hung on it (3x4, walls on cells 4 and 9); a
 * plain cycle of ten (4x3, walls on cells 5 and 6); and a passage to a
 * dead end (3x4, walls on cells 3 and 5). On the ring with a square the
 * triples see far more than the Manhattan bound does. */
Test(tuples, admissible_and_consistent_on_rings_and_dead_ends, .timeout = 120) {
  exhaust(3, 3, 1ull << 4, 4);
  const uint32_t ring = exhaust(3, 4, 1ull << 4 | 1ull << 9, 5);
  cr_assert_gt(ring, 3628800 / 2 / 2, "the ring with a square: %u of 1814400 above the Manhattan bound", ring);
  exhaust(4, 3, 1ull << 5 | 1ull << 6, 6);
  exhaust(3, 4, 1ull << 3 | 1ull << 5, 7);
}

/* Where one tuple holds every tile, its table is the distance itself. */
Test(tuples, exact_when_a_tuple_holds_every_tile) {
  exhaust(2, 2, 0, 8);
  exhaust(3, 2, 1ull << 0 | 1ull << 3, 9); /* a 2x2 square beside two walls */
}

Test(tuples, sizes_and_the_choice_of_k) {
  uint8_t cell[BS_MAX_CELLS];
  for (int i = 0; i < 15; i++) cell[i] = (uint8_t)(i + 1);
  cell[15] = 0;
  const bs_board b = bs_test_board(4, 4, 0, cell);
  /* 15 tiles: C(15, k) tables of 16^(k+1) entries, and a queue of one. */
  cr_assert_eq(bs_tuples_bytes(&b, 1), 15 * (256 + 3) + 256 * 4);
  cr_assert_eq(bs_tuples_bytes(&b, 2), 105 * (4096 + 3) + 4096 * 4);
  cr_assert_eq(bs_tuples_bytes(&b, 3), 455 * (65536 + 3) + 65536 * 4);
  cr_assert_eq(bs_tuples_bytes(&b, 0), 0);
  cr_assert_eq(bs_tuples_bytes(&b, 4), 0);
  /* Both sides' tables must fit. */
  const uint64_t two = 2 * bs_tuples_bytes(&b, 2), three = 2 * bs_tuples_bytes(&b, 3);
  cr_assert_eq(bs_tuples_pick(&b, 3, three), 3);
  cr_assert_eq(bs_tuples_pick(&b, 3, three - 1), 2);
  cr_assert_eq(bs_tuples_pick(&b, 2, three), 2);
  cr_assert_eq(bs_tuples_pick(&b, 3, two - 1), 1);
  cr_assert_eq(bs_tuples_pick(&b, 0, three), 0);
  cr_assert_eq(bs_tuples_pick(&b, 3, 0), 0);
  /* Two tiles (2x2, a wall on the first cell): no tuple of three. */
  const bs_board small = bs_test_board(2, 2, 1ull << 0, (const uint8_t[]){1, 3, 2, 0});
  cr_assert_eq(bs_tuples_bytes(&small, 3), 0);
  cr_assert_eq(bs_tuples_pick(&small, 3, 1u << 30), 2);
}

/* Exact mode with its tuple tables (the default), beside pattern
 * databases, proves the lengths plain BFS mode finds, on boards of random
 * small walled layouts, each a random walk from the goal; on some of them
 * in fewer states than without the tables, and on none of these in more. */
Test(tuples, exact_mode_agrees_with_bfs, .timeout = 120) {
  const uint64_t mem = 64u << 20;
  bs_settings set = bs_settings_default;
  set.pdb_mem = 1; /* small pattern databases beside the tuples: quick to build */
  set.tuple_after = 0; /* built at once: these boards settle in fewer states */
  bs_solver sv;
  char err[200];
  cr_assert_eq(bs_solver_init(&sv, BS_STORE_ARENA, mem, bs_solver_side(BS_MODE_EXACT, &set, mem), err, sizeof err),
               0, "%s", err);
  static bs_result e, f, g0;
  bs_settings none = set;
  none.tuple_tiles = 0;
  const bs_opts o = {.recycle = 1, .set = &set}, without = {.recycle = 1, .set = &none};
  uint64_t seed = 11;
  int solved = 0, fewer = 0;
  for (int i = 0; i < 200; i++) {
    /* 3x3, 4x3 and 3x4, with at most 10 open cells for plain BFS. */
    const int w = 3 + (i % 3 == 1), h = 3 + (i % 3 == 2);
    bs_board b;
    do b = bs_rand_board(&seed, w, h, 4);
    while (b.n - __builtin_popcountll(b.wall) > 10);
    bs_board g;
    bs_goal(&b, &g); /* a walk from the goal: solvable */
    b = g;
    for (int k = 0; k < 200; k++) bs_move(&b, bs_rand_below(&seed, 4));
    bs_solver_solve(&sv, &b, BS_MODE_EXACT, &o, &e);
    bs_solver_solve(&sv, &b, BS_MODE_BFS, &o, &f);
    char text[BS_BOARD_TEXT];
    bs_board_format(&b, text);
    cr_assert_eq(e.status, BS_ST_SOLVED, "%s", text);
    cr_assert_eq(f.status, BS_ST_SOLVED, "%s", text);
    cr_assert_eq(e.length, f.length, "%s: exact %d, bfs %d", text, e.length, f.length);
    cr_assert(e.optimal);
    size_t at;
    cr_assert_eq(bs_replay(&b, e.moves, strlen(e.moves), &at), BS_RP_OK, "%s", text);
    solved++;
    bs_solver_solve(&sv, &b, BS_MODE_EXACT, &without, &g0); /* the tables' effect, where they are used */
    cr_assert_eq(g0.length, e.length, "%s", text);
    cr_assert_leq(e.generated, g0.generated, "%s", text);
    fewer += e.generated < g0.generated;
  }
  cr_assert_eq(solved, 200);
  cr_assert_gt(fewer, 10, "fewer states on %d boards", fewer);
  bs_solver_free(&sv);
}

/* On a ring board (5x3, shortest answer 128) the tables are used and
 * bound the search far tighter: far fewer states, the same length; built
 * after tuple_after states, at most that many more; never built where
 * the board settles within tuple_after. */
Test(tuples, exact_mode_spends_far_fewer_states_on_a_ring, .timeout = 120) {
  const uint64_t mem = 256u << 20;
  bs_board b;
  char err[200];
  const char *text = "5,3,B7A61CD==32405E";
  cr_assert_eq(bs_board_parse(text, strlen(text), &b, err, sizeof err), 0, "%s", err);
  static bs_result r[4];
  for (int on = 0; on < 4; on++) {
    bs_settings set = bs_settings_default;
    set.pdb_mem = 0; /* the tables alone against the Manhattan bound, and quick */
    set.tuple_tiles = on ? 3 : 0;
    /* Built at once; after 100,000 states; after more than the board
     * takes without them, so never. */
    set.tuple_after = on == 1 ? 0 : on == 2 ? 100000 : 100000000;
    bs_solver sv;
    cr_assert_eq(bs_solver_init(&sv, BS_STORE_ARENA, mem, bs_solver_side(BS_MODE_EXACT, &set, mem), err, sizeof err),
                 0, "%s", err);
    bs_solver_solve(&sv, &b, BS_MODE_EXACT, &(bs_opts){.recycle = 1, .set = &set}, &r[on]);
    bs_solver_free(&sv);
    cr_assert_eq(r[on].status, BS_ST_SOLVED);
    cr_assert_eq(r[on].length, 128);
  }
  cr_assert_lt(r[1].generated * 20, r[0].generated, "%llu states with the tables, %llu without",
               (unsigned long long)r[1].generated, (unsigned long long)r[0].generated);
  /* The states before the build are searched again with the tables. */
  cr_assert_gt(r[2].generated, r[1].generated);
  cr_assert_leq(r[2].generated, 100000 + r[1].generated);
  cr_assert_eq(r[3].generated, r[0].generated);
}
