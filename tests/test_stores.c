/* The three stores (arena, object, pool) run one search. On a mixed set
 * (sizes 2x2 to 6x6, walls, unsolvable boards, a memory cap that makes the
 * search give up and one under which it recycles) they must give
 * byte-identical answers and identical status, reason and node counts. The
 * store API is checked the same way for each store; the pool must not grow
 * when it solves a set again; the object and pool stores must give back all
 * they took from malloc (and `make SAN=1 test` runs LeakSanitizer on it). */
#include "bs_test.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

#include "bs_solver.h"
#include "bs_store.h"
#include "bs_verify.h"

#define NMAX 64
#define SMALL_MEM 1200000 /* 11,999 states */

/* A random walk of the blank from the goal of the board `goal` that never
 * undoes its last move. */
static bs_board walk(uint64_t *s, const char *goal, int steps) {
  bs_board b = bs_test_parsed(goal);
  int last = -1;
  for (int k = 0; k < steps; k++) {
    int d = bs_rand_below(s, 4);
    if (d != (last ^ 1) && bs_move(&b, d)) last = d;
  }
  return b;
}

/* The mixed set; returns its size. */
static int mixed_set(bs_board *set) {
  static const struct {
    const char *goal;
    int steps, count;
  } walks[] = {
      {"2,2,1230", 9, 1},
      {"2,3,123450", 12, 1},
      {"4,3,123456789AB0", 70, 3},
      {"3,4,123456789AB0", 70, 2},
      {"5,3,1234=6789ABCDE0", 45, 1},
      {"4,4,12=456789A=CDEF0", 60, 1},
      {"5,5,123456789ABCDEFGHIJKLMNO0", 30, 1},
      {"6,6,123456789ABCDEFGHIJ=LMNOPQRSTUVWXYZ0", 28, 1},
      {"6,5,123456789ABCDEFGHIJKLMNOPQRST0", 25, 1},
      {"2,6,123456789AB0", 30, 1},
  };
  uint64_t seed = 42;
  int n = 0;
  for (size_t i = 0; i < sizeof walks / sizeof *walks; i++)
    for (int k = 0; k < walks[i].count; k++) set[n++] = walk(&seed, walks[i].goal, walks[i].steps);
  /* Random 3x3 boards: half of them fail the parity test. */
  for (int k = 0; k < 8; k++) set[n++] = bs_rand_board(&seed, 3, 3, 0);
  /* Random small boards with walls: some are unsolvable for reasons only
   * the puzzle group sees. */
  for (int k = 0; k < 6; k++) set[n++] = bs_rand_board(&seed, k % 2 ? 3 : 4, k % 2 ? 3 : 2, 2);
  /* Tiles on a path cannot pass each other: an even permutation, which
   * the puzzle group (nothing moves on a path) rules out. */
  set[n++] = bs_test_parsed("3,2,231==0");
  /* 31 moves: 15,881 states, more than SMALL_MEM holds, unless the search
   * recycles. */
  set[n++] = bs_test_parsed("3,3,867254301");
  /* A hard 4x3 board: too many states for SMALL_MEM either way. */
  set[n++] = walk(&seed, "4,3,123456789AB0", 300);
  cr_assert_leq(n, NMAX);
  return n;
}

typedef struct {
  bs_status status;
  const char *reason;
  char moves[BS_ANSWER_MAX + 1];
  uint64_t expanded, generated;
} outcome;

static void solve_all(bs_mode mode, bs_store_kind kind, uint64_t mem, int recycle, const bs_board *set,
                      int n, outcome *out) {
  bs_solver sv;
  char err[160];
  cr_assert_eq(bs_solver_init(&sv, kind, mem, 0, err, sizeof err), 0, "%s", err);
  bs_opts o = {.recycle = recycle, .budget = 0};
  static bs_result r;
  for (int i = 0; i < n; i++) {
    bs_solver_solve(&sv, &set[i], mode, &o, &r);
    out[i].status = r.status;
    out[i].reason = r.reason;
    memcpy(out[i].moves, r.moves, sizeof r.moves);
    out[i].expanded = r.expanded;
    out[i].generated = r.generated;
    if (r.status == BS_ST_SOLVED) {
      size_t at;
      int fault = bs_replay(&set[i], r.moves, strlen(r.moves), &at);
      cr_assert_eq(fault, BS_RP_OK, "%s board %d: %s", bs_store_name(kind), i, bs_replay_fault(fault));
    }
  }
  bs_solver_free(&sv);
}

/* Solves the set with every store; they must agree on everything. Returns
 * the arena's outcomes in out. */
static void agree(bs_mode mode, uint64_t mem, int recycle, const bs_board *set, int n, outcome *out) {
  static outcome other[NMAX];
  solve_all(mode, BS_STORE_ARENA, mem, recycle, set, n, out);
  for (int k = BS_STORE_OBJECT; k < BS_NSTORES; k++) {
    solve_all(mode, (bs_store_kind)k, mem, recycle, set, n, other);
    for (int i = 0; i < n; i++) {
      char text[BS_BOARD_TEXT];
      bs_board_format(&set[i], text);
      const char *name = bs_store_name((bs_store_kind)k);
      cr_assert_eq(other[i].status, out[i].status, "%s %s", name, text);
      cr_assert((!other[i].reason && !out[i].reason) ||
                    (other[i].reason && out[i].reason && !strcmp(other[i].reason, out[i].reason)),
                "%s %s: reason %s, arena %s", name, text, other[i].reason, out[i].reason);
      cr_assert_str_eq(other[i].moves, out[i].moves, "%s %s", name, text);
      cr_assert_eq(other[i].expanded, out[i].expanded, "%s %s", name, text);
      cr_assert_eq(other[i].generated, out[i].generated, "%s %s", name, text);
    }
  }
}

static int count_reason(const outcome *o, int n, bs_status st, const char *reason) {
  int k = 0;
  for (int i = 0; i < n; i++) k += o[i].status == st && (!reason || (o[i].reason && !strcmp(o[i].reason, reason)));
  return k;
}

Test(stores, agree_on_a_mixed_set) {
  static bs_board set[NMAX];
  static outcome roomy[NMAX], tight[NMAX], recycled[NMAX];
  int n = mixed_set(set);
  agree(BS_MODE_BFS, 32u << 20, 1, set, n, roomy);
  agree(BS_MODE_BFS, SMALL_MEM, 0, set, n, tight);
  agree(BS_MODE_BFS, SMALL_MEM, 1, set, n, recycled);
  /* The set covers what it claims to. */
  cr_assert_eq(count_reason(roomy, n, BS_ST_GAVE_UP, NULL), 0);
  cr_assert_geq(count_reason(roomy, n, BS_ST_UNSOLVABLE, "tile locked in a dead end"), 1);
  cr_assert_geq(count_reason(roomy, n, BS_ST_UNSOLVABLE, NULL), 4);
  cr_assert_geq(count_reason(tight, n, BS_ST_GAVE_UP, "memory cap"), 1);
  int rescued = 0;
  for (int i = 0; i < n; i++) {
    rescued += tight[i].status == BS_ST_GAVE_UP && recycled[i].status == BS_ST_SOLVED;
    if (recycled[i].status == BS_ST_SOLVED) cr_assert_str_eq(recycled[i].moves, roomy[i].moves);
  }
  cr_assert_geq(rescued, 1, "no board needed recycling under the small cap");
}

Test(stores, agree_in_the_exact_mode) {
  static bs_board set[NMAX];
  static outcome roomy[NMAX], tight[NMAX];
  int n = mixed_set(set);
  agree(BS_MODE_EXACT, 32u << 20, 1, set, n, roomy);
  agree(BS_MODE_EXACT, SMALL_MEM, 1, set, n, tight);
  for (int i = 0; i < n; i++)
    if (roomy[i].status == BS_ST_SOLVED && tight[i].status == BS_ST_SOLVED)
      cr_assert_eq(strlen(roomy[i].moves), strlen(tight[i].moves), "board %d: both proven shortest", i);
}

/* One breadth-first run of the engine in a pool or object store. */
static void bfs_in(bs_pool *p, bs_object *ob, const bs_board *b, bs_result *r) {
  bs_board goal;
  bs_goal(b, &goal);
  bs_policy pol = {.recycle = 1};
  if (p) bs_engine_pool(p, b, &goal, &pol, r);
  if (ob) bs_engine_object(ob, b, &goal, &pol, r);
}

Test(stores, pool_does_not_grow_on_a_second_pass) {
  static bs_board set[NMAX];
  int n = mixed_set(set);
  bs_pool p;
  cr_assert_eq(bs_pool_init(&p, bs_capacity_for(32u << 20)), 0);
  static bs_result r;
  for (int i = 0; i < n; i++) bfs_in(&p, NULL, &set[i], &r);
  size_t bytes = bs_pool_bytes(&p);
  uint32_t nslab = p.nslab, tabcap = p.set.tabcap, idcap = p.set.idcap;
  const void *slab0 = p.slab[0], *table = p.set.table, *id = p.set.id;
  cr_assert_gt(nslab, 1, "the set should need more than one slab");
  for (int i = 0; i < n; i++) bfs_in(&p, NULL, &set[i], &r);
  cr_assert_eq(bs_pool_bytes(&p), bytes);
  cr_assert_eq(p.nslab, nslab);
  cr_assert_eq(p.set.tabcap, tabcap);
  cr_assert_eq(p.set.idcap, idcap);
  cr_assert_eq(p.slab[0], slab0);
  cr_assert_eq(p.set.table, table);
  cr_assert_eq(p.set.id, id);
  bs_pool_free(&p);
}

/* A pool capped below a slab takes slabs of its cap, and a full one takes
 * no slab before recycling frees a state: solving under a small cap, its
 * slabs never hold more structs than the cap. */
Test(stores, pool_slabs_fit_a_small_cap) {
  static bs_board set[NMAX];
  int n = mixed_set(set);
  static bs_result r;
  const uint32_t cap = 300;
  bs_pool p;
  cr_assert_eq(bs_pool_init(&p, cap), 0);
  cr_assert_eq(p.slab_objs, cap);
  cr_assert_lt(bs_pool_bytes(&p), (size_t)BS_SLAB_OBJS * sizeof(bs_obj) / 4);
  int recycled = 0;
  for (int i = 0; i < n; i++) {
    bfs_in(&p, NULL, &set[i], &r);
    recycled += r.generated > cap;
    cr_assert_leq(p.nslab * p.slab_objs, cap, "puzzle %d: %u slabs of %u", i, p.nslab, p.slab_objs);
  }
  cr_assert_gt(recycled, 0, "some puzzle should outgrow the cap");
  bs_pool_free(&p);
}

/* States 1..n (a board of two words) into the object and pool stores. */
static void expect_fill(bs_object *ob, bs_pool *p, uint32_t n) {
  for (uint32_t k = 1; k <= n; k++) {
    const uint32_t *other;
    uint32_t *c = bs_pool_scratch(p), *d = bs_object_scratch(ob);
    memset(c, 0, BS_REC_INTS * sizeof *c);
    c[0] = k, c[1] = k * 2654435761u;
    c[BS_R_HASH] = bs_test_hash(c, 2);
    memcpy(d, c, BS_REC_INTS * sizeof *c);
    cr_assert_eq(bs_pool_lookup(p, c, &other), BS_NEW);
    bs_pool_commit(p);
    cr_assert_eq(bs_object_lookup(ob, d, &other), BS_NEW);
    bs_object_commit(ob);
  }
}

/* Every state of expect_fill is still in both stores. */
static void expect_found(bs_object *ob, bs_pool *p, uint32_t n) {
  for (uint32_t k = 1; k <= n; k++) {
    uint32_t c[BS_REC_INTS] = {k, k * 2654435761u};
    const uint32_t *other;
    c[BS_R_HASH] = bs_test_hash(c, 2);
    cr_assert_eq(bs_pool_lookup(p, c, &other), BS_SEEN_SELF, "pool: state %u", k);
    cr_assert_eq(bs_object_lookup(ob, c, &other), BS_SEEN_SELF, "object: state %u", k);
  }
}

/* A hint sizes the empty table at once, within the cap, and what it costs
 * is counted; a store with states in it ignores the hint. */
Test(stores, expect_sizes_the_table) {
  const uint32_t cap = bs_capacity_for(8u << 20);
  bs_object ob;
  bs_pool p;
  cr_assert_eq(bs_object_init(&ob, cap), 0);
  cr_assert_eq(bs_pool_init(&p, cap), 0);
  bs_object_clear(&ob, 2);
  bs_pool_clear(&p, 2);
  size_t ob0 = bs_object_bytes(&ob), p0 = bs_pool_bytes(&p);
  bs_object_expect(&ob, 10000);
  bs_pool_expect(&p, 10000);
  cr_assert_eq(ob.set.nslots, 20000);
  cr_assert_eq(p.set.nslots, 20000);
  cr_assert_geq(bs_object_bytes(&ob), ob0 + (20000 - BS_TABLE_MIN) * sizeof(void *));
  cr_assert_geq(bs_pool_bytes(&p), p0 + (20000 - BS_TABLE_MIN) * sizeof(void *));
  /* The states then added are found, and the table stays. */
  expect_fill(&ob, &p, 10000);
  cr_assert_eq(ob.set.nslots, 20000, "the expected states never grow it");
  cr_assert_eq(p.set.nslots, 20000, "the expected states never grow it");
  expect_found(&ob, &p, 10000);
  /* A hint to a store with states in it changes nothing. */
  bs_object_expect(&ob, 40000);
  bs_pool_expect(&p, 40000);
  cr_assert_eq(ob.set.nslots, 20000, "a table with states in is left alone");
  cr_assert_eq(p.set.nslots, 20000, "a table with states in is left alone");
  expect_found(&ob, &p, 10000);
  /* Emptied, never past the cap's slots. */
  bs_object_clear(&ob, 2);
  bs_pool_clear(&p, 2);
  bs_object_expect(&ob, 1u << 30);
  bs_pool_expect(&p, 1u << 30);
  cr_assert_eq(ob.set.nslots, 2 * cap, "never past the cap's slots");
  cr_assert_eq(p.set.nslots, 2 * cap, "never past the cap's slots");
  cr_assert_geq(bs_pool_bytes(&p), p0 + (2 * cap - BS_TABLE_MIN) * sizeof(void *));
  bs_object_free(&ob);
  bs_pool_free(&p);
}

/* Solves the set under a small cap, so that both stores drop states while
 * recycling and start over at each puzzle, then frees them. Under
 * `make SAN=1 test` LeakSanitizer then looks for leaks here and now (a leak
 * it reports at the process's exit would not fail the test). */
Test(stores, object_and_pool_account_and_free) {
  static bs_board set[NMAX];
  int n = mixed_set(set);
  static bs_result r;
  bs_object ob;
  bs_pool p;
  cr_assert_eq(bs_object_init(&ob, 11999), 0);
  cr_assert_eq(bs_pool_init(&p, 11999), 0);
  for (int i = 0; i < n; i++) {
    bfs_in(NULL, &ob, &set[i], &r);
    /* What malloc spends on a 92-byte block is more than 92. */
    cr_assert_geq(r.peak_bytes, r.peak_states * 96 + 2 * sizeof(void *) * r.peak_states);
    bfs_in(&p, NULL, &set[i], &r);
    cr_assert_geq(r.peak_bytes, r.peak_states * 92 + 2 * sizeof(void *) * r.peak_states);
  }
  bs_object_free(&ob);
  bs_pool_free(&p);
  cr_assert_eq(bs_object_bytes(&ob), 0);
  cr_assert_eq(bs_pool_bytes(&p), 0);
#ifdef __SANITIZE_ADDRESS__
  cr_assert_eq(__lsan_do_recoverable_leak_check(), 0, "LeakSanitizer found leaks (see above)");
#endif
}

/* ---- the store API, the same checks for each store ------------------- */

/* Builds candidate k (a distinct 2-word board) of side `side` in the
 * scratch and looks it up. */
#define STORE_API_TEST(X, init, fini)                                                           \
  static int look_##X(bs_##X *st, uint32_t k, unsigned side, const uint32_t **other) {         \
    uint32_t *c = bs_##X##_scratch(st);                                                         \
    memset(c, 0, BS_REC_INTS * sizeof(uint32_t));                                               \
    c[0] = k;                                                                                   \
    c[1] = k * 2654435761u;                                                                     \
    c[BS_R_HASH] = bs_test_hash(c, 2);                                                               \
    c[BS_R_META] = bs_meta(1, side, 0, -1, 0);                                                  \
    c[BS_R_SCORE] = k;                                                                          \
    return bs_##X##_lookup(st, c, other);                                                       \
  }                                                                                             \
  Test(store_api, X) {                                                                          \
    bs_##X st;                                                                                  \
    const uint32_t cap = 5000;                                                                  \
    const uint32_t *other = NULL;                                                               \
    cr_assert_eq(init(&st, cap), 0);                                                            \
    for (int round = 0; round < 2; round++) {                                                   \
      bs_##X##_clear(&st, 2);                                                                   \
      cr_assert_eq(bs_##X##_count(&st), 0);                                                     \
      cr_assert_eq(bs_##X##_capacity(&st), cap);                                                \
      for (uint32_t k = 1; k < cap; k++) {                                                      \
        cr_assert_not(bs_##X##_full(&st));                                                      \
        cr_assert_eq(look_##X(&st, k, k % 2, &other), BS_NEW, "state %u", k);                   \
        bs_##X##_commit(&st);                                                                   \
      }                                                                                         \
      for (uint32_t k = 1; k < cap; k++) {                                                      \
        cr_assert_eq(bs_##X##_rec(&st, k)[BS_R_SCORE], k);                                      \
        cr_assert_eq(look_##X(&st, k, k % 2, &other), BS_SEEN_SELF);                            \
        other = NULL;                                                                           \
        cr_assert_eq(look_##X(&st, k, !(k % 2), &other), BS_SEEN_OTHER);                        \
        cr_assert_eq(other, bs_##X##_rec(&st, k));                                              \
      }                                                                                         \
      cr_assert_eq(look_##X(&st, cap, 0, &other), BS_NEW);                                      \
      bs_##X##_commit(&st);                                                                     \
      cr_assert(bs_##X##_full(&st));                                                            \
      cr_assert_geq(bs_##X##_bytes(&st), (size_t)cap * 92);                                     \
      /* Keep 101..200 and 4001..5000 (an empty range between): they become                     \
       * 1..1100, and the rest is gone. */                                                      \
      const uint32_t lo[3] = {101, 3000, 4001}, hi[3] = {201, 3000, 5001};                      \
      bs_##X##_keep(&st, lo, hi, 3);                                                            \
      cr_assert_eq(bs_##X##_count(&st), 1100);                                                  \
      cr_assert_not(bs_##X##_full(&st));                                                        \
      for (uint32_t id = 1; id <= 1100; id++) {                                                 \
        uint32_t k = id <= 100 ? id + 100 : id + 3900;                                          \
        cr_assert_eq(bs_##X##_rec(&st, id)[BS_R_SCORE], k, "id %u", id);                        \
        cr_assert_eq(look_##X(&st, k, k % 2, &other), BS_SEEN_SELF);                            \
      }                                                                                         \
      cr_assert_eq(look_##X(&st, 50, 0, &other), BS_NEW);                                       \
      cr_assert_eq(look_##X(&st, 3000, 0, &other), BS_NEW);                                     \
      bs_##X##_commit(&st);                                                                     \
      cr_assert_eq(bs_##X##_count(&st), 1101);                                                  \
      cr_assert_eq(bs_##X##_rec(&st, 1101)[BS_R_SCORE], 3000);                                  \
    }                                                                                           \
    fini(&st);                                                                                  \
  }

STORE_API_TEST(arena, bs_arena_init, bs_arena_free)
STORE_API_TEST(object, bs_object_init, bs_object_free)
STORE_API_TEST(pool, bs_pool_init, bs_pool_free)

/* Filled to its cap, a store's vector of ids holds the cap and its unused
 * id 0, no more: it grows by doubling, but never past cap + 1, so that a
 * small cap costs what it says (5,000 states: 4,096 entries, then 5,001,
 * not 8,192), and its table never passes 2 slots a state. */
#define FILL_TO_CAP(X)                                                          \
  do {                                                                          \
    const uint32_t cap = 5000;                                                  \
    bs_##X st;                                                                  \
    cr_assert_eq(bs_##X##_init(&st, cap), 0);                                   \
    bs_##X##_clear(&st, 2);                                                     \
    for (uint32_t k = 1; k <= cap; k++) {                                       \
      cr_assert_not(bs_##X##_full(&st), #X " state %u", k);                     \
      uint32_t *c = bs_##X##_scratch(&st);                                      \
      const uint32_t *other;                                                    \
      memset(c, 0, BS_REC_INTS * sizeof *c);                                    \
      c[0] = k, c[1] = k * 2654435761u;                                         \
      c[BS_R_HASH] = bs_test_hash(c, 2);                                        \
      cr_assert_eq(bs_##X##_lookup(&st, c, &other), BS_NEW);                    \
      bs_##X##_commit(&st);                                                     \
    }                                                                           \
    cr_assert(bs_##X##_full(&st));                                              \
    cr_assert_eq(st.set.idcap, cap + 1, #X ": %u ids for %u states", st.set.idcap, cap); \
    cr_assert_leq(st.set.nslots, 2 * cap, #X ": %u slots", st.set.nslots);     \
    bs_##X##_free(&st);                                                         \
  } while (0)

Test(stores, id_vectors_stop_at_the_cap) {
  FILL_TO_CAP(object);
  FILL_TO_CAP(pool);
}
