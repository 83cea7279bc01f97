/* bs_search: exact bidirectional breadth-first search, one entry point per
 * store. Each is the same code (src/search_impl.h) compiled for that store.
 *
 * The forward side grows from the start board and the backward side from
 * the goal, a whole layer at a time, always the side with the smaller
 * frontier. The first meeting is a shortest solution (see search_impl.h).
 * With recycling on, layers that can no longer be met or looped into are
 * dropped when the store is full, so a cap reaches deeper. */
#ifndef BS_SEARCH_H
#define BS_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "bs_arena.h"
#include "bs_object.h"
#include "bs_pool.h"
#include "bs_board.h"
#include "bs_record.h"

#define BS_MAX_MOVES (2 * BS_PATH_MAX)

typedef enum { BS_ST_SOLVED = 0, BS_ST_UNSOLVABLE = 1, BS_ST_GAVE_UP = 2 } bs_status;

typedef struct bs_opts {
  int recycle;     /* drop layers no longer needed when full */
  uint64_t budget; /* stop after this many generated states; 0: no limit */
} bs_opts;

typedef struct bs_result {
  bs_status status;
  const char *reason; /* why unsolvable or why it gave up, else NULL */
  int length;
  int optimal;
  char moves[BS_MAX_MOVES + 1];
  uint64_t expanded, generated;
  uint32_t peak_states;
  size_t peak_bytes;
} bs_result;

const char *bs_status_name(bs_status s);

int bs_exact_arena(bs_arena *st, const bs_board *start, const bs_opts *o, bs_result *r);
int bs_exact_object(bs_object *st, const bs_board *start, const bs_opts *o, bs_result *r);
int bs_exact_pool(bs_pool *st, const bs_board *start, const bs_opts *o, bs_result *r);

#endif
