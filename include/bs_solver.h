/* bs_solver: one worker's solver: a store of some kind, sized once from a
 * memory budget and reused for every puzzle, and the choice of search.
 * Dispatch on the store kind happens once per puzzle, never per state. */
#ifndef BS_SOLVER_H
#define BS_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include "bs_arena.h"
#include "bs_search.h"

typedef enum { BS_STORE_ARENA = 0, BS_STORE_OBJECT, BS_STORE_POOL, BS_NSTORES } bs_store_kind;
/* exact: the exact search alone (answers proven optimal). heuristic: the
 * heuristic mode of bs_beam.h (answers never marked optimal). auto: the
 * exact search within BS_AUTO_EXACT_BUDGET generated states, then, if that
 * did not settle the board, the heuristic mode. */
typedef enum { BS_MODE_EXACT = 0, BS_MODE_HEURISTIC, BS_MODE_AUTO, BS_NMODES } bs_mode;
#define BS_AUTO_EXACT_BUDGET 20000

typedef struct bs_solver {
  bs_store_kind kind;
  uint32_t cap;
  bs_arena arena;
  bs_object object;
  bs_pool pool;
} bs_solver;

/* Parses a store or mode name; -1 if unknown. */
int bs_store_parse(const char *name);
const char *bs_store_name(bs_store_kind k);
int bs_mode_parse(const char *name);
const char *bs_mode_name(bs_mode m);

/* Sizes the store for mem bytes. Returns 0, or -1 with a reason in err. */
int bs_solver_init(bs_solver *sv, bs_store_kind kind, uint64_t mem, char *err, size_t errlen);
void bs_solver_free(bs_solver *sv);

/* Solves one board; r->ms is not set here (see bs_now_ms). */
void bs_solver_solve(bs_solver *sv, const bs_board *b, bs_mode mode, const bs_opts *o, bs_result *r);

double bs_now_ms(void);

#endif
