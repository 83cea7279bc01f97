/* bs_polish: shortens an answer without changing where it leads.
 *
 * Loops first: a stretch of moves that comes back to a board the answer
 * already passed is cut out, until every board on the way is different.
 * Then windows: each stretch of `window` moves (one every window/2 moves)
 * is replaced by a shortest way between its two ends when that is shorter,
 * found by the engine's bridge policy (exact search, nothing longer than
 * the stretch counted), pass after pass until a pass gains nothing.
 *
 * Written once over bs_solver_engine, so it works in every store; the loop
 * cut needs no store. */
#ifndef BS_POLISH_H
#define BS_POLISH_H

#include <stdint.h>

#include "bs_solver.h"

/* Cuts every loop out of the answer m[0..len) of board b; returns the new
 * length. Returns -1 when out of memory (m unchanged). */
int bs_polish_loops(const bs_board *b, char *m, int len);

/* Replaces windows of the answer m[0..len) of b by shorter ways, each
 * search within `budget` generated states; returns the new length. The
 * searches' counts are added to acc. */
int bs_polish_windows(bs_solver *sv, const bs_board *b, char *m, int len, int window, uint64_t budget,
                      bs_result *acc);

#endif
