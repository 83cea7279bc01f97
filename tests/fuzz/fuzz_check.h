/* fuzz_check: what the libFuzzer targets share. CHECK aborts with the
 * target's name (FUZZ_NAME) and the condition that failed, on FUZZ_ERR
 * (stderr unless the target says otherwise); check_board asserts that an
 * accepted board is well formed (sizes, one blank, walls in place, each
 * goal tile once), that its text form parses back to it, and that its
 * solvability is decided; check_where, that a message line starts
 * "fuzz:LINE: " with LINE within the input. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bs_board.h"

#ifndef FUZZ_ERR
#define FUZZ_ERR stderr
#endif

#define CHECK(c)                                                                     \
  do {                                                                               \
    if (!(c)) {                                                                      \
      fprintf(FUZZ_ERR, "%s: check failed: %s (line %d)\n", FUZZ_NAME, #c, __LINE__); \
      abort();                                                                       \
    }                                                                                \
  } while (0)

static inline void check_board(const bs_board *b) {
  CHECK(b->w >= BS_MIN_SIDE && b->w <= BS_MAX_SIDE && b->h >= BS_MIN_SIDE && b->h <= BS_MAX_SIDE);
  CHECK(b->n == b->w * b->h);
  CHECK(!(b->wall >> (b->n - 1) & 1));
  CHECK(!(b->wall >> b->n));
  CHECK(b->cell[b->blank] == 0 && !(b->wall >> b->blank & 1));
  uint64_t seen = 0;
  for (int p = 0; p < b->n; p++) {
    int v = b->cell[p];
    if (b->wall >> p & 1) {
      CHECK(v == p + 1);
      continue;
    }
    CHECK(v < b->n && !(seen >> v & 1));
    CHECK(v == 0 || !(b->wall >> (v - 1) & 1)); /* its goal cell is open */
    seen |= 1ull << v;
  }
  char text[BS_BOARD_TEXT], err[128];
  bs_board again;
  bs_board_format(b, text);
  CHECK(bs_board_parse(text, strlen(text), &again, err, sizeof err) == 0);
  CHECK(again.w == b->w && again.h == b->h && again.blank == b->blank && again.wall == b->wall);
  CHECK(!memcmp(again.cell, b->cell, (size_t)b->n));
  const char *why;
  int s = bs_solvability(b, &why);
  CHECK(s == BS_SOLVABLE || s == BS_UNSOLVABLE);
}

static inline void check_where(const char *p, long maxline) {
  CHECK(!strncmp(p, "fuzz:", 5));
  char *after;
  long n = strtol(p + 5, &after, 10);
  CHECK(after > p + 5 && after[0] == ':' && after[1] == ' ');
  CHECK(n >= 1 && n <= maxline);
}

#endif
