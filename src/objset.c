/* bs_objset: table and vector growth, the index rebuild and the keep walk
 * shared by the object and pool stores. */
#include "bs_objset.h"

#include <malloc.h>
#include <stdlib.h>

#define BS_ID_MIN 1024

size_t bs_malloc_spent(void *p) { return p ? malloc_usable_size(p) + sizeof(size_t) : 0; }

/* Makes table[0..n) empty and the table's size n: in place when its memory
 * is big enough, else in a new one. Returns 0, or -1 if out of memory. */
static int empty_table(bs_objset *s, uint32_t n) {
  if (n > s->tabcap) {
    bs_obj **t = calloc(n, sizeof *t);
    if (!t) return -1;
    free(s->table);
    s->table = t;
    s->tabcap = n;
  } else {
    memset(s->table, 0, n * sizeof *s->table);
  }
  s->nslots = n;
  return 0;
}

/* Gives the vector room for n entries. Returns 0, or -1 if out of memory. */
static int resize_ids(bs_objset *s, uint32_t n) {
  bs_obj **v = realloc(s->id, n * sizeof *v);
  if (!v) return -1;
  s->id = v;
  s->idcap = n;
  return 0;
}

/* Fills the empty table with the structs id[1..count]. */
static void index_all(bs_objset *s) {
  for (uint32_t i = 1; i <= s->count; i++) {
    uint32_t k = bs_slot_of(s->id[i]->w[BS_R_HASH], s->nslots);
    while (s->table[k])
      if (++k == s->nslots) k = 0;
    s->table[k] = s->id[i];
  }
}

static uint32_t initial_slots(const bs_objset *s) {
  return 2 * s->cap < BS_TABLE_MIN ? 2 * s->cap : BS_TABLE_MIN;
}

void bs_objset_clear(bs_objset *s, int nwords) {
  s->count = 0;
  s->stuck = 0;
  s->nwords = nwords;
  /* Slots past nslots are never read: bs_objset_ready and growth empty
   * what they hand out. */
  s->nslots = initial_slots(s);
}

int bs_objset_ready(bs_objset *s) {
  uint32_t ids = s->cap < BS_ID_MIN ? s->cap + 1 : BS_ID_MIN;
  if (empty_table(s, initial_slots(s))) return -1;
  if (s->idcap < ids && resize_ids(s, ids)) return -1;
  return 0;
}

void bs_objset_expect(bs_objset *s, uint64_t n) {
  const uint64_t want = 2 * (n < s->cap ? n : s->cap);
  if (!s->count && s->table && want > s->nslots) (void)empty_table(s, (uint32_t)want);
}

void bs_objset_free(bs_objset *s) {
  free(s->table);
  free(s->id);
  s->table = s->id = NULL;
  s->tabcap = s->idcap = 0;
}

void bs_objset_grow(bs_objset *s) {
  if (2 * s->count > s->nslots && s->nslots < 2 * s->cap) {
    uint64_t n = 2 * (uint64_t)s->nslots;
    if (n > 2 * (uint64_t)s->cap) n = 2 * (uint64_t)s->cap;
    if (empty_table(s, (uint32_t)n))
      s->stuck = 1;
    else
      index_all(s);
  }
  if (s->count + 1 == s->idcap && s->idcap <= s->cap) {
    uint64_t n = 2 * (uint64_t)s->idcap;
    if (n > (uint64_t)s->cap + 1) n = (uint64_t)s->cap + 1;
    if (resize_ids(s, (uint32_t)n)) s->stuck = 1;
  }
}

void bs_objset_keep(bs_objset *s, const uint32_t *lo, const uint32_t *hi, int n, bs_obj **free_list) {
  uint32_t next = 1, i = 1;
  for (int k = 0; k <= n; k++) {
    uint32_t end = k < n ? lo[k] : s->count + 1;
    for (; i < end; i++) {
      if (free_list) {
        memcpy(s->id[i]->w, free_list, sizeof *free_list);
        *free_list = s->id[i];
      } else {
        free(s->id[i]);
      }
    }
    if (k == n) break;
    for (; i < hi[k]; i++) s->id[next++] = s->id[i];
  }
  s->count = next - 1;
  empty_table(s, s->nslots); /* in place: cannot fail */
  index_all(s);
  /* Room was short only for want of memory, and structs were just given
   * back. */
  s->stuck = 0;
}

size_t bs_objset_bytes(const bs_objset *s) { return bs_malloc_spent(s->table) + bs_malloc_spent(s->id); }
