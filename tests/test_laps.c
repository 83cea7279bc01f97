/* Tests of bs_laps: each lap is a closed walk of the blank from the root
 * and moves the tiles as its table says, on random layouts of every size;
 * a region with no cycle has no lap; the laps chosen for a board are a
 * closed walk that costs no more than they save by the beam's own count,
 * the same each time; and on a ring of 14 cells through a 2x2 square the
 * constructor's answers with laps are shorter than by 3-cycles alone. */
#include "bs_test.h"

#include "bs_construct.h"
#include "bs_laps.h"
#include "bs_region.h"

/* The ring region stop 63 found: 14 cells round walls through one 2x2
 * square (the bottom right corner), 15 tiles. */
#define RING "6,6,============XH0UY=N===G=W===TJZPDVEF"

static bs_laps laps;
static bs_lap_beam beam;

/* The laps of b's component of the blank's goal (region), as the sort step
 * makes them, and the distances between its cells. */
static bs_region region;
static void laps_of(const bs_board *b, uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS]) {
  bs_geom g;
  bs_geom_init(&g, b);
  const uint64_t open = ((b->n == 64 ? 0 : 1ull << b->n) - 1) & ~b->wall;
  bs_region_init(&region, &g, open, b->n - 1);
  for (uint64_t m = region.cells; m; m &= m - 1)
    bs_flood(&g, region.cells, __builtin_ctzll(m), NULL, dist[__builtin_ctzll(m)]);
  bs_laps_init(&laps, &g, &region);
}

/* b with its blank walked to the root along the region's tree, as the sort
 * step walks it. */
static bs_board blank_home(bs_board b) {
  bs_geom g;
  bs_geom_init(&g, &b);
  uint8_t moves[BS_MAX_CELLS];
  const int n = bs_region_to_root(&region, &g, b.blank, moves);
  for (int i = 0; i < n; i++) cr_assert(bs_move(&b, moves[i]));
  return b;
}

static void check_laps(const bs_board *goal) {
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS];
  laps_of(goal, dist);
  bs_board start = *goal; /* the tiles numbered by cell, so the table shows */
  for (int k = 0; k < laps.n; k++) {
    bs_board b = start;
    cr_assert_leq(laps.len[k], BS_LAP_LEN);
    for (int i = 0; i < laps.len[k]; i++) cr_assert(bs_move(&b, laps.moves[k][i]), "lap %d, move %d", k, i);
    cr_assert_eq(b.blank, start.blank, "lap %d ends at the root", k);
    for (int q = 0; q < b.n; q++)
      cr_assert_eq(b.cell[q], start.cell[laps.from[k][q]], "lap %d, cell %d", k, q);
    int moved = 0;
    for (int q = 0; q < b.n; q++) moved += b.cell[q] != start.cell[q];
    cr_assert_geq(moved, 3, "lap %d turns a cycle's tiles", k);
  }
}

Test(laps, each_lap_is_a_closed_walk_as_its_table_says) {
  uint64_t seed = 64;
  int some = 0;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 10; rep++) {
        bs_board b = bs_rand_board(&seed, w, h, w * h / 3);
        uint8_t cell[BS_MAX_CELLS];
        for (int p = 0; p + 1 < b.n; p++) cell[p] = (uint8_t)(p + 1);
        cell[b.n - 1] = 0;
        bs_board goal = bs_test_board(w, h, b.wall, cell);
        check_laps(&goal);
        some += laps.n > 0;
        cr_assert_eq(laps.n % 2, 0, "each cycle both ways round");
        cr_assert_leq(laps.n, BS_LAP_MAX);
      }
  cr_assert_gt(some, 100, "only %d layouts with a lap", some);
  bs_board ring = bs_test_parsed(RING);
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS];
  laps_of(&ring, dist);
  cr_assert_eq(laps.n, 6, "three cycles, each both ways: %d laps", laps.n);
}

Test(laps, a_region_with_no_cycle_has_none) {
  bs_board b = bs_test_parsed("5,3,==========BC0DE");
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS];
  laps_of(&b, dist);
  cr_assert_eq(laps.n, 0);
  b = blank_home(b);
  uint64_t made = 0;
  cr_assert_eq(bs_laps_choose(&laps, &beam, &b, (const uint8_t(*)[BS_MAX_CELLS])dist, &made), 0);
  cr_assert_eq(made, 0u);
}

/* The beam's count for b: BS_LAP_TILE per tile out of place. */
static int cost_of(const bs_board *b) {
  int k = 0;
  for (int q = 0; q < b->n; q++) k += !(b->wall >> q & 1) && b->cell[q] && b->cell[q] != q + 1;
  return BS_LAP_TILE * k;
}

Test(laps, the_laps_chosen_pay_for_themselves) {
  bs_board b = bs_test_parsed(RING);
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS];
  laps_of(&b, dist);
  b = blank_home(b);
  uint64_t made = 0;
  const int n = bs_laps_choose(&laps, &beam, &b, (const uint8_t(*)[BS_MAX_CELLS])dist, &made);
  cr_assert_gt(n, 0, "no laps on a ring out of order");
  cr_assert_gt(made, 0u);
  uint8_t first[BS_LAP_DEPTH * BS_LAP_LEN];
  memcpy(first, beam.moves, (size_t)n);
  bs_board after = b;
  for (int i = 0; i < n; i++) cr_assert(bs_move(&after, first[i]), "move %d", i);
  cr_assert_eq(after.blank, b.blank, "the laps end at the root");
  cr_assert_lt(n + cost_of(&after), cost_of(&b), "%d moves for %d against %d", n, cost_of(&after), cost_of(&b));
  uint64_t again = 0; /* the same laps a second time */
  cr_assert_eq(bs_laps_choose(&laps, &beam, &b, (const uint8_t(*)[BS_MAX_CELLS])dist, &again), n);
  cr_assert_eq(again, made);
  cr_assert_eq(memcmp(first, beam.moves, (size_t)n), 0);
}

Test(laps, shorter_answers_on_a_ring_through_a_square) {
  /* 40 random boards of the ring's layout, by the constructor with laps
   * and with 3-cycles alone: every answer replays, and the laps take a
   * tenth off at least (about a fifth, measured when this was written). */
  static bs_construct con;
  char err[160];
  cr_assert_eq(bs_construct_init(&con, BS_CONSTRUCT_BYTES, err, sizeof err), 0, "%s", err);
  const bs_board ring = bs_test_parsed(RING);
  uint64_t seed = 63;
  size_t total[2] = {0, 0};
  for (int rep = 0; rep < 40; rep++) {
    uint8_t tiles[BS_MAX_CELLS], order[BS_MAX_CELLS];
    int m = 0, cells[BS_MAX_CELLS];
    for (int q = 0; q + 1 < ring.n; q++)
      if (!(ring.wall >> q & 1)) cells[m] = q, tiles[m++] = (uint8_t)(q + 1);
    bs_rand_perm(&seed, order, m);
    bs_board b = ring;
    b.cell[b.blank] = b.cell[b.n - 1];
    b.cell[b.blank = b.n - 1] = 0;
    for (int i = 0; i < m; i++) b.cell[cells[i]] = tiles[order[i]];
    if (bs_construct_solve(&con, &b)) { /* odd: two tiles traded makes it even */
      uint8_t t = b.cell[cells[0]];
      b.cell[cells[0]] = b.cell[cells[1]], b.cell[cells[1]] = t;
    }
    for (int plain = 0; plain < 2; plain++) {
      con.plain_sort = plain;
      cr_assert_eq(bs_construct_solve(&con, &b), 0, "board %d: no answer", rep);
      bs_board x = b;
      for (size_t i = 0; i < con.len; i++) cr_assert(bs_move(&x, bs_dir_from_char(con.moves[i])));
      cr_assert(bs_is_goal(&x), "board %d: the answer does not end at the goal", rep);
      total[plain] += con.len;
    }
  }
  bs_construct_free(&con);
  cr_assert_lt(10 * total[0], 9 * total[1], "%zu moves with laps, %zu without", total[0], total[1]);
  cr_log_info("%zu moves with laps, %zu without", total[0], total[1]);
}
