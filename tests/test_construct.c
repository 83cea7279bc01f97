/* Tests of bs_construct: every solvable arrangement of small layouts (all
 * wall layouts of 2x2 to 3x3, 2x4 and 4x2, and shapes of 9 and 10 open
 * cells) is answered, and the answer replays to the goal; unsolvable ones
 * are refused; random layouts of every size and density, rings, passages,
 * thetas, and every layout of the real set when it is at hand, have a plan,
 * and random solvable boards of them (uniform, through the group) are
 * answered; a sort step sorts an odd cycle of k tiles with (k - 1) / 2
 * 3-cycles, and two 3-cycles near each other share their walks; an ear
 * step fills a corridor by pushes, none where its tiles are home and a
 * pull and a push where only its far tile is wrong; small steps next to
 * each other are one search, the fewest moves for their tiles; with
 * before_sort, a plan stops before its sort step, at a solvable board. */
#include "bs_test.h"

#include <sys/stat.h>

#include "bs_construct.h"
#include "bs_group.h"
#include "bs_parse.h"

#define REAL_SET "puzzles/devquiz2011.txt" /* the shipped copy */

static bs_construct con;

static void setup(void) {
  char err[160];
  cr_assert_eq(bs_construct_init(&con, BS_CONSTRUCT_BYTES, err, sizeof err), 0, "%s", err);
}

static void teardown(void) { bs_construct_free(&con); }

TestSuite(construct, .init = setup, .fini = teardown);

/* Replays the answer with bs_move: every move legal, none undoing the one
 * before it, the goal at the end. */
static void check_answer(const bs_board *b) {
  char text[BS_BOARD_TEXT];
  bs_board_format(b, text);
  cr_assert_eq(strlen(con.moves), con.len, "%s", text);
  bs_board x = *b;
  for (size_t i = 0; i < con.len; i++) {
    cr_assert(bs_move(&x, bs_dir_from_char(con.moves[i])), "%s: move %zu (%c) is illegal", text, i + 1,
              con.moves[i]);
    cr_assert(!i || bs_dir_from_char(con.moves[i]) != (bs_dir_from_char(con.moves[i - 1]) ^ 1),
              "%s: move %zu (%c) undoes the one before", text, i + 1, con.moves[i]);
  }
  cr_assert(bs_is_goal(&x), "%s: the answer does not end at the goal", text);
}

static void solve_ok(const bs_board *b) {
  char text[BS_BOARD_TEXT];
  bs_board_format(b, text);
  cr_assert_eq(bs_construct_solve(&con, b), 0, "%s: no answer", text);
  check_answer(b);
}

/* Every arrangement of the layout: the solvable ones answered, the others
 * refused. Returns the longest answer. */
static size_t every_arrangement(int w, int h, uint64_t wall) {
  bs_obfs t;
  bs_obfs_run(&t, w, h, wall);
  size_t longest = 0;
  for (uint32_t r = 0; r < t.nstates; r++) {
    bs_board b = bs_obfs_board(&t, r);
    if (!t.seen[r]) {
      cr_assert_eq(bs_construct_solve(&con, &b), -1);
      continue;
    }
    solve_ok(&b);
    if (con.len > longest) longest = con.len;
  }
  bs_obfs_free(&t);
  return longest;
}

static void every_layout(int w, int h) {
  for (uint64_t wall = 0; wall < 1ull << (w * h - 1); wall++) every_arrangement(w, h, wall);
}

Test(construct, every_arrangement_2x2_2x3_3x2) {
  every_layout(2, 2);
  every_layout(2, 3);
  every_layout(3, 2);
}

Test(construct, every_arrangement_2x4_4x2) {
  every_layout(2, 4);
  every_layout(4, 2);
}

Test(construct, every_arrangement_3x3) { every_layout(3, 3); }

static uint64_t walls_of(const char *rows) {
  uint64_t wall = 0;
  for (int i = 0; rows[i]; i++)
    if (rows[i] == '#') wall |= 1ull << i;
  return wall;
}

Test(construct, every_arrangement_rings_passages_thetas) {
  /* Two rings and a passage; a long passage; a ring of eight with the
   * blank's goal on a tail; a theta with a dead end. */
  every_arrangement(5, 2, walls_of("oo#oo"
                                   "ooooo"));
  every_arrangement(4, 3, walls_of("oooo"
                                   "###o"
                                   "oooo"));
  every_arrangement(3, 4, walls_of("ooo"
                                   "o#o"
                                   "ooo"
                                   "##o"));
  every_arrangement(4, 3, walls_of("oo#o"
                                   "oo#o"
                                   "oooo"));
}

/* A uniformly random solvable board of the planned layout: a random
 * element of G(R_0) on the goal, the blank walked to a random cell. */
static bs_board random_board(int w, int h, uint64_t wall, bs_rng *rng) {
  uint8_t cell[BS_MAX_CELLS];
  const int n = w * h;
  cr_assert(n >= 4 && n <= BS_MAX_CELLS, "%dx%d", w, h);
  for (int p = 0; p < n; p++) cell[p] = (uint8_t)(p + 1);
  cell[n - 1] = 0;
  bs_board b = bs_test_board(w, h, wall, cell);
  const bs_group *G = bs_construct_group(&con);
  const bs_region *R = bs_construct_region(&con);
  bs_perm sigma;
  bs_group_random(G, rng, sigma);
  for (uint64_t m = R->cells & ~(1ull << R->root); m; m &= m - 1) {
    int c = __builtin_ctzll(m);
    b.cell[sigma[c]] = (uint8_t)(c + 1);
  }
  for (int k = 0; k < 4 * w * h; k++) bs_move(&b, (int)bs_rng_below(rng, 4));
  return b;
}

/* Plans the layout and answers `boards` random boards of it. */
static void layout_ok(int w, int h, uint64_t wall, int boards, bs_rng *rng) {
  cr_assert_eq(bs_construct_plan(&con, w, h, wall), 0, "%dx%d walls %llx: no plan", w, h,
               (unsigned long long)wall);
  for (int i = 0; i < boards; i++) {
    bs_board b = random_board(w, h, wall, rng);
    const char *why;
    char text[BS_BOARD_TEXT];
    bs_board_format(&b, text);
    cr_assert_eq(bs_solvability(&b, &why), BS_SOLVABLE, "%s: %s", text, why);
    solve_ok(&b);
  }
}

/* A layout drawn by rows: 'o' an open cell, '#' a wall. */
typedef struct shape {
  int w, h;
  const char *rows;
} shape;

/* Plans shape i, which must end with a sort step; returns its sorter. The
 * tests that call it test the 3-cycles, so the sort step plays no laps
 * (tests/test_laps.c tests those). */
static const bs_sorter *sort_plan(const shape *sh, size_t i) {
  con.plain_sort = 1;
  cr_assert_eq(bs_construct_plan(&con, sh->w, sh->h, walls_of(sh->rows)), 0, "shape %zu: no plan", i);
  cr_assert(con.plan.sort_last, "shape %zu: no sort step to test", i);
  return con.sorter;
}

/* The goal of shape sh: tile p + 1 on cell p, the blank last. */
static bs_board goal_of(const shape *sh) {
  uint8_t cell[BS_MAX_CELLS] = {0};
  for (int p = 0; p + 1 < sh->w * sh->h; p++) cell[p] = (uint8_t)(p + 1);
  return bs_test_board(sh->w, sh->h, walls_of(sh->rows), cell);
}

/* The moves of the answers to `boards` random boards of sh, all together. */
static size_t random_answers(const shape *sh, int boards, uint64_t seed) {
  bs_rng rng;
  bs_rng_seed(&rng, seed);
  size_t moves = 0;
  for (int i = 0; i < boards; i++) {
    bs_board b = random_board(sh->w, sh->h, walls_of(sh->rows), &rng);
    solve_ok(&b);
    moves += con.len;
  }
  return moves;
}

Test(construct, shapes_by_hand) {
  bs_rng rng;
  bs_rng_seed(&rng, 1);
  static const shape shapes[] = {
      /* Thetas of long paths with no 2x2 square: a sort step, its engine
       * found by conjugation. */
      {5, 3, "ooooo" "o#o#o" "ooooo"},
      {3, 5, "ooo" "o#o" "ooo" "o#o" "ooo"},
      /* A ring round the board's middle, and one with a bulge. */
      {4, 4, "oooo" "o##o" "o##o" "oooo"},
      {6, 6, "oooooo" "o####o" "o####o" "o####o" "o####o" "oooooo"},
      {6, 6, "oooooo" "oo###o" "o####o" "o####o" "o####o" "oooooo"},
      /* A ring near the blank's goal, fed by two narrow passages. */
      {6, 6, "ooooo#" "oooooo" "oooooo" "oooo##" "oo#ooo" "oooooo"},
      /* Dead ends and trees; a snake; a row cut off by walls. */
      {6, 6, "o#o#o#" "oooooo" "#o#o#o" "oooooo" "o#o#o#" "oooooo"},
      {6, 6, "oooooo" "#####o" "oooooo" "o#####" "oooooo" "#####o"},
      {6, 4, "oooooo" "######" "oooooo" "oooooo"},
      /* No walls, every size: the plans people make, row by row. */
      {6, 6, "oooooo" "oooooo" "oooooo" "oooooo" "oooooo" "oooooo"},
      {2, 6, "oo" "oo" "oo" "oo" "oo" "oo"},
  };
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
    layout_ok(shapes[i].w, shapes[i].h, walls_of(shapes[i].rows), 20, &rng);
}

/* The cells of orbit o of a sort step, into cells; returns how many. */
static int orbit_cells(const bs_sorter *s, int o, int *cells) {
  int m = 0;
  for (uint64_t q = s->orbit[o]; q; q &= q - 1) cells[m++] = __builtin_ctzll(q);
  return m;
}

Test(construct, a_sort_step_takes_two_tiles_home_a_cycle) {
  /* Tiles cycled round k cells of one orbit (k odd), every other tile
   * home: each 3-cycle brings one tile home and sends the tile it moves
   * out on to where that one belongs, so (k - 1) / 2 of them sort the
   * board, where one tile a 3-cycle would take k - 2 or more. */
  bs_rng rng;
  bs_rng_seed(&rng, 4);
  static const shape shapes[] = {
      {5, 3, "ooooo" "o#o#o" "ooooo"},
      {6, 6, "ooooo#" "oooooo" "oooooo" "oooo##" "oo#ooo" "oooooo"},
  };
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    const bs_sorter *s = sort_plan(&shapes[i], i);
    int tried = 0;
    for (int o = 0; o < s->norbits; o++) {
      int cells[BS_MAX_CELLS], m = orbit_cells(s, o, cells);
      if (m < 7) continue;
      for (int rep = 0; rep < 20; rep++, tried++) {
        const int k = 3 + 2 * (int)bs_rng_below(&rng, (uint32_t)(m - 3) / 2 + 1);
        for (int j = 0; j < k; j++) { /* k cells of the orbit, drawn at random */
          int t = j + (int)bs_rng_below(&rng, (uint32_t)(m - j)), c = cells[j];
          cells[j] = cells[t];
          cells[t] = c;
        }
        bs_board b = goal_of(&shapes[i]);
        for (int j = 0; j < k; j++) b.cell[cells[(j + 1) % k]] = (uint8_t)(cells[j] + 1);
        solve_ok(&b);
        cr_assert_eq(con.cycles, (uint32_t)(k - 1) / 2, "shape %zu, a cycle of %d tiles: %u 3-cycles", i, k,
                     con.cycles);
      }
    }
    cr_assert_gt(tried, 0, "shape %zu: no orbit of 7 cells or more", i);
  }
}

Test(construct, a_sort_step_undoes_its_walks_once) {
  /* Two 3-cycles of six tiles about a cell, every other tile home, against
   * the two boards of one of those 3-cycles each. The second 3-cycle's
   * walk may start where the first one's core left the blank, both walks
   * then undone at the end, so that the two take fewer moves than apart:
   * over these 400 pairs, 93.6% of the moves of the boards of one 3-cycle
   * each (79,484 against 84,910). Undoing each walk at once (until stop
   * 35), 97.3%. */
  bs_rng rng;
  bs_rng_seed(&rng, 35);
  static const shape shapes[] = {
      {5, 3, "ooooo" "o#o#o" "ooooo"},
      {6, 6, "ooooo#" "oooooo" "oooooo" "oooo##" "oo#ooo" "oooooo"},
      {6, 6, "oooooo" "o#o#oo" "oooooo" "o#o#o#" "oooooo" "oo#ooo"},
      {6, 5, "oooooo" "o#o#oo" "oooooo" "oo#o#o" "oooooo"},
  };
  size_t apart = 0, together = 0;
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    const bs_sorter *s = sort_plan(&shapes[i], i);
    cr_assert_eq(s->norbits, 1, "shape %zu: one orbit", i);
    int cells[BS_MAX_CELLS], m = orbit_cells(s, 0, cells);
    for (int rep = 0; rep < 100; rep++) {
      uint8_t dist[BS_MAX_CELLS];
      memset(dist, 0xff, sizeof dist);
      bs_flood(&con.geom, s->region.cells, cells[bs_rng_below(&rng, (uint32_t)m)], NULL, dist);
      for (int j = 0; j < 6; j++) /* the 6 cells of the orbit nearest it, ties at random */
        for (int t = j + 1; t < m; t++)
          if (dist[cells[t]] < dist[cells[j]] || (dist[cells[t]] == dist[cells[j]] && bs_rng_below(&rng, 2))) {
            int c = cells[j];
            cells[j] = cells[t];
            cells[t] = c;
          }
      bs_board one[2], both = goal_of(&shapes[i]);
      for (int k = 0; k < 2; k++) {
        const int *x = cells + 3 * k;
        one[k] = goal_of(&shapes[i]);
        for (bs_board *b = &one[k]; b; b = b == &one[k] ? &both : NULL) /* x0's tile on x1, ... */
          b->cell[x[1]] = (uint8_t)(x[0] + 1), b->cell[x[2]] = (uint8_t)(x[1] + 1), b->cell[x[0]] = (uint8_t)(x[2] + 1);
        solve_ok(&one[k]);
        cr_assert_eq(con.cycles, 1u, "shape %zu: %u 3-cycles", i, con.cycles);
        apart += con.len;
      }
      solve_ok(&both);
      cr_assert_eq(con.cycles, 2u, "shape %zu: %u 3-cycles", i, con.cycles);
      together += con.len;
    }
  }
  cr_assert_leq(20 * together, 19 * apart, "two 3-cycles took %zu moves, one each %zu", together, apart);
}

Test(construct, a_3_cycle_turns_on_the_nearest_square) {
  /* Three tiles cycled on a 2x2 square of a sort step's region, every
   * other tile home: one 3-cycle, at most the blank's walk to the square's
   * fourth corner (round the three tiles), 4 moves round it and the walk
   * back. With one engine per orbit, from the root, to which the three
   * tiles were brought, the 30 boards of two other layouts (until stop
   * 60's ear steps took their sort steps away) took 2,704 moves against
   * 406, one of them 25 times as many. */
  static const shape shapes[] = { /* two of the real set's layouts */
      {6, 6, "oooooo" "oooo#o" "oooooo" "o#ooo#" "oooooo" "ooo#oo"},
      {5, 5, "ooooo" "oo##o" "o#ooo" "o#ooo" "ooooo"},
  };
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    const int w = shapes[i].w, h = shapes[i].h;
    const bs_sorter *s = sort_plan(&shapes[i], i);
    const uint64_t cells = s->region.cells;
    const int root = s->region.root;
    int tried = 0;
    for (int q = 0; q + w + 1 < w * h; q++) {
      const int ring[4] = {q, q + 1, q + 1 + w, q + w};
      uint64_t sq = 0;
      for (int e = 0; e < 4; e++) sq |= 1ull << ring[e];
      if (q % w == w - 1 || (sq & ~cells) || (sq >> root & 1)) continue;
      for (int e = 0; e < 4; e++) { /* the blank's corner */
        const int a = ring[(e + 1) % 4], b = ring[(e + 2) % 4], c = ring[(e + 3) % 4];
        uint8_t dist[BS_MAX_CELLS];
        memset(dist, 0xff, sizeof dist);
        bs_flood(&con.geom, cells & ~(1ull << a | 1ull << b | 1ull << c), root, NULL, dist);
        if (dist[ring[e]] == 0xff) continue;
        bs_board bd = goal_of(&shapes[i]);
        bd.cell[b] = (uint8_t)(a + 1), bd.cell[c] = (uint8_t)(b + 1), bd.cell[a] = (uint8_t)(c + 1);
        solve_ok(&bd);
        cr_assert_eq(con.cycles, 1u, "shape %zu, square at %d: %u 3-cycles", i, q, con.cycles);
        cr_assert_leq(con.len, 2u * dist[ring[e]] + 4, "shape %zu, square at %d, corner %d: %zu moves, not %d",
                      i, q, ring[e], con.len, 2 * dist[ring[e]] + 4);
        tried++;
      }
    }
    cr_assert_gt(tried, 8, "shape %zu: %d squares and corners", i, tried);
  }
}

Test(construct, a_sort_step_sorts_where_a_square_is) {
  /* The layout of the real set's board 3717: its plan's last region with
   * no small valid step is a theta of single cells, where a 3-cycle's core
   * is an engine of hundreds of moves; before the plan's last small step
   * (a pair of cells), it still holds a 2x2 square. Sorted there, these 20
   * random boards take 36,369 moves; sorted on the theta (until stop 36),
   * 65,575. */
  const shape sh = {6, 6, "#ooooo" "ooo##o" "oooo#o" "oo#ooo" "oo###o" "oooooo"};
  const bs_sorter *s = sort_plan(&sh, 0);
  int square = 0;
  for (int q = 0; q + sh.w + 1 < sh.w * sh.h; q++)
    square |= q % sh.w != sh.w - 1 && !(~s->region.cells & (3ull << q | 3ull << (q + sh.w)));
  cr_assert(square, "the sort region has no 2x2 square");
  const size_t moves = random_answers(&sh, 20, 36);
  cr_assert_leq(moves, 20u * 2400, "20 boards took %zu moves", moves);
}

Test(construct, engines_and_cores_never_step_back) {
  /* An engine is a product of generator walks, each out from the root and
   * back. Reduced, no move undoes the one before: on the layouts of boards
   * 30 and 19 of puzzles/stress-6x6.txt, that took engines of 456 and 312
   * moves to 224 and 208. A core is its engine without the walk to and
   * from its turn: its first move is not undone by its last. */
  static const shape shapes[] = {
      {5, 3, "ooooo" "o#o#o" "ooooo"},
      {3, 5, "ooo" "o#o" "ooo" "o#o" "ooo"},
      {6, 6, "oooooo" "oo###o" "o####o" "o####o" "o####o" "oooooo"},
      {6, 6, "ooooo#" "oooooo" "oooooo" "oooo##" "oo#ooo" "oooooo"},
      {6, 6, "oooooo" "o#oo#o" "oo#ooo" "ooooo#" "oooooo" "ooo#oo"}, /* the real set's board 330 */
  };
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    const bs_sorter *s = sort_plan(&shapes[i], i);
    for (int o = 0; o < s->norbits; o++) {
      const uint8_t *e = s->walk + s->engine_at[o];
      for (int k = 1; k < s->engine_len[o]; k++)
        cr_assert_neq(e[k], e[k - 1] ^ 1, "shape %zu, orbit %d: move %d of its engine steps back", i, o, k + 1);
    }
    cr_assert_gt(s->ncores, 0);
    for (int k = 0; k < s->ncores; k++) {
      const uint8_t *c = s->walk + s->core_at[k];
      cr_assert_neq(c[0], c[s->core_len[k] - 1] ^ 1, "shape %zu: core %d ends where it began", i, k);
    }
  }
}

Test(construct, random_layouts_of_every_size) {
  /* 8 layouts for each size and wall density (0 to 50%), 3 boards each. */
  bs_rng rng;
  bs_rng_seed(&rng, 2);
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int dens = 0; dens <= 5; dens++)
        for (int rep = 0; rep < 8; rep++) {
          int n = w * h;
          uint64_t wall = 0;
          for (int k = 0; k < n * dens / 10; k++) wall |= 1ull << bs_rng_below(&rng, (uint32_t)(n - 1));
          layout_ok(w, h, wall, 3, &rng);
        }
}

/* A room with a corridor ring round it (puzzles/shapes.txt): the corridor,
 * 13 cells from the room's top right corner to its bottom left, is an ear. */
static const shape corridor = {6, 6, "oooooo" "o####o" "o#oooo" "o#oooo" "o#oooo" "oooooo"};
#define CORRIDOR 0xc104187full /* cells 0-5, 6, 11, 12, 18, 24, 30, 31 */

/* The plan step that is an ear step on the corridor, -1 if none. */
static int corridor_step(void) {
  cr_assert_eq(bs_construct_plan(&con, corridor.w, corridor.h, walls_of(corridor.rows)), 0);
  for (int i = 0; i < con.plan.nsteps; i++)
    if (con.plan.ear >> i & 1 && con.plan.step[i] == CORRIDOR) return i;
  return -1;
}

Test(construct, an_ear_step_fills_a_corridor_by_pushes) {
  /* Stop 59's plan filled three cells of the room and sorted the 25 cells
   * left with 3-cycles that carried tiles round the corridor: 2,514.5
   * moves on average on the 17 corridor boards of stress-shapes.txt. */
  cr_assert_geq(corridor_step(), 0, "the corridor is no ear step");
  const size_t moves = random_answers(&corridor, 20, 60);
  cr_assert_lt(moves / 20, 1000, "%zu moves a board", moves / 20);
}

Test(construct, an_ear_whose_tiles_are_home_takes_no_push) {
  /* The goal with the blank walked about the room: the ear step finds
   * the corridor's tiles in order, and the blank never enters it. */
  cr_assert_geq(corridor_step(), 0, "the corridor is no ear step");
  bs_rng rng;
  bs_rng_seed(&rng, 61);
  for (int i = 0; i < 50; i++) {
    bs_board b = goal_of(&corridor), x;
    for (int k = 0; k < 200; k++) {
      x = b;
      if (bs_move(&x, (int)bs_rng_below(&rng, 4)) && !(CORRIDOR >> x.blank & 1)) b = x;
    }
    solve_ok(&b);
    x = b;
    for (size_t k = 0; k < con.len; k++) {
      bs_move(&x, bs_dir_from_char(con.moves[k]));
      cr_assert_not(CORRIDOR >> x.blank & 1, "board %d: move %zu enters the corridor", i, k + 1);
    }
  }
}

Test(construct, an_ear_whose_far_tile_alone_is_wrong_takes_two_passes) {
  /* From the goal: a pull (the blank from the room's bottom left corner
   * through the corridor to its top right corner, every tile on it one cell
   * on, the tile of cell 31 off it), then another tile of the room brought
   * in and a push back. Only cell 31 is wrong on the corridor: a pull and a
   * push put it right, where m + 1 pushes would walk the blank through the
   * corridor 14 times. */
  cr_assert_geq(corridor_step(), 0, "the corridor is no ear step");
  static const char walk[] = "LLL"                /* to the corner, cell 32 */
                             "LLUUUUURRRRRDD"     /* the pull, to cell 17 */
                             "DDDLLL" "U" "UURRR" /* the tile of 26 to 32, the blank back */
                             "UULLLLLDDDDDRR";    /* the push */
  bs_board b = goal_of(&corridor);
  for (const char *m = walk; *m; m++) cr_assert(bs_move(&b, bs_dir_from_char(*m)), "move %td", m - walk);
  cr_assert_neq(b.cell[31], 32, "cell 31 still holds its tile");
  for (int q = 0; q < 31; q++)
    if (CORRIDOR >> q & 1) cr_assert_eq(b.cell[q], q + 1, "cell %d", q);
  solve_ok(&b);
  bs_board x = b;
  int inside = 0;
  for (size_t k = 0; k < con.len; k++) {
    bs_move(&x, bs_dir_from_char(con.moves[k]));
    inside += (int)(CORRIDOR >> x.blank & 1);
  }
  cr_assert_leq(inside, 2 * 13, "the blank's moves into the corridor: %d", inside);
}

Test(construct, ear_layouts) {
  /* The layouts of at most 14 open cells, among the wall layouts of 4x4,
   * 3x5 and 5x3, whose plans have ear steps (found by planning them all),
   * and larger ones: rings of corridors round walls and rooms. */
  static const shape ears[] = {
      {3, 5, "ooo" "o#o" "ooo" "ooo" "#oo"},
      {4, 4, "##oo" "oooo" "o#oo" "oooo"},
      {4, 4, "oooo" "o##o" "oooo" "oooo"},
      {4, 4, "oooo" "o#oo" "oooo" "o#oo"},
      {5, 3, "oooo#" "o#ooo" "ooooo"},
      corridor,
      {6, 6, "oooooo" "o##o#o" "o##ooo" "oooooo" "o#oo#o" "oooooo"},
      {6, 5, "oooooo" "o###oo" "o#oooo" "o#oooo" "oooooo"},
  };
  bs_rng rng;
  bs_rng_seed(&rng, 62);
  for (size_t i = 0; i < sizeof ears / sizeof *ears; i++) {
    layout_ok(ears[i].w, ears[i].h, walls_of(ears[i].rows), 20, &rng);
    cr_assert(con.plan.ear, "shape %zu: no ear step", i);
  }
}

Test(construct, a_short_ear_is_the_first_step) {
  /* The real set's board 53: a corridor of three cells round the walled
   * bottom left corner. Stop 60's plan filled cell 12 first and the corridor
   * with two cells beside it as an ear step; stop 61's fills it first, as
   * a small step, whose search gives its tiles the fewest moves. On 100
   * boards of the layout (gen --layouts, seed 5) the constructor's answers
   * fell from 44,576 moves to 40,984. */
  const shape sh = {6, 6, "oooooo" "oooooo" "oooooo" "oo#oo#" "o#oooo" "oooooo"};
  cr_assert_eq(bs_construct_plan(&con, sh.w, sh.h, walls_of(sh.rows)), 0);
  cr_assert_eq(con.plan.step[0], 1ull << 24 | 1ull << 30 | 1ull << 31, "first step %llx",
               (unsigned long long)con.plan.step[0]);
  cr_assert_eq(con.plan.ear, 0, "a short ear is filled by its search, not by passes");
  bs_rng rng;
  bs_rng_seed(&rng, 53);
  layout_ok(sh.w, sh.h, walls_of(sh.rows), 20, &rng);
}

/* The shipped real set into set; skips the test where it is absent. */
static void read_real_set(bs_set *set) {
  struct stat st;
  if (stat(REAL_SET, &st)) cr_skip_test("%s not found: run from the top directory (make test)", REAL_SET);
  FILE *devnull = fopen("/dev/null", "w");
  cr_assert_geq(bs_set_read(REAL_SET, set, devnull), 0);
  fclose(devnull);
}

Test(construct, every_layout_of_the_real_set) {
  bs_set set;
  read_real_set(&set);
  bs_rng rng;
  bs_rng_seed(&rng, 3);
  int layouts = 0;
  for (int i = 0; i < set.n; i++) {
    const bs_board *b = &set.e[i].board;
    if (!set.e[i].ok) continue;
    int seen = 0;
    for (int j = 0; j < i && !seen; j++)
      seen = set.e[j].ok && set.e[j].board.w == b->w && set.e[j].board.h == b->h &&
             set.e[j].board.wall == b->wall;
    if (seen) continue;
    layout_ok(b->w, b->h, b->wall, layouts++ % 10 == 0, &rng); /* a board for every 10th */
  }
  cr_assert_gt(layouts, 1000);
  bs_set_free(&set);
}

Test(construct, the_real_set_boards_themselves) {
  /* Every 10th board of the real set, answered as given. */
  bs_set set;
  read_real_set(&set);
  int boards = 0;
  for (int i = 0; i < set.n; i += 10)
    if (set.e[i].ok) solve_ok(&set.e[i].board), boards++;
  cr_assert_eq(boards, 500, "every 10th of the 5,000: %d", boards);
  bs_set_free(&set);
}

/* The plan search visits at most BS_PLAN_NODES regions. In a workspace
 * too small for a sort step on the large regions of this layout (the real
 * set's board 319), it gives up: it once went on past the limit until its
 * memo of dead regions filled, and then its probe never ended. */
Test(construct, a_small_workspace_gives_up_within_the_node_limit, .timeout = 60) {
  bs_construct small;
  char err[160];
  cr_assert_eq(bs_construct_init(&small, (size_t)5 << 20, err, sizeof err), 0, "%s", err);
  bs_board b;
  const char *text = "6,6,40G9E31DJA56872F=BP===NZVWR=CUXQYTOI";
  cr_assert_eq(bs_board_parse(text, strlen(text), &b, err, sizeof err), 0);
  cr_assert_eq(bs_construct_plan(&small, b.w, b.h, b.wall), -1, "a plan in 5 MiB: the test needs another layout");
  cr_assert_eq(bs_construct_plan(&con, b.w, b.h, b.wall), 0, "no plan in the default workspace");
  bs_construct_free(&small);
}

Test(construct, workspace) {
  bs_construct small;
  char err[160];
  cr_assert_eq(bs_construct_init(&small, 1000, err, sizeof err), -1);
  cr_assert_not_null(strstr(err, "workspace"), "%s", err);
  cr_assert_geq(bs_construct_bytes(&con), BS_CONSTRUCT_BYTES * 9 / 10);
  cr_assert_leq(bs_construct_bytes(&con), BS_CONSTRUCT_BYTES + 4096);
  /* An unsolvable board is refused, and a solvable one still answered. */
  bs_board b;
  const char *text = "3,3,213456780";
  cr_assert_eq(bs_board_parse(text, strlen(text), &b, err, sizeof err), 0);
  cr_assert_eq(bs_construct_solve(&con, &b), -1);
  text = "3,3,123456708";
  cr_assert_eq(bs_board_parse(text, strlen(text), &b, err, sizeof err), 0);
  solve_ok(&b);
  cr_assert_eq(con.len, 1);
}

/* The length of the constructor's answers, pinned on a few walled boards
 * (the first of a stop 78 probe, the others of puzzles/stress-shapes.txt)
 * that a beam would answer first in every mode (so nothing else pins it): which
 * steps its plan accepts decides it, and a plan that turns stricter or
 * looser passes every test of answers that replay but moves these. A
 * change that moves them says so in its commit. */
Test(construct, answer_lengths_are_pinned) {
  static const struct { const char *board; size_t len; } pins[] = {
      {"6,3,D1==H5789A602E==CB", 27},
      {"6,6,XYQ326B=W=G=9P7JFIS=R=5=EUN04TDH1LVZ", 367},
      {"6,6,THDOZ50====FX=U4SYI=67CW1=LNV32JGMRP", 591},
      {"5,5,0FKONA===M5===L4===G3216B", 88},
      {"5,3,E5304D=C=A2861B", 395},
  };
  for (size_t i = 0; i < sizeof pins / sizeof *pins; i++) {
    const bs_board b = bs_test_parsed(pins[i].board);
    solve_ok(&b);
    cr_expect_eq(con.len, pins[i].len, "%s: %zu moves, pinned %zu", pins[i].board, con.len, pins[i].len);
  }
}

Test(construct, a_sort_step_plays_the_cheapest_3_cycle_priced) {
  /* Of the 3-cycles a sort step prices, from the board as its walks left
   * it and from the board with them undone, it plays the one of fewest
   * moves per tile home, each price capping the next: 10 random boards
   * each of a theta and a 6x6 layout with one orbit took 8,375 and 9,526
   * moves. Pricing from the board with the walks undone under the cap of
   * the 3-cycles before, not of the one just priced from where the walks
   * left the board, kept a dearer one: 8,599 and 10,428. */
  static const shape shapes[] = {
      {5, 3, "ooooo" "o#o#o" "ooooo"},
      {6, 6, "oooooo" "o#o#oo" "oooooo" "o#o#o#" "oooooo" "oo#ooo"},
  };
  static const size_t most[] = {8375 + 80, 9526 + 90}; /* about 1% over what they take */
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    bs_rng rng;
    bs_rng_seed(&rng, 50);
    sort_plan(&shapes[i], i);
    size_t moves = 0;
    for (int k = 0; k < 10; k++) {
      bs_board b = random_board(shapes[i].w, shapes[i].h, walls_of(shapes[i].rows), &rng);
      solve_ok(&b);
      moves += con.len;
    }
    cr_assert_leq(moves, most[i], "shape %zu: 10 boards took %zu moves", i, moves);
  }
}

/* With before_sort, a plan that ends with a sort step stops before it:
 * its moves are legal and leave c->rest, every filled cell walled off and
 * holding its own tile, and rest is solvable: the constructor answers it,
 * and the two answers together end at b's goal. A plan with no sort step
 * answers whole. On the layout above (board 3717's) and a 3x3 board. */
Test(construct, before_sort_stops_at_a_solvable_region) {
  const shape sh = {6, 6, "#ooooo" "ooo##o" "oooo#o" "oo#ooo" "oo###o" "oooooo"};
  bs_rng rng;
  bs_rng_seed(&rng, 54);
  cr_assert_eq(bs_construct_plan(&con, sh.w, sh.h, walls_of(sh.rows)), 0);
  for (int i = 0; i < 20; i++) {
    const bs_board b = random_board(sh.w, sh.h, walls_of(sh.rows), &rng);
    char text[BS_BOARD_TEXT];
    bs_board_format(&b, text);
    con.before_sort = 1;
    cr_assert_eq(bs_construct_solve(&con, &b), 0, "%s", text);
    cr_assert(con.stopped, "%s: no sort step", text);
    bs_board x = b;
    for (size_t k = 0; k < con.len; k++) cr_assert(bs_move(&x, bs_dir_from_char(con.moves[k])), "%s", text);
    const bs_board rest = con.rest;
    cr_assert_eq(x.blank, rest.blank, "%s", text);
    cr_assert(!memcmp(x.cell, rest.cell, sizeof x.cell), "%s: rest is not where the moves lead", text);
    cr_assert_eq(rest.wall & b.wall, b.wall, "%s", text);
    cr_assert_neq(rest.wall, b.wall, "%s: no cell filled", text);
    for (int q = 0; q < b.n; q++)
      if ((rest.wall & ~b.wall) >> q & 1) cr_assert_eq(rest.cell[q], q + 1, "%s: cell %d", text, q);
    const char *why;
    cr_assert_eq(bs_solvability(&rest, &why), BS_SOLVABLE, "%s: the region is not solvable", text);
    con.before_sort = 0;
    solve_ok(&rest);
    for (size_t k = 0; k < con.len; k++) bs_move(&x, bs_dir_from_char(con.moves[k]));
    cr_assert(bs_is_goal(&x), "%s", text);
  }
  bs_rng_seed(&rng, 55);
  cr_assert_eq(bs_construct_plan(&con, 3, 3, 0), 0);
  const bs_board b = random_board(3, 3, 0, &rng);
  con.before_sort = 1;
  solve_ok(&b);
  cr_assert_not(con.stopped);
  con.before_sort = 0;
}

/* Small steps next to each other are searched as one (stop 62). The 3x3
 * plan fills cell 0, then cells 1 and 2, then the rest: the first two
 * steps are one search for tiles 1, 2 and 3, so the answer first has them
 * home after the fewest moves that can do it, which an independent
 * breadth-first search over whole boards gives (from every board with
 * them home at once, backwards). Filled one step after the other, as up
 * to stop 61, 18,927 of the 25,920 boards below took more. */
Test(construct, small_steps_next_to_each_other_are_one_search) {
  cr_assert_eq(bs_construct_plan(&con, 3, 3, 0), 0);
  cr_assert_eq(con.plan.step[0], 1u, "first step %llx", (unsigned long long)con.plan.step[0]);
  cr_assert_eq(con.plan.step[1], 6u, "second step %llx", (unsigned long long)con.plan.step[1]);
  bs_obfs t;
  bs_obfs_run(&t, 3, 3, 0);
  uint8_t *dist = malloc(t.nstates);
  uint32_t *queue = malloc(t.nstates * sizeof *queue);
  cr_assert(dist && queue);
  memset(dist, 255, t.nstates);
  uint32_t head = 0, tail = 0;
  for (uint32_t r = 0; r < t.nstates; r++) {
    const bs_board b = bs_obfs_board(&t, r);
    if (t.seen[r] && b.cell[0] == 1 && b.cell[1] == 2 && b.cell[2] == 3) dist[r] = 0, queue[tail++] = r;
  }
  while (head < tail) {
    const uint32_t r = queue[head++];
    const bs_board from = bs_obfs_board(&t, r);
    for (int d = 0; d < 4; d++) {
      bs_board b = from;
      if (!bs_move(&b, d)) continue;
      const uint32_t q = bs_obfs_rank(&t, &b);
      if (dist[q] == 255) dist[q] = (uint8_t)(dist[r] + 1), queue[tail++] = q;
    }
  }
  int boards = 0;
  for (uint32_t r = 0; r < t.nstates; r += 7) {
    if (!t.seen[r]) continue;
    bs_board b = bs_obfs_board(&t, r);
    char text[BS_BOARD_TEXT];
    bs_board_format(&b, text);
    solve_ok(&b);
    size_t first = 0;
    while (!(b.cell[0] == 1 && b.cell[1] == 2 && b.cell[2] == 3)) bs_move(&b, bs_dir_from_char(con.moves[first++]));
    cr_assert_eq(first, dist[r], "%s: tiles 1, 2 and 3 home after %zu moves, not %d", text, first, dist[r]);
    boards++;
  }
  cr_assert_gt(boards, 20000);
  free(dist);
  free(queue);
  bs_obfs_free(&t);
}
