/* Tests of bs_replay: each kind of fault at the right move, and random
 * walks undone move by move on every size, with and without walls. */
#include "bs_test.h"

#include "bs_verify.h"

static void replays(const char *text, const char *moves, int fault, size_t at) {
  bs_board b = bs_test_parsed(text), copy = b;
  size_t got = 12345;
  int f = bs_replay(&b, moves, strlen(moves), &got);
  cr_assert_eq(f, fault, "%s \"%s\": fault %d (%s), want %d (%s)", text, moves, f, bs_replay_fault(f), fault,
               bs_replay_fault(fault));
  if (fault != BS_RP_OK) cr_assert_eq(got, at, "%s \"%s\": at %zu, want %zu", text, moves, got, at);
  cr_assert_eq(memcmp(&b, &copy, sizeof b), 0, "replay leaves the board alone");
}

Test(verify, good_answers) {
  replays("3,3,123456708", "R", BS_RP_OK, 0);
  replays("3,3,123456780", "", BS_RP_OK, 0);
  replays("3,3,123456708", "RLR", BS_RP_OK, 0);
  replays("3,3,123405786", "RD", BS_RP_OK, 0);
  replays("2,2,0312", "RDLURDLURDLU", BS_RP_NOT_GOAL, 12);
  replays("2,2,1230", "LURD", BS_RP_NOT_GOAL, 4);
  replays("2,2,1230", "LURDLURDLURD", BS_RP_OK, 0);
}

Test(verify, bad_letter) {
  replays("3,3,123456708", "X", BS_RP_BAD_LETTER, 0);
  replays("3,3,123456708", "r", BS_RP_BAD_LETTER, 0);
  replays("3,3,123456708", "RL R", BS_RP_BAD_LETTER, 2);
  replays("3,3,123456708", "RL\x01", BS_RP_BAD_LETTER, 2);
}

Test(verify, off_the_board) {
  replays("3,3,123456708", "D", BS_RP_OFF_BOARD, 0);
  replays("3,3,123456708", "RLLL", BS_RP_OFF_BOARD, 3);
  replays("3,3,123456780", "R", BS_RP_OFF_BOARD, 0);
  replays("3,3,023456781", "U", BS_RP_OFF_BOARD, 0);
  /* The left edge is not a way to the previous row's last cell. */
  replays("3,3,123046758", "L", BS_RP_OFF_BOARD, 0);
  replays("3,3,123406758", "RR", BS_RP_OFF_BOARD, 1);
  /* Even when that cell is a wall, the fault is the edge. */
  replays("3,3,12=045678", "L", BS_RP_OFF_BOARD, 0);
}

Test(verify, into_a_wall) {
  replays("3,3,1=3456708", "UU", BS_RP_WALL, 1);
  replays("3,3,1234=6708", "U", BS_RP_WALL, 0);
  replays("3,3,1234=6078", "RU", BS_RP_WALL, 1);
}

Test(verify, not_the_goal) {
  replays("3,3,123456708", "", BS_RP_NOT_GOAL, 0);
  replays("3,3,123456708", "RL", BS_RP_NOT_GOAL, 2);
  replays("3,3,123456780", "LR L", BS_RP_BAD_LETTER, 2);
  replays("3,3,123456780", "UD", BS_RP_OK, 0);
  replays("3,3,123456780", "UDU", BS_RP_NOT_GOAL, 3);
}

Test(verify, fault_phrases) {
  const char *seen[5];
  for (int c = BS_RP_OK; c <= BS_RP_NOT_GOAL; c++) {
    seen[c] = bs_replay_fault(c);
    cr_assert_not_null(seen[c]);
    cr_assert_gt(strlen(seen[c]), 1);
    for (int d = 0; d < c; d++) cr_assert_str_neq(seen[c], seen[d]);
  }
  cr_assert_not_null(strstr(bs_replay_fault(BS_RP_WALL), "wall"));
  cr_assert_not_null(strstr(bs_replay_fault(BS_RP_OFF_BOARD), "board"));
}

/* A random walk from the goal, undone in reverse, is a valid answer; one
 * move short of it is not. */
Test(verify, random_walks_every_size) {
  uint64_t seed = 9;
  char moves[2001];
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 10; rep++) {
        bs_board b = bs_rand_board(&seed, w, h, rep % 2 ? 5 : 0), goal;
        bs_goal(&b, &goal);
        bs_board x = goal;
        int n = 0;
        for (int k = 0; k < 2000; k++) {
          int d = bs_rand_below(&seed, 4);
          if (bs_move(&x, d)) moves[n++] = bs_dir_chars[d];
        }
        /* The answer for x: the walk backwards, each move undone. */
        char answer[2001];
        for (int k = 0; k < n; k++) answer[k] = bs_dir_chars[bs_dir_from_char(moves[n - 1 - k]) ^ 1];
        size_t at;
        cr_assert_eq(bs_replay(&x, answer, (size_t)n, &at), BS_RP_OK, "%dx%d walk of %d", w, h, n);
        if (n) { /* all but the last move ends one move from the goal */
          cr_assert_eq(bs_replay(&x, answer, (size_t)n - 1, &at), BS_RP_NOT_GOAL);
          cr_assert_eq(at, (size_t)n - 1);
        }
      }
}

/* An answer is dropped only for a letter over its limit: a total at the
 * limit keeps every answer. */
Test(verify, fit_limits_keeps_a_total_at_its_limit) {
  const char *const moves[] = {"LLR", "RU", NULL, "DD"};
  const size_t len[] = {3, 2, 0, 2};
  unsigned char drop[4];
  const long at[4] = {2, 2, 1, 2}, under[4] = {1, 2, 1, 2}; /* L, R, U, D */
  cr_assert_eq(bs_fit_limits(at, 4, moves, len, drop), 0);
  for (int i = 0; i < 4; i++) cr_assert_eq(drop[i], 0, "answer %d dropped", i);
  cr_assert_eq(bs_fit_limits(under, 4, moves, len, drop), 1);
  cr_assert(drop[0] && !drop[1] && !drop[2] && !drop[3], "the answer with the most L goes");
  /* Ties, the longer one first, then the later one: batch and merge
   * agree on which goes only if both break them so. */
  const char *const same[] = {"R", "R"}, *const lens[] = {"RL", "R"};
  const size_t one[] = {1, 1}, two[] = {2, 1};
  const long r1[4] = {9, 1, 9, 9};
  cr_assert_eq(bs_fit_limits(r1, 2, same, one, drop), 1);
  cr_assert(!drop[0] && drop[1], "of two equal answers the later goes");
  cr_assert_eq(bs_fit_limits(r1, 2, lens, two, drop), 1);
  cr_assert(drop[0] && !drop[1], "of two with as many R the longer goes");
}
