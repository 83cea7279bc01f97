/* fuzz_solve: libFuzzer target that solves tiny boards end to end.
 *
 * The input is a board line "W,H,CELLS" read by bs_board_parse, the real
 * path. Inputs that are not a board are decoded as bytes into one (sides,
 * up to three walls, a shuffle of the open cells), so that every run solves
 * something. The cap, 2 to 2049 records, comes from the input too, so the
 * searches run out of room at every moment, down to no room at all; so
 * does, one run in four, a budget of generated states.
 *
 * Each board is solved by the exact search in every store, with and
 * without recycling, and by the other modes ("auto", "heuristic", "bfs").
 * Checked:
 *   - stores of one capacity give the same status, length and node counts
 *     (bs_store.h promises it);
 *   - a solved board's moves replay to the goal, in as many moves as
 *     reported; exact answers are optimal, so recycling or not, every store
 *     and the uncapped run agree on the length, and no other mode is
 *     shorter (or, claiming optimal, longer);
 *   - "unsolvable" agrees with bs_solvability, which is exact;
 *   - boards of at most 8 cells, whose whole space fits the uncapped
 *     solver, are never given up. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bs_solver.h"
#include "bs_verify.h"

#define FUZZ_NAME "fuzz_solve"
#include "fuzz_check.h"

#define BIG_CAP 30000 /* more than the 8!/2 states of a 2x4 board */

static const char *const stores[] = {"arena", "object", "pool"};
/* Modes besides exact. */
static const char *const modes[] = {"auto", "heuristic", "bfs"};

/* Bytes to a valid board: w, h, walls, then Fisher-Yates driven by the rest. */
static int decode(const uint8_t *d, size_t n, bs_board *b) {
  if (n < 3) return -1;
  memset(b, 0, sizeof *b);
  b->w = 2 + d[0] % 5;
  b->h = 2 + d[1] % 5;
  b->n = b->w * b->h;
  for (int k = 0; k < (d[2] & 3) && 3 + (size_t)k < n; k++) b->wall |= 1ull << (d[3 + k] % (b->n - 1));
  uint8_t open[BS_MAX_CELLS], vals[BS_MAX_CELLS];
  int m = 0;
  for (int p = 0; p < b->n; p++) {
    if (b->wall >> p & 1) {
      b->cell[p] = (uint8_t)(p + 1);
      continue;
    }
    vals[m] = p == b->n - 1 ? 0 : (uint8_t)(p + 1);
    open[m++] = (uint8_t)p;
  }
  size_t at = 6;
  for (int i = m - 1; i > 0; i--) {
    int j = at < n ? d[at++] % (i + 1) : 0;
    uint8_t t = vals[i];
    vals[i] = vals[j];
    vals[j] = t;
  }
  for (int i = 0; i < m; i++) {
    b->cell[open[i]] = vals[i];
    if (!vals[i]) b->blank = open[i];
  }
  return 0;
}

static void check_answer(const bs_board *b, const bs_result *r) {
  if (r->status != BS_ST_SOLVED) return;
  size_t len = strlen(r->moves), at;
  CHECK((int)len == r->length);
  CHECK(bs_replay(b, r->moves, len, &at) == BS_RP_OK);
}

static bs_solver big;
static int big_ok;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bs_board b;
  char err[160];
  if (bs_board_parse((const char *)data, size, &b, err, sizeof err) && decode(data, size, &b)) return 0;
  uint32_t seed = 2166136261u; /* FNV-1a of the input picks the cap */
  for (size_t i = 0; i < size; i++) seed = (seed ^ data[i]) * 16777619u;
  uint32_t cap = 2 + seed % 2048;
  uint64_t mem = 4 + (uint64_t)cap * BS_ARENA_RECORD_BYTES;
  uint64_t budget = seed >> 30 ? 0 : 1 + (seed >> 11) % 4096; /* a generated-state budget, 1 run in 4 */

  const char *why = NULL;
  int solv = bs_solvability(&b, &why);
  bs_result *r = malloc(sizeof *r), *first = malloc(sizeof *first);
  CHECK(r && first);
  int exact_len = -1, have_first = 0;

  if (b.n <= 8) {
    if (!big_ok) {
      CHECK(bs_solver_init(&big, BS_STORE_ARENA, 4 + (uint64_t)BIG_CAP * BS_ARENA_RECORD_BYTES, 0, err,
                           sizeof err) == 0);
      big_ok = 1;
    }
    bs_opts o = {.recycle = 0, .budget = 0};
    bs_solver_solve(&big, &b, BS_MODE_EXACT, &o, r);
    CHECK(r->status != BS_ST_GAVE_UP);
    check_answer(&b, r);
    if (r->status == BS_ST_SOLVED) exact_len = r->length;
  }

  for (int recycle = 0; recycle < 2; recycle++) {
    have_first = 0;
    for (size_t s = 0; s < sizeof stores / sizeof *stores; s++) {
      int kind = bs_store_parse(stores[s]);
      CHECK(kind >= 0);
      bs_solver sv;
      CHECK(bs_solver_init(&sv, (bs_store_kind)kind, mem, 0, err, sizeof err) == 0);
      bs_opts o = {.recycle = recycle, .budget = budget};
      bs_solver_solve(&sv, &b, BS_MODE_EXACT, &o, r);
      bs_solver_free(&sv);
      CHECK(r->status == BS_ST_SOLVED || r->status == BS_ST_UNSOLVABLE || r->status == BS_ST_GAVE_UP);
      check_answer(&b, r);
      if (solv == BS_UNSOLVABLE) CHECK(r->status == BS_ST_UNSOLVABLE);
      if (solv == BS_SOLVABLE) CHECK(r->status != BS_ST_UNSOLVABLE);
      if (r->status == BS_ST_SOLVED) {
        CHECK(r->optimal);
        if (exact_len < 0) exact_len = r->length;
        CHECK(r->length == exact_len);
      }
      if (!have_first) {
        *first = *r;
        have_first = 1;
      } else {
        CHECK(r->status == first->status && r->length == first->length);
        CHECK(r->generated == first->generated && r->expanded == first->expanded);
      }
    }
  }

  for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
    int mode = bs_mode_parse(modes[m]);
    CHECK(mode >= 0);
    bs_solver sv;
    CHECK(bs_solver_init(&sv, BS_STORE_ARENA, mem, 0, err, sizeof err) == 0);
    bs_opts o = {.recycle = 1, .budget = 0};
    bs_solver_solve(&sv, &b, (bs_mode)mode, &o, r);
    bs_solver_free(&sv);
    check_answer(&b, r);
    if (solv == BS_UNSOLVABLE) CHECK(r->status == BS_ST_UNSOLVABLE);
    if (r->status == BS_ST_SOLVED && exact_len >= 0) CHECK(r->length >= exact_len);
    if (r->status == BS_ST_SOLVED && r->optimal && exact_len >= 0) CHECK(r->length == exact_len);
  }
  free(r);
  free(first);
  return 0;
}
