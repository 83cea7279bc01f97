/* Tests of bs_board: packing geometry and round trips for every size,
 * moves against edges and walls, goals, and the solvability tests against
 * a plain BFS. */
#include "bs_test.h"

#include "bs_rng.h"

Test(board, geometry_every_size) {
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) {
      int n = w * h;
      uint8_t cell[BS_MAX_CELLS] = {0};
      bs_board b = bs_test_board(w, h, 0, cell);
      bs_geom g;
      bs_geom_init(&g, &b);
      cr_assert_eq(g.nwords, (n + 3) / 4, "%dx%d: a byte a cell", w, h);
      cr_assert_leq(g.nwords, BS_MAX_WORDS, "%dx%d", w, h);
      /* Every cell holds any tile in its own byte, inside nwords. */
      for (int p = 0; p < n; p++) {
        uint32_t words[BS_MAX_WORDS] = {0};
        bs_put(words, p, (unsigned)n - 1);
        for (int q = 0; q < n; q++)
          cr_assert_eq(bs_get(words, q), q == p ? (unsigned)n - 1 : 0u, "%dx%d put %d get %d", w, h, p, q);
        for (int k = 0; k < BS_MAX_WORDS; k++)
          cr_assert_eq(words[k] != 0, k == p / 4, "%dx%d put %d: word %d", w, h, p, k);
      }
    }
  cr_assert_eq(BS_MAX_WORDS * 4, BS_MAX_CELLS, "the largest board fills its words");
}

Test(board, pack_round_trip_every_size) {
  uint64_t seed = 1;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 200; rep++) {
        bs_board b = bs_rand_board(&seed, w, h, rep % 2 ? (w * h) / 4 : 0);
        bs_geom g;
        bs_geom_init(&g, &b);
        uint32_t words[BS_MAX_WORDS];
        memset(words, 0xff, sizeof words);
        bs_pack(&b, words);
        for (int p = 0; p < b.n; p++) cr_assert_eq(bs_get(words, p), b.cell[p], "%dx%d cell %d", w, h, p);
        /* Bytes past the last cell are zero: hashes and compares see whole words. */
        for (int p = b.n; p < 4 * g.nwords; p++) cr_assert_eq(bs_get(words, p), 0u, "%dx%d: byte %d", w, h, p);
        for (int k = g.nwords; k < BS_MAX_WORDS; k++) cr_assert_eq(words[k], 0u, "%dx%d word %d", w, h, k);
        bs_board like = b, out;
        memset(like.cell, 0, sizeof like.cell);
        bs_unpack(&g, words, b.blank, &like, &out);
        cr_assert_eq(out.w, w);
        cr_assert_eq(out.h, h);
        cr_assert_eq(out.n, w * h);
        cr_assert_eq(out.wall, b.wall);
        cr_assert_eq(out.blank, b.blank);
        cr_assert_arr_eq(out.cell, b.cell, (size_t)b.n, "%dx%d round trip", w, h);
      }
}

Test(board, put_changes_one_cell) {
  uint64_t seed = 2;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) {
      bs_board b = bs_rand_board(&seed, w, h, 0);
      bs_geom g;
      bs_geom_init(&g, &b);
      uint32_t words[BS_MAX_WORDS];
      bs_pack(&b, words);
      for (int p = 0; p < b.n; p++) {
        unsigned v = (unsigned)((b.cell[p] + 1) % b.n);
        bs_put(words, p, v);
        for (int q = 0; q < b.n; q++)
          cr_assert_eq(bs_get(words, q), q == p ? v : b.cell[q], "%dx%d put %d", w, h, p);
        bs_put(words, p, b.cell[p]);
      }
    }
}

static int cmp_u32(const void *a, const void *b) {
  const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* The hash a move updates is the hash of the board it makes, on random
 * walks over every size with and without walls; and on the 181,440 boards
 * of the 3x3 it spreads: few pairs share one (2^32 values: about 4
 * expected), and each of 64 ranges of slots, taken by the high bits as the
 * stores take them, holds its share within 10%. */
Test(board, hash_moves_and_spreads) {
  uint64_t seed = 5;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) {
      bs_board b = bs_rand_board(&seed, w, h, (w + h) % 3 ? 0 : w * h / 4);
      bs_geom g;
      bs_geom_init(&g, &b);
      uint32_t words[BS_MAX_WORDS];
      bs_pack(&b, words);
      uint32_t hash = bs_hash_board(&g, words);
      for (int step = 0; step < 500; step++) {
        const int d = (int)(bs_rand(&seed) % 4), q = g.nb[b.blank][d], p = b.blank;
        if (q < 0) continue;
        hash = bs_hash_move(hash, b.cell[q], q, p);
        cr_assert(bs_move(&b, d));
        bs_pack(&b, words);
        cr_assert_eq(hash, bs_hash_board(&g, words), "%dx%d step %d", w, h, step);
      }
    }
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  bs_board b = bs_test_parsed("3,3,123456780");
  bs_geom g;
  bs_geom_init(&g, &b);
  uint32_t *hashes = malloc(t.reached * sizeof *hashes), n = 0, fill[64] = {0};
  cr_assert_not_null(hashes);
  for (uint32_t r = 0; r < t.nstates; r++) {
    if (t.dist[r] < 0) continue;
    uint8_t v[9];
    bs_perm_unrank(r, 9, v);
    memcpy(b.cell, v, 9);
    uint32_t words[BS_MAX_WORDS];
    bs_pack(&b, words);
    hashes[n] = bs_hash_board(&g, words);
    fill[((uint64_t)hashes[n] * 64) >> 32]++; /* the slot's high bits, as the stores take them */
    n++;
  }
  qsort(hashes, n, sizeof *hashes, cmp_u32);
  uint32_t same = 0;
  for (uint32_t i = 1; i < n; i++) same += hashes[i] == hashes[i - 1];
  cr_assert_lt(same, 40, "%u pairs share a hash", same);
  for (int k = 0; k < 64; k++)
    cr_assert(fill[k] > n / 64 * 9 / 10 && fill[k] < n / 64 * 11 / 10, "range %d: %u", k, fill[k]);
  free(hashes);
  bs_bfs_free(&t);
}

/* The cell the blank reaches from p moving d, computed from coordinates. */
static int target(const bs_board *b, int p, int d) {
  int x = p % b->w, y = p / b->w;
  if (d == BS_L) x--;
  if (d == BS_R) x++;
  if (d == BS_U) y--;
  if (d == BS_D) y++;
  if (x < 0 || x >= b->w || y < 0 || y >= b->h) return -1;
  int q = y * b->w + x;
  return b->wall >> q & 1 ? -1 : q;
}

Test(board, moves_respect_edges_and_walls) {
  uint64_t seed = 3;
  int legal = 0, blocked_wall = 0, blocked_edge = 0;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 60; rep++) {
        bs_board b = bs_rand_board(&seed, w, h, rep % 3 ? w * h / 3 : 0);
        bs_geom g;
        bs_geom_init(&g, &b);
        for (int p = 0; p < b.n; p++)
          for (int d = 0; d < 4; d++) {
            int q = target(&b, p, d);
            cr_assert_eq(g.nb[p][d], q, "%dx%d nb[%d][%c]", w, h, p, bs_dir_chars[d]);
            cr_assert_eq(g.dirs[p] >> d & 1, q >= 0, "%dx%d dirs[%d] bit %c", w, h, p, bs_dir_chars[d]);
          }
        for (int d = 0; d < 4; d++) {
          int q = target(&b, b.blank, d);
          bs_board m = b;
          int ok = bs_move(&m, d);
          if (q < 0) {
            cr_assert_eq(ok, 0, "%dx%d blank %d %c should be refused", w, h, b.blank, bs_dir_chars[d]);
            cr_assert_eq(memcmp(&m, &b, sizeof b), 0, "a refused move changed the board");
            int x = b.blank % w, y = b.blank / w;
            int edge = (d == BS_L && x == 0) || (d == BS_R && x == w - 1) || (d == BS_U && y == 0) ||
                       (d == BS_D && y == h - 1);
            blocked_edge += edge;
            blocked_wall += !edge;
            continue;
          }
          legal++;
          cr_assert_eq(ok, 1, "%dx%d blank %d %c should move", w, h, b.blank, bs_dir_chars[d]);
          cr_assert_eq(m.blank, q);
          cr_assert_eq(m.cell[q], 0);
          cr_assert_eq(m.cell[b.blank], b.cell[q]);
          for (int r = 0; r < b.n; r++)
            if (r != q && r != b.blank) cr_assert_eq(m.cell[r], b.cell[r]);
          /* The engine's child: two flips, the blank's cell and the tile's,
           * each between 0 and the tile, make the packed board of the move. */
          uint32_t words[BS_MAX_WORDS], want[BS_MAX_WORDS];
          bs_pack(&b, words);
          bs_pack(&m, want);
          bs_flip(words, b.blank, b.cell[q]);
          bs_flip(words, q, b.cell[q]);
          cr_assert_arr_eq(words, want, sizeof words, "%dx%d blank %d %c: flips", w, h, b.blank, bs_dir_chars[d]);
          cr_assert_eq(bs_move(&m, d ^ 1), 1, "d ^ 1 undoes d");
          cr_assert_eq(memcmp(&m, &b, sizeof b), 0, "d ^ 1 undoes d");
        }
      }
  /* The random boards did exercise all three cases. */
  cr_assert_gt(legal, 500);
  cr_assert_gt(blocked_wall, 0);
  cr_assert_gt(blocked_edge, 0);
}

Test(board, move_into_wall_by_hand) {
  /* 3x3, wall at cell 4 (the centre), blank at cell 1. */
  uint8_t cell[9] = {1, 0, 3, 4, 5, 6, 7, 8, 2};
  bs_board b = bs_test_board(3, 3, 1u << 4, cell);
  bs_board m = b;
  cr_assert_eq(bs_move(&m, BS_D), 0, "D from cell 1 enters the wall");
  cr_assert_eq(bs_move(&m, BS_U), 0, "U from cell 1 leaves the board");
  cr_assert_eq(memcmp(&m, &b, sizeof b), 0);
  cr_assert_eq(bs_move(&m, BS_L), 1);
  cr_assert_eq(m.blank, 0);
  cr_assert_eq(m.cell[1], 1);
}

Test(board, directions) {
  cr_assert_eq(bs_dir_from_char('L'), BS_L);
  cr_assert_eq(bs_dir_from_char('R'), BS_R);
  cr_assert_eq(bs_dir_from_char('U'), BS_U);
  cr_assert_eq(bs_dir_from_char('D'), BS_D);
  for (int d = 0; d < 4; d++) cr_assert_eq(bs_dir_from_char(bs_dir_chars[d]), d);
  cr_assert_eq(bs_dir_from_char('l'), -1);
  cr_assert_eq(bs_dir_from_char('X'), -1);
  cr_assert_eq(bs_dir_from_char(0), -1);
  cr_assert_eq(BS_L ^ 1, BS_R);
  cr_assert_eq(BS_U ^ 1, BS_D);
}

Test(board, goal) {
  uint64_t seed = 4;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) {
      bs_board b = bs_rand_board(&seed, w, h, 4), goal;
      bs_goal(&b, &goal);
      cr_assert_eq(goal.wall, b.wall);
      cr_assert_eq(goal.blank, b.n - 1);
      cr_assert_eq(goal.cell[b.n - 1], 0);
      for (int i = 0; i < b.n - 1; i++) cr_assert_eq(goal.cell[i], i + 1);
      cr_assert(bs_is_goal(&goal));
      bs_board m = goal;
      if (bs_move(&m, BS_L) || bs_move(&m, BS_U))
        cr_assert_not(bs_is_goal(&m));
      else /* walls shut the blank in */
        cr_assert(b.wall >> (b.n - 2) & 1 && b.wall >> (b.n - 1 - w) & 1);
    }
}

Test(board, format_parse_round_trip) {
  uint64_t seed = 5;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 20; rep++) {
        bs_board b = bs_rand_board(&seed, w, h, rep % 2 ? 6 : 0), c;
        char text[BS_BOARD_TEXT], err[128] = "";
        bs_board_format(&b, text);
        cr_assert_eq(bs_board_parse(text, strlen(text), &c, err, sizeof err), 0, "%s: %s", text, err);
        cr_assert_eq(c.w, w);
        cr_assert_eq(c.h, h);
        cr_assert_eq(c.n, b.n);
        cr_assert_eq(c.wall, b.wall, "%s", text);
        cr_assert_eq(c.blank, b.blank, "%s", text);
        cr_assert_arr_eq(c.cell, b.cell, (size_t)b.n, "%s", text);
      }
}

/* Without walls the parity test decides: compare it with a plain BFS on
 * every state of the small boards. */
static void parity_matches_bfs(int w, int h) {
  bs_bfs t;
  bs_bfs_run(&t, w, h, 0);
  cr_assert_eq(t.reached, t.nstates / 2, "%dx%d: half the states are reachable", w, h);
  uint8_t v[BS_MAX_CELLS];
  for (uint32_t r = 0; r < t.nstates; r++) {
    bs_perm_unrank(r, t.n, v);
    bs_board b = bs_test_board(w, h, 0, v);
    const char *why = NULL;
    int s = bs_solvability(&b, &why);
    if (t.dist[r] >= 0) {
      cr_assert_eq(s, BS_SOLVABLE, "%dx%d rank %u is solvable", w, h, r);
    } else {
      cr_assert_eq(s, BS_UNSOLVABLE, "%dx%d rank %u is unsolvable", w, h, r);
      cr_assert_not_null(why);
      cr_assert_str_eq(why, "parity");
    }
  }
  bs_bfs_free(&t);
}

Test(board, parity_2x2) { parity_matches_bfs(2, 2); }
Test(board, parity_2x3) { parity_matches_bfs(2, 3); }
Test(board, parity_3x2) { parity_matches_bfs(3, 2); }
Test(board, parity_4x2) { parity_matches_bfs(4, 2); }
Test(board, parity_3x3) { parity_matches_bfs(3, 3); }

Test(board, parity_every_size_by_scrambling) {
  uint64_t seed = 6;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 20; rep++) {
        uint8_t cell[BS_MAX_CELLS];
        for (int i = 0; i < w * h - 1; i++) cell[i] = (uint8_t)(i + 1);
        cell[w * h - 1] = 0;
        bs_board b = bs_test_board(w, h, 0, cell);
        for (int k = 0; k < 500; k++) bs_move(&b, bs_rand_below(&seed, 4));
        const char *why = NULL;
        cr_assert_eq(bs_solvability(&b, &why), BS_SOLVABLE, "%dx%d scrambled", w, h);
        /* Swapping two tiles flips the parity. */
        int p = b.blank == 0 ? 1 : 0, q = p + 1 == b.blank ? p + 2 : p + 1;
        uint8_t t = b.cell[p];
        b.cell[p] = b.cell[q];
        b.cell[q] = t;
        cr_assert_eq(bs_solvability(&b, &why), BS_UNSOLVABLE, "%dx%d two tiles swapped", w, h);
        cr_assert_str_eq(why, "parity");
      }
}

/* A board no parse makes has no goal: each kind is "not a board", and
 * the check ends (the group's walks would follow a permutation that is
 * not one, and loop). */
Test(board, solvability_not_a_board) {
  char err[128];
  const char *text = "3,3,1=3456708"; /* the goal, the blank moved left; a wall at cell 2 */
  bs_board good;
  cr_assert_eq(bs_board_parse(text, strlen(text), &good, err, sizeof err), 0, "%s", err);
  const char *why = NULL;
  cr_assert_eq(bs_solvability(&good, &why), BS_SOLVABLE, "%s", why);
  for (int kind = 0; kind < 5; kind++) {
    bs_board b = good;
    switch (kind) {
    case 0: b.blank = 0; break;             /* the blank field on tile 1 */
    case 1: b.blank = 1; break;             /* the blank field on the wall */
    case 2: b.cell[0] = 3; break;           /* tile 3 twice, 1 missing */
    case 3: b.cell[0] = 2; break;           /* a tile of the wall's goal cell */
    case 4: b.cell[2] = 0; break;           /* a second blank */
    }
    why = NULL;
    cr_assert_eq(bs_solvability(&b, &why), BS_UNSOLVABLE, "kind %d", kind);
    cr_assert_str_eq(why, "not a board", "kind %d", kind);
  }
}

/* ---- exact solvability against a full BFS ---------------------------- */

static const char *const reasons[] = {"tile cut off", "tile locked in a dead end",
                                      "tile cannot reach its goal", "parity", "ring order"};
#define NREASONS (int)(sizeof reasons / sizeof *reasons)

static int reason_index(const char *why) {
  for (int i = 0; i < NREASONS; i++)
    if (why && !strcmp(why, reasons[i])) return i;
  return -1;
}

/* For every arrangement of the layout's open cells, bs_solvability agrees
 * with reachability from the goal. Adds the reasons given to seen[]. */
static void exact_on(int w, int h, uint64_t wall, int seen[NREASONS]) {
  bs_obfs t;
  bs_obfs_run(&t, w, h, wall);
  uint32_t solvable = 0;
  for (uint32_t r = 0; r < t.nstates; r++) {
    bs_board b = bs_obfs_board(&t, r);
    const char *why = NULL;
    int s = bs_solvability(&b, &why);
    if (t.seen[r]) {
      char text[BS_BOARD_TEXT];
      bs_board_format(&b, text);
      cr_assert_eq(s, BS_SOLVABLE, "%s is solvable, said %s", text, why);
      solvable++;
      continue;
    }
    int k = reason_index(why);
    if (s != BS_UNSOLVABLE || k < 0) {
      char text[BS_BOARD_TEXT];
      bs_board_format(&b, text);
      cr_assert_fail("%s is unsolvable, said %d (%s)", text, s, why ? why : "no reason");
    }
    seen[k]++;
  }
  cr_assert_eq(solvable, t.reached);
  bs_obfs_free(&t);
}

/* Every wall layout of a w x h board (every set of cells but the last). */
static void every_layout(int w, int h, int seen[NREASONS]) {
  for (uint64_t wall = 0; wall < 1ull << (w * h - 1); wall++) exact_on(w, h, wall, seen);
}

Test(board, exact_every_layout_2x2_2x3_3x2) {
  int seen[NREASONS] = {0};
  every_layout(2, 2, seen);
  every_layout(2, 3, seen);
  every_layout(3, 2, seen);
  cr_assert_gt(seen[0], 0);
  cr_assert_gt(seen[1], 0);
  cr_assert_gt(seen[3], 0);
}

Test(board, exact_every_layout_2x4_4x2) {
  int seen[NREASONS] = {0};
  every_layout(2, 4, seen);
  every_layout(4, 2, seen);
}

Test(board, exact_every_layout_3x3) {
  /* 256 layouts: the ring round a centre wall, trees, passages. */
  int seen[NREASONS] = {0};
  every_layout(3, 3, seen);
  for (int k = 0; k < NREASONS; k++) cr_assert_gt(seen[k], 0, "no board said '%s'", reasons[k]);
}

/* Layouts of w x h with at least `least` walls (so few open cells). */
static void layouts_with_walls(int w, int h, int least, int seen[NREASONS]) {
  for (uint64_t wall = 0; wall < 1ull << (w * h - 1); wall++)
    if (__builtin_popcountll(wall) >= least) exact_on(w, h, wall, seen);
}

Test(board, exact_2x5_5x2_up_to_8_open) {
  int seen[NREASONS] = {0};
  layouts_with_walls(2, 5, 2, seen);
  layouts_with_walls(5, 2, 2, seen);
}

Test(board, exact_3x4_4x3_up_to_7_open) {
  int seen[NREASONS] = {0};
  layouts_with_walls(3, 4, 5, seen);
  layouts_with_walls(4, 3, 5, seen);
}

/* Every size from 2x2 to 6x6, on layouts of 3 to 8 open cells drawn at
 * random (a fixed seed): cells scattered over the wider boards, in pieces
 * or joined, so that the widths and heights the exhaustive tests above do
 * not reach are checked against the BFS too. */
Test(board, exact_random_layouts_of_every_size) {
  int seen[NREASONS] = {0};
  bs_rng rng;
  bs_rng_seed(&rng, 4701);
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int k = 0; k < 20; k++) {
        const int n = w * h, open = 3 + (int)bs_rng_below(&rng, 6);
        if (open > n) continue;
        uint64_t wall = (1ull << (n - 1)) - 1; /* the last cell is always open */
        for (int left = open - 1; left > 0;) {
          int c = (int)bs_rng_below(&rng, (uint32_t)(n - 1));
          if (wall >> c & 1) wall &= ~(1ull << c), left--;
        }
        exact_on(w, h, wall, seen);
      }
  cr_assert_gt(seen[0], 0, "no board said '%s'", reasons[0]);
  cr_assert_gt(seen[3], 0, "no board said '%s'", reasons[3]);
}

static uint64_t walls_of(const char *rows) {
  uint64_t wall = 0;
  for (int i = 0; rows[i]; i++)
    if (rows[i] == '#') wall |= 1ull << i;
  return wall;
}

Test(board, exact_shapes_of_9_and_10_open_cells) {
  int seen[NREASONS] = {0};
  /* Two rings of four joined by a passage cell. */
  exact_on(5, 2, walls_of("oo#oo"
                          "ooooo"), seen);
  /* A passage of nine cells: nothing moves but along it. */
  exact_on(4, 3, walls_of("oooo"
                          "###o"
                          "oooo"), seen);
  /* A ring of eight, the blank's goal at the end of a tail. */
  exact_on(3, 4, walls_of("ooo"
                          "o#o"
                          "ooo"
                          "##o"), seen);
  /* A theta: two 4-cycles sharing an edge, with a dead-end tree. */
  exact_on(4, 3, walls_of("oo#o"
                          "oo#o"
                          "oooo"), seen);
  /* Ten cells: two rings joined by an edge, each with a dead end. */
  exact_on(4, 3, walls_of("oo#o"
                          "oooo"
                          "o#oo"), seen);
  for (int k = 1; k < NREASONS; k++) /* all connected: nothing is cut off */
    cr_assert_gt(seen[k], 0, "no board said '%s'", reasons[k]);
}

static void expect_reason(const char *text, const char *want) {
  bs_board b;
  char err[128];
  cr_assert_eq(bs_board_parse(text, strlen(text), &b, err, sizeof err), 0, "%s: %s", text, err);
  const char *why = NULL;
  int s = bs_solvability(&b, &why);
  if (!want) {
    cr_assert_eq(s, BS_SOLVABLE, "%s: said %s", text, why);
    return;
  }
  cr_assert_eq(s, BS_UNSOLVABLE, "%s", text);
  cr_assert_str_eq(why, want, "%s", text);
}

Test(board, reasons_by_hand) {
  /* Two tiles swapped on an open board: an odd permutation. */
  expect_reason("3,3,213456780", "parity");
  expect_reason("3,3,123456780", NULL);
  /* A passage of two cells (0, 1) off a 2x3 block: its tiles swapped. */
  expect_reason("4,3,1234==78==B0", NULL);
  expect_reason("4,3,2134==78==B0", "tile locked in a dead end");
  /* ... or a tile of the block pushed into it, and the passage's out. */
  expect_reason("4,3,7234==18==B0", "tile locked in a dead end");
  /* The blank in the passage: its tiles shift as it walks out. */
  expect_reason("4,3,0123==74==B8", NULL);
  /* A ring round a centre wall: one turn of the blank is solvable; two
   * tiles swapped is odd; three cycled is even, every goal in reach, and
   * still no turn. */
  expect_reason("3,3,4127=3860", NULL);
  expect_reason("3,3,2134=6780", "parity");
  expect_reason("3,3,2314=6780", "ring order");
  /* Walls split 3x2 into columns: a tile on the wrong side, and tiles
   * swapped in the column without the blank. */
  expect_reason("3,2,3=41=0", "tile cut off");
  expect_reason("3,2,4=31=0", "tile cut off");
  expect_reason("3,2,1=34=0", NULL);
  /* Two rings of four joined by a passage: a tile of the left ring sent
   * to the right one. */
  expect_reason("5,2,12=4567890", NULL);
  expect_reason("5,2,42=5167890", "tile cannot reach its goal");
}

/* Two distinct tiles of b, at random (neither the blank nor a wall), into
 * *i and *j; 0 when b has fewer than two. */
static int two_tiles(const bs_board *b, uint64_t *seed, int *i, int *j) {
  int tiles[BS_MAX_CELLS], n = 0;
  for (int c = 0; c < b->n; c++)
    if (c != b->blank && !(b->wall >> c & 1)) tiles[n++] = c;
  if (n < 2) return 0;
  const int a = (int)bs_rand_below(seed, (uint32_t)n);
  const int d = 1 + (int)bs_rand_below(seed, (uint32_t)n - 1); /* another one */
  *i = tiles[a];
  *j = tiles[(a + d) % n];
  return 1;
}

Test(board, exact_every_size_by_scrambling) {
  /* Random walks from the goal on random layouts of every size are
   * solvable; the same with two tiles swapped never is, whatever the
   * layout: the blank's closed walks on a grid make only even
   * permutations (bs_board.h), and a swap is odd. Its reason is one of
   * the five. Likewise, of a random board and the same with two tiles
   * swapped, at most one is solvable. (Every arrangement of the small
   * layouts is checked against a full BFS above.) */
  uint64_t seed = 8;
  int swaps = 0, pairs = 0;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 40; rep++) {
        bs_board b = bs_rand_board(&seed, w, h, rep % 4 * w * h / 6), goal;
        bs_goal(&b, &goal);
        for (int k = 0; k < 400; k++) bs_move(&goal, bs_rand_below(&seed, 4));
        const char *why = NULL;
        char text[BS_BOARD_TEXT];
        bs_board_format(&goal, text);
        cr_assert_eq(bs_solvability(&goal, &why), BS_SOLVABLE, "%s: %s", text, why);
        int i, j;
        if (!two_tiles(&goal, &seed, &i, &j)) continue;
        bs_board odd = goal;
        odd.cell[i] = goal.cell[j];
        odd.cell[j] = goal.cell[i];
        bs_board_format(&odd, text);
        cr_assert_eq(bs_solvability(&odd, &why), BS_UNSOLVABLE, "%s: two tiles swapped, said solvable", text);
        cr_assert_geq(reason_index(why), 0, "%s: %s", text, why);
        swaps++;
        if (!two_tiles(&b, &seed, &i, &j)) continue; /* b's own tiles: its blank is elsewhere */
        bs_board c = b;
        c.cell[i] = b.cell[j];
        c.cell[j] = b.cell[i];
        bs_board_format(&b, text);
        const int sb = bs_solvability(&b, &why);
        cr_assert(sb == BS_SOLVABLE || reason_index(why) >= 0, "%s: %s", text, why);
        const int sc = bs_solvability(&c, &why);
        cr_assert(sc == BS_SOLVABLE || reason_index(why) >= 0, "%s swapped: %s", text, why);
        cr_assert(!(sb == BS_SOLVABLE && sc == BS_SOLVABLE), "%s: both it and a swap said solvable", text);
        pairs++;
      }
  cr_assert_gt(swaps, 900, "too few boards had two tiles to swap: %d", swaps);
  cr_assert_gt(pairs, 900, "too few random boards had two tiles to swap: %d", pairs);
}

/* ---- the inverse board ------------------------------------------------- */

/* Every arrangement of a layout of at most 9 cells, against a full BFS of
 * its own (bs_bfs, no code of src/ but bs_move): the inverse is solvable
 * exactly when the board is; with the blank home the walk is empty, the
 * inverse is as far from the goal as the board and its own inverse is the
 * board; with the blank away, the two distances differ by at most the
 * walk. On every 7th solvable one, a shortest answer to the inverse (each
 * move one nearer by the BFS), played backwards after the walk, each move
 * undone, answers the board. Returns the boards whose blank was home. */
static int inverse_on(int w, int h, uint64_t wall) {
  bs_bfs t;
  bs_bfs_run(&t, w, h, wall);
  uint8_t v[BS_MAX_CELLS];
  int home = 0;
  for (uint32_t r = 0, solvable = 0; r < t.nstates; r++) {
    bs_perm_unrank(r, t.n, v);
    if (!bs_bfs_valid(&t, v)) continue;
    const bs_board b = bs_test_board(w, h, wall, v);
    bs_board inv, back;
    char walk[BS_MAX_CELLS];
    const int nw = bs_board_inverse(&b, &inv, walk);
    if (nw < 0) { /* the blank cut off from its goal cell */
      cr_assert_lt(t.dist[r], 0, "%dx%d rank %u: no walk, yet solvable", w, h, r);
      continue;
    }
    cr_assert_eq((int)strlen(walk), nw);
    const int db = t.dist[r], di = t.dist[bs_perm_rank(inv.cell, t.n)];
    cr_assert_eq(db >= 0, di >= 0, "%dx%d rank %u: %d moves, its inverse %d", w, h, r, db, di);
    if (!nw) {
      home++;
      cr_assert_eq(di, db, "%dx%d rank %u, blank home: %d moves, its inverse %d", w, h, r, db, di);
      cr_assert_eq(bs_board_inverse(&inv, &back, walk), 0);
      cr_assert_arr_eq(back.cell, b.cell, (size_t)t.n, "%dx%d rank %u: the inverse's inverse", w, h, r);
    } else if (db >= 0) {
      cr_assert_leq(abs(di - db), nw, "%dx%d rank %u: %d moves, its inverse %d, walk %d", w, h, r, db, di, nw);
    }
    if (db < 0 || solvable++ % 7) continue;
    uint8_t ans[64];
    int n = 0;
    bs_board x = inv;
    while (t.dist[bs_perm_rank(x.cell, t.n)] > 0) {
      const int at = t.dist[bs_perm_rank(x.cell, t.n)];
      int d = 0;
      for (bs_board y; d < 4; d++)
        if ((y = x, bs_move(&y, d)) && t.dist[bs_perm_rank(y.cell, t.n)] == at - 1) {
          x = y;
          break;
        }
      cr_assert_lt(d, 4, "%dx%d: no move one nearer", w, h);
      ans[n++] = (uint8_t)d;
    }
    bs_board y = b;
    for (int i = 0; i < nw; i++) cr_assert(bs_move(&y, bs_dir_from_char(walk[i])));
    for (int i = n; i-- > 0;) cr_assert(bs_move(&y, ans[i] ^ 1));
    cr_assert(bs_is_goal(&y), "%dx%d rank %u: the walk and the inverse's answer backwards", w, h, r);
  }
  bs_bfs_free(&t);
  return home;
}

Test(board, inverse_against_a_full_bfs) {
  cr_assert_gt(inverse_on(3, 3, 0), 0);
  cr_assert_gt(inverse_on(2, 4, 0), 0);
  cr_assert_gt(inverse_on(3, 3, 1ull << 4), 0); /* a ring round the centre */
  cr_assert_gt(inverse_on(3, 3, 1ull << 3), 0); /* a dead end at the top left */
  cr_assert_gt(inverse_on(4, 2, 1ull << 1 | 1ull << 6), 0);
}
