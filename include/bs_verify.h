/* bs_verify: replaying answers against their boards. */
#ifndef BS_VERIFY_H
#define BS_VERIFY_H

#include <stddef.h>

#include "bs_board.h"

enum { BS_RP_OK = 0, BS_RP_BAD_LETTER, BS_RP_OFF_BOARD, BS_RP_WALL, BS_RP_NOT_GOAL, BS_RP_NOT_BOARD };

/* Replays moves[0..len) on b. Returns BS_RP_OK when every move is legal and
 * the board ends on its goal; otherwise the first fault, with *at the
 * 0-based index of the move at fault (len for BS_RP_NOT_GOAL). */
int bs_replay(const bs_board *b, const char *moves, size_t len, size_t *at);

/* A short phrase for a fault, e.g. "moves into a wall". */
const char *bs_replay_fault(int code);

/* bs_replay of the answer on line `line` of the answer file path, to
 * puzzle `puzzle` of its set (whose line setline of setpath holds b),
 * reporting a fault on stderr as "path:line: puzzle N: ..."; returns the
 * fault. b NULL: that line is no valid board (BS_RP_NOT_BOARD). */
int bs_replay_check(const bs_board *b, const char *moves, size_t len, const char *path, int line,
                    int puzzle, const char *setpath, int setline);

/* Adds the L, R, U and D of moves[0..len) (valid letters) to c. */
void bs_count_letters(const char *m, size_t len, long c[4]);

/* The answers to drop (leave unsolved) so that the L, R, U and D totals of
 * the rest fit limit[4], a set's header: while a letter is over, for the
 * letter furthest over, the answer using it most (ties: the longer, then
 * the later one). Deterministic, and each drop frees as much of the scarce
 * letter as one answer can; batch and merge both fit this way, so shards
 * merged are what one run writes. Answer i is moves[i][0..len[i]) (moves[i]
 * NULL: none). Sets drop[i] for each one dropped, clears the others, and
 * returns how many. */
int bs_fit_limits(const long limit[4], int n, const char *const *moves, const size_t *len,
                  unsigned char *drop);

#endif
