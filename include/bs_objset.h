/* bs_objset: the part the object store (bs_object.h) and the pool store
 * (bs_pool.h) share, which is all of them but where a state's memory comes
 * from. A state is a struct (bs_obj) at its own address; the set finds it
 * through an open-addressing hash set of pointers and numbers it through an
 * id -> pointer vector, since the search walks its layers by id:
 *
 *   id[]     [ - | p1 | p2 | ... | pcount ]        doubles as it fills
 *   table[]  [ p7 | 0 | p2 | 0 | 0 | p1 | ... ]    doubles at half full
 *   p -> bs_obj { packed board, hash, meta, path, score }
 *
 * A candidate is built in the set's scratch buffer and copied into a struct
 * only when the lookup says it is new. The set never allocates or frees a
 * struct: the store that embeds it hands bs_objset_add the struct to fill
 * and says how bs_objset_keep gives back the ones it drops (free() or a
 * free list), so the stores differ only there. The set owns its table and
 * vector; table[] keeps its memory when a puzzle needs fewer slots (tabcap),
 * so a store that keeps the set across puzzles does not reallocate it. */
#ifndef BS_OBJSET_H
#define BS_OBJSET_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bs_arena.h" /* bs_slot_of, BS_NEW..., BS_TABLE_MIN */
#include "bs_record.h"

/* One state: the same 22 words, in the same order, as an arena record. */
typedef struct bs_obj {
  uint32_t w[BS_REC_INTS];
} bs_obj;

typedef struct bs_objset {
  bs_obj **id;        /* id[1..count]; id[0] unused */
  bs_obj **table;     /* nslots pointers in use of tabcap, NULL = empty */
  uint32_t idcap, tabcap, nslots;
  uint32_t count, cap;
  uint32_t limit;     /* cap, or 0 when a puzzle's first allocations failed */
  uint32_t pending;   /* slot that bs_objset_add fills */
  int stuck;          /* no room for one more state, for want of memory */
  int nwords;
  uint32_t scratch[BS_REC_INTS];
} bs_objset;

/* What malloc spends on block p (0 for NULL): its usable size plus the
 * size word that heads a glibc chunk. Exact for heap chunks; for the big
 * blocks glibc maps on their own it is 8 bytes short, out of whole pages. */
size_t bs_malloc_spent(void *p);

/* Empties the set for a puzzle whose boards pack into nwords words, and
 * sets the table back to its first size; keeps the table and vector. */
void bs_objset_clear(bs_objset *s, int nwords);
/* Gets the table and vector a puzzle needs before its first state, unless
 * the set has them. Returns 0, or -1 if out of memory. */
int bs_objset_ready(bs_objset *s);
/* Sizes the empty table for about n states at once, for a search that will
 * fill it (growing doubles it step by step, rehashing each time). A table
 * malloc cannot give now is grown later, as without the hint. */
void bs_objset_expect(bs_objset *s, uint64_t n);
/* Returns the table and vector to malloc (not the structs). */
void bs_objset_free(bs_objset *s);
/* Doubles the table and/or the vector as bs_objset_wants_grow says; sets
 * stuck if malloc fails. */
void bs_objset_grow(bs_objset *s);
/* Keeps ids in the ascending ranges [lo[i], hi[i]), renumbered from 1, and
 * rebuilds the table. The others are given back: with free_list NULL to
 * free(), else linked onto *free_list through their first words. */
void bs_objset_keep(bs_objset *s, const uint32_t *lo, const uint32_t *hi, int n, bs_obj **free_list);
/* What malloc spends on the table and the vector. */
size_t bs_objset_bytes(const bs_objset *s);

static inline int bs_objset_full(const bs_objset *s) { return s->count == s->limit || s->stuck; }
static inline uint32_t *bs_objset_rec(const bs_objset *s, uint32_t id) { return s->id[id]->w; }

/* Hints the cache about the slot a board with this hash starts at. */
static inline void bs_objset_prefetch(const bs_objset *s, uint32_t hash) {
  __builtin_prefetch(&s->table[bs_slot_of(hash, s->nslots)]);
}

/* Looks up the board in cand (its hash set). On BS_NEW remembers the empty
 * slot for bs_objset_add; on BS_SEEN_OTHER sets *other to that state. */
static inline int bs_objset_lookup(bs_objset *s, const uint32_t *cand, const uint32_t **other) {
  uint32_t h = cand[BS_R_HASH], i = bs_slot_of(h, s->nslots);
  for (;;) {
    const bs_obj *o = s->table[i];
    if (!o) {
      s->pending = i;
      return BS_NEW;
    }
    if (o->w[BS_R_HASH] == h && !memcmp(o->w, cand, (size_t)s->nwords * sizeof(uint32_t))) {
      if (bs_meta_side(o->w[BS_R_META]) == bs_meta_side(cand[BS_R_META])) return BS_SEEN_SELF;
      *other = o->w;
      return BS_SEEN_OTHER;
    }
    if (++i == s->nslots) i = 0;
  }
}

/* Copies the scratch into struct o as state count+1; only after a BS_NEW
 * lookup. The store then grows the set if bs_objset_wants_grow. */
static inline void bs_objset_add(bs_objset *s, bs_obj *o) {
  memcpy(o, s->scratch, sizeof *o);
  s->table[s->pending] = o;
  s->id[++s->count] = o;
}

/* The table is over half full, or the vector has no room for the next id,
 * and the cap allows more. */
static inline int bs_objset_wants_grow(const bs_objset *s) {
  return (2 * s->count > s->nslots && s->nslots < 2 * s->cap) || (s->count + 1 == s->idcap && s->idcap <= s->cap);
}

#endif
