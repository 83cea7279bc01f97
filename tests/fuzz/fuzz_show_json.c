/* fuzz_show_json: libFuzzer target for show's reader of solve --json lines.
 *
 * The input is read, through a memory stream, as the lines bislide show
 * reads (bs_answers_read_stream), then handed to show's read_json (the
 * static reader of src/cmd_show.c, included here) with no INDEX and with
 * an INDEX of 1 to 3 chosen by the first byte. Beyond "no crash, no leak,
 * no undefined behaviour", it asserts:
 *   - read_json returns -1 or a count no larger than the lines read;
 *   - every item has a well-formed board, a title, status and reason
 *     strings that end within their arrays, moves that are L R U D only
 *     and exactly nmoves long, and a line within the input;
 *   - with an INDEX, every item has that index;
 *   - every message is "fuzz:LINE: reason" with LINE in the input (or
 *     "fuzz: no result..." / "bislide show: ..."), with no control byte
 *     but its newline;
 *   - no text bound for the terminal (title, status, reason) holds a
 *     byte but printable ASCII: no ESC or other C0 control, no DEL, no C1
 *     control as UTF-8 (C2 80..C2 9F) or as a raw byte. */
#define bs_cmd_show fuzz_show_cmd_unused /* the real one is in the library */
#include "../../src/cmd_show.c"

#include <stdint.h>

static FILE *fuzz_err; /* the real stderr while stderr is swapped */
#define FUZZ_NAME "fuzz_show_json"
#define FUZZ_ERR fuzz_err
#include "fuzz_check.h"

static void check_text(const char *s, size_t cap) {
  CHECK(memchr(s, 0, cap) != NULL);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) CHECK(*p >= 0x20 && *p < 0x7f);
}

static void check_messages(const char *msgs, size_t len, long maxline) {
  const char *p = msgs, *end = msgs + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    CHECK(eol != NULL);
    for (const char *q = p; q < eol; q++) CHECK((unsigned char)*q >= 0x20 && *q != 0x7f);
    if (!strncmp(p, "bislide show: ", 14) || !strncmp(p, "fuzz: no result", 15)) {
      p = eol + 1;
      continue;
    }
    check_where(p, maxline);
    p = eol + 1;
  }
}

static void one(const bs_answers *in, long want, long lines) {
  char *msgs = NULL;
  size_t msglen = 0;
  FILE *errs = open_memstream(&msgs, &msglen);
  CHECK(errs != NULL);
  FILE *saved = stderr;
  stderr = errs;
  show_item *items = NULL;
  int n = read_json(in, "fuzz", want, &items);
  stderr = saved;
  CHECK(n >= -1 && n <= in->n);
  for (int i = 0; i < n; i++) {
    const show_item *it = &items[i];
    check_board(&it->board);
    CHECK(it->title != NULL);
    check_text(it->title, strlen(it->title) + 1);
    check_text(it->status, sizeof it->status);
    check_text(it->reason, sizeof it->reason);
    CHECK(it->line >= 1 && it->line <= lines);
    CHECK(!strcmp(it->name, "fuzz"));
    if (it->moves) {
      CHECK(strlen(it->moves) == it->nmoves);
      for (size_t k = 0; k < it->nmoves; k++) CHECK(strchr("LRUD", it->moves[k]) && it->moves[k]);
    }
    if (want > 0) {
      char head[32];
      snprintf(head, sizeof head, "puzzle %ld: ", want);
      CHECK(!strncmp(it->title, head, strlen(head)));
    }
    free(items[i].moves);
    free(items[i].title);
  }
  if (n >= 0) free(items);
  fclose(errs);
  check_messages(msgs, msglen, lines + 1);
  free(msgs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!fuzz_err) fuzz_err = stderr;
  long lines = 0;
  for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
  lines += size && data[size - 1] != '\n';
  FILE *f = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  CHECK(f != NULL);
  bs_answers in;
  int rc = bs_answers_read_stream(f, "fuzz", &in, fuzz_err);
  fclose(f);
  if (rc == 0) {
    one(&in, 0, lines);
    one(&in, size ? 1 + data[0] % 3 : 1, lines);
  }
  bs_answers_free(&in);
  return 0;
}
