/* Tests of the flat arena (include/bs_arena.h): the table finds what was
 * inserted, tells the sides apart, survives growth, compaction and
 * clearing, and the capacity arithmetic; and a solver on a full arena
 * gives up instead of answering wrong. */
#include "bs_test.h"

#include "bs_arena.h"
#include "bs_solver.h"
#include "bs_verify.h"

/* A record for key on side: two packed words derived from key. With
 * same_hash the hash is forced to one value, so every record collides. */
static void make_rec(const bs_arena *ar, uint32_t *c, uint32_t key, unsigned side, int same_hash) {
  memset(c, 0, BS_REC_INTS * sizeof *c);
  c[0] = key;
  c[1] = key * 2654435761u;
  c[BS_R_HASH] = same_hash ? 0x9e3779b9u : bs_test_hash(c, ar->nwords);
  c[BS_R_META] = bs_meta(key % 200, side, key % 36, -1, key % (BS_TIE_MAX + 1));
}

/* Inserts key through the scratch record; returns its record id. */
static uint32_t insert(bs_arena *ar, uint32_t key, unsigned side, int same_hash) {
  uint32_t *c = bs_arena_scratch(ar);
  const uint32_t *other = NULL;
  make_rec(ar, c, key, side, same_hash);
  cr_assert_eq(bs_arena_lookup(ar, c, &other), BS_NEW, "key %u should be new", key);
  bs_arena_commit(ar);
  return bs_arena_count(ar);
}

/* Looks key up from a buffer outside the arena. */
static int lookup(bs_arena *ar, uint32_t key, unsigned side, int same_hash, const uint32_t **other) {
  uint32_t c[BS_REC_INTS];
  make_rec(ar, c, key, side, same_hash);
  *other = NULL;
  return bs_arena_lookup(ar, c, other);
}

static void finds(bs_arena *ar, uint32_t key, unsigned side, uint32_t id, int same_hash) {
  const uint32_t *other;
  cr_assert_eq(lookup(ar, key, side, same_hash, &other), BS_SEEN_SELF, "key %u, same side", key);
  cr_assert_eq(lookup(ar, key, side ^ 1, same_hash, &other), BS_SEEN_OTHER, "key %u, other side", key);
  cr_assert_eq(other, bs_arena_rec(ar, id), "key %u should be record %u", key, id);
  cr_assert_eq(other[0], key);
}

Test(arena, capacity_for) {
  for (uint32_t cap = 1; cap < 5000; cap += 7) {
    uint64_t bytes = 4 * (1 + 25 * (uint64_t)cap);
    cr_assert_eq(bs_capacity_for(bytes), cap, "%llu bytes", (unsigned long long)bytes);
    cr_assert_eq(bs_capacity_for(bytes + 99), cap);
    cr_assert_eq(bs_capacity_for(bytes - 1), cap - 1);
  }
  cr_assert_eq(bs_capacity_for(0), 0);
  cr_assert_eq(bs_capacity_for(103), 0);
  cr_assert_eq(bs_capacity_for(104), 1);
  cr_assert_eq(bs_capacity_for(256ull << 20), ((256ull << 20) / 4 - 1) / 25);
  cr_assert_eq(BS_ARENA_RECORD_BYTES, 100);
  /* Large budgets are capped so that 1 + 25*cap ints stay addressable. */
  uint64_t big = 1ull << 40;
  uint32_t cap = bs_capacity_for(big);
  cr_assert_gt(cap, 0);
  cr_assert_leq(4 * (1 + 25 * (uint64_t)cap), big);
}

Test(arena, layout) {
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, 1000), 0);
  cr_assert_eq(bs_arena_capacity(&ar), 1000);
  cr_assert_eq(ar.table, ar.a + 1 + 22 * 1000, "the table follows the records, 22 ints each");
  cr_assert_eq(bs_arena_rec(&ar, 1), ar.a + 1, "record 1 starts after the reserved int");
  cr_assert_eq(bs_arena_rec(&ar, 2), ar.a + 1 + BS_REC_INTS);
  cr_assert_eq(bs_arena_rec(&ar, 1000) + BS_REC_INTS, ar.table, "the last record ends at the table");
  bs_arena_clear(&ar, 2);
  cr_assert_eq(bs_arena_count(&ar), 0);
  cr_assert_eq(bs_arena_scratch(&ar), bs_arena_rec(&ar, 1));
  cr_assert_eq(bs_arena_bytes(&ar), (1 + ar.nslots) * sizeof(uint32_t));
  insert(&ar, 7, BS_FORWARD, 0);
  cr_assert_eq(bs_arena_scratch(&ar), bs_arena_rec(&ar, 2));
  cr_assert_eq(bs_arena_bytes(&ar), (1 + 22 + ar.nslots) * sizeof(uint32_t));
  bs_arena_free(&ar);
}

/* The meta word's fields (bs_record.h) hold what was put in them, each
 * over its whole range, whatever the others hold. */
Test(arena, meta_fields_keep_their_values) {
  const unsigned depths[] = {0, 1, 191, 255}, blanks[] = {0, 17, 35, 63}, ties[] = {0, 1, 9999, BS_TIE_MAX};
  const int lasts[] = {-1, BS_L, BS_R, BS_U, BS_D};
  for (int a = 0; a < 4; a++)
    for (unsigned side = 0; side < 2; side++)
      for (int c = 0; c < 4; c++)
        for (int l = 0; l < 5; l++)
          for (int t = 0; t < 4; t++) {
            uint32_t m = bs_meta(depths[a], side, blanks[c], lasts[l], ties[t]);
            cr_assert_eq(bs_meta_depth(m), depths[a]);
            cr_assert_eq(bs_meta_side(m), side);
            cr_assert_eq(bs_meta_blank(m), blanks[c]);
            cr_assert_eq(bs_meta_last(m), lasts[l]);
            cr_assert_eq(bs_meta_tie(m), ties[t]);
          }
}

/* A path grown a move at a time, each record from a copy of its parent's
 * words (the engine's children), reads back every move, to the record's
 * full depth, and never touches a word outside its own: from a root whose
 * path words are zero, each move after the first never undoing the one
 * before it, as in the engine. Thirty random paths from this seed put
 * every digit at every place (twenty left one out). */
Test(arena, paths_grow_a_move_at_a_time) {
  uint64_t seed = 5;
  for (int rep = 0; rep < 30; rep++) {
    uint8_t want[BS_PATH_MAX], got[BS_PATH_MAX];
    uint32_t rec[BS_REC_INTS];
    for (int i = 0; i < BS_REC_INTS; i++) rec[i] = (uint32_t)bs_rand_below(&seed, 1u << 30) * 4 + 3; /* junk */
    memset(rec + BS_R_PATH, 0, BS_PATH_WORDS * sizeof *rec);
    uint32_t keep[BS_REC_INTS];
    memcpy(keep, rec, sizeof keep);
    for (unsigned k = 0; k < BS_PATH_MAX; k++) {
      const int last = k ? want[k - 1] : -1;
      do want[k] = (uint8_t)bs_rand_below(&seed, 4);
      while (last >= 0 && want[k] == (last ^ 1));
      uint32_t child[BS_REC_INTS];
      memcpy(child, rec, sizeof child);
      child[BS_R_PATH + bs_path_word(k)] += bs_path_step(bs_path_place(k), last, want[k]);
      bs_path_moves(child, k + 1, got);
      cr_assert_arr_eq(got, want, k + 1, "the first %u moves", k + 1);
      memcpy(rec, child, sizeof rec);
    }
    for (int i = 0; i < BS_REC_INTS; i++)
      if (i < BS_R_PATH || i >= BS_R_PATH + BS_PATH_WORDS) cr_assert_eq(rec[i], keep[i], "word %d", i);
  }
}

/* The largest digits at every place fit their words: 3 at move 0, 2 at
 * every other, all 192 moves. */
Test(arena, paths_hold_their_largest_digits) {
  uint8_t want[BS_PATH_MAX], got[BS_PATH_MAX];
  uint32_t rec[BS_REC_INTS] = {0};
  for (unsigned k = 0; k < BS_PATH_MAX; k++) {
    /* Digit 2 after move `last` is the last move that does not undo it. */
    want[k] = (uint8_t)(k ? (want[k - 1] ^ 1) == 3 ? 2 : 3 : 3);
    rec[BS_R_PATH + bs_path_word(k)] += bs_path_step(bs_path_place(k), k ? want[k - 1] : -1, want[k]);
  }
  bs_path_moves(rec, BS_PATH_MAX, got);
  cr_assert_arr_eq(got, want, BS_PATH_MAX);
}

Test(arena, new_self_other) {
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, 100), 0);
  bs_arena_clear(&ar, 2);
  const uint32_t *other;
  cr_assert_eq(lookup(&ar, 5, BS_FORWARD, 0, &other), BS_NEW);
  uint32_t id = insert(&ar, 5, BS_FORWARD, 0);
  cr_assert_eq(id, 1);
  finds(&ar, 5, BS_FORWARD, id, 0);
  cr_assert_eq(lookup(&ar, 6, BS_FORWARD, 0, &other), BS_NEW);
  uint32_t id2 = insert(&ar, 6, BS_BACKWARD, 0);
  finds(&ar, 6, BS_BACKWARD, id2, 0);
  finds(&ar, 5, BS_FORWARD, id, 0);
  /* Only the packed words decide: a different path or depth is the same state. */
  uint32_t c[BS_REC_INTS];
  make_rec(&ar, c, 5, BS_FORWARD, 0);
  c[BS_R_META] = bs_meta(77, BS_FORWARD, 3, BS_U, BS_TIE_MAX);
  c[BS_R_PATH] = 0xdeadbeef;
  cr_assert_eq(bs_arena_lookup(&ar, c, &other), BS_SEEN_SELF);
  /* A board differing in its second word only is another state. */
  make_rec(&ar, c, 5, BS_FORWARD, 0);
  c[1] ^= 1;
  c[BS_R_HASH] = bs_test_hash(c, 2);
  cr_assert_eq(bs_arena_lookup(&ar, c, &other), BS_NEW);
  bs_arena_free(&ar);
}

Test(arena, many_records_and_growth) {
  const uint32_t cap = 20000, n = 15000;
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, cap), 0);
  bs_arena_clear(&ar, 2);
  uint32_t first = ar.nslots;
  cr_assert_leq(first, BS_TABLE_MIN);
  for (uint32_t k = 1; k <= n; k++) {
    cr_assert_eq(insert(&ar, k * 3, k & 1, 0), k);
    cr_assert_leq(2 * bs_arena_count(&ar), ar.nslots, "the table stays at most half full");
    cr_assert_leq(ar.nslots, 3 * cap);
  }
  cr_assert_gt(ar.nslots, first, "the table grew");
  for (uint32_t k = 1; k <= n; k++) finds(&ar, k * 3, k & 1, k, 0);
  const uint32_t *other;
  for (uint32_t k = 1; k <= 2000; k++)
    cr_assert_eq(lookup(&ar, k * 3 + 1, k & 1, 0, &other), BS_NEW, "never inserted: %u", k * 3 + 1);
  bs_arena_free(&ar);
}

Test(arena, collisions) {
  /* Every record has the same hash: the probe chain must still tell the
   * boards apart, also after the table grows. */
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, 3000), 0);
  bs_arena_clear(&ar, 2);
  for (uint32_t k = 1; k <= 1500; k++) insert(&ar, k, k % 2, 1);
  for (uint32_t k = 1; k <= 1500; k++) finds(&ar, k, k % 2, k, 1);
  const uint32_t *other;
  cr_assert_eq(lookup(&ar, 1501, 0, 1, &other), BS_NEW);
  bs_arena_free(&ar);
}

Test(arena, fills_to_capacity) {
  const uint32_t cap = 300;
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, cap), 0);
  bs_arena_clear(&ar, 2);
  for (uint32_t k = 1; k <= cap; k++) {
    cr_assert_not(bs_arena_full(&ar), "not full at %u", k - 1);
    insert(&ar, k, 0, 0);
  }
  cr_assert(bs_arena_full(&ar));
  cr_assert_eq(ar.nslots, 3 * cap, "a full arena uses every slot of its budget");
  for (uint32_t k = 1; k <= cap; k++) finds(&ar, k, 0, k, 0);
  const uint32_t *other;
  cr_assert_eq(lookup(&ar, cap + 1, 0, 0, &other), BS_NEW, "a lookup in a full table ends");
  bs_arena_free(&ar);
}

Test(arena, expect_sizes_the_table_once) {
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, 5000), 0);
  bs_arena_clear(&ar, 2);
  bs_arena_expect(&ar, 3000);
  cr_assert_eq(ar.nslots, 9000, "three slots a record expected");
  for (uint32_t k = 1; k <= 3000; k++) insert(&ar, k, k % 2, 0);
  cr_assert_eq(ar.nslots, 9000, "the expected records never grow it");
  for (uint32_t k = 1; k <= 3000; k++) finds(&ar, k, k % 2, k, 0);
  bs_arena_expect(&ar, 5000);
  cr_assert_eq(ar.nslots, 9000, "a table with records in is left alone");
  /* Never past the budget's slots; and the slots it takes in after a
   * clear are empty, though it empties none itself. */
  bs_arena_clear(&ar, 2);
  bs_arena_expect(&ar, 1u << 30);
  cr_assert_eq(ar.nslots, 3 * 5000);
  const uint32_t *other;
  for (uint32_t k = 1; k <= 3000; k++) cr_assert_eq(lookup(&ar, k, 0, 0, &other), BS_NEW, "key %u", k);
  /* A smaller hint keeps the table. */
  bs_arena_clear(&ar, 2);
  bs_arena_expect(&ar, 10);
  cr_assert_eq(ar.nslots, BS_TABLE_MIN);
  for (uint32_t k = 1; k <= 5000; k++) insert(&ar, k, 0, 0);
  cr_assert(bs_arena_full(&ar));
  bs_arena_free(&ar);
}

Test(arena, clear_forgets) {
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, 5000), 0);
  bs_arena_clear(&ar, 2);
  for (uint32_t k = 1; k <= 3000; k++) insert(&ar, k, 0, 0);
  bs_arena_clear(&ar, 2);
  cr_assert_eq(bs_arena_count(&ar), 0);
  cr_assert_leq(ar.nslots, BS_TABLE_MIN, "clear shrinks the table back");
  const uint32_t *other;
  for (uint32_t k = 1; k <= 3000; k++) cr_assert_eq(lookup(&ar, k, 0, 0, &other), BS_NEW);
  /* And it works again from scratch, with another word count. */
  bs_arena_clear(&ar, 3);
  for (uint32_t k = 1; k <= 3000; k++) insert(&ar, k, 1, 0);
  for (uint32_t k = 1; k <= 3000; k++) finds(&ar, k, 1, k, 0);
  bs_arena_free(&ar);
}

Test(arena, keep_renumbers) {
  bs_arena ar;
  cr_assert_eq(bs_arena_init(&ar, 4000), 0);
  bs_arena_clear(&ar, 2);
  for (uint32_t k = 1; k <= 3000; k++) insert(&ar, 1000 + k, k % 2, 0); /* record k holds key 1000+k */
  /* Keep [101,201), an empty range, [1501,2001) and [2901,3001). */
  uint32_t lo[4] = {101, 700, 1501, 2901}, hi[4] = {201, 700, 2001, 3001};
  bs_arena_keep(&ar, lo, hi, 4);
  cr_assert_eq(bs_arena_count(&ar), 100 + 500 + 100);
  uint32_t id = 1;
  for (int r = 0; r < 4; r++)
    for (uint32_t old = lo[r]; old < hi[r]; old++, id++) {
      const uint32_t *rec = bs_arena_rec(&ar, id);
      cr_assert_eq(rec[0], 1000 + old, "record %u should be the old %u", id, old);
      cr_assert_eq(bs_meta_side(rec[BS_R_META]), old % 2);
      finds(&ar, 1000 + old, old % 2, id, 0);
    }
  const uint32_t *other;
  for (uint32_t old = 1; old <= 3000; old++) {
    int kept = (old >= 101 && old < 201) || (old >= 1501 && old < 2001) || old >= 2901;
    if (!kept) cr_assert_eq(lookup(&ar, 1000 + old, 0, 0, &other), BS_NEW, "dropped %u is gone", old);
  }
  /* New records go after the kept ones and are found with them. */
  cr_assert_eq(insert(&ar, 99999, 0, 0), 701);
  finds(&ar, 99999, 0, 701, 0);
  finds(&ar, 1000 + 2950, 0, 700 - 50, 0);
  bs_arena_free(&ar);
}

/* ---- a full arena through the solver -------------------------------- */

/* A 4x4 board scrambled by a seeded random walk: far too deep for a few
 * thousand states. */
static bs_board scrambled_4x4(void) {
  uint8_t cell[16];
  for (int i = 0; i < 15; i++) cell[i] = (uint8_t)(i + 1);
  cell[15] = 0;
  bs_board b = bs_test_board(4, 4, 0, cell);
  uint64_t seed = 44;
  for (int k = 0; k < 400; k++) bs_move(&b, bs_rand_below(&seed, 4));
  return b;
}

Test(arena, solver_too_little_memory) {
  bs_solver sv;
  char err[200] = "";
  cr_assert_eq(bs_solver_init(&sv, BS_STORE_ARENA, 150, 0, err, sizeof err), -1);
  cr_assert_neq(err[0], 0, "says why");
}

Test(arena, full_arena_gives_up) {
  bs_board b = scrambled_4x4();
  const char *why;
  cr_assert_eq(bs_solvability(&b, &why), BS_SOLVABLE);
  static const bs_mode modes[] = {BS_MODE_EXACT, BS_MODE_BFS};
  for (int k = 0; k < 4; k++)
    for (uint64_t mem = 204; mem <= (64u << 10); mem *= 4) {
      int mode = modes[k / 2], recycle = k % 2;
      bs_solver sv;
      char err[200];
      cr_assert_eq(bs_solver_init(&sv, BS_STORE_ARENA, mem, 0, err, sizeof err), 0, "%s", err);
      bs_opts o = {.recycle = recycle, .budget = 0};
      bs_result r;
      bs_solver_solve(&sv, &b, (bs_mode)mode, &o, &r);
      cr_assert_eq(r.status, BS_ST_GAVE_UP, "%s mem %llu recycle %d: %s", bs_mode_name((bs_mode)mode),
                   (unsigned long long)mem, recycle, bs_status_name(r.status));
      cr_assert_not_null(r.reason);
      cr_assert_str_eq(r.reason, "memory cap");
      cr_assert_not(r.optimal);
      cr_assert_leq(r.peak_states, sv.cap, "never more states than the capacity");
      cr_assert_gt(r.generated, 0);
      bs_solver_free(&sv);
    }
}
