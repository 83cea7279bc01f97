/* bs_search: what a search reports, and the options every mode takes.
 *
 * A result says whether the board was solved (with its answer), proven
 * unsolvable (with the obstruction) or given up on (with the reason), how
 * short any answer can be, as far as the search proved it, and counts the
 * states the search generated and expanded and the most it held. */
#ifndef BS_SEARCH_H
#define BS_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"
#include "bs_record.h"
#include "bs_settings.h"

/* The longest answer one search can join from two records. */
#define BS_MAX_MOVES (2 * BS_PATH_MAX)
/* The longest answer a result holds: the constructor's answers may be
 * longer than any search's before the polish shortens them. */
#define BS_ANSWER_MAX 8192

typedef enum { BS_ST_SOLVED = 0, BS_ST_UNSOLVABLE = 1, BS_ST_GAVE_UP = 2 } bs_status;

typedef struct bs_opts {
  int recycle;               /* drop layers no longer needed when full */
  uint64_t budget;           /* stop after this many generated states; 0: no limit */
  const bs_settings *set;    /* NULL: bs_settings_default */
  const char *pdb_dir;       /* the pattern databases' cache directory; NULL: none */
} bs_opts;

typedef struct bs_result {
  bs_status status;
  const char *reason; /* why unsolvable or why it gave up, else NULL */
  int length;
  int optimal;
  /* No answer has fewer moves (solvable boards): the board's lower bound
   * (bs_lower_bound), raised by every exact run that found no way within
   * its bound; the length itself when optimal. */
  int floor;
  char moves[BS_ANSWER_MAX + 1];
  uint64_t expanded, generated;
  uint32_t peak_states;
  size_t peak_bytes;
  double pdb_ms; /* spent building or loading pattern databases for this board */
} bs_result;

const char *bs_status_name(bs_status s);

/* Adds the counts and peaks of a sub-search s to r. */
void bs_result_add(bs_result *r, const bs_result *s);

#endif
