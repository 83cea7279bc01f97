/* Tests of the readers: bs_board_parse's rejections, and bs_set_read /
 * bs_answers_read on files written by the tests, with their line numbers. */
#include "bs_test.h"

#include "bs_parse.h"

/* bs_board_parse on s: 0 or -1, with the reason in err. */
static int parse(const char *s, bs_board *b, char *err, size_t errlen) {
  err[0] = 0;
  return bs_board_parse(s, strlen(s), b, err, errlen);
}

static void rejects(const char *s, const char *reason) {
  bs_board b;
  char err[160];
  cr_assert_eq(parse(s, &b, err, sizeof err), -1, "\"%s\" should be rejected", s);
  cr_assert_not_null(strstr(err, reason), "\"%s\": reason \"%s\" should contain \"%s\"", s, err, reason);
}

Test(parse, board_accepts) {
  bs_board b;
  char err[160];
  cr_assert_eq(parse("3,3,123456780", &b, err, sizeof err), 0, "%s", err);
  cr_assert(bs_is_goal(&b));
  cr_assert_eq(parse("2,2,3210", &b, err, sizeof err), 0, "%s", err);
  cr_assert_eq(parse("2,2,4210", &b, err, sizeof err), -1, "tile 4's cell is the blank's");
  cr_assert_eq(parse("2,2,1320", &b, err, sizeof err), 0, "%s", err);
  cr_assert_eq(b.blank, 3);
  cr_assert_eq(parse("6,6,123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0", &b, err, sizeof err), 0, "%s", err);
  cr_assert_eq(b.n, 36);
  cr_assert_eq(parse("3,3,1=345678=0", &b, err, sizeof err), -1);
  cr_assert_eq(parse("3,3,1=3456780", &b, err, sizeof err), 0, "%s", err);
  cr_assert_eq(b.wall, 1u << 1);
  cr_assert_eq(b.cell[1], 2, "a wall holds its own goal number");
  cr_assert_eq(parse("4,3,=2345678=AB0", &b, err, sizeof err), 0, "%s", err);
  cr_assert_eq(b.wall, 1u << 0 | 1u << 8);
  cr_assert_eq(b.w, 4);
  cr_assert_eq(b.h, 3);
  /* A real DevQuiz line, with walls (width first). */
  cr_assert_eq(parse("5,6,12=E4D9HIF8=GN576LOABMTPKQSR0J", &b, err, sizeof err), 0, "%s", err);
  cr_assert_eq(b.w, 5);
  cr_assert_eq(b.h, 6);
  cr_assert_eq(b.blank, 28);
}

Test(parse, board_wrong_cell_count) {
  rejects("3,3,12345678", "8 cells for a 9-cell board");
  rejects("3,3,1234567800", "10 cells for a 9-cell board");
  rejects("3,3,", "0 cells");
  rejects("4,3,123456780", "12-cell");
}

Test(parse, board_unknown_symbol) {
  rejects("3,3,1234a6780", "unknown symbol 'a' in cell 5");
  rejects("3,3,1234-6780", "unknown symbol '-'");
  rejects("3,3,1234 5678", "unknown symbol ' '");
  rejects("3,3,1234\x01" "5678", "unknown byte 0x01");
}

Test(parse, board_blanks) {
  rejects("3,3,123456789", "no blank"); /* not "tile 9": the tile stands where the blank goes */
  rejects("2,2,1234", "no blank (a board has one 0)");
  rejects("3,3,1235=6784", "no blank");
  rejects("3,3,120456780", "two blanks (cell 9)");
  rejects("3,3,100456782", "two blanks (cell 3)");
}

Test(parse, board_tiles) {
  rejects("3,3,123456718", "tile 1 repeated (cell 8)");
  rejects("3,3,1=35=6780", "tile 4 missing");
  /* Tile 2's goal cell is a wall: the goal has no tile 2. */
  rejects("3,3,1=3456720", "tile 2 has no goal cell");
  /* A tile beyond the board, and the tile whose goal would be the blank's cell. */
  rejects("2,2,1250", "tile 5 is not on a 4-cell board");
  rejects("3,3,12345679A0", "cells"); /* 10 cells */
  rejects("3,3,1234567A0", "tile A is not on a 9-cell board");
  rejects("3,3,123456790", "tile 9 is not on a 9-cell board");
}

Test(parse, board_wall_last) {
  rejects("3,3,12345670=", "wall in the last cell (9)");
  rejects("2,2,130=", "wall in the last cell (4)");
}

Test(parse, board_size) {
  rejects("1,3,120", "width 1 is out of range");
  rejects("3,1,120", "height 1 is out of range");
  rejects("7,3,123456789ABCDEFGHIJK0", "width 7 is out of range");
  rejects("3,7,123456789ABCDEFGHIJK0", "height 7 is out of range");
  rejects("0,0,", "out of range");
  rejects("100,3,1", "out of range");
  rejects("-3,3,123456780", "out of range");
  rejects("3x3,123456780", "width");
  rejects("", "expected W,H,CELLS");
  rejects("3,3", "expected W,H,CELLS");
  /* A side is a whole decimal number: a leading zero changes nothing. */
  bs_board b;
  char err[160];
  cr_assert_eq(parse("03,003,123456708", &b, err, sizeof err), 0, "%s", err);
  cr_assert(b.w == 3 && b.h == 3 && b.n == 9);
}

/* ---- sets ----------------------------------------------------------- */

typedef struct {
  char *path;
  bs_set set;
  int problems;
  char *errs;
  size_t errlen;
} read_result;

static void read_set(read_result *r, const char *text, size_t len) {
  r->path = bs_temp_write(text, len);
  FILE *errs = open_memstream(&r->errs, &r->errlen);
  cr_assert_not_null(errs);
  r->problems = bs_set_read(r->path, &r->set, errs);
  fclose(errs);
}

static void read_done(read_result *r) {
  bs_set_free(&r->set);
  bs_temp_drop(r->path);
  free(r->errs);
}

/* errs holds "path:line: " followed (on that line) by reason. */
static void reported(const read_result *r, int line, const char *reason) {
  char head[4200];
  snprintf(head, sizeof head, "%s:%d: ", r->path, line);
  const char *at = strstr(r->errs, head);
  cr_assert_not_null(at, "no \"%s\" in:\n%s", head, r->errs);
  const char *eol = strchr(at, '\n');
  const char *why = strstr(at, reason);
  cr_assert(why && (!eol || why < eol), "line %d should say \"%s\":\n%s", line, reason, r->errs);
}

/* Reads text as a set that has exactly one problem, reported at `line`
 * with `reason`; r is the caller's to look at further and read_done. */
static void one_problem(read_result *r, const char *text, int line, const char *reason) {
  read_set(r, text, strlen(text));
  cr_assert_eq(r->problems, 1, "%s", r->errs);
  reported(r, line, reason);
}

#define GOOD1 "3,3,123456708"
#define GOOD2 "3,3,123405786"

Test(parse, set_with_headers) {
  read_result r;
  const char *text = "10 20 30 40\n2\n" GOOD1 "\n" GOOD2 "\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 0, "%s", r.errs);
  cr_assert_eq(r.errlen, 0);
  cr_assert(r.set.has_limits);
  long want[4] = {10, 20, 30, 40};
  cr_assert_arr_eq(r.set.limit, want, sizeof want);
  cr_assert_eq(r.set.declared, 2);
  cr_assert_eq(r.set.n, 2);
  cr_assert_eq(r.set.bad, 0);
  cr_assert_eq(r.set.e[0].line, 3);
  cr_assert_eq(r.set.e[1].line, 4);
  cr_assert(r.set.e[0].ok && r.set.e[1].ok);
  cr_assert_eq(r.set.e[0].board.blank, 7);
  cr_assert_eq(r.set.e[1].board.blank, 4);
  read_done(&r);
}

Test(parse, set_without_headers) {
  read_result r;
  const char *text = GOOD1 "\n" GOOD2 "\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 0, "%s", r.errs);
  cr_assert_not(r.set.has_limits);
  cr_assert_eq(r.set.declared, -1);
  cr_assert_eq(r.set.n, 2);
  cr_assert_eq(r.set.e[1].line, 2);
  read_done(&r);
}

Test(parse, set_count_only) {
  read_result r;
  const char *text = "1\n" GOOD1 "\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 0, "%s", r.errs);
  cr_assert_not(r.set.has_limits);
  cr_assert_eq(r.set.declared, 1);
  cr_assert_eq(r.set.n, 1);
  read_done(&r);
}

Test(parse, set_skips_blank_and_comment_lines) {
  read_result r;
  const char *text = "# a comment\n\n1 2 3 4\n# another\n2\n\n" GOOD1 "\n#\n\n" GOOD2 "\n\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 0, "%s", r.errs);
  cr_assert(r.set.has_limits);
  cr_assert_eq(r.set.declared, 2);
  cr_assert_eq(r.set.n, 2);
  cr_assert_eq(r.set.e[0].line, 7);
  cr_assert_eq(r.set.e[1].line, 10);
  read_done(&r);
}

Test(parse, set_crlf_and_no_final_newline) {
  read_result r;
  const char *text = "10 20 30 40\r\n2\r\n" GOOD1 "\r\n\r\n" GOOD2;
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 0, "%s", r.errs);
  cr_assert(r.set.has_limits);
  cr_assert_eq(r.set.limit[3], 40);
  cr_assert_eq(r.set.n, 2);
  cr_assert(r.set.e[0].ok && r.set.e[1].ok);
  cr_assert_eq(r.set.e[1].line, 5);
  cr_assert_eq(r.set.e[1].board.cell[8], 6);
  read_done(&r);
}

Test(parse, set_trailing_blanks) {
  read_result r;
  const char *text = GOOD1 " \t\n" GOOD2 "\t\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 0, "%s", r.errs);
  cr_assert_eq(r.set.n, 2);
  read_done(&r);
}

/* Each bad board is reported with its own line; the good ones still parse. */
Test(parse, set_reports_each_bad_line) {
  static const struct {
    const char *board, *reason;
  } bad[] = {
      {"3,3,12345678", "8 cells for a 9-cell board"},
      {"3,3,1234a6780", "unknown symbol 'a'"},
      {"3,3,1235=6784", "no blank"},
      {"3,3,120456780", "two blanks"},
      {"3,3,123456718", "tile 1 repeated"},
      {"3,3,1=35=6780", "tile 4 missing"},
      {"3,3,1=3456720", "tile 2 has no goal cell"},
      {"2,2,1250", "tile 5 is not on a 4-cell board"},
      {"3,3,12345670=", "wall in the last cell"},
      {"7,3,123456789ABCDEFGHIJK0", "width 7 is out of range"},
      {"3,3,12345\x7f" "780", "unknown byte 0x7f"},
  };
  const int nbad = (int)(sizeof bad / sizeof *bad);
  char text[4096] = "";
  /* Header, then good and bad lines alternating, with a comment between. */
  strcat(text, "100 100 100 100\n");
  snprintf(text + strlen(text), 64, "%d\n", 2 * nbad);
  int line = 2;
  int badline[32];
  for (int i = 0; i < nbad; i++) {
    strcat(text, GOOD1 "\n# comment\n");
    line += 2;
    strcat(text, bad[i].board);
    strcat(text, "\n");
    badline[i] = ++line;
  }
  read_result r;
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, nbad, "%s", r.errs);
  cr_assert_eq(r.set.n, 2 * nbad);
  cr_assert_eq(r.set.bad, nbad);
  cr_assert_eq(bs_count_lines(r.errs), nbad, "one line per problem:\n%s", r.errs);
  for (int i = 0; i < nbad; i++) {
    reported(&r, badline[i], bad[i].reason);
    cr_assert(r.set.e[2 * i].ok);
    cr_assert_not(r.set.e[2 * i + 1].ok);
    cr_assert_eq(r.set.e[2 * i + 1].line, badline[i]);
    cr_assert_not_null(strstr(r.set.e[2 * i + 1].err, bad[i].reason));
  }
  read_done(&r);
}

Test(parse, set_nul_byte_in_a_line) {
  read_result r;
  const char text[] = GOOD1 "\n3,3,1234\0" "5678\n" GOOD2 "\n";
  read_set(&r, text, sizeof text - 1);
  cr_assert_eq(r.problems, 1, "%s", r.errs);
  reported(&r, 2, "unknown byte 0x00");
  cr_assert_eq(r.set.n, 3);
  read_done(&r);
}

Test(parse, set_count_mismatch) {
  read_result r;
  const char *text = "1 2 3 4\n3\n" GOOD1 "\n" GOOD2 "\n";
  one_problem(&r, text, 2, "the header says 3 puzzles, the file has 2");
  cr_assert_eq(r.set.n, 2);
  read_done(&r);

  text = "# count first\n1\n" GOOD1 "\n" GOOD2 "\n";
  one_problem(&r, text, 2, "the header says 1 puzzle, the file has 2");
  read_done(&r);

  /* A count of zero is a count too. */
  text = "0\n" GOOD1 "\n";
  one_problem(&r, text, 1, "the header says 0 puzzles, the file has 1");
  read_done(&r);
}

Test(parse, set_bad_header) {
  read_result r;
  const char *text = "1 2 3\n" GOOD1 "\n";
  one_problem(&r, text, 1, "a header is");
  cr_assert_eq(r.set.n, 1);
  read_done(&r);
  /* Numbers after the first board are not a header. */
  text = GOOD1 "\n5\n";
  one_problem(&r, text, 2, "expected W,H,CELLS");
  read_done(&r);
}

/* A header line with signed numbers is a header line, not a board; so is
 * a second count, which is named as such, and neither is a puzzle. */
Test(parse, set_signed_and_repeated_header_lines) {
  read_result r;
  const char *text = "-1 2 3 4\n1\n" GOOD1 "\n";
  one_problem(&r, text, 1, "a header is \"LX RX UX DX\" then a puzzle count, numbers from 0 to 1000000000");
  cr_assert_eq(r.set.n, 1);
  cr_assert_eq(r.set.declared, 1);
  read_done(&r);
  text = "+1 1 1 1\n" GOOD1 "\n";
  one_problem(&r, text, 1, "a header is");
  cr_assert_eq(r.set.n, 1);
  read_done(&r);
  text = "1 2 3 4\n1\n1\n" GOOD1 "\n";
  one_problem(&r, text, 3, "a second puzzle count (line 2 has one)");
  cr_assert_null(strstr(r.errs, "the header says"), "%s", r.errs);
  cr_assert_eq(r.set.n, 1);
  read_done(&r);
  /* A sign alone, or in a board, is no header. */
  text = GOOD1 "\n-\n";
  one_problem(&r, text, 2, "expected W,H,CELLS");
  read_done(&r);
  text = "- 1\n" GOOD1 "\n";
  one_problem(&r, text, 1, "expected W,H,CELLS");
  cr_assert_eq(r.set.n, 2);
  read_done(&r);
}

/* Limits come first: four numbers after a bad header line are no limits
 * but a second bad header line, reported as such. */
Test(parse, set_limits_after_a_bad_header_line_are_refused) {
  read_result r;
  const char *text = "1 2\n1 2 3 4\n1\n" GOOD1 "\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 2, "%s", r.errs);
  reported(&r, 1, "a header is");
  reported(&r, 2, "a header is");
  cr_assert_not(r.set.has_limits, "line 2 was taken for the limits");
  cr_assert_eq(r.set.n, 1);
  read_done(&r);
}

/* Header numbers go up to BS_HEADER_MAX, that one included. */
Test(parse, set_header_numbers_up_to_the_maximum) {
  read_result r;
  const char *text = "1000000000 1 2 3\n1000000000\n" GOOD1 "\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 1, "only the count is wrong:\n%s", r.errs);
  cr_assert(r.set.has_limits);
  cr_assert_eq(r.set.limit[0], 1000000000L);
  cr_assert_eq(r.set.declared, 1000000000L);
  read_done(&r);
  text = "1000000001 1 2 3\n" GOOD1 "\n";
  one_problem(&r, text, 1, "numbers from 0 to 1000000000");
  cr_assert_not(r.set.has_limits);
  read_done(&r);
}

/* A file of a bad header line only: that line is its one problem, not
 * also "no puzzles". */
Test(parse, set_of_a_bad_header_only_is_one_problem) {
  read_result r;
  const char *text = "1 2\n";
  one_problem(&r, text, 1, "a header is");
  cr_assert_null(strstr(r.errs, "no puzzles"), "%s", r.errs);
  read_done(&r);
}

Test(parse, set_without_puzzles) {
  read_result r;
  read_set(&r, "", 0);
  cr_assert_eq(r.problems, 1, "an empty file is a problem:%s", r.errs);
  reported(&r, 1, "no puzzles");
  cr_assert_eq(r.set.n, 0);
  read_done(&r);
  const char *text = "# only a comment\n\n";
  read_set(&r, text, strlen(text));
  cr_assert_eq(r.problems, 1, "%s", r.errs);
  cr_assert_not_null(strstr(r.errs, "no puzzles"), "%s", r.errs);
  read_done(&r);
}

Test(parse, set_missing_file) {
  bs_set set;
  char *errs = NULL;
  size_t errlen = 0;
  FILE *f = open_memstream(&errs, &errlen);
  int rc = bs_set_read("/nonexistent/bislide/set.txt", &set, f);
  fclose(f);
  cr_assert_eq(rc, -1);
  cr_assert_not_null(strstr(errs, "/nonexistent/bislide/set.txt"), "%s", errs);
  bs_set_free(&set);
  free(errs);
}

/* ---- answers and lines --------------------------------------------- */

Test(parse, answers_keep_empty_lines) {
  const char *text = "RDL\r\n\nUU  \r\n\nLL";
  char *path = bs_temp_text(text);
  bs_answers a;
  cr_assert_eq(bs_answers_read(path, &a, stderr), 0);
  cr_assert_eq(a.n, 5);
  const char *want[5] = {"RDL", "", "UU", "", "LL"};
  for (int i = 0; i < 5; i++) {
    cr_assert_str_eq(a.line[i], want[i], "line %d", i + 1);
    cr_assert_eq(a.len[i], strlen(want[i]));
  }
  bs_answers_free(&a);
  bs_temp_drop(path);
}

Test(parse, read_line_any_length) {
  size_t big = 100000;
  char *text = malloc(big + 3);
  memset(text, 'L', big);
  memcpy(text + big, "\r\n", 3);
  char *path = bs_temp_text(text);
  FILE *f = fopen(path, "r");
  char *buf = NULL;
  size_t cap = 0;
  cr_assert_eq(bs_read_line(f, &buf, &cap), (long)big);
  cr_assert_eq(buf[big - 1], 'L');
  cr_assert_eq(buf[big], 0);
  cr_assert_eq(bs_read_line(f, &buf, &cap), -1);
  fclose(f);
  free(buf);
  free(text);
  bs_temp_drop(path);
}
