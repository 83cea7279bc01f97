/* bs_pool: slabs, growth, recycling and freeing of the pooled store. */
#include "bs_pool.h"

#include <stdlib.h>

#define BS_ID_MIN 1024

static uint32_t initial_slots(const bs_pool *p) {
  return 2 * p->cap < BS_TABLE_MIN ? 2 * p->cap : BS_TABLE_MIN;
}

static void note_bytes(bs_pool *p) {
  p->bytes = p->slab_bytes + bs_malloc_spent(p->slab) + bs_malloc_spent(p->table) +
             bs_malloc_spent(p->id);
}

/* Appends a slab. Returns 0 or -1. */
static int add_slab(bs_pool *p) {
  if (p->nslab == p->slabcap) {
    uint32_t n = p->slabcap ? 2 * p->slabcap : 16;
    bs_obj **v = realloc(p->slab, n * sizeof *v);
    if (!v) return -1;
    p->slab = v;
    p->slabcap = n;
  }
  bs_obj *s = malloc(BS_SLAB_OBJS * sizeof *s);
  if (!s) return -1;
  p->slab[p->nslab++] = s;
  p->slab_bytes += bs_malloc_spent(s);
  return 0;
}

/* What every puzzle needs before its first state: one slab, a table of the
 * initial size and a vector with room for the first ids. Returns 0 or -1. */
static int ready(bs_pool *p) {
  uint32_t slots = initial_slots(p), ids = p->cap < BS_ID_MIN ? p->cap + 1 : BS_ID_MIN;
  if (!p->nslab && add_slab(p)) return -1;
  if (p->tabcap < slots) {
    bs_obj **t = calloc(slots, sizeof *t);
    if (!t) return -1;
    free(p->table);
    p->table = t;
    p->tabcap = slots;
  }
  if (p->idcap < ids) {
    bs_obj **v = realloc(p->id, ids * sizeof *v);
    if (!v) return -1;
    p->id = v;
    p->idcap = ids;
  }
  return 0;
}

int bs_pool_init(bs_pool *p, uint32_t cap) {
  memset(p, 0, sizeof *p);
  p->cap = cap;
  int rc = ready(p);
  note_bytes(p);
  if (rc) bs_pool_free(p);
  return rc;
}

void bs_pool_free(bs_pool *p) {
  for (uint32_t i = 0; i < p->nslab; i++) free(p->slab[i]);
  free(p->slab);
  free(p->table);
  free(p->id);
  memset(p, 0, sizeof *p);
}

void bs_pool_clear(bs_pool *p, int nwords) {
  if (p->table) memset(p->table, 0, p->nslots * sizeof *p->table);
  p->count = 0;
  p->cur = p->used = 0;
  p->free_list = NULL;
  p->stuck = 0;
  p->nwords = nwords;
  p->nslots = initial_slots(p);
  /* Only the first puzzle, or one after a failed allocation, allocates. */
  p->limit = ready(p) ? 0 : p->cap;
  note_bytes(p);
}

void bs_pool_grow(bs_pool *p) {
  if (!p->free_list && p->used == BS_SLAB_OBJS) {
    if (p->cur + 1 < p->nslab || !add_slab(p)) {
      p->cur++;
      p->used = 0;
    } else {
      p->stuck = 1;
    }
  }
  if (2 * p->count > p->nslots && p->nslots < 2 * p->cap) {
    uint64_t n = 2 * (uint64_t)p->nslots;
    if (n > 2 * (uint64_t)p->cap) n = 2 * (uint64_t)p->cap;
    bs_obj **t = p->table;
    if (n > p->tabcap) {
      t = calloc(n, sizeof *t);
    } else {
      memset(t, 0, n * sizeof *t);
    }
    if (t) {
      if (t != p->table) {
        free(p->table);
        p->table = t;
        p->tabcap = (uint32_t)n;
      }
      p->nslots = (uint32_t)n;
      bs_obj_index(p->table, p->nslots, p->id, p->count);
    } else {
      p->stuck = 1;
    }
  }
  if (p->count + 1 == p->idcap && p->idcap <= p->cap) {
    uint64_t n = 2 * (uint64_t)p->idcap;
    if (n > (uint64_t)p->cap + 1) n = (uint64_t)p->cap + 1;
    bs_obj **v = realloc(p->id, n * sizeof *v);
    if (v) {
      p->id = v;
      p->idcap = (uint32_t)n;
    } else {
      p->stuck = 1;
    }
  }
  note_bytes(p);
}

void bs_pool_keep(bs_pool *p, const uint32_t *lo, const uint32_t *hi, int n) {
  uint32_t next = 1, i = 1;
  for (int k = 0; k <= n; k++) {
    uint32_t end = k < n ? lo[k] : p->count + 1;
    for (; i < end; i++) {
      memcpy(p->id[i]->w, &p->free_list, sizeof p->free_list);
      p->free_list = p->id[i];
    }
    if (k == n) break;
    for (; i < hi[k]; i++) p->id[next++] = p->id[i];
  }
  p->count = next - 1;
  memset(p->table, 0, p->nslots * sizeof *p->table);
  bs_obj_index(p->table, p->nslots, p->id, p->count);
  /* Room was short only for want of memory, and structs were just freed. */
  p->stuck = 0;
  if (2 * p->count > p->nslots || p->count + 1 == p->idcap) bs_pool_grow(p);
}
