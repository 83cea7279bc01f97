/* bs_pool: slabs, growth, recycling and freeing of the pooled store. */
#include "bs_pool.h"

#include <stdlib.h>

static void note_bytes(bs_pool *p) {
  p->bytes = p->slab_bytes + bs_malloc_spent(p->slab) + bs_objset_bytes(&p->set);
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
  bs_obj *s = malloc(p->slab_objs * sizeof *s);
  if (!s) return -1;
  p->slab[p->nslab++] = s;
  p->slab_bytes += bs_malloc_spent(s);
  return 0;
}

/* What every puzzle needs before its first state: one slab, a table of the
 * initial size and a vector with room for the first ids. Returns 0 or -1. */
static int ready(bs_pool *p) {
  if (!p->nslab && add_slab(p)) return -1;
  return bs_objset_ready(&p->set);
}

int bs_pool_init(bs_pool *p, uint32_t cap) {
  memset(p, 0, sizeof *p);
  p->set.cap = cap;
  p->slab_objs = cap < BS_SLAB_OBJS ? (cap ? cap : 1) : BS_SLAB_OBJS;
  int rc = ready(p);
  note_bytes(p);
  if (rc) bs_pool_free(p);
  return rc;
}

void bs_pool_free(bs_pool *p) {
  for (uint32_t i = 0; i < p->nslab; i++) free(p->slab[i]);
  free(p->slab);
  bs_objset_free(&p->set);
  memset(p, 0, sizeof *p);
}

void bs_pool_clear(bs_pool *p, int nwords) {
  bs_objset_clear(&p->set, nwords);
  p->cur = p->used = 0;
  p->free_list = NULL;
  /* Only the first puzzle, or one after a failed allocation, allocates. */
  p->set.limit = ready(p) ? 0 : p->set.cap;
  note_bytes(p);
}

void bs_pool_grow(bs_pool *p) {
  /* A full pool takes no slab until recycling frees a state. */
  if (bs_pool_slab_spent(p) && p->set.count < p->set.limit) {
    if (p->cur + 1 < p->nslab || !add_slab(p)) {
      p->cur++;
      p->used = 0;
    } else {
      p->set.stuck = 1;
    }
  }
  bs_objset_grow(&p->set);
  note_bytes(p);
}

void bs_pool_keep(bs_pool *p, const uint32_t *lo, const uint32_t *hi, int n) {
  bs_objset_keep(&p->set, lo, hi, n, &p->free_list);
  /* A slab that could not be added before may be now. */
  if (bs_pool_slab_spent(p) || bs_objset_wants_grow(&p->set)) bs_pool_grow(p);
}

void bs_pool_expect(bs_pool *p, uint64_t n) {
  bs_objset_expect(&p->set, n);
  note_bytes(p);
}
