/* Hostile input: the real binary ($BISLIDE) on every kind of malformed
 * file of docs/bad-input.md. Each must give "file:line: reason" on stderr
 * and exit 1; `solve` must print nothing on stdout (it stops before any
 * search). Also: numbers out of range, an arena that cannot be allocated,
 * and a stdout that cannot be written. */
#include "bs_test.h"

#include "bs_parse.h"

/* ---- running ---------------------------------------------------------- */

/* Runs argv (argv[0] a path) with stdin from /dev/null, stdout to outpath
 * (NULL: a temp file, read back into p->out) and stderr captured. */
#define CLOSED "(closed)" /* run_argv's outpath: stdout starts closed */

static void run_argv(bs_proc *p, const char *outpath, const char *const *argv) {
  char *errpath = bs_temp_text(""), *tmpout = outpath ? NULL : bs_temp_text("");
  const char *out = outpath ? outpath : tmpout;
  const int closed = outpath && !strcmp(outpath, CLOSED);
  fflush(NULL);
  pid_t pid = fork();
  cr_assert_geq(pid, 0, "fork: %s", strerror(errno));
  if (pid == 0) {
    int i = open("/dev/null", O_RDONLY), o = open(closed ? "/dev/null" : out, O_WRONLY | O_TRUNC),
        e = open(errpath, O_WRONLY | O_TRUNC);
    if (i < 0 || o < 0 || e < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(127);
    if (closed) close(1);
    execv(argv[0], (char *const *)argv);
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0) cr_assert_eq(errno, EINTR, "waitpid: %s", strerror(errno));
  p->code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  p->err = bs_slurp(errpath, &p->errlen);
  if (tmpout) {
    p->out = bs_slurp(tmpout, &p->outlen);
    bs_temp_drop(tmpout);
  } else {
    p->out = calloc(1, 1);
    p->outlen = 0;
  }
  bs_temp_drop(errpath);
}

static const char *bin(void) {
  const char *b = getenv("BISLIDE");
  cr_assert(b && *b, "BISLIDE is not set: run the tests with `make test`");
  return b;
}

/* stderr has a line that starts with "where:line: " and holds reason. */
static void says(const bs_proc *p, const char *where, int line, const char *reason) {
  char head[4200];
  snprintf(head, sizeof head, "%s:%d: ", where, line);
  for (const char *at = p->err; (at = strstr(at, head)) != NULL; at++) {
    if (at != p->err && at[-1] != '\n') continue;
    const char *eol = strchr(at, '\n'), *why = strstr(at, reason);
    if (why && (!eol || why < eol)) return;
  }
  cr_assert_fail("stderr should have \"%s%s\":\n%s", head, reason, p->err);
}

/* solve on a file holding data[0..len): exit 1, nothing on stdout, and
 * "path:line: reason" on stderr. */
static void solve_rejects(const void *data, size_t len, int line, const char *reason) {
  char *path = bs_temp_write(data, len);
  bs_proc p;
  bs_run(&p, NULL, "solve", path, NULL);
  cr_assert_eq(p.code, 1, "exit %d for \"%s\":\n%s", p.code, reason, p.err);
  cr_assert_eq(p.outlen, 0, "solve printed \"%s\" for a bad file", p.out);
  says(&p, path, line, reason);
  bs_proc_free(&p);
  bs_temp_drop(path);
}

static void solve_rejects_text(const char *text, int line, const char *reason) {
  solve_rejects(text, strlen(text), line, reason);
}

/* solve on text: exit 0 and exactly the expected stdout. */
static void solve_accepts(const char *text, size_t len, const char *want) {
  char *path = bs_temp_write(text, len);
  bs_proc p;
  bs_run(&p, NULL, "solve", path, NULL);
  cr_assert_eq(p.code, 0, "exit %d:\n%s", p.code, p.err);
  cr_assert_str_eq(p.out, want);
  bs_proc_free(&p);
  bs_temp_drop(path);
}

#define GOOD1 "3,3,123456708" /* R */
#define GOOD2 "3,3,123405786" /* RD */

/* ---- whole files --------------------------------------------------------- */

Test(hostile, empty_files) {
  solve_rejects_text("", 1, "no puzzles");
  solve_rejects_text("\n\n\n", 3, "no puzzles");
  solve_rejects_text("# nothing here\n\n", 2, "no puzzles");
  solve_rejects_text("1 2 3 4\n0\n", 2, "no puzzles");
  /* stdin too */
  bs_proc p;
  bs_run(&p, "", "solve", "-", NULL);
  cr_assert_eq(p.code, 1);
  says(&p, "-", 1, "no puzzles");
  bs_proc_free(&p);
}

Test(hostile, headers) {
  /* Missing headers are fine: the format allows it. */
  solve_accepts(GOOD1 "\n" GOOD2 "\n", strlen(GOOD1 "\n" GOOD2 "\n"), "R\nRD\n");
  solve_accepts("2\n" GOOD1 "\n" GOOD2 "\n", strlen("2\n" GOOD1 "\n" GOOD2 "\n"), "R\nRD\n");
  /* A count that does not match, either way. */
  solve_rejects_text("10 10 10 10\n1\n" GOOD1 "\n" GOOD2 "\n", 2,
                     "the header says 1 puzzle, the file has 2");
  solve_rejects_text("10 10 10 10\n5000\n" GOOD1 "\n" GOOD2, 2,
                     "the header says 5000 puzzles, the file has 2 (cut short?)");
  solve_rejects_text("3\n", 1, "the header says 3 puzzles, the file has 0");
  /* Headers that are not headers. */
  solve_rejects_text("10 10 10\n" GOOD1 "\n", 1, "a header is \"LX RX UX DX\" then a puzzle count");
  solve_rejects_text("1 2 3 4 5\n" GOOD1 "\n", 1, "a header is");
  solve_rejects_text("99999999999999999999999\n" GOOD1 "\n", 1, "numbers from 0 to 1000000000");
  solve_rejects_text("1\n1 2 3 4\n" GOOD1 "\n", 2, "a header is"); /* limits come first */
  solve_rejects_text(GOOD1 "\n1\n", 2, "expected W,H,CELLS");
}

Test(hostile, tolerated_text) {
  const char *want = "R\nRD\n";
  const char crlf[] = "1 1 1 1\r\n2\r\n" GOOD1 "\r\n" GOOD2 "\r\n";
  solve_accepts(crlf, sizeof crlf - 1, want);
  const char blanks[] = GOOD1 "  \t \n" GOOD2 "\t\r\n";
  solve_accepts(blanks, sizeof blanks - 1, want);
  const char nofinal[] = GOOD1 "\n" GOOD2;
  solve_accepts(nofinal, sizeof nofinal - 1, want);
  const char bom[] = "\xEF\xBB\xBF" "2\n" GOOD1 "\n" GOOD2 "\n";
  solve_accepts(bom, sizeof bom - 1, want);
  const char comments[] = "# set\n\n2\n# first\n" GOOD1 "\n\n\n" GOOD2 "\n#end";
  solve_accepts(comments, sizeof comments - 1, want);
  /* Not tolerated: leading blanks, lone CR line ends, lower case. */
  solve_rejects_text(" " GOOD1 "\n", 1, "width ' 3' is not a number");
  solve_rejects_text(GOOD1 "\r" GOOD2 "\r", 1, "unknown byte 0x0d in cell 10");
  solve_rejects_text("4,3,123456789ab0\n", 1, "unknown symbol 'a' in cell 10");
}

/* A line of 10 MB, in the middle of a file and as a whole file without a
 * newline: rejected without being held in memory. */
Test(hostile, ten_megabyte_lines) {
  size_t big = 10u << 20;
  char *text = malloc(big + 64);
  cr_assert_not_null(text);
  size_t n = (size_t)sprintf(text, GOOD1 "\n3,3,");
  memset(text + n, '1', big);
  n += big;
  n += (size_t)sprintf(text + n, "\n" GOOD2 "\n");
  solve_rejects(text, n, 2, "line longer than 1048576 bytes");
  memset(text, 0, big);
  solve_rejects(text, big, 1, "line longer than 1048576 bytes");
  memset(text, 'R', big);
  char *set = bs_temp_text(GOOD1 "\n");
  char *ans = bs_temp_write(text, big);
  bs_proc p;
  bs_run(&p, NULL, "verify", set, ans, NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  says(&p, ans, 1, "line longer than 1048576 bytes");
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(ans);
  free(text);
}

/* The limit is on a line, not on its ending: a line of exactly
 * BS_LINE_MAX bytes ending in CR or blanks is whole, one byte more is not,
 * and a byte order mark does not hide a line too long (its first
 * BS_LINE_MAX bytes would replay here). */
Test(hostile, the_line_limit_counts_the_line_not_its_ending) {
  const size_t max = BS_LINE_MAX;
  char *text = malloc(max + 16);
  cr_assert_not_null(text);
  char *set = bs_temp_text("3,3,123456780\n");
  const struct { const char *head, *tail; size_t len; int code; } cases[] = {
      {"", "\r\n", max, 0},
      {"", " \t\r\n", max, 0},
      {"", "\r\n", max + 1, 1},
      {"\xEF\xBB\xBF", "\n", max + 1, 1},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    size_t n = (size_t)sprintf(text, "%s", cases[k].head);
    for (size_t i = 0; i < cases[k].len; i++) text[n++] = "LR"[i % 2];
    n += (size_t)sprintf(text + n, "%s", cases[k].tail);
    char *ans = bs_temp_write(text, n);
    bs_proc p;
    bs_run(&p, NULL, "verify", set, ans, NULL);
    cr_assert_eq(p.code, cases[k].code, "case %zu: %s", k, p.err);
    if (cases[k].code) says(&p, ans, 1, "line longer than 1048576 bytes");
    bs_proc_free(&p);
    bs_temp_drop(ans);
  }
  bs_temp_drop(set);
  free(text);
}

/* A file that never ends (/dev/zero): every reader stops, says so, exits
 * 1, instead of reading forever. */
Test(hostile, a_file_without_end, .timeout = 120) {
  char *set = bs_temp_text("3,3,123456708\n");
  const char *const runs[][5] = {{"solve", "/dev/zero"}, {"verify", "/dev/zero", "x"},
                                 {"verify", "S", "/dev/zero"}, {"best", "S", "/dev/zero"},
                                 {"merge", "S", "/dev/zero"}, {"show", "/dev/zero"}};
  for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
    const char *a[5];
    for (int j = 0; j < 5; j++) a[j] = runs[k][j] && !strcmp(runs[k][j], "S") ? set : runs[k][j];
    bs_proc p;
    bs_run(&p, NULL, a[0], a[1], a[2], a[3], a[4], NULL);
    cr_assert_eq(p.code, 1, "%s %s %s: exit %d: %s", a[0], a[1], a[2], p.code, p.err);
    cr_assert(strstr(p.err, "/dev/zero:1: line longer than 1048576 bytes, with no end") ||
                  strstr(p.err, "/dev/zero: 268435456 bytes or more: not read further"),
              "%s: %s", a[0], p.err);
    bs_proc_free(&p);
  }
  bs_temp_drop(set);
}

Test(hostile, nul_and_non_ascii_bytes) {
  const char nul[] = GOOD1 "\n3,3,1234\0" "5678\n";
  solve_rejects(nul, sizeof nul - 1, 2, "unknown byte 0x00 in cell 5");
  const char nulline[] = "\0\0\0\n" GOOD1 "\n";
  solve_rejects(nulline, sizeof nulline - 1, 1, "expected W,H,CELLS");
  const char nulheader[] = "1\0\n" GOOD1 "\n";
  solve_rejects(nulheader, sizeof nulheader - 1, 1, "expected W,H,CELLS");
  solve_rejects_text("3,3,12345678\xc3\xa9\n", 1, "unknown byte 0xc3 in cell 9");
  solve_rejects_text("3,3,1234567\xe2\x80\x8b" "80\n", 1, "unknown byte 0xe2 in cell 8");
  const char utf16[] = "\xff\xfe" "3\0,\0" "3\0\n\0";
  solve_rejects(utf16, sizeof utf16 - 1, 1, "width is not a number");
}

Test(hostile, width_and_height) {
  static const struct {
    const char *line, *reason;
  } bad[] = {
      {"-3,3,123456780", "width -3 is out of range (2 to 6)"},
      {"3,-3,123456780", "height -3 is out of range (2 to 6)"},
      {"0,3,120", "width 0 is out of range"},
      {"3,0,120", "height 0 is out of range"},
      {"1,3,120", "width 1 is out of range"},
      {"7,3,123456789ABCDEFGHIJK0", "width 7 is out of range"},
      {"3,7,123456789ABCDEFGHIJK0", "height 7 is out of range"},
      {"99999999999999999999,3,1", "width 999999999999... is out of range"},
      {"3,2147483648,1", "height 2147483648 is out of range"},
      {"3,-2147483649,1", "height -2147483649 is out of range"},
      {"3.0,3,123456780", "width '3.0' is not a number"},
      {",3,123456780", "width is not a number"},
      {"3,,123456780", "height is not a number"},
      {"3,3;123456780", "expected W,H,CELLS"},
      {"3", "expected W,H,CELLS"},
  };
  char text[2048] = "";
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    strcat(text, bad[i].line);
    strcat(text, "\n");
  }
  char *path = bs_temp_text(text);
  bs_proc p;
  bs_run(&p, NULL, "solve", path, NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_eq(p.outlen, 0);
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) says(&p, path, (int)i + 1, bad[i].reason);
  bs_proc_free(&p);
  bs_temp_drop(path);
}

Test(hostile, cells_and_tiles) {
  solve_rejects_text("3,3,1234567800\n", 1, "10 cells for a 9-cell board");
  solve_rejects_text("3,3,12345670\n", 1, "8 cells for a 9-cell board");
  solve_rejects_text("6,6,123456780\n", 1, "9 cells for a 36-cell board");
  solve_rejects_text("3,3,\n", 1, "0 cells for a 9-cell board");
  solve_rejects_text("3,3,120456780\n", 1, "two blanks (cell 9)");
  solve_rejects_text("3,3,1235=6784\n", 1, "no blank");
  solve_rejects_text("3,3,16345=780\n", 1, "tile 2 missing");
  solve_rejects_text("3,3,123455780\n", 1, "tile 5 repeated (cell 6)");
  solve_rejects_text("3,3,1=3456720\n", 1, "tile 2 has no goal cell: cell 2 is a wall");
}

Test(hostile, wall_in_the_last_cell) {
  solve_rejects_text(GOOD1 "\n3,3,12345670=\n", 2, "wall in the last cell (9)");
  solve_rejects_text("6,6,123456789ABCDEFGHIJKLMNOPQRSTUVWXY0=\n", 1, "wall in the last cell (36)");
}

/* Every byte value in cell 8 of "3,3,1234567?0", one line each in three
 * files (at most BS_REPORT_MAX bad lines are shown per file): only '8' and
 * '=' (tile 8 does not exist) make a board. '\n' splits its line in two and
 * has a file of its own. */
Test(hostile, every_byte_in_a_cell) {
  for (int from = 0; from < 256; from += 90) {
    char text[90 * 16];
    size_t n = 0;
    int line_of[256] = {0}, line = 0;
    for (int c = from; c < from + 90 && c < 256; c++) {
      if (c == '\n') continue;
      memcpy(text + n, "3,3,1234567", 11);
      n += 11;
      text[n++] = (char)c;
      text[n++] = '0';
      text[n++] = '\n';
      line_of[c] = ++line;
    }
    char *path = bs_temp_write(text, n);
    bs_proc p;
    bs_run(&p, NULL, "solve", path, NULL);
    cr_assert_eq(p.code, 1);
    cr_assert_eq(p.outlen, 0);
    for (int c = from; c < from + 90 && c < 256; c++) {
      if (c == '\n') continue;
      char head[4200], reason[64];
      snprintf(head, sizeof head, "%s:%d: ", path, line_of[c]);
      if (c == '8' || c == '=') {
        cr_assert_null(strstr(p.err, head), "byte 0x%02x is a valid cell:\n%s", c, p.err);
        continue;
      }
      if (c == '0')
        snprintf(reason, sizeof reason, "two blanks (cell 9)");
      else if (c >= '1' && c <= '7')
        snprintf(reason, sizeof reason, "tile %c repeated (cell 8)", c);
      else if (c == '9' || (c >= 'A' && c <= 'Z'))
        snprintf(reason, sizeof reason, "tile %c is not on a 9-cell board", c);
      else if (c < 0x20 || c >= 0x7f)
        snprintf(reason, sizeof reason, "unknown byte 0x%02x in cell 8", c);
      else
        snprintf(reason, sizeof reason, "unknown symbol '%c' in cell 8", c);
      says(&p, path, line_of[c], reason);
    }
    bs_proc_free(&p);
    bs_temp_drop(path);
  }
  solve_rejects_text("3,3,1234567\n0\n", 1, "7 cells for a 9-cell board");
}

/* A wrong file (a binary, another format) does not flood the terminal:
 * the first BS_REPORT_MAX bad lines, then how many more. */
Test(hostile, many_bad_lines) {
  size_t lines = 100000;
  char *text = malloc(lines * 2);
  cr_assert_not_null(text);
  for (size_t i = 0; i < lines; i++) memcpy(text + 2 * i, "x\n", 2);
  char *path = bs_temp_write(text, lines * 2);
  bs_proc p;
  bs_run(&p, NULL, "solve", path, NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_eq(p.outlen, 0);
  says(&p, path, 1, "expected W,H,CELLS");
  says(&p, path, BS_REPORT_MAX, "expected W,H,CELLS");
  says(&p, path, (int)lines, "99900 more bad lines not shown");
  cr_assert_eq(bs_count_lines(p.err), BS_REPORT_MAX + 2, "%s", p.err); /* + the summary */
  bs_proc_free(&p);
  bs_temp_drop(path);
  free(text);
}

/* Several bad lines: each one reported, with its own line number. */
Test(hostile, every_bad_line_reported) {
  const char *text = "# set\n4\n" GOOD1 "\n3,3,1\n" GOOD2 "\n3,3,12345678=\n";
  char *path = bs_temp_text(text);
  bs_proc p;
  bs_run(&p, NULL, "solve", path, NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_eq(p.outlen, 0);
  says(&p, path, 4, "1 cell for a 9-cell board");
  says(&p, path, 6, "wall in the last cell");
  cr_assert_not_null(strstr(p.err, "2 problems in the input, nothing solved"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(path);
}

Test(hostile, unreadable_files) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "/nonexistent/bislide.txt", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_not_null(strstr(p.err, "/nonexistent/bislide.txt: No such file or directory"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "/", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_eq(p.outlen, 0);
  says(&p, "/", 1, "read error: Is a directory");
  bs_proc_free(&p);
  /* Every command that reads a set stops at a set it cannot read, merge
   * too (it reads the set only for its number of puzzles). */
  char *shard = bs_temp_text("# bislide shard 0/1 of 0 puzzles\n");
  const char *const runs[][4] = {{"verify", "/", "x"}, {"best", "/", "x"}, {"batch", "/", "-o", "-"},
                                 {"merge", "/", "S"}, {"show", "/", "1"}};
  for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
    const char *a[4];
    for (int j = 0; j < 4; j++) a[j] = runs[k][j] && !strcmp(runs[k][j], "S") ? shard : runs[k][j];
    bs_run(&p, NULL, a[0], a[1], a[2], a[3], NULL);
    cr_assert_eq(p.code, 1, "%s: exit %d: %s", a[0], p.code, p.err);
    cr_assert_eq(p.outlen, 0, "%s", a[0]);
    says(&p, "/", 1, "read error: Is a directory");
    bs_proc_free(&p);
  }
  bs_temp_drop(shard);
}

/* ---- answer files through verify ------------------------------------------ */

typedef struct {
  bs_proc p;
  char *set, *ans;
} verified;

static void verify(verified *v, const char *set, const void *ans, size_t anslen) {
  v->set = bs_temp_text(set);
  v->ans = bs_temp_write(ans, anslen);
  bs_run(&v->p, NULL, "verify", v->set, v->ans, NULL);
}

static void verify_done(verified *v) {
  bs_proc_free(&v->p);
  bs_temp_drop(v->set);
  bs_temp_drop(v->ans);
}

#define SET2 "2\n" GOOD1 "\n" GOOD2 "\n"

Test(hostile, answers_bad_letters) {
  verified v;
  const char bad[] = "Rx\nDr\n";
  verify(&v, SET2, bad, sizeof bad - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 1, "puzzle 1: move 2 'x' is not L, R, U or D");
  says(&v.p, v.ans, 2, "puzzle 2: move 2 'r' is not L, R, U or D");
  cr_assert_not_null(strstr(v.p.out, "invalid 2"), "%s", v.p.out);
  verify_done(&v);
  const char nul[] = "R\nD\0R\n";
  verify(&v, SET2, nul, sizeof nul - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 2, "move 2 (byte 0x00) is not L, R, U or D");
  verify_done(&v);
  const char utf8[] = "R\nD\xc3\x89\n";
  verify(&v, SET2, utf8, sizeof utf8 - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 2, "move 2 (byte 0xc3)");
  verify_done(&v);
  const char spaced[] = "R\nD R\n";
  verify(&v, SET2, spaced, sizeof spaced - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 2, "move 2 ' ' is not L, R, U or D");
  verify_done(&v);
}

Test(hostile, answers_bad_moves) {
  verified v;
  const char *set = "4\n" GOOD1 "\n3,3,1=3456708\n" GOOD2 "\n3,3,1\n";
  const char ans[] = "RR\nUU\nR\nR\n";
  verify(&v, set, ans, sizeof ans - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 1, "puzzle 1: move 2 'R' moves off the board");
  says(&v.p, v.ans, 2, "puzzle 2: move 2 'U' moves into a wall");
  says(&v.p, v.ans, 3, "puzzle 3: does not reach the goal after 1 move");
  char where[4200];
  snprintf(where, sizeof where, "puzzle 4 (%s:5) is not a valid board", v.set);
  says(&v.p, v.ans, 4, where);
  says(&v.p, v.set, 5, "1 cell for a 9-cell board");
  cr_assert_not_null(strstr(v.p.out, "invalid 4"), "%s", v.p.out);
  verify_done(&v);
}

Test(hostile, answers_line_count) {
  verified v;
  const char more[] = "R\nRD\nLL\n\n";
  verify(&v, SET2, more, sizeof more - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 3, "more answer lines (4) than puzzles (2)");
  verify_done(&v);
  const char fewer[] = "R\n";
  verify(&v, SET2, fewer, sizeof fewer - 1);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 2, "fewer answer lines (1) than puzzles (2)");
  verify_done(&v);
  verify(&v, SET2, "", 0);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.ans, 1, "fewer answer lines (0) than puzzles (2)");
  verify_done(&v);
}

Test(hostile, answers_tolerated_text) {
  verified v;
  const char crlf[] = "\xEF\xBB\xBFR \r\nRD\t";
  verify(&v, SET2, crlf, sizeof crlf - 1);
  cr_assert_eq(v.p.code, 0, "%s", v.p.err);
  cr_assert_not_null(strstr(v.p.out, "solved 2"), "%s", v.p.out);
  verify_done(&v);
  /* An empty line is an unsolved puzzle, not a fault. */
  verify(&v, SET2, "\nRD\n", 4);
  cr_assert_eq(v.p.code, 0, "%s", v.p.err);
  cr_assert_not_null(strstr(v.p.out, "unsolved 1"), "%s", v.p.out);
  verify_done(&v);
}

Test(hostile, verify_bad_set) {
  verified v;
  verify(&v, "3\n" GOOD1 "\n3,3,1\n", "R\n\n", 3);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.set, 3, "1 cell for a 9-cell board");
  says(&v.p, v.set, 1, "the header says 3 puzzles, the file has 2");
  verify_done(&v);
  verify(&v, "", "", 0);
  cr_assert_eq(v.p.code, 1);
  says(&v.p, v.set, 1, "no puzzles");
  verify_done(&v);
}

/* ---- numbers from the user -------------------------------------------------- */

Test(hostile, mem_range) {
  static const char *const usage[] = {"0", "-1", "2T", "1.5M", "M", "", "99999999999999999999999",
                                      "1025G", "1099511627777", "12Q"};
  for (size_t i = 0; i < sizeof usage / sizeof *usage; i++) {
    bs_proc p;
    bs_run(&p, NULL, "solve", "--mem", usage[i], "--board", GOOD1, NULL);
    cr_assert_eq(p.code, 2, "--mem '%s': exit %d\n%s", usage[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "--mem"), "%s", p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
  /* Below two records and their table: a usage error, before any search. */
  static const char *const tiny[] = {"1", "100", "203"};
  for (size_t i = 0; i < sizeof tiny / sizeof *tiny; i++) {
    bs_proc p;
    bs_run(&p, NULL, "solve", "--mem", tiny[i], "--board", GOOD1, NULL);
    cr_assert_eq(p.code, 2, "--mem %s: exit %d\n%s", tiny[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "from 204 bytes"), "%s", p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
  /* Just enough for the two roots: it gives up, it does not crash. */
  bs_proc p;
  bs_run(&p, NULL, "solve", "--exact", "--json", "--mem", "204", "--board", GOOD2, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "\"status\":\"gave-up\",\"reason\":\"memory cap\""), "%s", p.out);
  bs_proc_free(&p);
}

/* An arena that cannot be allocated is an error message. The address
 * space is limited with `ulimit -v`, which AddressSanitizer cannot run
 * under, so this runs in the plain build only. */
Test(hostile, mem_allocation_fails) {
#if defined(__SANITIZE_ADDRESS__)
  cr_skip_test("ulimit -v and AddressSanitizer do not mix");
#else
  char cmd[4400];
  snprintf(cmd, sizeof cmd, "ulimit -v 400000 && exec '%s' solve --mem 2G --board " GOOD1, bin());
  const char *argv[] = {"/bin/sh", "-c", cmd, NULL};
  bs_proc p;
  run_argv(&p, NULL, argv);
  cr_assert_eq(p.code, 1, "exit %d:\n%s", p.code, p.err);
  cr_assert_not_null(strstr(p.err, "cannot allocate"), "%s", p.err);
  cr_assert_eq(p.outlen, 0);
  bs_proc_free(&p);
#endif
}

/* The numbers of the other commands: out of range is a usage error (exit 2)
 * that names the option, before any work. */
Test(hostile, numbers_of_other_commands) {
  char *set = bs_temp_text(SET2);
  char *out = bs_temp_text("");
  static const char *const jobs[] = {"0", "257", "-1", "x", "1.5", "", "99999999999999999999"};
  for (size_t i = 0; i < sizeof jobs / sizeof *jobs; i++) {
    bs_proc p;
    bs_run(&p, NULL, "batch", set, "-o", out, "--jobs", jobs[i], NULL);
    cr_assert_eq(p.code, 2, "batch --jobs '%s': exit %d\n%s", jobs[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "--jobs"), "%s", p.err);
    bs_proc_free(&p);
  }
  static const char *const repeat[] = {"0", "1001", "-3", "x", ""};
  for (size_t i = 0; i < sizeof repeat / sizeof *repeat; i++) {
    bs_proc p;
    bs_run(&p, NULL, "bench", "--repeat", repeat[i], set, NULL);
    cr_assert_eq(p.code, 2, "bench --repeat '%s': exit %d\n%s", repeat[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "--repeat"), "%s", p.err);
    bs_proc_free(&p);
  }
  static const char *const size[] = {"1x3", "7x3", "3x0", "3x-3", "x", "3x3x", "99999999999x3", ""};
  for (size_t i = 0; i < sizeof size / sizeof *size; i++) {
    bs_proc p;
    bs_run(&p, NULL, "gen", "--size", size[i], "--count", "2", NULL);
    cr_assert_eq(p.code, 2, "gen --size '%s': exit %d\n%s", size[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "--size"), "%s", p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
  static const char *const count[] = {"0", "-1", "10000001", "x", ""};
  for (size_t i = 0; i < sizeof count / sizeof *count; i++) {
    bs_proc p;
    bs_run(&p, NULL, "gen", "--size", "3x3", "--count", count[i], NULL);
    cr_assert_eq(p.code, 2, "gen --count '%s': exit %d\n%s", count[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "--count"), "%s", p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
  /* Memory too small for one worker: a usage error, not a crash. */
  bs_proc p;
  bs_run(&p, NULL, "batch", set, "-o", out, "--jobs", "4", "--mem", "500", NULL);
  cr_assert_eq(p.code, 2, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "gives each worker 125 bytes, under the 204"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(out);
}

/* batch, unlike solve, runs the good puzzles of a file with bad lines: the
 * bad line is reported and left unsolved, the rest are kept. */
Test(hostile, batch_keeps_the_good_puzzles) {
  char *set = bs_temp_text("3\n" GOOD1 "\n3,3,12345678=\n" GOOD2 "\n");
  char *out = bs_temp_text("");
  bs_proc p;
  bs_run(&p, NULL, "batch", set, "-o", out, "--jobs", "1", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  says(&p, set, 3, "wall in the last cell (9)");
  char *ans = bs_slurp(out, NULL);
  cr_assert_str_eq(ans, "R\n\nRD\n");
  free(ans);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(out);
}

/* ---- output that cannot be written ------------------------------------------ */

/* A closed stdout: output meant for it fails with the reason (it does not
 * land in a file the program opened), and a run that writes only files
 * succeeds. */
Test(hostile, stdout_closed) {
  char *set = bs_temp_text(SET2), *out = bs_temp_text("");
  const char *solve[] = {bin(), "solve", set, NULL};
  const char *gen[] = {bin(), "gen", "--size", "3x3", NULL};
  const char *const *fail[] = {solve, gen};
  for (size_t i = 0; i < sizeof fail / sizeof *fail; i++) {
    bs_proc p;
    run_argv(&p, CLOSED, fail[i]);
    cr_assert_eq(p.code, 1, "%s: exit %d\n%s", fail[i][1], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "stdout: Bad file descriptor"), "%s", p.err);
    bs_proc_free(&p);
  }
  const char *to_file[] = {bin(), "gen", "--size", "3x3", "-o", out, NULL};
  bs_proc p;
  run_argv(&p, CLOSED, to_file);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  char *text = bs_slurp(out, NULL);
  cr_assert_eq(strncmp(text + strcspn(text, "\n"), "\n1\n3,3,", 7), 0, "%s", text);
  free(text);
  bs_temp_drop(set);
  bs_temp_drop(out);
}

Test(hostile, stdout_full) {
  if (access("/dev/full", W_OK)) cr_skip_test("no /dev/full");
  char *set = bs_temp_text(SET2), *ans = bs_temp_text("R\nRD\n");
  const char *solve[] = {bin(), "solve", set, NULL};
  const char *json[] = {bin(), "solve", "--json", set, NULL};
  const char *board[] = {bin(), "solve", "--board", GOOD1, NULL};
  const char *ver[] = {bin(), "verify", set, ans, NULL};
  const char *help[] = {bin(), "solve", "--help", NULL};
  const char *const *cmds[] = {solve, json, board, ver, help};
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
    bs_proc p;
    run_argv(&p, "/dev/full", cmds[i]);
    cr_assert_eq(p.code, 1, "%s %s: exit %d\n%s", cmds[i][1], cmds[i][2], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "stdout: No space left on device"), "%s", p.err);
    bs_proc_free(&p);
  }
  bs_temp_drop(set);
  bs_temp_drop(ans);
}
