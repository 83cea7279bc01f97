/* bs_solver: store set-up, the per-run dispatch to a compiled engine, the
 * layout's tables, and what the modes share. The choice of mode is
 * src/mode.c, above the modes. */
#include "bs_solver.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *const store_names[] = {"arena", "object", "pool"};
static const char *const mode_names[] = {"exact", "heuristic", "auto", "bfs"};
_Static_assert(sizeof mode_names / sizeof *mode_names == BS_NMODES, "a name for every mode");

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

const char *const bs_phase_names[BS_NPHASES] = {"exact", "first", "again", "construct", "relay", "polish"};

void bs_result_add(bs_result *r, const bs_result *s) {
  r->generated += s->generated;
  for (int i = 0; i < BS_NPHASES; i++) r->phase[i] += s->phase[i];
  r->expanded += s->expanded;
  r->pdb_ms += s->pdb_ms;
  if (s->peak_states > r->peak_states) r->peak_states = s->peak_states;
  if (s->peak_bytes > r->peak_bytes) r->peak_bytes = s->peak_bytes;
}

int bs_solver_init(bs_solver *sv, bs_store_kind kind, uint64_t mem, uint64_t side, char *err,
                   size_t errlen) {
  memset(sv, 0, sizeof *sv);
  sv->kind = kind;
  sv->mem = mem;
  sv->side = side < mem ? side : 0;
  sv->pdb_threads = 1;
  mem -= sv->side;
  sv->cap = bs_capacity_for(mem);
  if (sv->cap < 2) {
    snprintf(err, errlen, "memory budget of %llu bytes is below the %d bytes two states need",
             (unsigned long long)mem, BS_SOLVER_MIN_MEM);
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
  if (sv->con_ready) bs_construct_free(&sv->con);
  if (sv->pdb_ready) bs_pdb_free(&sv->pdb);
}

/* Exact mode's tables below this are not worth a build: Manhattan
 * distance with conflicts is as good; and a store that small needs all it
 * has. */
#define PDB_MIN (1u << 20)
/* The beams' tables below this are not worth a build either: at 64 KiB
 * the real set's 107 boards solved again took 3.7% more moves than at
 * 1 MiB, at 256 KiB 0.65% (stop 84, docs/heuristic.md). */
#define BEAM_PDB_MIN (1u << 18)

uint64_t bs_solver_con_workspace(const bs_settings *set, uint64_t mem) {
  uint64_t con = (uint64_t)set->construct_mem << 20, most = mem / 2;
  if (con > most) con = most;
  return con < bs_construct_min_bytes() ? 0 : con; /* it could not start: the store has it */
}

uint64_t bs_solver_side(bs_mode mode, const bs_settings *set, uint64_t mem) {
  if (mode == BS_MODE_BFS) return 0;
  if (mode == BS_MODE_EXACT) {
    uint64_t want = (uint64_t)set->pdb_mem << 20, most = mem / 4;
    if (want > most) want = most;
    return (want < PDB_MIN ? 0 : want) + bs_solver_tuple_bytes(set, mem);
  }
  const uint64_t con = bs_solver_con_workspace(set, mem), most = mem / 2;
  /* Room for the largest tables: those of a board the first beam does
   * not answer, solved again at the escalated effort. */
  const uint64_t pdb = bs_solver_pdb_bytes(set, (uint64_t)set->effort * (uint64_t)set->escalate, most - con);
  return con + (pdb < BEAM_PDB_MIN ? 0 : pdb);
}

uint64_t bs_solver_tuple_bytes(const bs_settings *set, uint64_t mem) {
  uint64_t want = (uint64_t)set->tuple_mem << 20, most = mem / 16;
  if (want > most) want = most;
  return set->tuple_tiles && want >= PDB_MIN ? want : 0; /* as small a store: not worth it */
}

uint64_t bs_solver_pdb_bytes(const bs_settings *set, uint64_t effort, uint64_t most) {
  uint64_t pdb = (uint64_t)set->beam_pdb << 10;
  for (uint64_t grow = 4; grow <= effort && pdb < most; grow *= 4) pdb *= 4;
  return pdb < most ? pdb : most;
}

uint64_t bs_solver_con_bytes(const bs_solver *sv, const bs_settings *set) {
  uint64_t con = (uint64_t)set->construct_mem << 20;
  return con < sv->side ? con : sv->side;
}

const bs_pdb *bs_solver_beam_pdb(bs_solver *sv, const bs_settings *set, const bs_board *b, uint64_t effort,
                                 bs_result *r) {
  const uint64_t share = sv->side - bs_solver_con_bytes(sv, set);
  return bs_solver_pdb(sv, b, bs_solver_pdb_bytes(set, effort, share), &(bs_opts){.recycle = 1}, r);
}

const bs_pdb *bs_solver_first_pdb(bs_solver *sv, const bs_settings *set, const bs_board *b, bs_result *r) {
  return set->effort >= 2 ? bs_solver_beam_pdb(sv, set, b, (uint64_t)set->effort, r) : NULL;
}

const bs_pdb *bs_solver_pdb(bs_solver *sv, const bs_board *b, uint64_t bytes, const bs_opts *o,
                            bs_result *r) {
  if (bytes > sv->side) bytes = sv->side;
  if (sv->pdb_ready && sv->pdb.w == b->w && sv->pdb.h == b->h && sv->pdb.wall == b->wall &&
      sv->pdb_bytes == bytes)
    return &sv->pdb;
  if (sv->pdb_ready) bs_pdb_free(&sv->pdb);
  sv->pdb_ready = 0;
  bs_pdb_part part;
  if (bytes < BEAM_PDB_MIN || bs_pdb_part_auto(b, bytes, &part)) return NULL; /* exact mode's are larger */
  /* The store is idle between searches: the arena lends its records as
   * the build's scratch, so that it stays within --mem. */
  bs_pdb_room room = {NULL, 0};
  if (sv->kind == BS_STORE_ARENA) room.mem = bs_arena_records(&sv->arena, &room.bytes);
  if (bs_pdb_load_or_build(&sv->pdb, b, &part, o->pdb_dir, sv->pdb_threads, &room, &sv->pdb_info)) return NULL;
  r->pdb_ms += sv->pdb_info.ms;
  sv->pdb_ready = 1;
  sv->pdb_bytes = bytes;
  return &sv->pdb;
}

bs_end bs_solver_engine(bs_solver *sv, const bs_board *from, const bs_board *to, const bs_policy *p,
                        bs_result *r) {
  switch (sv->kind) {
  case BS_STORE_ARENA: return bs_engine_arena(&sv->arena, from, to, p, r);
  case BS_STORE_OBJECT: return bs_engine_object(&sv->object, from, to, p, r);
  default: return bs_engine_pool(&sv->pool, from, to, p, r);
  }
}

int bs_settled(const bs_board *b, bs_result *r) {
  memset(r, 0, sizeof *r);
  r->status = BS_ST_GAVE_UP;
  if (bs_solvability(b, &r->reason) == BS_UNSOLVABLE) {
    r->status = BS_ST_UNSOLVABLE;
    return 1;
  }
  r->reason = NULL;
  if (!bs_is_goal(b)) return 0;
  r->status = BS_ST_SOLVED;
  r->optimal = 1;
  return 1;
}

/* Clock `id` in milliseconds, 0 where it cannot be read. */
static double clock_ms(clockid_t id) {
  struct timespec ts;
  if (clock_gettime(id, &ts)) return 0;
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double bs_now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }

double bs_cpu_ms(int process) { return clock_ms(process ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID); }
