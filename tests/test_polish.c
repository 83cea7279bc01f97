/* The polish (bs_polish.h) and its bridges (bs_bounded, bs_solver.h):
 * a bounded bridge between two boards is as short as the plain
 * breadth-first bridge and never longer than allowed; polished answers
 * replay to the same board, are never longer than before, and are the
 * same in every store. */
#include "bs_test.h"

#include "bs_heur.h"
#include "bs_pdb.h"
#include "bs_polish.h"
#include "bs_solver.h"
#include "bs_verify.h"

#define MEM (24u << 20)

/* A random walk of `steps` moves from b that never undoes its last move;
 * writes the moves to m (NUL-terminated) and returns how many. */
static int walk(uint64_t *seed, const bs_board *b, int steps, char *m) {
  bs_board x = *b;
  int k = 0;
  for (int last = -1, tries = 0; k < steps && tries < 50 * steps; tries++) {
    int d = bs_rand_below(seed, 4);
    if (last >= 0 && d == (last ^ 1)) continue;
    if (!bs_move(&x, d)) continue;
    m[k++] = bs_dir_chars[d];
    last = d;
  }
  m[k] = 0;
  return k;
}

static bs_board play(const bs_board *b, const char *m, int len) {
  bs_board x = *b;
  for (int i = 0; i < len; i++) cr_assert(bs_move(&x, bs_dir_from_char((unsigned char)m[i])));
  return x;
}

static void init(bs_solver *sv, bs_store_kind kind) {
  char err[200];
  cr_assert_eq(bs_solver_init(sv, kind, MEM, 0, err, sizeof err), 0, "%s", err);
}

/* On small boards with and without walls, between a board and the end of
 * a random walk from it: the bounded bridge finds a way exactly as long as
 * the plain bidirectional BFS's, which is shortest (tests/test_search.c),
 * and says there is none when asked for one shorter than that. */
Test(polish, bounded_bridges_are_as_short_as_the_bfs_bridge) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result bfs, bb;
  static const int sizes[][2] = {{3, 3}, {2, 4}, {4, 2}, {3, 4}, {4, 3}, {4, 4}};
  uint64_t seed = 31;
  int checked = 0;
  for (int round = 0; round < 240; round++) {
    const int *wh = sizes[round % 6];
    bs_board a = bs_rand_board(&seed, wh[0], wh[1], wh[0] * wh[1] >= 9 ? 2 : 0);
    char m[64];
    int len = walk(&seed, &a, 4 + bs_rand_below(&seed, 28), m);
    bs_board z = play(&a, m, len);
    if (!memcmp(a.cell, z.cell, sizeof a.cell)) continue;
    bs_policy p = {.recycle = 1};
    cr_assert_eq(bs_solver_engine(&sv, &a, &z, &p, &bfs), BS_END_MET);
    bs_heur H;
    bs_heur_init(&H, &a, &z, BS_LC_LOWER_BOUND);
    cr_assert_eq(bs_bounded(&sv, &a, &z, &H, len, 0, 1, &bb), BS_END_MET, "round %d", round);
    cr_assert_eq(bb.length, bfs.length, "round %d: bounded %d, bfs %d", round, bb.length, bfs.length);
    cr_assert_leq(bb.length, len);
    bs_board y = play(&a, bb.moves, bb.length);
    cr_assert_arr_eq(y.cell, z.cell, sizeof y.cell, "round %d: the bridge ends elsewhere", round);
    /* Asked for a way of at most `most` moves, shorter than any: none,
     * and a floor no higher than the score's bound or what was searched
     * proves (every way has the parity of the shortest). */
    int lb = (int)bs_score_value(bs_heur_word(&H, BS_FORWARD, &a));
    lb += (lb ^ bfs.length) & 1;
    for (int most = 0; most < bfs.length; most++) {
      cr_assert_eq(bs_bounded(&sv, &a, &z, &H, most, 0, 1, &bb), BS_END_LIMIT, "round %d", round);
      cr_assert_leq(bb.floor, lb > most + 2 ? lb : most + 2, "round %d: at most %d, floor %d", round, most,
                    bb.floor);
      cr_assert_leq(bb.floor, bfs.length, "round %d", round);
    }
    checked++;
  }
  cr_assert_gt(checked, 200);
  bs_solver_free(&sv);
}

/* Long random walks, loops cut, then polished with small windows, spaced
 * 1 to 8 moves apart, with or without pattern databases of the layout: the answer replays to the
 * same board and is never longer; with room to grow the windows over the
 * whole answer on a 3x3 board, it comes out as short as the BFS. */
static void polish_walks(uint64_t seed, int rounds, int tables) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc, bfs;
  for (int round = 0; round < rounds; round++) {
    int w = 3 + round % 3, h = 3 + round / 3 % 3;
    bs_board a = bs_rand_board(&seed, w, h, round % 2 ? 3 : 0);
    bs_pdb P;
    if (tables) {
      bs_board goal;
      bs_goal(&a, &goal);
      bs_pdb_part part;
      bs_pdb_info info;
      cr_assert_eq(bs_pdb_part_auto(&goal, (size_t)1 << 16, &part), 0);
      cr_assert_eq(bs_pdb_build(&P, &goal, &part, 1, NULL, &info), 0);
    }
    static char m[BS_ANSWER_MAX + 1];
    int len = walk(&seed, &a, 60 + bs_rand_below(&seed, 200), m);
    bs_board z = play(&a, m, len);
    int cut = bs_polish_loops(&a, m, len);
    cr_assert_geq(cut, 0);
    cr_assert_leq(cut, len);
    bs_board y = play(&a, m, cut);
    cr_assert_arr_eq(y.cell, z.cell, sizeof y.cell, "round %d: loops cut elsewhere", round);
    memset(&acc, 0, sizeof acc);
    /* Windows every 8, 4, 2 or 1 moves (cover 1 to 16: 16 asks for half a
     * move, and gets one). */
    const int cover = 1 << round % 5;
    int polished = bs_polish_windows(&sv, &a, m, cut, &(bs_polish_plan){8, cover, 20000, 0}, tables ? &P : NULL, &acc);
    cr_assert_leq(polished, cut, "round %d", round);
    y = play(&a, m, polished);
    cr_assert_arr_eq(y.cell, z.cell, sizeof y.cell, "round %d: polished elsewhere", round);
    if (w * h == 9) {
      int k = bs_polish_windows(&sv, &a, m, polished, &(bs_polish_plan){8, cover, 0, 0}, tables ? &P : NULL, &acc);
      bs_policy p = {.recycle = 1};
      cr_assert_eq(bs_solver_engine(&sv, &a, &z, &p, &bfs), BS_END_MET);
      cr_assert_eq(k, bfs.length, "round %d: whole-answer window %d, bfs %d", round, k, bfs.length);
    }
    if (tables) bs_pdb_free(&P);
  }
  bs_solver_free(&sv);
}

Test(polish, answers_replay_and_never_grow) { polish_walks(8, 60, 0); }

/* With the tables the bridges are bounded by them too, toward each
 * window's own ends: they must stay lower bounds there, or the 3x3
 * boards' whole-answer windows would come out longer than the BFS. */
Test(polish, tables_bound_the_bridges_toward_any_ends) { polish_walks(12, 45, 1); }

/* A random walk of `steps` moves on a 5x5 board (walls on odd rounds) into
 * m, loops cut; *z is where it leads. Returns its length. */
static int long_way(uint64_t *seed, int round, int steps, bs_board *a, bs_board *z, char *m) {
  *a = bs_rand_board(seed, 5, 5, round % 2 ? 3 : 0);
  int len = walk(seed, a, steps, m);
  *z = play(a, m, len);
  return bs_polish_loops(a, m, len);
}

/* The way m of `after` moves, once `before`, still leads from a to z, is
 * no longer, and its searches kept within `total` (each may pass its
 * share by the few children of its last expansion). */
static void expect_within(const bs_board *a, const bs_board *z, const char *m, int before, int after,
                          const bs_result *acc, uint64_t total, int round) {
  cr_assert_leq(after, before, "round %d", round);
  cr_assert_leq(acc->generated, total + 64, "round %d: %llu generated", round, (unsigned long long)acc->generated);
  bs_board y = play(a, m, after);
  cr_assert_arr_eq(y.cell, z->cell, sizeof y.cell, "round %d: the way leads elsewhere", round);
}

/* A total budget holds, and the capped polish still leads to the same
 * board and never lengthens the answer. */
Test(polish, total_budget_caps_the_whole_polish) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc;
  uint64_t seed = 31;
  for (int round = 0; round < 8; round++) {
    static char m[BS_ANSWER_MAX + 1];
    bs_board a, z;
    const int len = long_way(&seed, round, 400, &a, &z, m);
    const uint64_t total = 20000;
    memset(&acc, 0, sizeof acc);
    int polished = bs_polish_windows(&sv, &a, m, len, &(bs_polish_plan){28, 4, 100000, total}, NULL, &acc);
    expect_within(&a, &z, m, len, polished, &acc, total, round);
  }
  bs_solver_free(&sv);
}

/* Relays (bs_polish_relay) over long random walks on 5x5 boards with and
 * without walls: the way still leads to the same board, never grows, the
 * beams keep within the total, and every walk of 200 moves or more loses
 * a tenth of them at least. (Not more: a walk that never undoes a move is
 * nearly shortest over a few dozen moves, as the puzzle's graph has no
 * cycle shorter than 12; these lose 12% to 25%.) */
Test(polish, relays_shorten_long_ways_within_the_total) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc;
  uint64_t seed = 41;
  for (int round = 0; round < 8; round++) {
    static char m[BS_ANSWER_MAX + 1];
    bs_board a, z;
    const int len = long_way(&seed, round, 600, &a, &z, m);
    const uint64_t total = 400000;
    memset(&acc, 0, sizeof acc);
    int relayed = bs_polish_relay(&sv, &a, m, len, &(bs_relay_plan){60, 3, 4, 100, total, 0}, NULL, &acc);
    expect_within(&a, &z, m, len, relayed, &acc, total, round);
    if (len >= 200) cr_assert_leq(relayed * 10, len * 9, "round %d: %d moves of %d", round, relayed, len);
    /* A total smaller than the stretches gives each a share of 0 states,
     * which must not be read as no limit. */
    memset(&acc, 0, sizeof acc);
    cr_assert_eq(bs_polish_relay(&sv, &a, m, relayed, &(bs_relay_plan){60, 3, 4, 100, 2, 0}, NULL, &acc), relayed);
    cr_assert_leq(acc.generated, 2 + 64, "round %d: %llu generated", round, (unsigned long long)acc.generated);
  }
  bs_solver_free(&sv);
}

/* The same relays and polish in every store: the same moves and counts. */
Test(polish, the_same_in_every_store) {
  uint64_t seed = 77;
  for (int round = 0; round < 6; round++) {
    bs_board a = bs_rand_board(&seed, 4 + round % 2, 4 + round % 3 / 2, round % 2 ? 3 : 0);
    static char m0[BS_ANSWER_MAX + 1], m[BS_ANSWER_MAX + 1];
    int len0 = walk(&seed, &a, 150, m0), first = -1;
    static char firstm[BS_ANSWER_MAX + 1];
    uint64_t gen = 0;
    for (int kind = 0; kind < BS_NSTORES; kind++) {
      bs_solver sv;
      init(&sv, (bs_store_kind)kind);
      static bs_result acc;
      memset(&acc, 0, sizeof acc);
      memcpy(m, m0, (size_t)len0 + 1);
      int len = bs_polish_relay(&sv, &a, m, bs_polish_loops(&a, m, len0), &(bs_relay_plan){40, 3, 4, 50, 100000, 0},
                                NULL, &acc);
      len = bs_polish_windows(&sv, &a, m, len, &(bs_polish_plan){12, 4, 50000, 0}, NULL, &acc);
      m[len] = 0;
      if (kind == 0) {
        first = len;
        memcpy(firstm, m, (size_t)len + 1);
        gen = acc.generated;
      } else {
        cr_assert_eq(len, first, "round %d store %s", round, bs_store_name((bs_store_kind)kind));
        cr_assert_str_eq(m, firstm);
        cr_assert_eq(acc.generated, gen);
      }
      bs_solver_free(&sv);
    }
  }
}

/* A loop that comes back to the board the answer starts from is cut too,
 * not only loops between two boards past the start. */
Test(polish, a_loop_back_to_the_start_is_cut) {
  const bs_board a = bs_test_parsed("3,3,123456708");
  static const struct { const char *in, *out; } cases[] = {{"LRR", "R"}, {"ULRDR", "R"}, {"RLR", "R"}, {"R", "R"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char m[16];
    snprintf(m, sizeof m, "%s", cases[i].in);
    const int n = bs_polish_loops(&a, m, (int)strlen(m));
    cr_assert_eq(n, (int)strlen(cases[i].out), "%s: %d moves left", cases[i].in, n);
    cr_assert(!strncmp(m, cases[i].out, (size_t)n), "%s: %.*s", cases[i].in, n, m);
  }
}

/* A per-bridge budget that the bridges never near does not stop the
 * windows growing: on 3x3 boards, whose bridges cost far less than 2^30
 * states, the foresight lets the windows grow to the whole answer, which
 * then comes out as short as the BFS, as with no budget at all; and its
 * bridge, finding no shorter way, proves it: the floor is its length. */
Test(polish, an_ample_budget_lets_the_windows_grow_to_the_whole_answer) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc, bfs;
  uint64_t seed = 5;
  int grown = 0;
  for (int round = 0; round < 12; round++) {
    bs_board a = bs_rand_board(&seed, 3, 3, 0);
    static char m[BS_ANSWER_MAX + 1];
    int len = walk(&seed, &a, 80 + bs_rand_below(&seed, 80), m);
    bs_board z = play(&a, m, len);
    int cut = bs_polish_loops(&a, m, len);
    memset(&acc, 0, sizeof acc);
    int k = bs_polish_windows(&sv, &a, m, cut, &(bs_polish_plan){4, 2, 1u << 30, 0}, NULL, &acc);
    bs_board y = play(&a, m, k);
    cr_assert_arr_eq(y.cell, z.cell, sizeof y.cell, "round %d: polished elsewhere", round);
    bs_policy p = {.recycle = 1};
    cr_assert_eq(bs_solver_engine(&sv, &a, &z, &p, &bfs), BS_END_MET);
    cr_assert_eq(k, bfs.length, "round %d: polished %d, bfs %d", round, k, bfs.length);
    cr_assert_eq(acc.floor, k, "round %d: %d moves, floor %d", round, k, acc.floor);
    grown += bfs.length < cut;
  }
  cr_assert_gt(grown, 6);
  bs_solver_free(&sv);
}

/* The floor only where the whole answer was proven: with a total too
 * small for the windows to grow that far, on 3x3 boards between a board
 * and the end of a walk from it, many answers stay longer than the BFS's,
 * and the floor never passes the BFS's length, nor any answer but one the
 * polish proved shortest. */
Test(polish, no_floor_but_for_a_whole_answer_proven) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc, bfs;
  uint64_t seed = 23;
  int longer = 0, proven = 0;
  for (int round = 0; round < 30; round++) {
    bs_board a = bs_rand_board(&seed, 3, 3, round % 2);
    static char m[BS_ANSWER_MAX + 1];
    bs_board z = play(&a, m, walk(&seed, &a, 20 + bs_rand_below(&seed, 80), m));
    bs_policy p = {.recycle = 1};
    if (bs_solver_engine(&sv, &a, &z, &p, &bfs) != BS_END_MET || !bfs.length) continue;
    memset(&acc, 0, sizeof acc);
    const int k = bs_polish_windows(&sv, &a, m, bs_polish_loops(&a, m, (int)strlen(m)),
                                    &(bs_polish_plan){4, 2, 0, 60}, NULL, &acc);
    cr_assert_leq(acc.floor, bfs.length, "round %d", round);
    cr_assert(!acc.floor || acc.floor == k, "round %d: floor %d, %d moves", round, acc.floor, k);
    longer += k > bfs.length;
    proven += acc.floor == k;
  }
  cr_assert_geq(longer, 5, "only %d answers left longer than the shortest", longer);
  cr_assert_geq(proven, 1, "no answer proven");
  bs_solver_free(&sv);
}

/* A pass after one that shortened something meets again every window the
 * change did not touch, and searches none of them again: a shortest way X
 * (the breadth-first bridge between two 3x3 boards, two windows long) with
 * a step there and back after it. The first pass proves X's two windows
 * shortest and cuts the step, so a second pass follows over X alone; that
 * pass costs nothing, so the whole polish costs what X's own does, not
 * that plus X's first pass (worked out here, and not free). */
Test(polish, a_window_proven_shortest_is_not_searched_again) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc, bfs, s;
  uint64_t seed = 17;
  int checked = 0;
  for (int round = 0; round < 40; round++) {
    bs_board a = bs_rand_board(&seed, 3, 3, 0);
    static char m[BS_ANSWER_MAX + 1];
    bs_board z = play(&a, m, walk(&seed, &a, 40, m));
    bs_policy p = {.recycle = 1};
    if (bs_solver_engine(&sv, &a, &z, &p, &bfs) != BS_END_MET || bfs.length < 8 || bfs.length % 2) continue;
    const int len = bfs.length, w = len / 2;
    const bs_polish_plan plan = {w, 1, 0, 0};
    uint64_t first = 0; /* X's first pass, as the polish runs it */
    for (int i = 0; i < len; i += w) {
      bs_board x = play(&a, bfs.moves, i), y = play(&a, bfs.moves, i + w);
      bs_heur H;
      bs_heur_init(&H, &x, &y, BS_LC_LOWER_BOUND);
      cr_assert_eq(bs_bounded(&sv, &x, &y, &H, w - 2, 0, 1, &s), BS_END_LIMIT);
      first += s.generated;
    }
    if (!first) continue;
    memcpy(m, bfs.moves, (size_t)len);
    memset(&acc, 0, sizeof acc);
    cr_assert_eq(bs_polish_windows(&sv, &a, m, len, &plan, NULL, &acc), len);
    const uint64_t alone = acc.generated;
    bs_board y = play(&a, m, len);
    const int there = y.blank % 3 < 2 ? BS_R : BS_L;
    memcpy(m, bfs.moves, (size_t)len);
    m[len] = bs_dir_chars[there], m[len + 1] = bs_dir_chars[there ^ 1];
    memset(&acc, 0, sizeof acc);
    cr_assert_eq(bs_polish_windows(&sv, &a, m, len + 2, &plan, NULL, &acc), len);
    cr_assert_eq(acc.generated, alone, "round %d: %llu states, X alone %llu, its first pass %llu", round,
                 (unsigned long long)acc.generated, (unsigned long long)alone, (unsigned long long)first);
    checked++;
  }
  cr_assert_geq(checked, 5, "only %d ways of two windows that cost a search", checked);
  bs_solver_free(&sv);
}

/* A random walk of 400 moves on a 5x5 board, loops cut (*len moves), then
 * 240 moves round and round a 2x2 square, every 12 of which come back to
 * the board they left: *z is where both lead. Returns the whole length. */
static int circled_way(uint64_t *seed, bs_board *a, bs_board *z, char *m, int *len) {
  *len = long_way(seed, 0, 400, a, z, m);
  const int h = z->blank % 5 < 4 ? BS_R : BS_L, v = z->blank / 5 < 4 ? BS_D : BS_U;
  for (int k = 0; k < 240; k++) m[*len + k] = bs_dir_chars[(k & 1 ? v : h) ^ (k & 2 ? 1 : 0)];
  bs_board y = play(a, m, *len + 240);
  cr_assert_arr_eq(y.cell, z->cell, sizeof y.cell, "the circling leaves its board");
  return *len + 240;
}

/* The total is shared out over the windows a pass has left, so that the
 * whole answer gets its share, even where one window's bridge could spend
 * it all: a random walk of a few hundred moves on a 5x5 board, then 240
 * moves round and round a 2x2 square, polished in windows of 60 with a total far below what
 * the walk's bridges would spend (circled_way): the windows that lie in
 * the circling still get their share, and lose their 60 moves each. */
Test(polish, the_total_is_shared_to_the_last_windows) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc;
  uint64_t seed = 61;
  for (int round = 0; round < 6; round++) {
    static char m[BS_ANSWER_MAX + 1];
    bs_board a, z;
    int len;
    const int all = circled_way(&seed, &a, &z, m, &len);
    memset(&acc, 0, sizeof acc);
    const uint64_t total = 20000;
    int polished = bs_polish_windows(&sv, &a, m, all, &(bs_polish_plan){60, 1, 0, total}, NULL, &acc);
    expect_within(&a, &z, m, all, polished, &acc, total, round);
    cr_assert_leq(polished, len + 120, "round %d: %d moves of %d, the circling kept", round, polished, all);
  }
  bs_solver_free(&sv);
}

/* A relay's beam may take twice its share of the total, no more, so that
 * one that misses leaves the stretches after it theirs: the same ways
 * (circled_way), relayed on a total so small that the walk's beams, a few states
 * wide, miss: the stretches in the circling still get their beams, which
 * meet at once and lose their 60 moves. */
Test(polish, a_relay_that_misses_leaves_the_rest_their_share) {
  bs_solver sv;
  init(&sv, BS_STORE_ARENA);
  static bs_result acc;
  uint64_t seed = 67;
  for (int round = 0; round < 6; round++) {
    static char m[BS_ANSWER_MAX + 1];
    bs_board a, z;
    int len;
    const int all = circled_way(&seed, &a, &z, m, &len);
    memset(&acc, 0, sizeof acc);
    const uint64_t total = 10000;
    int relayed = bs_polish_relay(&sv, &a, m, all, &(bs_relay_plan){60, 3, 4, 100, total, 0}, NULL, &acc);
    expect_within(&a, &z, m, all, relayed, &acc, total, round);
    cr_assert_leq(relayed, len + 120, "round %d: %d moves of %d, the circling kept", round, relayed, all);
  }
  bs_solver_free(&sv);
}
