/* Pattern databases (bs_pdb.h): every table equals its abstraction,
 * searched here by a plain 0-1 breadth-first search; admissible on every
 * state of small boards, toward the goal and toward other targets, against
 * a plain breadth-first search written here (which also counts the moves
 * that change h by 2 or more: the tables are not consistent); exact where
 * one cell is left free; one-tile patterns and the Manhattan distance of
 * bs_heur; the O(1) child step against a full recount; partitions; views;
 * the cache file, corrupt, truncated, foreign or unwritable; and optimal
 * lengths of Korf's 15-puzzle instances with a small IDA* written here.
 * (Speed and node counts on all of Korf's 100 are bench figures: the
 * README's exact-mode section, `bislide batch --mode exact`.) */
#include "bs_test.h"

#include <sys/stat.h>
#include <time.h>

#include "bs_heur.h"
#include "bs_parse.h"
#include "bs_pdb.h"

#define KORF_SET "puzzles/korf100.txt"
#define KORF_LENGTHS "puzzles/korf100-optimal.txt"
/* 15-puzzle partitions, blank last. In P555 and P663 a pattern fences the
 * blank's goal cell in (8BCEF, ABCDEF: it then keeps two tables); P663 is
 * Korf's {1-6}, {8-10, 12-14}, {7, 11, 15} (blank top left) turned round.
 * OPEN_663 leaves the blank's cell open, and is weaker. */
#define P555 "12347/569AD/8BCEF"
#define P663 "234678/ABCDEF/159"
#define OPEN_663 "12569A/3478BC/DEF"
#define MAX_OPEN 10               /* the exhaustive searches: 10! states */
#define MAX_TARGETS 3             /* backward views per layout */
#define MAX_DEPTH 100             /* IDA*: the 15-puzzle needs 80 at most */

/* ---- layouts ----------------------------------------------------------- */

/* The goal of a w x h board with the given walls. */
static bs_board goal_of(int w, int h, uint64_t wall) {
  uint8_t cell[BS_MAX_CELLS];
  for (int i = 0; i < w * h - 1; i++) cell[i] = (uint8_t)(i + 1);
  cell[w * h - 1] = 0;
  return bs_test_board(w, h, wall, cell);
}

static void build(bs_pdb *P, const bs_board *layout, const char *spec) {
  bs_pdb_part part;
  char err[128];
  cr_assert_eq(bs_pdb_part_parse(layout, spec, &part, err, sizeof err), 0, "%s: %s", spec, err);
  bs_pdb_info info;
  cr_assert_eq(bs_pdb_build(P, layout, &part, 0, NULL, &info), 0, "%s", spec);
  cr_assert_eq(info.bytes, bs_pdb_bytes_for(layout, &part));
}

/* Asserts only on failure: Criterion's bookkeeping of passed assertions
 * would cost more than the checks in the exhaustive loops. */
#define CHECK(cond, ...)                                                                 \
  do {                                                                                   \
    if (!(cond)) cr_assert(cond, __VA_ARGS__);                                           \
  } while (0)

/* ---- a plain BFS over the open cells ------------------------------------ */

/* Every arrangement of the values of a board's open cells (at most
 * MAX_OPEN), numbered by their permutation rank over the values sorted:
 * dist[rank] = moves from the target, -1 when unreachable; and the states
 * reached, in order, packed 4 bits a cell (the value's number). */
typedef struct ex {
  bs_board like;
  int f;
  uint8_t open[BS_MAX_CELLS], vals[BS_MAX_CELLS], num[BS_MAX_CELLS + 1]; /* num: value -> its number */
  int8_t *dist;
  uint64_t *state;
  uint32_t nstates, reached;
} ex;

static uint64_t ex_pack(const ex *E, const bs_board *b) {
  uint64_t s = 0;
  for (int i = 0; i < E->f; i++) s |= (uint64_t)E->num[b->cell[E->open[i]]] << 4 * i;
  return s;
}

/* The Lehmer rank of a packed state: at each place, the numbers below its
 * own not used yet, counted with one popcount. */
static uint32_t ex_rank(const ex *E, uint64_t s) {
  static uint8_t ones[1 << MAX_OPEN]; /* popcount, without needing the instruction */
  if (!ones[(1 << MAX_OPEN) - 1])
    for (int m = 1; m < 1 << MAX_OPEN; m++) ones[m] = (uint8_t)(ones[m >> 1] + (m & 1));
  uint32_t r = 0, used = 0;
  for (int i = 0; i < E->f; i++) {
    unsigned v = s >> 4 * i & 15;
    r = r * (uint32_t)(E->f - i) + v - ones[used & ((1u << v) - 1)];
    used |= 1u << v;
  }
  return r;
}

static void ex_board(const ex *E, uint64_t s, bs_board *b) {
  *b = E->like;
  for (int i = 0; i < E->f; i++) {
    int v = E->vals[s >> 4 * i & 15];
    b->cell[E->open[i]] = (uint8_t)v;
    if (!v) b->blank = E->open[i];
  }
}

/* Breadth-first from target over the moves of the blank (its own moves:
 * left, right, up, down within the board and off the walls). */
static void ex_run(ex *E, const bs_board *target) {
  memset(E, 0, sizeof *E);
  E->like = *target;
  for (int c = 0; c < target->n; c++)
    if (!(target->wall >> c & 1)) E->open[E->f++] = (uint8_t)c;
  cr_assert_leq(E->f, MAX_OPEN);
  for (int i = 0; i < E->f; i++) E->vals[i] = target->cell[E->open[i]];
  for (int i = 1; i < E->f; i++)
    for (int j = i; j > 0 && E->vals[j] < E->vals[j - 1]; j--) {
      uint8_t t = E->vals[j];
      E->vals[j] = E->vals[j - 1];
      E->vals[j - 1] = t;
    }
  for (int i = 0; i < E->f; i++) E->num[E->vals[i]] = (uint8_t)i;
  E->nstates = bs_factorial(E->f);
  E->dist = malloc(E->nstates);
  E->state = malloc(E->nstates * sizeof *E->state);
  cr_assert(E->dist && E->state);
  memset(E->dist, -1, E->nstates);
  uint32_t head = 0, tail = 0;
  E->state[tail++] = ex_pack(E, target);
  E->dist[ex_rank(E, E->state[0])] = 0;
  int w = target->w;
  while (head < tail) {
    uint64_t s = E->state[head++];
    bs_board b;
    ex_board(E, s, &b);
    int d = E->dist[ex_rank(E, s)], x = b.blank % w, y = b.blank / w;
    int to[4] = {x > 0 ? b.blank - 1 : -1, x < w - 1 ? b.blank + 1 : -1, y > 0 ? b.blank - w : -1,
                 y < b.h - 1 ? b.blank + w : -1};
    for (int k = 0; k < 4; k++) {
      int q = to[k];
      if (q < 0 || (b.wall >> q & 1)) continue;
      bs_board c = b;
      c.cell[b.blank] = c.cell[q];
      c.cell[q] = 0;
      c.blank = q;
      uint64_t cs = ex_pack(E, &c);
      uint32_t r = ex_rank(E, cs);
      if (E->dist[r] >= 0) continue;
      E->dist[r] = (int8_t)(d + 1);
      E->state[tail++] = cs;
    }
  }
  E->reached = tail;
}

static void ex_free(ex *E) {
  free(E->dist);
  free(E->state);
}

/* Every state that reaches the target: h <= its distance; and every move
 * from it: the child's h by the O(1) step equals a full recount. Returns
 * how many moves change h by 2 or more, and their number in *moves. */
static uint32_t check_all(const ex *E, const bs_pdb_view *V, const char *what, uint32_t *moves) {
  uint32_t jumps = 0;
  *moves = 0;
  bs_geom g;
  bs_geom_init(&g, &E->like);
  for (uint32_t k = 0; k < E->reached; k++) {
    bs_board b;
    ex_board(E, E->state[k], &b);
    int dist = E->dist[ex_rank(E, E->state[k])];
    bs_pdb_idx x;
    int h = bs_pdb_eval(V, b.cell, &x);
    CHECK(h <= dist, "%s: state %u: h %d above the distance %d", what, k, h, dist);
    for (int d = 0; d < 4; d++) {
      int q = g.nb[b.blank][d];
      if (q < 0) continue;
      int hc = bs_pdb_child(V, &x, b.cell[q], b.blank, q);
      bs_board c = b;
      bs_move(&c, d);
      bs_pdb_idx y;
      int full = bs_pdb_eval(V, c.cell, &y);
      CHECK(hc == full, "%s: state %u move %d: step %d, recount %d", what, k, d, hc, full);
      jumps += abs(hc - h) > 1;
      ++*moves;
    }
  }
  return jumps;
}

/* A state reached from the goal (E from the goal), at random. */
static bs_board random_reached(const ex *E, uint64_t *seed) {
  bs_board b;
  ex_board(E, E->state[bs_rand(seed) % E->reached], &b);
  return b;
}

/* For one layout and each partition of specs: the goal view and views
 * toward `targets` random boards, each with and without reflection, on
 * every state. jump (NULL: not wanted) gets, per spec, how many moves
 * change h toward the goal by 2 or more, then per spec how many moves
 * there are. */
static void exhaust(int w, int h, uint64_t wall, const char *const *specs, int nspecs, int targets,
                    uint64_t seed, uint32_t *jump) {
  bs_board goal = goal_of(w, h, wall);
  ex E[1 + MAX_TARGETS];
  cr_assert_leq(targets, MAX_TARGETS);
  ex_run(&E[0], &goal);
  bs_board target[1 + MAX_TARGETS] = {goal};
  for (int t = 1; t <= targets; t++) {
    target[t] = random_reached(&E[0], &seed);
    ex_run(&E[t], &target[t]);
  }
  for (int i = 0; i < nspecs; i++) {
    bs_pdb P;
    build(&P, &goal, specs[i]);
    for (int t = 0; t <= targets; t++)
      for (int reflect = 0; reflect <= P.symmetric; reflect++) {
        bs_pdb_view V;
        cr_assert_eq(bs_pdb_view_init(&V, &P, &target[t], reflect), 0);
        cr_assert_eq(V.nlens, reflect ? 2 : 1);
        char what[160], text[BS_BOARD_TEXT];
        bs_board_format(&target[t], text);
        snprintf(what, sizeof what, "%dx%d walls %llx, '%s', toward %s%s", w, h,
                 (unsigned long long)wall, specs[i], text, reflect ? ", reflected" : "");
        uint32_t moves, jumps = check_all(&E[t], &V, what, &moves);
        if (jump && !t && !reflect) jump[i] = jumps, jump[nspecs + i] = moves;
      }
    bs_pdb_free(&P);
  }
  for (int t = 0; t <= targets; t++) ex_free(&E[t]);
}

#define SPECS(...) (const char *const[]){__VA_ARGS__}, sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *)

/* One pattern of every tile leaves one free cell, which is then the
 * blank: the table is the exact distance to the goal. */
static void check_exact(int w, int h, const char *spec) {
  bs_board goal = goal_of(w, h, 0);
  ex E;
  ex_run(&E, &goal);
  bs_pdb P;
  build(&P, &goal, spec);
  for (int reflect = 0; reflect <= P.symmetric; reflect++) {
    bs_pdb_view V;
    cr_assert_eq(bs_pdb_view_init(&V, &P, &goal, reflect), 0);
    for (uint32_t k = 0; k < E.reached; k++) {
      bs_board b;
      ex_board(&E, E.state[k], &b);
      bs_pdb_idx x;
      int hb = bs_pdb_eval(&V, b.cell, &x), dist = E.dist[ex_rank(&E, E.state[k])];
      CHECK(hb == dist, "%dx%d state %u: h %d, distance %d", w, h, k, hb, dist);
    }
  }
  bs_pdb_free(&P);
  ex_free(&E);
}

Test(pdb, exact_with_one_free_cell) {
  check_exact(3, 3, "12345678");
  check_exact(2, 4, "1234567");
  check_exact(4, 2, "1234567");
}

/* ---- the tables against their abstraction, searched here -------------- */

/* The abstract space of k tiles with home cells home[]: the tiles on open
 * cells (digit of cell c: its number among the open cells; slot i weighs
 * f^i, as bs_pdb.h says) and the blank on another, where the blank steps
 * to an adjacent open cell at no cost when no tile is there, and at cost 1
 * when one is (the tile slides into the blank's cell). A 0-1 breadth-first
 * search (a deque) from the tiles home with the blank on cell goal;
 * returns dist[placement * f + the blank's digit], 255 where never
 * reached. */
static uint8_t *abstract_dist(const bs_board *layout, const uint8_t *home, int k, int goal) {
  int f = 0, num[BS_MAX_CELLS], open[BS_MAX_CELLS], w = layout->w;
  for (int c = 0; c < layout->n; c++)
    if (!(layout->wall >> c & 1)) num[c] = f, open[f++] = c;
  size_t np = 1;
  for (int i = 0; i < k; i++) np *= (size_t)f;
  size_t ns = np * (size_t)f, head = ns, tail = ns, p0 = 0, pw = 1;
  uint8_t *dist = malloc(ns);
  size_t *dq = malloc((2 * ns + 1) * sizeof *dq); /* each state goes in at most twice, once a side */
  cr_assert(dist && dq);
  memset(dist, 255, ns);
  for (int i = 0; i < k; i++, pw *= (size_t)f) p0 += (size_t)num[home[i]] * pw;
  dist[p0 * (size_t)f + (size_t)num[goal]] = 0;
  dq[tail++] = p0 * (size_t)f + (size_t)num[goal];
  while (head < tail) {
    size_t s = dq[head++], p = s / (size_t)f, x = p;
    int b = open[s % (size_t)f], cell[BS_PDB_MAX_K];
    for (int i = 0; i < k; i++, x /= (size_t)f) cell[i] = open[x % (size_t)f];
    int to[4] = {b % w ? b - 1 : -1, b % w < w - 1 ? b + 1 : -1, b - w, b + w};
    for (int d = 0; d < 4; d++) {
      int q = to[d];
      if (q < 0 || q >= layout->n || (layout->wall >> q & 1)) continue;
      size_t p2 = p, weight = 1;
      int cost = 0;
      for (int i = 0; i < k; i++, weight *= (size_t)f)
        if (cell[i] == q) p2 = p + ((size_t)num[b] - (size_t)num[q]) * weight, cost = 1;
      size_t s2 = p2 * (size_t)f + (size_t)num[q];
      if (dist[s2] <= dist[s] + cost) continue;
      dist[s2] = (uint8_t)(dist[s] + cost);
      if (cost)
        dq[tail++] = s2;
      else
        dq[--head] = s2;
    }
  }
  free(dq);
  return dist;
}

/* Every table of spec on the layout (each pattern toward a blank on each
 * open cell) holds for each placement the least abstract distance over the
 * places of the blank; and two cells share a pattern's table exactly when
 * neither is the pattern's and the blank goes from one to the other for
 * free with the tiles home. */
/* The digit of open cell c: its number among the open cells. */
static int i_of(const bs_board *layout, int c) {
  int k = 0;
  for (int d = 0; d < c; d++) k += !(layout->wall >> d & 1);
  return k;
}

static void check_tables(int w, int h, uint64_t wall, const char *spec) {
  bs_board goal = goal_of(w, h, wall);
  bs_pdb P;
  build(&P, &goal, spec);
  int f = P.f, checked = 0;
  for (int j = 0; j < P.part.npat; j++)
    for (int i = 0; i < f; i++) {
      int c = P.open[i], first = 1, k = 0;
      for (int e = 0; e < i; e++) first &= P.tab[j][P.open[e]] != P.tab[j][c];
      if (!first) continue;
      uint8_t home[BS_PDB_MAX_K];
      for (int d = 0; d < P.n; d++)
        if (P.part.of[d] == j && d != c) home[k++] = (uint8_t)d;
      uint8_t *dist = abstract_dist(&goal, home, k, c);
      size_t np = 1, p0 = 0;
      for (int t = 0; t < k; t++) p0 += (size_t)i_of(&goal, home[t]) * np, np *= (size_t)f;
      for (int e = 0; e < f; e++) {
        int c2 = P.open[e], other = P.part.of[c] == j || P.part.of[c2] == j;
        int together = !other && dist[p0 * (size_t)f + (size_t)e] == 0;
        cr_assert_eq(P.tab[j][c2] == P.tab[j][c], c2 == c || together, "'%s' pattern %d: cells %d and %d",
                     spec, j, c, c2);
      }
      for (size_t p = 0; p < np; p++) {
        uint64_t used = 0;
        size_t x = p;
        int ok = 1;
        for (int t = 0; t < k; t++, x /= (size_t)f) {
          ok &= !(used >> (x % (size_t)f) & 1);
          used |= 1ull << (x % (size_t)f);
        }
        if (!ok) continue; /* two tiles on a cell: never looked up */
        int least = 255;
        for (size_t b = 0; b < (size_t)f; b++)
          if (!(used >> b & 1) && dist[p * (size_t)f + b] < least) least = dist[p * (size_t)f + b];
        CHECK(P.tab[j][c][p] == least, "%dx%d '%s' pattern %d toward %d: %zu: %d, not %d", w, h, spec, j,
              c, p, P.tab[j][c][p], least);
      }
      free(dist);
      checked++;
    }
  cr_assert_gt(checked, P.part.npat, "%s: every pattern has a hole table too", spec);
  bs_pdb_free(&P);
}

Test(pdb, tables_hold_the_abstract_distances) {
  check_tables(3, 3, 0, "1245/3678"); /* 3678 at home shuts the blank's cell off */
  check_tables(4, 4, 0, "1256/3478/9ABC/DEF");
  check_tables(4, 4, 0, "8BCF");      /* around the blank's cell */
  check_tables(3, 3, 1ull << 4, "1234/678");
  check_tables(3, 4, 1ull << 4 | 1ull << 7, "1236/9AB");
  check_tables(4, 3, 1ull << 1 | 1ull << 9, "1348/567B");
  check_tables(4, 4, 1ull << 5 | 1ull << 6 | 1ull << 9 | 1ull << 10 | 1ull << 3 | 1ull << 12, "128C/EF");
  check_tables(2, 6, 1ull << 2 | 1ull << 9, "124/56789B");
}

Test(pdb, exhaustive_3x3) {
  /* The test's own BFS agrees with the one of bs_test.h. */
  ex E;
  bs_board goal = goal_of(3, 3, 0);
  ex_run(&E, &goal);
  bs_bfs t;
  bs_bfs_run(&t, 3, 3, 0);
  cr_assert_eq(E.reached, 181440);
  cr_assert_eq(t.reached, E.reached);
  for (uint32_t r = 0; r < t.nstates; r++) {
    uint8_t v[9];
    bs_perm_unrank(r, 9, v);
    bs_board b = bs_test_board(3, 3, 0, v);
    CHECK(t.dist[r] == E.dist[ex_rank(&E, ex_pack(&E, &b))], "rank %u", r);
  }
  bs_bfs_free(&t);
  ex_free(&E);
  /* Not consistent: moves that change h by 2 or more (bs_pdb.h cites it). */
  uint32_t jump[6];
  exhaust(3, 3, 0, SPECS("", "1245/3678", "124/356/78"), 2, 1, jump);
  cr_assert_eq(jump[0], 0, "one-tile patterns: the Manhattan distance");
  cr_assert_eq(jump[1], 35376);
  cr_assert_eq(jump[4], 483840);
}

Test(pdb, exhaustive_2x4_4x2_2x5) {
  exhaust(2, 4, 0, SPECS("", "1234/567", "13/24/57/6"), 3, 2, NULL);
  exhaust(4, 2, 0, SPECS("1256/347", "15/26/37/4"), 3, 3, NULL);
  exhaust(2, 5, 0, SPECS("13579/2468"), 1, 4, NULL);
}

Test(pdb, exhaustive_walls) {
  /* A 3x3 ring (the centre a wall), a 3x4 ring and a 3x4 with walls
   * inside, a 4x3 with two dead ends, 4x4 corridors (two paths of 5
   * cells, one without the blank), 2x6 and 5x2 with walls, and a 4x4
   * whose walls are symmetric under transposition (reflection). */
  exhaust(3, 3, 1ull << 4, SPECS("", "1234/678"), 2, 5, NULL);
  exhaust(3, 4, 1ull << 4 | 1ull << 7, SPECS("", "1236/9AB"), 2, 6, NULL);
  exhaust(3, 4, 1ull << 4 | 1ull << 9, SPECS("1234/6789B"), 1, 7, NULL);
  exhaust(4, 3, 1ull << 1 | 1ull << 9, SPECS("1348/567B"), 1, 8, NULL);
  uint64_t corridor = 1ull << 5 | 1ull << 6 | 1ull << 9 | 1ull << 10 | 1ull << 3 | 1ull << 12;
  exhaust(4, 4, corridor, SPECS("", "128C/EF"), 2, 9, NULL);
  exhaust(2, 6, 1ull << 2 | 1ull << 9, SPECS("124/56789B"), 1, 10, NULL);
  exhaust(5, 2, 1ull << 2, SPECS("1267/4589", ""), 2, 11, NULL);
  uint64_t sym = 1ull << 3 | 1ull << 12 | 1ull << 7 | 1ull << 13 | 1ull << 2 | 1ull << 8;
  exhaust(4, 4, sym, SPECS("1256/7AB/CF"), 1, 12, NULL);
}

/* ---- one-tile patterns, big boards, partitions ------------------------- */

/* A tile alone moves wherever the blank can come round to: without walls
 * its entry is its Manhattan distance; with walls at least the distance
 * around them (bs_heur's), and more where the tile stands in a corridor
 * that the blank cannot get past. */
Test(pdb, one_tile_patterns_and_manhattan) {
  uint64_t seed = 5;
  int compared = 0, above = 0;
  for (int round = 0; round < 300; round++) {
    int w = 2 + bs_rand_below(&seed, 5), h = 2 + bs_rand_below(&seed, 5), walls = round % 3 ? 6 : 0;
    bs_board b = bs_rand_board(&seed, w, h, walls);
    const char *why;
    /* A tile walled off from its cell gets BS_PDB_FAR, bs_heur 0; the other
     * obstructions (parity, dead ends, ring order) mean nothing to either. */
    if (bs_solvability(&b, &why) == BS_UNSOLVABLE && !strcmp(why, "tile cut off")) continue;
    bs_board goal;
    bs_goal(&b, &goal);
    walls = b.wall != 0;
    bs_pdb P;
    build(&P, &goal, "");
    bs_heur H;
    bs_heur_init(&H, &b, &goal, 0); /* side 0: toward the goal; side 1: toward b */
    bs_board other = b; /* another board of the same layout */
    for (int k = 0; k < 40; k++) bs_move(&other, bs_rand_below(&seed, 4));
    bs_pdb_view V;
    bs_pdb_idx x;
    cr_assert_eq(bs_pdb_view_init(&V, &P, &goal, 0), 0);
    int hp = bs_pdb_eval(&V, b.cell, &x), hm = bs_heur_score(&H, 0, &b);
    cr_assert(walls ? hp >= hm : hp == hm, "round %d: %d, Manhattan %d", round, hp, hm);
    above += hp > hm;
    cr_assert_eq(bs_pdb_view_init(&V, &P, &b, 0), 0);
    hp = bs_pdb_eval(&V, other.cell, &x), hm = bs_heur_score(&H, 1, &other);
    cr_assert(walls ? hp >= hm : hp == hm, "round %d backward: %d, Manhattan %d", round, hp, hm);
    above += hp > hm;
    bs_pdb_free(&P);
    compared++;
  }
  cr_assert_gt(compared, 200, "%d compared", compared);
  cr_assert_gt(above, 50, "%d above", above);
}

/* The full count, which sums each pattern's index tile by tile, against
 * its definition read cell by cell: index j of lens L is the sum over the
 * tiles of pattern j of their cell's digit times their slot's weight, and
 * h is the larger lens's sum of entries. Random boards of every size, with
 * and without walls, from cells and from packed words. */
Test(pdb, counts_match_the_definition) {
  uint64_t seed = 17;
  for (int round = 0; round < 16; round++) {
    int w = 2 + round % 5, h = 6 - round % 4;
    bs_board t = bs_rand_board(&seed, w, h, round % 3 ? w * h / 6 : 0), goal;
    bs_goal(&t, &goal);
    bs_pdb_part part;
    cr_assert_eq(bs_pdb_part_auto(&goal, (size_t)1 << 16, &part), 0);
    bs_pdb_info info;
    bs_pdb P;
    cr_assert_eq(bs_pdb_build(&P, &goal, &part, 1, NULL, &info), 0);
    bs_geom g;
    bs_geom_init(&g, &goal);
    bs_pdb_view V;
    cr_assert_eq(bs_pdb_view_init(&V, &P, round % 2 ? &t : &goal, 1), 0);
    for (int k = 0; k < 20; k++) {
      bs_board b = round % 2 ? goal : t;
      for (int step = 0; step < 50 * k; step++) {
        int d = bs_rand_below(&seed, 4);
        if (g.nb[b.blank][d] >= 0) bs_move(&b, d);
      }
      int want = 0;
      for (int L = 0; L < V.nlens; L++) {
        const bs_pdb_lens *l = &V.lens[L];
        uint32_t idx[BS_MAX_CELLS] = {0};
        for (int c = 0; c < b.n; c++)
          if (b.cell[c]) idx[l->pat[b.cell[c]]] += l->num[c] * l->mul[b.cell[c]];
        int sum = 0;
        for (int j = 0; j < V.npat; j++) sum += l->tab[j][idx[j]];
        if (sum > want) want = sum;
        bs_pdb_idx x;
        bs_pdb_eval(&V, b.cell, &x);
        for (int j = 0; j < V.npat; j++) cr_assert_eq(x.i[L][j], idx[j], "round %d lens %d pattern %d", round, L, j);
      }
      bs_pdb_idx x;
      uint32_t words[BS_MAX_WORDS];
      bs_pack(&b, words);
      cr_assert_eq(bs_pdb_eval(&V, b.cell, &x), want, "round %d board %d", round, k);
      uint8_t at[BS_MAX_CELLS];
      cr_assert_eq(bs_pdb_eval_at(&V, &g, words, at, &x), want, "round %d board %d packed", round, k);
    }
    bs_pdb_free(&P);
  }
}

/* Tables of `bytes` (automatic partition) built on `threads` threads for
 * the layout of a random w x h board with `walls` walls; *start is the
 * board, *goal its goal. */
static void random_tables(uint64_t *seed, int w, int h, int walls, size_t bytes, int threads, bs_board *start,
                          bs_board *goal, bs_pdb *P) {
  *start = bs_rand_board(seed, w, h, walls);
  bs_goal(start, goal);
  bs_pdb_part part;
  cr_assert_eq(bs_pdb_part_auto(goal, bytes, &part), 0);
  bs_pdb_info info;
  cr_assert_eq(bs_pdb_build(P, goal, &part, threads, NULL, &info), 0);
  cr_assert_leq(info.bytes, bytes);
}

/* A build in a room (bs_pdb_room) writes the same tables as one on the
 * heap: a room too small for any table's marks; one that holds the
 * largest table's marks and counts but not its levels, which move to the
 * heap (asked for two threads, the build runs on one rather than give
 * each half, too small); and an ample one. Both are used, not left
 * untouched. */
Test(pdb, a_room_builds_the_same_tables) {
  uint64_t seed = 23;
  static char mem[8 << 20];
  for (int round = 0; round < 6; round++) {
    bs_board t, goal;
    bs_pdb P;
    random_tables(&seed, 4 + round % 3, 6 - round % 2, round % 2 ? 4 : 0, (size_t)1 << 19, 1, &t, &goal, &P);
    bs_pdb_part part = P.part;
    bs_pdb_info info;
    const size_t sizes[] = {4096, 900 * 1024, sizeof mem};
    for (int k = 0; k < 3; k++)
      for (int threads = 1; threads <= 2; threads++) {
        memset(mem, 0x5a, sizeof mem);
        bs_pdb M;
        /* From an odd address: the build aligns the marks itself. */
        cr_assert_eq(bs_pdb_build(&M, &goal, &part, threads, &(bs_pdb_room){mem + 1, sizes[k] - 1}, &info), 0);
        cr_assert_eq(M.bytes, P.bytes);
        cr_assert(!memcmp(M.mem, P.mem, P.bytes), "round %d room %zu threads %d", round, sizes[k], threads);
        if (k >= 1)
          cr_assert_neq(mem[64], 0x5a, "round %d room %zu threads %d: unused", round, sizes[k], threads);
        bs_pdb_free(&M);
      }
    bs_pdb_free(&P);
  }
}

/* Round `round` of the tests below: a board up to 6x6, with walls every
 * other round, its goal, tables with an automatic partition, and g. */
static void big_round(uint64_t *seed, int round, bs_board *start, bs_board *goal, bs_pdb *P, bs_geom *g) {
  random_tables(seed, 3 + round % 4, 6 - round % 3, round % 2 ? 5 : 0, (size_t)1 << 19, 1 + round % 2, start, goal, P);
  bs_geom_init(g, goal);
}

/* Random walks on boards up to 6x6 with walls, automatic partitions: the
 * O(1) step, apply and its undo, and the packed form all agree with a full
 * recount; the goal's h is 0 and other boards' is not. */
Test(pdb, steps_match_recounts_on_big_boards) {
  uint64_t seed = 9;
  for (int round = 0; round < 12; round++) {
    bs_board start, goal;
    bs_pdb P;
    bs_geom g;
    big_round(&seed, round, &start, &goal, &P, &g);
    for (int side = 0; side < 2; side++) {
      bs_pdb_view V;
      cr_assert_eq(bs_pdb_view_init(&V, &P, side ? &start : &goal, 1), 0);
      bs_pdb_idx x, y;
      bs_board b = side ? goal : start;
      int hb = bs_pdb_eval(&V, b.cell, &x);
      cr_assert_eq(bs_pdb_eval(&V, side ? start.cell : goal.cell, &y), 0, "round %d side %d", round, side);
      for (int step = 0; step < 300; step++) {
        int d = bs_rand_below(&seed, 4), q = g.nb[b.blank][d];
        if (q < 0) continue;
        unsigned v = b.cell[q];
        int p = b.blank, hc = bs_pdb_child(&V, &x, v, p, q);
        bs_pdb_idx keep = x;
        cr_assert_eq(bs_pdb_apply(&V, &x, v, p, q), hc);
        cr_assert_eq(bs_pdb_apply(&V, &x, v, q, p), hb, "undo");
        cr_assert_eq(memcmp(&keep, &x, sizeof x), 0, "undo restores every index");
        bs_pdb_apply(&V, &x, v, p, q);
        bs_move(&b, d);
        uint32_t words[BS_MAX_WORDS];
        bs_pack(&b, words);
        cr_assert_eq(bs_pdb_eval(&V, b.cell, &y), hc, "round %d side %d step %d", round, side, step);
        uint8_t at[BS_MAX_CELLS];
        cr_assert_eq(bs_pdb_eval_at(&V, &g, words, at, &y), hc);
        hb = hc;
      }
    }
    bs_pdb_free(&P);
  }
}

/* bs_pdb_eval_at (the engine's: each tile's cell unpacked into the last
 * board's array, the indices summed from tabled shares) against
 * bs_pdb_eval from the cells, from board to board of a sequence a beam
 * could expand in turn: the next a move or two away (siblings, cousins),
 * or a random walk away (a parent of another branch), or the same board.
 * Indices, entries, sums, h and cells all agree. */
Test(pdb, evaluations_along_a_walk_match_recounts) {
  uint64_t seed = 31;
  int reflected = 0;
  for (int round = 0; round < 12; round++) {
    bs_board start, goal;
    bs_pdb P;
    bs_geom g;
    big_round(&seed, round, &start, &goal, &P, &g);
    for (int side = 0; side < 2; side++) {
      bs_pdb_view V;
      cr_assert_eq(bs_pdb_view_init(&V, &P, side ? &start : &goal, 1), 0);
      reflected += V.nlens > 1;
      bs_board b = side ? goal : start;
      uint32_t words[BS_MAX_WORDS];
      uint8_t at[BS_MAX_CELLS];
      bs_pdb_idx x, full;
      int far = 0;
      for (int step = 0; step < 400; step++) {
        const int moves = (int)bs_rand_below(&seed, 8) < 6 ? (int)bs_rand_below(&seed, 3) : 20 + (int)bs_rand_below(&seed, 80);
        for (int m = 0; m < moves; m++) {
          int d = bs_rand_below(&seed, 4);
          if (g.nb[b.blank][d] >= 0) bs_move(&b, d);
        }
        far += moves >= 20;
        bs_pack(&b, words);
        const int h = bs_pdb_eval_at(&V, &g, words, at, &x);
        cr_assert_eq(h, bs_pdb_eval(&V, b.cell, &full), "round %d side %d step %d", round, side, step);
        for (int L = 0; L < V.nlens; L++) {
          cr_assert_eq(x.sum[L], full.sum[L], "round %d side %d step %d lens %d", round, side, step, L);
          for (int j = 0; j < V.npat; j++) {
            cr_assert_eq(x.i[L][j], full.i[L][j], "round %d step %d lens %d pattern %d", round, step, L, j);
            cr_assert_eq(x.e[L][j], full.e[L][j]);
          }
        }
        for (int c = 0; c < g.n; c++)
          if (b.cell[c]) cr_assert_eq(at[b.cell[c]], c, "round %d step %d cell %d", round, step, c);
      }
      cr_assert_gt(far, 50, "the sequence jumps too");
    }
    bs_pdb_free(&P);
  }
  cr_assert_gt(reflected, 0, "the transposed lens too");
}

/* The sizes of part's patterns, e.g. "6-6-3" (one-tile ones too). */
static void sizes_of(const bs_board *layout, const bs_pdb_part *part, char sizes[BS_PDB_SPEC]) {
  char text[BS_PDB_SPEC];
  bs_pdb_part_format(layout, part, text);
  int k = 0, run = 0;
  for (const char *s = text;; s++) {
    if (*s && *s != '/') {
      run++;
      continue;
    }
    k += snprintf(sizes + k, BS_PDB_SPEC - (size_t)k, "%s%d", k ? "-" : "", run);
    run = 0;
    if (!*s) break;
  }
}

Test(pdb, partitions) {
  bs_board g44 = goal_of(4, 4, 0), g66 = goal_of(6, 6, 0);
  bs_pdb_part part;
  char err[128], text[BS_PDB_SPEC];
  cr_assert_eq(bs_pdb_part_parse(&g44, OPEN_663, &part, err, sizeof err), 0);
  bs_pdb_part_format(&g44, &part, text);
  cr_assert_str_eq(text, OPEN_663);
  cr_assert_eq(part.npat, 4); /* and the blank's cell */
  cr_assert_eq(bs_pdb_bytes_for(&g44, &part), 2 * (16777216 + 6 * 1048576) + 4096 + 3 * 256 + 16 + 1);
  /* A pattern that fences a cell in keeps a table for each side. */
  cr_assert_eq(bs_pdb_part_parse(&g44, P663, &part, err, sizeof err), 0);
  cr_assert_eq(bs_pdb_bytes_for(&g44, &part), 3 * 16777216 + 12 * 1048576 + 4096 + 3 * 256 + 16 + 1);
  /* Tiles left out get patterns of their own, in order. */
  cr_assert_eq(bs_pdb_part_parse(&g44, "FE", &part, err, sizeof err), 0);
  bs_pdb_part_format(&g44, &part, text);
  cr_assert_str_eq(text, "1/2/3/4/5/6/7/8/9/A/B/C/D/EF");
  const char *bad[] = {"12/21", "1//2", "/12", "12/", "1G", "1x", "123456789", "0"};
  const char *says[] = {"twice", "empty", "empty", "empty", "not on this", "no tile", "more than", "no tile"};
  for (int i = 0; i < 8; i++) {
    err[0] = 0;
    cr_assert_eq(bs_pdb_part_parse(&g44, bad[i], &part, err, sizeof err), -1, "%s", bad[i]);
    cr_assert(strstr(err, says[i]), "%s: %s", bad[i], err);
  }
  bs_board walled = goal_of(4, 4, 1ull << 5);
  cr_assert_eq(bs_pdb_part_parse(&walled, "16", &part, err, sizeof err), -1);
  cr_assert(strstr(err, "is a wall"), "%s", err);
  /* 36^7 entries do not fit a 32-bit index; 36^6 do, but not with the 36
   * bits of the blank's component beside them in a state of the build. */
  cr_assert_eq(bs_pdb_part_parse(&g66, "1234567", &part, err, sizeof err), -1);
  cr_assert_eq(bs_pdb_part_parse(&g66, "123456", &part, err, sizeof err), -1);
  cr_assert_eq(bs_pdb_part_parse(&g66, "12345", &part, err, sizeof err), 0);
  cr_assert_gt(bs_pdb_bytes_for(&g66, &part), (size_t)60466176);
  /* A budget past them all still gets a partition: 5 tiles at most. */
  cr_assert_eq(bs_pdb_part_auto(&g66, (size_t)1 << 44, &part), 0);
  cr_assert_gt(bs_pdb_bytes_for(&g66, &part), 0);
  for (int c = 0; c < g66.n; c++) {
    int k = 0;
    for (int d = 0; d < g66.n; d++) k += part.of[d] == part.of[c];
    cr_assert_leq(k, 5, "cell %d", c);
  }
  /* Budgets: Korf and Felner's sizes where they fit. */
  struct { size_t budget; const char *sizes; } want[] = {
      {(size_t)64 << 20, "6-6-3"}, {(size_t)40 << 20, "6-5-4"}, {(size_t)16 << 20, "5-5-5"},
      {16 * 17, "1-1-1-1-1-1-1-1-1-1-1-1-1-1-1"}};
  for (int i = 0; i < 4; i++) {
    cr_assert_eq(bs_pdb_part_auto(&g44, want[i].budget, &part), 0);
    cr_assert_leq(bs_pdb_bytes_for(&g44, &part), want[i].budget);
    char sizes[BS_PDB_SPEC];
    sizes_of(&g44, &part, sizes);
    cr_assert_str_eq(sizes, want[i].sizes, "budget %zu: %s", want[i].budget, sizes);
  }
  cr_assert_eq(bs_pdb_part_auto(&g44, 16 * 17 - 1, &part), -1); /* 16 tables of 16 + 1 bytes */
  /* Automatic patterns are compact: on the plain 4x4, the first is a 2x3 block. */
  cr_assert_eq(bs_pdb_part_auto(&g44, (size_t)64 << 20, &part), 0);
  bs_pdb_part_format(&g44, &part, text);
  cr_assert_str_eq(text, "123567/48ABCF/9DE");
  /* Every size and wall count gets a partition within its budget. */
  uint64_t seed = 3;
  int fitted = 0;
  for (int round = 0; round < 200; round++) {
    bs_board b = bs_rand_board(&seed, 2 + round % 5, 2 + round / 5 % 5, round % 7), goal;
    bs_goal(&b, &goal);
    size_t budget = (size_t)1 << (12 + round % 15);
    if (bs_pdb_part_auto(&goal, budget, &part)) continue;
    fitted++;
    size_t bytes = bs_pdb_bytes_for(&goal, &part);
    cr_assert(bytes > 0 && bytes <= budget, "round %d: %zu bytes for %zu", round, bytes, budget);
    cr_assert_eq(part.of[goal.n - 1], part.npat - 1, "round %d: the blank's cell alone, last", round);
  }
  cr_assert_gt(fitted, 100, "only %d of 200 rounds had a partition within their budget", fitted);
}

/* A 6x6 with 5 walls (31 open cells; a board of the real set) and 1 MiB:
 * 3-tile patterns for every tile take 357 KB, one 4-tile pattern 1.04 MB.
 * Grown greedily, the first pattern took 4 tiles and left the other 26
 * one or two to a pattern, and its table most of the build's time.
 * Balanced, a pattern is larger than the size that covers every tile
 * only where the rest keep that size: here none, and with 16 MiB, 4
 * tiles each. */
Test(pdb, no_pattern_starves_the_others) {
  bs_board b, goal;
  char err[128], sizes[BS_PDB_SPEC];
  const char *text = "6,6,=823BUP7=4CHJ==6INLRGO5ZV0KA=YWDSQMX";
  cr_assert_eq(bs_board_parse(text, strlen(text), &b, err, sizeof err), 0, "%s", err);
  bs_goal(&b, &goal);
  bs_pdb_part part;
  cr_assert_eq(bs_pdb_part_auto(&goal, (size_t)1 << 20, &part), 0);
  sizes_of(&goal, &part, sizes);
  cr_assert_str_eq(sizes, "3-3-3-3-3-3-3-3-3-3");
  cr_assert_leq(bs_pdb_bytes_for(&goal, &part), (size_t)1 << 20);
  cr_assert_eq(bs_pdb_part_auto(&goal, (size_t)16 << 20, &part), 0);
  sizes_of(&goal, &part, sizes);
  cr_assert_str_eq(sizes, "4-4-4-4-4-4-4-2");
  /* Where a larger first pattern leaves the rest their size, it stays:
   * the plain 5x5 at 1 MiB. */
  bs_board g55 = goal_of(5, 5, 0);
  cr_assert_eq(bs_pdb_part_auto(&g55, (size_t)1 << 20, &part), 0);
  sizes_of(&g55, &part, sizes);
  cr_assert_str_eq(sizes, "4-4-3-3-3-3-3-1");
}

Test(pdb, views_refuse_boards_of_other_layouts) {
  bs_board goal = goal_of(4, 4, 1ull << 6);
  bs_pdb P;
  build(&P, &goal, "1234/89AB");
  bs_pdb_view V;
  cr_assert_eq(bs_pdb_view_init(&V, &P, &goal, 1), 0);
  cr_assert_eq(V.nlens, 1, "walls not symmetric: no reflection");
  bs_board b = goal_of(4, 4, 0);
  cr_assert_eq(bs_pdb_view_init(&V, &P, &b, 0), -1, "other walls");
  b = goal_of(4, 3, 1ull << 6);
  cr_assert_eq(bs_pdb_view_init(&V, &P, &b, 0), -1, "other size");
  b = goal;
  b.cell[0] = 2; /* tile 2 twice */
  cr_assert_eq(bs_pdb_view_init(&V, &P, &b, 0), -1, "a tile twice");
  b = goal;
  b.cell[0] = 7; /* the wall's number on an open cell */
  cr_assert_eq(bs_pdb_view_init(&V, &P, &b, 0), -1, "a wall's tile");
  b = goal;
  b.blank = 3;
  cr_assert_eq(bs_pdb_view_init(&V, &P, &b, 0), -1, "the blank elsewhere");
  bs_pdb_free(&P);
}

/* ---- the cache --------------------------------------------------------- */

static char *temp_dir(void) {
  const char *t = getenv("TMPDIR");
  char *dir = malloc(4096);
  cr_assert_not_null(dir);
  snprintf(dir, 4096, "%s/bs_pdb_XXXXXX", t && *t ? t : "/tmp");
  cr_assert_not_null(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
  return dir;
}

static void drop_dir(char *dir) {
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  cr_assert_eq(system(cmd), 0);
  free(dir);
}

/* Loads or builds spec on layout through dir; checks the status and that
 * the tables equal a build in memory. Returns the info. */
static bs_pdb_info through(const bs_board *layout, const char *spec, const char *dir, int status,
                           const char *why) {
  bs_pdb_part part;
  char err[128];
  cr_assert_eq(bs_pdb_part_parse(layout, spec, &part, err, sizeof err), 0);
  bs_pdb P, M;
  bs_pdb_info info, minfo;
  cr_assert_eq(bs_pdb_load_or_build(&P, layout, &part, dir, 0, NULL, &info), 0);
  cr_assert_eq(info.status, status, "%s: %s, not %s (%s)", spec, bs_pdb_status_name(info.status),
               bs_pdb_status_name(status), info.why);
  if (why) cr_assert(strstr(info.why, why), "'%s' does not say '%s'", info.why, why);
  cr_assert_eq(bs_pdb_build(&M, layout, &part, 1, NULL, &minfo), 0);
  cr_assert_eq(P.bytes, M.bytes);
  cr_assert_eq(memcmp(P.mem, M.mem, P.bytes), 0, "the tables differ from a fresh build");
  bs_pdb_free(&P);
  bs_pdb_free(&M);
  return info;
}

/* Overwrites len bytes at off of path, or truncates it to len when data
 * is NULL. */
static void poke(const char *path, long off, const void *data, size_t len) {
  if (!data) {
    cr_assert_eq(truncate(path, (off_t)len), 0);
    return;
  }
  FILE *f = fopen(path, "r+b");
  cr_assert_not_null(f);
  cr_assert_eq(fseek(f, off, SEEK_SET), 0);
  cr_assert_eq(fwrite(data, 1, len, f), len);
  fclose(f);
}

static long file_size(const char *path) {
  struct stat st;
  cr_assert_eq(stat(path, &st), 0, "%s: %s", path, strerror(errno));
  return (long)st.st_size;
}

/* Inverts the byte at off of path. */
static void flip(const char *path, long off) {
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f);
  cr_assert_eq(fseek(f, off, SEEK_SET), 0);
  uint8_t x = (uint8_t)~fgetc(f);
  fclose(f);
  poke(path, off, &x, 1);
}

Test(pdb, cache_round_trip_and_bad_files) {
  char *dir = temp_dir(), sub[4200];
  snprintf(sub, sizeof sub, "%s/a/b", dir); /* created on the way */
  bs_board g33 = goal_of(3, 3, 0);
  bs_pdb_info info = through(&g33, "1245/3678", sub, BS_PDB_BUILT, NULL);
  const char *path = info.path;
  char keep[4096];
  snprintf(keep, sizeof keep, "%s", path);
  cr_assert_eq(file_size(keep), 88 + (long)info.bytes);
  through(&g33, "1245/3678", sub, BS_PDB_LOADED, NULL);
  /* A flipped byte in the tables, then in each header field. */
  flip(keep, file_size(keep) - 1000);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "checksum");
  through(&g33, "1245/3678", sub, BS_PDB_LOADED, NULL); /* replaced for good */
  struct { long off; const char *why; } field[] = {
      {0, "not a bislide"}, {8, "version"}, {12, "not a bislide"}, {16, "another layout"},
      {24, "another layout"}, {32, "another layout"}, {68, "another layout"}, {72, "another layout"},
      {80, "checksum"}};
  for (int i = 0; i < 9; i++) {
    flip(keep, field[i].off);
    through(&g33, "1245/3678", sub, BS_PDB_REPLACED, field[i].why);
  }
  /* Short, empty, long, garbage of the right size. */
  poke(keep, 0, NULL, 88 + info.bytes / 2);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "bytes");
  poke(keep, 0, NULL, 0);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "bytes");
  poke(keep, 0, NULL, 50);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "bytes");
  FILE *f = fopen(keep, "ab");
  fputc(0, f);
  fclose(f);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "bytes");
  uint64_t seed = 1;
  uint8_t junk[4096];
  for (size_t i = 0; i < sizeof junk; i++) junk[i] = (uint8_t)bs_rand(&seed);
  for (long off = 0; off < file_size(keep); off += sizeof junk)
    poke(keep, off, junk, (size_t)(file_size(keep) - off < (long)sizeof junk ? file_size(keep) - off : (long)sizeof junk));
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "not a bislide");
  /* The file of another partition, or of another layout with as many open
   * cells, under this one's name: same size, never trusted. */
  bs_pdb_info other = through(&g33, "1234/5678", sub, BS_PDB_BUILT, NULL);
  cr_assert_str_neq(other.path, keep);
  char cmd[9000];
  snprintf(cmd, sizeof cmd, "cp '%s' '%s'", other.path, keep);
  cr_assert_eq(system(cmd), 0);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "another layout");
  bs_board g43 = goal_of(4, 3, 1ull << 0 | 1ull << 4 | 1ull << 8); /* the same 3x3 block, walled in */
  other = through(&g43, "2367/48AB", sub, BS_PDB_BUILT, NULL);
  snprintf(cmd, sizeof cmd, "cp '%s' '%s'", other.path, keep);
  cr_assert_eq(system(cmd), 0);
  through(&g33, "1245/3678", sub, BS_PDB_REPLACED, "another layout");
  /* Nothing left behind but the three files. */
  snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq 3", sub);
  cr_assert_eq(system(cmd), 0, "temporary files left in %s", sub);
  drop_dir(dir);
}

Test(pdb, cache_unwritable_directory) {
  char *dir = temp_dir(), file[4200], under[4300];
  snprintf(file, sizeof file, "%s/plain", dir);
  FILE *f = fopen(file, "w");
  cr_assert_not_null(f);
  fclose(f);
  /* A directory below a plain file can never be made, even by root. */
  snprintf(under, sizeof under, "%s/cache", file);
  bs_board g33 = goal_of(3, 3, 0);
  bs_pdb_info info = through(&g33, "1245/3678", under, BS_PDB_UNSAVED, "Not a directory");
  cr_assert_gt(info.bytes, 0);
  through(&g33, "1245/3678", "/dev/null", BS_PDB_UNSAVED, NULL);
  char *deep = malloc(5000);
  cr_assert_not_null(deep);
  memset(deep, 'd', 4999);
  deep[0] = '/';
  deep[4999] = 0;
  through(&g33, "1245/3678", deep, BS_PDB_UNSAVED, "too long");
  free(deep);
  through(&g33, "1245/3678", NULL, BS_PDB_MEMORY, NULL);
  drop_dir(dir);
}

/* What is at the file's path may be no file: a FIFO must not block the
 * load (no writer would ever come), a directory must not stop the build.
 * The process counts such faults, and the first one's words, for the
 * command to say once; the CLI says it on stderr. */
Test(pdb, cache_paths_that_are_no_file, .timeout = 60) {
  char *dir = temp_dir(), where[4200];
  bs_board g33 = goal_of(3, 3, 0);
  char first[4400];
  cr_assert_eq(bs_pdb_cache_faults(first, sizeof first), 0);
  bs_pdb_info info = through(&g33, "1245/3678", dir, BS_PDB_BUILT, NULL);
  snprintf(where, sizeof where, "%s", info.path);
  cr_assert_eq(bs_pdb_cache_faults(first, sizeof first), 0, "a first build is no fault");
  cr_assert_eq(unlink(where), 0);
  cr_assert_eq(mkfifo(where, 0600), 0, "mkfifo: %s", strerror(errno));
  through(&g33, "1245/3678", dir, BS_PDB_REPLACED, "not a regular file");
  struct stat st;
  cr_assert(!stat(where, &st) && S_ISREG(st.st_mode), "the FIFO was replaced by the tables");
  cr_assert_eq(bs_pdb_cache_faults(first, sizeof first), 1);
  char want[4400];
  snprintf(want, sizeof want, "%s: built again: not a regular file", where);
  cr_assert_str_eq(first, want);
  cr_assert_eq(unlink(where), 0);
  cr_assert_eq(mkdir(where, 0700), 0);
  through(&g33, "1245/3678", dir, BS_PDB_UNSAVED, "not a regular file; cannot rename");
  cr_assert_eq(bs_pdb_cache_faults(first, sizeof first), 2);
  cr_assert_str_eq(first, want, "the first fault's words stay");

  /* The command says it once at its end, with the count of the others. */
  cr_assert_eq(setenv("XDG_CACHE_HOME", dir, 1), 0);
  char cache[4200], cmd[9000];
  snprintf(cache, sizeof cache, "%s/bislide", dir);
  cr_assert_eq(mkdir(cache, 0700), 0);
  bs_proc p;
  bs_run(&p, NULL, "solve", "--exact", "--board", "3,3,867254301", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_null(strstr(p.err, "pattern database cache"), "a good cache says nothing: %s", p.err);
  bs_proc_free(&p);
  snprintf(cmd, sizeof cmd, "for f in '%s'/pdb-*.bin; do printf X | dd of=\"$f\" bs=1 seek=5000 conv=notrunc 2>/dev/null; done", cache);
  cr_assert_eq(system(cmd), 0);
  bs_run(&p, NULL, "solve", "--exact", "--board", "3,3,867254301", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "bislide solve: pattern database cache: "), "%s", p.err);
  cr_assert_not_null(strstr(p.err, ": built again: checksum mismatch"), "%s", p.err);
  const char *once = strstr(p.err, "pattern database cache");
  cr_assert_null(strstr(once + 1, "pattern database cache"), "said once: %s", p.err);
  bs_proc_free(&p);
  unsetenv("XDG_CACHE_HOME");
  drop_dir(dir);
}

Test(pdb, default_dir) {
  char buf[4096];
  setenv("XDG_CACHE_HOME", "/x/cache", 1);
  setenv("HOME", "/home/h", 1);
  cr_assert_eq(bs_pdb_default_dir(buf, sizeof buf), 0);
  cr_assert_str_eq(buf, "/x/cache/bislide");
  setenv("XDG_CACHE_HOME", "relative", 1); /* ignored, as the XDG spec says */
  cr_assert_eq(bs_pdb_default_dir(buf, sizeof buf), 0);
  cr_assert_str_eq(buf, "/home/h/.cache/bislide");
  unsetenv("XDG_CACHE_HOME");
  cr_assert_eq(bs_pdb_default_dir(buf, sizeof buf), 0);
  cr_assert_str_eq(buf, "/home/h/.cache/bislide");
  cr_assert_eq(bs_pdb_default_dir(buf, 10), -1);
  unsetenv("HOME");
  cr_assert_eq(bs_pdb_default_dir(buf, sizeof buf), -1);
}

/* ---- optimal lengths with a small IDA* --------------------------------- */

/* Iterative deepening A* (Korf 1985) with the view's h, applied and undone
 * in O(1) a move. With these tables h is 0 only when every tile is home. */
typedef struct ida {
  const bs_pdb_view *V;
  bs_geom g;
  uint8_t cell[BS_MAX_CELLS];
  int blank, bound, next;
  bs_pdb_idx x;
  uint64_t nodes;
  char moves[MAX_DEPTH + 1];
} ida;

static int dfs(ida *I, int depth, int h, int last) {
  if (depth + h > I->bound) {
    if (depth + h < I->next) I->next = depth + h;
    return 0;
  }
  if (!h) {
    I->moves[depth] = 0;
    return 1;
  }
  for (int d = 0; d < 4; d++) {
    int p = I->blank, q = I->g.nb[p][d];
    if (q < 0 || d == (last ^ 1)) continue;
    unsigned v = I->cell[q];
    int hc = bs_pdb_apply(I->V, &I->x, v, p, q);
    I->cell[p] = (uint8_t)v;
    I->cell[q] = 0;
    I->blank = q;
    I->nodes++;
    I->moves[depth] = bs_dir_chars[d];
    if (dfs(I, depth + 1, hc, d)) return 1;
    bs_pdb_apply(I->V, &I->x, v, q, p);
    I->cell[q] = (uint8_t)v;
    I->cell[p] = 0;
    I->blank = p;
  }
  return 0;
}

/* The optimal length of b toward the goal of V; the answer is checked by
 * replaying it. */
static int ida_solve(const bs_pdb_view *V, const bs_board *b, uint64_t *nodes) {
  ida *I = calloc(1, sizeof *I);
  cr_assert_not_null(I);
  I->V = V;
  bs_geom_init(&I->g, b);
  memcpy(I->cell, b->cell, sizeof I->cell);
  I->blank = b->blank;
  int h = bs_pdb_eval(V, b->cell, &I->x);
  for (I->bound = h;; I->bound = I->next) {
    I->next = MAX_DEPTH + 1;
    if (dfs(I, 0, h, -1)) break;
    cr_assert_leq(I->next, MAX_DEPTH, "no answer within %d moves", MAX_DEPTH);
  }
  bs_board x = *b;
  for (const char *m = I->moves; *m; m++) cr_assert(bs_move(&x, bs_dir_from_char(*m)));
  cr_assert(bs_is_goal(&x), "the answer %s does not reach the goal", I->moves);
  int len = (int)strlen(I->moves);
  *nodes += I->nodes;
  free(I);
  return len;
}

typedef struct korf {
  bs_set set;
  int optimal[100];
} korf;

/* Korf's 100 instances and their published optimal lengths; 0 (after
 * cr_skip) when not run from the top directory. */
static int korf_load(korf *K) {
  FILE *f = fopen(KORF_LENGTHS, "r");
  if (!f) return 0;
  int n = 0;
  while (n < 100 && fscanf(f, "%d", &K->optimal[n]) == 1) n++;
  fclose(f);
  cr_assert_eq(n, 100);
  cr_assert_eq(bs_set_read(KORF_SET, &K->set, stderr), 0);
  cr_assert_eq(K->set.n, 100);
  return 1;
}

/* The four shortest of Korf's 100 solve by IDA* on these tables to their
 * published lengths, and the tables bound all 100 by them, both ways. */
Test(pdb, korf_shortest_solve_and_every_bound_holds) {
  korf K;
  if (!korf_load(&K)) cr_skip_test("run from the top directory (make test) to read " KORF_SET);
  int sum = 0;
  for (int i = 0; i < 100; i++) sum += K.optimal[i];
  cr_assert_eq(sum, 5305, "the published lengths sum to 5,305");
  cr_assert_eq(K.set.limit[0], 5305);
  bs_board goal;
  bs_goal(&K.set.e[0].board, &goal);
  bs_pdb P;
  build(&P, &goal, P555);
  bs_pdb_view V;
  cr_assert_eq(bs_pdb_view_init(&V, &P, &goal, 1), 0);
  cr_assert_eq(V.nlens, 2);
  /* The shortest of the 100 (numbers 55, 16, 42 and 79: 41, 42, 42, 42
   * moves), and every instance's h below its length, both ways. */
  const int easy[] = {55, 16, 42, 79};
  uint64_t nodes = 0;
  for (int i = 0; i < 4; i++) {
    const bs_board *b = &K.set.e[easy[i] - 1].board;
    cr_assert_eq(ida_solve(&V, b, &nodes), K.optimal[easy[i] - 1], "instance %d", easy[i]);
  }
  for (int i = 0; i < 100; i++) {
    bs_pdb_idx x;
    const char *why;
    cr_assert_eq(bs_solvability(&K.set.e[i].board, &why), BS_SOLVABLE);
    cr_assert_leq(bs_pdb_eval(&V, K.set.e[i].board.cell, &x), K.optimal[i]);
    bs_pdb_view B;
    cr_assert_eq(bs_pdb_view_init(&B, &P, &K.set.e[i].board, 1), 0);
    cr_assert_leq(bs_pdb_eval(&B, goal.cell, &x), K.optimal[i]);
  }
  bs_pdb_free(&P);
  bs_set_free(&K.set);
}

/* The cache keeps at most its cap: the files least recently used go first,
 * never the one just saved, and nothing but its own files is touched. */
Test(pdb_cache, trim_drops_the_least_recently_used) {
  char *dir = bs_test_dir("bs_pdbcache");
  static const char *const names[] = {"pdb-3x3-a.bin", "pdb-3x3-b.bin", "pdb-3x3-c.bin", "other.txt"};
  for (int i = 0; i < 4; i++) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    for (int k = 0; k < (i == 3 ? 1000 : 100); k++) fputc('x', f);
    fclose(f);
    struct timespec t[2] = {{1000000 + 10 * i, 0}, {1000000 + 10 * i, 0}}; /* a is the oldest */
    cr_assert_eq(utimensat(AT_FDCWD, path, t, 0), 0);
  }
  cr_assert_eq(bs_pdb_cache_trim(dir, 1000, NULL), 300, "under the cap: nothing goes");
  cr_assert_eq(bs_pdb_cache_trim(dir, 200, "pdb-3x3-a.bin"), 200, "down to the cap exactly: one goes");
  char path[4200];
  for (int i = 0; i < 4; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    cr_assert_eq(access(path, F_OK) == 0, i != 1, "%s", names[i]);
  }
  cr_assert_eq(bs_pdb_cache_trim(dir, 0, NULL), 0);
  for (int i = 0; i < 4; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    if (i == 3) cr_assert_eq(unlink(path), 0, "other.txt went");
    else cr_assert_neq(access(path, F_OK), 0, "%s stayed", names[i]);
  }
  /* A killed save's temporary file goes once it is stale, whatever the
   * cap; one written within BS_PDB_TEMP_STALE seconds may be a save in
   * progress, and stays. */
  static const char *const temps[] = {".pdb-killed", ".pdb-saving"};
  for (int i = 0; i < 2; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, temps[i]);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fputs("half a table", f);
    fclose(f);
  }
  snprintf(path, sizeof path, "%s/%s", dir, temps[0]);
  const time_t old = time(NULL) - BS_PDB_TEMP_STALE - 60;
  struct timespec t[2] = {{old, 0}, {old, 0}};
  cr_assert_eq(utimensat(AT_FDCWD, path, t, 0), 0);
  cr_assert_eq(bs_pdb_cache_trim(dir, 1ull << 40, NULL), 0);
  cr_assert_neq(access(path, F_OK), 0, "the stale temporary file stayed");
  snprintf(path, sizeof path, "%s/%s", dir, temps[1]);
  cr_assert_eq(unlink(path), 0, "the fresh temporary file went");
  cr_assert_eq(rmdir(dir), 0);
  free(dir);
}
