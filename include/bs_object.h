/* bs_object: the store a C programmer writes without an arena. Each state
 * is its own malloc'd struct (bs_obj: the 23 record words of bs_record.h),
 * found and numbered by a bs_objset (bs_objset.h: a hash set of pointers
 * and an id -> pointer vector), which this store only feeds with structs:
 *
 *   set    table[], id[], scratch: the lookup and numbering of bs_objset.h
 *   spare  [ p | p ]   malloc'd ahead: the next new states' memory
 *   p -> malloc'd bs_obj { packed board, hash, meta, path, score }
 *
 * Dropped states are freed by bs_object_keep, and everything the puzzle
 * used (states, table, vector) is freed when the next puzzle starts or the
 * store is freed.
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

#include "bs_objset.h"

typedef struct bs_object {
  bs_objset set;
  bs_obj *spare[2];   /* malloc'd ahead: the next states' memory */
  int nspare;
  size_t obj_bytes;   /* what malloc spends on one bs_obj */
  size_t fixed_bytes; /* what malloc spends on the set's table and vector */
} bs_object;

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
/* Sizes the empty table for about n states (bs_objset_expect). */
void bs_object_expect(bs_object *st, uint64_t n);

static inline uint32_t bs_object_count(const bs_object *st) { return st->set.count; }
static inline uint32_t bs_object_capacity(const bs_object *st) { return st->set.limit; }
static inline int bs_object_full(const bs_object *st) { return bs_objset_full(&st->set) || !st->nspare; }
static inline uint32_t *bs_object_rec(const bs_object *st, uint32_t id) { return bs_objset_rec(&st->set, id); }
static inline uint32_t *bs_object_scratch(bs_object *st) { return st->set.scratch; }
static inline void bs_object_prefetch(const bs_object *st, uint32_t hash) { bs_objset_prefetch(&st->set, hash); }
static inline int bs_object_lookup(bs_object *st, const uint32_t *cand, const uint32_t **other) {
  return bs_objset_lookup(&st->set, cand, other);
}

/* Copies the scratch into a spare struct; only after a BS_NEW lookup. */
static inline void bs_object_commit(bs_object *st) {
  bs_objset_add(&st->set, st->spare[--st->nspare]);
  if (!st->nspare && (st->spare[0] = malloc(sizeof(bs_obj)))) st->nspare = 1;
  if (bs_objset_wants_grow(&st->set)) bs_object_grow(st);
}

static inline size_t bs_object_bytes(const bs_object *st) {
  return (st->set.count + (size_t)st->nspare) * st->obj_bytes + st->fixed_bytes;
}

#endif
