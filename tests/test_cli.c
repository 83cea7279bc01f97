/* Tests of the command line: they run the real binary ($BISLIDE) on files
 * they write, and check exit codes, stdout and stderr. */
#include "bs_test.h"

#include "bs_cli.h"
#include "bs_heur.h"
#include "bs_verify.h"

#define HARD4X4 "4,4,C648F2ED37A501B9" /* solvable, far beyond 64K of states */

/* stdout line k (0-based) of text, copied into out. */
static const char *line_of(const char *text, int k, char *out, size_t outlen) {
  for (; k > 0; k--) {
    text = strchr(text, '\n');
    cr_assert_not_null(text, "too few lines");
    text++;
  }
  size_t n = strcspn(text, "\n");
  cr_assert_lt(n, outlen);
  memcpy(out, text, n);
  out[n] = 0;
  return out;
}

/* The last line of stderr, which solve ends with a summary. */
static const char *last_line(const char *text) {
  size_t n = strlen(text);
  cr_assert_gt(n, 0, "stderr is empty");
  while (n && text[n - 1] == '\n') n--;
  while (n && text[n - 1] != '\n') n--;
  return text + n;
}

/* ---- help, version, usage errors ---------------------------------- */

Test(cli, help_and_version) {
  bs_proc p;
  bs_run(&p, NULL, "--help", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "solve"), "%s", p.out);
  cr_assert_not_null(strstr(p.out, "verify"), "%s", p.out);
  cr_assert_eq(p.errlen, 0, "help goes to stdout: %s", p.err);
  bs_proc_free(&p);

  bs_run(&p, NULL, "--version", NULL);
  cr_assert_eq(p.code, 0);
  cr_assert_eq(strncmp(p.out, "bislide ", 8), 0, "%s", p.out);
  cr_assert(p.out[8] >= '0' && p.out[8] <= '9', "%s", p.out);
  bs_proc_free(&p);

  static const char *const cmds[] = {"solve", "verify"};
  for (int i = 0; i < 2; i++) {
    bs_run(&p, NULL, cmds[i], "--help", NULL);
    cr_assert_eq(p.code, 0, "%s --help: %s", cmds[i], p.err);
    cr_assert_not_null(strstr(p.out, "usage: bislide"), "%s --help: %s", cmds[i], p.out);
    cr_assert_not_null(strstr(p.out, cmds[i]));
    cr_assert_eq(p.errlen, 0);
    /* "help COMMAND" is "COMMAND --help", byte for byte. */
    bs_proc h;
    bs_run(&h, NULL, "help", cmds[i], NULL);
    cr_assert_eq(h.code, 0, "help %s: %s", cmds[i], h.err);
    cr_assert_str_eq(h.out, p.out);
    bs_proc_free(&h);
    bs_proc_free(&p);
  }
  bs_run(&p, NULL, "help", "frobnicate", NULL);
  cr_assert_eq(p.code, 2);
  cr_assert_not_null(strstr(p.err, "unknown command 'frobnicate'"), "%s", p.err);
  cr_assert_eq(p.outlen, 0);
  bs_proc_free(&p);
}

static void usage_error(const char *what, bs_proc *p) {
  cr_assert_eq(p->code, 2, "%s: exit %d, want 2: %s", what, p->code, p->err);
  cr_assert_gt(p->errlen, 0, "%s: says why on stderr", what);
  cr_assert_eq(p->outlen, 0, "%s: nothing on stdout: %s", what, p->out);
  bs_proc_free(p);
}

Test(cli, usage_errors) {
  char *set = bs_temp_text("3,3,123456708\n");
  bs_proc p;
  bs_run(&p, NULL, NULL);
  usage_error("no command", &p);
  bs_run(&p, NULL, "frobnicate", NULL);
  usage_error("unknown command", &p);
  bs_run(&p, NULL, "solve", "--frobnicate", set, NULL);
  usage_error("unknown option", &p);
  bs_run(&p, NULL, "solve", NULL);
  usage_error("solve without input", &p);
  bs_run(&p, NULL, "solve", set, set, NULL);
  usage_error("solve with two files", &p);
  bs_run(&p, NULL, "solve", "--board", "3,3,123456708", set, NULL);
  usage_error("solve with --board and a file", &p);
  bs_run(&p, NULL, "solve", "--mem", "12Q", set, NULL);
  usage_error("bad --mem", &p);
  bs_run(&p, NULL, "solve", "--mem", "", set, NULL);
  usage_error("empty --mem", &p);
  bs_run(&p, NULL, "verify", set, NULL);
  usage_error("verify with one file", &p);
  bs_run(&p, NULL, "verify", "--frobnicate", set, set, NULL);
  usage_error("verify, unknown option", &p);
  bs_run(&p, NULL, "verify", "-", "-", NULL);
  usage_error("verify, both from stdin", &p);
  /* An empty --pdb-dir would put the tables' cache in the root directory. */
  bs_run(&p, NULL, "solve", "--pdb-dir", "", set, NULL);
  usage_error("solve, empty --pdb-dir", &p);
  bs_run(&p, NULL, "batch", "--pdb-dir", "", set, "-o", "-", NULL);
  usage_error("batch, empty --pdb-dir", &p);
  bs_temp_drop(set);

  /* getopt's own message names the command as ours do, "bislide CMD:". */
  static const char *const cmds[] = {"solve", "verify", "bench", "batch", "gen",
                                     "merge", "best",   "show",  "settings"};
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
    char want[128];
    snprintf(want, sizeof want, "bislide %s: invalid option -- 'Z'\nTry 'bislide %s --help'.\n", cmds[i],
             cmds[i]);
    bs_run(&p, NULL, cmds[i], "-Z", NULL);
    cr_assert_str_eq(p.err, want, "%s -Z: one message and the hint: %s", cmds[i], p.err);
    usage_error(cmds[i], &p);
  }
}

/* --mem takes 204 bytes (two states) to 1T in every command, and says so when refused:
 * the ends are accepted in each spelling and one past them is refused.
 * --help after --mem runs once the value is parsed, so nothing is
 * allocated here. */
Test(cli, mem_range_agrees_with_its_message) {
  static const char *const cmds[] = {"solve", "batch", "bench"};
  static const char *const good[] = {"204", "1T", "1t", "1TB", "1024G", "1048576M", "1099511627776"};
  static const char *const bad[] = {"0", "1", "203", "2T", "1025G", "1099511627777", "1P"};
  for (int c = 0; c < 3; c++) {
    bs_proc p;
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
      bs_run(&p, NULL, cmds[c], "--mem", good[i], "--help", NULL);
      cr_assert_eq(p.code, 0, "%s --mem %s: exit %d: %s", cmds[c], good[i], p.code, p.err);
      bs_proc_free(&p);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
      bs_run(&p, NULL, cmds[c], "--mem", bad[i], "--help", NULL);
      cr_assert_eq(p.code, 2, "%s --mem %s: exit %d", cmds[c], bad[i], p.code);
      cr_assert_not_null(strstr(p.err, "from 204 bytes to 1T"), "%s --mem %s: %s", cmds[c], bad[i], p.err);
      cr_assert_not_null(strstr(p.err, bad[i]), "%s", p.err);
      bs_proc_free(&p);
    }
  }
}

/* Sizes: each suffix in either case, with or without a B, is a power of
 * 1024; a number whose product with its suffix passes 2^64 is refused, not
 * wrapped round to a small one. */
Test(cli, parse_size_suffixes_and_overflow) {
  static const struct {
    const char *text;
    uint64_t bytes;
  } good[] = {{"7", 7},          {"3k", 3ull << 10}, {"3K", 3ull << 10}, {"3kb", 3ull << 10},
              {"3KB", 3ull << 10}, {"5m", 5ull << 20}, {"5Mb", 5ull << 20}, {"2g", 2ull << 30},
              {"2GB", 2ull << 30}, {"1t", 1ull << 40}, {"9b", 9}};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
    uint64_t v = 0;
    cr_assert_eq(bs_parse_size(good[i].text, 1, BS_MAX_MEM, &v), 0, "%s refused", good[i].text);
    cr_assert_eq(v, good[i].bytes, "%s: %llu", good[i].text, (unsigned long long)v);
  }
  /* 2^24+1 T and 2^34+1 G are 2^64 plus 1T and 1G. */
  static const char *const bad[] = {"16777217T", "17179869185G", "17592186044417M", "18014398509481985K",
                                    "18446744073709551617", "3kk", "3KBB", "k", "3 K", "-3K"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    uint64_t v = 12345;
    cr_assert_eq(bs_parse_size(bad[i], 1, BS_MAX_MEM, &v), -1, "%s accepted as %llu", bad[i],
                 (unsigned long long)v);
    cr_assert_eq(v, 12345, "%s: a refused size is not stored", bad[i]);
  }
}

/* JSON strings escape every control byte, quotes and backslashes, and
 * every byte outside printable ASCII; printable ASCII passes as is. */
Test(cli, json_strings_escape_every_control_byte) {
  char in[256], *out = NULL;
  size_t len = 0;
  for (int c = 1; c < 256; c++) in[c - 1] = (char)c;
  in[255] = 0;
  FILE *f = open_memstream(&out, &len);
  cr_assert_not_null(f);
  bs_json_string(f, in);
  fclose(f);
  char want[2048];
  size_t k = 0;
  want[k++] = '"';
  for (int c = 1; c < 256; c++) {
    if (c == '"' || c == '\\')
      k += (size_t)snprintf(want + k, sizeof want - k, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      k += (size_t)snprintf(want + k, sizeof want - k, "\\u%04x", c);
    else
      want[k++] = (char)c;
  }
  want[k++] = '"';
  want[k] = 0;
  cr_assert_str_eq(out, want);
  free(out);
}

/* ---- solve ---------------------------------------------------------- */

/* A set with a 1-move board, an unsolvable one, the deepest 3x3 (31
 * moves), a board with a wall and one already solved. */
static const char *const boards[] = {
    "3,3,123456708", "3,3,213456780", "3,3,867254301", "3,3,168452=30", "2,2,1230",
};
static const int nboards = 5;

static char *set_text(const char *header) {
  static char text[512];
  snprintf(text, sizeof text, "%s", header);
  for (int i = 0; i < nboards; i++) {
    strcat(text, boards[i]);
    strcat(text, "\n");
  }
  return text;
}

static void check_answers(const char *out) {
  cr_assert_eq(bs_count_lines(out), nboards, "one line per puzzle:\n%s", out);
  char line[1024];
  for (int i = 0; i < nboards; i++) {
    line_of(out, i, line, sizeof line);
    bs_board b = bs_test_parsed(boards[i]);
    if (i == 1) {
      cr_assert_str_eq(line, "", "an unsolvable puzzle gets an empty line");
      continue;
    }
    size_t at;
    int f = bs_replay(&b, line, strlen(line), &at);
    cr_assert_eq(f, BS_RP_OK, "line %d \"%s\" for %s: %s", i + 1, line, boards[i], bs_replay_fault(f));
  }
  cr_assert_str_eq(line_of(out, 0, line, sizeof line), "R");
  cr_assert_eq(strlen(line_of(out, 2, line, sizeof line)), 31);
  cr_assert_str_eq(line_of(out, 4, line, sizeof line), "");
}

Test(cli, solve_file) {
  char *set = bs_temp_text(set_text("1000 1000 1000 1000\n5\n"));
  bs_proc p;
  bs_run(&p, NULL, "solve", set, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  check_answers(p.out);
  const char *sum = last_line(p.err);
  cr_assert_not_null(strstr(sum, "5 puzzles"), "summary: %s", sum);
  cr_assert_not_null(strstr(sum, "1 unsolvable"), "summary: %s", sum);
  /* The empty line's reason, by the board's line (the third of the set). */
  char why[4200];
  snprintf(why, sizeof why, "%s:4: unsolvable: parity\n", set);
  cr_assert_not_null(strstr(p.err, why), "want %s in:\n%s", why, p.err);
  cr_assert_eq(bs_count_lines(p.err), 2, "the one board not solved, then the summary:\n%s", p.err);
  /* The summary bounds the moves by the solved boards' lower bounds, and
   * by their floors: each of these small boards is proven shortest, so
   * their floors add up to the moves. */
  cr_assert_not_null(strstr(sum, "4 solved (4 proven optimal)"), "summary: %s", sum);
  long moves, bound, floor, want = 0;
  const char *m = strstr(sum, "gave up; ");
  cr_assert_not_null(m, "summary: %s", sum);
  cr_assert_eq(sscanf(m, "gave up; %ld moves (lower bound %ld, floor %ld);", &moves, &bound, &floor), 3,
               "summary: %s", sum);
  cr_assert_eq(floor, moves, "summary: %s", sum);
  char line[64];
  for (int i = 0; i < nboards; i++) {
    if (i == 1) continue; /* unsolvable: neither moves nor a bound */
    const bs_board b = bs_test_parsed(boards[i]);
    want += bs_lower_bound(&b);
  }
  cr_assert_eq(bound, want, "summary: %s", sum);
  cr_assert_eq(moves, 1 + 31 + (long)strlen(line_of(p.out, 3, line, sizeof line)), "summary: %s", sum);
  cr_assert_lt(bound, moves, "the deepest 3x3 is far above its bound: %s", sum);
  bs_proc_free(&p);
  bs_temp_drop(set);
}

Test(cli, solve_stdin) {
  bs_proc p;
  bs_run(&p, set_text("# no header\n"), "solve", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  check_answers(p.out);
  cr_assert_not_null(strstr(p.err, "-:3: unsolvable: parity\n"), "%s", p.err);
  bs_proc_free(&p);
}

Test(cli, solve_board_option) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "--board", "3,3,123456708", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "R\n");
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--exact", "--board", "3,3,867254301", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(p.outlen, 32, "31 moves and a newline: %s", p.out);
  bs_proc_free(&p);
  /* Trailing blanks, a tab or a CR, as a line of a file may have. */
  bs_run(&p, NULL, "solve", "--board", "3,3,123456708 \t\r", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "R\n");
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--board", "3,3,12345678", NULL);
  cr_assert_eq(p.code, 1, "a bad --board fails: %s", p.err);
  cr_assert_eq(p.outlen, 0);
  cr_assert_not_null(strstr(p.err, "8 cells"), "%s", p.err);
  bs_proc_free(&p);
}

Test(cli, solve_bad_line_solves_nothing) {
  char text[512];
  snprintf(text, sizeof text, "%s", set_text(""));
  strcat(text, "3,3,1234a6780\n");
  char *set = bs_temp_text(text);
  bs_proc p;
  bs_run(&p, NULL, "solve", set, NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_eq(p.outlen, 0, "nothing is solved: %s", p.out);
  char where[4200];
  snprintf(where, sizeof where, "%s:%d:", set, nboards + 1);
  cr_assert_not_null(strstr(p.err, where), "want %s in:\n%s", where, p.err);
  cr_assert_not_null(strstr(p.err, "unknown symbol"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);

  /* The same through stdin, with the bad line first. */
  bs_run(&p, "3,3,120456780\n3,3,123456708\n", "solve", "-", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_eq(p.outlen, 0);
  cr_assert_not_null(strstr(p.err, "-:1: two blanks"), "%s", p.err);
  bs_proc_free(&p);
}

/* A bad --board is named as a bad line of a file called --board. */
Test(cli, solve_bad_board_option_is_named_as_line_1) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "--board", "3,3,12345678!", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_eq(p.outlen, 0, "%s", p.out);
  cr_assert_str_eq(p.err, "--board:1: unknown symbol '!' in cell 9\n"
                          "bislide solve: 1 problem in the input, nothing solved\n");
  bs_proc_free(&p);
}

Test(cli, solve_missing_file) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "/nonexistent/bislide.txt", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_eq(p.outlen, 0);
  cr_assert_not_null(strstr(p.err, "/nonexistent/bislide.txt"), "%s", p.err);
  bs_proc_free(&p);
}

/* A file that cannot be opened is named with why, and nothing else: it is
 * no count of problems in the input. */
Test(cli, solve_unreadable_file_is_not_counted_as_problems) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "/nonexistent/bislide.txt", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_str_eq(p.err, "/nonexistent/bislide.txt: No such file or directory\n");
  bs_proc_free(&p);
}

/* s contains "key":value exactly (value as JSON text). */
static void has_field(const char *s, const char *key, const char *value) {
  char want[256];
  snprintf(want, sizeof want, "\"%s\":%s", key, value);
  cr_assert_not_null(strstr(s, want), "want %s in %s", want, s);
}

Test(cli, solve_json) {
  bs_proc p;
  bs_run(&p, "3,3,123456708\n3,3,213456780\n", "solve", "--json", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(bs_count_lines(p.out), 2, "%s", p.out);
  char line[1024];
  line_of(p.out, 0, line, sizeof line);
  cr_assert_eq(line[0], '{');
  cr_assert_eq(line[strlen(line) - 1], '}');
  has_field(line, "index", "1");
  has_field(line, "width", "3");
  has_field(line, "height", "3");
  has_field(line, "board", "\"3,3,123456708\"");
  has_field(line, "status", "\"solved\"");
  has_field(line, "reason", "null");
  has_field(line, "moves", "\"R\"");
  has_field(line, "length", "1");
  has_field(line, "bound", "1");
  has_field(line, "floor", "1");
  has_field(line, "optimal", "true");
  has_field(line, "expanded", "");
  has_field(line, "generated", "");
  has_field(line, "phases", "{\"exact\":"); /* auto's try answers it */
  cr_assert_not_null(strstr(line, "\"relay\":0,\"polish\":0},"), "%s", line);
  has_field(line, "ms", "");
  has_field(line, "cpu_ms", "");
  has_field(line, "pdb_ms", "");
  has_field(line, "store", "\"arena\"");
  line_of(p.out, 1, line, sizeof line);
  has_field(line, "index", "2");
  has_field(line, "board", "\"3,3,213456780\"");
  has_field(line, "status", "\"unsolvable\"");
  has_field(line, "reason", "\"parity\"");
  has_field(line, "moves", "\"\"");
  has_field(line, "length", "0");
  has_field(line, "bound", "null");
  has_field(line, "floor", "null");
  has_field(line, "optimal", "false");
  bs_proc_free(&p);
}

/* The number after "key": in s. */
static long num_field(const char *s, const char *key) {
  char want[64];
  snprintf(want, sizeof want, "\"%s\":", key);
  const char *at = strstr(s, want);
  cr_assert_not_null(at, "no %s in %s", want, s);
  return strtol(at + strlen(want), NULL, 10);
}

/* Exact mode out of budget still says what it proved: every bound its
 * runs searched whole is excluded, so its floor is above the lower bound
 * (and of its parity). */
Test(cli, solve_budget_floor) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "--exact", "--json", "--no-pdb-cache", "--set", "exact_budget=20000", "--board",
         HARD4X4, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  has_field(p.out, "status", "\"gave-up\"");
  has_field(p.out, "reason", "\"budget\"");
  const long bound = num_field(p.out, "bound"), floor = num_field(p.out, "floor");
  cr_assert_gt(floor, bound, "%s", p.out);
  cr_assert_eq((floor - bound) % 2, 0, "%s", p.out);
  bs_proc_free(&p);
}

Test(cli, solve_memory_cap) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "--exact", "--json", "--mem", "64K", "--board", HARD4X4, NULL);
  cr_assert_eq(p.code, 0, "giving up is a result, not a failure: %s", p.err);
  has_field(p.out, "status", "\"gave-up\"");
  has_field(p.out, "reason", "\"memory cap\"");
  has_field(p.out, "optimal", "false");
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--exact", "--mem", "64K", "--no-recycle", "--board", HARD4X4, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "\n", "not solved: an empty line");
  cr_assert_not_null(strstr(last_line(p.err), "1 gave up"), "%s", p.err);
  cr_assert_eq(strncmp(p.err, "--board:1: gave up: memory cap\n", 31), 0, "%s", p.err);
  bs_proc_free(&p);
}

/* Boards not solved are named as bad lines are, the first BS_REPORT_MAX
 * of them, then how many more: a set of them does not flood stderr. */
Test(cli, solve_names_boards_not_solved) {
  char text[8192] = "";
  int n = BS_REPORT_MAX + 3;
  for (int i = 0; i < n; i++) strcat(text, i % 2 ? "3,3,213456780\n" : "2,2,2130\n");
  char *set = bs_temp_text(text);
  bs_proc p;
  bs_run(&p, NULL, "solve", set, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(bs_count_lines(p.out), n);
  cr_assert_eq(bs_count_lines(p.err), BS_REPORT_MAX + 2, "%s", p.err);
  char want[4200];
  snprintf(want, sizeof want, "%s:%d: unsolvable: ", set, BS_REPORT_MAX);
  cr_assert_not_null(strstr(p.err, want), "want %s in:\n%s", want, p.err);
  snprintf(want, sizeof want, "\n%s: 3 more boards not solved, not shown\n", set);
  cr_assert_not_null(strstr(p.err, want), "want %s in:\n%s", want, p.err);
  cr_assert_not_null(strstr(last_line(p.err), "0 moves"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
}

/* ---- verify --------------------------------------------------------- */

/* Verifies answers against the standard set; checks the exit code and, for
 * a failure, that stderr names the answer line. */
static void verify(const char *header, const char *answers, int code, int badline, const char *phrase) {
  char *set = bs_temp_text(set_text(header));
  char *ans = bs_temp_text(answers);
  bs_proc p;
  bs_run(&p, NULL, "verify", set, ans, NULL);
  cr_assert_eq(p.code, code, "answers:\n%s\nexit %d, want %d; stderr:\n%s", answers, p.code, code, p.err);
  cr_assert_gt(p.outlen, 0, "the totals go to stdout");
  if (badline) {
    char where[4200];
    snprintf(where, sizeof where, "%s:%d:", ans, badline);
    cr_assert_not_null(strstr(p.err, where), "want %s in:\n%s", where, p.err);
  }
  if (phrase) cr_assert_not_null(strstr(p.err, phrase), "want \"%s\" in:\n%s", phrase, p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(ans);
}

/* A good answer file from the binary itself. */
static char *good_answers(void) {
  bs_proc p;
  bs_run(&p, set_text(""), "solve", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  char *out = p.out;
  free(p.err);
  return out;
}

/* The good answers with line k (0-based) replaced by repl. */
static char *replace_line(const char *good, int k, const char *repl) {
  static char out[2048];
  out[0] = 0;
  char line[1024];
  for (int i = 0; i < nboards; i++) {
    strcat(out, i == k ? repl : line_of(good, i, line, sizeof line));
    strcat(out, "\n");
  }
  return out;
}

Test(cli, verify_good) {
  char *good = good_answers();
  verify("1000 1000 1000 1000\n5\n", good, 0, 0, NULL);
  verify("", good, 0, 0, NULL);
  /* Unsolved puzzles (empty lines) are not invalid. */
  verify("", "\n\n\n\n\n", 0, 0, NULL);
  /* CRLF answers. */
  char crlf[2048] = "";
  char line[1024];
  for (int i = 0; i < nboards; i++) {
    strcat(crlf, line_of(good, i, line, sizeof line));
    strcat(crlf, "\r\n");
  }
  verify("", crlf, 0, 0, NULL);
  free(good);
  /* No final newline. */
  char *set = bs_temp_text("3,3,123456708\r\n3,3,123405786");
  char *ans = bs_temp_text("R\r\nRD");
  bs_proc p;
  bs_run(&p, NULL, "verify", set, ans, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "\nsolved 2\n"), "%s", p.out);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(ans);
}

Test(cli, verify_totals) {
  char *good = good_answers();
  char *set = bs_temp_text(set_text("1000 1000 1000 1000\n5\n"));
  char *ans = bs_temp_text(good);
  bs_proc p;
  bs_run(&p, NULL, "verify", set, ans, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  /* The goal board's empty answer is its answer: solved; the unsolvable
   * board's empty line is not. */
  cr_assert_not_null(strstr(p.out, "\nsolved 4\ninvalid 0\nunsolved 1\n"), "%s", p.out);
  /* Total moves: 1 + 31 + the wall board's + 0. */
  char line[1024];
  long moves = 1 + 31 + (long)strlen(line_of(good, 3, line, sizeof line));
  char want[64];
  snprintf(want, sizeof want, "moves %ld", moves);
  cr_assert_not_null(strstr(p.out, want), "want %s in:\n%s", want, p.out);
  /* And the solved boards' lower bounds: all but the second (the goal's
   * is 0). */
  long bound = 0;
  for (int i = 0; i < nboards; i++)
    if (i != 1) {
      const bs_board b = bs_test_parsed(boards[i]);
      bound += bs_lower_bound(&b);
    }
  snprintf(want, sizeof want, "\nbound %ld\n", bound);
  cr_assert_not_null(strstr(p.out, want), "want %s in:\n%s", want, p.out);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(ans);
  free(good);
}

Test(cli, verify_bad_answers) {
  char *good = good_answers();
  char deep[64];
  line_of(good, 2, deep, sizeof deep);
  cr_assert_eq(strlen(deep), 31);
  char bad[64];

  /* A letter other than L R U D. */
  verify("", replace_line(good, 0, "X"), 1, 1, bs_replay_fault(BS_RP_BAD_LETTER));
  snprintf(bad, sizeof bad, "%.10sr%s", deep, deep + 11);
  verify("", replace_line(good, 2, bad), 1, 3, bs_replay_fault(BS_RP_BAD_LETTER));
  /* Off the board: puzzle 1's blank is on the bottom row. */
  verify("", replace_line(good, 0, "DR"), 1, 1, bs_replay_fault(BS_RP_OFF_BOARD));
  /* Into a wall: puzzle 4 is 168452=30, the wall two cells left of the blank. */
  verify("", replace_line(good, 3, "LL"), 1, 4, bs_replay_fault(BS_RP_WALL));
  /* Legal moves that do not reach the goal. */
  verify("", replace_line(good, 0, "RL"), 1, 1, bs_replay_fault(BS_RP_NOT_GOAL));
  snprintf(bad, sizeof bad, "%.30s", deep);
  verify("", replace_line(good, 2, bad), 1, 3, bs_replay_fault(BS_RP_NOT_GOAL));
  /* An answer for a puzzle that has none. */
  verify("", replace_line(good, 1, "R"), 1, 2, NULL);
  /* More and fewer lines than puzzles. */
  char more[2048];
  snprintf(more, sizeof more, "%sR\n", good);
  verify("", more, 1, 0, "more");
  char fewer[2048];
  snprintf(fewer, sizeof fewer, "%s", good);
  fewer[strlen(fewer) - 1] = 0;
  *strrchr(fewer, '\n') = 0; /* drop the last line ("" for 2,2,1230) */
  strcat(fewer, "\n");
  verify("", fewer, 1, 0, "fewer");
  free(good);
}

Test(cli, verify_over_the_limits) {
  char *good = good_answers();
  /* Each letter in turn gets a limit below what the answers use. */
  long use[4] = {0, 0, 0, 0};
  for (const char *s = good; *s; s++)
    if (bs_dir_from_char(*s) >= 0) use[bs_dir_from_char(*s)]++;
  for (int d = 0; d < 4; d++) {
    cr_assert_gt(use[d], 0, "the answers use %c", bs_dir_chars[d]);
    char header[128];
    long lim[4] = {1000, 1000, 1000, 1000};
    lim[d] = use[d] - 1;
    snprintf(header, sizeof header, "%ld %ld %ld %ld\n5\n", lim[0], lim[1], lim[2], lim[3]);
    char why[80]; /* said on stderr too, not only in the totals */
    snprintf(why, sizeof why, ":1: the answers move %c %ld times, over its limit of %ld", bs_dir_chars[d],
             use[d], lim[d]);
    verify(header, good, 1, 0, why);
    lim[d] = use[d];
    snprintf(header, sizeof header, "%ld %ld %ld %ld\n5\n", lim[0], lim[1], lim[2], lim[3]);
    verify(header, good, 0, 0, NULL);
  }
  /* The line named is the limits', after a comment and a blank line too. */
  char header[128], why[80];
  snprintf(header, sizeof header, "# limits next\n\n%ld 1000 1000 1000\n5\n", use[0] - 1);
  snprintf(why, sizeof why, ":3: the answers move %c %ld times, over its limit of %ld", bs_dir_chars[0], use[0],
           use[0] - 1);
  verify(header, good, 1, 0, why);
  free(good);
}

Test(cli, verify_stdin_and_missing) {
  char *good = good_answers();
  char *set = bs_temp_text(set_text(""));
  bs_proc p;
  bs_run(&p, good, "verify", set, "-", NULL);
  cr_assert_eq(p.code, 0, "answers from stdin: %s", p.err);
  bs_proc_free(&p);
  char *ans = bs_temp_text(good);
  bs_run(&p, set_text(""), "verify", "-", ans, NULL);
  cr_assert_eq(p.code, 0, "set from stdin: %s", p.err);
  bs_proc_free(&p);
  /* A missing file is named with why, not taken for an empty one. */
  bs_run(&p, NULL, "verify", set, "/nonexistent/answers.txt", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "/nonexistent/answers.txt: No such file or directory"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "verify", "/nonexistent/set.txt", ans, NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "/nonexistent/set.txt: No such file or directory"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(ans);
  free(good);
}

/* The real DevQuiz set, which ships: verify accepts an all-unsolved answer
 * file and checks its totals against the limits. */
Test(cli, devquiz_set) {
  const char *path = "puzzles/devquiz2011.txt";
  cr_assert_eq(access(path, R_OK), 0, "%s: %s (run from the top directory: make test)", path,
               strerror(errno));
  char *ans = malloc(5001);
  memset(ans, '\n', 5000);
  ans[5000] = 0;
  char *ansp = bs_temp_text(ans);
  bs_proc p;
  bs_run(&p, NULL, "verify", path, ansp, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "puzzles 5000"), "%s", p.out);
  cr_assert_not_null(strstr(p.out, "72187"), "the L limit is shown: %s", p.out);
  bs_proc_free(&p);
  bs_temp_drop(ansp);
  free(ans);
}

/* DeepCubeA's test boards (puzzles/README.md): each set holds the number
 * of boards published, every board is solvable, and each answer length
 * DeepCubeA published is at least the board's lower bound and of its
 * parity, as every answer must be (bs_lower_bound): 1,496 answers found
 * by another solver. The binary's exact mode proves the first boards of
 * the 4x4 set as long as DeepCubeA's answers, which are shortest there
 * (bench/deepcubea.sh proves all 500), and floors below its answers to the
 * first 6x6 boards. */
Test(cli, deepcubea_sets) {
  const struct { const char *set, *lengths; int n; } sets[] = {
      {"puzzles/deepcubea-4x4.txt", "puzzles/deepcubea-4x4.lengths", 500},
      {"puzzles/deepcubea-5x5.txt", "puzzles/deepcubea-5x5.lengths", 496},
      {"puzzles/deepcubea-6x6.txt", "puzzles/deepcubea-6x6.lengths", 500},
  };
  enum { FIRST = 3 };
  /* The first boards of the 4x4 set and of the 6x6 one, and the lengths
   * of DeepCubeA's answers to them. */
  int first[2][FIRST] = {{0}}, at[2];
  char head[2][FIRST * BS_BOARD_TEXT + 64];
  for (int h = 0; h < 2; h++) at[h] = snprintf(head[h], sizeof head[h], "999 999 999 999\n%d\n", FIRST);
  for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
    FILE *f = fopen(sets[k].lengths, "r");
    cr_assert_not_null(f, "%s: %s (run from the top directory: make test)", sets[k].lengths, strerror(errno));
    bs_set set;
    cr_assert_eq(bs_set_read(sets[k].set, &set, stderr), 0, "%s", sets[k].set);
    cr_assert_eq((int)set.n, sets[k].n, "%s", sets[k].set);
    for (int i = 0; i < sets[k].n; i++) {
      int len;
      cr_assert_eq(fscanf(f, "%d", &len), 1, "%s: line %d", sets[k].lengths, i + 1);
      const char *why;
      cr_assert_eq(bs_solvability(&set.e[i].board, &why), BS_SOLVABLE, "%s: board %d", sets[k].set, i + 1);
      const int bound = bs_lower_bound(&set.e[i].board);
      cr_assert(bound <= len && (len - bound) % 2 == 0, "%s: board %d: bound %d, DeepCubeA's answer %d",
                sets[k].set, i + 1, bound, len);
      if ((k == 0 || k == 2) && i < FIRST) {
        const int h = k == 2;
        char text[BS_BOARD_TEXT];
        bs_board_format(&set.e[i].board, text);
        at[h] += snprintf(head[h] + at[h], sizeof head[h] - (size_t)at[h], "%s\n", text);
        first[h][i] = len;
      }
    }
    int extra;
    cr_assert_eq(fscanf(f, "%d", &extra), EOF, "%s: more lengths than boards", sets[k].lengths);
    fclose(f);
    bs_set_free(&set);
  }
  /* The first boards of the 4x4 set, proven shortest by the binary. */
  char *path = bs_temp_text(head[0]);
  bs_proc p;
  bs_run(&p, NULL, "solve", "--mode", "exact", "--no-pdb-cache", "--json", path, NULL);
  bs_temp_drop(path);
  cr_assert_eq(p.code, 0, "%s", p.err);
  char line[4096];
  for (int i = 0; i < FIRST; i++) {
    const char *l = line_of(p.out, i, line, sizeof line), *len = strstr(l, "\"length\":");
    cr_assert_not_null(len, "%s", l);
    cr_assert_eq(atoi(len + 9), first[0][i], "board %d: %s", i + 1, l);
    cr_assert_not_null(strstr(l, "\"optimal\":true"), "%s", l);
  }
  bs_proc_free(&p);
  /* The first boards of the 6x6 set: exact mode out of budget proves a
   * floor above the lower bound and of its parity, which DeepCubeA's
   * answers, found by another solver, must not beat: a check at the size
   * of bench/floors.sh's claims (test_search.c checks floors exactly
   * against BFS on the 3x3). */
  path = bs_temp_text(head[1]);
  bs_run(&p, NULL, "solve", "--mode", "exact", "--no-pdb-cache", "--json", "--set", "pdb_mem=16", "--set",
         "exact_budget=2000000", path, NULL);
  bs_temp_drop(path);
  cr_assert_eq(p.code, 0, "%s", p.err);
  for (int i = 0; i < FIRST; i++) {
    const char *l = line_of(p.out, i, line, sizeof line), *bound = strstr(l, "\"bound\":"),
               *floor = strstr(l, "\"floor\":");
    cr_assert(bound && floor, "%s", l);
    const int b = atoi(bound + 8), f = atoi(floor + 8);
    cr_assert(b < f && f <= first[1][i] && (first[1][i] - f) % 2 == 0, "board %d: DeepCubeA's answer %d: %s",
              i + 1, first[1][i], l);
  }
  bs_proc_free(&p);
}

/* A --mem that leaves the constructor under the workspace where every
 * layout has a plan is warned of before the run: the beams' misses may
 * then give up on the memory cap. Exact and bfs modes use no constructor. */
Test(cli, a_small_constructor_is_warned_of) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "--mem", "16M", "--board", "3,3,123456708", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "bislide solve: warning: the constructor has 8.0 MiB (half of --mem"), "%s",
                     p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--mem", "1M", "--board", "3,3,123456708", NULL);
  cr_assert_not_null(strstr(p.err, "warning: the constructor cannot start"), "%s", p.err);
  bs_proc_free(&p);
  const char *quiet[][4] = {{"--mem", "25M", "--mode", "auto"}, {"--mem", "16M", "--mode", "exact"},
                            {"--mem", "16M", "--mode", "bfs"}};
  for (int i = 0; i < 3; i++) {
    bs_run(&p, NULL, "solve", quiet[i][0], quiet[i][1], quiet[i][2], quiet[i][3], "--board", "3,3,123456708",
           NULL);
    cr_assert_eq(p.code, 0, "%s", p.err);
    cr_assert_null(strstr(p.err, "warning"), "%s %s %s: %s", quiet[i][1], quiet[i][2], quiet[i][3], p.err);
    bs_proc_free(&p);
  }
  char *set = bs_temp_text("3,3,123456708\n");
  bs_run(&p, NULL, "batch", set, "-o", "/dev/null", "--jobs", "2", "--mem", "30M", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "bislide batch: warning: each worker's constructor has 7.5 MiB (half of "
                                   "--mem/--jobs"),
                     "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
  /* A construct_mem that takes all of half of --mem leaves the beams'
   * tables none, which says so; one MiB less leaves them one, quietly. */
  bs_run(&p, NULL, "solve", "--set", "construct_mem=128", "--board", "3,3,123456708", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "warning: construct_mem=128 leaves no room for the beams' pattern"),
                     "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--set", "construct_mem=127", "--board", "3,3,123456708", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_null(strstr(p.err, "warning"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--set", "construct_mem=128", "--set", "beam_pdb=0", "--board", "3,3,123456708",
         NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_null(strstr(p.err, "warning"), "no tables asked for: %s", p.err);
  bs_proc_free(&p);
}
