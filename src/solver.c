/* bs_solver: store set-up and the per-puzzle dispatch to a compiled search. */
#include "bs_solver.h"

#include "bs_beam.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *const store_names[] = {"arena", "object", "pool"};
static const char *const mode_names[] = {"exact", "heuristic", "auto"};

static int find(const char *const *names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (!strcmp(names[i], name)) return i;
  return -1;
}

int bs_store_parse(const char *name) { return find(store_names, BS_NSTORES, name); }
const char *bs_store_name(bs_store_kind k) { return store_names[k]; }
int bs_mode_parse(const char *name) { return find(mode_names, BS_NMODES, name); }
const char *bs_mode_name(bs_mode m) { return mode_names[m]; }

const char *bs_status_name(bs_status s) {
  return s == BS_ST_SOLVED ? "solved" : s == BS_ST_UNSOLVABLE ? "unsolvable" : "gave-up";
}

int bs_solver_init(bs_solver *sv, bs_store_kind kind, uint64_t mem, char *err, size_t errlen) {
  memset(sv, 0, sizeof *sv);
  sv->kind = kind;
  sv->cap = bs_capacity_for(mem);
  if (sv->cap < 2) {
    snprintf(err, errlen, "memory budget of %llu bytes is below the %d bytes two states need",
             (unsigned long long)mem, 4 + 2 * BS_ARENA_RECORD_BYTES);
    return -1;
  }
  if (kind == BS_STORE_ARENA && bs_arena_init(&sv->arena, sv->cap)) {
    snprintf(err, errlen, "cannot allocate an arena of %llu bytes",
             (unsigned long long)(4 + (uint64_t)sv->cap * BS_ARENA_RECORD_BYTES));
    return -1;
  }
  if ((kind == BS_STORE_OBJECT && bs_object_init(&sv->object, sv->cap)) ||
      (kind == BS_STORE_POOL && bs_pool_init(&sv->pool, sv->cap))) {
    snprintf(err, errlen, "cannot allocate the %s store", store_names[kind]);
    return -1;
  }
  return 0;
}

void bs_solver_free(bs_solver *sv) {
  switch (sv->kind) {
  case BS_STORE_ARENA: bs_arena_free(&sv->arena); break;
  case BS_STORE_OBJECT: bs_object_free(&sv->object); break;
  default: bs_pool_free(&sv->pool); break;
  }
}

static void exact(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_result *r) {
  switch (sv->kind) {
  case BS_STORE_ARENA: bs_exact_arena(&sv->arena, b, o, r); break;
  case BS_STORE_OBJECT: bs_exact_object(&sv->object, b, o, r); break;
  default: bs_exact_pool(&sv->pool, b, o, r); break;
  }
}

static void heuristic(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_result *r) {
  switch (sv->kind) {
  case BS_STORE_ARENA: bs_heuristic_arena(&sv->arena, b, o, r); break;
  case BS_STORE_OBJECT: bs_heuristic_object(&sv->object, b, o, r); break;
  default: bs_heuristic_pool(&sv->pool, b, o, r); break;
  }
}

void bs_solver_solve(bs_solver *sv, const bs_board *b, bs_mode mode, const bs_opts *o, bs_result *r) {
  if (mode == BS_MODE_EXACT) {
    exact(sv, b, o, r);
    return;
  }
  if (mode == BS_MODE_HEURISTIC) {
    heuristic(sv, b, o, r);
    return;
  }
  bs_opts eo = *o;
  if (!eo.budget || eo.budget > BS_AUTO_EXACT_BUDGET) eo.budget = BS_AUTO_EXACT_BUDGET;
  exact(sv, b, &eo, r);
  if (r->status != BS_ST_GAVE_UP) return; /* solved (optimal) or proven unsolvable */
  uint64_t gen = r->generated, expd = r->expanded;
  uint32_t peak = r->peak_states;
  size_t peakb = r->peak_bytes;
  bs_opts ho = *o;
  if (ho.budget) ho.budget = ho.budget > gen ? ho.budget - gen : 1;
  heuristic(sv, b, &ho, r);
  r->generated += gen;
  r->expanded += expd;
  if (peak > r->peak_states) r->peak_states = peak;
  if (peakb > r->peak_bytes) r->peak_bytes = peakb;
}

double bs_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
