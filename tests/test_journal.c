/* bs_journal: line format and checksum, resuming from torn or foreign
 * journals, and the atomic final write. */
#include <math.h>
#include <xxhash.h>

#include "bs_cli.h"
#include "bs_journal.h"
#include "bs_test.h"

static bs_result result(bs_status st, const char *reason, const char *moves, int optimal) {
  static bs_result r;
  memset(&r, 0, sizeof r);
  r.status = st;
  r.reason = reason;
  r.optimal = optimal;
  r.expanded = 12345;
  r.generated = 67890;
  snprintf(r.moves, sizeof r.moves, "%s", moves);
  r.length = (int)strlen(moves);
  r.floor = st == BS_ST_UNSOLVABLE ? 0 : optimal ? r.length : r.length ? r.length / 2 : 17;
  return r;
}

Test(journal, lines_round_trip) {
  /* The longest answer a result holds: a constructor's, far longer than
   * any search's. */
  static char longest[BS_ANSWER_MAX + 1];
  for (int i = 0; i < BS_ANSWER_MAX; i++) longest[i] = "LRUD"[i * 7 % 4];
  static bs_result rs[4];
  rs[0] = result(BS_ST_SOLVED, NULL, "LLURDD", 1);
  rs[1] = result(BS_ST_GAVE_UP, "memory cap", "", 0);
  rs[2] = result(BS_ST_UNSOLVABLE, "walls cut\ta tile off", "", 0);
  rs[3] = result(BS_ST_SOLVED, NULL, longest, 0);
  /* What each reason reads back as: none is "", a control character a space. */
  const char *reason[4] = {"", "memory cap", "walls cut a tile off", ""};
  for (int k = 0; k < 4; k++) {
    char line[BS_JOURNAL_LINE_MAX];
    size_t len = bs_journal_format(line, 41 + k, &rs[k], 2.5);
    cr_assert_eq(line[len - 1], '\n');
    bs_jentry e;
    cr_assert_eq(bs_journal_parse(line, len - 1, &e), 0, "'%s' does not parse", line);
    cr_assert_eq(e.index, 41 + k);
    cr_assert_eq(e.status, rs[k].status);
    cr_assert_eq(e.optimal, rs[k].optimal);
    cr_assert_eq(e.floor, rs[k].floor);
    cr_assert_eq(e.expanded, 12345);
    cr_assert_eq(e.generated, 67890);
    cr_assert_float_eq(e.ms, 2.5, 1e-9);
    cr_assert_str_eq(e.moves, rs[k].moves);
    cr_assert_eq(e.length, rs[k].length);
    cr_assert_str_eq(e.reason, reason[k]);
  }
  char line[BS_JOURNAL_LINE_MAX];
  bs_journal_format(line, 0, &rs[2], 0);
  cr_assert_eq(strchr(line, '\n') - line, (long)strlen(line) - 1, "a tab in a reason broke the line");
}

/* A journal's line passes its checksum whatever it holds, so what it
 * says is checked too: a time that is no number of milliseconds is
 * refused, and a reason is written into JSON escaped. */
Test(journal, lines_are_checked_beyond_their_checksum) {
  bs_result r = result(BS_ST_GAVE_UP, "x\"y\\", "", 0);
  char line[BS_JOURNAL_LINE_MAX];
  bs_jentry e;
  size_t len = bs_journal_format(line, 0, &r, INFINITY);
  cr_assert_neq(bs_journal_parse(line, len - 1, &e), 0, "'%s' parsed", line);
  len = bs_journal_format(line, 0, &r, 3.5);
  cr_assert_eq(bs_journal_parse(line, len - 1, &e), 0, "'%s' does not parse", line);
  cr_assert_str_eq(e.reason, "x\"y\\");
  r.reason = e.reason;
  char *json = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&json, &n);
  cr_assert_not_null(f);
  const bs_board b = bs_test_parsed("3,3,123456708");
  bs_print_json(f, 1, &b, &r, e.ms, 0, "arena"); /* a journal keeps no CPU time */
  fclose(f);
  cr_assert_not_null(strstr(json, "\"reason\":\"x\\\"y\\\\\","), "%s", json);
  free(json);
  /* A reason with a control byte, which the format never writes, is
   * refused even under a checksum that fits. */
  r.reason = "a\033[2Jb";
  len = bs_journal_format(line, 0, &r, 1.0);
  cr_assert_eq(bs_journal_parse(line, len - 1, &e), 0);
  cr_assert_str_eq(e.reason, "a [2Jb");
  len = bs_journal_format(line, 0, &r, 1.0);
  *strchr(line, ' ') = '\033';
  char *tab = strrchr(line, '\t');
  snprintf(tab, 11, "\t%08x\n", (unsigned)XXH32(line, (size_t)(tab - line), 0));
  cr_assert_neq(bs_journal_parse(line, len - 1, &e), 0, "a control byte passed");
  /* Nor are moves for a puzzle that was not solved. */
  r = result(BS_ST_GAVE_UP, "limit", "", 0);
  bs_journal_format(line, 0, &r, 1.0);
  tab = strrchr(line, '\t');
  snprintf(tab, 3, "RD");
  snprintf(tab + 2, 11, "\t%08x\n", (unsigned)XXH32(line, (size_t)(tab + 2 - line), 0));
  cr_assert_neq(bs_journal_parse(line, strlen(line) - 1, &e), 0, "moves of a puzzle given up passed: %s", line);
}

/* Fields the format never writes are refused under a checksum that fits:
 * an index 0 (indexes count from 1; 0 would be puzzle -1) and an optimal
 * flag of more than one digit. */
Test(journal, fields_out_of_the_format_are_refused_under_their_checksum) {
  static const struct { const char *body; int ok; } lines[] = {
      {"1\tsolved\t1\t1\t0\t0\t1.000\t-\tR", 1}, /* as written */
      {"0\tsolved\t1\t1\t0\t0\t1.000\t-\tR", 0},
      {"1\tsolved\t10\t1\t0\t0\t1.000\t-\tR", 0},
      {"1\tsolved\t2\t1\t0\t0\t1.000\t-\tR", 0},
  };
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
    char line[BS_JOURNAL_LINE_MAX];
    const size_t n = strlen(lines[i].body);
    memcpy(line, lines[i].body, n);
    snprintf(line + n, 11, "\t%08x\n", (unsigned)XXH32(line, n, 0));
    bs_jentry e;
    cr_assert_eq(bs_journal_parse(line, n + 9, &e) == 0, lines[i].ok, "line %zu: %s", i, lines[i].body);
    if (lines[i].ok) cr_assert(e.index == 0 && e.optimal && e.length == 1);
  }
}

Test(journal, any_changed_byte_fails_the_checksum) {
  bs_result r = result(BS_ST_SOLVED, NULL, "RRDDLURDLU", 1);
  char line[BS_JOURNAL_LINE_MAX];
  size_t len = bs_journal_format(line, 7, &r, 1.25) - 1;
  bs_jentry e;
  for (size_t i = 0; i < len; i++) {
    char save = line[i];
    line[i] = save == 'L' ? 'R' : save == '0' ? '1' : 'L';
    cr_assert_neq(bs_journal_parse(line, len, &e), 0, "byte %zu changed and still parsed", i);
    line[i] = save;
  }
  for (size_t cut = 0; cut < len; cut++)
    cr_assert_neq(bs_journal_parse(line, cut, &e), 0, "a line cut at %zu parsed", cut);
}

static char *journal_with(const char *header, int entries, const char *tail) {
  char *path = bs_temp_text("");
  bs_journal j;
  bs_jload ld;
  char err[512];
  cr_assert_eq(bs_journal_open(&j, path, header, 0, &ld, err, sizeof err), 0, "%s", err);
  for (int k = 0; k < entries; k++) {
    bs_result r = result(BS_ST_SOLVED, NULL, k % 2 ? "UL" : "LU", 1);
    char line[BS_JOURNAL_LINE_MAX];
    size_t len = bs_journal_format(line, k, &r, 1);
    cr_assert_eq(bs_journal_append(&j, line, len), 0);
  }
  if (tail) cr_assert_eq(bs_journal_append(&j, tail, strlen(tail)), 0);
  bs_journal_close(&j, 0);
  return path;
}

Test(journal, resume_cuts_a_torn_tail_and_skips_bad_lines) {
  char *path = journal_with("run A", 3, "garbage line\nmore garbage\n4\tsolved\t1\t5\t5\t1.0");
  bs_journal j;
  bs_jload ld;
  char err[512];
  cr_assert_eq(bs_journal_open(&j, path, "run A", 1, &ld, err, sizeof err), 0, "%s", err);
  cr_assert_eq(ld.n, 3);
  cr_assert_eq(ld.bad, 2);
  cr_assert_eq(ld.first_bad, 5, "the first bad line, not the last");
  cr_assert_eq(ld.torn, 1);
  /* Appending after the cut starts a clean line. */
  bs_result r = result(BS_ST_SOLVED, NULL, "DR", 0);
  char line[BS_JOURNAL_LINE_MAX];
  size_t len = bs_journal_format(line, 3, &r, 1);
  cr_assert_eq(bs_journal_append(&j, line, len), 0);
  bs_journal_close(&j, 0);
  bs_jload_free(&ld);
  cr_assert_eq(bs_journal_open(&j, path, "run A", 1, &ld, err, sizeof err), 0, "%s", err);
  cr_assert_eq(ld.n, 4);
  cr_assert_eq(ld.torn, 0);
  cr_assert_str_eq(ld.e[3].moves, "DR");
  bs_journal_close(&j, 1);
  bs_jload_free(&ld);
  cr_assert_neq(access(path, F_OK), 0, "close with remove left the file");
  free(path);
}

Test(journal, foreign_or_unfinished_journals_are_refused) {
  char *path = journal_with("run A", 2, NULL);
  bs_journal j;
  bs_jload ld;
  char err[512];
  cr_assert_eq(bs_journal_open(&j, path, "run B", 1, &ld, err, sizeof err), -1);
  cr_assert(strstr(err, "run A") && strstr(err, "run B"), "%s", err);
  cr_assert_eq(bs_journal_open(&j, path, "run A", 0, &ld, err, sizeof err), -1);
  cr_assert(strstr(err, "--resume"), "%s", err);
  bs_temp_drop(path);
  /* A header alone holds nothing to lose: a new run may start over it. */
  path = journal_with("run A", 0, NULL);
  cr_assert_eq(bs_journal_open(&j, path, "run B", 0, &ld, err, sizeof err), 0, "%s", err);
  cr_assert_eq(ld.n, 0);
  bs_journal_close(&j, 0);
  char *text = bs_slurp(path, NULL);
  cr_assert_str_eq(text, "# bislide journal v2: run B\n");
  free(text);
  bs_temp_drop(path);
  /* One of an older format (v1 lines had no floor) is refused as such. */
  path = bs_temp_text("# bislide journal v1: run A\n1\tsolved\t1\t5\t5\t1.0\t-\tR\t00000000\n");
  cr_assert_eq(bs_journal_open(&j, path, "run A", 1, &ld, err, sizeof err), -1);
  cr_assert(strstr(err, "another version of bislide"), "%s", err);
  bs_temp_drop(path);
}
