/* Tests of the generator: its PRNG, wall layouts, the boards of both modes
 * (solvable, reachable, uniform), the answers behind the header's limits,
 * `bislide gen` on the command line, and the shipped sets in puzzles/. */
#include "bs_test.h"

#include <math.h>
#include <signal.h>
#include <sys/stat.h>

#include "bs_construct.h"
#include "bs_gen.h"
#include "bs_parse.h"
#include "bs_solver.h"
#include "bs_verify.h"

/* ---- the PRNG --------------------------------------------------------- */

Test(gen, rng_is_xoshiro256starstar) {
  /* Pinned: these (checked against the reference algorithm) fix every set
   * gen has ever written, so they must never change. */
  bs_rng r;
  bs_rng_seed(&r, 1);
  cr_assert_eq(bs_rng_next(&r), 0xb3f2af6d0fc710c5ull);
  cr_assert_eq(bs_rng_next(&r), 0x853b559647364ceaull);
  cr_assert_eq(bs_rng_next(&r), 0x92f89756082a4514ull);
  bs_rng_seed(&r, 0);
  cr_assert_eq(bs_rng_next(&r), 0x99ec5f36cb75f2b4ull);
  bs_rng_seed(&r, UINT64_MAX);
  cr_assert_eq(bs_rng_next(&r), 0x8f5520d52a7ead08ull);
}

Test(gen, rng_below_is_in_range_and_even) {
  bs_rng r;
  bs_rng_seed(&r, 42);
  int count[7] = {0};
  for (int i = 0; i < 70000; i++) {
    uint32_t x = bs_rng_below(&r, 7);
    cr_assert_lt(x, 7);
    count[x]++;
  }
  /* Expected 10000 each, standard deviation about 93. */
  for (int k = 0; k < 7; k++) cr_assert(count[k] > 9500 && count[k] < 10500, "%d: %d", k, count[k]);
  for (int i = 0; i < 1000; i++) cr_assert_eq(bs_rng_below(&r, 1), 0);
}

/* ---- plans -------------------------------------------------------------- */

Test(gen, every_size_without_walls_has_a_plan) {
  bs_construct c;
  char err[160];
  cr_assert_eq(bs_construct_init(&c, BS_CONSTRUCT_BYTES, err, sizeof err), 0, "%s", err);
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) {
      cr_assert_eq(bs_construct_plan(&c, w, h, 0), 0, "%dx%d", w, h);
      cr_assert_not(c.plan.sort_last, "%dx%d: no wall, no sort step", w, h);
    }
  bs_construct_free(&c);
}

/* ---- the boards ------------------------------------------------------- */

/* Every board of the spec: well formed, connected, never unsolvable, and its
 * answer replays to the goal; random walks have D moves and (without walls,
 * where there is no dead end) never undo a move. */
static void check_spec(int w, int h, int walls, long depth, uint64_t seed, int count) {
  bs_gen_spec s = {.w = w, .h = h, .walls = walls, .depth = depth};
  cr_assert(bs_gen_layout_exists(&s, seed), "%dx%d walls %d depth %ld", w, h, walls, depth);
  bs_gen g;
  char err[160];
  cr_assert_eq(bs_gen_init(&g, &s, seed, err, sizeof err), 0, "%s", err);
  for (int i = 0; i < count; i++) {
    bs_board b, again;
    cr_assert_eq(bs_gen_next(&g, &b), 0);
    char text[BS_BOARD_TEXT];
    bs_board_format(&b, text);
    cr_assert_eq(bs_board_parse(text, strlen(text), &again, err, sizeof err), 0, "%s: %s", text, err);
    cr_assert_eq(__builtin_popcountll(b.wall), walls, "%s", text);
    cr_assert_not(b.wall >> (b.n - 1) & 1, "%s: a wall in the last cell", text);
    uint64_t open = ((1ull << b.n) - 1) & ~b.wall;
    bs_geom geom;
    bs_geom_init(&geom, &b);
    cr_assert(bs_region_connected(&geom, open), "%s: walls cut the board", text);
    const char *why;
    cr_assert_eq(bs_solvability(&b, &why), BS_SOLVABLE, "%s: %s", text, why);
    size_t at;
    cr_assert_eq(bs_replay(&b, g.answer, g.len, &at), BS_RP_OK, "%s: answer %s", text, g.answer);
    if (depth >= 0) {
      cr_assert_eq(g.len, (size_t)depth, "%s", text);
      for (size_t k = 1; k < g.len && !walls; k++)
        cr_assert_neq(bs_dir_from_char(g.answer[k]), bs_dir_from_char(g.answer[k - 1]) ^ 1,
                      "%s: move %zu undoes the one before", text, k + 1);
    }
  }
  bs_gen_free(&g);
}

Test(gen, uniform_boards_of_every_size) {
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) check_spec(w, h, 0, -1, (uint64_t)(10 * w + h), 60);
}

Test(gen, walls_of_every_size) {
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int k = 1; k <= 5 && k <= w * h - 2; k++) {
        check_spec(w, h, k, -1, 5, 12);
        check_spec(w, h, k, 3 * w * h, 5, 12);
      }
}

Test(gen, random_walks) {
  for (long d = 0; d <= 3; d++) check_spec(3, 3, 0, d, 1, 20);
  check_spec(6, 6, 0, 1000, 7, 20);
  check_spec(6, 6, 8, 1000, 7, 20);
  check_spec(2, 2, 2, 9, 7, 5); /* two open cells: each move undoes the last */
}

Test(gen, every_wall_count_has_connected_layouts) {
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int k = 0; k <= w * h - 2; k++) {
        bs_gen_spec s = {.w = w, .h = h, .walls = k, .depth = -1};
        cr_assert(bs_gen_layout_exists(&s, 1), "%dx%d with %d walls", w, h, k);
      }
}

/* Every board of small sizes is reachable from the goal by an independent
 * BFS; a walk of D moves ends at a distance <= D of D's parity (grids are
 * bipartite); and the exact solver solves each. */
static void check_reachable(int w, int h, int walls, long depth, int count) {
  bs_gen_spec s = {.w = w, .h = h, .walls = walls, .depth = depth};
  bs_gen g;
  char err[160];
  cr_assert_eq(bs_gen_init(&g, &s, 3, err, sizeof err), 0, "%s", err);
  bs_solver sv;
  cr_assert_eq(bs_solver_init(&sv, BS_STORE_ARENA, 64ull << 20, 0, err, sizeof err), 0, "%s", err);
  bs_result *r = malloc(sizeof *r);
  bs_opts o = {.recycle = 1, .budget = 0};
  bs_bfs t = {0};
  uint64_t layout = ~0ull;
  for (int i = 0; i < count; i++) {
    bs_board b;
    cr_assert_eq(bs_gen_next(&g, &b), 0);
    if (b.wall != layout) {
      bs_bfs_free(&t);
      bs_bfs_run(&t, w, h, b.wall);
      layout = b.wall;
    }
    int dist = t.dist[bs_perm_rank(b.cell, b.n)];
    cr_assert_geq(dist, 0, "board %d is not reachable from its goal", i + 1);
    cr_assert_geq(g.len, (size_t)dist);
    if (depth >= 0) {
      cr_assert_leq(dist, depth);
      cr_assert_eq(dist % 2, depth % 2);
    }
    bs_solver_solve(&sv, &b, BS_MODE_EXACT, &o, r);
    cr_assert_eq(r->status, BS_ST_SOLVED, "board %d: %s", i + 1, bs_status_name(r->status));
    cr_assert_eq(r->length, dist);
  }
  bs_bfs_free(&t);
  free(r);
  bs_solver_free(&sv);
  bs_gen_free(&g);
}

Test(gen, small_boards_are_reachable_and_solved) {
  check_reachable(3, 3, 0, -1, 150);
  check_reachable(3, 3, 3, -1, 40);
  check_reachable(2, 4, 0, -1, 60);
  check_reachable(3, 3, 2, 25, 60);
  check_reachable(3, 3, 5, 12, 40);
  check_reachable(3, 2, 1, 9, 20);
}

Test(gen, uniform_over_the_solvable_2x3_boards) {
  /* 2x3 has 6!/2 = 360 solvable boards: each should come up about 100
   * times in 36,000 (standard deviation 10). */
  bs_bfs t;
  bs_bfs_run(&t, 2, 3, 0);
  cr_assert_eq(t.reached, 360);
  uint32_t *seen = calloc(t.nstates, sizeof *seen);
  bs_gen_spec s = {.w = 2, .h = 3, .walls = 0, .depth = -1};
  bs_gen g;
  char err[160];
  cr_assert_eq(bs_gen_init(&g, &s, 11, err, sizeof err), 0, "%s", err);
  for (int i = 0; i < 36000; i++) {
    bs_board b;
    cr_assert_eq(bs_gen_next(&g, &b), 0);
    seen[bs_perm_rank(b.cell, b.n)]++;
  }
  int distinct = 0;
  for (uint32_t k = 0; k < t.nstates; k++) {
    if (!seen[k]) continue;
    distinct++;
    cr_assert_geq(t.dist[k], 0, "an unreachable board came up");
    cr_assert(seen[k] > 55 && seen[k] < 145, "a board came up %u times", seen[k]);
  }
  cr_assert_eq(distinct, 360);
  free(seen);
  bs_gen_free(&g);
  bs_bfs_free(&t);
}

/* Counts, over `draws` boards of the spec, how often each arrangement of
 * the layout's open cells comes up, against the full BFS: every board is
 * solvable (unsolvable with spec.unsolvable) and each of the `want` such
 * arrangements comes up; chi-square with want - 1 degrees of freedom under
 * its 0.1% point (approximated for large df). Returns how many distinct. */
static int check_uniform(const bs_gen_spec *s, uint64_t wall, uint32_t want, int draws) {
  bs_obfs t;
  bs_obfs_run(&t, s->nlayouts ? s->layouts[0].w : s->w, s->nlayouts ? s->layouts[0].h : s->h, wall);
  uint32_t *seen = calloc(t.nstates, sizeof *seen);
  bs_gen g;
  char err[160];
  cr_assert_eq(bs_gen_init(&g, s, 13, err, sizeof err), 0, "%s", err);
  for (int i = 0; i < draws; i++) {
    bs_board b;
    cr_assert_eq(bs_gen_next(&g, &b), 0);
    cr_assert_eq(b.wall, wall);
    uint32_t r = bs_obfs_rank(&t, &b);
    char text[BS_BOARD_TEXT];
    bs_board_format(&b, text);
    cr_assert_eq(t.seen[r], !s->unsolvable, "%s: %s", text, s->unsolvable ? "solvable" : "unsolvable");
    if (!s->unsolvable) {
      size_t at;
      cr_assert_eq(bs_replay(&b, g.answer, g.len, &at), BS_RP_OK, "%s", text);
    }
    seen[r]++;
  }
  uint32_t distinct = 0;
  double expect = (double)draws / want, chi = 0;
  for (uint32_t r = 0; r < t.nstates; r++) {
    if (t.seen[r] == !s->unsolvable) chi += (seen[r] - expect) * (seen[r] - expect) / expect;
    distinct += seen[r] > 0;
  }
  cr_assert_eq(distinct, want, "%u of the %u boards came up", distinct, want);
  double df = want - 1, limit = df + 3.1 * sqrt(2 * df) + 10; /* about the 0.1%% point */
  cr_assert_lt(chi, limit, "chi-square %.1f over %.0f degrees of freedom", chi, df);
  free(seen);
  bs_gen_free(&g);
  bs_obfs_free(&t);
  return (int)distinct;
}

static uint64_t walls_of(const char *rows) {
  uint64_t wall = 0;
  for (int i = 0; rows[i]; i++)
    if (rows[i] == '#') wall |= 1ull << i;
  return wall;
}

Test(gen, uniform_on_rings_and_passages) {
  /* A ring round a centre wall: its group turns the 7 tiles only, so 7 x 8
   * solvable boards; two rings of four joined by a passage: 3 x 3 x 9. */
  bs_layout ring = {.w = 3, .h = 3, .wall = walls_of("....#....")};
  bs_gen_spec s = {.depth = -1, .layouts = &ring, .nlayouts = 1};
  check_uniform(&s, ring.wall, 56, 5600);
  bs_layout rings = {.w = 5, .h = 2, .wall = walls_of("..#.." ".....")};
  s.layouts = &rings;
  check_uniform(&s, rings.wall, 81, 8100);
  /* A dead end of two cells on a 2x3 block: 60 x 8. */
  bs_layout dead = {.w = 4, .h = 3, .wall = walls_of(".###" "...." "#...")};
  s.layouts = &dead;
  check_uniform(&s, dead.wall, 60 * 8, 24000);
}

Test(gen, unsolvable_boards_are_uniform) {
  /* 2x3: 720 arrangements, 360 unsolvable; the ring: 8! - 56. */
  bs_gen_spec s = {.w = 3, .h = 2, .depth = -1, .unsolvable = 1};
  check_uniform(&s, 0, 360, 36000);
  bs_layout ring = {.w = 3, .h = 3, .wall = walls_of("....#....")};
  bs_gen_spec r = {.depth = -1, .unsolvable = 1, .layouts = &ring, .nlayouts = 1};
  bs_obfs t;
  bs_obfs_run(&t, 3, 3, ring.wall);
  bs_gen g;
  char err[160];
  cr_assert_eq(bs_gen_init(&g, &r, 5, err, sizeof err), 0, "%s", err);
  for (int i = 0; i < 2000; i++) {
    bs_board b;
    cr_assert_eq(bs_gen_next(&g, &b), 0);
    cr_assert_eq(g.len, 0);
    cr_assert_not(t.seen[bs_obfs_rank(&t, &b)], "a solvable board");
  }
  bs_gen_free(&g);
  bs_obfs_free(&t);
}

Test(gen, layouts_come_from_the_list) {
  /* Three layouts, one of them twice: drawn by board, so 1 : 2 : 1. */
  bs_layout list[4] = {{3, 3, 1u << 4}, {4, 2, 1u << 1}, {3, 3, 1u << 4}, {2, 3, 0}};
  bs_gen_spec s = {.depth = -1, .layouts = list, .nlayouts = 4};
  bs_gen g;
  char err[160];
  cr_assert_eq(bs_gen_init(&g, &s, 21, err, sizeof err), 0, "%s", err);
  int count[3] = {0};
  for (int i = 0; i < 4000; i++) {
    bs_board b;
    cr_assert_eq(bs_gen_next(&g, &b), 0);
    int k = b.w == 3 && b.h == 3 && b.wall == 1u << 4 ? 0 : b.w == 4 && b.h == 2 && b.wall == 2 ? 1
          : b.w == 2 && b.h == 3 && !b.wall ? 2 : -1;
    cr_assert_geq(k, 0, "a layout not in the list: %dx%d walls %llx", b.w, b.h, (unsigned long long)b.wall);
    count[k]++;
    size_t at;
    cr_assert_eq(bs_replay(&b, g.answer, g.len, &at), BS_RP_OK);
  }
  cr_assert(count[0] > 1850 && count[0] < 2150, "%d", count[0]);
  cr_assert(count[1] > 900 && count[1] < 1100, "%d", count[1]);
  bs_gen_free(&g);
}

/* ---- the command ------------------------------------------------------ */

static void gen_ok(bs_proc *p, const char *a1, const char *a2, const char *a3, const char *a4,
                   const char *a5, const char *a6, const char *a7, const char *a8) {
  bs_run(p, NULL, "gen", a1, a2, a3, a4, a5, a6, a7, a8, NULL);
  cr_assert_eq(p->code, 0, "gen %s %s %s %s ...: %s", a1, a2, a3, a4, p->err);
}

Test(gen_cli, same_seed_same_set) {
  bs_proc a, b, c, d;
  gen_ok(&a, "--size", "4x4", "--walls", "2", "--count", "30", "--seed", "99");
  gen_ok(&b, "--size", "4x4", "--walls", "2", "--count", "30", "--seed", "99");
  cr_assert_str_eq(a.out, b.out);
  gen_ok(&c, "--size", "4x4", "--walls", "2", "--count", "30", "--seed", "98");
  cr_assert_str_neq(a.out, c.out);
  /* Fewer boards: the same boards, a prefix. */
  gen_ok(&d, "--size", "4x4", "--walls", "2", "--count", "10", "--seed", "99");
  const char *boards_a = strchr(strchr(a.out, '\n') + 1, '\n') + 1;
  const char *boards_d = strchr(strchr(d.out, '\n') + 1, '\n') + 1;
  cr_assert_eq(strncmp(boards_a, boards_d, strlen(boards_d)), 0);
  cr_assert_eq(bs_count_lines(a.out), 32);
  bs_proc_free(&a);
  bs_proc_free(&b);
  bs_proc_free(&c);
  bs_proc_free(&d);
}

/* The header is exactly the letter totals of the --answers file, and
 * verify accepts the answers within those limits. */
static void check_header(const char *size, const char *walls, const char *depth) {
  char *ans = bs_temp_text(""), *set = bs_temp_text("");
  bs_proc p, v;
  if (depth)
    bs_run(&p, NULL, "gen", "--size", size, "--walls", walls, "--count", "25", "--depth", depth,
           "--answers", ans, "-o", set, NULL);
  else
    bs_run(&p, NULL, "gen", "--size", size, "--walls", walls, "--count", "25", "--answers", ans,
           "-o", set, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  char *text = bs_slurp(set, NULL), *moves = bs_slurp(ans, NULL);
  unsigned long lim[4], count;
  cr_assert_eq(sscanf(text, "%lu %lu %lu %lu\n%lu\n", &lim[0], &lim[1], &lim[2], &lim[3], &count), 5);
  cr_assert_eq(count, 25);
  unsigned long total[4] = {0};
  for (const char *m = moves; *m; m++)
    if (*m != '\n') total[bs_dir_from_char(*m)]++;
  for (int d = 0; d < 4; d++) cr_assert_eq(total[d], lim[d], "%c", bs_dir_chars[d]);
  if (depth)
    cr_assert_eq(total[0] + total[1] + total[2] + total[3], 25 * strtoul(depth, NULL, 10));
  bs_run(&v, NULL, "verify", set, ans, NULL);
  cr_assert_eq(v.code, 0, "%s%s", v.out, v.err);
  /* verify counts an empty answer on a goal board as solved, so 25 walks
   * of 0 moves are 25 solved boards too ("unsolved" holds "solved": match
   * whole lines). */
  cr_assert_not_null(strstr(v.out, "\nsolved 25\n"), "%s", v.out);
  free(text);
  free(moves);
  bs_proc_free(&p);
  bs_proc_free(&v);
  bs_temp_drop(ans);
  bs_temp_drop(set);
}

Test(gen_cli, header_limits_are_the_answers_totals) {
  check_header("5x5", "0", NULL);
  check_header("6x4", "3", NULL);
  check_header("6x6", "0", "200");
  check_header("4x5", "5", "31");
  check_header("3x3", "0", "0");
}

Test(gen_cli, bad_numbers_exit_2) {
  static const char *const bad[][5] = {
      {"--size", "1x3", NULL}, {"--size", "7x2", NULL}, {"--size", "3x", NULL},
      {"--size", "3x3x", NULL}, {"--size", "33", NULL}, {"--size", "3x3", "--walls", "8"},
      {"--size", "3x3", "--walls", "-1"}, {"--size", "3x3", "--count", "0"},
      {"--size", "3x3", "--count", "10000001"}, {"--size", "3x3", "--depth", "-1"},
      {"--size", "3x3", "--depth", "1000001"}, {"--size", "3x3", "--seed", "-1"},
      {"--size", "3x3", "--seed", "18446744073709551616"}, {"--size", "3x3", "--seed", "1e3"},
      {"--size", "3x3", "--count", "10000000", "--depth"}, {"--walls", "1", NULL},
      {"--size", "2x2", "--walls", "3"}, {"--size", "3x3", "--count", "x"},
      {"--size", "3x3", "--count", " 5"}, {"--size", "3x3", "--count", "+5"}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    bs_proc p;
    bs_run(&p, NULL, "gen", bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], NULL);
    cr_assert_eq(p.code, 2, "gen %s %s %s %s: exit %d", bad[i][0], bad[i][1], bad[i][2] ? bad[i][2] : "",
                 bad[i][3] ? bad[i][3] : "", p.code);
    cr_assert_str_eq(p.out, "");
    cr_assert_not_null(strstr(p.err, "bislide gen: "), "%s", p.err);
    bs_proc_free(&p);
  }
  /* Too many moves for the header to hold, refused before any work. */
  bs_proc p;
  bs_run(&p, NULL, "gen", "--size", "6x6", "--count", "10000000", "--depth", "1000", NULL);
  cr_assert_eq(p.code, 2);
  bs_proc_free(&p);
}

/* The number of times c occurs in s. */
static int occurs(const char *s, char c) {
  int n = 0;
  for (; *s; s++) n += *s == c;
  return n;
}

Test(gen_cli, edge_values_accepted) {
  bs_proc p;
  unsigned long lim[4];
  /* Two open cells: the walk can only go back and forth. */
  gen_ok(&p, "--size", "2x2", "--walls", "2", "--depth", "3", "--seed", "18446744073709551615");
  cr_assert_eq(sscanf(p.out, "%lu %lu %lu %lu", &lim[0], &lim[1], &lim[2], &lim[3]), 4);
  cr_assert_eq(lim[0] + lim[1] + lim[2] + lim[3], 3, "%s", p.out);
  cr_assert_eq(occurs(p.out, '='), 2, "%s", p.out);
  cr_assert_eq(p.out[strlen(p.out) - 2] == '0', 0, "3 moves leave the blank off its goal: %s", p.out);
  bs_proc_free(&p);
  gen_ok(&p, "--size", "6x6", "--depth", "1000000", "--seed", "0", "--count", "1");
  cr_assert_eq(sscanf(p.out, "%lu %lu %lu %lu", &lim[0], &lim[1], &lim[2], &lim[3]), 4);
  cr_assert_eq(lim[0] + lim[1] + lim[2] + lim[3], 1000000);
  bs_proc_free(&p);
  gen_ok(&p, "--size", "6x6", "--walls", "34", "--depth", "4", NULL, NULL);
  cr_assert_eq(occurs(p.out, '='), 34, "%s", p.out);
  bs_proc_free(&p);
}

Test(gen_cli, output_file_whole_or_not_at_all) {
  /* The mode asserted below is 0666 less the umask: a umask of 077 (some
   * CI images, hardened shells) would make it mkstemp's 0600 too. This
   * test runs in a process of its own, which bs_run's children inherit. */
  umask(022);
  bs_proc a, b;
  char *path = bs_temp_text("old");
  gen_ok(&a, "--size", "3x4", "--count", "7", "-o", path, NULL, NULL);
  cr_assert_str_eq(a.out, "");
  gen_ok(&b, "--size", "3x4", "--count", "7", NULL, NULL, NULL, NULL);
  char *text = bs_slurp(path, NULL);
  cr_assert_str_eq(text, b.out);
  free(text);
  struct stat st;
  cr_assert_eq(stat(path, &st), 0);
  cr_assert_eq(st.st_mode & 0777, 0644, "a plain file's mode under umask 022, not mkstemp's 0600: %o",
               (unsigned)(st.st_mode & 0777));
  bs_proc_free(&a);
  bs_proc_free(&b);
  bs_run(&a, NULL, "gen", "--size", "3x3", "-o", "/nonexistent-dir/set.txt", NULL);
  cr_assert_eq(a.code, 1);
  cr_assert_not_null(strstr(a.err, "/nonexistent-dir/set.txt"), "%s", a.err);
  bs_proc_free(&a);
  bs_temp_drop(path);
}

/* The set and its answers come as a pair or not at all: where one goes to
 * a device (what reaches it cannot be taken back) and fails, the other
 * file is not made, whichever it is (the answers were left without their
 * set, stop 77). And the two are never one file, by any name: a link
 * that dangles, /dev/stdout and "-". */
Test(gen_cli, set_and_answers_as_a_pair) {
  char *dir = bs_temp_text(""), file[4200], link[4200];
  snprintf(file, sizeof file, "%s.file", dir);
  snprintf(link, sizeof link, "%s.link", dir);
  static const char *const fails[][4] = {{"-o", "/dev/full", "--answers", NULL},
                                         {"-o", NULL, "--answers", "/dev/full"}};
  for (int k = 0; k < 2; k++) {
    bs_proc p;
    bs_run(&p, NULL, "gen", "--size", "3x3", "--count", "3", fails[k][0], fails[k][1] ? fails[k][1] : file,
           fails[k][2], fails[k][3] ? fails[k][3] : file, NULL);
    cr_assert_eq(p.code, 1, "case %d: exit %d: %s", k, p.code, p.err);
    cr_assert_not_null(strstr(p.err, "/dev/full"), "%s", p.err);
    cr_assert_eq(access(file, F_OK), -1, "case %d: a file without its pair", k);
    bs_proc_free(&p);
  }
  bs_proc p;
  bs_run(&p, NULL, "gen", "--size", "3x3", "--count", "3", "--answers", "/dev/full", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_str_eq(p.out, "", "the set went to stdout though its answers failed");
  bs_proc_free(&p);
  cr_assert_eq(symlink(strrchr(file, '/') + 1, link), 0);
  const char *const same[][2] = {{file, link}, {"-", "/dev/stdout"}};
  for (int k = 0; k < 2; k++) {
    bs_run(&p, NULL, "gen", "--size", "3x3", "--count", "3", "-o", same[k][0],
           "--answers", same[k][1], NULL);
    cr_assert_eq(p.code, 2, "case %d: exit %d: %s", k, p.code, p.err);
    cr_assert_not_null(strstr(p.err, "cannot both go to"), "%s", p.err);
    cr_assert_str_eq(p.out, "");
    bs_proc_free(&p);
  }
  cr_assert_eq(access(file, F_OK), -1);
  unlink(link);
  bs_temp_drop(dir);
}

Test(gen_cli, unsolvable_and_layouts) {
  char *layouts = bs_temp_text("2\n3,3,1234=6780\n5,2,12=4567890\n");
  bs_proc p, v;
  /* Unsolvable boards: the count line alone, every one unsolvable. */
  bs_run(&p, NULL, "gen", "--layouts", layouts, "--unsolvable", "--count", "40", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(strncmp(p.out, "40\n", 3), 0, "%s", p.out);
  cr_assert_eq(bs_count_lines(p.out), 41);
  cr_assert_not_null(strstr(p.err, "unsolvable"), "%s", p.err);
  bs_run(&v, p.out, "solve", "--json", "-", NULL);
  cr_assert_eq(v.code, 0, "%s", v.err);
  cr_assert_eq(occurs(v.out, '\n'), 40);
  const char *line = v.out;
  for (int i = 0; i < 40; i++, line = strchr(line, '\n') + 1)
    cr_assert_not_null(strstr(line, "\"status\":\"unsolvable\""), "%.200s", line);
  bs_proc_free(&v);
  /* Every board on one of the two layouts. */
  for (const char *l = strchr(p.out, '\n') + 1; *l; l = strchr(l, '\n') + 1)
    cr_assert(!strncmp(l, "3,3,", 4) ? l[8] == '=' : !strncmp(l, "5,2,", 4) && l[6] == '=', "%.20s", l);
  bs_proc_free(&p);
  /* Solvable ones with answers that meet the header. */
  char *ans = bs_temp_text(""), *set = bs_temp_text("");
  bs_run(&p, NULL, "gen", "--layouts", layouts, "--count", "30", "--answers", ans, "-o", set, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_run(&v, NULL, "verify", set, ans, NULL);
  cr_assert_eq(v.code, 0, "%s%s", v.out, v.err);
  cr_assert_not_null(strstr(v.out, "\nsolved 30\n"), "%s", v.out);
  bs_proc_free(&p);
  bs_proc_free(&v);
  /* Refused: option clashes (2), a bad set or one with no unsolvable board (1). */
  static const char *const clash[][6] = {
      {"--layouts", "L", "--size", "3x3", NULL}, {"--layouts", "L", "--walls", "1", NULL},
      {"--size", "3x3", "--unsolvable", "--depth", "3", NULL},
      {"--size", "3x3", "--unsolvable", "--answers", "x", NULL},
      {"--size", "2x2", "--walls", "2", "--unsolvable", NULL}, {"--count", "3", NULL}};
  /* The set and the answers by two names of one file. */
  char same[4200];
  const char *slash = strrchr(set, '/');
  snprintf(same, sizeof same, "%.*s/./%s", (int)(slash - set), set, slash + 1);
  bs_run(&p, NULL, "gen", "--size", "3x3", "-o", set, "--answers", same, NULL);
  cr_assert_eq(p.code, 2, "exit %d: %s", p.code, p.err);
  bs_proc_free(&p);
  for (size_t i = 0; i < sizeof clash / sizeof *clash; i++) {
    const char *a[6];
    for (int j = 0; j < 6; j++) a[j] = clash[i][j] && !strcmp(clash[i][j], "L") ? layouts : clash[i][j];
    bs_run(&p, NULL, "gen", a[0], a[1], a[2], a[3], a[4], a[5], NULL);
    cr_assert_eq(p.code, 2, "clash %zu: exit %d: %s", i, p.code, p.err);
    bs_proc_free(&p);
  }
  char *bad = bs_temp_text("3,3,12345678\n"), *two = bs_temp_text("2,2,=2=0\n"),
       *one = bs_temp_text("2,2,===0\n"), *apart = bs_temp_text("2,2,1==0\n");
  bs_run(&p, NULL, "gen", "--layouts", bad, NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "gen", "--layouts", two, "--unsolvable", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, ":1: 2 open cells next to each other"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "gen", "--layouts", one, "--unsolvable", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, ":1: 1 open cell:"), "%s", p.err);
  bs_proc_free(&p);
  /* Two open cells apart: the tile cannot pass, so its one other board is. */
  bs_run(&p, NULL, "gen", "--layouts", apart, "--unsolvable", "--count", "2", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "2\n2,2,0==1\n2,2,0==1\n");
  bs_proc_free(&p);
  /* A blank walled in: a walk of no move, the goal with an empty answer. */
  char *shut = bs_temp_text("3,3,12345=7=0\n");
  bs_run(&p, NULL, "gen", "--layouts", shut, "--depth", "3", "--count", "2", "--answers", ans, "-o", set, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  bs_run(&v, NULL, "verify", set, ans, NULL);
  cr_assert_eq(v.code, 0, "%s%s", v.out, v.err);
  cr_assert_not_null(strstr(v.out, "\nsolved 2\n"), "%s", v.out);
  bs_proc_free(&v);
  bs_temp_drop(shut);
  bs_temp_drop(one);
  bs_temp_drop(apart);
  bs_run(&p, NULL, "gen", "--layouts", "/nonexistent/set.txt", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "/nonexistent/set.txt: No such file or directory"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(bad);
  bs_temp_drop(two);
  bs_temp_drop(ans);
  bs_temp_drop(set);
  bs_temp_drop(layouts);
}

/* Every bit of the seed counts: seeds that differ only above bit 31, or
 * only in bit 63, give other sets. */
Test(gen_cli, every_seed_bit_counts) {
  static const char *const seeds[] = {"1", "4294967297", "9223372036854775809"};
  bs_proc p[3];
  for (int i = 0; i < 3; i++) gen_ok(&p[i], "--size", "4x4", "--count", "5", "--seed", seeds[i], NULL, NULL);
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++)
      cr_assert_str_neq(p[i].out, p[j].out, "seeds %s and %s give one set", seeds[i], seeds[j]);
  for (int i = 0; i < 3; i++) bs_proc_free(&p[i]);
}

/* Three open cells in a row (an L on 2x2): no cycle, so the two tiles
 * never pass each other, and half the boards are unsolvable; gen takes the
 * layout and makes only those. */
Test(gen_cli, unsolvable_on_three_open_cells) {
  char *layout = bs_temp_text("2,2,12=0\n");
  bs_proc p;
  bs_run(&p, NULL, "gen", "--layouts", layout, "--unsolvable", "--count", "12", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(strncmp(p.out, "12\n", 3), 0, "%s", p.out);
  int boards = 0;
  for (const char *l = strchr(p.out, '\n') + 1; *l; l = strchr(l, '\n') + 1, boards++) {
    char text[32];
    size_t n = strcspn(l, "\n");
    cr_assert_lt(n, sizeof text);
    memcpy(text, l, n);
    text[n] = 0;
    bs_board b = bs_test_parsed(text);
    cr_assert_eq(b.wall, 1u << 2, "%s", text);
    const char *why;
    cr_assert_neq(bs_solvability(&b, &why), BS_SOLVABLE, "%s is solvable", text);
  }
  cr_assert_eq(boards, 12);
  bs_proc_free(&p);
  bs_temp_drop(layout);
}

/* More refusals, each with exit 2 and its reason: an argument, a walk of
 * unsolvable boards even of no move, and walls that leave an unsolvable
 * board fewer than 3 open cells. */
Test(gen_cli, more_usage_errors_exit_2) {
  static const char *const bad[][6] = {
      {"--size", "3x3", "extra", NULL},
      {"--size", "3x3", "--unsolvable", "--depth", "0", NULL},
      {"--size", "2x2", "--walls", "2", "--unsolvable", NULL}};
  static const char *const why[] = {"unexpected argument 'extra'", "no --depth",
                                    "--walls wants a number from 0 to 1 on 2x2"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    bs_proc p;
    bs_run(&p, NULL, "gen", bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], bad[i][5], NULL);
    cr_assert_eq(p.code, 2, "case %zu: exit %d: %s", i, p.code, p.err);
    cr_assert_str_eq(p.out, "");
    cr_assert_not_null(strstr(p.err, why[i]), "case %zu: %s", i, p.err);
    bs_proc_free(&p);
  }
}

Test(gen_cli, help) {
  bs_proc p;
  bs_run(&p, NULL, "gen", "--help", NULL);
  cr_assert_eq(p.code, 0);
  cr_assert_not_null(strstr(p.out, "--depth"));
  bs_proc_free(&p);
}

/* ---- the shipped sets ---------------------------------------------------- */

Test(gen_cli, shipped_sets_come_from_gen) {
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin);
  struct stat st;
  if (stat("scripts/make-puzzles.sh", &st) || stat("puzzles/mixed.txt", &st))
    cr_skip_test("run from the top directory (make test) to check puzzles/");
  char *dir = bs_test_dir("bs_puzzles"), cmd[4096];
  snprintf(cmd, sizeof cmd, "scripts/make-puzzles.sh '%s' '%s' 2>/dev/null", bin, dir);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
  const char *names[27] = {"mixed.txt", "exact-bench.txt"};
  char sizes[25][16];
  for (int w = 2, k = 0; w <= 6; w++)
    for (int h = 2; h <= 6; h++, k++) {
      snprintf(sizes[k], sizeof sizes[k], "size-%dx%d.txt", w, h);
      names[2 + k] = sizes[k];
    }
  for (int i = 0; i < 27; i++) {
    char mine[4200], shipped[64];
    snprintf(mine, sizeof mine, "%s/%s", dir, names[i]);
    snprintf(shipped, sizeof shipped, "puzzles/%s", names[i]);
    char *a = bs_slurp(mine, NULL), *b = bs_slurp(shipped, NULL);
    cr_assert_str_eq(a, b, "%s differs from what scripts/make-puzzles.sh makes", shipped);
    free(a);
    free(b);
    unlink(mine);
  }
  rmdir(dir);
  free(dir);
}

#define BS_SHAPES_MAX 64 /* layouts in puzzles/shapes.txt, at most */

/* The stress sets: what scripts/make-stress.sh makes, byte for byte
 * (stress-devquiz.txt only where the real set is at hand), and what they
 * claim to hold: 1,024 solvable boards with walls, 3x3 to 6x6, and 200
 * unsolvable ones; 400 solvable and 100 unsolvable ones on the layouts of
 * puzzles/shapes.txt (each a goal board), each of its layouts among them. */
Test(gen_cli, stress_sets_come_from_gen, .timeout = 600) {
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin);
  struct stat st;
  if (stat("scripts/make-stress.sh", &st) || stat("puzzles/unsolvable.txt", &st))
    cr_skip_test("run from the top directory (make test) to check puzzles/");
  char *dir = bs_test_dir("bs_stress"), cmd[4096];
  snprintf(cmd, sizeof cmd, "scripts/make-stress.sh '%s' '%s' 2>/dev/null", bin, dir);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
  char names[20][32];
  int n = 0, solvable = 0, walled = 0;
  for (int w = 3; w <= 6; w++)
    for (int h = 3; h <= 6; h++) snprintf(names[n++], sizeof names[0], "stress-%dx%d.txt", w, h);
  snprintf(names[n++], sizeof names[0], "stress-devquiz.txt");
  snprintf(names[n++], sizeof names[0], "stress-shapes.txt");
  snprintf(names[n++], sizeof names[0], "unsolvable-shapes.txt");
  snprintf(names[n++], sizeof names[0], "unsolvable.txt");
  bs_set shapes;
  cr_assert_eq(bs_set_read("puzzles/shapes.txt", &shapes, stderr), 0);
  int drawn[BS_SHAPES_MAX] = {0};
  cr_assert_leq(shapes.n, BS_SHAPES_MAX);
  for (int j = 0; j < shapes.n; j++) { /* each layout drawn as its goal board */
    bs_board goal;
    bs_goal(&shapes.e[j].board, &goal);
    cr_assert(!memcmp(goal.cell, shapes.e[j].board.cell, sizeof goal.cell), "puzzles/shapes.txt:%d: not a goal",
              shapes.e[j].line);
  }
  for (int k = 0; k < n; k++) {
    char mine[4200], shipped[4200];
    snprintf(mine, sizeof mine, "%s/%s", dir, names[k]);
    snprintf(shipped, sizeof shipped, "puzzles/%s", names[k]);
    if (stat(mine, &st)) {
      cr_assert_str_eq(names[k], "stress-devquiz.txt", "make-stress.sh made no %s", names[k]);
      cr_assert_neq(stat("puzzles/devquiz2011.txt", &st), 0, "make-stress.sh made no %s beside the real set",
                    names[k]);
      continue; /* no real set here */
    }
    char *a = bs_slurp(mine, NULL), *b = bs_slurp(shipped, NULL);
    cr_assert_str_eq(a, b, "%s differs from what scripts/make-stress.sh makes", shipped);
    free(a);
    free(b);
    unlink(mine);
    bs_set set;
    cr_assert_eq(bs_set_read(shipped, &set, stderr), 0, "%s", shipped);
    const int unsolvable = !strncmp(names[k], "unsolvable", 10), sized = k < 16;
    const int shaped = strstr(names[k], "shapes") != NULL;
    cr_assert_eq(set.has_limits, !unsolvable, "%s", shipped);
    for (int i = 0; i < set.n; i++) {
      const bs_board *x = &set.e[i].board;
      const char *why;
      cr_assert_eq(bs_solvability(x, &why), unsolvable ? BS_UNSOLVABLE : BS_SOLVABLE, "%s:%d", shipped,
                   set.e[i].line);
      solvable += sized;
      walled += sized && x->wall;
      int j = 0; /* the layout of shapes.txt this board is on */
      while (shaped && j < shapes.n &&
             (shapes.e[j].board.w != x->w || shapes.e[j].board.h != x->h || shapes.e[j].board.wall != x->wall))
        j++;
      cr_assert(!shaped || j < shapes.n, "%s:%d: not a layout of puzzles/shapes.txt", shipped, set.e[i].line);
      if (shaped && !unsolvable) drawn[j]++;
    }
    if (unsolvable) cr_assert_eq(set.n, shaped ? 100 : 200, "%s", shipped);
    else if (shaped) cr_assert_eq(set.n, 400);
    bs_set_free(&set);
  }
  rmdir(dir);
  free(dir);
  cr_assert_eq(solvable, 1024);
  cr_assert_eq(walled, 1024);
  for (int j = 0; j < shapes.n; j++)
    cr_assert_gt(drawn[j], 0, "puzzles/shapes.txt:%d: no board of stress-shapes.txt on it", shapes.e[j].line);
  bs_set_free(&shapes);
}

/* gen killed while it works leaves nothing behind: its boards and answers
 * wait in unlinked temporary files (tmpfile), which no kill can leave in
 * the directory, and the outputs are only tried at the start (so that a
 * path that cannot be written fails first) and made at the end, so none is
 * half made. What is checked: the kill came mid-work (bs_kill_reap: the
 * signal ended it, 5 million boards take minutes), and the directory is
 * empty after it. */
Test(gen_cli, killed_it_leaves_no_file, .timeout = 120) {
  char *dir = bs_test_dir("bs_gen");
  pid_t pid = bs_start_in(dir, "gen", "--size", "6x6", "--count", "5000000", "--answers", "a.txt", "-o", "s.txt",
                          NULL);
  usleep(500000);
  bs_kill_reap(pid, "gen");
  cr_assert_eq(rmdir(dir), 0, "gen left files in %s", dir);
  free(dir);
}
