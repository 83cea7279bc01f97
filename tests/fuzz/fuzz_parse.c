/* fuzz_parse: libFuzzer target for the readers of untrusted text.
 *
 * The input is read, through a memory stream, as a puzzle set
 * (bs_set_read_stream) and as an answer file (bs_answers_read_stream), and
 * handed whole to bs_board_parse. Beyond "no crash, no leak, no undefined
 * behaviour" (ASan, UBSan and libFuzzer's leak check), it asserts:
 *   - every message is "fuzz:LINE: reason" with LINE within the input;
 *   - entry lines ascend, set->bad counts the bad entries, and there are at
 *     least as many problems as bad entries;
 *   - every accepted board is well formed (sizes, one blank, walls in
 *     place, each goal tile once) and its text form parses back to it;
 *   - every answer line is NUL-terminated and within BS_LINE_MAX, and it
 *     replays on the first boards without reading out of bounds.
 * Build and run: make fuzz (tests/fuzz/README.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bs_parse.h"
#include "bs_verify.h"

#define FUZZ_NAME "fuzz_parse"
#include "fuzz_check.h"

/* Each line of msgs is "fuzz:N: ..." with 1 <= N <= maxline. */
static void check_messages(const char *msgs, size_t len, long maxline) {
  const char *p = msgs, *end = msgs + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    CHECK(eol != NULL);
    check_where(p, maxline);
    p = eol + 1;
  }
}

static FILE *stream(const uint8_t *data, size_t size) {
  /* fmemopen refuses a zero size; /dev/null reads as the same empty file. */
  FILE *f = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  CHECK(f != NULL);
  return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  long lines = 0;
  for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
  lines += size && data[size - 1] != '\n';

  char *msgs = NULL;
  size_t msglen = 0;
  FILE *errs = open_memstream(&msgs, &msglen);
  CHECK(errs != NULL);
  FILE *f = stream(data, size);
  bs_set set;
  int problems = bs_set_read_stream(f, "fuzz", &set, errs);
  fclose(f);
  CHECK(problems >= 0);
  int bad = 0;
  for (int i = 0; i < set.n; i++) {
    CHECK(set.e[i].line >= 1 && set.e[i].line <= lines);
    CHECK(i == 0 || set.e[i].line > set.e[i - 1].line);
    if (set.e[i].ok) {
      check_board(&set.e[i].board);
    } else {
      bad++;
      CHECK(set.e[i].err[0] != 0);
    }
  }
  CHECK(bad == set.bad && problems >= bad);
  CHECK(problems > 0 || set.n > 0); /* a file without puzzles is a problem */

  f = stream(data, size);
  bs_answers ans;
  int arc = bs_answers_read_stream(f, "fuzz", &ans, errs);
  fclose(f);
  CHECK(arc == 0 || arc == -1);
  CHECK(ans.n <= lines);
  for (int i = 0; i < ans.n; i++) {
    CHECK(ans.len[i] <= BS_LINE_MAX && ans.line[i][ans.len[i]] == 0);
    for (int k = 0; k < set.n && k < 4; k++) {
      if (!set.e[k].ok) continue;
      size_t at = 0;
      int fault = bs_replay(&set.e[k].board, ans.line[i], ans.len[i], &at);
      CHECK(fault >= BS_RP_OK && fault <= BS_RP_NOT_GOAL && at <= ans.len[i]);
      CHECK(bs_replay_fault(fault)[0] != 0);
    }
  }
  bs_answers_free(&ans);
  bs_set_free(&set);

  bs_board b;
  char err[112];
  if (bs_board_parse((const char *)data, size, &b, err, sizeof err) == 0)
    check_board(&b);
  else
    CHECK(err[0] != 0 && strlen(err) < sizeof err);

  fclose(errs);
  check_messages(msgs, msglen, lines + 1);
  free(msgs);
  return 0;
}
