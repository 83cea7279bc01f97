/* bs_verify: replaying answers against their boards. */
#ifndef BS_VERIFY_H
#define BS_VERIFY_H

#include <stddef.h>

#include "bs_board.h"

enum { BS_RP_OK = 0, BS_RP_BAD_LETTER, BS_RP_OFF_BOARD, BS_RP_WALL, BS_RP_NOT_GOAL };

/* Replays moves[0..len) on b. Returns BS_RP_OK when every move is legal and
 * the board ends on its goal; otherwise the first fault, with *at the
 * 0-based index of the move at fault (len for BS_RP_NOT_GOAL). */
int bs_replay(const bs_board *b, const char *moves, size_t len, size_t *at);

/* A short phrase for a fault, e.g. "moves into a wall". */
const char *bs_replay_fault(int code);

#endif
