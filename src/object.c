/* bs_object: set-up, growth, recycling and freeing of the object store. */
#include "bs_object.h"

#include <malloc.h>

#define BS_ID_MIN 1024

size_t bs_malloc_spent(void *p) { return p ? malloc_usable_size(p) + sizeof(size_t) : 0; }

void bs_obj_index(bs_obj **table, uint32_t nslots, bs_obj *const *id, uint32_t count) {
  for (uint32_t i = 1; i <= count; i++) {
    uint32_t s = bs_slot_of(id[i]->w[BS_R_HASH], nslots);
    while (table[s])
      if (++s == nslots) s = 0;
    table[s] = id[i];
  }
}

static void note_fixed(bs_object *st) { st->fixed_bytes = bs_malloc_spent(st->table) + bs_malloc_spent(st->id); }

static void free_states(bs_object *st) {
  for (uint32_t i = 1; i <= st->count; i++) free(st->id[i]);
  st->count = 0;
}

static void top_up_spares(bs_object *st) {
  while (st->nspare < 2 && (st->spare[st->nspare] = malloc(sizeof(bs_obj)))) st->nspare++;
}

int bs_object_init(bs_object *st, uint32_t cap) {
  memset(st, 0, sizeof *st);
  st->cap = cap;
  top_up_spares(st);
  if (st->nspare < 2) {
    bs_object_free(st);
    return -1;
  }
  st->obj_bytes = bs_malloc_spent(st->spare[0]);
  return 0;
}

void bs_object_free(bs_object *st) {
  free_states(st);
  while (st->nspare) free(st->spare[--st->nspare]);
  free(st->table);
  free(st->id);
  memset(st, 0, sizeof *st);
}

void bs_object_clear(bs_object *st, int nwords) {
  free_states(st);
  free(st->table);
  free(st->id);
  st->nwords = nwords;
  st->stuck = 0;
  st->nslots = 2 * st->cap < BS_TABLE_MIN ? 2 * st->cap : BS_TABLE_MIN;
  st->idcap = st->cap < BS_ID_MIN ? st->cap + 1 : BS_ID_MIN;
  st->table = calloc(st->nslots, sizeof *st->table);
  st->id = malloc(st->idcap * sizeof *st->id);
  top_up_spares(st);
  /* Without these the puzzle cannot start: capacity 0 makes it give up. */
  st->limit = st->table && st->id && st->nspare == 2 ? st->cap : 0;
  note_fixed(st);
}

void bs_object_grow(bs_object *st) {
  if (2 * st->count > st->nslots && st->nslots < 2 * st->cap) {
    uint64_t n = 2 * (uint64_t)st->nslots;
    if (n > 2 * (uint64_t)st->cap) n = 2 * (uint64_t)st->cap;
    bs_obj **t = calloc(n, sizeof *t);
    if (t) {
      free(st->table);
      st->table = t;
      st->nslots = (uint32_t)n;
      bs_obj_index(st->table, st->nslots, st->id, st->count);
    } else {
      st->stuck = 1;
    }
  }
  if (st->count + 1 == st->idcap && st->idcap <= st->cap) {
    uint64_t n = 2 * (uint64_t)st->idcap;
    if (n > (uint64_t)st->cap + 1) n = (uint64_t)st->cap + 1;
    bs_obj **v = realloc(st->id, n * sizeof *v);
    if (v) {
      st->id = v;
      st->idcap = (uint32_t)n;
    } else {
      st->stuck = 1;
    }
  }
  note_fixed(st);
}

void bs_object_keep(bs_object *st, const uint32_t *lo, const uint32_t *hi, int n) {
  uint32_t next = 1, i = 1;
  for (int k = 0; k <= n; k++) {
    uint32_t end = k < n ? lo[k] : st->count + 1;
    for (; i < end; i++) free(st->id[i]);
    if (k == n) break;
    for (; i < hi[k]; i++) st->id[next++] = st->id[i];
  }
  st->count = next - 1;
  memset(st->table, 0, st->nslots * sizeof *st->table);
  bs_obj_index(st->table, st->nslots, st->id, st->count);
  /* Room was short only for want of memory; some has just been freed. */
  st->stuck = 0;
  if (!st->nspare) top_up_spares(st);
  if (2 * st->count > st->nslots || st->count + 1 == st->idcap) bs_object_grow(st);
}
