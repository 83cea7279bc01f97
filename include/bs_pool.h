/* bs_pool: the object store with its memory recycled. States are the same
 * bs_obj structs as in bs_object.h, with the same hash set of pointers and
 * id -> pointer vector, but the structs come from slabs that the pool keeps
 * for its whole life:
 *
 *   slab[0]  [ obj | obj | ... | obj ]   BS_SLAB_OBJS structs, 92 bytes each
 *   slab[1]  [ obj | obj | obj | ...     <- bump point (cur, used)
 *   free     obj -> obj -> NULL          structs dropped by recycling
 *
 * A new state takes a struct from the free list, else the next one at the
 * bump point. A new puzzle resets the bump point to the first slab and
 * empties the free list: the slabs, the table and the vector stay, so once
 * the pool has grown to a set's biggest puzzle, solving the set allocates
 * nothing. A failed allocation makes the store "full", like the cap.
 *
 * bs_pool_bytes counts what malloc spends on everything the pool holds
 * (slabs, table, vector; malloc_usable_size plus the chunk's size word). */
#ifndef BS_POOL_H
#define BS_POOL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bs_arena.h" /* bs_hash, bs_slot_of, BS_NEW..., BS_TABLE_MIN */
#include "bs_object.h" /* bs_obj */
#include "bs_record.h"

#define BS_SLAB_OBJS 8192

typedef struct bs_pool {
  bs_obj **slab;      /* nslab slabs of BS_SLAB_OBJS structs */
  bs_obj *free_list;  /* dropped structs, linked through their first words */
  bs_obj **id;        /* id[1..count]; id[0] unused */
  bs_obj **table;     /* nslots pointers in use of tabcap, NULL = empty */
  uint32_t nslab, slabcap;
  uint32_t cur, used; /* bump point: next struct is slab[cur][used] */
  uint32_t idcap, tabcap, nslots;
  uint32_t count, cap;
  uint32_t limit;     /* cap, or 0 when a puzzle's first allocations failed */
  uint32_t pending;   /* slot that bs_pool_commit fills */
  int stuck;          /* out of structs, table or vector, for want of memory */
  int nwords;
  size_t slab_bytes;  /* what malloc spends on the slabs */
  size_t bytes;       /* ... and on everything else held */
  uint32_t scratch[BS_REC_INTS];
} bs_pool;

/* Sets up a pool for at most cap states per puzzle, with its first slab,
 * table and vector. Returns 0, or -1 if out of memory. */
int bs_pool_init(bs_pool *p, uint32_t cap);
/* Returns every slab, the table and the vector to malloc. */
void bs_pool_free(bs_pool *p);
/* Takes back every struct at once, for a new puzzle; keeps the memory. */
void bs_pool_clear(bs_pool *p, int nwords);
/* Moves to the next slab and/or grows the table or vector, as needed. */
void bs_pool_grow(bs_pool *p);
/* Keeps ids in the ascending ranges [lo[i], hi[i]), renumbered from 1;
 * puts the others on the free list and rebuilds the table. */
void bs_pool_keep(bs_pool *p, const uint32_t *lo, const uint32_t *hi, int n);

static inline uint32_t bs_pool_count(const bs_pool *p) { return p->count; }
static inline uint32_t bs_pool_capacity(const bs_pool *p) { return p->limit; }
static inline int bs_pool_full(const bs_pool *p) { return p->count == p->limit || p->stuck; }
static inline uint32_t *bs_pool_rec(const bs_pool *p, uint32_t id) { return p->id[id]->w; }
static inline uint32_t *bs_pool_scratch(bs_pool *p) { return p->scratch; }

/* Hints the cache about the slot a board with this hash starts at. */
static inline void bs_pool_prefetch(const bs_pool *p, uint32_t hash) {
  __builtin_prefetch(&p->table[bs_slot_of(hash, p->nslots)]);
}

static inline int bs_pool_lookup(bs_pool *p, const uint32_t *cand, const uint32_t **other) {
  uint32_t h = cand[BS_R_HASH], s = bs_slot_of(h, p->nslots);
  for (;;) {
    const bs_obj *o = p->table[s];
    if (!o) {
      p->pending = s;
      return BS_NEW;
    }
    if (o->w[BS_R_HASH] == h && !memcmp(o->w, cand, (size_t)p->nwords * sizeof(uint32_t))) {
      if (bs_meta_side(o->w[BS_R_META]) == bs_meta_side(cand[BS_R_META])) return BS_SEEN_SELF;
      *other = o->w;
      return BS_SEEN_OTHER;
    }
    if (++s == p->nslots) s = 0;
  }
}

/* Copies the scratch into a pooled struct; only after a BS_NEW lookup. */
static inline void bs_pool_commit(bs_pool *p) {
  bs_obj *o;
  if (p->free_list) {
    o = p->free_list;
    memcpy(&p->free_list, o->w, sizeof p->free_list);
  } else {
    o = &p->slab[p->cur][p->used++];
  }
  memcpy(o, p->scratch, sizeof *o);
  p->table[p->pending] = o;
  p->id[++p->count] = o;
  if ((!p->free_list && p->used == BS_SLAB_OBJS) || (2 * p->count > p->nslots && p->nslots < 2 * p->cap) ||
      (p->count + 1 == p->idcap && p->idcap <= p->cap))
    bs_pool_grow(p);
}

static inline size_t bs_pool_bytes(const bs_pool *p) { return p->bytes; }

#endif
