/* bs_object: the store a C programmer writes without an arena. Each state
 * is its own malloc'd struct (bs_obj: the 23 record words of bs_record.h),
 * found through an open-addressing hash set of pointers and numbered
 * through an id -> pointer vector, since the search walks its layers by id.
 *
 *   id[]     [ - | p1 | p2 | ... | pcount ]        doubles as it fills
 *   table[]  [ p7 | 0 | p2 | 0 | 0 | p1 | ... ]    doubles at half full
 *   p -> malloc'd bs_obj { packed board, hash, meta, path, score }
 *
 * A candidate is built in the store's scratch buffer and copied into a
 * malloc'd struct only when the lookup says it is new. Dropped states are
 * freed by bs_object_keep, and everything the puzzle used (states, table,
 * vector) is freed when the next puzzle starts or the store is freed.
 *
 * malloc is called ahead of need: the store holds a spare struct for the
 * next new state (two when a puzzle starts, one for each root), so a failed
 * malloc makes the store "full" (the search then recycles or gives up with
 * "memory cap") instead of losing a state.
 *
 * bs_object_bytes counts what malloc really spends: for every block its
 * malloc_usable_size plus glibc's one-word chunk header, which is how far
 * apart consecutive blocks lie in memory (92 requested -> 112 spent). */
#ifndef BS_OBJECT_H
#define BS_OBJECT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bs_arena.h" /* bs_hash, bs_slot_of, BS_NEW..., BS_TABLE_MIN */
#include "bs_record.h"

/* One state: the same 23 words, in the same order, as an arena record. */
typedef struct bs_obj {
  uint32_t w[BS_REC_INTS];
} bs_obj;

typedef struct bs_object {
  bs_obj **id;        /* id[1..count]; id[0] unused */
  bs_obj **table;     /* nslots pointers, NULL = empty */
  bs_obj *spare[2];   /* malloc'd ahead: the next states' memory */
  uint32_t idcap;     /* entries of id[] */
  uint32_t nslots;    /* entries of table[], at most 2*cap */
  uint32_t count, cap;
  uint32_t limit;     /* cap, or 0 when a puzzle's first allocations failed */
  uint32_t pending;   /* slot that bs_object_commit fills */
  int nspare;
  int stuck;          /* the table or vector could not grow */
  int nwords;
  size_t obj_bytes;   /* what malloc spends on one bs_obj */
  size_t fixed_bytes; /* what malloc spends on table[] and id[] */
  uint32_t scratch[BS_REC_INTS];
} bs_object;

/* What malloc spends on block p (0 for NULL): its usable size plus the
 * size word that heads a glibc chunk. Exact for heap chunks; for the big
 * blocks glibc maps on their own it is 8 bytes short, out of whole pages. */
size_t bs_malloc_spent(void *p);
/* Fills an empty table of nslots with the structs id[1..count]. */
void bs_obj_index(bs_obj **table, uint32_t nslots, bs_obj *const *id, uint32_t count);

/* Sets up an empty store for at most cap states. Returns 0 or -1. */
int bs_object_init(bs_object *st, uint32_t cap);
/* Frees every state, the table and the vector. */
void bs_object_free(bs_object *st);
/* Frees the previous puzzle's states, table and vector; starts anew. */
void bs_object_clear(bs_object *st, int nwords);
/* Doubles the table and/or the id vector as commit needs them to. */
void bs_object_grow(bs_object *st);
/* Keeps ids in the ascending ranges [lo[i], hi[i]), renumbered from 1;
 * frees the others and rebuilds the table. */
void bs_object_keep(bs_object *st, const uint32_t *lo, const uint32_t *hi, int n);

static inline uint32_t bs_object_count(const bs_object *st) { return st->count; }
static inline uint32_t bs_object_capacity(const bs_object *st) { return st->limit; }
static inline int bs_object_full(const bs_object *st) {
  return st->count == st->limit || !st->nspare || st->stuck;
}
static inline uint32_t *bs_object_rec(const bs_object *st, uint32_t id) { return st->id[id]->w; }
static inline uint32_t *bs_object_scratch(bs_object *st) { return st->scratch; }

/* Hints the cache about the slot a board with this hash starts at. */
static inline void bs_object_prefetch(const bs_object *st, uint32_t hash) {
  __builtin_prefetch(&st->table[bs_slot_of(hash, st->nslots)]);
}

static inline int bs_object_lookup(bs_object *st, const uint32_t *cand, const uint32_t **other) {
  uint32_t h = cand[BS_R_HASH], s = bs_slot_of(h, st->nslots);
  for (;;) {
    const bs_obj *o = st->table[s];
    if (!o) {
      st->pending = s;
      return BS_NEW;
    }
    if (o->w[BS_R_HASH] == h && !memcmp(o->w, cand, (size_t)st->nwords * sizeof(uint32_t))) {
      if (bs_meta_side(o->w[BS_R_META]) == bs_meta_side(cand[BS_R_META])) return BS_SEEN_SELF;
      *other = o->w;
      return BS_SEEN_OTHER;
    }
    if (++s == st->nslots) s = 0;
  }
}

/* Copies the scratch into a malloc'd struct; only after a BS_NEW lookup. */
static inline void bs_object_commit(bs_object *st) {
  bs_obj *o = st->spare[--st->nspare];
  memcpy(o, st->scratch, sizeof *o);
  st->table[st->pending] = o;
  st->id[++st->count] = o;
  if (!st->nspare && (st->spare[0] = malloc(sizeof(bs_obj)))) st->nspare = 1;
  if ((2 * st->count > st->nslots && st->nslots < 2 * st->cap) ||
      (st->count + 1 == st->idcap && st->idcap <= st->cap))
    bs_object_grow(st);
}

static inline size_t bs_object_bytes(const bs_object *st) {
  return (st->count + (size_t)st->nspare) * st->obj_bytes + st->fixed_bytes;
}

#endif
