/* bs_solver: one worker's solver: a store of some kind, sized once from a
 * memory budget and reused for every puzzle, and the modes that solve a
 * board with it. Dispatch on the store kind happens once per engine run
 * (bs_solver_engine), never per state; the modes above it are written once.
 *
 *   exact      proven-shortest answers: the engine bounded by an admissible
 *              heuristic, bound raised run by run (by 2 or more, as
 *              the runs' growth allows: src/exact.c) until the sides meet
 *   bfs        proven-shortest answers by plain bidirectional breadth-first
 *              search (what `bench` times)
 *   heuristic  short answers fast: a bidirectional beam, and the constructor
 *              (bs_construct.h) where the beam finds none; answers polished
 *   auto       exact within the auto_exact setting's budget (none at 0), then
 *              heuristic
 *
 * Exact and bfs answers are marked optimal; so is an answer of any mode
 * as short as the floor its runs proved (src/mode.c). */
#ifndef BS_SOLVER_H
#define BS_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include "bs_construct.h"
#include "bs_engine.h"
#include "bs_search.h"

typedef enum { BS_STORE_ARENA = 0, BS_STORE_OBJECT, BS_STORE_POOL, BS_NSTORES } bs_store_kind;

/* The least memory a store starts with: the two roots of a search, and
 * the arena's word 0 (every store is sized in the arena's states). */
#define BS_SOLVER_MIN_MEM (4 + 2 * BS_ARENA_RECORD_BYTES)
typedef enum { BS_MODE_EXACT = 0, BS_MODE_HEURISTIC, BS_MODE_AUTO, BS_MODE_BFS, BS_NMODES } bs_mode;

typedef struct bs_solver {
  bs_store_kind kind;
  uint32_t cap;
  bs_arena arena;
  bs_object object;
  bs_pool pool;
  uint64_t mem;     /* the whole budget, store and side */
  uint64_t side;    /* bytes kept out of the store for the mode's tables (bs_solver_side) */
  bs_construct con; /* its workspace is allocated the first time a board needs it */
  int con_ready;
  int pdb_threads;     /* threads that build tables: 1 (the default) where workers run
                        * side by side, 0 for one per core */
  bs_pdb pdb;          /* the tables of the last layout that needed them */
  int pdb_ready;
  uint64_t pdb_bytes;  /* the budget they were built for */
  bs_pdb_info pdb_info;
} bs_solver;

/* Parses a store or mode name; -1 if unknown. */
int bs_store_parse(const char *name);
const char *bs_store_name(bs_store_kind k);
int bs_mode_parse(const char *name);
const char *bs_mode_name(bs_mode m);

/* Sizes the store for mem bytes less `side` bytes for the mode's tables
 * (bs_solver_side), so that mem bounds both. Returns 0, or -1 with a
 * reason in err. */
int bs_solver_init(bs_solver *sv, bs_store_kind kind, uint64_t mem, uint64_t side, char *err,
                   size_t errlen);

/* The constructor's workspace in heuristic and auto mode out of a
 * worker's mem: construct_mem, at most half of mem, and none below
 * bs_construct_min_bytes. Below bs_construct_sure_bytes a command warns
 * that some boards may give up on the memory cap (bs_cli_con_warn). */
uint64_t bs_solver_con_workspace(const bs_settings *set, uint64_t mem);

/* The bytes of a worker's mem that a mode's tables may take besides the
 * store: in exact mode the pattern databases (the pdb_mem setting, at most
 * a quarter of mem, none below 1 MiB: not worth a build) and the tuple
 * tables (tuple_mem, at most a sixteenth of mem, none below 1 MiB:
 * bs_solver_tuple_bytes); in heuristic and auto mode the constructor's
 * workspace (construct_mem) and the beams'
 * pattern databases (bs_solver_pdb_bytes at effort times escalate,
 * none below 256 KiB), at most half of mem together, the
 * constructor's first; none in bfs mode. */
uint64_t bs_solver_side(bs_mode mode, const bs_settings *set, uint64_t mem);

/* The bytes of the heuristic mode's tables at an effort: beam_pdb KiB
 * times the largest power of 4 within it, at most `most`. */
uint64_t bs_solver_pdb_bytes(const bs_settings *set, uint64_t effort, uint64_t most);

/* The most bytes exact mode's tuple tables may take: tuple_mem MiB, at
 * most a sixteenth of mem, none below 1 MiB. */
uint64_t bs_solver_tuple_bytes(const bs_settings *set, uint64_t mem);

/* The constructor's share of sv->side: the rest is for pattern databases. */
uint64_t bs_solver_con_bytes(const bs_solver *sv, const bs_settings *set);

/* The heuristic mode's tables for b's layout at an effort
 * (bs_solver_pdb_bytes, within the side bytes the constructor leaves),
 * built in memory only: small tables build in a fraction of a second, and
 * a cache would fill with one file per hard board. NULL as bs_solver_pdb. */
const bs_pdb *bs_solver_beam_pdb(bs_solver *sv, const bs_settings *set, const bs_board *b, uint64_t effort,
                                 bs_result *r);

/* The tables that score a board's first beam, and auto's exact try before
 * it: from effort 2 those of the effort, built first; at effort 1 none
 * (NULL), as most boards never need them. */
const bs_pdb *bs_solver_first_pdb(bs_solver *sv, const bs_settings *set, const bs_board *b, bs_result *r);

/* The pattern databases for b's layout within `bytes` (at most sv->side),
 * loaded from or saved to o->pdb_dir (NULL: none), kept for the next board
 * of the same layout and budget. Adds the time it took to r->pdb_ms. NULL
 * when the budget is too small, or building failed. */
const bs_pdb *bs_solver_pdb(bs_solver *sv, const bs_board *b, uint64_t bytes, const bs_opts *o,
                            bs_result *r);
void bs_solver_free(bs_solver *sv);

/* Solves one board; its times are the caller's to take (bs_now_ms,
 * bs_cpu_ms). r->floor is
 * what the mode proved of the shortest answer (auto: the larger of its
 * exact try's and the heuristic mode's: the lower bound, or the answer's
 * length where the polish proved it shortest); an answer of that length
 * is marked optimal in any mode. */
void bs_solver_solve(bs_solver *sv, const bs_board *b, bs_mode mode, const bs_opts *o, bs_result *r);

/* One engine run in the solver's store (bs_engine.h). */
bs_end bs_solver_engine(bs_solver *sv, const bs_board *from, const bs_board *to, const bs_policy *p,
                        bs_result *r);

/* The modes (src/exact.c, src/heuristic.c). Each sets r from scratch.
 * How exact.c proves: by plain BFS; bounded by Manhattan distance and
 * linear conflicts, and from effort 2 by the heuristic mode's tables too
 * (auto mode's try: the beams are scored by them anyway); or bounded by
 * those and pdb_mem MiB of the layout's pattern databases, and tuple
 * tables where they pay (exact mode). */
typedef enum { BS_PROVE_BFS, BS_PROVE_BOUNDED, BS_PROVE_PDB } bs_prove;
void bs_exact_solve(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_prove how, bs_result *r);
void bs_heuristic_solve(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_result *r);

/* The shortest way from `from` to `to` (boards of one layout) of at most
 * `most` moves: the engine bounded by H, built for the pair and
 * admissible, the bound raised from H's lower bound by 2 or more a run (as
 * the runs' growth allows, so that the runs do not repeat each other:
 * src/exact.c). BS_END_MET with
 * the way in r, proven shortest; BS_END_LIMIT when there is none of at
 * most `most` moves; else why it stopped (budget: generated states, 0 for
 * none; memory). It stops on the budget as soon as the next bound's run
 * should cost more than the budget has left, judged by how the runs grew:
 * cut off by the budget, that run would most likely prove nothing, and
 * the states it would spend are the caller's to spend better. Sets r from
 * scratch, counts of every bound included;
 * r->floor is the fewest moves a way can have, as far as the runs proved
 * it (the way's length when met). */
bs_end bs_bounded(bs_solver *sv, const bs_board *from, const bs_board *to, const bs_heur *H, int most,
                  uint64_t budget, int recycle, bs_result *r);

/* Settles the boards that need no search: proven unsolvable, or already
 * solved. Sets r from scratch and returns 1 when r is final. */
int bs_settled(const bs_board *b, bs_result *r);

double bs_now_ms(void);

/* CPU time in milliseconds: the calling thread's (a batch worker's, which
 * builds its tables on its own thread), or with `process` the whole
 * process's (solve's, which builds them on every core). Beside a board's
 * wall time it tells the solver's work from the machine's stalls: on a
 * shared virtual machine another guest may hold the core. */
double bs_cpu_ms(int process);

#endif
