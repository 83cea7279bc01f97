/* bs_arena: the flat store. Every state of a search is a record in one
 * preallocated uint32 array, and the hash table that finds them lives in the
 * same array. Nothing per state is allocated anywhere else.
 *
 *   a[0]                        reserved: index 0 means "no record"
 *   a[1 .. 22*cap]              records 1..cap, 22 words each (bs_record.h)
 *   a[22*cap+1 .. 25*cap]       the table: 3 slots per record of capacity,
 *                               each a record index (+ hash tag), 0 = empty
 *
 *   +---+--------+--------+-----+--------+--------------------------+
 *   | 0 | rec 1  | rec 2  | ... | rec cap| slot 0 ... slot 3*cap-1  |
 *   +---+--------+--------+-----+--------+--------------------------+
 *        22 ints   22 ints                 3 ints per record
 *
 * So each record costs 25 ints, 100 bytes, and the allocation is 1 + 25*cap
 * ints. The table keeps the slots of a record's budget together at the end
 * so that linear probing walks adjacent words. It uses only as many slots as
 * the records so far need (at most half full), growing by half as they
 * grow, so a small puzzle touches a small part of the array; a search that
 * will fill the arena (a beam) sizes it once instead (bs_arena_expect).
 * The array is one anonymous mapping (bs_mem.h), on huge pages but for the
 * first 2 MiB of the records and of the table.
 *
 * The table holds the states of both directions: a lookup says a board is
 * new, seen by this side (a loop), or seen by the other side (a meeting). */
#ifndef BS_ARENA_H
#define BS_ARENA_H

#include <stddef.h>
#include <stdint.h>
#include "bs_record.h"

#define BS_SLOT_INTS 3 /* table slots a record's budget adds */
#define BS_ARENA_INTS (BS_REC_INTS + BS_SLOT_INTS)
#define BS_ARENA_RECORD_BYTES (BS_ARENA_INTS * 4)
_Static_assert(BS_ARENA_INTS == 25, "the design: a state is 25 ints of the arena, table included");
#define BS_TABLE_MIN 1024

enum { BS_NEW = 0, BS_SEEN_SELF = 1, BS_SEEN_OTHER = 2 };

typedef struct bs_arena {
  uint32_t *a;
  uint32_t cap;     /* records */
  uint32_t count;   /* records in use: 1..count */
  uint32_t nslots;  /* table slots in use, at most 2*cap */
  uint32_t *table;  /* a + 1 + BS_REC_INTS*cap */
  uint32_t pending; /* slot that bs_arena_commit fills */
  int nwords;       /* packed words of the current puzzle */
} bs_arena;

/* Capacity in records for a memory budget in bytes; 0 if too small. */
uint32_t bs_capacity_for(uint64_t bytes);

/* Allocates the arena for cap records. Returns 0, or -1 if out of memory. */
int bs_arena_init(bs_arena *ar, uint32_t cap);
void bs_arena_free(bs_arena *ar);

/* Empties the arena for a puzzle whose boards pack into nwords words. */
void bs_arena_clear(bs_arena *ar, int nwords);

/* Grows the table by half and rehashes every record; called when half full. */
void bs_arena_grow_table(bs_arena *ar);

/* Sizes the empty table for about n records at once, for a search that
 * will fill it: growing step by step rehashes every record three times
 * over. Does nothing once a record is in. */
void bs_arena_expect(bs_arena *ar, uint64_t n);

/* Keeps only the records in the n ascending ranges [lo[i], hi[i]) and
 * renumbers them from 1 in order, then rebuilds the table. */
void bs_arena_keep(bs_arena *ar, const uint32_t *lo, const uint32_t *hi, int n);

static inline uint32_t *bs_arena_rec(const bs_arena *ar, uint32_t id) {
  return ar->a + BS_REC_INTS * (size_t)id - (BS_REC_INTS - 1);
}

static inline uint32_t bs_arena_count(const bs_arena *ar) { return ar->count; }
static inline uint32_t bs_arena_capacity(const bs_arena *ar) { return ar->cap; }
static inline int bs_arena_full(const bs_arena *ar) { return ar->count == ar->cap; }

/* Where the next state is built: the first free record. */
static inline uint32_t *bs_arena_scratch(bs_arena *ar) { return bs_arena_rec(ar, ar->count + 1); }

static inline uint32_t bs_slot_of(uint32_t hash, uint32_t nslots) {
  return (uint32_t)(((uint64_t)hash * nslots) >> 32);
}

/* A slot holds the record index in its low 27 bits and 5 low bits of the
 * record's hash above them (the slot number comes from the high bits), so
 * most probes that pass a different board never touch its record. */
#define BS_ID_BITS 27
#define BS_ID_MASK ((1u << BS_ID_BITS) - 1)
#define BS_MAX_CAP BS_ID_MASK
static inline uint32_t bs_tag(uint32_t hash) { return (hash & 31u) << BS_ID_BITS; }

/* Hints the cache about the slot a board with this hash starts at. */
static inline void bs_arena_prefetch(const bs_arena *ar, uint32_t hash) {
  __builtin_prefetch(&ar->table[bs_slot_of(hash, ar->nslots)]);
}

/* Looks up the board in cand (its hash set). On BS_NEW remembers the empty
 * slot for bs_arena_commit; on BS_SEEN_OTHER sets *other to that record. */
static inline int bs_arena_lookup(bs_arena *ar, const uint32_t *cand, const uint32_t **other) {
  uint32_t h = cand[BS_R_HASH], s = bs_slot_of(h, ar->nslots), tag = bs_tag(h);
  for (;;) {
    uint32_t v = ar->table[s];
    if (!v) {
      ar->pending = s;
      return BS_NEW;
    }
    if ((v & ~BS_ID_MASK) == tag) {
      const uint32_t *r = bs_arena_rec(ar, v & BS_ID_MASK);
      if (r[BS_R_HASH] == h && !memcmp(r, cand, (size_t)ar->nwords * sizeof(uint32_t))) {
        if (bs_meta_side(r[BS_R_META]) == bs_meta_side(cand[BS_R_META])) return BS_SEEN_SELF;
        *other = r;
        return BS_SEEN_OTHER;
      }
    }
    if (++s == ar->nslots) s = 0;
  }
}

/* Makes the scratch record a record; only after a BS_NEW lookup. */
static inline void bs_arena_commit(bs_arena *ar) {
  ar->count++;
  ar->table[ar->pending] = ar->count | bs_tag(bs_arena_rec(ar, ar->count)[BS_R_HASH]);
  if (2 * ar->count > ar->nslots && ar->nslots < BS_SLOT_INTS * ar->cap) bs_arena_grow_table(ar);
}

/* The records' memory, lent as scratch between searches (bs_pdb_build's
 * room): its words are lost, and every search clears the arena first.
 * Counted in the arena's bytes, and so in --mem. */
static inline void *bs_arena_records(const bs_arena *ar, size_t *bytes) {
  *bytes = BS_REC_INTS * (size_t)ar->cap * sizeof(uint32_t);
  return ar->a + 1;
}

/* Bytes of the arena this puzzle has touched so far. */
static inline size_t bs_arena_bytes(const bs_arena *ar) {
  return (1 + BS_REC_INTS * (size_t)ar->count + ar->nslots) * sizeof(uint32_t);
}

#endif
