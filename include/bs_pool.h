/* bs_pool: the object store with its memory recycled. States are the same
 * bs_obj structs as in bs_object.h, found and numbered by the same
 * bs_objset (bs_objset.h), but the structs come from slabs that the pool
 * keeps for its whole life:
 *
 *   slab[0]  [ obj | obj | ... | obj ]   slab_objs structs, 88 bytes each
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

#include "bs_objset.h"

/* The most structs a slab holds; a pool capped below it takes slabs of its
 * cap, so that a small cap does not cost a whole slab. */
#define BS_SLAB_OBJS 8192

typedef struct bs_pool {
  bs_objset set;
  bs_obj **slab;      /* nslab slabs of slab_objs structs */
  bs_obj *free_list;  /* dropped structs, linked through their first words */
  uint32_t nslab, slabcap, slab_objs;
  uint32_t cur, used; /* bump point: next struct is slab[cur][used] */
  size_t slab_bytes;  /* what malloc spends on the slabs */
  size_t bytes;       /* ... and on everything else held */
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
/* Sizes the empty table for about n states (bs_objset_expect). */
void bs_pool_expect(bs_pool *p, uint64_t n);

static inline uint32_t bs_pool_count(const bs_pool *p) { return p->set.count; }
static inline uint32_t bs_pool_capacity(const bs_pool *p) { return p->set.limit; }
static inline int bs_pool_full(const bs_pool *p) { return bs_objset_full(&p->set); }
static inline uint32_t *bs_pool_rec(const bs_pool *p, uint32_t id) { return bs_objset_rec(&p->set, id); }
static inline uint32_t *bs_pool_scratch(bs_pool *p) { return p->set.scratch; }
static inline void bs_pool_prefetch(const bs_pool *p, uint32_t hash) { bs_objset_prefetch(&p->set, hash); }
static inline int bs_pool_lookup(bs_pool *p, const uint32_t *cand, const uint32_t **other) {
  return bs_objset_lookup(&p->set, cand, other);
}

/* The slab at the bump point is used up and no struct is free. */
static inline int bs_pool_slab_spent(const bs_pool *p) { return !p->free_list && p->used == p->slab_objs; }

/* Copies the scratch into a pooled struct; only after a BS_NEW lookup. */
static inline void bs_pool_commit(bs_pool *p) {
  bs_obj *o;
  if (p->free_list) {
    o = p->free_list;
    memcpy(&p->free_list, o->w, sizeof p->free_list);
  } else {
    o = &p->slab[p->cur][p->used++];
  }
  bs_objset_add(&p->set, o);
  if (bs_pool_slab_spent(p) || bs_objset_wants_grow(&p->set)) bs_pool_grow(p);
}

static inline size_t bs_pool_bytes(const bs_pool *p) { return p->bytes; }

#endif
