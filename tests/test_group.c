/* Tests of bs_group: Schreier-Sims against a brute-force closure (every
 * element listed by a breadth-first search over products) on known and
 * random groups; membership of every permutation of small point sets;
 * orbits, element orders, uniform random elements, new bases, stabilizer
 * comparison; and the puzzle groups of board regions. */
#include "bs_test.h"

#include "bs_group.h"

/* ---- brute force ---------------------------------------------------------- */

#define PACK_POINTS 16 /* 4 bits a point */

static uint64_t pack(const uint8_t *p) {
  uint64_t k = 0;
  for (int i = 0; i < PACK_POINTS; i++) k |= (uint64_t)p[i] << (4 * i);
  return k;
}

static void unpack(uint64_t k, uint8_t *p) {
  bs_perm_identity(p);
  for (int i = 0; i < PACK_POINTS; i++) p[i] = (uint8_t)(k >> (4 * i) & 15);
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Every element of <gens> (points below PACK_POINTS), sorted. */
typedef struct closure {
  uint64_t *key;
  size_t n;
} closure;

static int in_closure(const closure *c, const uint8_t *p) {
  for (int i = PACK_POINTS; i < BS_MAX_CELLS; i++)
    if (p[i] != i) return 0;
  uint64_t k = pack(p);
  return bsearch(&k, c->key, c->n, sizeof k, cmp_u64) != NULL;
}

static void close_under(closure *c, const bs_perm *gens, int k, size_t most) {
  uint64_t *list = malloc(most * sizeof *list);
  size_t cap = 1;
  while (cap < 4 * most) cap *= 2;
  uint64_t *table = calloc(cap, sizeof *table); /* open addressing; key + 1, 0 empty */
  cr_assert(list && table);
  bs_perm id, p, q;
  bs_perm_identity(id);
  size_t n = 0;
  list[n++] = pack(id);
  table[(pack(id) * 0x9e3779b97f4a7c15ull) & (cap - 1)] = pack(id) + 1;
  for (size_t head = 0; head < n; head++) {
    unpack(list[head], p);
    for (int g = 0; g < k; g++) {
      bs_perm_compose(q, p, gens[g]);
      uint64_t key = pack(q);
      size_t i = (key * 0x9e3779b97f4a7c15ull) & (cap - 1);
      while (table[i] && table[i] != key + 1) i = (i + 1) & (cap - 1);
      if (table[i]) continue;
      cr_assert_lt(n, most, "the group has more than %zu elements", most);
      table[i] = key + 1;
      list[n++] = key;
    }
  }
  free(table);
  qsort(list, n, sizeof *list, cmp_u64);
  c->key = list;
  c->n = n;
}

/* A permutation from cycles written like "(0 1 2)(3 4)". */
static void perm(const char *cycles, uint8_t *p) {
  bs_perm_identity(p);
  const char *s = cycles;
  while ((s = strchr(s, '('))) {
    int pts[BS_MAX_CELLS], k = 0;
    char *end;
    s++;
    while (*s != ')') {
      pts[k++] = (int)strtol(s, &end, 10);
      s = end;
      while (*s == ' ') s++;
    }
    for (int i = 0; i < k; i++) p[pts[i]] = (uint8_t)pts[(i + 1) % k];
  }
}

static uint64_t moved_by(const bs_perm *gens, int k) {
  uint64_t m = 0;
  for (int g = 0; g < k; g++)
    for (int x = 0; x < BS_MAX_CELLS; x++)
      if (gens[g][x] != x) m |= 1ull << x;
  return m;
}

static bs_group G, H;

/* Builds <gens> and checks it against the closure: the order, the orbits
 * and, for at most 8 points, membership of every permutation of them. */
static void check_group(const char *name, const bs_perm *gens, int k, size_t want, size_t most) {
  uint64_t points = moved_by(gens, k);
  bs_group_build(&G, gens, k, points, NULL, 0, NULL);
  closure c;
  close_under(&c, gens, k, most);
  if (want) cr_assert_eq(c.n, want, "%s: brute force says %zu", name, c.n);
  cr_assert_eq(bs_group_order(&G), (double)c.n, "%s: order %.0f, brute force %zu", name, bs_group_order(&G),
               c.n);
  for (size_t i = 0; i < c.n; i += 1 + c.n / 500) { /* members */
    bs_perm p;
    unpack(c.key[i], p);
    cr_assert(bs_group_contains(&G, p), "%s: element %zu", name, i);
  }
  /* Orbits: x and y share one iff some element takes x to y. */
  uint64_t reach[PACK_POINTS] = {0};
  for (size_t i = 0; i < c.n; i++) {
    bs_perm p;
    unpack(c.key[i], p);
    for (int x = 0; x < PACK_POINTS; x++) reach[x] |= 1ull << p[x];
  }
  for (int x = 0; x < PACK_POINTS; x++) {
    cr_assert_eq(bs_group_moves(&G, x), reach[x] != 1ull << x, "%s: point %d", name, x);
    for (int y = 0; y < PACK_POINTS; y++)
      cr_assert_eq(bs_group_same_orbit(&G, x, y), (int)(reach[x] >> y & 1), "%s: %d and %d", name, x, y);
  }
  int n = 64 - __builtin_clzll(points | 1);
  if (n <= 8) {
    uint8_t v[BS_MAX_CELLS];
    for (uint32_t r = 0; r < bs_factorial(n); r++) {
      bs_perm p;
      bs_perm_unrank(r, n, v);
      bs_perm_identity(p);
      memcpy(p, v, (size_t)n);
      cr_assert_eq(bs_group_contains(&G, p), in_closure(&c, p), "%s: permutation %u", name, r);
    }
  }
  free(c.key);
}

/* ---- known groups ------------------------------------------------------------ */

Test(group, a5_from_a_3_cycle_and_a_5_cycle) {
  bs_perm g[2];
  perm("(0 1 2)", g[0]);
  perm("(0 1 2 3 4)", g[1]);
  check_group("A5", g, 2, 60, 1000);
  bs_perm p;
  perm("(0 1)", p);
  cr_assert_not(bs_group_contains(&G, p), "a transposition is odd");
  perm("(0 1)(2 3)", p);
  cr_assert(bs_group_contains(&G, p));
  perm("(0 5 1)", p);
  cr_assert_not(bs_group_contains(&G, p), "5 is not a point of the group");
}

Test(group, symmetric_groups) {
  for (int n = 2; n <= 8; n++) {
    bs_perm g[2];
    char cyc[64];
    int k = snprintf(cyc, sizeof cyc, "(0");
    for (int i = 1; i < n; i++) k += snprintf(cyc + k, sizeof cyc - (size_t)k, " %d", i);
    snprintf(cyc + k, sizeof cyc - (size_t)k, ")");
    perm("(0 1)", g[0]);
    perm(cyc, g[1]);
    char name[16];
    snprintf(name, sizeof name, "S%d", n);
    check_group(name, g, 2, bs_factorial(n), 50000);
    for (int l = 0; l < n; l++) cr_assert_eq(G.size[l], n - l, "%s level %d", name, l);
  }
}

Test(group, big_symmetric_and_alternating) {
  /* S35 and A35 on cells 1..35: level sizes 35, 34, ..., 1 and 35, ..., 3, 1, 1. */
  bs_perm g[2];
  bs_perm_identity(g[0]);
  bs_perm_identity(g[1]);
  for (int i = 1; i < BS_MAX_CELLS; i++) g[1][i] = (uint8_t)(i == BS_MAX_CELLS - 1 ? 1 : i + 1);
  g[0][1] = 2;
  g[0][2] = 1;
  uint64_t points = moved_by(g, 2);
  bs_group_build(&G, g, 2, points, NULL, 0, NULL);
  for (int l = 0; l < 35; l++) cr_assert_eq(G.size[l], 35 - l);
  bs_perm_identity(g[0]);
  g[0][1] = 2, g[0][2] = 3, g[0][3] = 1; /* a 3-cycle and a 35-cycle: A35 */
  bs_group_build(&G, g, 2, points, NULL, 0, NULL);
  for (int l = 0; l < 35; l++) cr_assert_eq(G.size[l], l < 33 ? 35 - l : 1, "level %d", l);
  bs_perm p;
  perm("(1 2)(3 4)", p);
  cr_assert(bs_group_contains(&G, p));
  perm("(1 35)", p);
  cr_assert_not(bs_group_contains(&G, p));
}

Test(group, groups_whose_bound_is_not_their_order) {
  /* Small groups the orbit and sign bound overestimates: the build must
   * finish the Schreier generators. */
  bs_perm g[3];
  perm("(0 1 2 3 4)", g[0]);
  perm("(1 4)(2 3)", g[1]);
  check_group("D5", g, 2, 10, 1000);
  perm("(0 1)", g[0]);
  perm("(0 2 4)(1 3 5)", g[1]);
  perm("(0 2)(1 3)", g[2]);
  check_group("S2 wr S3", g, 3, 48, 1000);
  perm("(0 1 2 3 4 5 6)", g[0]);
  check_group("C7", g, 1, 7, 100);
  perm("(0 1 2)(3 4 5)", g[0]);
  perm("(0 1)(3 4)", g[1]);
  check_group("S3 diagonal", g, 2, 6, 100);
  perm("(0 1)(2 3)", g[0]);
  perm("(0 2)(1 3)", g[1]);
  check_group("Klein four", g, 2, 4, 100);
  bs_perm id;
  bs_perm_identity(id);
  check_group("trivial", &id, 1, 1, 10);
}

Test(group, random_generator_sets) {
  uint64_t seed = 7;
  for (int rep = 0; rep < 150; rep++) {
    int n = 3 + rep % 6, k = 1 + rep % 3;
    bs_perm g[3];
    for (int i = 0; i < k; i++) {
      bs_perm_identity(g[i]);
      /* A random permutation of a random subset of the n points. */
      uint8_t v[BS_MAX_CELLS];
      bs_rand_perm(&seed, v, n);
      int m = 2 + bs_rand_below(&seed, n - 1);
      uint8_t sub[BS_MAX_CELLS];
      bs_rand_perm(&seed, sub, m);
      for (int j = 0; j < m; j++) g[i][v[j]] = v[sub[j]];
    }
    char name[32];
    snprintf(name, sizeof name, "random %d", rep);
    check_group(name, g, k, 0, 50000);
  }
}

Test(group, element_orders_divide_the_order) {
  /* Random elements: the order of each divides |G|, and in A5 every order
   * 1, 2, 3 and 5 turns up. */
  bs_perm g[2];
  perm("(0 1 2)", g[0]);
  perm("(0 1 2 3 4)", g[1]);
  bs_group_build(&G, g, 2, moved_by(g, 2), NULL, 0, NULL);
  bs_rng rng;
  bs_rng_seed(&rng, 3);
  int seen[7] = {0};
  for (int i = 0; i < 2000; i++) {
    bs_perm p, q;
    bs_group_random(&G, &rng, p);
    cr_assert(bs_group_contains(&G, p));
    memcpy(q, p, sizeof q);
    int order = 1;
    bs_perm id;
    bs_perm_identity(id);
    while (memcmp(q, id, sizeof q)) {
      bs_perm_compose(q, q, p);
      order++;
    }
    cr_assert_eq(60 % order, 0, "an element of order %d", order);
    seen[order]++;
  }
  cr_assert(seen[1] && seen[2] && seen[3] && seen[5]);
  /* 24 elements of order 5, 20 of order 3, 15 of order 2, 1 identity. */
  cr_assert(seen[5] > 650 && seen[5] < 950, "%d", seen[5]);
}

Test(group, random_elements_are_uniform) {
  /* S4 on cells 10..13: each of the 24 elements about 1000 times in 24000
   * (standard deviation 31); chi-square with 23 degrees of freedom. */
  bs_perm g[2];
  perm("(10 11)", g[0]);
  perm("(10 11 12 13)", g[1]);
  bs_group_build(&G, g, 2, moved_by(g, 2), NULL, 0, NULL);
  closure c;
  close_under(&c, g, 2, 100);
  cr_assert_eq(c.n, 24);
  int count[24] = {0};
  bs_rng rng;
  bs_rng_seed(&rng, 9);
  for (int i = 0; i < 24000; i++) {
    bs_perm p;
    bs_group_random(&G, &rng, p);
    uint64_t k = pack(p);
    uint64_t *at = bsearch(&k, c.key, c.n, sizeof k, cmp_u64);
    cr_assert_not_null(at);
    count[at - c.key]++;
  }
  double chi = 0;
  for (int i = 0; i < 24; i++) chi += (count[i] - 1000.0) * (count[i] - 1000.0) / 1000.0;
  cr_assert_lt(chi, 49.7, "chi-square %.1f (p < 0.001 past 49.7)", chi);
  free(c.key);
}

Test(group, rebase_and_stabilizers) {
  /* S6 on 0..5, rebased to start at 4 and 2: the same group, and its
   * level-2 stabilizer is S4 on {0, 1, 3, 5}, not A4. */
  bs_perm g[2], s4[2], a4[2];
  perm("(0 1)", g[0]);
  perm("(0 1 2 3 4 5)", g[1]);
  bs_group_build(&G, g, 2, moved_by(g, 2), NULL, 0, NULL);
  static bs_group R;
  const uint8_t first[2] = {4, 2};
  bs_group_rebase(&R, &G, first, 2);
  cr_assert_eq(bs_group_order(&R), 720);
  cr_assert_eq(R.base[0], 4);
  cr_assert_eq(R.base[1], 2);
  cr_assert_eq(R.base[2], 0);
  uint64_t seed = 5;
  for (int i = 0; i < 200; i++) {
    bs_perm p;
    uint8_t v[BS_MAX_CELLS];
    bs_rand_perm(&seed, v, 7);
    bs_perm_identity(p);
    memcpy(p, v, 7);
    cr_assert_eq(bs_group_contains(&R, p), bs_group_contains(&G, p));
  }
  perm("(0 1)", s4[0]);
  perm("(0 1 3 5)", s4[1]);
  bs_order cap, a4_order;
  bs_order_alternating(4, &a4_order);
  bs_group_stabilizer_order(&R, 2, &cap);
  bs_group_build(&H, s4, 2, moved_by(s4, 2), NULL, 0, &cap);
  cr_assert(bs_group_is_stabilizer(&R, 2, &H));
  perm("(0 1 3)", a4[0]);
  perm("(1 3 5)", a4[1]);
  bs_group_build(&H, a4, 2, moved_by(a4, 2), NULL, 0, &cap);
  cr_assert_eq(bs_group_order(&H), 12);
  cr_assert(bs_order_equal(&H.order, &a4_order));
  cr_assert_not(bs_order_equal(&H.order, &cap), "A4 is half the stabilizer S4");
  cr_assert_not(bs_group_is_stabilizer(&R, 2, &H));
  cr_assert_not(bs_group_is_stabilizer(&R, 1, &H), "bases that differ");
}

/* ---- puzzle groups ------------------------------------------------------------- */

static void region_group(const char *rows, int w, int h, bs_region *r, bs_geom *g) {
  uint64_t wall = 0;
  for (int i = 0; i < w * h; i++)
    if (rows[i] == '#') wall |= 1ull << i;
  bs_geom_layout(g, w, h, wall);
  bs_region_init(r, g, ((1ull << (w * h)) - 1) & ~wall, w * h - 1);
  bs_group_region(&G, r, g, NULL, 0, NULL);
}

/* The region's group against the closure of its own generators, and each
 * generator a closed walk's permutation: it fixes the root and every cell
 * outside. */
static void check_puzzle(const char *name, const char *rows, int w, int h, size_t want) {
  bs_region r;
  bs_geom g;
  region_group(rows, w, h, &r, &g);
  bs_perm gens[BS_GROUP_REGION_GENS];
  int k = bs_group_region_gens(&r, &g, gens);
  int edges = 0;
  for (uint64_t c = r.cells; c; c &= c - 1)
    edges += __builtin_popcountll(bs_region_nbrs(&g, __builtin_ctzll(c), r.cells));
  cr_assert_eq(k, edges / 2 - (r.size - 1), "%s: one generator per edge off the tree", name);
  for (int i = 0; i < k; i++) {
    cr_assert_eq(gens[i][r.root], r.root);
    for (int x = 0; x < BS_MAX_CELLS; x++)
      if (!(r.cells >> x & 1)) cr_assert_eq(gens[i][x], x);
    cr_assert_not(bs_perm_odd(gens[i]), "%s: closed walks on a grid are even", name);
  }
  check_group(name, gens, k, want, 50000);
}

Test(group, puzzle_groups_of_small_regions) {
  check_puzzle("2x2", "oooo", 2, 2, 3);
  check_puzzle("2x3: A5", "oooooo", 3, 2, 60);
  check_puzzle("3x3: A8", "ooooooooo", 3, 3, 20160);
  check_puzzle("3x3 ring: turns only", "oooo#oooo", 3, 3, 7);
  check_puzzle("two rings and a passage", "oo#oo"
                                           "ooooo", 5, 2, 9);
  check_puzzle("dead ends on a 2x2 ring", "o#o"
                                        "ooo"
                                        "#oo", 3, 3, 3);
  check_puzzle("a dead end on a 2x3", "o###"
                                      "oooo"
                                      "#ooo", 4, 3, 60);
}

Test(group, puzzle_groups_of_full_boards) {
  /* Without walls, every size but 2x2 gives the alternating group on its
   * n - 1 tiles: level sizes n-1, ..., 3, then 1, 1. */
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++) {
      bs_region r;
      bs_geom g;
      char rows[BS_MAX_CELLS + 1];
      memset(rows, 'o', sizeof rows);
      rows[w * h] = 0;
      region_group(rows, w, h, &r, &g);
      int m = w * h - 1;
      cr_assert_eq(G.nlevels, m);
      for (int l = 0; l < m; l++) cr_assert_eq(G.size[l], l < m - 2 ? m - l : 1, "%dx%d level %d", w, h, l);
    }
}

Test(group, orders_bounds_and_comparison) {
  bs_order a, b;
  /* Alternating orders against their values, and the order of comparison. */
  bs_order_alternating(5, &a);
  bs_order_alternating(6, &b);
  cr_assert_eq(bs_order_compare(&a, &b), -1);
  cr_assert_eq(bs_order_compare(&b, &a), 1);
  cr_assert_eq(bs_order_compare(&a, &a), 0);
  bs_order_alternating(35, &a);
  bs_order_alternating(34, &b);
  cr_assert_eq(bs_order_compare(&a, &b), 1, "35!/2 > 34!/2, past 2^128");
  bs_order_alternating(2, &a);
  bs_order_alternating(0, &b);
  cr_assert(bs_order_equal(&a, &b), "trivial both");
  /* D5: the bound (A5, 60) is above the order (10); A5: they meet. */
  bs_perm g[2];
  perm("(0 1 2 3 4)", g[0]);
  perm("(1 4)(2 3)", g[1]);
  bs_group_build(&G, g, 2, moved_by(g, 2), NULL, 0, NULL);
  bs_order bound;
  bs_group_bound(g, 2, &bound);
  cr_assert_eq(bs_order_compare(&bound, &G.order), 1);
  cr_assert_not(bs_group_full(&G));
  bs_order_alternating(5, &a);
  cr_assert(bs_order_equal(&bound, &a));
  perm("(0 1 2)", g[1]);
  bs_group_build(&G, g, 2, moved_by(g, 2), NULL, 0, NULL);
  cr_assert(bs_group_full(&G));
  cr_assert(bs_order_equal(&G.order, &a));
  /* Two orbits with one sign pattern: (0 1)(2 3) alone bounds at 2. */
  perm("(0 1)(2 3)", g[0]);
  bs_group_bound(g, 1, &bound);
  bs_order_alternating(2, &a);
  cr_assert_eq(bs_order_compare(&bound, &a), 1);
  /* A point's stabilizer: |S5| / 5 = 24. */
  perm("(0 1)", g[0]);
  perm("(0 1 2 3 4)", g[1]);
  bs_group_build(&G, g, 2, moved_by(g, 2), NULL, 0, NULL);
  bs_group_point_stabilizer_order(&G, 3, &a);
  bs_order_alternating(4, &b); /* 12 */
  cr_assert_eq(bs_order_compare(&a, &b), 1);
  const uint8_t first[1] = {3};
  static bs_group R;
  bs_group_rebase(&R, &G, first, 1);
  bs_group_stabilizer_order(&R, 1, &b);
  cr_assert(bs_order_equal(&a, &b));
}

Test(group, walks_as_permutations) {
  /* 2x2, blank on cell 3 going round: L U R D turns the three tiles. */
  bs_geom g;
  bs_geom_layout(&g, 2, 2, 0);
  const uint8_t round[4] = {BS_L, BS_U, BS_R, BS_D};
  bs_perm p, want;
  bs_group_walk(&g, 3, round, 4, p);
  perm("(0 2 1)", want); /* the tile on 0 goes to 2, on 2 to 1, on 1 to 0 */
  cr_assert_arr_eq(p, want, sizeof p);
  /* And it agrees with bs_move on the tiles. */
  uint8_t cell[4] = {1, 2, 3, 0};
  bs_board b = bs_test_board(2, 2, 0, cell);
  for (int i = 0; i < 4; i++) bs_move(&b, round[i]);
  for (int c = 0; c < 3; c++) cr_assert_eq(b.cell[p[c]], c + 1);
}

Test(group, wilson_on_random_blocks) {
  /* Regions that are one block and no plain cycle have the alternating
   * group on their tiles (the constructor relies on it); plain cycles
   * turn only. */
  uint64_t seed = 11;
  int blocks = 0, rings = 0;
  for (int rep = 0; rep < 3000; rep++) {
    int w = 2 + bs_rand_below(&seed, 5), h = 2 + bs_rand_below(&seed, 5), n = w * h;
    uint64_t wall = 0;
    for (int k = bs_rand_below(&seed, n / 2 + 1); k > 0; k--) wall |= 1ull << bs_rand_below(&seed, n - 1);
    bs_geom g;
    bs_geom_layout(&g, w, h, wall);
    bs_region r;
    bs_region_init(&r, &g, ((1ull << n) - 1) & ~wall, n - 1);
    if (r.size < 3 || r.nblocks != 1) continue;
    bs_group_region(&G, &r, &g, NULL, 0, NULL);
    bs_order alt;
    bs_order_alternating(r.size - 1, &alt);
    if (r.ring) {
      cr_assert_eq(bs_group_order(&G), r.size - 1, "a ring of %d", r.size);
      rings++;
    } else {
      cr_assert(bs_order_equal(&G.order, &alt), "%dx%d walls %llx", w, h, (unsigned long long)wall);
      blocks++;
    }
  }
  cr_assert_gt(blocks, 100);
  cr_assert_gt(rings, 5);
}
