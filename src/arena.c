/* bs_arena: allocation, table growth and compaction of the flat store. */
#include "bs_arena.h"

#include "bs_mem.h"

uint32_t bs_capacity_for(uint64_t bytes) {
  uint64_t ints = bytes / sizeof(uint32_t);
  if (ints < 1 + BS_ARENA_INTS) return 0;
  uint64_t cap = (ints - 1) / BS_ARENA_INTS;
  return cap > BS_MAX_CAP ? BS_MAX_CAP : (uint32_t)cap;
}

/* The mapping of an arena of cap records (bs_mem.h). */
static size_t arena_bytes(uint32_t cap) { return (1 + BS_ARENA_INTS * (size_t)cap) * sizeof(uint32_t); }

int bs_arena_init(bs_arena *ar, uint32_t cap) {
  memset(ar, 0, sizeof *ar);
  ar->a = bs_mem_map(arena_bytes(cap)); /* zero pages, mapped as they are used */
  if (!ar->a) return -1;
  ar->cap = cap;
  ar->table = ar->a + 1 + BS_REC_INTS * (size_t)cap;
  /* Huge pages but for the first of the records and of the table, all
   * that a small puzzle touches, so that it costs kilobytes, not 4 MiB. */
  const size_t table = (size_t)(ar->table - ar->a) * sizeof(uint32_t);
  bs_mem_huge(ar->a, BS_MEM_HUGE, table);
  bs_mem_huge(ar->a, table + BS_MEM_HUGE, arena_bytes(cap));
  return 0;
}

void bs_arena_free(bs_arena *ar) {
  bs_mem_unmap(ar->a, arena_bytes(ar->cap));
  memset(ar, 0, sizeof *ar);
}

static uint32_t initial_slots(const bs_arena *ar) {
  return BS_SLOT_INTS * ar->cap < BS_TABLE_MIN ? BS_SLOT_INTS * ar->cap : BS_TABLE_MIN;
}

/* The records are read in order but their slots are random: prefetching the
 * slot of a record some way ahead keeps several misses in flight. */
#define REHASH_AHEAD 16

static void rehash(bs_arena *ar) {
  memset(ar->table, 0, ar->nslots * sizeof(uint32_t));
  for (uint32_t id = 1; id <= ar->count; id++) {
    if (id + REHASH_AHEAD <= ar->count)
      __builtin_prefetch(&ar->table[bs_slot_of(bs_arena_rec(ar, id + REHASH_AHEAD)[BS_R_HASH], ar->nslots)]);
    uint32_t h = bs_arena_rec(ar, id)[BS_R_HASH], s = bs_slot_of(h, ar->nslots);
    while (ar->table[s])
      if (++s == ar->nslots) s = 0;
    ar->table[s] = id | bs_tag(h);
  }
}

void bs_arena_clear(bs_arena *ar, int nwords) {
  memset(ar->table, 0, ar->nslots * sizeof(uint32_t));
  ar->count = 0;
  ar->nwords = nwords;
  ar->nslots = initial_slots(ar);
}

/* Growing by half, not by double, keeps the table between 2 and 3 slots a
 * record, so a record costs 96 to 100 bytes at any size. */
void bs_arena_grow_table(bs_arena *ar) {
  uint64_t n = (uint64_t)ar->nslots + ar->nslots / 2;
  ar->nslots = n > BS_SLOT_INTS * (uint64_t)ar->cap ? BS_SLOT_INTS * ar->cap : (uint32_t)n;
  rehash(ar);
}

void bs_arena_expect(bs_arena *ar, uint64_t n) {
  const uint64_t want = BS_SLOT_INTS * (n < ar->cap ? n : ar->cap);
  if (ar->count || want <= ar->nslots) return;
  /* No slot to empty: init, clear, growth and keep leave every slot from
   * nslots on empty. */
  ar->nslots = (uint32_t)want;
}

void bs_arena_keep(bs_arena *ar, const uint32_t *lo, const uint32_t *hi, int n) {
  uint32_t next = 1;
  for (int i = 0; i < n; i++) {
    uint32_t len = hi[i] - lo[i];
    if (len && lo[i] != next)
      memmove(bs_arena_rec(ar, next), bs_arena_rec(ar, lo[i]), (size_t)len * BS_REC_INTS * sizeof(uint32_t));
    next += len;
  }
  ar->count = next - 1;
  rehash(ar);
}
