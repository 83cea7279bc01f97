/* bs_verify: answer replay. */
#include "bs_verify.h"

#include <stdio.h>
#include <string.h>

int bs_replay(const bs_board *b, const char *moves, size_t len, size_t *at) {
  bs_board x = *b;
  for (size_t i = 0; i < len; i++) {
    int d = bs_dir_from_char((unsigned char)moves[i]);
    *at = i;
    if (d < 0) return BS_RP_BAD_LETTER;
    if (!bs_move(&x, d)) {
      int p = x.blank, w = x.w;
      int q = d == BS_L ? p - 1 : d == BS_R ? p + 1 : d == BS_U ? p - w : p + w;
      int off = (d == BS_L && p % w == 0) || (d == BS_R && p % w == w - 1) || q < 0 || q >= x.n;
      return off ? BS_RP_OFF_BOARD : BS_RP_WALL;
    }
  }
  *at = len;
  return bs_is_goal(&x) ? BS_RP_OK : BS_RP_NOT_GOAL;
}

const char *bs_replay_fault(int code) {
  switch (code) {
  case BS_RP_OK: return "ok";
  case BS_RP_BAD_LETTER: return "is not L, R, U or D";
  case BS_RP_OFF_BOARD: return "moves off the board";
  case BS_RP_WALL: return "moves into a wall";
  case BS_RP_NOT_BOARD: return "is not a valid board";
  default: return "does not reach the goal";
  }
}

int bs_replay_check(const bs_board *b, const char *moves, size_t len, const char *path, int line,
                    int puzzle, const char *setpath, int setline) {
  if (!b) {
    fprintf(stderr, "%s:%d: puzzle %d (%s:%d) %s\n", path, line, puzzle, setpath, setline,
            bs_replay_fault(BS_RP_NOT_BOARD));
    return BS_RP_NOT_BOARD;
  }
  size_t at;
  int fault = bs_replay(b, moves, len, &at);
  if (fault == BS_RP_NOT_GOAL) {
    fprintf(stderr, "%s:%d: puzzle %d: %s after %zu move%s\n", path, line, puzzle, bs_replay_fault(fault), len,
            len == 1 ? "" : "s");
  } else if (fault != BS_RP_OK) {
    unsigned char ch = (unsigned char)moves[at];
    if (ch >= 0x20 && ch < 0x7f)
      fprintf(stderr, "%s:%d: puzzle %d: move %zu '%c' %s\n", path, line, puzzle, at + 1, ch, bs_replay_fault(fault));
    else
      fprintf(stderr, "%s:%d: puzzle %d: move %zu (byte 0x%02x) %s\n", path, line, puzzle, at + 1, ch,
              bs_replay_fault(fault));
  }
  return fault;
}

void bs_count_letters(const char *m, size_t len, long c[4]) {
  for (size_t i = 0; i < len; i++) c[bs_dir_from_char((unsigned char)m[i])]++;
}

int bs_fit_limits(const long limit[4], int n, const char *const *moves, const size_t *len,
                  unsigned char *drop) {
  long total[4] = {0, 0, 0, 0};
  for (int i = 0; i < n; i++) {
    drop[i] = 0;
    if (moves[i]) bs_count_letters(moves[i], len[i], total);
  }
  int dropped = 0;
  for (;;) {
    int d = -1;
    for (int k = 0; k < 4; k++)
      if (total[k] > limit[k] && (d < 0 || total[k] - limit[k] > total[d] - limit[d])) d = k;
    if (d < 0) break;
    int best = -1;
    long best_c[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
      if (!moves[i] || drop[i]) continue;
      long c[4] = {0, 0, 0, 0};
      bs_count_letters(moves[i], len[i], c);
      if (best < 0 || c[d] > best_c[d] || (c[d] == best_c[d] && len[i] >= len[best])) {
        best = i;
        memcpy(best_c, c, sizeof c);
      }
    }
    if (best < 0) break;
    drop[best] = 1;
    for (int k = 0; k < 4; k++) total[k] -= best_c[k];
    dropped++;
  }
  return dropped;
}
