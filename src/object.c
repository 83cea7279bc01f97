/* bs_object: set-up, spares and freeing of the object store. */
#include "bs_object.h"

static void note_fixed(bs_object *st) { st->fixed_bytes = bs_objset_bytes(&st->set); }

static void free_states(bs_object *st) {
  for (uint32_t i = 1; i <= st->set.count; i++) free(st->set.id[i]);
  st->set.count = 0;
}

static void top_up_spares(bs_object *st) {
  while (st->nspare < 2 && (st->spare[st->nspare] = malloc(sizeof(bs_obj)))) st->nspare++;
}

int bs_object_init(bs_object *st, uint32_t cap) {
  memset(st, 0, sizeof *st);
  st->set.cap = cap;
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
  bs_objset_free(&st->set);
  memset(st, 0, sizeof *st);
}

void bs_object_clear(bs_object *st, int nwords) {
  free_states(st);
  /* The object store keeps nothing between puzzles: a new table and vector. */
  bs_objset_free(&st->set);
  bs_objset_clear(&st->set, nwords);
  int rc = bs_objset_ready(&st->set);
  top_up_spares(st);
  /* Without these the puzzle cannot start: capacity 0 makes it give up. */
  st->set.limit = !rc && st->nspare == 2 ? st->set.cap : 0;
  note_fixed(st);
}

void bs_object_grow(bs_object *st) {
  bs_objset_grow(&st->set);
  note_fixed(st);
}

void bs_object_keep(bs_object *st, const uint32_t *lo, const uint32_t *hi, int n) {
  bs_objset_keep(&st->set, lo, hi, n, NULL);
  if (!st->nspare) top_up_spares(st);
  if (bs_objset_wants_grow(&st->set)) bs_object_grow(st);
}

void bs_object_expect(bs_object *st, uint64_t n) {
  bs_objset_expect(&st->set, n);
  note_fixed(st);
}
